"""Every verb of the vocabulary on a real Last Light state (position -> effect -> state)."""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.lastlight import hooks, verbs
from whitedwarf.interpreter.lastlight.command import destinations
from whitedwarf.interpreter.lastlight.stats import stat

from tests.effects.scenario import (
    extractor,
    faction,
    fresh,
    home,
    ids,
    sector_of,
    ship,
    tech,
    token,
)
from tests.engine.positions import resolve


def test_gain_takes_from_the_finite_supply():
    # 000 "Components": the supply is what is in the box; short supply gives what is left.
    _g, s = fresh()
    s["supply"]["rare"] = 1
    token(s, 0, "t", "gain 2 rare then gain 3 light")
    assert s["players"][0]["res"]["rare"] == 1
    assert s["supply"]["rare"] == 0
    assert s["players"][0]["light"] == 3


def test_a_pay_nothing_follows_takes_what_there_is_and_one_followed_is_all_or_nothing():
    # docs/dsl.md "Costs before ->": "lose 1 light per damaged ship" at the game's end takes
    # the light there is; a pay a step waits on is a cost, never half paid.
    _g, s = fresh()
    s["players"][0]["light"] = 2
    token(s, 0, "t", "pay 3 light")
    assert s["players"][0]["light"] == 0
    s["players"][0]["light"] = 2
    token(s, 0, "t", "pay 3 light then gain 1 rare")
    assert s["players"][0]["light"] == 2
    assert s["players"][0]["res"]["rare"] == 0


def test_pay_is_asked_only_when_affordable():
    # 000 "Manufacture Technologies": costs return to the supply; a cost is never half paid.
    g, s = fresh()
    token(s, 0, "t", "may pay 1 rare -> gain 2 light")
    assert not s["frames"]
    s["players"][0]["res"]["rare"] = 1
    token(s, 0, "t", "may pay 1 rare -> gain 2 light")
    assert ids(g, s, 0) == ["yes", "no"]
    g.apply(s, 0, "yes")
    assert s["players"][0]["res"]["rare"] == 0
    assert s["players"][0]["light"] == 2
    assert not s["frames"]


def test_give_to_another_player_asks_which():
    # 000 "Action Card #4": "choose 1 other player to gain 1 [light] from the supply".
    g, s = fresh()
    token(s, 0, "t", "give 1 light to another player")
    assert ids(g, s, 0) == ["pick:p1", "pick:p2", "pick:p3"]
    g.apply(s, 0, "pick:p2")
    assert [p["light"] for p in s["players"]] == [0, 0, 1, 0]


def test_steal_takes_what_the_opponent_has():
    _g, s = fresh(players=2)
    s["players"][1]["res"]["common"] = 1
    token(s, 0, "t", "steal 2 common from an opponent")
    assert s["players"][0]["res"]["common"] == 1
    assert s["players"][1]["res"]["common"] == 0


def test_exhaust_is_a_cost_and_activated_abilities_wait_for_refresh():
    # 000 "Civilization technology cards": exhausted "until you play your Refresh card";
    # 001 FAQ: activated during your own action resolution (the engine offers these).
    _g, s = fresh()
    ref = tech(s, 0, "monument", "activated: exhaust this card -> gain 1 light")
    assert hooks.activated_options(s, 0) == [(f"use:{ref}", "use Monument")]
    hooks.start_activated(s, 0, f"use:{ref}")
    assert s["players"][0]["light"] == 1
    assert s["players"][0]["techs"][0]["exhausted"]
    assert hooks.activated_options(s, 0) == []


def test_unexhaust_another_exhausted_tech():
    # 000 resourcefulness: "Exhaust this card to unexhaust another technology card."
    _g, s = fresh()
    tech(s, 0, "monument", "activated: exhaust this card -> gain 1 light", exhausted=True)
    ref = tech(
        s, 0, "resourceful", "activated: exhaust this card -> unexhaust an exhausted tech of yours"
    )
    hooks.start_activated(s, 0, ref)
    assert [t["exhausted"] for t in s["players"][0]["techs"]] == [False, True]


def test_draw_puts_the_deck_top_in_hand_and_reshuffles_the_discard():
    # 000 "Exploration": "Draw one technology card and put it in your hand".
    _g, s = fresh()
    top = s["deck"][-1]
    token(s, 0, "t", "draw 1 tech")
    assert s["players"][0]["techs_hand"] == [top]
    s["discard"], s["deck"] = list(s["deck"]), []
    pile = len(s["discard"])
    token(s, 0, "t", "draw 2 techs")
    assert len(s["players"][0]["techs_hand"]) == 3
    # research.draw_one: an empty deck is refilled by shuffling the discard pile.
    assert (len(s["deck"]), s["discard"]) == (pile - 2, [])


def test_manufacture_free_puts_a_tech_in_play_without_paying():
    # 000 "Exploration": "Research a tech without paying its cost."
    _g, s = fresh()
    s["players"][0]["techs_hand"] = ["galactic_monument#1"]
    token(s, 0, "t", "manufacture_free an unresearched tech of yours")
    assert s["players"][0]["techs"] == [
        {"ref": "galactic_monument#1", "exhausted": False, "ship_type": None}
    ]
    assert s["players"][0]["techs_hand"] == []


def test_manufacture_free_of_a_ship_mod_asks_the_ship_type():
    # 000 "Ship mod technology cards" go under one ship type of the player board.
    g, s = fresh()
    s["players"][0]["techs_hand"] = ["x_blaster#1"]
    token(s, 0, "t", "manufacture_free an unresearched tech of yours")
    assert ids(g, s, 0) == ["slot:small", "slot:medium", "slot:large"]
    g.apply(s, 0, "slot:medium")
    assert s["players"][0]["techs"][0]["ship_type"] == "medium"
    assert stat(s, 0, "attack", "medium") == 3


def test_discard_a_tech_other_than_this_card():
    _g, s = fresh()
    other = tech(s, 0, "monument", "activated: exhaust this card -> gain 1 light")
    scrap = tech(
        s, 0, "scrap", "activated: discard a tech of yours other than this card -> gain 2 uncommon"
    )
    hooks.start_activated(s, 0, scrap)
    assert [t["ref"] for t in s["players"][0]["techs"]] == [scrap]
    assert s["discard"][-1] == other
    assert s["players"][0]["res"]["uncommon"] == 2


def test_take_back_never_returns_refresh():
    # 000 "Action Card #5": "A played Refresh card cannot be returned to your hand".
    _g, s = fresh()
    p = s["players"][0]
    p["hand"], p["played"] = ["mine"], ["research", "refresh"]
    token(s, 0, "t", "take_back a played action card of yours")
    assert p["played"] == ["refresh"]
    assert sorted(p["hand"]) == ["mine", "research"]
    token(s, 0, "t", "take_back a played action card of yours")
    assert p["played"] == ["refresh"]


def test_build_small_ship_in_this_sector_from_the_supply_only():
    # 000 "Exploration Icons Explained": "Immediately build a small ship in this sector (if
    # you have one unbuilt in your supply)".
    _g, s = fresh()
    faction(s, 0, "watcher", "when ship_built -> gain 1 common")
    token(s, 0, "t", "build small ship in this sector", sector="outer_08")
    built = [x for x in s["ships"].values() if x["owner"] == 0]
    assert [(x["size"], x["sector"]) for x in built] == [("small", "outer_08")]
    assert s["players"][0]["supply"]["small"] == 4
    assert s["players"][0]["res"]["common"] == 1  # ship_built fired
    s["players"][0]["supply"]["small"] = 0
    token(s, 0, "t", "build small ship in this sector", sector="outer_08")
    assert len(s["ships"]) == 1


def test_build_extractor_on_this_planet_fires_extractor_built():
    # 000 "Exploration": "You may immediately build an extractor on this planet"; Allterra.
    g, s = fresh()
    faction(s, 0, "allterra_like", "when extractor_built -> mine this planet")
    planet = "glacis"  # uncommon
    token(s, 0, "t", "may build extractor on this planet", kind="planetary",
          sector=sector_of(s, planet), planet=planet)  # fmt: skip
    g.apply(s, 0, "yes")
    (x,) = s["extractors"].values()
    assert (x["owner"], x["planet"]) == (0, planet)
    assert s["players"][0]["res"]["uncommon"] == 1


def test_build_extractor_anywhere_follows_the_construct_rule():
    # 000 "2. Extractor": an empty colony space, or a planet with only your ships.
    g, s = fresh()
    ship(s, 0, "small", sector_of(s, "glacis"))
    ship(s, 0, "small", sector_of(s, "ashfall"))
    ship(s, 1, "small", sector_of(s, "ashfall"))
    token(s, 0, "t", "build extractor")
    options = ids(g, s, 0)
    assert "place:glacis" in options and "place:ashfall" not in options
    assert any(o.startswith("place:common") for o in options)
    g.apply(s, 0, "place:glacis")
    assert [x["planet"] for x in s["extractors"].values()] == ["glacis"]


def test_a_ship_size_asked_again_offers_only_the_sizes_left():
    # E124: a ship without a size (compiled content only: a card's text names the size,
    # E0406) asks which; asked again, a size whose supply ran out is not offered.
    _g, s = fresh()
    frame = {"owner": 0, "card": "t", "context": {}}
    asked = verbs.verb_build(s, frame, [{"unit_kind": "ship", "size": None}])
    assert [o[0] for o in asked["options"]] == ["size:small", "size:medium", "size:large"]
    s["players"][0]["supply"]["small"] = 0
    again = verbs.reask_build(s, frame, asked)
    assert [o[0] for o in again["options"]] == ["size:medium", "size:large"]
    assert again["sector"] == asked["sector"] == home(s, 0)
    s["players"][0]["supply"].update(medium=0, large=0)
    assert verbs.reask_build(s, frame, asked) is None


def test_move_to_any_sector_but_not_an_asteroid():
    # Warp drive: "to any location"; 000 "1. Move": ships cannot enter an asteroid sector.
    _g, s = fresh()
    sid = ship(s, 0, "small", home(s, 0))
    assert s["sectors"]["outer_03"]["asteroid"]
    token(s, 0, "t", "move a ship of yours to this sector", sector="outer_03")
    assert s["ships"][sid]["sector"] == home(s, 0)
    token(s, 0, "t", "move a ship of yours to this sector", sector="centre")
    assert s["ships"][sid]["sector"] == "centre"


def test_move_reveals_the_token_where_it_arrives():
    # 000 "1. Move": tokens in sectors you occupy are revealed and resolved; deep space
    # tokens leave the board; token_revealed fires before the token's effect.
    _g, s = fresh()
    faction(s, 0, "explorer", "when token_revealed -> gain 1 common")
    sid = ship(s, 0, "small", home(s, 0))
    assert s["sectors"]["inner_3"]["token"] == "stellar_remnant#1"  # gain 1 light
    token(s, 0, "t", "move a ship of yours to this sector", sector="inner_3")
    assert s["ships"][sid]["sector"] == "inner_3"
    assert s["sectors"]["inner_3"]["token"] is None
    assert "stellar_remnant#1" in s["explored"]
    assert s["players"][0]["light"] == 1
    assert s["players"][0]["res"]["common"] == 1


def test_an_enemy_ship_moved_by_your_card_reveals_nothing():
    # rules-decisions R1: pushing an opponent's ship is not that player's Command move.
    _g, s = fresh()
    sid = ship(s, 1, "small", home(s, 1))
    assert s["sectors"]["inner_3"]["token"] == "stellar_remnant#1"
    token(s, 0, "t", "move an enemy ship to this sector", sector="inner_3")
    assert s["ships"][sid]["sector"] == "inner_3"
    assert s["sectors"]["inner_3"]["token"] == "stellar_remnant#1"
    assert s["players"][1]["light"] == 0


def test_move_extra_adds_to_this_commands_movement():
    # 000 Talorin: "move 1 ship 1 extra sector".
    _g, s = fresh()
    sid = ship(s, 0, "small", home(s, 0))
    token(s, 0, "t", "move_extra a ship of yours by 2")
    assert s["ships"][sid]["extra_move"] == 2


def test_move_extra_in_the_middle_of_a_move_step_lengthens_that_ship_s_moves():
    # 000 Talorin: "move 1 ship 1 extra sector" this Command; given after a first ship moved,
    # the other ship's next listing reaches two sectors (the step's kept options go).
    g, s = fresh()
    faction(s, 0, "swift", "when ship_moved -> move_extra a ship of yours by 1")
    start = home(s, 0)
    a = ship(s, 0, "small", start)
    b = ship(s, 0, "small", start)
    resolve(g, s, [["move", 0]])
    one = [o for o in ids(g, s, 0) if o.startswith(f"move:{b}:")]
    g.apply(s, 0, next(o for o in ids(g, s, 0) if o.startswith(f"move:{a}:")))
    g.apply(s, 0, f"pick:{b}")  # the ship given the extra sector
    two = [o for o in ids(g, s, 0) if o.startswith(f"move:{b}:")]
    assert set(one) < set(two)
    assert two == [f"move:{b}:{d}" for d in destinations(s, s["ships"][b])]


def test_trade_makes_one_trade_without_the_gift():
    # 000 "Exploration": "You may take a trade action, making one trade only."
    g, s = fresh()
    s["players"][0]["res"]["common"] = 2
    token(s, 0, "t", "may trade 1")
    g.apply(s, 0, "yes")
    assert "trade:common_to_uncommon" in ids(g, s, 0)
    g.apply(s, 0, "trade:common_to_uncommon")
    assert s["players"][0]["res"] == {"common": 0, "uncommon": 1, "rare": 0}
    assert not s["frames"]
    assert sum(p["light"] for p in s["players"]) == 0


def test_trade_two_fires_trade_made_between_trades():
    g, s = fresh()
    faction(s, 0, "quill", "when trade_made -> gain 1 light")
    token(s, 0, "t", "trade 2")
    g.apply(s, 0, "trade:gain_common")
    assert s["players"][0]["light"] == 1
    g.apply(s, 0, "trade:gain_common")
    assert s["players"][0]["light"] == 2
    assert s["players"][0]["res"]["common"] == 2
    assert not s["frames"]


def test_mine_gains_the_planets_resource():
    # 000 Allterra: "gain resources as though you mined this planet".
    _g, s = fresh()
    token(s, 0, "t", "mine this planet", kind="planetary", planet="thornhold", sector="inner_2")
    assert s["players"][0]["res"]["rare"] == 1


def test_deal_damage_destroys_at_shields_into_the_dealers_graveyard():
    # 000 "Attack": destroyed at damage equal to shields, onto the graveyard of "the player
    # who assigned the final damage".
    _g, s = fresh()
    enemy = ship(s, 1, "medium", "outer_08")  # 2 shields
    token(s, 0, "t", "deal 1 damage to an enemy ship here", sector="outer_08")
    assert s["ships"][enemy]["damage"] == 1
    token(s, 0, "t", "deal 1 damage to an enemy ship here", sector="outer_08")
    assert enemy not in s["ships"]
    assert s["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "medium"}]


def test_extractors_on_a_colony_ship_cannot_be_destroyed():
    # Public rules FAQ: the colony ship and the extractors on it cannot be attacked.
    _g, s = fresh()
    safe = extractor(s, 1, space="common_a")
    exposed = extractor(s, 1, planet="glacis")
    token(s, 0, "t", "destroy each enemy extractor")
    assert list(s["extractors"]) == [safe]
    assert s["players"][0]["graveyard"] == [{"kind": "extractor", "owner": 1, "size": None}]
    assert exposed not in s["extractors"]


def test_a_full_graveyard_pays_light():
    # 000 "Graveyard": "As soon as you have 4 units in your graveyard, gain 1 light".
    _g, s = fresh()
    for _ in range(4):
        ship(s, 1, "small", "outer_08")
    token(s, 0, "t", "destroy each enemy ship here", sector="outer_08")
    assert s["players"][0]["light"] == 1
    assert s["players"][0]["graveyard"] == []
    assert s["players"][1]["supply"]["small"] == 5


def test_repair_removes_all_damage():
    # 000 "1. Refresh": "Remove all damage tokens".
    _g, s = fresh()
    sid = ship(s, 0, "large", home(s, 0), damage=2)
    token(s, 0, "t", "repair a damaged ship of yours")
    assert s["ships"][sid]["damage"] == 0


def test_treat_and_reroll_change_a_rolled_die():
    # 000 ai targeting: "treat this as a [face]"; reroll uses the state's generator.
    _g, s = fresh()
    sid = ship(s, 0, "small", "outer_08")
    s["dice"] = [{"face": "ability", "ship": sid, "size": "small", "owner": 0}]
    tech(
        s,
        0,
        "targeting",
        "when ability_rolled -> treat this die as explode",
        kind="ship_ability",
        slot="small",
    )
    hooks.fire(
        s, "ability_rolled", 0, {"die": 0, "ship": sid, "ship_type": "small", "sector": "outer_08"}
    )
    assert s["dice"][0]["face"] == "explode"
    faction(s, 0, "gambler", "when die_rolled -> reroll this die")
    before = s["rng"]
    hooks.fire(
        s, "die_rolled", 0, {"die": 0, "ship": sid, "ship_type": "small", "sector": "outer_08"}
    )
    assert s["rng"] != before


def test_add_lasts_until_the_action_card_is_resolved():
    # 000 development: "build an extra extractor" this Construct (player["temp"]).
    _g, s = fresh()
    tech(s, 0, "development", "when before_construct -> add 1 to extractor_builds")
    hooks.fire(s, "before_construct", 0, {})
    assert s["players"][0]["temp"] == {"extractor_builds": 1}
    assert stat(s, 0, "extractor_builds") == 2


@pytest.mark.parametrize("seat", [0, 1])
def test_lumos_and_players_without_cards_fire_nothing(seat):
    _g, s = fresh(players=2)
    hooks.fire(s, "round_start", -1, {})
    hooks.fire(s, "round_start", seat, {})
    assert not s["frames"]
