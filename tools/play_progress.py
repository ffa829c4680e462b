"""Progress of a bot game in ``play``: one line on a terminal's stderr, rewritten in place.

A game of ``strong`` seats can think for a minute (``--think 200``: some 40 s) with nothing
on the screen; the line says the round and the decisions so far, about once a second, and
is wiped when the game ends, so the result printed after it stands alone. A game over in
less than a second shows nothing, and stderr that is not a terminal (a file, a pipe, CI)
gets nothing either, so logs and ``--trace`` stay as they were.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from whitedwarf.interpreter.bots import Bot


class GameProgress:
    """The line of one game: :meth:`tick` after each decision, :meth:`close` at the end."""

    def __init__(
        self, stream: TextIO, every: float = 1.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream, self.every, self.clock = stream, every, clock
        self.started = self.last = clock()
        self.decisions = 0
        self.width = 0  # of the line shown, to wipe it

    def tick(self, state: Any) -> None:
        """One decision taken; rewrite the line when a second has passed."""
        self.decisions += 1
        now = self.clock()
        if now - self.last < self.every:
            return
        self.last = now
        round_ = state.get("round") if isinstance(state, dict) else None
        text = f"playing: round {round_}, {self.decisions} decisions, {now - self.started:.0f} s"
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        """Wipe the line, if one was shown."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


class ProgressBot:
    """Wraps a bot: its choice, then the game's progress line ticks."""

    def __init__(self, bot: Bot, progress: GameProgress) -> None:
        self.bot = bot
        self.progress = progress

    def choose(self, state: Any, seat: int, options: Sequence[Any]) -> str:
        chosen = self.bot.choose(state, seat, options)
        self.progress.tick(state)
        return chosen


def progress_for(stream: TextIO) -> GameProgress | None:
    """A progress line on ``stream`` if it is a terminal, else None."""
    try:
        shown = stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: say nothing
        shown = False
    return GameProgress(stream) if shown else None
