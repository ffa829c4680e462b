"""The command-line parameter naming a content pack: a folder, or a bundled pack's id.

Kept apart from ``session`` (which loads the engines) so ``validate``, whose cached answer
must come quickly, can use it without importing a game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from whitedwarf.content import bundled_pack


class PackPath(click.Path):
    """A pack folder or ``pack.yaml`` that exists, or the id of a pack shipped with
    whitedwarf (``lastlight``, ``starlight``): a designer who installed whitedwarf has no
    ``content/`` folder of their own to point at, yet compares a mod against the base game."""

    name = "pack"

    def __init__(self) -> None:
        super().__init__(exists=True, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not Path(value).exists():
            shipped = bundled_pack_ids()
            if value in shipped:
                return bundled_pack(value)
            names = ", ".join(shipped)
            self.fail(
                f"{value!r} is neither a pack folder nor a bundled pack ({names})", param, ctx
            )
        return super().convert(value, param, ctx)


def bundled_pack_ids() -> list[str]:
    """The ids of the packs shipped with whitedwarf (the folders with a ``pack.yaml``)."""
    root = bundled_pack("lastlight").parent
    return sorted(p.name for p in root.iterdir() if (p / "pack.yaml").is_file())
