"""Action cards #1-#5 (000 "Action Card #1" ... "#5")."""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.lastlight.state import LUMOS, home_of

from tests.engine.positions import (
    empty_board,
    extractor,
    game,
    ids,
    planet_at,
    resolve,
    ship,
    started,
)

# -- #1 Research -------------------------------------------------------------------------------


def test_000_research_light_per_four_techs_and_draw_three_keep_two() -> None:
    """000 #1: 1 light per 4 techs in play (exhausted count: public FAQ); draw 3, keep 2,
    discard 1 face up."""
    g = game(3)
    state = started(g)
    player = state["players"][0]
    player["techs"] = [
        {"ref": f"galactic_monument#{k}", "exhausted": k == 1, "ship_type": None}
        for k in range(1, 6)
    ]
    state["deck"] = ["x_blaster#1", "planning#1", "warp_drive#1"]
    state["discard"] = []
    resolve(g, state, [["research", 0]])
    assert player["light"] == 1
    options = ids(g.legal_options(state, 0))
    assert options == ["discard:warp_drive#1", "discard:planning#1", "discard:x_blaster#1"]
    g.apply(state, 0, "discard:planning#1")
    assert state["discard"] == ["planning#1"]
    assert {"warp_drive#1", "x_blaster#1"} <= set(player["techs_hand"])


def test_000_manufacture_pays_cost_and_civilization_names_are_unique() -> None:
    """000 "Manufacture Technologies": pay the cost to the supply; no duplicate civ names."""
    g = game(3)
    state = started(g)
    player = state["players"][0]
    player["techs_hand"] = ["galactic_monument#1", "galactic_monument#2"]
    player["res"]["common"] = 5
    state["supply"]["common"] -= 5
    supply_before = state["supply"]["common"]
    state["deck"] = []
    resolve(g, state, [["research", 0]])
    assert ids(g.legal_options(state, 0)) == ["make:galactic_monument#1", "done"]
    g.apply(state, 0, "make:galactic_monument#1")
    assert player["res"]["common"] == 4 and state["supply"]["common"] == supply_before + 1
    assert player["techs"] == [
        {"ref": "galactic_monument#1", "exhausted": False, "ship_type": None}
    ]
    # The second copy has the same name: nothing left to make, the step ends by itself.
    assert state["phase"] != "resolve" or state["stack"][-1]["kind"] != "research"


def test_000_ship_ability_replaces_the_old_one_of_its_type() -> None:
    """000: "Playing a ship ability on a ship type that already has one causes the previously
    played technology card to be discarded." """
    g = game(3)
    state = started(g)
    player = state["players"][0]
    player["techs"] = [{"ref": "planning#1", "exhausted": False, "ship_type": "medium"}]
    player["techs_hand"] = ["warp_drive#1"]
    player["res"]["rare"] = 1
    state["deck"], state["discard"] = [], []
    resolve(g, state, [["research", 0]])
    assert ids(g.legal_options(state, 0)) == [
        "make:warp_drive#1:small", "make:warp_drive#1:medium", "make:warp_drive#1:large", "done",
    ]  # fmt: skip
    g.apply(state, 0, "make:warp_drive#1:medium")
    assert player["techs"] == [{"ref": "warp_drive#1", "exhausted": False, "ship_type": "medium"}]
    assert state["discard"] == ["planning#1"]


def test_000_ship_mods_fill_1_2_3_slots() -> None:
    """000: small ships hold 1 mod, medium 2, large 3; a full type takes no more (E4)."""
    g = game(3)
    state = started(g)
    player = state["players"][0]
    player["techs"] = [
        {"ref": "x_blaster#1", "exhausted": False, "ship_type": "small"},
        {"ref": "x_blaster#2", "exhausted": False, "ship_type": "medium"},
        {"ref": "galactic_monument#1", "exhausted": False, "ship_type": None},
    ]
    player["techs_hand"] = ["x_blaster#3"]
    player["res"]["common"] = 2
    state["deck"] = []
    resolve(g, state, [["research", 0]])
    assert ids(g.legal_options(state, 0)) == [
        "make:x_blaster#3:medium",
        "make:x_blaster#3:large",
        "done",
    ]


# -- #2 Mine -----------------------------------------------------------------------------------


def test_000_mine_one_resource_per_extractor_even_when_blockaded() -> None:
    """000 #2: planets yield their token's resource, colony spaces their icon; public FAQ: a
    blockaded planet can still be mined."""
    g = game(4)
    state = empty_board(started(g))
    planet = planet_at(state, "inner_0")  # a rare pile planet
    extractor(state, 0, planet=planet)
    extractor(state, 0, space="common_a", sector=home_of(state, 0))
    extractor(state, 0, space="uncommon", sector=home_of(state, 0))
    ship(state, 1, "small", "inner_0")
    state["players"][0]["res"] = {"common": 0, "uncommon": 0, "rare": 0}
    resolve(g, state, [["mine", 0]])
    assert state["players"][0]["res"] == {"common": 1, "uncommon": 1, "rare": 1}


# -- #3 Construct ------------------------------------------------------------------------------


def test_000_construct_ships_at_home_paying_the_supply() -> None:
    """000 #3 "1. Ships": pay the board cost; the ship is placed in your home sector."""
    g = game(3)
    state = empty_board(started(g))
    player = state["players"][1]
    player["res"] = {"common": 4, "uncommon": 1, "rare": 0}
    resolve(g, state, [["construct", 1]])
    assert ids(g.legal_options(state, 1)) == ["build:small", "build:medium", "done"]
    g.apply(state, 1, "build:medium")
    assert player["res"] == {"common": 2, "uncommon": 0, "rare": 0}
    (built,) = state["ships"].values()
    assert (built["owner"], built["size"], built["sector"]) == (1, "medium", home_of(state, 1))
    assert player["supply"]["medium"] == 2


def test_000_construct_from_an_opponents_graveyard_pays_that_opponent() -> None:
    """000 #3: build a ship that is in an opponent's graveyard by paying that opponent."""
    g = game(3)
    state = empty_board(started(g))
    me, them = state["players"][0], state["players"][2]
    me["res"]["common"] = 2
    them["res"]["common"] = 0
    me["supply"]["small"] = 0
    them["graveyard"] = [
        {"kind": "ship", "owner": 0, "size": "small"},
        {"kind": "extractor", "owner": 0, "size": None},
    ]
    resolve(g, state, [["construct", 0]])
    assert ids(g.legal_options(state, 0)) == ["build:small@2", "done"]
    g.apply(state, 0, "build:small@2")
    assert me["res"]["common"] == 0 and them["res"]["common"] == 2
    assert them["graveyard"] == [{"kind": "extractor", "owner": 0, "size": None}]


def test_000_one_free_extractor_on_colony_or_annexed_planet() -> None:
    """000 #3 "2. Extractor": an empty colony ship space, or a planet containing only your
    ships and no extractor; only one; free."""
    g = game(4)
    state = empty_board(started(g))
    mine_ = planet_at(state, "outer_00")
    contested = planet_at(state, "inner_0")
    taken = planet_at(state, "outer_01")
    ship(state, 0, "small", "outer_00")
    ship(state, 0, "small", "inner_0")
    ship(state, LUMOS, "small", "inner_0")
    ship(state, 0, "small", "outer_01")
    extractor(state, 3, planet=taken)
    extractor(state, 0, space="common_a", sector=home_of(state, 0))
    resolve(g, state, [["construct", 0]])
    assert ids(g.legal_options(state, 0)) == [
        "extractor:common_b", "extractor:uncommon", "extractor:rare", f"extractor:{mine_}", "skip",
    ]  # fmt: skip
    assert contested
    g.apply(state, 0, f"extractor:{mine_}")
    assert state["players"][0]["supply"]["extractor"] == 6
    assert state["phase"] == "choose"  # one extractor only, then the round ended


# -- #4 Trade ----------------------------------------------------------------------------------


def test_000_trade_two_choices_same_twice_then_gift_light() -> None:
    """000 #4: choose 2 (the same twice allowed), then another player gains 1 light."""
    g = game(3)
    state = started(g)
    player = state["players"][0]
    player["res"] = {"common": 4, "uncommon": 0, "rare": 0}
    resolve(g, state, [["trade", 0]])
    assert "trade:common_to_uncommon" in ids(g.legal_options(state, 0))
    g.apply(state, 0, "trade:common_to_uncommon")
    g.apply(state, 0, "trade:common_to_uncommon")
    assert player["res"] == {"common": 0, "uncommon": 2, "rare": 0}
    assert ids(g.legal_options(state, 0)) == ["gift:1", "gift:2"]
    g.apply(state, 0, "gift:2")
    assert state["players"][2]["light"] == 1 and player["light"] == 0


def test_000_trade_rare_for_light_and_two_player_gift_is_automatic() -> None:
    """E3: 2 rare -> 1 light; with one other player the gift needs no decision."""
    g = game(2)
    state = started(g)
    player = state["players"][0]
    player["res"] = {"common": 0, "uncommon": 0, "rare": 4}
    resolve(g, state, [["trade", 0]])
    g.apply(state, 0, "trade:rare_to_light")
    g.apply(state, 0, "trade:rare_to_light")
    assert player["light"] == 2 and state["players"][1]["light"] == 1


# -- #5 Refresh --------------------------------------------------------------------------------


def test_000_refresh_readies_heals_takes_back_and_claims() -> None:
    """000 #5: ready cards, heal ships, take back played cards (Refresh stays); claim 1 light
    per outer and 2 per inner non-blockaded planet extractor."""
    g = game(4)
    state = empty_board(started(g))
    player = state["players"][0]
    player["techs"] = [{"ref": "galactic_monument#1", "exhausted": True, "ship_type": None}]
    player["faction_exhausted"] = True
    player["hand"] = ["command"]
    player["played"] = ["research", "mine", "construct", "trade", "refresh"]
    hurt = ship(state, 0, "medium", "outer_02", damage=1)
    extractor(state, 0, planet=planet_at(state, "inner_0"))
    extractor(state, 0, planet=planet_at(state, "outer_00"))
    extractor(state, 0, planet=planet_at(state, "outer_01"))
    blockaded = extractor(state, 0, planet=planet_at(state, "outer_04"))
    extractor(state, 0, planet=planet_at(state, "distant_01"))
    ship(state, 2, "small", state["extractors"][blockaded]["sector"])
    resolve(g, state, [["refresh", 0]])
    assert player["light"] == 2 + 1 + 1
    assert not player["techs"][0]["exhausted"] and not player["faction_exhausted"]
    assert state["ships"][hurt]["damage"] == 0
    assert player["played"] == ["refresh"]


def test_002_lumos_blockade_only_non_allies() -> None:
    """002: "Lumos ships blockade planets of the player(s) they are not allied with"."""
    g = game(2)
    state = empty_board(started(g))
    for seat in (0, 1):
        extractor(state, seat, planet=planet_at(state, "outer_00" if seat == 0 else "outer_08"))
    ship(state, LUMOS, "small", "outer_00")
    ship(state, LUMOS, "small", "outer_08")
    state["lumos"]["ally"] = 0
    state["players"][1]["light"] = 5
    resolve(g, state, [["refresh", 0], ["refresh", 1]])
    assert state["players"][0]["light"] == 1
    assert state["players"][1]["light"] == 5


def test_a_ship_built_free_from_a_graveyard_renews_its_holders_stamp(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A graveyard is part of its holder's ``me`` (conditions count its units): a ship built
    from it for nothing (a discount covering its cost) pays nobody, so the build itself must
    renew the stamp, or a condition read before stays answered from the old graveyard.
    Found by the versions audit (tests/engine/test_versions.py) on another 4-player map."""
    from whitedwarf.interpreter.lastlight import construct, versions
    from whitedwarf.interpreter.lastlight.conditions import FINGERPRINTS

    g = game(3)
    state = empty_board(started(g))
    state["players"][0]["supply"]["small"] = 0
    state["players"][2]["graveyard"] = [{"kind": "ship", "owner": 0, "size": "small"}]
    monkeypatch.setattr(construct, "discounted", lambda cost, discount: {})  # all of it off
    resolve(g, state, [["construct", 0]])
    before = versions.of(state).stamps["me", 2], FINGERPRINTS["me"](state, 2)
    g.apply(state, 0, "build:small@2")
    after = versions.of(state).stamps["me", 2], FINGERPRINTS["me"](state, 2)
    assert state["players"][2]["graveyard"] == []
    assert after[1] != before[1] and after[0] != before[0]
