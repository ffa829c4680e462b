"""`unit_destroyed_by_type`: "When a ship of this type destroys an enemy unit" on a ship tech
(docs/rules-decisions.md E142). 004 "Attack": a destroyed ship goes to "the player who
assigned the final damage"; 000 "Attack": each ship type rolls its dice together, so the
final damage came from one ship type's roll, and the ship techs of that type hear it (E127:
a ship tech is about its ship type). Positions written with docs/scenarios.md's helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.graveyard import destroy
from whitedwarf.interpreter.lastlight.scenario import (
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

PACK = """\
id: bounty
name: Bounty
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
allow: [W0902]
"""

#: Designed in English first (each `text`), then written from docs/dsl.md and the reference.
TECHS = """\
- id: bounty_hunters
  name: Bounty Hunters
  kind: ship_mod
  cost: {common: 1}
  source: invented
  text: "When a ship of this type destroys an enemy unit: gain 1 [common]."
  effect: when unit_destroyed_by_type -> gain 1 common
- id: salvage_crews
  name: Salvage Crews
  kind: ship_ability
  cost: {common: 1}
  source: invented
  text: "When a ship of this type destroys an enemy unit, if this ship is large: gain 1 [rare]."
  effect: when unit_destroyed_by_type if this ship is large -> gain 1 rare
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bounty") / "bounty"
    folder.mkdir()
    (folder / "pack.yaml").write_text(PACK, "utf-8")
    (folder / "techs.yaml").write_text(TECHS, "utf-8")
    return folder


def fight(pack: Path, enemy: str, damage: int = 0) -> tuple[Game, dict, str]:
    """Seat 0 with Bounty Hunters on its small ships and Salvage Crews on its medium ones,
    a small and a medium ship in outer_05 against one enemy ship there; seat 0 commands
    and has moved (its attack is next)."""
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    put_tech(state, 0, "bounty_hunters", ship_type="small")
    put_tech(state, 0, "salvage_crews", ship_type="medium")
    put_ship(state, 0, "small", "outer_05")
    put_ship(state, 0, "medium", "outer_05")
    target = put_ship(state, 1, enemy, "outer_05", damage=damage)
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")  # no move
    return game, state, target


def attack(game: Game, state: dict, rolls: list[tuple[str, list[str]]]) -> None:
    """Seat 0 rolls each group with the faces given, then ends its attack."""
    for group, faces in rolls:
        rig_dice(state, faces)
        game.apply(state, 0, f"roll:{group}")
    while game.current_players(state) == [0]:
        game.apply(
            state, 0, "done" if "done" in options(game, state, 0) else options(game, state, 0)[0]
        )


def holdings(state: dict) -> tuple[int, int]:
    res = state["players"][0]["res"]
    return res["common"], res["rare"]


def test_the_ship_type_whose_roll_destroyed_it_hears_it(pack: Path) -> None:
    """The small ship's hit destroys the enemy small ship: the small ships' Bounty Hunters
    pay 1 common; the medium ships' Salvage Crews hear nothing (not their kill)."""
    game, state, target = fight(pack, "small")
    attack(game, state, [("small", ["hit"])])
    assert target not in state["ships"]
    assert holdings(state) == (1, 0)


def test_another_types_kill_is_not_heard(pack: Path) -> None:
    """The medium ships' two hits destroy a damaged large ship (3 shields, 1 damage): Salvage
    Crews (medium, `if this ship is large`: the unit destroyed) pays 1 rare; the small ships'
    Bounty Hunters nothing, though seat 0 destroyed a unit."""
    game, state, target = fight(pack, "large", damage=1)
    attack(game, state, [("medium", ["hit", "hit"])])
    assert target not in state["ships"]
    assert holdings(state) == (0, 1)


def test_a_condition_on_the_unit_destroyed_still_holds(pack: Path) -> None:
    """Salvage Crews' medium kill of a small ship: its condition (`this ship is large`, the
    unit destroyed) is false, so nothing; the final damage was the medium roll's."""
    game, state, target = fight(pack, "small")
    attack(game, state, [("medium", ["hit", "miss"])])
    assert target not in state["ships"]
    assert holdings(state) == (0, 0)


def test_a_unit_a_cards_verb_destroys_is_no_ship_types_kill(pack: Path) -> None:
    """No ship rolled: `unit_destroyed` fires (the graveyard fills) but no ship tech hears
    `unit_destroyed_by_type`."""
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    put_tech(state, 0, "bounty_hunters", ship_type="small")
    target = put_ship(state, 1, "small", "outer_05")
    destroy(state, target, 0)
    assert state["players"][0]["graveyard"] and holdings(state) == (0, 0)


def test_a_hit_kept_across_a_save_keeps_its_ship_type(pack: Path) -> None:
    """A hit assigned waits in the state, with the type that rolled it, until the attack's
    damage is resolved at once (004): saved and loaded there, the kill is still the small
    ships'."""
    game, state, target = fight(pack, "small")
    other = put_ship(state, 1, "medium", "outer_05")
    Game.edited(state)
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")  # one hit, two targets: seat 0 is asked
    assert options(game, state, 0) == [f"assign:{target}", f"assign:{other}"]
    game.apply(state, 0, f"assign:{target}")
    assert target in state["ships"]  # not yet: damage is resolved when the attack ends
    state = persist.load(persist.save(state))
    game.apply(state, 0, "done")
    assert target not in state["ships"] and holdings(state) == (1, 0)


def test_on_a_card_without_a_ship_type_it_is_refused_with_the_way_to_say_it(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "wrong"
    folder.mkdir()
    (folder / "pack.yaml").write_text(PACK.replace("bounty", "wrong"), "utf-8")
    (folder / "factions.yaml").write_text(
        "- id: hunters\n  name: Hunters\n  three_plus: false\n  source: invented\n"
        '  text: "x"\n  effect: when unit_destroyed_by_type -> gain 1 common\n',
        "utf-8",
    )
    (error,) = [d for d in load_packs([folder]).diagnostics if d.is_error]
    assert error.code == "E0411" and (error.span.line, error.span.column) == (6, 16)
    assert (
        "`unit_destroyed_by_type` is about `this ship type`, which a faction card" in error.message
    )
    assert "only ship_ability or ship_mod cards hear it" in (error.hint or "")
    assert "`unit_destroyed` is the same moment for any card" in (error.hint or "")


#: "When you destroy an enemy extractor" and "when you lose an extractor" (E143), which were
#: only `when unit_destroyed if not (this ship is small or ... large)`.
FACTIONS = """\
- id: wreckers
  name: Wreckers
  three_plus: false
  source: invented
  text: "When you destroy an enemy extractor: gain 1 [light]."
  effect: when extractor_destroyed -> gain 1 light
- id: insurers
  name: Insurers
  three_plus: false
  source: invented
  text: "When you lose an extractor: steal 1 [common] from the destroyer."
  effect: when extractor_lost -> steal 1 common from the destroyer
"""


@pytest.fixture(scope="module")
def extractor_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wreck") / "wreck"
    folder.mkdir()
    (folder / "pack.yaml").write_text(PACK.replace("bounty", "wreck"), "utf-8")
    (folder / "factions.yaml").write_text(FACTIONS, "utf-8")
    return folder


def test_an_extractor_destroyed_is_heard_by_both_sides_and_a_ship_is_not(
    extractor_pack: Path,
) -> None:
    game = new_game(players=2, packs=[extractor_pack])
    state = blank(game)
    keep(state, 0, faction="wreckers")
    keep(state, 1, faction="insurers")
    give(state, 0, common=2)
    planet = sorted(state["planets"])[0]
    target = put_extractor(state, 1, planet=planet)
    ship = put_ship(state, 1, "small", state["planets"][planet]["sector"])
    destroy(state, ship, 0)  # a ship: neither card
    assert state["players"][0]["light"] == 0 and state["players"][0]["res"]["common"] == 2
    destroy(state, target, 0)
    assert state["players"][0]["light"] == 1  # Wreckers
    assert state["players"][0]["res"]["common"] == 1  # Insurers took one from the destroyer
    assert state["players"][1]["res"]["common"] == 1
