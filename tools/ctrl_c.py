"""Ctrl-C that is never lost in a long run.

Python's own handler raises ``KeyboardInterrupt`` in whatever code runs when the signal
arrives. When that is a weak reference's callback or a finaliser (a game's runtime being
collected: ``interpreter/lastlight/content.py``), Python prints "Exception ignored in ..."
and goes on: the designer's Ctrl-C was lost, and a batch ran to its end (CI saw
``compare`` finish all 120 games after its Ctrl-C). While :func:`remembered` holds, the
signal still raises at once as before, and is also remembered, so the run's loop raises it
again at its next step (:meth:`Heard.check`).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

Item = TypeVar("Item")


class Heard:
    """Whether Ctrl-C came while :func:`remembered` held."""

    def __init__(self) -> None:
        self.interrupted = False

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if Ctrl-C came (a raise a finaliser swallowed)."""
        if self.interrupted:
            raise KeyboardInterrupt

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler: remember, then raise as Python's own handler does."""
        self.interrupted = True
        raise KeyboardInterrupt


@contextmanager
def remembered() -> Iterator[Heard]:
    """Within the block, Ctrl-C raises and is remembered; outside it, nothing changes. Only
    where Python's own handler is in place and in the main thread (a caller that ignores
    Ctrl-C, or handles it itself, keeps its way)."""
    heard = Heard()
    previous = signal.getsignal(signal.SIGINT)
    main = threading.current_thread() is threading.main_thread()
    if not main or previous is not signal.default_int_handler:
        yield heard
        return
    signal.signal(signal.SIGINT, heard.on_signal)
    try:
        yield heard
    finally:
        signal.signal(signal.SIGINT, previous)


def each_heard(items: Iterable[Item]) -> Iterator[Item]:
    """``items`` one by one with Ctrl-C remembered while they are made: a Ctrl-C a
    finaliser swallowed raises ``KeyboardInterrupt`` at the next item, not at the end of a
    run (``explain``'s and ``tune``'s games, as ``simulate``'s loop does)."""
    with remembered() as heard:
        for item in items:
            heard.check()
            yield item
        heard.check()
