"""Writing a user's file so that a crash leaves either the old file or the new one.

The new text is written in the file's own manner: the line ends it uses (CRLF stays CRLF),
its byte order mark, its permissions; a file the user made read-only is refused, not
replaced (a rename would replace it even so), and a link is written through, so it stays a
link.

Which files of a pack a rewriter (``fmt``, ``fix``, ``text --write``, ``new``) may write is
one rule, :func:`files_to_write` (docs/rules-decisions.md C30): a link whose target is inside
the pack folder is written through (the target changes, the link stays); a link that leads
outside it, or cannot be followed, is never written through, and the user is told it was
skipped and why. Nor is it read: a rewriter that reads the pack's ``pack.yaml`` (its game and
language) refuses the pack when that is such a link (:func:`manifest_problem`). A pack is a
stranger's folder: its links must not make a rewriter read or write anywhere else on the
machine.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import click
from whitedwarf.dsl.packs.paths import link_fault

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


LINK_OUT = "it is a link that leads outside the pack folder, and is never written through"
LINK_LOOP = "it is a link that cannot be followed (a loop, or a folder it cannot read)"
#: ``paths.link_fault``'s answer -> what the user is told.
LINK_REASONS = {"out": LINK_OUT, "loop": LINK_LOOP}


@dataclass(frozen=True)
class Skipped:
    """A file a rewriter left as it was, and why."""

    path: Path
    reason: str
    #: False for a second name of a file that is written anyway (under its first name).
    refused: bool = True

    def __str__(self) -> str:
        return f"{self.path}: skipped: {self.reason}"


def link_problem(path: Path, pack: Path) -> str | None:
    """Why ``path``, a file of the folder ``pack``, may not be written through (None: it is
    a regular file, or a link whose target is inside ``pack``)."""
    if not path.is_symlink():
        return None
    try:
        root = pack.resolve()
    except (OSError, RuntimeError):  # a folder that cannot be resolved
        return LINK_LOOP
    fault = link_fault(path, root)  # the loader's rule (E0507), the same for writing
    return None if fault is None else LINK_REASONS[fault]


def manifest_problem(pack: Path, command: str, needs: str) -> str | None:
    """Why ``command`` may not read the ``pack.yaml`` of the folder ``pack`` (None: it may):
    a link out of the pack, or one that cannot be followed, is never read (the loader's
    E0507), or the command would take the pack's game, language or allowed warnings
    (``needs``) from a file that is not the pack's. Said with the manifest's path."""
    manifest = pack / "pack.yaml"
    problem = link_problem(manifest, pack)
    if problem is None:
        return None
    return (
        f"{manifest}: {problem}, nor read; {command} needs the pack's own manifest ({needs}), "
        "so no file was changed (validate refuses the pack alike: E0507)"
    )


def files_to_write(paths: Iterable[Path], pack: Path) -> tuple[list[Path], list[Skipped]]:
    """The files of ``paths`` a rewriter of the pack folder ``pack`` may write, in order, and
    those it skips, each with the reason: a link out of the pack (or one that cannot be
    followed), and a second name of a file already listed (a link to it: written once)."""
    kept: list[Path] = []
    skipped: list[Skipped] = []
    seen: dict[Path, Path] = {}
    for path in paths:
        problem = link_problem(path, pack)
        if problem is not None:
            skipped.append(Skipped(path, problem))
            continue
        target = path.resolve()
        if target in seen:
            why = f"it is a link to {seen[target]}, which is written once"
            skipped.append(Skipped(path, why, refused=False))
            continue
        seen[target] = path
        kept.append(path)
    return kept, skipped


def tell_skipped(skipped: Iterable[Skipped]) -> None:
    """Say on stderr which files were skipped and why."""
    for entry in skipped:
        click.echo(str(entry), err=True)


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
    """Write ``text`` over ``path`` through :func:`replaced_when_done`: a temporary file
    beside it first, then one rename, so no file of the user's is touched on the way.

    An existing file keeps its line ends, byte order mark and permissions; a read-only one
    raises :class:`ReadOnlyFile` (an OSError). A new file gets the permissions ``open()``
    would give it (the umask's), as any file the user makes.
    """
    target = path.resolve()  # a link is written through and stays a link
    if target.is_file():
        problem = unwritable(path)
        if problem is not None:
            raise ReadOnlyFile(f"{path}: {problem}")
        text = in_style_of(target.read_bytes().decode("utf-8", "replace"), text)
    with replaced_when_done(path) as stream:
        stream.write(text)


@contextmanager
def replaced_when_done(
    path: Path, keep_on: tuple[type[BaseException], ...] = ()
) -> Iterator[TextIO]:
    """A stream to a fresh temporary file beside ``path``, put in its place when the block
    ends, or raises one of ``keep_on`` (an interrupted game's log is kept, cut short); any
    other error removes it, and ``path`` keeps what it held (or stays absent). A file
    written in a long run, such as a game's replay, is so never left half-written under the
    name the user gave, nor does a failed run replace the user's file.

    The file put in place has the permissions of the file it replaces, or, new, those
    ``open()`` gives (0o666 less the umask), never the temporary file's 0o600: a save, a
    replay or a report the user makes is theirs to share as their other files are.
    """
    target = path.resolve()  # a link is written through and stays a link
    if target.exists() and not target.is_file():
        # A device or a FIFO (`--replay /dev/stdout`, `--save /dev/null`, a pipe to a
        # reader) is written as it is: a file renamed over it would replace the device
        # itself (/dev/null made a regular file, for every program on the machine).
        with path.open("w", encoding="utf-8", newline="\n") as stream:
            yield stream
        return
    mode = stat.S_IMODE(os.stat(target).st_mode) if target.exists() else _created_mode()
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    done = False
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            try:
                yield stream
            except keep_on:
                done = True
                raise
        done = True
    finally:
        if done:
            os.chmod(temporary, mode)
            os.replace(temporary, target)
        else:
            Path(temporary).unlink(missing_ok=True)


def _created_mode() -> int:
    """The permissions ``open(path, "w")`` gives a new file (0o666 less the umask); a
    temporary file is made 0o600, which a file put in its place must not keep."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def folder_problem(folder: Path) -> str | None:
    """Why no file can be made in ``folder``, or in the folders that would be made for it:
    the nearest of it and its parents that exists is a file, or is not writable. None when
    nothing is in the way. (The OSError of a failed ``mkdir`` says "File exists" or "Not a
    directory" about a path the user did not type; this names the one to change.)"""
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            if not candidate.is_dir():
                return f"{candidate} is a file, not a folder"
            if not os.access(candidate, os.W_OK | os.X_OK):
                return f"the folder {candidate} is not writable"
            return None
    return None


def cannot_write(path: Path, error: OSError) -> str:
    """The message for an OSError met writing ``path`` (or making its folder), in words."""
    return f"cannot write {path}: {folder_problem(path.parent) or error.strerror or error}"


def cannot_write_in(folder: Path, error: OSError) -> str:
    """The message for an OSError met making the output folder ``folder`` or a file in it."""
    return f"cannot write in {folder}: {folder_problem(folder) or error.strerror or error}"
