"""Cards designed in plain English first, then written in the effect language from the
docs alone (docs/dsl.md, docs/reference.md), as an outside designer would: each validates,
and a scenario proves it does what its English says (docs/scenarios.md's helpers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight.scenario import (
    adjacent,
    blank,
    choose,
    give,
    keep,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
    rig_dice,
)

#: Each card's `text` is its design in plain English, written before its effect.
PACK = """\
id: nucards
name: Nucards
version: 0.1.0
game: lastlight
depends:
  lastlight: ">=1.0,<2"
allow: [W0902, W0430]  # new cards in a full box; texts in the designer's own words
"""

TECHS = """\
- id: salvage_rights
  name: Salvage Rights
  text: >-
    Each time one of your ships is destroyed, gain 1 [common]; if it was a large ship, gain
    1 [uncommon] instead.
  kind: civilization
  cost: {common: 1, uncommon: 1}
  source: invented
  effect: |
    when unit_lost if this ship is small or this ship is medium or this ship is large ->
      if this ship is large -> gain 1 uncommon else gain 1 common
- id: siege_engineers
  name: Siege Engineers
  text: >-
    While you control 2 or more planets, this ship type has +1 [attack]. Each time you
    destroy an enemy extractor, gain 1 [light].
  kind: ship_mod
  cost: {common: 2}
  source: invented
  effect: |
    while number of planets you control >= 2: this ship type has +1 attack
    when unit_destroyed if not (this ship is small or this ship is medium or this ship is large) ->
      gain 1 light
- id: seal_vault
  name: Seal Vault
  text: >-
    At the end of each round, if you have 3 or more [common], put a seal on this card.
    Action: exhaust this card and remove 2 seals from it to gain 2 [light].
  kind: civilization
  cost: {uncommon: 1}
  source: invented
  effect: |
    when round_end if common >= 3 -> put 1 seal on this card
    activated: exhaust this card and remove 2 seals from this card -> gain 2 light
"""

FACTIONS = """\
- id: tithe_collectors
  name: Tithe Collectors
  text: >-
    At the end of each round, each opponent with more [light] than you gives you 1 [common].
    When you Trade, the opponent you choose gains 1 less [light].
  three_plus: false
  source: invented
  effect: |
    when round_end -> for each opponent ahead -> steal 1 common from it
    you have -1 trade_gift
"""

EXPLORATION = """\
- id: beacon_array
  name: Beacon Array
  text: >-
    Gain 1 [light] for each of your ships in this sector, at most 3.
  kind: deep_space
  source: invented
  effect: gain (min(number of ships of yours here, 3)) light
- id: derelict_freighter
  name: Derelict Freighter
  text: >-
    Gain 1 [uncommon]. If 2 or more of your ships are in this sector, draw 1 tech as well.
  kind: deep_space
  source: invented
  effect: gain 1 uncommon then if number of ships of yours here >= 2 -> draw 1 tech
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("designs") / "nucards"
    folder.mkdir()
    files = {"pack": PACK, "techs": TECHS, "factions": FACTIONS, "exploration": EXPLORATION}
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def test_the_designs_validate_clean(pack: Path) -> None:
    result = load_packs([pack])
    assert result.diagnostics == [] and result.pack is not None


def _state(pack: Path, players: int = 2) -> tuple[Any, dict[str, Any]]:
    game = new_game(players=players, packs=[str(pack)])
    return game, blank(game)


def _attack(game: Any, state: dict[str, Any], attacker: int, size: str, dice: list[str]) -> None:
    """``attacker`` plays Command (the other seat Mine), moves nothing and rolls ``size``."""
    other = 1 - attacker
    choose(game, state, {attacker: "command", other: "mine"})
    game.apply(state, attacker, "done")
    while options(game, state, attacker) == ["yes", "no"]:  # a token's offer on the way
        game.apply(state, attacker, "no")
    rig_dice(state, dice)
    game.apply(state, attacker, f"roll:{size}")


@pytest.mark.parametrize(("lost", "gained"), [("small", "common"), ("large", "uncommon")])
def test_salvage_rights_pays_for_a_ship_lost_and_more_for_a_large_one(
    pack: Path, lost: str, gained: str
) -> None:
    game, state = _state(pack)
    put_tech(state, 0, "salvage_rights")
    victim = put_ship(state, 0, lost, "outer_05")
    state["ships"][victim]["damage"] = 0
    put_ship(state, 1, "large", "outer_05")
    _attack(game, state, 1, "large", ["hit"] * 3)
    assert victim not in state["ships"]
    res = state["players"][0]["res"]
    assert res == {"common": 0, "uncommon": 0, "rare": 0, gained: 1}


def test_salvage_rights_pays_nothing_for_an_extractor_lost(pack: Path) -> None:
    game, state = _state(pack)
    put_tech(state, 0, "salvage_rights")
    put_tech(state, 1, "bombardment", ship_type="large")
    planet = next(iter(state["planets"]))
    sector = state["planets"][planet]["sector"]
    put_extractor(state, 0, planet=planet)
    put_ship(state, 1, "large", sector)
    events: list[dict[str, Any]] = []
    game.listen(events.append)
    _attack(game, state, 1, "large", ["hit"] * 3)
    assert not any(e.get("planet") == planet for e in state["extractors"].values())
    assert [e["what"] for e in events if e["kind"] == "destroyed"] == ["extractor"]
    assert not [e for e in events if "salvage_rights" in str(e)]  # the card did nothing


def _deep_space(state: dict[str, Any]) -> str:
    """An unrevealed deep space sector of the outer ring (no planet, asteroid or home)."""
    return next(
        name
        for name, sector in sorted(state["sectors"].items())
        if name.startswith("outer") and sector["token_kind"] == "deep_space"
    )


@pytest.mark.parametrize(("waiting", "light"), [(0, 1), (2, 3), (4, 3)])
def test_beacon_array_gives_a_light_per_ship_of_yours_here_at_most_3(
    pack: Path, waiting: int, light: int
) -> None:
    game, state = _state(pack)
    target = _deep_space(state)
    state["sectors"][target]["token"] = "beacon_array#1"
    for _ in range(waiting):  # already there (placed: a placed ship reveals nothing)
        put_ship(state, 0, "small", target)
    start = next(s for s in adjacent(state, target) if not state["sectors"][s]["asteroid"])
    scout = put_ship(state, 0, "medium", start)
    put_ship(state, 1, "small", start)  # an enemy ship elsewhere does not count
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, f"move:{scout}:{target}")
    if "done" in options(game, state, 0):  # other ships could move: the move step goes on
        game.apply(state, 0, "done")  # then the tokens of the sectors occupied are revealed
    assert state["sectors"][target]["token"] is None  # revealed: it leaves the board (E14)
    assert state["players"][0]["light"] == light


@pytest.mark.parametrize(("waiting", "drawn"), [(0, 0), (1, 1)])
def test_derelict_freighter_gives_an_uncommon_and_a_tech_with_two_ships_there(
    pack: Path, waiting: int, drawn: int
) -> None:
    """The scout alone: 1 uncommon; the scout and a ship already there: a tech drawn too."""
    game, state = _state(pack)
    target = _deep_space(state)
    state["sectors"][target]["token"] = "derelict_freighter#1"
    for _ in range(waiting):
        put_ship(state, 0, "small", target)
    start = next(s for s in adjacent(state, target) if not state["sectors"][s]["asteroid"])
    scout = put_ship(state, 0, "medium", start)
    hand = len(state["players"][0]["techs_hand"])
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, f"move:{scout}:{target}")
    if "done" in options(game, state, 0):
        game.apply(state, 0, "done")
    assert state["sectors"][target]["token"] is None
    assert state["players"][0]["res"]["uncommon"] == 1
    assert len(state["players"][0]["techs_hand"]) == hand + drawn


def test_siege_engineers_adds_an_attack_die_only_while_two_planets_are_controlled(
    pack: Path,
) -> None:
    rolled = []
    for planets in (1, 2):
        game, state = _state(pack)
        put_tech(state, 0, "siege_engineers", ship_type="small")
        for planet in sorted(state["planets"])[:planets]:
            put_extractor(state, 0, planet=planet)
        ship = put_ship(state, 0, "small", "outer_05")
        put_ship(state, 1, "large", "outer_05")
        events: list[dict[str, Any]] = []
        game.listen(events.append)
        _attack(game, state, 0, "small", ["miss"] * 2)
        assert ship in state["ships"]
        rolled += [len(e["faces"]) for e in events if e["kind"] == "roll"]
    assert rolled == [1, 2]  # a small ship rolls 1 die (000 "Attack"), +1 with two planets


@pytest.mark.parametrize(("victim", "light"), [("extractor", 1), ("ship", 0)])
def test_siege_engineers_gives_a_light_for_an_enemy_extractor_destroyed(
    pack: Path, victim: str, light: int
) -> None:
    game, state = _state(pack)
    put_tech(state, 0, "siege_engineers", ship_type="large")
    put_tech(state, 0, "bombardment", ship_type="large")
    planet = sorted(state["planets"])[0]
    sector = state["planets"][planet]["sector"]
    if victim == "extractor":
        put_extractor(state, 1, planet=planet)
    else:
        put_ship(state, 1, "small", sector)
    put_ship(state, 0, "large", sector)
    _attack(game, state, 0, "large", ["hit"] * 3)
    assert not [x for x in state["extractors"].values() if x["owner"] == 1]
    assert not [s for s in state["ships"].values() if s["owner"] == 1]
    assert state["players"][0]["light"] == light


def _seals(state: dict[str, Any], ref: str) -> int:
    kept = state.get("card_state", {}).get("0", {}).get(ref, {"counters": {}})
    return int(kept["counters"].get("seal", 0))


@pytest.mark.parametrize("common", [2, 3])
def test_seal_vault_seals_at_round_end_only_with_3_common(pack: Path, common: int) -> None:
    game, state = _state(pack)
    ref = put_tech(state, 0, "seal_vault")
    give(state, 0, common=common)
    choose(game, state, {0: "mine", 1: "mine"})  # no extractors: nothing is mined
    assert state["round"] == 2
    assert _seals(state, ref) == (1 if common >= 3 else 0)


def test_seal_vault_pays_2_seals_and_exhausts_for_2_light(pack: Path) -> None:
    game, state = _state(pack)
    ref = put_tech(state, 0, "seal_vault")
    give(state, 0, common=3)
    choose(game, state, {0: "mine", 1: "mine"})
    choose(game, state, {0: "command", 1: "command"})  # no ships: nothing to do
    assert (state["round"], _seals(state, ref)) == (3, 2)
    choose(game, state, {0: "refresh", 1: "construct"})
    while game.current_players(state) == [1]:  # seat 1's Construct (#3) resolves first
        game.apply(state, 1, options(game, state, 1)[-1])
    assert f"use:{ref}" in options(game, state, 0)  # an ability, during its owner's card
    events: list[dict[str, Any]] = []
    game.listen(events.append)
    game.apply(state, 0, f"use:{ref}")
    assert state["players"][0]["light"] == 2
    if "done" in options(game, state, 0):
        assert f"use:{ref}" not in options(game, state, 0)  # exhausted, and no seals
        game.apply(state, 0, "done")
    # 2 seals paid, then round 3 ended with 3 common still held: a seal again
    assert (state["round"], _seals(state, ref)) == (4, 1)
    said = [(e.get("verb"), e.get("args")) for e in events if e["kind"] == "verb"]
    assert said == [
        ("exhaust", ref),
        ("remove", f"2 seal {ref}"),
        ("gain", "2 light"),
        ("put", f"1 seal {ref}"),
    ]


def test_tithe_collectors_take_1_common_from_each_opponent_with_more_light(pack: Path) -> None:
    game, state = _state(pack, players=4)
    keep(state, 0, faction="tithe_collectors")
    for seat, light in enumerate([3, 5, 3, 1]):  # seat 2 ties: not more light than seat 0
        give(state, seat, common=2, light=light)
    choose(game, state, {0: "mine", 1: "mine", 2: "mine", 3: "mine"})
    assert state["round"] == 2
    assert [p["res"]["common"] for p in state["players"]] == [3, 1, 2, 2]


@pytest.mark.parametrize(("faction", "gift"), [("tithe_collectors", 0), (None, 1)])
def test_tithe_collectors_trade_gives_the_chosen_opponent_1_less_light(
    pack: Path, faction: str | None, gift: int
) -> None:
    game, state = _state(pack, players=3)
    if faction is not None:
        keep(state, 0, faction=faction)
    give(state, 0, common=4)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    for _ in range(2):
        game.apply(state, 0, "trade:gain_common")
    assert options(game, state, 0) == ["gift:1", "gift:2"]  # the opponent is still chosen
    game.apply(state, 0, "gift:1")
    assert [p["light"] for p in state["players"]] == [0, gift, 0]
