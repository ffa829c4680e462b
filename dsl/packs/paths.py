"""How pack paths are shown to designers: relative to the current folder when inside it."""

from __future__ import annotations

import os
from pathlib import Path


def absolute(path: Path | str) -> Path:
    """``path`` as every pack path is compared: absolute, without ``.`` or ``..``, links kept.

    A pack means the same thing whatever the folder the command runs in and however it is
    named (``.``, ``mymod``, ``/home/me/mymod``, a link to it): its folder is made absolute
    once, when it is read, and a place shown relative to the current folder
    (:func:`display_path`) is made absolute again before it is compared with a folder. Links
    are kept, not resolved: the files are shown under the name the designer gave.
    """
    return Path(os.path.abspath(path))


def display_path(path: Path) -> str:
    """``path`` relative to the current directory when it is inside it, else absolute."""
    full = absolute(path)
    try:
        return full.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return full.as_posix()


def link_fault(path: Path, root: Path) -> str | None:
    """Why ``path``, an entry of the pack folder ``root`` (resolved), may not be read or
    written through: ``"out"``, a link leading outside the folder, or ``"loop"``, a link
    that cannot be followed; None for a file of its own or a link to one inside. A pack is
    a stranger's folder: the loader reads (E0507) and the rewriters write (C30) only what
    this allows."""
    try:
        if not path.is_symlink():
            return None
        return None if path.resolve().is_relative_to(root) else "out"
    except (OSError, RuntimeError):  # a link loop cannot be resolved
        return "loop"
