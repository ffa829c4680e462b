"""Writing a user's file so that a crash leaves either the old file or the new one.

The new text is written in the file's own manner: the line ends it uses (CRLF stays CRLF),
its byte order mark, its permissions; a file the user made read-only is refused, not
replaced (a rename would replace it even so), and a link is written through, so it stays a
link.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

import click

BOM = "\ufeff"


class ReadOnlyFile(PermissionError):
    """The file to be rewritten was made read-only by its owner."""


def line_end_of(original: str) -> str:
    """The line end most of ``original``'s lines use: CRLF or LF."""
    crlf = original.count("\r\n")
    return "\r\n" if crlf and crlf * 2 >= original.count("\n") else "\n"


def in_style_of(original: str, text: str) -> str:
    """``text`` (lines ending in LF) with the line ends and byte order mark of ``original``."""
    text = text.replace("\r\n", "\n").replace("\n", line_end_of(original))
    if original.startswith(BOM) and not text.startswith(BOM):
        text = BOM + text
    return text


def unwritable(path: Path, inside: Path | None = None) -> str | None:
    """Why ``path`` may not be rewritten (read-only; a link out of ``inside``), or None."""
    target = path.resolve()
    if inside is not None and not target.is_relative_to(inside.resolve()):
        return "it is a link that leads outside the pack folder"
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return None
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return "the file is read-only (make it writable to let it be rewritten)"
    return None


def refuse_unwritable(paths: Iterable[Path], inside: Path | None = None) -> None:
    """Stop before any file is written when one of ``paths`` is read-only or (through a
    link) not in the folder ``inside``: a rewrite of a pack is all or nothing."""
    for path in paths:
        problem = unwritable(path, inside)
        if problem is not None:
            raise click.ClickException(f"{path}: {problem}; no file was changed")


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` over ``path``: a temporary file beside it first, then one rename.

    The temporary name is fresh (``mkstemp``), so no file of the user's is touched on the way,
    and it is removed again if anything fails. An existing file keeps its line ends, byte
    order mark and permissions; a read-only one raises :class:`ReadOnlyFile` (an OSError).
    """
    target = path.resolve()  # a link is written through and stays a link
    mode = None
    if target.exists():
        problem = unwritable(path)
        if problem is not None:
            raise ReadOnlyFile(f"{path}: {problem}")
        mode = stat.S_IMODE(os.stat(target).st_mode)
        text = in_style_of(target.read_bytes().decode("utf-8", "replace"), text)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
