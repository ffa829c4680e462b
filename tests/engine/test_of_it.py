"""`ships of it` inside `for each opponent` (issue 29, the Toll Gate design): each
opponent's own ships are counted, and the steal takes from that opponent only."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.graveyard import destroy
from whitedwarf.interpreter.lastlight.scenario import blank, give, keep, new_game, put_ship

from tests.engine.faction_mod import faction_mod

PACK = """\
id: tolls
name: Tolls
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
description: A Toll Gate faction for the `of it` scenario of issue 29.
allow: [W0902]
"""

FACTIONS = """\
- id: toll_gate
  name: Toll Gate
  three_plus: false
  source: invented
  effect: >-
    when unit_lost -> for each opponent -> if number of ships of it here >= 1 ->
    steal 1 common from it
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return faction_mod(tmp_path_factory, "tolls", PACK, FACTIONS)


def test_each_opponent_with_a_ship_here_pays_the_toll(pack):
    """Seat 0 loses a ship in outer_05 where seat 1 has a ship and seat 2 has none (its ship
    is elsewhere): only seat 1 gives 1 common; `ships of it` are that opponent's ships."""
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="toll_gate")
    give(state, 1, common=2)
    give(state, 2, common=2)
    lost = put_ship(state, 0, "small", "outer_05")
    put_ship(state, 1, "small", "outer_05")
    put_ship(state, 2, "small", "outer_04")
    with events.listening(game.listener):
        destroy(state, lost, 1)
    assert [p["res"]["common"] for p in state["players"]] == [1, 1, 2]
