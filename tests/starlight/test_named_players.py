"""Starlight's `the leader` is who would win if the game ended now (docs/rules-decisions.md
SL157: 003 "Scoring"'s order, then turn order), and a god naming it takes from that player."""

from __future__ import annotations

from whitedwarf.interpreter.starlight import scenario
from whitedwarf.interpreter.starlight.values import leader


def _game(seats: int = 4):
    game = scenario.new_game(["live"] * seats)
    return game, scenario.blank(game)


def test_sl157_the_leader_has_the_most_points():
    game, state = _game()
    state["players"][2]["night"] = 5
    state["players"][3]["night"] = 4
    assert leader(game, state, 0) == 2
    state["players"][3]["day"] = 2  # day points a card gave count as points
    assert leader(game, state, 0) == 3


def test_sl157_ties_go_to_stars_then_constellations_then_turn_order():
    game, state = _game()
    for seat in (1, 2, 3):
        state["players"][seat]["night"] = 3
    assert leader(game, state, 0) == 1  # all tied: the first after you
    assert leader(game, state, 2) == 3
    scenario.put_star(game, state, 3, "aquila_1")
    assert leader(game, state, 0) == 3  # the most stars launched
    scenario.put_star(game, state, 2, "aquila_3")
    assert leader(game, state, 0) == 2  # one each: seat 2 is first after seat 0 ...
    scenario.put_star(game, state, 3, "hydrus_1")
    scenario.put_star(game, state, 2, "aquila_6")
    assert leader(game, state, 0) == 3  # two each: seat 3's are in two constellations


def test_sl157_you_are_never_your_own_leader():
    game, state = _game(2)
    state["players"][0]["night"] = 9
    assert leader(game, state, 0) == 1
