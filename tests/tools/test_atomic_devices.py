"""Writing a user's file beside it and renaming it into place (tools/atomic.py) must never
rename over a device or a FIFO: run as root, `play --replay /dev/null --force` made
/dev/null a regular file for every program on the machine. Such a target is written as it
is; a FIFO stands in for a device here (a test must not risk /dev/null)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

from whitedwarf.tools.atomic import replaced_when_done, write_atomically


def _read_in_background(fifo: Path) -> tuple[threading.Thread, list[str]]:
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text("utf-8")), daemon=True)
    reader.start()
    return reader, got


def test_write_atomically_writes_a_fifo_as_it_is(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader, got = _read_in_background(fifo)
    write_atomically(fifo, "saved\n")
    reader.join(timeout=30)
    assert got == ["saved\n"] and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_replaced_when_done_writes_a_fifo_as_it_is(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader, got = _read_in_background(fifo)
    with replaced_when_done(fifo) as stream:
        stream.write("logged\n")
    reader.join(timeout=30)
    assert got == ["logged\n"] and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]
