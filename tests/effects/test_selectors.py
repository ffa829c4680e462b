"""Selector nouns, filters, quantifiers and values on a real state (vocabulary.py)."""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.effects import ADAPTER, MACHINE
from whitedwarf.interpreter.lastlight.graveyard import destroy
from whitedwarf.interpreter.lastlight.research import put_in_play
from whitedwarf.interpreter.lastlight.selectors import find_card, is_exhausted, value
from whitedwarf.interpreter.lastlight.state import move_ship
from whitedwarf.interpreter.vm import new_frame

from tests.effects.scenario import adjacent, extractor, fresh, home, ship, tech


def candidates(state: dict[str, Any], frame: dict[str, Any], selector: dict[str, Any]) -> list[str]:
    return ADAPTER.candidates(state, frame, selector)


def sel(
    typ: str, *filters: Any, quant: str = "all", exclude: list[Any] | None = None
) -> dict[str, Any]:
    specs = [list(f) if isinstance(f, tuple) else [f] for f in filters]
    return {"type": typ, "filters": specs, "quant": quant, "count": None, "exclude": exclude or []}


def frame(owner: int = 0, **ctx: Any) -> dict[str, Any]:
    return new_frame("probe", owner, 0, ctx)


@pytest.fixture
def pos():
    _g, s = fresh()
    units = {
        "mine_small": ship(s, 0, "small", "outer_08"),
        "mine_large": ship(s, 0, "large", "centre", damage=1),
        "their_small": ship(s, 1, "small", "outer_08"),
        "their_medium": ship(s, 2, "medium", adjacent(s, "outer_08")[0]),
        "lumos": ship(s, -1, "small", "outer_08"),
        "x_glacis": extractor(s, 0, planet="glacis"),
        "x_home": extractor(s, 0, space="common_a"),
        "x_theirs": extractor(s, 1, planet="thornhold"),
    }
    return s, units


def test_ships_yours_enemy_and_sizes(pos):
    # 000 "Construct" (yours), "Attack" (enemy); sizes from 000 "Components".
    s, u = pos
    assert candidates(s, frame(), sel("ship", "yours")) == sorted(
        [u["mine_small"], u["mine_large"]]
    )
    assert candidates(s, frame(), sel("ship", "enemy")) == sorted(
        [u["their_small"], u["their_medium"], u["lumos"]]
    )
    assert candidates(s, frame(), sel("ship", "large")) == [u["mine_large"]]
    assert candidates(s, frame(), sel("ship", "damaged", "yours")) == [u["mine_large"]]


def test_lumos_are_no_enemy_of_their_ally(pos):
    # 002: the Lumos are allied to a player.
    s, u = pos
    s["lumos"] = {"ally": 0, "supply": {}, "box": 0}
    assert u["lumos"] not in candidates(s, frame(), sel("ship", "enemy"))
    assert u["lumos"] in candidates(s, frame(1), sel("ship", "enemy"))


def test_here_and_adjacent_follow_the_context_sector(pos):
    # 000 "1. Move": adjacency at the current rotation.
    s, u = pos
    here = frame(sector="outer_08")
    assert candidates(s, here, sel("ship", "enemy", "here")) == sorted(
        [u["their_small"], u["lumos"]]
    )
    assert candidates(s, here, sel("ship", "adjacent")) == [u["their_medium"]]
    assert candidates(s, here, sel("sector", "adjacent")) == sorted(adjacent(s, "outer_08"))
    by_ship = frame(ship=u["mine_small"])
    assert candidates(s, by_ship, sel("ship", "here", "yours")) == [u["mine_small"]]
    assert candidates(s, frame(), sel("ship", "here")) == []


def test_centre_home_and_rings(pos):
    # 000 "Board Rotation" (centre), "1. Ships" (home), "PLANETARY TERMINOLOGY" (rings).
    s, u = pos
    assert candidates(s, frame(), sel("ship", "centre")) == [u["mine_large"]]
    assert candidates(s, frame(), sel("sector", "centre")) == ["centre"]
    assert candidates(s, frame(2), sel("sector", "home")) == [home(s, 2)]
    assert candidates(s, frame(), sel("planet", "inner")) == [
        "thornhold",
        "tidewell",
        "verdance",
        "wildroot",
    ]
    assert all(x.startswith("distant") for x in candidates(s, frame(), sel("sector", "distant")))


def test_control_and_colours_of_planets(pos):
    # 000 "2. Extractor": a planet is controlled by the player with an extractor on it.
    s, _u = pos
    assert candidates(s, frame(), sel("planet", "control")) == ["glacis"]
    assert candidates(s, frame(), sel("planet", "yours")) == ["glacis"]
    assert candidates(s, frame(1), sel("planet", "green", "control")) == ["thornhold"]
    assert candidates(s, frame(), sel("planet", "red")) == [
        "ashfall",
        "cinder",
        "emberlyn",
        "rustvale",
        "scoria",
    ]


def test_extractors(pos):
    s, u = pos
    assert candidates(s, frame(), sel("extractor", "own")) == sorted([u["x_glacis"], u["x_home"]])
    assert candidates(s, frame(), sel("extractor", "enemy")) == [u["x_theirs"]]


def test_techs_cards_and_their_states():
    # 000 "Civilization technology cards": exhausted / ready; 000 "Action Card #1":
    # unresearched techs are the hand.
    _g, s = fresh()
    a = tech(s, 0, "alpha", "activated: exhaust this card -> gain 1 light", exhausted=True)
    b = tech(s, 0, "beta", "activated: exhaust this card -> gain 1 light")
    c = tech(s, 1, "gamma", "activated: exhaust this card -> gain 1 light")
    s["players"][0]["techs_hand"] = ["x_blaster#2"]
    s["players"][0]["faction"] = "allterra"
    assert candidates(s, frame(), sel("tech", "yours")) == [a, b]
    assert candidates(s, frame(), sel("tech", "exhausted")) == [a]
    assert candidates(s, frame(), sel("tech", "ready")) == [b, c]
    assert candidates(s, frame(), sel("tech", "unresearched", "yours")) == ["x_blaster#2"]
    assert candidates(s, frame(), sel("card", "ready", "yours")) == ["allterra", b]


def test_other_than_and_exclude():
    _g, s = fresh()
    a = tech(s, 0, "alpha", "activated: exhaust this card -> gain 1 light")
    b = tech(s, 0, "beta", "activated: exhaust this card -> gain 1 light")
    me = frame(card=a)
    assert candidates(s, me, sel("tech", "yours", ("other_than", {"this": "card"}))) == [b]
    assert candidates(s, me, sel("tech", exclude=[{"this": "card"}])) == [b]
    # "another player": 4 players minus you.
    assert candidates(s, me, sel("player", exclude=[{"you": True}])) == ["p1", "p2", "p3"]


def test_players_opponents_action_cards_ship_types_dice():
    _g, s = fresh()
    s["players"][0]["played"] = ["mine", "refresh"]
    s["players"][0]["hand"] = ["research"]
    assert candidates(s, frame(2), sel("player", "opponent")) == ["p0", "p1", "p3"]
    assert candidates(s, frame(), sel("action_card", "played", "yours")) == ["mine"]
    assert candidates(s, frame(), sel("action_card", "yours")) == ["mine", "refresh", "research"]
    assert candidates(s, frame(), sel("ship_type", "medium")) == ["medium"]
    s["dice"] = [{"face": "hit", "ship": "s1", "size": "small", "owner": 0}] * 2
    assert candidates(s, frame(), sel("die")) == ["d0", "d1"]


def test_type_is_this_cards_ship_type(pos):
    # 000 "Ship ability technology cards": the ship type the card is played on.
    s, u = pos
    assert candidates(s, frame(ship_type="large"), sel("ship", "yours", "type")) == [
        u["mine_large"]
    ]
    assert candidates(s, frame(ship_type="medium"), sel("ship", "yours", "type")) == []
    assert candidates(s, frame(), sel("ship", "yours", "type")) == []  # a card on no type


def test_chosen_ships_follow_moves_and_new_and_destroyed_ships(pos):
    # The owner's ships of a size and the ships in a sector come from the engine's indexes
    # (fleet.py): a move, a new ship and a destroyed one are seen at the next choice.
    s, u = pos
    here = frame(sector="outer_08")
    assert candidates(s, here, sel("ship", "enemy", "here")) == sorted(
        [u["their_small"], u["lumos"]]
    )
    move_ship(s, s["ships"][u["their_small"]], "centre")
    assert candidates(s, here, sel("ship", "enemy", "here")) == [u["lumos"]]
    assert candidates(s, frame(sector="centre"), sel("ship", "enemy", "here")) == [u["their_small"]]
    newcomer = ship(s, 0, "small", "centre")
    assert candidates(s, frame(), sel("ship", "small", "yours")) == sorted(
        [u["mine_small"], newcomer]
    )
    destroy(s, u["mine_small"], None)
    assert candidates(s, frame(), sel("ship", "small", "yours")) == [newcomer]
    assert candidates(s, frame(ship=newcomer), sel("ship", "here")) == sorted(
        [u["mine_large"], u["their_small"], newcomer]
    )


def test_this_card_is_found_after_the_cards_in_play_change():
    # 000 "Civilization technology cards": "exhaust this card" finds the card in play, also
    # one put in play after an earlier look-up (the seat's cards by ref are listed again).
    _g, s = fresh()
    lamp = tech(s, 0, "lamp", "activated: exhaust this card -> gain 1 common")
    assert is_exhausted(s, lamp) is False
    s["players"][1]["techs_hand"].append("warp_drive#1")
    put_in_play(s, 1, "warp_drive#1", None)
    assert find_card(s, "warp_drive#1") == (1, s["players"][1]["techs"][-1])
    assert is_exhausted(s, "warp_drive#1") is False
    ADAPTER.call(s, frame(1, card="warp_drive#1"), "exhaust", ["warp_drive#1"])
    assert is_exhausted(s, "warp_drive#1") is True
    assert s["players"][1]["techs"][-1]["exhausted"] is True  # the entry in play itself
    assert find_card(s, "nowhere#1") == (None, None)


def test_values_from_the_owners_point_of_view():
    _g, s = fresh()
    p = s["players"][0]
    p["light"], p["res"] = 4, {"common": 2, "uncommon": 1, "rare": 3}
    s["players"][2]["light"] = 9
    p["graveyard"] = [{"kind": "ship", "owner": 1, "size": "small"}]
    tech(s, 0, "alpha", "activated: exhaust this card -> gain 1 light", exhausted=True)
    f = frame()
    got = {n: value(s, f, n) for n in ("light", "common", "uncommon", "rare", "resources",
                                      "techs_in_play", "round", "players", "graveyard",
                                      "opponents_max_light")}  # fmt: skip
    assert got == {"light": 4, "common": 2, "uncommon": 1, "rare": 3, "resources": 6,
                   "techs_in_play": 1, "round": 1, "players": 4, "graveyard": 1,
                   "opponents_max_light": 9}  # fmt: skip
    # "gain 1 light per 4 techs of yours" as an expression: floor division.
    per = ["*", ["num", 1], ["/", ["count", sel("tech", "yours")], ["num", 4]]]
    assert MACHINE.evaluate(s, f, per) == 0


def test_a_move_never_offers_an_asteroid_sector(pos) -> None:
    """000 "Move": ships cannot enter a sector containing an asteroid, so `move ... to any
    sector` (Warp Drive) never offers one and no cost is paid for a move that cannot happen."""
    s, _ = pos
    asteroids = {sid for sid, sector in s["sectors"].items() if sector.get("asteroid")}
    assert asteroids
    any_sector = {**sel("sector", quant="one"), "for": ["move", "to"]}
    offered = set(candidates(s, frame(), any_sector))
    assert offered and not offered & asteroids
    assert asteroids <= set(candidates(s, frame(), sel("sector", quant="one")))


def test_destroy_never_offers_an_extractor_on_a_colony_ship(pos) -> None:
    """Public rules FAQ: the colony ship and the extractors on it cannot be attacked."""
    s, units = pos
    target = {**sel("extractor", quant="one"), "for": ["destroy", "target"]}
    offered = candidates(s, frame(owner=1), target)
    assert units["x_glacis"] in offered and units["x_home"] not in offered


def test_a_selector_s_parts_are_looked_up_once_and_it_answers_for_the_position_now(pos):
    # selectors.listing: a selector's noun, filters and target rule are found once per
    # selector object; what it lists is read from the position at each call.
    from whitedwarf.interpreter.lastlight import effects, selectors

    s, u = pos
    mine = sel("ship", "damaged", "yours", ("other_than", {"this": "ship"}))
    here = frame(ship=u["mine_small"])
    assert candidates(s, here, mine) == [u["mine_large"]]
    made = selectors._LISTINGS[id(mine)]
    s["ships"][u["mine_large"]]["damage"] = 0
    assert candidates(s, here, mine) == []  # repaired: no other damaged ship of mine
    s["ships"][u["mine_small"]]["damage"] = 1
    assert candidates(s, frame(ship=u["mine_large"]), mine) == [u["mine_small"]]
    s["ships"][u["mine_large"]]["damage"] = 1
    assert selectors._LISTINGS[id(mine)] is made
    equal = sel("ship", "damaged", "yours", ("other_than", {"this": "ship"}))
    assert candidates(s, here, equal) == [u["mine_large"]]
    effects.reload_vocabulary()  # a word added to the vocabulary: every listing made again
    assert id(mine) not in selectors._LISTINGS
    assert candidates(s, here, mine) == [u["mine_large"]]
