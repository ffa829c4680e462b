"""Exploration during Command's move step (000/004 "1. Move"), as a tester reads it.

000: "After moving all of your ships, reveal any deep space exploration tokens or planetary
exploration tokens in sectors you now occupy with ships." "Command is broken into two parts
(Move & Attack). Each of these steps is resolved independently and in turn order beginning
with the player holding the first player token". 4-player map: deep space tokens in
``outer_02`` and ``outer_06``, nothing in ``outer_15`` (as the first test checks)."""

from __future__ import annotations

from tests.engine.positions import beacon_game, choose_all, empty_board, resolve, ship, started


def test_the_map_is_as_the_tests_read_it() -> None:
    state = started(beacon_game(4))
    kinds = {s: state["sectors"][s]["token_kind"] for s in ("outer_02", "outer_06", "outer_15")}
    assert kinds == {"outer_02": "deep_space", "outer_06": "deep_space", "outer_15": None}
    assert not state["sectors"]["outer_15"]["asteroid"]


def test_000_a_ship_that_stayed_still_reveals_the_token_it_sits_on() -> None:
    """000: tokens are revealed in the sectors "you now occupy with ships", moved or not (a
    ship there before the Command, such as one placed by an effect)."""
    g = beacon_game(4)
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_02")
    resolve(g, state, [["move", 0]])
    g.apply(state, 0, "done")  # no ship moved
    assert state["sectors"]["outer_02"]["token"] is None
    assert state["players"][0]["light"] == 1


def test_000_only_the_command_player_reveals() -> None:
    """000: the Command player reveals tokens in sectors they occupy; another player's ship
    sitting on a token reveals nothing during someone else's Command."""
    g = beacon_game(4)
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_15")
    ship(state, 1, "small", "outer_06")
    token = state["sectors"]["outer_06"]["token"]
    resolve(g, state, [["move", 0]])
    g.apply(state, 0, "done")
    assert state["sectors"]["outer_06"]["token"] == token
    assert state["players"][1]["light"] == 0


def test_000_the_first_command_player_in_turn_order_reveals_first() -> None:
    """000 "Command": move (with its reveals) is resolved "in turn order beginning with the
    player holding the first player token": seat 1 holds it and takes the deep space token
    both fleets move onto; seat 0 arrives after it has left the board."""
    g = beacon_game(4)
    state = empty_board(started(g))
    state["first"] = 1
    early = ship(state, 1, "small", "outer_01")
    late = ship(state, 0, "small", "inner_1")
    choose_all(g, state, {0: "command", 1: "command", 2: "mine", 3: "mine"})
    assert g.current_players(state) == [1]
    g.apply(state, 1, f"move:{early}:outer_02")  # its only ship: the reveal follows at once
    assert state["players"][1]["light"] == 1 and state["sectors"]["outer_02"]["token"] is None
    g.apply(state, 0, f"move:{late}:outer_02")
    assert state["players"][0]["light"] == 0
