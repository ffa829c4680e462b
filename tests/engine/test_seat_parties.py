"""`the player to your left` and `to your right` in play (docs/rules-decisions.md E140): play
goes clockwise (000 "Playing the game"), so the player to your left is the next seat in turn
order, whoever holds the first player token."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.scenario import blank, choose, keep, new_game, put_ship

from tests.engine.faction_mod import faction_mod

PACK = """\
id: seats
name: Seats
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
description: Cards naming players by where they sit.
allow: [W0902, W0432]
"""

FACTIONS = """\
- id: lefty
  name: Lefty
  three_plus: false
  source: invented
  effect: when round_end -> give 1 common to the player to your left
- id: righty
  name: Righty
  three_plus: false
  source: invented
  effect: when round_end -> give 1 uncommon to the player on your right
- id: watcher
  name: Watcher
  three_plus: false
  source: invented
  effect: when round_end if number of ships of the player to your left >= 1 -> gain 1 rare
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return faction_mod(tmp_path_factory, "seats", PACK, FACTIONS)


def _round(game: Game, state: dict, players: int, card: str = "command") -> list[dict[str, int]]:
    """Every seat plays ``card`` (Command with nothing to command, or Refresh); the round
    ends; what each seat's resources changed by."""
    before = [dict(p["res"]) for p in state["players"]]
    start = state["round"]
    choose(game, state, dict.fromkeys(range(players), card))
    while state["round"] == start:  # a seat with ships moves none and attacks nothing
        seat = game.current_players(state)[0]
        game.apply(state, seat, "done")
    return [
        {k: p["res"][k] - before[i][k] for k in p["res"] if p["res"][k] != before[i][k]}
        for i, p in enumerate(state["players"])
    ]


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_e140_the_player_to_your_left_is_the_next_seat_whoever_plays_first(pack, first):
    game = new_game(players=4, packs=[pack])
    state = blank(game)
    keep(state, 2, faction="lefty")
    keep(state, 1, faction="righty")
    state["first"] = first
    changes = _round(game, state, 4)
    assert changes == [{"uncommon": 1}, {}, {}, {"common": 1}]


def test_e140_in_a_two_player_game_both_sides_are_the_opponent(pack):
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 1, faction="lefty")
    keep(state, 0, faction="righty")
    assert _round(game, state, 2) == [{"common": 1}, {"uncommon": 1}]


def test_e140_the_things_of_the_player_to_your_left(pack):
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="watcher")
    put_ship(state, 2, "small", "outer_05")  # seat 0's right: not counted
    assert _round(game, state, 3) == [{}, {}, {}]
    put_ship(state, 1, "small", "outer_09")
    assert _round(game, state, 3, "refresh") == [{"rare": 1}, {}, {}]
