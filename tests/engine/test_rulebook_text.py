"""Last Light rules checked as a reader of the rulebooks would write them: each test is a
position written with the public scenario helpers (docs/scenarios.md), one decision and the
result the text states, with the rulebook passage it comes from (000 rulebook, 001 reference
manual and FAQ, 002 2-player variant, 004 revised Command). Positions are found on the board
as dealt (a planet on the inner ring, a sector holding a deep space token), not named, so
they hold on any setup map.
"""

from __future__ import annotations

from typing import Any

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

Game = Any
State = Any


def _planet_on(state: State, ring: str, skip: tuple[str, ...] = ()) -> tuple[str, str]:
    """A planet on ``ring`` (``inner``, ``outer`` or ``distant``) and its sector."""
    for planet, data in sorted(state["planets"].items()):
        if data["sector"].startswith(f"{ring}_") and planet not in skip:
            return planet, data["sector"]
    raise AssertionError(f"no planet on the {ring} ring")


def _apply(game: Game, state: State, seat: int, *picks: str) -> None:
    for pick in picks:
        game.apply(state, seat, pick)


def _done(game: Game, state: State, seat: int) -> None:
    """Close ``seat``'s open step if it asks (a step with nothing left ends by itself)."""
    if game.current_players(state) == [seat] and "done" in options(game, state, seat):
        game.apply(state, seat, "done")


def _assign_all(game: Game, state: State, seat: int) -> None:
    """Assign every hit of ``seat``'s roll to the first target offered."""
    while game.current_players(state) == [seat]:
        hits = [o for o in options(game, state, seat) if o.startswith("assign:")]
        if not hits:
            return
        game.apply(state, seat, hits[0])


def _swap_token(state: State, sector: str, card: str) -> None:
    """Put a token of ``card`` in ``sector``, swapping it with the token lying there (both
    of the same kind), so the set of tokens on the board stays as dealt."""
    other = next(s for s, v in state["sectors"].items() if (v["token"] or "").startswith(card))
    here, there = state["sectors"][sector], state["sectors"][other]
    assert here["token_kind"] == there["token_kind"]
    here["token"], there["token"] = there["token"], here["token"]


def _quiet_route(state: State, kind: str) -> tuple[str, str, str]:
    """Three sectors a -> b -> c in a line of adjacent sectors, b holding a face-down token
    of ``kind``, a and c holding no token, no asteroid and no colony ship."""

    def empty(sector: str) -> bool:
        data = state["sectors"][sector]
        return not (data["token"] or data["asteroid"] or data["home"] is not None)

    for b, data in sorted(state["sectors"].items()):
        if data["token_kind"] != kind or data["token"] is None:
            continue
        sides = [s for s in adjacent(state, b) if empty(s) and s != "centre"]
        for a in sides:
            for c in sides:
                if a != c and c not in adjacent(state, a):
                    return a, b, c
    raise AssertionError(f"no quiet route through a {kind} token")


# -- Action Card #1: Research ---------------------------------------------------------------------


def test_000_research_light_is_counted_before_this_actions_manufacture() -> None:
    """000 "Action Card #1": Research is "resolved in order": first "Gain 1 light for every 4
    technology cards you have in play", then Manufacture. A fourth tech made in this action
    does not count for this action's light; the resources paid go back to the supply."""
    game = new_game(players=3)
    state = blank(game)
    for tech in ("x_blaster", "power_shield", "supersonic"):
        put_tech(state, 0, tech, ship_type="large")
    put_tech(state, 0, "resourcefulness", hand=True)
    give(state, 0, common=1, uncommon=1)
    supply = dict(state["supply"])
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    assert state["players"][0]["light"] == 0
    game.apply(state, 0, options(game, state, 0)[0])  # the draw: discard one of three
    made = next(o for o in options(game, state, 0) if o.startswith("make:resourcefulness"))
    game.apply(state, 0, made)
    _done(game, state, 0)
    player = state["players"][0]
    assert len(player["techs"]) == 4 and player["light"] == 0
    assert player["res"] == {"common": 0, "uncommon": 0, "rare": 0}
    assert state["supply"]["common"] == supply["common"] + 1
    assert state["supply"]["uncommon"] == supply["uncommon"] + 1


def test_000_research_draws_three_keeps_two_and_discards_one_face_up() -> None:
    """000 "1. Research": "draw 3 technology cards ... add 2 to your hand as unresearched
    technology cards. The other card is discarded face up next to the technology deck."""
    game = new_game(players=2)
    state = blank(game)
    drawn = list(reversed(state["deck"][-3:]))  # the top of the deck is the last item
    choose(game, state, {0: "research", 1: "mine"})
    discards = [o for o in options(game, state, 0) if o.startswith("discard:")]
    assert sorted(o.split(":", 1)[1] for o in discards) == sorted(drawn)
    game.apply(state, 0, f"discard:{drawn[1]}")
    assert state["discard"][-1] == drawn[1]
    assert sorted(state["players"][0]["techs_hand"]) == sorted([drawn[0], drawn[2]])


def test_000_a_small_ship_holds_one_mod_and_its_ability_is_a_separate_slot() -> None:
    """000 "Ship mod technology cards": "Small ships may hold 1 ship mod"; a ship ability is
    played beside the ship type, not beneath it, so it does not use the mod slot."""
    game = new_game(players=2)
    state = blank(game)
    put_tech(state, 0, "supersonic", ship_type="small")
    put_tech(state, 0, "power_shield", hand=True)
    put_tech(state, 0, "planning", hand=True)
    give(state, 0, common=4, uncommon=4)
    choose(game, state, {0: "research", 1: "mine"})
    game.apply(state, 0, options(game, state, 0)[0])
    makes = options(game, state, 0)
    shield = [o for o in makes if o.startswith("make:power_shield")]
    planning = [o for o in makes if o.startswith("make:planning")]
    assert shield and not [o for o in shield if o.endswith(":small")]
    assert [o for o in planning if o.endswith(":small")]


# -- Action Card #2: Mine -------------------------------------------------------------------------


def test_000_mine_reads_the_planets_token_and_the_colony_space_icon() -> None:
    """000 "Action Card #2": a resource for each extractor; from a planet, the one its
    planetary exploration token shows; from the colony ship, the icon of the space."""
    game = new_game(players=2)
    state = blank(game)
    planet, _ = _planet_on(state, "outer")
    yields = state["planets"][planet]["resource"]
    put_extractor(state, 0, planet=planet)
    put_extractor(state, 0, space="uncommon")
    put_extractor(state, 0, space="rare")
    choose(game, state, {0: "mine", 1: "trade"})
    res = state["players"][0]["res"]
    expected = {"common": 0, "uncommon": 1, "rare": 1}
    expected[yields] += 1
    assert res == expected


# -- Action Card #3: Construct --------------------------------------------------------------------


def test_000_construct_one_extractor_only_and_never_on_a_used_colony_space() -> None:
    """000 "2. extractor": "a sector of your colony ship that does not yet contain an
    extractor"; "You may only build a single extractor with this action"; it costs nothing."""
    game = new_game(players=2)
    state = blank(game)
    put_extractor(state, 0, space="common_a")
    planet, sector = _planet_on(state, "outer")
    put_ship(state, 0, "small", sector)
    choose(game, state, {0: "construct", 1: "mine"})
    offered = [o for o in options(game, state, 0) if o.startswith("extractor:")]
    assert "extractor:common_a" not in offered
    assert {"extractor:common_b", "extractor:uncommon", f"extractor:{planet}"} <= set(offered)
    game.apply(state, 0, "extractor:uncommon")
    assert not [o for o in options(game, state, 0) if o.startswith("extractor:")]
    player = state["players"][0]
    assert player["supply"]["extractor"] == 8 - 2 and player["res"]["common"] == 0


def test_000_no_extractor_on_a_planet_that_holds_one_of_any_player() -> None:
    """000 "2. extractor": a planet "containing only your ships and not containing a
    previously built extractor belonging to any player": an opponent's extractor there
    (with no opponent ship) still forbids it, and so does one of your own."""
    game = new_game(players=2)
    state = blank(game)
    theirs, their_sector = _planet_on(state, "outer")
    mine, my_sector = _planet_on(state, "inner")
    put_extractor(state, 1, planet=theirs)
    put_extractor(state, 0, planet=mine)
    put_ship(state, 0, "small", their_sector)
    put_ship(state, 0, "small", my_sector)
    choose(game, state, {0: "construct", 1: "mine"})
    offered = options(game, state, 0)
    assert f"extractor:{theirs}" not in offered and f"extractor:{mine}" not in offered
    assert "extractor:common_a" in offered


def test_000_an_extractor_in_an_opponents_graveyard_cannot_be_built() -> None:
    """000 "1. Ships", footnote: "You cannot build an extractor from an opponent's
    graveyard." With every other extractor placed, the one in the graveyard is not
    offered, while a ship there is (paying its owner's cost to the opponent)."""
    game = new_game(players=2)
    state = blank(game)
    for space in ("common_a", "common_b", "uncommon", "rare"):
        put_extractor(state, 0, space=space)
    for planet in sorted(state["planets"])[:3]:
        put_extractor(state, 0, planet=planet)
    planet, sector = next(
        (p, d["sector"]) for p, d in sorted(state["planets"].items())
        if not any(x["planet"] == p for x in state["extractors"].values())
    )  # fmt: skip
    put_ship(state, 0, "small", sector)
    me = state["players"][0]
    # By hand: seat 0's last extractor and one of its small ships lie in seat 1's graveyard.
    me["supply"]["extractor"] -= 1
    me["supply"]["small"] -= 1
    state["players"][1]["graveyard"] = [
        {"kind": "extractor", "owner": 0, "size": None},
        {"kind": "ship", "owner": 0, "size": "small"},
    ]
    me["supply"]["small"] -= 3  # and no small ship left in its own supply
    give(state, 0, common=4, uncommon=2, rare=2)
    game.edited(state)
    choose(game, state, {0: "construct", 1: "mine"})
    offered = options(game, state, 0)
    assert not [o for o in offered if o.startswith("extractor:")]
    assert [o for o in offered if o.startswith("build:small")]


# -- Action Card #4: Trade ------------------------------------------------------------------------


def test_000_trade_gift_goes_to_one_other_player_of_the_traders_choice() -> None:
    """000 "Action Card #4": "choose 1 other player to gain 1 light from the supply": in a
    3-player game both others are offered, never the trader."""
    game = new_game(players=3)
    state = blank(game)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    _apply(game, state, 0, "trade:gain_common", "trade:gain_common")
    assert options(game, state, 0) == ["gift:1", "gift:2"]
    game.apply(state, 0, "gift:2")
    assert [p["light"] for p in state["players"]] == [0, 0, 1]
    assert state["players"][0]["res"]["common"] == 2


def test_000_trade_converts_one_rare_to_two_uncommon_and_one_uncommon_to_two_common() -> None:
    """000 "Action Card #4": "Trade 2 for 1 (or 1 for 2)" both ways; 001 "4. Trade":
    "Convert 1 rare -> 2 uncommon", "Convert 1 uncommon -> 2 common"."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, rare=1)
    choose(game, state, {0: "trade", 1: "mine"})
    ups = [o for o in options(game, state, 0) if "rare" in o]
    assert ups, options(game, state, 0)
    down = next(o for o in options(game, state, 0) if o.startswith("trade:") and "rare" in o
                and "light" not in o)  # fmt: skip
    game.apply(state, 0, down)
    assert state["players"][0]["res"] == {"common": 0, "uncommon": 2, "rare": 0}
    down = next(o for o in options(game, state, 0) if o.startswith("trade:uncommon")
                or o == "trade:uncommon_to_common")  # fmt: skip
    game.apply(state, 0, down)
    assert state["players"][0]["res"] == {"common": 2, "uncommon": 1, "rare": 0}


# -- Action Card #5: Refresh ----------------------------------------------------------------------


def test_000_refresh_heals_only_your_own_ships_and_readies_your_faction() -> None:
    """000 "1. Refresh": "Ready all of your exhausted technology cards and Alien faction
    cards ... Remove all damage tokens currently on your ships": yours, not another's."""
    game = new_game(players=3)
    state = blank(game)
    home = next(s for s, v in state["sectors"].items() if v["home"] == 0)
    mine = put_ship(state, 0, "medium", home, damage=1)
    theirs = put_ship(state, 1, "medium", "centre", damage=1)
    put_tech(state, 0, "resourcefulness", exhausted=True)
    put_tech(state, 1, "development", exhausted=True)
    keep(state, 0, faction="allterra")
    state["players"][0]["faction_exhausted"] = True  # by hand: used earlier this cycle
    game.edited(state)
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    assert state["ships"][mine]["damage"] == 0 and state["ships"][theirs]["damage"] == 1
    assert not state["players"][0]["faction_exhausted"]
    assert [t["exhausted"] for t in state["players"][0]["techs"]] == [False]
    assert [t["exhausted"] for t in state["players"][1]["techs"]] == [True]


def test_000_your_own_ships_do_not_blockade_your_planet() -> None:
    """000 "2. Claim": "A planet is considered blockaded if any ships of a different color
    than the extractor occupy that sector": your own ships there do not blockade it; 2 light
    for an inner planet, 1 for an outer one."""
    game = new_game(players=3)
    state = blank(game)
    inner, inner_sector = _planet_on(state, "inner")
    outer, outer_sector = _planet_on(state, "outer")
    put_extractor(state, 0, planet=inner)
    put_extractor(state, 0, planet=outer)
    put_ship(state, 0, "large", inner_sector)
    put_ship(state, 0, "small", outer_sector)
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    assert state["players"][0]["light"] == 3


def test_001_a_played_refresh_is_not_in_hand_the_next_round() -> None:
    """001 FAQ "Can I use Refresh to take back my Refresh card? No. Refresh card remains on
    table until rotation": the next round's choice does not offer it, while the rest of the
    hand is offered."""
    game = new_game(players=3)
    state = blank(game)
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    assert state["phase"] == "choose" and state["rotation"] == 0
    offered = options(game, state, 0)
    assert offered and not [o for o in offered if "refresh" in o]
    assert [o for o in offered if "mine" in o]


# -- Action Card #6: Command ----------------------------------------------------------------------


def test_000_a_ship_reveals_only_where_it_ends_not_where_it_passed() -> None:
    """000 "1. Move": "After moving all of your ships, reveal any ... exploration tokens in
    sectors you now occupy with ships": a ship moving two sectors (a +1 movement mod) past a
    face-down token does not reveal it."""
    game = new_game(players=3)
    state = blank(game)
    a, b, c = _quiet_route(state, "deep_space")
    put_tech(state, 0, "supersonic", ship_type="small")
    scout = put_ship(state, 0, "small", a)
    token = state["sectors"][b]["token"]
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    assert f"move:{scout}:{c}" in options(game, state, 0)
    game.apply(state, 0, f"move:{scout}:{c}")
    assert state["ships"][scout]["sector"] == c
    assert state["sectors"][b]["token"] == token and token not in state["explored"]


def test_000_a_movement_mod_moves_only_its_own_ship_type() -> None:
    """000 "Ship mods give a permanent upgrade to all ships of the associated type": a
    +1 movement mod on small ships leaves a medium ship at 1 sector."""
    game = new_game(players=3)
    state = blank(game)
    a, _, c = _quiet_route(state, "deep_space")
    put_tech(state, 0, "supersonic", ship_type="small")
    small = put_ship(state, 0, "small", a)
    medium = put_ship(state, 0, "medium", a)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    offered = options(game, state, 0)
    assert f"move:{small}:{c}" in offered and f"move:{medium}:{c}" not in offered


def test_000_a_deep_space_token_leaves_the_board_a_planetary_one_stays() -> None:
    """000 "1. Move": "Deep space exploration tokens are removed from the board after they
    have been resolved. Planetary exploration tokens remain on the board"."""
    game = new_game(players=3)
    state = blank(game)
    _, deep, _ = _quiet_route(state, "deep_space")
    _, sector = _planet_on(state, "outer")
    put_ship(state, 0, "small", deep)
    put_ship(state, 0, "small", sector)
    deep_token = state["sectors"][deep]["token"]
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")  # nothing moves; the ships reveal where they are
    while game.current_players(state) == [0] and state["stack"]:
        picks = [o for o in options(game, state, 0) if o.startswith("reveal:")]
        game.apply(state, 0, picks[0] if picks else options(game, state, 0)[-1])
    assert state["sectors"][deep]["token"] is None and deep_token in state["explored"]
    assert state["sectors"][sector]["revealed"] and state["sectors"][sector]["token"]


def test_000_ships_in_adjacent_sectors_do_not_fight_at_range_0() -> None:
    """000 "Combat Icons Explained": "Range 0 can only attack in the same sector" (every
    ship type has range 0 in the bundled pack): an enemy one sector away is not attacked."""
    game = new_game(players=2)
    state = blank(game)
    a, b, _ = _quiet_route(state, "deep_space")
    mine = put_ship(state, 0, "large", a)
    theirs = put_ship(state, 1, "small", b)
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    while game.current_players(state) == [0]:
        offered = options(game, state, 0)
        assert not [o for o in offered if o.startswith("roll:")]
        game.apply(state, 0, offered[-1])
    assert mine in state["ships"] and theirs in state["ships"]


def test_000_a_large_ship_rolls_three_dice_a_medium_two() -> None:
    """000 "2. Attack": "Each medium ship rolls 2 attack dice ... Each large ship rolls 3":
    three hits from one large ship destroy three small enemy ships."""
    game = new_game(players=2)
    state = blank(game)
    sector = "centre"  # no token to reveal before the fight
    put_ship(state, 0, "large", sector)
    enemies = [put_ship(state, 1, "small", sector) for _ in range(3)]
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit", "hit", "hit"])
    game.apply(state, 0, "roll:large")
    _assign_all(game, state, 0)
    assert not [e for e in enemies if e in state["ships"]]
    assert len(state["players"][0]["graveyard"]) == 3


def test_000_an_exploding_die_can_explode_again() -> None:
    """000 "Combat Dice Results Explained": the exploding face deals 1 damage and rolls
    another die, which "can result in a series of dice being added if [it] appears multiple
    times in a single combat": explode, explode, hit is 3 damage from one small ship."""
    game = new_game(players=2)
    state = blank(game)
    sector = "centre"
    put_ship(state, 0, "small", sector)
    enemies = [put_ship(state, 1, "small", sector) for _ in range(3)]
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["explode", "explode", "hit"])
    game.apply(state, 0, "roll:small")
    _assign_all(game, state, 0)
    assert not [e for e in enemies if e in state["ships"]]


def test_000_a_miss_deals_no_damage() -> None:
    """000 "Combat Dice Results Explained": "Miss"."""
    game = new_game(players=2)
    state = blank(game)
    sector = "centre"
    put_ship(state, 0, "small", sector)
    enemy = put_ship(state, 1, "small", sector)
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["miss"])
    game.apply(state, 0, "roll:small")
    assert state["ships"][enemy]["damage"] == 0 and state["players"][0]["graveyard"] == []


def test_004_bombardment_destroys_an_extractor_into_the_attackers_graveyard() -> None:
    """004 "2. Attack": "Ships with bombardment can attack if there is an enemy ship or
    extractor present"; 000 "Graveyard": "When you destroy an enemy ship or extractor, place
    it in your graveyard"; the planet is then free of extractors."""
    game = new_game(players=2)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_extractor(state, 1, planet=planet)
    put_tech(state, 0, "bombardment", ship_type="small")
    put_ship(state, 0, "small", sector)
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    assert "roll:small" in options(game, state, 0)
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    _assign_all(game, state, 0)
    assert not [x for x in state["extractors"].values() if x["planet"] == planet]
    assert state["players"][0]["graveyard"] == [{"kind": "extractor", "owner": 1, "size": None}]
    assert state["players"][1]["supply"]["extractor"] == 8 - 1


def test_e7_an_extractor_on_a_colony_ship_is_never_bombarded() -> None:
    """004 lets bombardment target "extractors"; the colony ship's extractors are not on a
    planet and are never targets (docs/rules-decisions.md E7 (g), public rules FAQ)."""
    game = new_game(players=2)
    state = blank(game)
    home = next(s for s, v in state["sectors"].items() if v["home"] == 1)
    put_extractor(state, 1, space="common_a")
    put_tech(state, 0, "bombardment", ship_type="small")
    put_ship(state, 0, "small", home)
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    assert not [o for o in options(game, state, 0) if o.startswith("roll:")]
    assert len(state["extractors"]) == 1


# -- Exploration icons ----------------------------------------------------------------------------


def _reveal_here(game: Game, state: State, card: str, seats: int = 3) -> tuple[str, str]:
    """Seat 0's small ship on a deep space sector whose token is ``card``; Command chosen,
    nothing moved: the token is revealed next. Returns (ship, sector)."""
    _, sector, _ = _quiet_route(state, "deep_space")
    _swap_token(state, sector, card)
    scout = put_ship(state, 0, "small", sector)
    return scout, sector


def test_000_free_ship_builds_nothing_without_an_unbuilt_small_ship() -> None:
    """000 "Exploration Icons Explained": "Immediately build a small ship in this sector (if
    you have one unbuilt in your supply)": with none left, nothing is built."""
    game = new_game(players=3)
    state = blank(game)
    _, sector = _reveal_here(game, state, "free_ship")
    state["players"][0]["supply"]["small"] = 0  # by hand: the others are all elsewhere
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    ships_here = [s for s in state["ships"].values() if s["sector"] == sector]
    assert len(ships_here) == 1 and state["sectors"][sector]["token"] is None


def test_000_free_ship_builds_a_small_ship_in_the_sector() -> None:
    """000 "Exploration Icons Explained": "Immediately build a small ship in this sector"."""
    game = new_game(players=3)
    state = blank(game)
    _, sector = _reveal_here(game, state, "free_ship")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    ships_here = [s for s in state["ships"].values() if s["sector"] == sector]
    assert [s["owner"] for s in ships_here] == [0, 0]
    assert state["players"][0]["supply"]["small"] == 5 - 2


def test_000_time_eddy_never_picks_up_the_refresh_card() -> None:
    """000 "Exploration Icons Explained": "You may pick up an action card other than the
    Refresh card"; 000 "Action Card #5": "A played Refresh card cannot be returned to your
    hand by card or explore effects"."""
    game = new_game(players=3)
    state = blank(game)
    _reveal_here(game, state, "time_eddy")
    me = state["players"][0]
    me["played"] = ["refresh", "mine"]
    me["hand"] = ["research", "construct", "trade", "command"]
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    game.apply(state, 0, "yes")  # "You may"
    offered = options(game, state, 0)
    assert "pick:mine" in offered and not [o for o in offered if "refresh" in o]
    game.apply(state, 0, "pick:mine")
    assert "mine" in me["hand"] and me["played"][0] == "refresh"


def test_000_trade_convoy_makes_one_trade_only_and_no_gift() -> None:
    """000 "Exploration Icons Explained": "You may take a trade action, making one trade
    only" (the gift of light belongs to the Trade card: docs/rules-decisions.md K20)."""
    game = new_game(players=3)
    state = blank(game)
    _reveal_here(game, state, "trade_convoy")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    game.apply(state, 0, "yes")  # "You may"
    offered = options(game, state, 0)
    assert "trade:gain_common" in offered
    game.apply(state, 0, "trade:gain_common")
    assert state["players"][0]["res"]["common"] == 1
    assert not [o for o in options(game, state, 0) if o.startswith(("trade:", "gift:"))]
    assert [p["light"] for p in state["players"]] == [0, 0, 0]


# -- End of round, game end -----------------------------------------------------------------------


def test_000_tied_light_and_techs_most_resources_counts_pieces() -> None:
    """000 "Game End": "the player among them who has the most resources wins the game":
    resources are counted, whatever their type (3 common beat 2 rare)."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, light=20, common=3)
    give(state, 1, light=20, rare=2)
    choose(game, state, {0: "research", 1: "research"})
    while state["phase"] != "over":
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[-1])
        if state["phase"] == "choose":
            break
    # Both made nothing: techs in play tie at 0.
    assert state["phase"] == "over", state["phase"]
    assert state["result"]["winners"] == [0] and state["result"]["tiebreak"] == "resources"


def test_002_the_lumos_ally_gains_no_light_for_lumos_ships_in_the_centre() -> None:
    """000 "Board Rotation": "each player collects 1 light ... for each ship they have in the
    center sector"; 002: the Lumos are "their own faction", so their ships there are nobody's
    (docs/rules-decisions.md E9); the ally's own ship there counts."""
    game = new_game(players=2)
    state = blank(game)
    put_ship(state, -1, "small", "centre")
    put_ship(state, 1, "small", "centre")
    give(state, 1, light=1)
    for seat in (0, 1):
        player = state["players"][seat]
        player["played"] = ["mine"]
        player["hand"] = [c for c in player["hand"] if c != "mine"]
    game.edited(state)
    choose(game, state, {0: "refresh", 1: "refresh"})
    assert state["rotation"] == 1
    assert [p["light"] for p in state["players"]] == [0, 1 + 1]


def test_000_a_face_up_planetary_token_is_not_revealed_again() -> None:
    """000 "1. Move": "Planetary exploration tokens remain on the board as they depict what
    resource their associated planet produces": once face up, a later Command player's ship
    there reveals nothing and gains nothing from it."""
    game = new_game(players=3)
    state = blank(game)
    _, sector = _planet_on(state, "outer")
    put_ship(state, 0, "small", sector)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    while game.current_players(state) == [0]:
        game.apply(state, 0, options(game, state, 0)[-1])  # the token's own question, if any
    assert state["sectors"][sector]["revealed"]
    put_ship(state, 1, "small", sector)
    before = [dict(p["res"]) for p in state["players"]] + [p["light"] for p in state["players"]]
    choose(game, state, {0: "mine", 1: "command", 2: "refresh"})
    assert 1 not in game.current_players(state) or not [
        o for o in options(game, state, 1) if o.startswith("reveal:")
    ]
    game.apply(state, 1, "done")
    assert state["players"][1]["res"] == before[1] and state["players"][1]["light"] == before[4]


def test_000_a_ship_from_a_graveyard_or_the_supply_but_only_your_own() -> None:
    """000 "Action Card #3" footnote: "If you wish to build a ship that is in an opponent's
    graveyard, you must pay the ship build cost to that opponent ... and return the ship from
    their graveyard to play": a choice beside the supply; another player's ship lying in
    that graveyard is not yours to build."""
    game = new_game(players=3)
    state = blank(game)
    state["players"][0]["supply"]["small"] -= 1
    state["players"][2]["supply"]["medium"] -= 1
    state["players"][1]["graveyard"] = [
        {"kind": "ship", "owner": 0, "size": "small"},
        {"kind": "ship", "owner": 2, "size": "medium"},
    ]
    give(state, 0, common=6, uncommon=3)
    game.edited(state)
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    offered = [o for o in options(game, state, 0) if o.startswith("build:")]
    assert "build:small" in offered and "build:small@1" in offered
    assert "build:medium" in offered and "build:medium@1" not in offered
    game.apply(state, 0, "build:small@1")
    assert state["players"][1]["graveyard"] == [{"kind": "ship", "owner": 2, "size": "medium"}]
    assert state["players"][1]["res"]["common"] == 2  # the small ship's cost, paid to seat 1
    home = next(s for s, v in state["sectors"].items() if v["home"] == 0)
    assert [s["sector"] for s in state["ships"].values() if s["owner"] == 0] == [home]


def test_002_no_extractor_beside_a_lumos_ship() -> None:
    """000 "2. extractor": "a planet containing only your ships"; 002: the Lumos are "their
    own faction", so a Lumos ship there, allied or not, forbids it (001 FAQ "Can I build an
    extractor on a planet with enemy ships? No"; docs/rules-decisions.md E8)."""
    game = new_game(players=2)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_ship(state, 0, "small", sector)
    put_ship(state, -1, "small", sector)
    give(state, 1, light=1)  # seat 0 has the least light: the Lumos are its allies
    state["lumos"]["ally"] = 0
    game.edited(state)
    choose(game, state, {0: "construct", 1: "mine"})
    assert f"extractor:{planet}" not in options(game, state, 0)


def test_e144_a_take_back_may_pick_up_the_card_being_resolved() -> None:
    """000 "Exploration Icons Explained" (Time Eddy): "pick up an action card other than the
    Refresh card"; the Command card being resolved is played, so it may come back, and its
    attack still follows (docs/rules-decisions.md E144)."""
    game = new_game(players=3)
    state = blank(game)
    _, sector = _reveal_here(game, state, "time_eddy")
    put_ship(state, 1, "small", sector)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    game.apply(state, 0, "yes")  # Command is the only card on the table: taken at once
    me = state["players"][0]
    assert "command" in me["hand"] and me["played"] == []
    assert options(game, state, 0) == ["roll:small", "done"]


def test_002_lumos_ships_do_not_use_the_allys_faction_ability() -> None:
    """002: "Lumos ships do not use your faction ability—they are their own faction":
    Talorin's "spend [1 uncommon] to move 1 ship 1 extra sector" (000) goes to Talorin's own
    ship, never to a Lumos ship it commands, which keeps its 1 sector."""
    game = new_game(players=2)
    state = blank(game)
    keep(state, 0, faction="talorin")
    mine = put_ship(state, 0, "small", "centre")
    lumos = put_ship(state, -1, "small", "centre")
    give(state, 0, uncommon=1)
    give(state, 1, light=2)  # seat 0 has the least light: the Lumos are its allies
    state["lumos"]["ally"] = 0
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "yes")  # pay 1 uncommon: the only ship of its own gets the extra
    offered = options(game, state, 0)
    far = [s for s in state["sectors"] if s.startswith("outer_")]
    assert [o for o in offered if o.startswith(f"move:{mine}:outer_")]
    assert not [o for o in offered if o.split(":")[-1] in far and o.startswith(f"move:{lumos}:")]
    assert state["players"][0]["res"]["uncommon"] == 0
