"""`when an opponent gains light` and `when light_gained` in play (docs/rules-decisions.md
E141): heard after whatever gained the light, once per seat that gained, never for light set
by hand, and a loop of cards gaining light for each other ends the game with one error."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.game import EffectLimitReached, Game
from whitedwarf.interpreter.lastlight.scenario import blank, choose, give, keep, new_game

from tests.engine.faction_mod import faction_mod

PACK = """\
id: envy
name: Envy
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
description: Cards hearing light gained.
allow: [W0902, W0432]
"""

FACTIONS = """\
- id: shiner
  name: Shiner
  three_plus: false
  source: invented
  effect: when round_end -> gain 2 light
- id: envious
  name: Envious
  three_plus: false
  source: invented
  effect: when an opponent gains light -> gain 1 common
- id: glad
  name: Glad
  three_plus: false
  source: invented
  effect: |
    when round_end -> gain 1 light
    when light_gained -> gain 1 uncommon
- id: echo
  name: Echo
  three_plus: false
  source: invented
  effect: when an opponent gains light -> gain 1 light
- id: mirror
  name: Mirror
  three_plus: false
  source: invented
  effect: |
    when round_end -> gain 1 light
    when an opponent gains light -> gain 1 light
- id: taxman
  name: Taxman
  three_plus: false
  source: invented
  effect: when an opponent gains light -> steal 1 common from the player who gained light
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return faction_mod(tmp_path_factory, "envy", PACK, FACTIONS)


def _round(game: Game, state: dict, players: int) -> None:
    """Every seat plays Command with nothing to command, and the round ends."""
    start = state["round"]
    choose(game, state, dict.fromkeys(range(players), "command"))
    while state["round"] == start and game.current_players(state):
        game.apply(state, game.current_players(state)[0], "done")


def _res(state: dict, unit: str) -> list[int]:
    return [p["res"][unit] for p in state["players"]]


def test_e141_an_opponents_light_is_heard_once_per_gain(pack):
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="envious")
    keep(state, 1, faction="shiner")
    give(state, 2, light=3)  # light set by hand is no gain: nothing is heard
    _round(game, state, 3)
    assert state["players"][1]["light"] == 2
    assert _res(state, "common") == [1, 0, 0]


def test_e141_your_own_light_is_heard_by_your_trigger_not_your_reaction(pack):
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="glad")
    keep(state, 1, faction="envious")
    _round(game, state, 2)
    assert _res(state, "uncommon") == [1, 0]  # glad hears its own light
    assert _res(state, "common") == [0, 1]  # envious hears glad's


def test_e141_the_player_who_gained_light_and_a_save_in_between(pack):
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="taxman")
    keep(state, 1, faction="shiner")
    give(state, 1, common=2)
    state = persist.load(persist.save(state))
    _round(game, state, 2)
    assert _res(state, "common") == [1, 1]
    assert state["light_heard"] == [0, 2]
    again = persist.load(persist.save(state))
    assert again["light_heard"] == [0, 2]  # a reload hears nothing twice


def test_e141_cards_gaining_light_for_each_other_stop_the_game_with_one_error(pack):
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="echo")
    keep(state, 1, faction="mirror")
    with pytest.raises(EffectLimitReached, match="light gained was heard more than 16 levels") as e:
        _round(game, state, 2)
    # named by a card that hears it, so `play` places the error at the card (DESIGN 3)
    assert e.value.card == "echo" and "card 'echo'" in str(e.value)


def test_e141_a_content_without_such_cards_keeps_no_light_heard():
    """The base game hears no light gained: its states are as before (same_games.py)."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, common=3)
    _round(game, state, 2)
    assert "light_heard" not in state
