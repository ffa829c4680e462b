"""A batch's folder: ``batch.json`` (its settings), ``games.jsonl`` (one record a line, in
game order), then ``summary.json`` and ``report.html`` once the games are played.

Records are appended and flushed one by one, so an interrupted run keeps every finished game;
:func:`finished` reads them back (dropping a last line cut short) to resume.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.simulation.batch import BatchConfig

CONFIG = "batch.json"
GAMES = "games.jsonl"
OUTPUTS = (CONFIG, GAMES, "summary.json", "report.html", "comparison.json", "comparison.html")


class StoreError(ValueError):
    """A folder that cannot be used for this batch."""


def prepare(folder: Path, config: BatchConfig, force: bool) -> None:
    """Create the folder for a new batch; an existing batch folder needs ``force``."""
    if folder.exists() and any((folder / name).exists() for name in OUTPUTS):
        if not force:
            raise StoreError(
                f"{folder} already holds a batch; pass --force to overwrite it, "
                "or --resume to continue it"
            )
        for name in OUTPUTS:
            (folder / name).unlink(missing_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / CONFIG).write_text(json.dumps(config.to_json(), indent=2) + "\n", encoding="utf-8")


def load_config(folder: Path) -> BatchConfig:
    """The settings of the batch in ``folder`` (for ``--resume``)."""
    path = folder / CONFIG
    if not path.exists():
        raise StoreError(f"{folder} holds no batch to resume ({CONFIG} is missing)")
    return BatchConfig.from_json(json.loads(path.read_text(encoding="utf-8")))


def finished(folder: Path) -> list[dict[str, Any]]:
    """The records already written, in order; a last line cut short is dropped (and cut)."""
    path = folder / GAMES
    if not path.exists():
        return []
    records, good_bytes = [], 0
    with path.open("rb") as stream:
        for line in stream:
            try:
                records.append(json.loads(line))
            except ValueError:
                break
            if not line.endswith(b"\n"):
                records.pop()
                break
            good_bytes += len(line)
    with path.open("r+b") as stream:
        stream.truncate(good_bytes)
    return records


def append(
    folder: Path, records: Iterable[dict[str, Any]], each: Callable[[], None] | None = None
) -> Iterator[dict[str, Any]]:
    """Write each record as one line, flushed, and pass it on."""
    with (folder / GAMES).open("a", encoding="utf-8", newline="\n") as stream:
        for record in records:
            stream.write(json.dumps(record, sort_keys=True) + "\n")
            stream.flush()
            if each is not None:
                each()
            yield record


def write_json(path: Path, data: Any) -> None:
    """Write JSON data (sorted keys, indented) to ``path``."""
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
