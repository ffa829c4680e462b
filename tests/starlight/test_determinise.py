"""Determinisation: a full Starlight state drawn from what one seat observes.

For the ``search`` agent (``interpreter/starlight/determinise.py``): along seeded games of
the full pack (live seats, a Starbot, gods on and off), every drawn state must look exactly
the same to the seat as the real one (its observation is equal), hold every ray, Core, Flare
and Starbot card once (003 "Components"), give the others as many secret laurels, flares
and dealt gods as they hold (003 "Laurels", "The Gods"), re-draw what is hidden (two draws
differ), and play on to the end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from whitedwarf.interpreter.starlight.agents.agent import StarlightHeuristic
from whitedwarf.interpreter.starlight.determinise import determinise, shuffle
from whitedwarf.interpreter.starlight.game import Game

from tests.starlight.test_random_games import check_supplies, full_pack

State = dict[str, Any]

SETUPS = [
    (("live", "live", "live"), False),
    (("live", "starbot", "live"), True),
    (("live", "live", "starbot", "live"), True),
]


def _game(seats: tuple[str, ...], gods: bool) -> Game:
    return Game.from_content(full_pack(), len(seats), {"seats": list(seats), "gods": gods})


def _positions(game: Game, seed: int, every: int) -> list[tuple[State, int]]:
    """States along a heuristic game (the gods' keep included), every ``every`` decisions."""
    state = game.new_state(seed)
    bots = [StarlightHeuristic(seed + seat, game) for seat in range(game.players)]
    found, count = [], 0
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        if count % every == 0 or state["phase"] == "gods":
            found.append((game.clone(state), seat))
        count += 1
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    return found


def _hidden_counts(state: State, seat: int) -> list[tuple[int, int, int]]:
    """What the others hold unseen: (laurels, flares, gods dealt) per other seat."""
    return [
        (len(p["laurels"]), len(p["flares"]), len(p["gods_dealt"]))
        for p in state["players"]
        if p["seat"] != seat
    ]


@pytest.mark.parametrize(("seats", "gods"), SETUPS)
def test_a_drawn_state_looks_the_same_to_the_seat_and_holds_every_card_once(
    seats: tuple[str, ...], gods: bool
) -> None:
    game = _game(seats, gods)
    rng = random.Random(3)
    positions = _positions(game, seed=4, every=9)
    assert len(positions) > 30
    redrawn = 0
    for state, seat in positions:
        view = game.observation(state, seat)
        world = determinise(game.content, view, seat, rng)
        assert world is not None
        assert game.observation(world, seat) == view
        check_supplies(game, world)
        assert _hidden_counts(world, seat) == _hidden_counts(state, seat)
        laurels = [c for p in world["players"] for c in p["laurels"]]
        assert len(laurels) == len(set(laurels))  # no laurel dealt twice
        other = determinise(game.content, view, seat, rng)
        redrawn += other != world
        if state["phase"] == "gods":
            for p in world["players"]:
                assert p["god"] is None or p["god"] in p["gods_dealt"]
    assert redrawn == len(positions)  # something hidden is drawn anew every time


@pytest.mark.parametrize(("seats", "gods"), SETUPS)
def test_a_drawn_state_plays_on_to_the_end(seats: tuple[str, ...], gods: bool) -> None:
    game = _game(seats, gods)
    rng = random.Random(8)
    for state, seat in _positions(game, seed=6, every=97):
        world = determinise(game.content, game.observation(state, seat), seat, rng)
        assert world is not None
        bots = [StarlightHeuristic(seat, game) for seat in range(game.players)]
        while not game.is_terminal(world):
            mover = game.current_players(world)[0]
            options = game.legal_options(world, mover)
            game.apply(world, mover, bots[mover].choose(world, mover, options))
        check_supplies(game, world)


def test_the_gods_being_kept_are_drawn_from_those_the_seat_has_not_seen() -> None:
    game = _game(("live", "live", "live"), True)
    state = game.new_state(2)
    mine = state["players"][0]["gods_dealt"]
    game.apply(state, 1, f"god:{state['players'][1]['gods_dealt'][0]}")  # kept, not yet shown
    view = game.observation(state, 0)
    assert view["players"][1]["god"] == "?"
    seen_for_seat_1 = set()
    for draw in range(40):
        world = determinise(game.content, view, 0, random.Random(draw))
        assert world is not None
        other = world["players"][1]
        assert other["gods_dealt"] == [other["god"]] and other["god"] not in mine
        assert not set(world["players"][2]["gods_dealt"]) & (set(mine) | {other["god"]})
        seen_for_seat_1.add(other["god"])
    assert len(seen_for_seat_1) > 3  # any god the seat has not seen, not the real one only


def test_another_seats_effect_waiting_for_its_decision_is_not_guessed() -> None:
    game = _game(("live", "live"), False)
    state = game.new_state(1)
    view = game.observation(state, 0)
    view["frames"] = [{"owner": 1, "vars": 2, "pending": "?"}]
    assert determinise(game.content, view, 0, random.Random(1)) is None


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 33, 64, 65, 200])
def test_a_guess_shuffles_as_the_library_does(size: int) -> None:
    """A guess's shuffle is ``random.Random.shuffle`` written out: the same order from the
    same generator, which is left in the same state (a seeded search stays reproducible)."""
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        items = [f"ray {i}" for i in range(size)]
        expected = list(items)
        theirs.shuffle(expected)
        shuffle(mine, items)
        assert items == expected
        assert mine.getstate() == theirs.getstate()


def test_a_generator_of_its_own_kind_shuffles_its_own_way() -> None:
    """A subclass of :class:`random.Random` (one that draws otherwise) gets its own shuffle."""

    class Backwards(random.Random):
        def shuffle(self, x: Any) -> None:
            x.reverse()

    items = [1, 2, 3]
    shuffle(Backwards(0), items)
    assert items == [3, 2, 1]
