"""The exit statuses of every ``whitedwarf`` command: one table, in README.md "Exit codes".

====  ===================================================================================
0     done: the packs are clean, the game was played, the file was written
1     the content or an input file is wrong (pack errors, a damaged save or replay, a
      ``--check`` or ``--strict`` that failed, a file that could not be written)
2     the command line is wrong (an unknown command or option, a value an option does not
      take, a file named that is not there, an output file that exists without ``--force``)
3     a bug of whitedwarf, never of the packs: the message says where to report it
130   interrupted (Ctrl-C)
====  ===================================================================================

An existing output file is a command-line problem: the command is right but for one word,
``--force`` or another name, and nothing in the packs or the input files is wrong.
"""

from __future__ import annotations

import errno
import re
import sys
from typing import IO, Any

import click

OK, CONTENT, USAGE, INTERNAL, INTERRUPTED = 0, 1, 2, 3, 130


class CommandLineProblem(click.ClickException):
    """A command line that cannot be carried out as written, though every word of it parsed
    (an output file that exists): exit 2, said in one line, without click's usage banner,
    which would send the reader to ``--help`` for a problem ``--help`` does not explain."""

    exit_code = USAGE


class OutputExists(CommandLineProblem):
    """An output file or folder that is there already, and no ``--force``."""


class Interrupted(click.ClickException):
    """Ctrl-C: exit 130, with what the command leaves behind (a batch to resume, a replay
    without its end line) when it leaves something."""

    exit_code = INTERRUPTED

    def show(self, file: IO[Any] | None = None) -> None:
        stream = file if file is not None else sys.stderr
        if stream.isatty():  # after the terminal's ^C, on a line of its own
            click.echo(file=stream)
        click.echo(f"interrupted: {self.message}" if self.message else "interrupted", file=stream)


def issue_tracker() -> str:
    """Where to report bugs: the package's ``Issues`` project URL, if it declares one."""
    from importlib import metadata  # only after a crash: its import costs ~14 ms of start-up

    try:
        urls: list[str] = metadata.metadata("whitedwarf").get_all("Project-URL") or []
        for entry in urls:
            label, _, url = entry.partition(",")
            if label.strip().lower() in ("issues", "bug tracker", "tracker"):
                return url.strip()
    except metadata.PackageNotFoundError:
        pass
    return "the whitedwarf issue tracker"


#: A word of a message longer than this is a value a stranger typed (a 100,000-character
#: ``--option`` name, ``--give`` card or seat kind), echoed back: it is cut to its ends.
LONG_WORD = 200
_LONG = re.compile(rf"(\S{{{LONG_WORD + 1},}}?)([',;:.]*)(?=\s|$)")


def shortened(message: str) -> str:
    """``message`` with each word over :data:`LONG_WORD` characters cut to its ends and its
    length, so a refusal of a long value is a line, not the value again (E191)."""
    if len(message) <= LONG_WORD:
        return message
    return _LONG.sub(lambda m: f"{_cut(m[1])}{m[2]}", message)


def _cut(word: str) -> str:
    return f"{word[:60]}...{word[-20:]} ({len(word):,} characters)"


def name_too_long(error: OSError) -> str | None:
    """The message for a file name the system refuses as too long (ENAMETOOLONG, which
    ``Path.exists`` raises rather than answering False), or None for another error."""
    if error.errno != errno.ENAMETOOLONG:
        return None
    name = shortened(str(error.filename)) if error.filename is not None else "a file name"
    return (
        f"{name}: the name is longer than the file system allows (a name of a folder or file "
        "is at most 255 bytes on most systems): give a shorter one"
    )


#: The errors of an output that cannot take what is written (README: exit 1, "the disk full").
_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def output_failed(error: OSError) -> str | None:
    """The message for an output the system could not write (the disk full, the quota, an
    I/O error: ``play > /dev/full`` was an internal error), or None for another error."""
    if error.errno not in _FULL:
        return None
    where = "the standard output" if error.filename is None else shortened(str(error.filename))
    return (
        f"cannot write {where}: {error.strerror} (the disk full, or an output that takes nothing)"
    )
