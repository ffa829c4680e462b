"""Edge cases of action cards #1, #3 and #6 that a tester writes from the rulebook text.

000 "Action Card #1 - Research", "Action Card #3 - construct", 001 FAQ, 004 "2. Attack".
4-player map: seat 0's home is ``distant_00``; planets in ``outer_00``, ``outer_01``.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import LUMOS, home_of

from tests.engine.positions import (
    TECHS,
    choose_all,
    content,
    empty_board,
    extractor,
    force_faces,
    game,
    ids,
    planet_at,
    resolve,
    ship,
    started,
)

#: 000 "bombardment" (ship mod): "This ship can now bombard enemy extractors."
BOMBARDMENT = {
    "id": "bombardment", "name": "Bombardment", "kind": "ship_mod", "cost": {"common": 1},
    "copies": 1, "effect": "this ship type can bombard",
}  # fmt: skip


def _techs(refs: list[str]) -> list[dict[str, Any]]:
    return [{"ref": r, "exhausted": False, "ship_type": None} for r in refs]


# -- #1 Research -------------------------------------------------------------------------------


@pytest.mark.parametrize(("in_play", "light"), [(3, 0), (4, 1), (7, 1), (8, 2)])
def test_000_research_light_is_one_per_full_four_techs(in_play: int, light: int) -> None:
    """000 #1: "Gain 1 [light] for every 4 technology cards you have in play" (001: "round
    down"); ship techs count as in play as civilization techs do."""
    g = game(3)
    state = started(g)
    player = state["players"][0]
    player["techs"] = [
        {"ref": f"x_blaster#{k}", "exhausted": False, "ship_type": "large"} for k in range(in_play)
    ]
    state["deck"], state["discard"] = [], []
    resolve(g, state, [["research", 0]])
    assert player["light"] == light


def test_000_manufacture_any_number_of_techs_in_one_action() -> None:
    """000 "2. Manufacture Technologies": "Play any number of unresearched technology cards
    from your hand by paying the costs"."""
    g = game(3)
    state = started(g)
    player = state["players"][0]
    player["techs_hand"] = ["galactic_monument#1", "resourcefulness#1"]
    player["res"] = {"common": 1, "uncommon": 1, "rare": 0}
    state["deck"], state["discard"] = [], []
    resolve(g, state, [["research", 0]])
    g.apply(state, 0, "make:galactic_monument#1")
    assert "make:resourcefulness#1" in ids(g.legal_options(state, 0))
    g.apply(state, 0, "make:resourcefulness#1")
    assert sorted(t["ref"] for t in player["techs"]) == [
        "galactic_monument#1",
        "resourcefulness#1",
    ]
    assert player["res"] == {"common": 0, "uncommon": 0, "rare": 0}


# -- #3 Construct ------------------------------------------------------------------------------


def test_000_build_as_many_ships_as_you_can_afford() -> None:
    """000 "1. Ships": "You can build as many ships as you can afford to pay for." Two small
    ships at 2 common each, then nothing is left to pay with."""
    g = game(3)
    state = empty_board(started(g))
    player = state["players"][0]
    player["res"] = {"common": 4, "uncommon": 0, "rare": 0}
    resolve(g, state, [["construct", 0]])
    g.apply(state, 0, "build:small")
    g.apply(state, 0, "build:small")
    built = [s for s in state["ships"].values() if s["owner"] == 0]
    assert [(s["size"], s["sector"]) for s in built] == [("small", home_of(state, 0))] * 2
    assert player["res"]["common"] == 0


def test_001_no_extractor_on_a_planet_with_an_enemy_ship_or_without_your_ship() -> None:
    """001 FAQ: "Can I build an extractor on a planet with enemy ships? No. Only if only your
    ships are present." 000 "2. Extractor": "the sector of a planet containing only your
    ships" (E8: at least one)."""
    g = game(4)
    state = empty_board(started(g))
    contested = planet_at(state, "outer_00")
    ship(state, 0, "small", "outer_00")
    ship(state, 1, "small", "outer_00")
    extractor(state, 0, space="common_a", sector=home_of(state, 0))
    resolve(g, state, [["construct", 0]])
    options = ids(g.legal_options(state, 0))
    assert f"extractor:{contested}" not in options
    assert f"extractor:{planet_at(state, 'outer_01')}" not in options  # no ship of seat 0
    assert options == ["extractor:common_b", "extractor:uncommon", "extractor:rare", "skip"]


def test_002_lumos_ships_in_a_graveyard_cannot_be_built() -> None:
    """000 #3: a player may build "a ship that is in an opponent's graveyard" by paying that
    opponent: a ship of their own (the cost is on their board); 002: Lumos ships leaving a
    graveyard go to the box, "never added back" to play."""
    g = game(2)
    state = empty_board(started(g))
    me = state["players"][0]
    me["res"] = {"common": 2, "uncommon": 0, "rare": 0}
    me["supply"]["small"] = 0
    state["players"][1]["graveyard"] = [{"kind": "ship", "owner": LUMOS, "size": "small"}]
    resolve(g, state, [["construct", 0]])
    assert not any(o.startswith("build:") for o in ids(g.legal_options(state, 0)))


# -- #6 Command: bombardment (004) -------------------------------------------------------------


def test_004_only_bombarding_ships_attack_a_sector_with_just_an_extractor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """004: "Ships without bombardment can only attack if there is an enemy ship present.
    Ships with bombardment can attack if there is an enemy ship or extractor present." With
    bombardment on large ships only, the large ship rolls at a lone enemy extractor and the
    small ship may not; the destroyed extractor goes to the destroyer's graveyard (000
    "Graveyard": "When you destroy an enemy ship or extractor")."""
    force_faces(monkeypatch, ["hit", "miss", "miss"])
    g = Game.from_content(content(techs=[*TECHS, BOMBARDMENT]), 4)
    state = empty_board(started(g))
    state["players"][0]["techs"].append(
        {"ref": "bombardment#1", "exhausted": False, "ship_type": "large"}
    )
    ship(state, 0, "large", "outer_00")
    ship(state, 0, "small", "outer_00")
    x = extractor(state, 1, planet=planet_at(state, "outer_00"))
    resolve(g, state, [["attack", [0]]])
    assert ids(g.legal_options(state, 0)) == ["roll:large", "done"]
    g.apply(state, 0, "roll:large")
    assert x not in state["extractors"]
    assert state["players"][0]["graveyard"] == [{"kind": "extractor", "owner": 1, "size": None}]


# -- timing conflicts (000 "playing the game") -------------------------------------------------


def test_000_a_short_supply_goes_to_the_first_player_of_the_same_card() -> None:
    """000 "playing the game": "If the conflict occurs between players who both played the same
    action card, resolve beginning with the player holding the first player token"; E6: the
    supply is finite. One rare resource left, two players mine a rare planet: the token holder
    (seat 1) gets it."""
    g = game(4)
    state = empty_board(started(g))
    state["first"] = 1
    extractor(state, 0, planet=planet_at(state, "inner_0"))  # rare pile: rare resources
    extractor(state, 1, planet=planet_at(state, "inner_2"))
    for p in state["players"]:
        p["res"] = {"common": 0, "uncommon": 0, "rare": 0}
    state["supply"]["rare"] = 1
    choose_all(g, state, {0: "mine", 1: "mine", 2: "mine", 3: "mine"})
    assert [p["res"]["rare"] for p in state["players"]] == [0, 1, 0, 0]


# -- #6 Command: movement ----------------------------------------------------------------------


def test_000_every_ship_size_moves_one_sector_by_default() -> None:
    """000 "1. Move": "Ships of every size can move into 1 adjacent sector by default": small,
    medium and large ships in one sector reach the same sectors."""
    g = game(4)
    state = empty_board(started(g))
    fleet = {size: ship(state, 0, size, "outer_01") for size in ("small", "medium", "large")}
    resolve(g, state, [["move", 0]])
    options = ids(g.legal_options(state, 0))
    reach = {
        size: sorted(o.split(":")[2] for o in options if o.startswith(f"move:{sid}:"))
        for size, sid in fleet.items()
    }
    assert reach["small"] == reach["medium"] == reach["large"]
    assert reach["small"] == ["distant_01", "inner_0", "outer_00", "outer_02"]
