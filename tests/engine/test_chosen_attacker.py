"""`when that opponent attacks you` (E138 with E139): heard only when the attacker is the
opponent the card chose. Before, the clause was compiled without its chosen player and heard
every attacker."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    choose,
    keep,
    new_game,
    put_ship,
    rig_dice,
)

from tests.engine.faction_mod import faction_mod

PACK = """\
id: grudges
name: Grudges
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
description: A card hearing the attacks of the opponent it chose.
allow: [W0902, W0432]
"""

FACTIONS = """\
- id: grudge_keeper
  name: Grudge Keeper
  three_plus: false
  source: invented
  effect: |
    when game_start -> choose an opponent: gain 1 light
    when that opponent attacks you -> gain 1 common
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return faction_mod(tmp_path_factory, "grudges", PACK, FACTIONS)


@pytest.mark.parametrize(("chosen", "attacker", "gained"), [(1, 1, 1), (2, 1, 0), (None, 1, 0)])
def test_e139_only_the_chosen_opponents_attack_is_heard(pack, chosen, attacker, gained):
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="grudge_keeper")
    if chosen is not None:
        chose = {"counters": {}, "chosen": {"opponent": f"p{chosen}"}}
        state["card_state"] = {"0": {"grudge_keeper": chose}}
    put_ship(state, 0, "small", "outer_05")
    put_ship(state, attacker, "small", "outer_05")
    game.edited(state)
    cards = {0: "mine", 1: "mine", 2: "mine"}
    cards[attacker] = "command"
    choose(game, state, cards)
    game.apply(state, attacker, "done")
    rig_dice(state, ["miss"])
    game.apply(state, attacker, "roll:small")
    # seat 0 controls no planet: its Mine gives it nothing
    assert state["players"][0]["res"]["common"] == gained
