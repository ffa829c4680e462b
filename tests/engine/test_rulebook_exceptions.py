"""Last Light rules an outside checker would write from the rulebooks, third pass: the
passages that state a limit or an exception ("cannot", "only", "unless", "at most", "if you
have one unbuilt"), each as a position made with the public scenario helpers
(docs/scenarios.md), the decision the rule is about and what a player at the table would
see, quoting 000 (rulebook), 001 (reference manual and FAQ), 002 (2-player variant) or 004
(revised Command). They add to ``test_rulebook_text.py`` and ``test_rulebook_edges.py``:
the pieces a setup uses per player count, movement through asteroids and past enemy ships,
what each exploration token does when it cannot act, Construct's supply limits, Trade's
limits, Refresh's sums, Research's payments, combat's mods by ship type, each printed
faction's and technology's limits, and the printed achievement's exact condition.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight import construct, research
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
    started,
)

from tests.engine.rulebook_steps import (
    assign_all as _assign_all,
)
from tests.engine.rulebook_steps import (
    deep_space as _deep_space,
)
from tests.engine.rulebook_steps import (
    finish_round as _finish_round,
)
from tests.engine.rulebook_steps import (
    home as _home,
)
from tests.engine.rulebook_steps import (
    played as _played,
)
from tests.engine.rulebook_steps import (
    swap_token as _swap_token,
)

Game = Any
State = Any


def _planets_on(state: State, ring: str) -> list[tuple[str, str]]:
    """The planets on ``ring`` (``inner``, ``outer`` or ``distant``) and their sectors."""
    return [
        (planet, data["sector"])
        for planet, data in sorted(state["planets"].items())
        if data["sector"].startswith(f"{ring}_")
    ]


def _moves(game: Game, state: State, seat: int, ship: str) -> set[str]:
    return {o.split(":")[-1] for o in options(game, state, seat) if o.startswith(f"move:{ship}:")}


def _token_sector(state: State, card: str, kind: str | None = None) -> str:
    """A sector whose face-down token is a copy of ``card``, swapped there if need be into
    a deep space sector (or a planet sector for a planetary token) away from the centre."""
    for sector, data in sorted(state["sectors"].items()):
        if (data["token"] or "").startswith(card) and "centre" not in adjacent(state, sector):
            return str(sector)
    raise AssertionError(f"no {card} token on the board")


def _fight(game: Game, state: State, seat: int, faces: list[str], group: str = "small") -> None:
    """``seat`` commands alone, moves nothing, and rolls ``group`` showing ``faces``."""
    others = {s: "mine" for s in range(game.players) if s != seat}
    choose(game, state, {seat: "command", **others})
    game.apply(state, seat, "done")
    rig_dice(state, faces)
    game.apply(state, seat, f"roll:{group}")


# -- Setup per player count (000 "Components", "setup"; 001 "3. Setup") -----------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_000_a_setup_map_uses_no_more_pieces_than_the_box_holds(players: int) -> None:
    """000 "Components": "7 asteroids", "15 unique planets", "12 Deep space exploration
    tokens", "15 rare planetary exploration tokens"; "Any unused tokens should be returned
    to the box" (000 "setup"): no player count's map puts more of a kind on the board."""
    state = started(new_game(players=players))
    sectors = state["sectors"].values()
    assert sum(1 for v in sectors if v["asteroid"]) <= 7
    assert len(state["planets"]) <= 15
    assert len({v["planet"] for v in sectors if v["planet"]}) == len(state["planets"])
    assert sum(1 for v in sectors if v["token_kind"] == "deep_space") <= 12
    tokens = [v["token"] for v in sectors if v["token"]]
    assert len(tokens) == len(set(tokens))  # each token card lies in one place


@pytest.mark.parametrize("players", [2, 3, 4])
def test_000_each_player_has_one_colony_ship_in_a_distant_sector(players: int) -> None:
    """000 "setup": "place ... the players' colony ship tokens", one each; public rules FAQ:
    "The distant sectors (where the colony ships start) do not move": every home is a
    distant sector, one per player, and after a rotation each is where it was."""
    game = new_game(players=players)
    state = blank(game)
    homes = {seat: _home(state, seat) for seat in range(players)}
    assert all(h.startswith("distant_") for h in homes.values())
    assert len(set(homes.values())) == players
    for seat in range(players):
        _played(state, seat, "mine")  # 002: a 2-player Refresh needs a played card
    game.edited(state)
    choose(game, state, dict.fromkeys(range(players), "refresh"))
    assert state["rotation"] == 1
    assert {seat: _home(state, seat) for seat in range(players)} == homes


def test_000_four_players_a_full_graveyard_pays_one_light() -> None:
    """000 "Graveyard": "As soon as you have 4 units in your graveyard, gain 1 light"; only
    "In a 2-player game, you gain 2 light": with 4 players it is 1."""
    game = new_game(players=4)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    put_ship(state, 3, "small", "centre")
    for seat in (1, 2, 1):
        state["players"][seat]["supply"]["small"] -= 1
        state["players"][0]["graveyard"].append({"kind": "ship", "owner": seat, "size": "small"})
    game.edited(state)
    _fight(game, state, 0, ["hit"])
    _finish_round(game, state)
    assert state["players"][0]["light"] == 1 and state["players"][0]["graveyard"] == []


# -- Movement (000 "1. Move") ---------------------------------------------------------------------


def test_000_an_asteroid_cannot_be_passed_through_either() -> None:
    """000 "1. Move": "Ships cannot enter a sector containing an asteroid": a small ship with
    Supersonic (2 sectors) beside an asteroid cannot reach the sector just past it, though
    it reaches other sectors two away."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "supersonic", ship_type="small")
    start = "outer_02"
    rock = next(s for s in adjacent(state, start) if state["sectors"][s]["asteroid"])
    beyond = {s for s in adjacent(state, rock) if s != start} - set(adjacent(state, start))
    two_steps = {
        far for near in adjacent(state, start) if not state["sectors"][near]["asteroid"]
        for far in adjacent(state, near)
    }  # fmt: skip
    shut = {s for s in beyond if s not in two_steps and not state["sectors"][s]["asteroid"]}
    assert shut, "the board has a sector reachable only through the asteroid"
    scout = put_ship(state, 0, "small", start)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    moves = _moves(game, state, 0, scout)
    assert not moves & shut and rock not in moves
    assert moves & (two_steps - set(adjacent(state, start)))  # two sectors are possible


def test_000_a_ship_leaves_a_sector_held_by_enemy_ships() -> None:
    """000 "1. Move": "Ships can freely enter and exit all other sectors": two enemy ships
    in the sector do not hold a small ship there."""
    game = new_game(players=3)
    state = blank(game)
    scout = put_ship(state, 0, "small", "outer_05")
    put_ship(state, 1, "small", "outer_05")
    put_ship(state, 2, "large", "outer_05")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    walls = [s for s in adjacent(state, "outer_05") if state["sectors"][s]["asteroid"]]
    assert _moves(game, state, 0, scout) == set(adjacent(state, "outer_05")) - set(walls)


def test_000_a_ship_passes_through_an_enemy_held_sector_without_stopping() -> None:
    """000 "1. Move": "Ships can freely enter and exit all other sectors": a Supersonic small
    ship goes through the centre, where an enemy ship is, to an inner sector beyond."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "supersonic", ship_type="small")
    put_ship(state, 1, "large", "centre")
    scout = put_ship(state, 0, "small", "inner_0")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    assert "inner_4" not in adjacent(state, "inner_0")
    assert "inner_4" in _moves(game, state, 0, scout)


def test_public_faq_a_ship_may_enter_an_opponents_colony_ship_sector() -> None:
    """Public rules FAQ: "Ships may enter a colony ship's sector"; 000 "1. Move": "Ships can
    freely enter and exit all other sectors": seat 0's ship moves onto seat 1's home."""
    game = new_game(players=3)
    state = blank(game)
    home = _home(state, 1)
    near = next(s for s in adjacent(state, home) if not state["sectors"][s]["asteroid"])
    raider = put_ship(state, 0, "small", near)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    assert home in _moves(game, state, 0, raider)


def test_public_faq_a_colony_ship_sector_fight_spares_its_extractor() -> None:
    """Public rules FAQ: "the colony ship and the extractors on it cannot be attacked there";
    004: bombardment targets extractors "only if there are no enemy ships": with the enemy
    ship there destroyed, the bombarding large ship's other hits go nowhere and seat 1's
    colony extractor stays."""
    game = new_game(players=3)
    state = blank(game)
    home = _home(state, 1)
    put_extractor(state, 1, space="common_a")
    put_tech(state, 0, "bombardment", ship_type="large")
    put_ship(state, 0, "large", home)
    guard = put_ship(state, 1, "small", home)
    _fight(game, state, 0, ["hit", "hit", "hit"], group="large")
    _finish_round(game, state)
    assert guard not in state["ships"]
    assert [x["owner"] for x in state["extractors"].values()] == [1]


# -- Exploration (000 "Exploration Icons Explained") ------------------------------------------


def test_000_a_token_is_revealed_only_where_you_have_a_ship() -> None:
    """000 "1. Move": "reveal any ... exploration tokens in sectors you now occupy with
    ships": a face-down token under another player's ship is not the Command player's."""
    game = new_game(players=3)
    state = blank(game)
    sector = _deep_space(state)
    put_ship(state, 1, "small", sector)
    put_ship(state, 0, "small", _home(state, 0))
    token = state["sectors"][sector]["token"]
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    _finish_round(game, state)
    assert state["sectors"][sector]["token"] == token and token not in state["explored"]


def test_000_a_declined_deep_space_token_still_leaves_the_board() -> None:
    """000 "1. Move": "Deep space exploration tokens are removed from the board after they
    have been resolved": a wormhole whose "You may move" is declined is resolved, and gone."""
    game = new_game(players=3)
    state = blank(game)
    sector = _deep_space(state)
    _swap_token(state, sector, "wormhole")
    put_ship(state, 0, "small", sector)
    put_ship(state, 0, "small", _home(state, 0))
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    if f"reveal:{sector}" in options(game, state, 0):
        game.apply(state, 0, f"reveal:{sector}")
    game.apply(state, 0, "no")
    assert state["sectors"][sector]["token"] is None


def test_000_a_free_extractor_token_builds_nothing_with_none_unbuilt() -> None:
    """000 "Exploration Icons Explained": "You may immediately build an extractor on this
    planet"; 000 "Components": "8 extractors" each: with all 8 on the board, there is none
    to build, and the token asks nothing."""
    game = new_game(players=3)
    state = blank(game)
    sector = _token_sector(state, "free_extractor")
    planet = state["sectors"][sector]["planet"]
    spaces = ["common_a", "common_b", "uncommon", "rare"]
    others = [p for p, _ in sorted(state["planets"].items()) if p != planet][:4]
    for space in spaces:
        put_extractor(state, 0, space=space)
    for other in others:
        put_extractor(state, 0, planet=other)
    assert state["players"][0]["supply"]["extractor"] == 0
    put_ship(state, 0, "small", sector)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    _finish_round(game, state)
    assert not [x for x in state["extractors"].values() if x["planet"] == planet]
    assert state["sectors"][sector]["revealed"]


def test_000_an_extractor_from_a_token_is_built_and_the_planet_is_mined_by_allterra() -> None:
    """000 Allterra: "When you build an extractor, immediately gain resources as though you
    mined this planet"; 000 "Exploration Icons": "You may immediately build an extractor on
    this planet": a build by a token is a build, so Allterra mines it at once."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="allterra")
    sector = _token_sector(state, "free_extractor")
    planet = state["sectors"][sector]["planet"]
    yields = state["planets"][planet]["resource"]
    put_ship(state, 0, "small", sector)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    while "yes" not in options(game, state, 0):
        game.apply(state, 0, options(game, state, 0)[0])
    game.apply(state, 0, "yes")
    assert [x["planet"] for x in state["extractors"].values()] == [planet]
    assert state["players"][0]["res"][yields] == 1


# -- Construct (000 "Action Card #3") ---------------------------------------------------------


def test_000_built_ships_go_home_even_with_an_enemy_ship_there() -> None:
    """000 "1. Ships": "Built ships are placed in your home sector (the sector which contains
    your colony ship)": an enemy ship at home does not move the build elsewhere."""
    game = new_game(players=3)
    state = blank(game)
    home = _home(state, 0)
    put_ship(state, 1, "large", home)
    give(state, 0, common=10)
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, "build:small")
    mine = [s for s in state["ships"].values() if s["owner"] == 0]
    assert [s["sector"] for s in mine] == [home]


def test_000_no_extractor_is_offered_with_none_left_in_the_supply() -> None:
    """000 "Components": "8 extractors" each; 000 "2. extractor": "Place an extractor ...":
    with all 8 placed, Construct offers no extractor, though a free planet holds your ship."""
    game = new_game(players=3)
    state = blank(game)
    planets = sorted(state["planets"])
    for planet in planets[:8]:
        put_extractor(state, 0, planet=planet)
    free = planets[8]
    put_ship(state, 0, "small", state["planets"][free]["sector"])
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    assert not [o for o in options(game, state, 0) if o.startswith("extractor:")]


def test_000_a_ship_is_built_only_if_its_whole_cost_is_paid() -> None:
    """000 "1. Ships": "pay the cost indicated on your player board"; "You can build as many
    ships as you can afford": one common short of a small ship, none is offered."""
    game = new_game(players=3)
    state = blank(game)
    res = dict(construct.ship_cost(state, 0, "small"))  # a copy: the table is shared
    first = next(iter(res))
    res[first] -= 1
    give(state, 0, **res)
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    assert "build:small" not in options(game, state, 0)


def test_000_construct_paid_resources_go_back_to_the_supply() -> None:
    """000 "1. Ships": "Resources paid to build ships are returned to the supply": the
    general supply holds what it held before the resources were given."""
    game = new_game(players=3)
    state = blank(game)
    cost = dict(construct.ship_cost(state, 0, "small"))
    before = dict(state["supply"])
    give(state, 0, **cost)
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, "build:small")
    assert {k: state["supply"][k] for k in cost} == {k: before[k] for k in cost}


# -- Trade (000 "Action Card #4") -----------------------------------------------------------------


def test_000_trade_a_conversion_not_paid_in_full_is_not_offered() -> None:
    """000 "Action Card #4": "Trade 2 _ for 1 _": with 1 common, the 2-common conversion is
    not offered; gaining 1 is."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, common=1)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    picks = [o for o in options(game, state, 0) if o.startswith("trade:")]
    assert "trade:gain_common" in picks
    assert not [p for p in picks if p.startswith("trade:common_")]


def test_000_trade_the_same_conversion_twice() -> None:
    """000 "Action Card #4": "Choose 2 of the following actions to perform. You may choose
    the same action twice": 4 common become 2 uncommon."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, common=4)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    pick = next(o for o in options(game, state, 0) if o.startswith("trade:common_"))
    game.apply(state, 0, pick)
    game.apply(state, 0, pick)
    assert state["players"][0]["res"] == {"common": 0, "uncommon": 2, "rare": 0}


def test_000_trade_the_gift_comes_after_both_trades_and_not_to_the_trader() -> None:
    """000 "Action Card #4": "After choosing your two actions, choose 1 other player to gain
    1 from the supply": the gift is asked only after the second trade, and names the two
    others only."""
    game = new_game(players=3)
    state = blank(game)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    game.apply(state, 0, "trade:gain_common")
    assert not [o for o in options(game, state, 0) if o.startswith("gift:")]
    game.apply(state, 0, "trade:gain_common")
    assert sorted(o for o in options(game, state, 0) if o.startswith("gift:")) == [
        "gift:1",
        "gift:2",
    ]


# -- Refresh (000 "Action Card #5") -----------------------------------------------------------


def test_000_refresh_sums_two_per_inner_and_one_per_outer_extractor() -> None:
    """000 "2. Claim": "Collect 1 light for each extractor you have on a non-blockaded planet
    on the outer ring. Collect 2 light for each extractor ... on the inner ring": one inner
    and two outer extractors give 4; a distant one and a colony space give nothing."""
    game = new_game(players=3)
    state = blank(game)
    put_extractor(state, 0, planet=_planets_on(state, "inner")[0][0])
    for planet, _ in _planets_on(state, "outer")[:2]:
        put_extractor(state, 0, planet=planet)
    put_extractor(state, 0, planet=_planets_on(state, "distant")[0][0])
    put_extractor(state, 0, space="rare")
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    _finish_round(game, state)
    assert state["players"][0]["light"] == 4


def test_000_refresh_one_blockaded_planet_of_two_loses_only_its_own_light() -> None:
    """000 "2. Claim": "*A planet is considered blockaded if any ships of a different color
    than the extractor occupy that sector": an enemy ship on one inner planet takes its 2
    light; the other inner planet still gives 2."""
    game = new_game(players=3)
    state = blank(game)
    (first, sector), (second, _) = _planets_on(state, "inner")[:2]
    put_extractor(state, 0, planet=first)
    put_extractor(state, 0, planet=second)
    put_ship(state, 2, "small", sector)
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    _finish_round(game, state)
    assert state["players"][0]["light"] == 2


def test_000_your_ship_beside_an_enemy_ship_does_not_lift_the_blockade() -> None:
    """000 "2. Claim": blockaded "if any ships of a different color than the extractor
    occupy that sector": your own ship there too does not lift it."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planets_on(state, "outer")[0]
    put_extractor(state, 0, planet=planet)
    put_ship(state, 0, "large", sector)
    put_ship(state, 1, "small", sector)
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    _finish_round(game, state)
    assert state["players"][0]["light"] == 0


def test_001_a_blockaded_planet_is_still_mined() -> None:
    """001 "2. Mine": "Blockaded: If enemy ships are present -> cannot gain light during
    Refresh, but can still mine": Mine collects the planet's resource under an enemy ship."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planets_on(state, "inner")[0]
    put_extractor(state, 0, planet=planet)
    put_ship(state, 1, "large", sector)
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    resource = state["planets"][planet]["resource"]
    assert state["players"][0]["res"][resource] == 1


def test_000_refresh_readies_only_the_refreshing_players_techs() -> None:
    """000 "1. Refresh": "Ready all of your exhausted technology cards": seat 1's exhausted
    tech stays exhausted when seat 0 refreshes."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "galactic_monument", exhausted=True)
    put_tech(state, 1, "resourcefulness", exhausted=True)
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    _finish_round(game, state)
    assert not state["players"][0]["techs"][0]["exhausted"]
    assert state["players"][1]["techs"][0]["exhausted"]


# -- Research (000 "Action Card #1") --------------------------------------------------------------


def test_000_manufacture_pays_the_printed_cost_back_to_the_supply() -> None:
    """000 "2. Manufacture": "Play any number of unresearched technology cards from your hand
    by paying the costs ... Resources paid to manufacture technology cards are returned to
    the supply": Galactic Monument's cost leaves the player and goes back to the supply."""
    game = new_game(players=3)
    state = blank(game)
    ref = put_tech(state, 0, "galactic_monument", hand=True)
    cost = {k: v for k, v in research.tech_cost(state, 0, ref).items() if v}
    before = dict(state["supply"])
    give(state, 0, **cost)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    game.apply(state, 0, options(game, state, 0)[0])  # the draw's discard
    game.apply(state, 0, f"make:{ref}")
    assert state["players"][0]["res"] == {"common": 0, "uncommon": 0, "rare": 0}
    assert {k: state["supply"][k] for k in cost} == {k: before[k] for k in cost}


def test_000_a_tech_not_paid_in_full_stays_unresearched() -> None:
    """000 "2. Manufacture": techs are played "by paying the costs": one resource short of
    Galactic Monument, it is not offered and stays in the hand."""
    game = new_game(players=3)
    state = blank(game)
    ref = put_tech(state, 0, "galactic_monument", hand=True)
    cost = {k: v for k, v in research.tech_cost(state, 0, ref).items() if v}
    cost[next(iter(cost))] -= 1
    give(state, 0, **cost)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    game.apply(state, 0, options(game, state, 0)[0])
    assert not [o for o in options(game, state, 0) if o.startswith(f"make:{ref}")]
    _finish_round(game, state)
    assert ref in state["players"][0]["techs_hand"]


def test_000_no_limit_to_the_techs_held_in_hand() -> None:
    """000 "Civilization technology cards": "There is no limit to the number of technology
    cards you may have in your hand": with 6 in hand, Research still keeps 2 more."""
    game = new_game(players=3)
    state = blank(game)
    for tech in ("planning", "warp_drive", "x_blaster", "supersonic", "development",
                 "resourcefulness"):  # fmt: skip
        put_tech(state, 0, tech, hand=True)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    game.apply(state, 0, options(game, state, 0)[0])
    _finish_round(game, state)
    assert len(state["players"][0]["techs_hand"]) == 8


# -- Combat (000 "2. Attack", ship mods) ----------------------------------------------------------


def test_000_x_blaster_on_small_ships_leaves_the_medium_ships_dice_alone() -> None:
    """000 "Ship mod technology cards": "Ship mods give a permanent upgrade to all ships of
    the associated type": X Blaster on small ships; a medium ship still rolls 2 dice."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "x_blaster", ship_type="small")
    put_ship(state, 0, "medium", "centre")
    targets = [put_ship(state, 1, "large", "centre") for _ in range(2)]
    _fight(game, state, 0, ["hit", "hit", "hit"], group="medium")
    _assign_all(game, state, 0)
    _finish_round(game, state)
    assert sum(state["ships"][t]["damage"] for t in targets) == 2


def test_000_power_shield_small_ship_survives_one_hit_and_falls_to_two() -> None:
    """000 "Combat Icons": "Shields - the amount of damage a unit needs to take to be
    destroyed"; Power Shield: "+1 [shield]": a small ship with it holds one hit, not two."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 1, "power_shield", ship_type="small")
    put_ship(state, 0, "medium", "centre")
    target = put_ship(state, 1, "small", "centre")
    _fight(game, state, 0, ["hit", "miss"], group="medium")
    _finish_round(game, state)
    assert state["ships"][target]["damage"] == 1
    state["first"] = 0
    for seat in range(3):
        _played(state, seat)  # by hand: every card back in hand for a second fight
        state["players"][seat]["hand"] = ["research", "mine", "construct", "trade",
                                          "refresh", "command"]  # fmt: skip
    game.edited(state)
    _fight(game, state, 0, ["hit", "miss"], group="medium")
    _finish_round(game, state)
    assert target not in state["ships"]


def test_000_a_plain_hit_does_not_fire_the_ship_ability() -> None:
    """000 "Ship ability technology cards": "These cards activate every time you roll a [the
    ability face]": a plain hit does not ask Planning's question."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "planning", ship_type="small")
    _played(state, 0, "mine")
    put_ship(state, 0, "small", "centre")
    put_ship(state, 1, "medium", "centre")
    _fight(game, state, 0, ["hit"])
    assert "yes" not in options(game, state, 0)
    assert not state["players"][0]["techs"][0]["exhausted"]


def test_000_ships_of_a_player_who_did_not_command_never_roll() -> None:
    """004: "The ships controlled by players that did not choose Command do not attack":
    seat 1's large ship under attack is never offered a roll."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    put_ship(state, 1, "large", "centre")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    seen = set()
    for _ in range(50):
        if state["phase"] != "resolve":
            break
        seat = game.current_players(state)[0]
        seen.add(seat)
        game.apply(state, seat, options(game, state, seat)[0])
    assert 1 not in seen


# -- Factions (000 "setup", the five printed faction cards) ---------------------------------------


def test_000_talorin_one_extra_sector_for_one_ship_only() -> None:
    """000 Talorin: "When you play your command action, you may spend [1 uncommon] to move 1
    ship 1 extra sector" (K6): the chosen ship reaches two sectors away; the other moves 1."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="talorin")
    give(state, 0, uncommon=2)
    fast = put_ship(state, 0, "small", "inner_0")
    slow = put_ship(state, 0, "small", "inner_4")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, f"pick:{fast}")
    game.apply(state, 0, "yes")
    assert state["players"][0]["res"]["uncommon"] == 1
    assert "inner_2" in _moves(game, state, 0, fast)
    assert "inner_2" not in adjacent(state, "inner_0")
    assert "inner_6" not in _moves(game, state, 0, slow)


def test_000_talorin_may_decline_and_then_pays_nothing() -> None:
    """000 Talorin: "you may spend": declined, no uncommon is spent and the ship moves 1."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="talorin")
    give(state, 0, uncommon=1)
    ship = put_ship(state, 0, "small", "inner_0")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    assert options(game, state, 0) == ["yes", "no"]  # one ship: it is the one (R6)
    game.apply(state, 0, "no")
    assert state["players"][0]["res"]["uncommon"] == 1
    assert "inner_2" not in _moves(game, state, 0, ship)


def test_000_talorin_without_the_payment_is_never_asked() -> None:
    """000 Talorin: "you may spend [1 uncommon]": with no uncommon, the move step begins at
    once, ships at their own speed."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="talorin")
    ship = put_ship(state, 0, "small", "inner_0")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    assert not [o for o in options(game, state, 0) if o.startswith("pick:")]
    assert "inner_2" not in _moves(game, state, 0, ship)


def test_000_talorin_only_when_playing_command() -> None:
    """000 Talorin: "When you play your command action": Construct asks nothing of it."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="talorin")
    give(state, 0, uncommon=1)
    put_ship(state, 0, "small", "inner_0")
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    assert not [o for o in options(game, state, 0) if o.startswith("pick:")]


def test_k6_deshard_a_miss_may_become_one_common() -> None:
    """000 Deshard: "For each [miss] you roll in combat, you may: ..." (K6: reroll it, or
    gain 1 common): one miss of two dice asks once; a hit asks nothing."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="deshard")
    put_ship(state, 0, "medium", "centre")
    put_ship(state, 1, "large", "centre")
    _fight(game, state, 0, ["miss", "hit"], group="medium")
    assert options(game, state, 0) == ["yes", "no"]
    game.apply(state, 0, "yes")
    picks = options(game, state, 0)
    gain = next(p for p in picks if "gain" in p or "common" in p or p.endswith(":1"))
    game.apply(state, 0, gain)
    _finish_round(game, state)
    assert state["players"][0]["res"]["common"] == 1


def test_000_lyannae_gain_nothing_without_a_rotation() -> None:
    """000 Lyannae: "If one or more of your ships harvest light from the center star, gain 1
    extra": no rotation, no harvest, so no extra light for ships sitting in the centre."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="lyannae")
    put_ship(state, 0, "small", "centre")
    choose(game, state, {0: "refresh", 1: "refresh", 2: "mine"})
    assert state["rotation"] == 0 and state["players"][0]["light"] == 0


def test_000_lyannae_gain_nothing_with_no_ship_in_the_centre() -> None:
    """000 Lyannae: only "If one or more of your ships harvest light": a rotation with seat
    0's ships elsewhere gives it nothing."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="lyannae")
    put_ship(state, 0, "small", "inner_0")
    put_ship(state, 1, "small", "centre")
    choose(game, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["rotation"] == 1
    assert [p["light"] for p in state["players"]] == [0, 1, 0]


def test_000_iou_nell_starts_with_two_unresearched_techs() -> None:
    """000 "setup": "deal 1 technology card to each player"; 000 Iou'Nell: "You start the
    game with 1 additional unresearched technology card": 2 in hand, the others 1."""
    game = new_game(players=3, factions="iou_nell,deshard,lyannae")
    state = started(game)
    assert [len(p["techs_hand"]) for p in state["players"]] == [2, 1, 1]


# -- Printed technologies: their limits (000 the sample cards) ----------------------------------


def test_000_planning_cannot_return_a_played_refresh() -> None:
    """000 "Action Card #5": "A played Refresh card cannot be returned to your hand by card or
    explore effects"; Planning: "return an action card to your hand": with Refresh and the
    Command being resolved on the table, Planning returns the Command (E144), never Refresh."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "planning", ship_type="small")
    _played(state, 0, "refresh")
    put_ship(state, 0, "small", "centre")
    put_ship(state, 1, "large", "centre")
    game.edited(state)
    _fight(game, state, 0, ["ability"])
    game.apply(state, 0, "yes")
    me = state["players"][0]
    assert me["played"] == ["refresh"] and "command" in me["hand"]
    assert me["techs"][0]["exhausted"]


def test_000_warp_drive_moves_a_ship_of_its_own_type_only() -> None:
    """000 Warp Drive: "move one of your ships of this type to any location": on small
    ships, the ships offered are the two small ones, wherever they are, not the large."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "warp_drive", ship_type="small")
    give(state, 0, uncommon=1)
    near = put_ship(state, 0, "small", "centre")
    far = put_ship(state, 0, "small", "outer_05")
    put_ship(state, 0, "large", "outer_05")
    state["sectors"]["outer_05"]["revealed"] = True  # by hand: nothing to reveal there
    put_ship(state, 1, "large", "centre")
    game.edited(state)
    _fight(game, state, 0, ["ability"])
    assert sorted(options(game, state, 0)) == sorted([f"pick:{near}", f"pick:{far}"])


def test_000_ai_targeting_without_the_payment_the_die_stays_as_rolled() -> None:
    """000 AI Targeting: "Pay [1 uncommon] to treat this as a [explode]" (K2); 000 "Combat
    Dice": the ability face alone is "Activate the ship ability" with no damage: with no
    uncommon nothing is asked, the die deals nothing, and no extra die is rolled."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "ai_targeting", ship_type="small")
    put_ship(state, 0, "small", "centre")
    target = put_ship(state, 1, "large", "centre")
    _fight(game, state, 0, ["ability", "hit"])
    assert "yes" not in options(game, state, 0)
    _finish_round(game, state)
    assert state["ships"][target]["damage"] == 0


def test_000_galactic_monument_once_until_refresh() -> None:
    """000 "Civilization technology cards": "If a civilization technology says to exhaust
    when you use it, flip it over until you play your Refresh card": Galactic Monument gains
    1 light, then is not offered again the next round."""
    game = new_game(players=3)
    state = blank(game)
    ref = put_tech(state, 0, "galactic_monument")
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    game.apply(state, 0, f"use:{ref}")
    _finish_round(game, state)
    assert state["players"][0]["light"] == 1
    choose(game, state, {0: "trade", 1: "research", 2: "research"})
    assert state["players"][0]["techs"][0]["exhausted"]
    assert f"use:{ref}" not in options(game, state, 0)


def test_000_resourcefulness_is_not_offered_with_no_other_exhausted_tech() -> None:
    """000 Resourcefulness: "Exhaust this card to unexhaust another technology card": with
    no other exhausted card it would do nothing, and is not offered (E15)."""
    game = new_game(players=3)
    state = blank(game)
    ref = put_tech(state, 0, "resourcefulness")
    put_tech(state, 0, "galactic_monument")  # ready, not exhausted
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert f"use:{ref}" not in options(game, state, 0)


def test_000_development_builds_two_extractors_only_when_exhausted() -> None:
    """000 "2. extractor": "You may only build a single extractor with this action";
    Development: "you may exhaust this card to build an extra extractor": declined, one
    extractor; the second is not offered."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "development")
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, "no")
    game.apply(state, 0, "extractor:rare")
    assert not [o for o in options(game, state, 0) if o.startswith("extractor:")]
    assert len(state["extractors"]) == 1


# -- The printed achievement (000 "Planetary Achievement") ----------------------------------------


def _red_planets(state: State) -> list[str]:
    return [p for p, d in sorted(state["planets"].items()) if d["colour"] == "red"]


def test_000_red_worlds_not_played_with_one_red_planet() -> None:
    """000 "Planetary Achievement": "Play immediately when you control 2 red planets": one
    red planet and one of another colour are not enough."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, achievement="red_worlds")
    red = _red_planets(state)
    other = next(p for p, d in sorted(state["planets"].items()) if d["colour"] != "red")
    put_extractor(state, 0, planet=red[0])
    put_ship(state, 0, "small", state["planets"][other]["sector"])
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, f"extractor:{other}")
    assert state["players"][0]["achievement"] == "red_worlds"
    assert state["players"][0]["light"] == 0


def test_000_red_worlds_ships_on_a_red_planet_are_not_control() -> None:
    """000 "2. extractor": "A planet is considered to be controlled by the player who has an
    extractor on that planet": a ship on a second red planet does not make 2."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, achievement="red_worlds")
    red = _red_planets(state)
    put_extractor(state, 0, planet=red[0])
    put_ship(state, 0, "large", state["planets"][red[1]]["sector"])
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["players"][0]["achievement"] == "red_worlds"
    assert state["players"][0]["achievements_done"] == []


def test_000_red_worlds_played_by_a_token_built_extractor() -> None:
    """000 "Planetary Achievement": "Play immediately when you control 2 red planets"; an
    extractor built by a token ("You may immediately build an extractor on this planet")
    controls the planet as well: the achievement is played in that Command."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, achievement="red_worlds")
    planet, other = _red_planets(state)[:2]
    sector = state["planets"][planet]["sector"]
    _swap_token(state, sector, "free_extractor")
    game.edited(state)
    put_extractor(state, 0, planet=other)
    put_ship(state, 0, "small", sector)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    while "yes" not in options(game, state, 0):
        game.apply(state, 0, options(game, state, 0)[0])
    game.apply(state, 0, "yes")
    assert state["players"][0]["achievements_done"] == ["red_worlds"]
    assert state["players"][0]["light"] == 2


# -- Game end (000 "winning the game") --------------------------------------------------------


def test_000_nineteen_light_does_not_end_the_game() -> None:
    """000 "winning the game": "The game ends at the end of a round when at least one player
    has 20+ light": 19 is not enough, and round 2 begins."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, light=19)
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["phase"] == "choose" and state["round"] == 2


def test_000_a_tie_on_light_below_twenty_players_ahead_do_not_matter() -> None:
    """000 "Game End": "The player with the most light wins": one player at 22 wins alone,
    however the others below tie among themselves."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, light=22)
    give(state, 1, light=10)
    give(state, 2, light=10, rare=3)
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["result"]["winners"] == [0] and state["result"]["tiebreak"] == "light"


# -- Supplies run out (000 "Components"; docs/rules-decisions.md E5, E6) -------------------------


def test_e5_research_with_one_card_left_shuffles_the_discards_to_draw_three() -> None:
    """000 "1. Research": "draw 3 technology cards from the technology deck"; the rulebook is
    silent on an empty deck (E5: the face-up discards are shuffled into a new deck): one card
    left and the rest discarded, Research still offers three cards to discard from."""
    game = new_game(players=3)
    state = blank(game)
    state["discard"] = state["deck"][1:] + state["discard"]
    state["deck"] = state["deck"][:1]
    game.edited(state)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    assert len([o for o in options(game, state, 0) if o.startswith("discard:")]) == 3
    assert state["discard"] == [] and len(state["deck"]) == 83 - 3


def test_000_a_sixth_small_ship_cannot_be_built() -> None:
    """000 "setup": "5 small, 3 medium, and 2 large ships" each; "You can build as many ships
    as you can afford": with all five small ships on the board, no small ship is offered
    however rich the player is, while a medium one is."""
    game = new_game(players=3)
    state = blank(game)
    for _ in range(5):
        put_ship(state, 0, "small", _home(state, 0))
    give(state, 0, common=10, uncommon=5, rare=5)
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    builds = [o for o in options(game, state, 0) if o.startswith("build:")]
    assert "build:small" not in builds and "build:medium" in builds


def test_000_the_third_large_ship_is_not_offered_after_two_are_built() -> None:
    """000 "setup": "2 large ships" each: two built in one Construct, no third."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, common=15, uncommon=15, rare=15)
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, "build:large")
    game.apply(state, 0, "build:large")
    assert "build:large" not in options(game, state, 0)
    assert state["players"][0]["supply"]["large"] == 0


def test_e6_light_from_an_empty_supply_is_what_is_left() -> None:
    """000 "Components": "15 small light crystals (value 1) / 15 large light crystals (value
    5)": 90 light in all; the rulebook is silent on running out (E6: a gain takes what is
    left): with 1 light left in the supply, an inner planet's Refresh gives 1, not 2."""
    game = new_game(players=3)
    state = blank(game)
    planet, _ = _planets_on(state, "inner")[0]
    put_extractor(state, 0, planet=planet)
    give(state, 1, light=89)
    assert state["supply"]["light"] == 1
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    _finish_round(game, state)
    assert state["players"][0]["light"] == 1 and state["supply"]["light"] == 0


def test_e6_a_trade_the_supply_cannot_pay_in_full_is_not_offered() -> None:
    """000 "Components": "15 purple uncommon resources"; E6: a trade is offered only when
    the supply can pay it in full: with no uncommon left in the supply, neither gaining nor
    converting into uncommon is offered."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 1, uncommon=15)
    give(state, 0, common=4)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    assert [o for o in options(game, state, 0) if o.startswith("trade:")] == ["trade:gain_common"]
    assert "trade:common_to_uncommon" in _trades_with(common=4)  # as it would be with stock


def _trades_with(**res: int) -> list[str]:
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, **res)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    return [o for o in options(game, state, 0) if o.startswith("trade:")]


def test_e3_trade_offers_the_rulebooks_four_lines_both_ways() -> None:
    """000 "Action Card #4": "Gain 1 _ / Trade 2 _ for 1 _ (or 1 _ for 2 _) / Trade 2 _ for
    1 _ (or 1 _ for 2 _) / Trade 2 _ for 1 _" (E3: gain 1 common; common <-> uncommon;
    uncommon <-> rare; 2 rare -> 1 light, the one-way line): with enough of each, exactly
    these six picks, and no gain of an uncommon or rare (001's list is not the rulebook's)."""
    assert sorted(_trades_with(common=4, uncommon=2, rare=2)) == sorted([
        "trade:gain_common", "trade:common_to_uncommon", "trade:uncommon_to_common",
        "trade:uncommon_to_rare", "trade:rare_to_uncommon", "trade:rare_to_light",
    ])  # fmt: skip


def test_e3_two_rare_become_one_light() -> None:
    """000 "OVERVIEW": resources "purchase technologies, ships, and light"; E3: the one-way
    line is 2 rare for 1 light: two such trades turn 4 rare into 2 light."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, rare=4)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    game.apply(state, 0, "trade:rare_to_light")
    game.apply(state, 0, "trade:rare_to_light")
    assert state["players"][0]["light"] == 2 and state["players"][0]["res"]["rare"] == 0
