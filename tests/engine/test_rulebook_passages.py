"""Last Light rules an outside checker would write from the rulebooks, fifth pass: clauses
the earlier passes covered only in passing, each as a position made with the public scenario
helpers (docs/scenarios.md), the decision, and what 000 (rulebook) or 001 (reference manual)
says follows: the order a player rolls its ship types in, an extractor only where your ships
stand, what setup keeps hidden and what it reveals, the first player token given at setup,
and the trade's gift with one other player. No disagreement was found.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    choose,
    give,
    new_game,
    options,
    put_ship,
    rig_dice,
    started,
)

from tests.engine.rulebook_steps import assign_all as _assign_all
from tests.engine.rulebook_steps import home as _home

Game = Any
State = Any


def test_000_ship_types_may_roll_in_any_order_each_type_once() -> None:
    """000 "2. Attack": "Players may roll for their ships in any order. Dice should be rolled
    for all ships of the same type simultaneously ... refrain from rolling dice for different
    ship types together": seat 0's medium ship rolls first (its two dice), then its small
    ship (one die), each type once; the damage lands when the sector's rolls are done (000:
    "all damage is resolved simultaneously")."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "outer_05")
    put_ship(state, 0, "medium", "outer_05")
    target = put_ship(state, 1, "large", "outer_05")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")  # no move
    assert options(game, state, 0) == ["roll:small", "roll:medium", "done"]
    rig_dice(state, ["hit", "miss", "hit"])
    game.apply(state, 0, "roll:medium")
    _assign_all(game, state, 0)  # the medium's two dice: a hit, a miss
    assert options(game, state, 0) == ["roll:small", "done"]
    game.apply(state, 0, "roll:small")
    _assign_all(game, state, 0)
    assert state["ships"][target]["damage"] == 2


def test_000_no_extractor_on_a_planet_without_your_ship() -> None:
    """000 "Action Card #3", "2. extractor": "Place an extractor either on a sector of your
    colony ship that does not yet contain an extractor or in the sector of a planet
    containing only your ships": a planet with no ship at all is not offered, the colony
    ship's free spaces are; with a small ship on it, it is."""
    game = new_game(players=3)
    state = blank(game)
    planet, data = sorted(state["planets"].items())[0]
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    offered = options(game, state, 0)
    assert f"extractor:{planet}" not in offered and "extractor:common_a" in offered

    state = blank(game)
    put_ship(state, 0, "small", data["sector"])
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    assert f"extractor:{planet}" in options(game, state, 0)


def test_000_setup_the_achievement_is_hidden_the_faction_revealed() -> None:
    """000 "setup": "Each player secretly and simultaneously chooses 1 planetary achievement
    card and 1 alien faction card to keep ... All players reveal their alien faction card";
    the achievement card says "Keep Hidden": another seat's view shows seat 0's faction and
    not its achievement; seat 0's own view shows both."""
    game = new_game(players=3)
    state = started(game)
    me = state["players"][0]
    assert me["faction"] and me["achievement"]
    theirs = game.observation(state, 1)["players"][0]
    assert theirs["faction"] == me["faction"]
    assert theirs["achievement"] != me["achievement"]
    mine = game.observation(state, 0)["players"][0]
    assert mine["achievement"] == me["achievement"]


def test_000_the_first_player_token_starts_where_setup_gives_it() -> None:
    """000 "setup": "Give the first player token to the player who most recently looked at
    the stars"; 000 "Action Card #6": Command "in turn order beginning with the player
    holding the first player token": with seat 2 given the token, seat 2 moves first."""
    game = new_game(players=3, first_player=2)
    state = blank(game)
    for seat in range(3):
        put_ship(state, seat, "small", _home(state, seat))
    assert state["first"] == 2
    choose(game, state, {0: "command", 1: "command", 2: "command"})
    assert game.current_players(state) == [2]


def test_000_trade_with_one_other_player_gives_them_the_light() -> None:
    """000 "Action Card #4": "After choosing your two actions, choose 1 other player to gain
    1 light from the supply": with two players there is one to choose; the light is theirs
    with no question asked, and the trader gains none."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, common=2)
    choose(game, state, {0: "trade", 1: "mine"})
    game.apply(state, 0, "trade:gain_common")
    game.apply(state, 0, "trade:gain_common")
    assert state["players"][1]["light"] == 1 and state["players"][0]["light"] == 0
    assert state["players"][0]["res"]["common"] == 2 + 2
    assert state["phase"] == "choose"  # the round went on: nothing was asked
