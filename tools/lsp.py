"""``whitedwarf lsp``: start the language server for pack files (tools/editor/server.py)."""

from __future__ import annotations

import signal
import threading
from types import FrameType

import click
from whitedwarf.tools.exits import Interrupted


@click.command("lsp")
def lsp() -> None:
    """Run the language server for pack files over stdin/stdout (editors start this)."""
    from whitedwarf.tools.editor.server import main

    heard: list[int] = []
    previous = signal.getsignal(signal.SIGINT)

    def on_interrupt(number: int, frame: FrameType | None) -> None:
        heard.append(number)
        if callable(previous):  # Python's own raises KeyboardInterrupt: the server stops
            previous(number, frame)

    # Not where Ctrl-C is ignored (started in the background), nor off the main thread,
    # where Python takes no signal handler.
    listening = callable(previous) and threading.current_thread() is threading.main_thread()
    if listening:
        signal.signal(signal.SIGINT, on_interrupt)
    try:
        main()
    finally:
        if listening:
            signal.signal(signal.SIGINT, previous)
    if heard:  # the server swallows the KeyboardInterrupt and returns: say it was one (130)
        raise Interrupted("")
