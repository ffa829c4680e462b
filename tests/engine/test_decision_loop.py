"""The decision loop's interface: who is asked, what they may choose, how a run reports.

000 "playing the game": "players simultaneously choose a single action card". Every player
who has not chosen is asked; one who has chosen, or a seat not in the game, has nothing to
choose. A run by ``runner.play`` reports the hash of the state it ended in.
"""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.state import state_hash

from tests.engine.positions import game, ids, started


def test_a_seat_that_has_chosen_its_card_is_offered_nothing() -> None:
    g = game(3)
    state = started(g)
    assert state["phase"] == "choose"
    assert g.current_players(state) == [0, 1, 2]
    first = g.legal_options(state, 1)
    assert ids(first) == [f"play:{c}" for c in ("research", "mine", "construct", "trade",
                                                 "refresh", "command")]  # fmt: skip
    assert first[0].text == "play Research"
    g.apply(state, 1, "play:mine")
    assert g.current_players(state) == [0, 2]
    assert g.legal_options(state, 1) == []
    assert ids(g.legal_options(state, 0)) == ids(first)


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_a_seat_not_in_the_game_is_offered_nothing(seat: int) -> None:
    g = game(3)
    state = started(g)
    assert g.legal_options(state, seat) == []


def test_a_run_reports_the_hash_of_the_state_it_ended_in() -> None:
    g = game(2)
    state = g.new_state(4)
    outcome = play(g, state, [make_bot("random", 4, seat) for seat in range(2)])
    assert outcome.state is state and g.is_terminal(state)
    assert outcome.decisions > 0
    assert outcome.final_hash == state_hash(state)
    assert str(outcome.decisions) in repr(outcome)
