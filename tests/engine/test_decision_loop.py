"""The decision loop's interface: who is asked, what they may choose, how a run reports.

000 "playing the game": "players simultaneously choose a single action card". Every player
who has not chosen is asked; one who has chosen, or a seat not in the game, has nothing to
choose. A run by ``runner.play`` reports the hash of the state it ended in.
"""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.runner import StalledGame, play
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_next_decision_is_the_first_current_player_and_its_options(players: int) -> None:
    # runner.play asks ``next_decision`` once a decision instead of ``is_terminal``,
    # ``current_players`` and ``legal_options``: the same answer at every step of a game.
    g = game(players)
    for seed in range(3):
        state = g.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(players)]
        while not g.is_terminal(state):
            seat = g.current_players(state)[0]
            options = g.legal_options(state, seat)
            assert g.next_decision(state) == (seat, options)
            g.apply(state, seat, bots[seat].choose(state, seat, options), check=False)
        assert g.next_decision(state) is None


class _Interface:
    """A game seen only through the four calls of the decision interface."""

    def __init__(self, players: int) -> None:
        self.inner = game(players)

    def is_terminal(self, state: dict) -> bool:
        return self.inner.is_terminal(state)

    def current_players(self, state: dict) -> list[int]:
        return self.inner.current_players(state)

    def legal_options(self, state: dict, player: int) -> list:
        return self.inner.legal_options(state, player)

    def apply(self, state: dict, player: int, option_id: str, check: bool = True) -> dict:
        return self.inner.apply(state, player, option_id, check)


def test_a_game_without_next_decision_plays_the_same_game() -> None:
    g = game(3)
    bots = [make_bot("random", 5, seat) for seat in range(3)]
    ours = play(g, g.new_state(5), bots)
    bots = [make_bot("random", 5, seat) for seat in range(3)]
    theirs = play(_Interface(3), g.new_state(5), bots)
    assert (theirs.decisions, theirs.final_hash) == (ours.decisions, ours.final_hash)


class _Stalled(_Interface):
    """Asks nobody, yet never ends."""

    def current_players(self, state: dict) -> list[int]:
        return []


def test_a_game_that_asks_nobody_before_its_end_is_an_engine_error() -> None:
    g = _Stalled(2)
    with pytest.raises(StalledGame, match="no player is asked"):
        play(g, g.inner.new_state(1), [make_bot("random", 1, seat) for seat in range(2)])


@pytest.mark.parametrize("seed", range(3))
def test_a_refused_option_changes_nothing(seed: int) -> None:
    """An option the rules refuse raises ``IllegalOption`` and leaves the position as it
    was, the same seat asked with the same options. Each decision of a seeded game is met
    first with a made-up option and with legal ids bent out of shape. Unchecked
    (``check=False``, for callers that choose from the listing) the engine trusts the id, but
    where a handler refuses one it too leaves the seat asked (tried on a clone)."""
    from whitedwarf.interpreter.lastlight.decisions import IllegalOption

    g = game(4)
    state = g.new_state(seed)
    bots = [make_bot("random", seed, seat) for seat in range(4)]
    for _ in range(400):
        if g.is_terminal(state):
            break
        seat = g.current_players(state)[0]
        options = g.legal_options(state, seat)
        before, listed = state_hash(state), ids(options)
        for wrong in ("nonsense", f"{options[0].id}:extra", f"{options[-1].id}x"):
            if wrong in listed:
                continue
            with pytest.raises(IllegalOption):
                g.apply(state, seat, wrong)
            assert state_hash(state) == before, wrong
            trial = g.clone(state)
            try:
                g.apply(trial, seat, wrong, check=False)
            except IllegalOption:
                assert state_hash(trial) == before, wrong
                assert ids(g.legal_options(trial, seat)) == listed, wrong
        assert g.current_players(state)[0] == seat and ids(g.legal_options(state, seat)) == listed
        g.apply(state, seat, bots[seat].choose(state, seat, options))
