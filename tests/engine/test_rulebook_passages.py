"""Last Light rules an outside checker would write from the rulebooks, fifth pass: clauses
the earlier passes covered only in passing, each as a position made with the public scenario
helpers (docs/scenarios.md), the decision, and what 000 (rulebook) says follows: the order a
player rolls its ship types in, an extractor only where your ships stand, the exploration
tokens face down from setup until a ship reveals one, the first player token given at
setup, and the trade's gift with one other player. No disagreement was found.
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


def test_000_setup_exploration_tokens_lie_face_down_until_a_ship_reveals_one() -> None:
    """000 "setup": "The planetary exploration tokens should be shuffled ... then assigned
    face down ... Randomly distribute the deep space exploration tokens face down"; 000
    "1. Move": revealed "in sectors you now occupy with ships": no seat's view shows a token
    or a planet's resource at setup; once seat 0's ship reveals a planet's token, every
    seat's view shows it (a planetary token stays on the board)."""
    game = new_game(players=3)
    state = blank(game)
    hidden = [s for s, v in state["sectors"].items() if v["token"]]
    assert hidden and not any(state["sectors"][s]["revealed"] for s in hidden)
    for seat in range(3):
        view = game.observation(state, seat)
        assert {view["sectors"][s]["token"] for s in hidden} == {"?"}
        assert {p["resource"] for p in view["planets"].values()} == {"?"}
    planet, data = next((p, d) for p, d in sorted(state["planets"].items())
                        if state["sectors"][d["sector"]]["token"])  # fmt: skip
    put_ship(state, 0, "small", data["sector"])
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")  # no move: the ship reveals where it stands
    while game.current_players(state) == [0] and "done" in options(game, state, 0):
        game.apply(state, 0, options(game, state, 0)[-1])  # decline what the token offers
    token = state["sectors"][data["sector"]]["token"]
    assert state["sectors"][data["sector"]]["revealed"] and token != "?"
    other = game.observation(state, 1)
    assert other["sectors"][data["sector"]]["token"] == token
    assert other["planets"][planet]["resource"] == state["planets"][planet]["resource"]


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
