"""What a report calls a card: its display name from the pack, with the id a designer greps for.

A record names cards by id (``iou_nell``); the pack gives each its name (``Iou'Nell``). The
batch's summary keeps the names of the cards its packs define (``names``, id to name, only
where the two differ) and the packs themselves (``packs``: id, version, folder), so a report
reads ``Iou'Nell (iou_nell)`` and says which pack it measured.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def display_names(data: Mapping[str, Any]) -> dict[str, str]:
    """Each card's display name by its id, from the merged pack's tables (every row with a
    text ``id`` and ``name``), for the cards whose name is not their id."""
    names: dict[str, str] = {}
    for rows in data.values():
        if not isinstance(rows, list):
            continue
        for row in rows:
            if not isinstance(row, dict):
                continue
            cid, name = row.get("id"), row.get("name")
            if isinstance(cid, str) and isinstance(name, str) and name != cid:
                names.setdefault(cid, name)
    return names


def label(cid: str, names: Mapping[str, str] | None) -> str:
    """``Iou'Nell (iou_nell)``; ``Myrr`` for ``myrr`` (the id is the name); the id alone when
    the pack gives no other name."""
    name = (names or {}).get(cid)
    if not name:
        return cid
    return name if name.casefold() == cid.casefold() else f"{name} ({cid})"


def short_label(cid: str, names: Mapping[str, str] | None) -> str:
    """``Iou'Nell``: the display name alone (a chart's axis), else the id."""
    return (names or {}).get(cid) or cid


def shown_path(path: str) -> str:
    """A pack's folder as the user would type it: relative to the working folder when it is
    inside it, else as stored; a byte of its name that is not UTF-8 is shown as U+FFFD."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return printable_path(path)
    return printable_path(path if relative.startswith("..") else Path(relative).as_posix())


def printable_path(path: str) -> str:
    """``path`` with each byte that is not UTF-8 (which Python keeps as a lone surrogate,
    ``p\\udcff`` for the folder ``p\\xff``) as U+FFFD: the reports are UTF-8 files, and writing
    such a folder's name into one stopped simulate, compare and explain with an internal
    error after every game was played."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def packs_text(packs: list[dict[str, Any]]) -> str:
    """``my_pack (lastlight 1.0.0)``: the folders the batch was given (``given``), then every
    pack played with its version (a mod with what it depends on: ``lastlight 1.0.0, cheap
    0.1.0``)."""
    if not packs:
        return "unknown packs"
    folders = " + ".join(_folder(p) for p in packs if p.get("given")) or "the bundled pack"
    versions = ", ".join(f"{p['id']} {p['version']}" for p in packs)
    return f"{folders} ({versions})"


def _folder(pack: dict[str, Any]) -> str:
    """A pack's folder as :func:`shown_path` has it; a pack shipped with whitedwarf outside
    the working folder by its id (``lastlight``), as ``--base lastlight`` names it."""
    shown = shown_path(pack["path"])
    return pack["id"] if pack.get("bundled") and Path(shown).is_absolute() else shown
