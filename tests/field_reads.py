"""What the "every field is read" tests share: the schema walk and a recording mapping.

A pack's data is wrapped in :class:`Recorder` mappings before the engine sees it; playing
seeded games then leaves in ``Recorder.read`` every field path (``kind/a/*/b``; ``*`` is a
list item) the engine looked up. :func:`schema_fields` lists every path a pack may write, so
a test can name the fields no program reads (docs/rules-decisions.md C22).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def schema_fields(folder: Path) -> dict[str, dict[str, Any]]:
    """Every property path a pack may write in ``folder``'s schemas (not ``pack.yaml``)."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.schema.json")):
        kind = path.name.split(".")[0]
        if kind != "pack":
            _walk(json.loads(path.read_text("utf-8")), kind, out)
    return out


def _walk(schema: Any, path: str, out: dict[str, dict[str, Any]]) -> None:
    if not isinstance(schema, dict):
        return
    for name, sub in schema.get("properties", {}).items():
        out[f"{path}/{name}"] = sub
        _walk(sub, f"{path}/{name}", out)
    if isinstance(schema.get("items"), dict):
        _walk(schema["items"], f"{path}/*", out)
    for key in ("then", "else"):
        _walk(schema.get(key), path, out)
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(key, []):
            _walk(sub, path, out)


class Recorder:
    """Wraps plain data so that every key looked up is remembered in :attr:`read`."""

    def __init__(self) -> None:
        self.read: set[str] = set()

    def wrap(self, value: Any, path: str) -> Any:
        """``value`` with every mapping inside it recording its reads under ``path``."""
        if isinstance(value, dict):
            return _Mapping(self, value, path)
        if isinstance(value, list):
            return [self.wrap(item, f"{path}/*") for item in value]
        return value


class _Mapping(dict):  # type: ignore[type-arg]
    """A dict that records each key the engine looks up (iterating reads every key)."""

    def __init__(self, recorder: Recorder, data: dict[str, Any], path: str) -> None:
        super().__init__({k: recorder.wrap(v, f"{path}/{k}") for k, v in data.items()})
        self._recorder, self._path = recorder, path

    def _saw(self, key: Any) -> None:
        self._recorder.read.add(f"{self._path}/{key}")

    def _saw_all(self) -> None:
        for key in dict.__iter__(self):
            self._saw(key)

    def __getitem__(self, key: Any) -> Any:
        self._saw(key)
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        if super().__contains__(key):
            self._saw(key)
        return super().get(key, default)

    def __iter__(self):  # type: ignore[no-untyped-def]
        self._saw_all()
        return super().__iter__()

    def items(self):  # type: ignore[no-untyped-def]
        self._saw_all()
        return super().items()

    def values(self):  # type: ignore[no-untyped-def]
        self._saw_all()
        return super().values()
