"""Engine events in threads (events.py): each game hears only its own events.

Games played at the same time in several threads of one process (a Dask worker with threads,
the language server) each have their own listener: the listener belongs to the thread's
context, not to the module. A game heard in a thread gets exactly the events it gets when it
is played alone, and a game nobody listens to plays exactly as it does alone.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.runner import play

from tests.base_content import base_content

#: (players, seed, listened) of each game played at the same time.
GAMES = ((3, 11, True), (4, 12, True), (2, 13, False))


def _play(players: int, seed: int, heard: list[Any] | None) -> str:
    """Play a seeded random game to its end, heard by ``heard.append`` if given; its hash."""
    game = Game.from_content(base_content(), players)
    if heard is not None:
        game.listen(heard.append)
    state = game.new_state(seed)
    bots = [make_bot("random", seed, seat) for seat in range(players)]
    return play(game, state, bots).final_hash


@pytest.fixture
def switch_often() -> Iterator[None]:
    """Switch threads every microsecond, so the games' decisions interleave finely."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def test_games_in_two_threads_each_hear_only_their_own_events(switch_often: None) -> None:
    alone = []
    for players, seed, listened in GAMES:
        heard: list[Any] | None = [] if listened else None
        alone.append((_play(players, seed, heard), heard))
    together: list[tuple[str, list[Any] | None] | None] = [None] * len(GAMES)
    start = threading.Barrier(len(GAMES))
    failures: list[BaseException] = []

    def run(index: int) -> None:
        players, seed, listened = GAMES[index]
        heard: list[Any] | None = [] if listened else None
        try:
            start.wait()
            together[index] = (_play(players, seed, heard), heard)
        except BaseException as error:  # re-raised in the test's own thread below
            failures.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(GAMES))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    for (players, seed, listened), (hash_alone, heard_alone), result in zip(
        GAMES, alone, together, strict=True
    ):
        assert result is not None
        hash_together, heard_together = result
        assert hash_together == hash_alone, (players, seed)  # the same game, move for move
        if listened:
            assert heard_alone and heard_together == heard_alone, (players, seed)
            kinds = {event["kind"] for event in heard_together}
            assert {"effect", "verb", "gain", "game_end"} <= kinds
    assert not events.ON  # nobody listens once the games are over


def test_a_thread_started_while_a_game_is_heard_does_not_hear_it() -> None:
    """The listener is the listening thread's own; a thread it starts begins unheard."""
    heard: list[Any] = []
    inner: list[Any] = []
    state = {"round": 1}

    def other() -> None:
        events.emit(state, "gain", 1, unit="light", amount=1, source=None)
        with events.listening(inner.append), events.caused_by("archive"):
            events.emit(state, "gain", 2, unit="light", amount=2, source=None)

    with events.listening(heard.append):
        assert events.ON
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        with events.listening(None):  # a block nobody hears, inside a heard one
            events.emit(state, "gain", 3, unit="light", amount=4, source=None)
        events.emit(state, "gain", 0, unit="light", amount=3, source=None)
    assert [(e["seat"], e["by"]) for e in heard] == [(0, None)]
    assert [(e["seat"], e["by"]) for e in inner] == [(2, "archive")]
    assert not events.ON
