"""Ctrl-C is never lost in a long run (tools/ctrl_c.py): CI saw `compare` play all 120 games
after its Ctrl-C, which had landed in a weak reference's callback (a game's runtime being
collected), where Python prints "Exception ignored" and goes on."""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

import pytest
from whitedwarf.tools import ctrl_c


class _Collected:
    """An object whose finaliser is running when Ctrl-C arrives."""

    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler runs between these bytecodes, in here
            pass


def test_a_ctrl_c_a_finaliser_swallowed_is_raised_at_the_next_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    swallowed: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", swallowed.append)
    with ctrl_c.remembered() as heard:
        _Collected()  # dropped at once: its finaliser runs and Python swallows the raise
        assert [type(s.exc_value) for s in swallowed] == [KeyboardInterrupt]
        with pytest.raises(KeyboardInterrupt):
            heard.check()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_without_ctrl_c_the_check_says_nothing_and_ctrl_c_still_raises_at_once() -> None:
    with ctrl_c.remembered() as heard:
        heard.check()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):
                pass


def test_a_caller_that_ignores_ctrl_c_keeps_its_way() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with ctrl_c.remembered():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_each_heard_stops_at_the_item_after_a_swallowed_ctrl_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "unraisablehook", lambda _: None)
    made: list[int] = []

    def games() -> Any:
        for index in range(5):
            made.append(index)
            if index == 1:
                _Collected()  # a runtime collected while game 1 is played
            yield index

    seen: list[int] = []
    with pytest.raises(KeyboardInterrupt):
        for game in ctrl_c.each_heard(games()):
            seen.append(game)
    assert seen == [0] and made == [0, 1]  # explain and tune stop there, not at the run's end
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_each_heard_gives_every_item_without_ctrl_c() -> None:
    assert list(ctrl_c.each_heard(range(4))) == [0, 1, 2, 3]
