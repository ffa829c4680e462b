"""Last Light rules as an outsider checks them: each scenario written from the rulebook text
(000, 002, 004) with only the helpers docs/scenarios.md shows, and the helpers' refusals of
positions the rulebook does not allow (docs/rules-decisions.md E184).

rules6's corners (tests/engine/test_rulebook_corners.py) are not repeated here."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from whitedwarf.interpreter.lastlight.scenario import (
    ScenarioError,
    adjacent,
    blank,
    box_whole,
    choose,
    give,
    keep,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
    put_token,
    rig_dice,
)


def _assign_all(game, state, seat: int) -> None:  # type: ignore[no-untyped-def]
    """Assign every rolled hit to the first target offered (000: assigning is mandatory)."""
    while (found := options(game, state, seat)) and found[0].startswith("assign:"):
        game.apply(state, seat, found[0])


def _box_ships(state) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """Each seat's ships on the board, in its supply and in any graveyard."""
    count = {}
    for seat, player in enumerate(state["players"]):
        on_board = sum(1 for s in state["ships"].values() if s["owner"] == seat)
        buried = sum(
            1
            for p in state["players"]
            for unit in p["graveyard"]
            if unit["kind"] == "ship" and unit["owner"] == seat
        )
        sizes = ("small", "medium", "large")
        count[seat] = on_board + buried + sum(player["supply"][s] for s in sizes)
    return count


# --- combat in full: dice, damage, destruction, graveyards --------------------------------------


def test_000_002_four_kills_in_one_roll_pay_two_light_and_go_home() -> None:
    """000 "Graveyard": "As soon as you have 4 units in your graveyard, gain 1 light ... and
    return the units to their original owners. (In a 2-player game, you gain 2 light)"."""
    game = new_game(players=2)
    state = blank(game)
    put_ship(state, 0, "large", "outer_05")
    put_ship(state, 0, "large", "outer_05")
    for _ in range(4):
        put_ship(state, 1, "small", "outer_05")
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit"] * 4 + ["miss"] * 2)  # both large ships roll together: 6 dice
    game.apply(state, 0, "roll:large")
    _assign_all(game, state, 0)
    assert state["players"][0]["light"] == 2
    assert state["players"][0]["graveyard"] == []
    assert state["players"][1]["supply"]["small"] == 5  # all four back home
    assert _box_ships(state) == {0: 10, 1: 10}
    box_whole(state)  # and the box stays whole


def test_002_lumos_ships_leaving_a_graveyard_go_to_the_box() -> None:
    """002: "When they are removed from the graveyard, they are returned to the box. They are
    never added back to the Lumos' supply"."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, light=3)  # the Lumos are seat 1's allies: seat 0's enemies
    put_ship(state, 0, "large", "outer_05")
    put_ship(state, 0, "large", "outer_05")
    for _ in range(4):
        put_ship(state, -1, "small", "outer_05")
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit"] * 4 + ["miss"] * 2)
    game.apply(state, 0, "roll:large")
    _assign_all(game, state, 0)
    assert state["players"][0]["light"] == 3 + 2
    assert state["lumos"]["box"] == 4 and state["lumos"]["supply"]["small"] == 1
    box_whole(state)  # and the box stays whole


def test_000_both_ships_fire_and_both_die_each_in_the_killers_graveyard() -> None:
    """000 "2. Attack": "all damage is resolved simultaneously. A ship that takes enough damage
    to be destroyed will still roll attack dice before being removed"."""
    game = new_game(players=2)
    state = blank(game)
    mine = put_ship(state, 0, "small", "outer_05")
    theirs = put_ship(state, 1, "small", "outer_05")
    choose(game, state, {0: "command", 1: "command"})
    game.apply(state, 0, "done")  # no move; seat 1's ship cannot move either now
    if "done" in options(game, state, 1):
        game.apply(state, 1, "done")
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    assert mine in state["ships"] and theirs in state["ships"]  # nothing removed yet
    assert options(game, state, 1) == ["roll:small", "done"]  # the doomed ship still rolls
    rig_dice(state, ["hit"])
    game.apply(state, 1, "roll:small")
    assert mine not in state["ships"] and theirs not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]
    assert state["players"][1]["graveyard"] == [{"kind": "ship", "owner": 0, "size": "small"}]
    box_whole(state)  # and the box stays whole


def test_000_an_explosion_deals_one_and_rolls_again_and_damage_stays_until_refresh() -> None:
    """000 dice: the explosion "Deal 1 damage and roll another combat die, applying its
    result"; 000 "5. Refresh": "Remove all damage tokens currently on your ships"."""
    game = new_game(players=2)
    state = blank(game)
    put_ship(state, 0, "small", "outer_05")
    big = put_ship(state, 1, "large", "outer_05")
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["explode", "hit"])  # one die, and the one it adds
    game.apply(state, 0, "roll:small")
    assert state["ships"][big]["damage"] == 2  # a large ship's 3 shields hold
    choose(game, state, {0: "mine", 1: "construct"})
    assert state["ships"][big]["damage"] == 2  # no healing but by a Refresh
    while state["phase"] != "choose":
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[-1])
    choose(game, state, {0: "trade", 1: "refresh"})
    while state["phase"] != "choose":
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[0])
    assert state["ships"][big]["damage"] == 0
    box_whole(state)  # and the box stays whole


def test_004_no_attack_on_an_extractor_alone_without_bombardment() -> None:
    """004: "Ships without bombardment can only attack if there is an enemy ship present.
    Ships with bombardment can attack if there is an enemy ship or extractor present"; the
    destroyed extractor goes to the graveyard (000 "Graveyard": "enemy ship or extractor")."""
    planet = "emberlyn"
    for bombard in (False, True):
        game = new_game(players=2)
        state = blank(game)
        sector = state["planets"][planet]["sector"]
        target = put_extractor(state, 1, planet=planet)
        put_ship(state, 0, "small", sector)
        if bombard:
            put_tech(state, 0, "bombardment", ship_type="small")
        choose(game, state, {0: "command", 1: "mine"})
        game.apply(state, 0, "done")
        if not bombard:
            assert state["phase"] == "choose"  # nothing to attack: the round went on
            assert target in state["extractors"]
            continue
        assert options(game, state, 0) == ["roll:small", "done"]
        rig_dice(state, ["hit"])
        game.apply(state, 0, "roll:small")
        assert target not in state["extractors"]
        assert state["players"][0]["graveyard"] == [{"kind": "extractor", "owner": 1, "size": None}]


def test_000_a_ship_built_out_of_a_graveyard_is_paid_to_its_keeper() -> None:
    """000 "3. Construct": "If you wish to build a ship that is in an opponent's graveyard, you
    must pay the ship build cost to that opponent instead of the bank"."""
    game = new_game(players=2)
    state = blank(game)
    put_ship(state, 0, "large", "outer_05")
    put_ship(state, 1, "small", "outer_05")
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit", "miss", "miss"])
    game.apply(state, 0, "roll:large")
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]
    give(state, 1, common=4)
    choose(game, state, {0: "mine", 1: "construct"})
    assert "build:small@0" in options(game, state, 1)
    game.apply(state, 1, "build:small@0")
    assert state["players"][0]["res"]["common"] == 2  # the small ship's cost, to seat 0
    assert state["players"][1]["res"]["common"] == 2
    assert state["players"][0]["graveyard"] == []
    assert _box_ships(state) == {0: 10, 1: 10}
    box_whole(state)  # and the box stays whole


# --- Refresh, research, rotation -----------------------------------------------------------


def test_000_refresh_claims_outer_1_inner_2_and_nothing_blockaded_or_on_the_colony_ship() -> None:
    """000 "2. Claim": 1 light an extractor on a non-blockaded outer planet, 2 on an inner one;
    "blockaded if any ships of a different color than the extractor occupy that sector"."""
    game = new_game(players=3)
    state = blank(game)

    def ring(name: str) -> list[str]:
        return [p for p, v in state["planets"].items() if v["sector"].startswith(name)]

    inner_a, inner_b = ring("inner")[:2]
    outer_a, outer_b = ring("outer")[:2]
    for planet in (inner_a, inner_b, outer_a, outer_b):
        put_extractor(state, 0, planet=planet)
    put_extractor(state, 0, space="common_b")
    put_ship(state, 1, "small", state["planets"][inner_b]["sector"])  # blockades inner_b
    put_ship(state, 0, "small", state["planets"][outer_b]["sector"])  # one's own: no blockade
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    assert state["players"][0]["light"] == 2 + 1 + 1
    box_whole(state)  # and the box stays whole


def test_000_research_gains_one_light_for_each_four_techs_in_play() -> None:
    """000 "1. Research": "Gain 1 [light] for every 4 technology cards you have in play"."""
    game = new_game(players=2)
    state = blank(game)
    for tech in ("development", "resourcefulness", "galactic_monument"):
        put_tech(state, 0, tech)
    put_tech(state, 0, "planning", ship_type="small")
    put_tech(state, 0, "x_blaster", ship_type="medium")  # five: one light, not two
    choose(game, state, {0: "research", 1: "mine"})
    assert state["players"][0]["light"] == 1
    assert sum(o.startswith("discard:") for o in options(game, state, 0)) == 3  # draw 3 keep 2


def test_000_002_rotation_pays_each_ship_in_the_centre_and_adds_the_smallest_lumos() -> None:
    """000 "Board Rotation": "each player collects 1 light ... for each ship they have in the
    center sector ... regardless of the ship type"; 002: "add 2 more ships ... the two
    smallest ships available" (E9: Lumos ships bring no centre light)."""
    game = new_game(players=2)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    put_ship(state, 0, "large", "centre")
    put_ship(state, 1, "medium", "centre")
    put_ship(state, -1, "small", "centre")
    state["lumos"]["supply"]["small"] -= 4  # the other four small Lumos ships in the box
    state["lumos"]["box"] += 4
    game.edited(state)
    choose(game, state, {0: "mine", 1: "mine"})
    choose(game, state, {0: "refresh", 1: "refresh"})
    assert state["rotation"] == 1
    assert [p["light"] for p in state["players"]] == [2, 1]
    lumos = sorted(s["size"] for s in state["ships"].values() if s["owner"] == -1)
    assert lumos == ["medium", "medium", "small"]  # no small left: the next smallest
    box_whole(state)  # and the box stays whole


# --- the end of the game and its tiebreakers -----------------------------------------------


def test_000_tied_light_then_tied_techs_the_most_resources_wins() -> None:
    """000 "Game End": "If there is a tie, the tied player with the most Technology cards in
    play is the winner. If multiple tied players have the same number of technology cards in
    play, then the player among them who has the most resources wins"."""
    game = new_game(players=3)
    state = blank(game)
    for seat in range(3):
        give(state, seat, light=20)
    put_tech(state, 1, "development")
    put_tech(state, 2, "planning", ship_type="small")  # seat 0 has none: out on techs
    give(state, 2, rare=3)
    give(state, 1, common=1)
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["result"]["winners"] == [2]
    assert state["result"]["tiebreak"] == "resources"
    box_whole(state)  # and the box stays whole


def test_000_tied_on_everything_the_win_is_shared_and_resources_are_counted_not_valued() -> None:
    """000 "Game End" gives no third tiebreaker (E10: a shared win); "the most resources" is a
    count: 1 rare and 1 common tie."""
    game = new_game(players=4)
    state = blank(game)
    give(state, 0, light=21, rare=1)
    give(state, 1, light=21, common=1)
    give(state, 2, light=19, rare=9)  # below the winners' light: out whatever it holds
    give(state, 3, light=21)
    choose(game, state, {0: "mine", 1: "mine", 2: "mine", 3: "mine"})
    assert state["result"]["winners"] == [0, 1]
    assert state["result"]["tiebreak"] == "shared"
    box_whole(state)  # and the box stays whole


def test_000_light_reached_in_the_round_ends_the_game_at_its_end_gift_included() -> None:
    """000: "The game ends at the end of a round when at least one player has 20+ light";
    Trade's gift (000 "4. Trade") counts."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, light=19)
    give(state, 1, light=18)
    inner = next(p for p, v in state["planets"].items() if v["sector"].startswith("inner"))
    put_extractor(state, 1, planet=inner)
    choose(game, state, {0: "mine", 1: "mine"})
    choose(game, state, {0: "trade", 1: "refresh"})
    while state["phase"] == "resolve":
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[0])
    assert state["phase"] == "over"
    assert [p["light"] for p in state["players"]] == [19, 18 + 2 + 1]
    assert state["result"]["winners"] == [1]
    box_whole(state)  # and the box stays whole


# --- the Lumos at 2 players ------------------------------------------------------------------


def test_002_the_least_light_player_commands_the_lumos_and_takes_their_kills() -> None:
    """002: "When an allied player plays the Command card, they may command the Lumos ships as
    well" and "Ships destroyed by Lumos ships that you are controlling do go to your
    graveyard"; the ally of a written position is the one its light makes (E184)."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, light=3)
    assert state["lumos"]["ally"] == 1
    lumos = put_ship(state, -1, "small", "outer_05")
    target = put_ship(state, 0, "small", "outer_05")
    choose(game, state, {0: "mine", 1: "command"})
    assert any(o.startswith(f"move:{lumos}:") for o in options(game, state, 1))
    game.apply(state, 1, "done")
    assert options(game, state, 1) == ["roll:lumos:small", "done"]
    rig_dice(state, ["hit"])
    game.apply(state, 1, "roll:lumos:small")
    assert target not in state["ships"]
    assert state["players"][1]["graveyard"] == [{"kind": "ship", "owner": 0, "size": "small"}]
    box_whole(state)  # and the box stays whole


def test_002_a_light_found_mid_command_changes_the_lumos_only_when_the_card_ends() -> None:
    """002: "The Lumos change allegiance only at the end of an action card resolution (e.g. If
    you were to discover a light during the move portion of command that would tie you with
    the other player, you would still finish commanding all the Lumos"."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, light=1)
    put_token(state, "inner_0", "light_shrine")
    scout = put_ship(state, 1, "small", "centre")
    put_ship(state, -1, "small", "outer_05")
    target = put_ship(state, 0, "small", "outer_05")
    choose(game, state, {0: "mine", 1: "command"})
    game.apply(state, 1, f"move:{scout}:inner_0")
    game.apply(state, 1, "done")
    assert [p["light"] for p in state["players"]] == [1, 1]
    assert state["lumos"]["ally"] == 1
    rig_dice(state, ["hit"])
    game.apply(state, 1, "roll:lumos:small")
    assert target not in state["ships"]
    assert state["lumos"]["ally"] is None
    box_whole(state)  # and the box stays whole


def test_002_lumos_ships_reveal_no_token_where_they_go() -> None:
    """002: "Lumos ships do not reveal exploration tiles when entering a sector that contains
    them" (001 FAQ: "Do Lumos ships reveal exploration tokens? No")."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, light=1)
    lumos = put_ship(state, -1, "small", "distant_00")
    assert "outer_00" in adjacent(state, "distant_00")
    choose(game, state, {0: "mine", 1: "command"})
    game.apply(state, 1, f"move:{lumos}:outer_00")
    assert state["ships"][lumos]["sector"] == "outer_00"
    assert not state["sectors"]["outer_00"]["revealed"]
    assert state["players"][1]["light"] == 0
    box_whole(state)  # and the box stays whole


def test_002_a_blockading_lumos_ship_costs_the_non_ally_its_claim() -> None:
    """002: "Lumos ships blockade planets of the player(s) they are not allied with"; E9: each
    Refresh is a card of its own, the ally re-evaluated after each (first player first)."""
    game = new_game(players=2)
    state = blank(game)
    inner = [p for p, v in state["planets"].items() if v["sector"].startswith("inner")]
    put_extractor(state, 0, planet=inner[0])
    put_extractor(state, 1, planet=inner[1])
    put_ship(state, -1, "small", state["planets"][inner[0]]["sector"])
    give(state, 0, light=5)  # seat 1 stays the least light after its claim: the ally
    choose(game, state, {0: "mine", 1: "mine"})
    choose(game, state, {0: "refresh", 1: "construct"})
    while state["phase"] == "resolve":
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[-1])
    assert state["players"][0]["light"] == 5  # blockaded: nothing
    put_ship(state, -1, "small", state["planets"][inner[1]]["sector"])
    choose(game, state, {0: "construct", 1: "refresh"})
    while state["phase"] == "resolve":
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[-1])
    assert state["players"][1]["light"] == 2  # the ally's planet is not blockaded
    box_whole(state)  # and the box stays whole


# --- the helpers refuse what the rulebook does not allow -------------------------------------


REFUSED: list[tuple[str, Callable[..., object], str]] = [
    (
        "a seat counted from the end",
        lambda s: give(s, -1, common=1),
        "no seat -1 in a 2-player game (seats 0 to 1)",
    ),
    (
        "a faction for a seat that is not there",
        lambda s: keep(s, -1, faction="deshard"),
        "no seat -1",
    ),
    (
        "the options of a seat that is not there",
        lambda s: options(new_game(players=2), s, 5),
        "no seat 5",
    ),
    (
        "a hand tech on a ship type",
        lambda s: put_tech(s, 0, "bombardment", ship_type="small", hand=True),
        "unresearched",
    ),
    (
        "a small ship holding its shields' damage",
        lambda s: put_ship(s, 0, "small", "outer_05", damage=1),
        "a small ship of seat 0 has 1 shields",
    ),
    (
        "a large ship holding 3 damage",
        lambda s: put_ship(s, 0, "large", "outer_05", damage=3),
        "holds at most 2 damage",
    ),
    (
        "a Lumos ship destroyed",
        lambda s: put_ship(s, -1, "small", "outer_05", damage=1),
        "seat -1 has 1 shields",
    ),
    (
        "two civilization techs of one name",
        lambda s: [put_tech(s, 0, "development") for _ in "ab"],
        "No player may have two civilization technologies",
    ),
    (
        "two mods on a small ship",
        lambda s: [put_tech(s, 0, t, ship_type="small") for t in ("x_blaster", "power_shield")],
        "hold 1 ship mod(s) already",
    ),
    (
        "two ship abilities on one type",
        lambda s: [put_tech(s, 0, t, ship_type="medium") for t in ("planning", "ai_targeting")],
        "only have one ship ability",
    ),
    (
        "a ship type that does not exist",
        lambda s: put_tech(s, 0, "x_blaster", ship_type="huge"),
        "no ship type 'huge'",
    ),
    (
        "two extractors on a planet",
        lambda s: [put_extractor(s, seat, planet="emberlyn") for seat in (0, 1)],
        "emberlyn holds an extractor of seat 0 already",
    ),
    (
        "two extractors on a colony ship space",
        lambda s: [put_extractor(s, 0, space="common_a") for _ in "ab"],
        "common_a holds an extractor already",
    ),
    (
        "a colony ship space that does not exist",
        lambda s: put_extractor(s, 0, space="bridge"),
        "the spaces: common_a, common_b, uncommon, rare",
    ),
    ("a negative gift", lambda s: give(s, 0, common=-3), "never less"),
    (
        "one faction kept by two seats",
        lambda s: [keep(s, seat, faction="deshard") for seat in (0, 1)],
        "seat 0 keeps deshard already",
    ),
    ("a 3+ faction with 2 players", lambda s: keep(s, 1, faction="khet"), "labeled 3+"),
    (
        "a deep space token on a planet",
        lambda s: put_token(s, "inner_0", "wormhole"),
        "wormhole is a deep space token; inner_0 holds a rare planetary token",
    ),
    (
        "a token on no token's sector",
        lambda s: put_token(s, "centre", "wormhole"),
        "centre holds no face-down exploration token; sectors that do: distant_01",
    ),
    (
        "a token not in the box",
        lambda s: put_token(s, "inner_0", "gold_mine"),
        "no 'gold_mine' token in the box",
    ),
    (
        "a card the seat cannot play",
        lambda s: choose(new_game(players=2), s, {0: "commnd"}),
        "it can play: research, mine, construct, trade, command",
    ),
    (
        "Refresh first with 2 players",
        lambda s: choose(new_game(players=2), s, {0: "refresh"}),
        "Refresh needs a card on the table already (002)",
    ),
]


def _box(state) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    """What the box holds, wherever it is: techs, each unit, each seat's pieces."""
    players = state["players"]
    techs = len(state["deck"]) + len(state["discard"])
    techs += sum(len(p["techs"]) + len(p["techs_hand"]) for p in players)
    units = {
        u: state["supply"][u] + sum(p["res"].get(u, 0) for p in players) for u in state["supply"]
    }
    units["light"] = state["supply"]["light"] + sum(p["light"] for p in players)
    pieces = []
    for seat, p in [*enumerate(players), (-1, {"supply": state["lumos"]["supply"]})]:
        board = [s["size"] for s in state["ships"].values() if s["owner"] == seat]
        board += ["extractor" for x in state["extractors"].values() if x["owner"] == seat]
        pieces.append({k: v + board.count(k) for k, v in p["supply"].items()})
    tokens = sorted(
        [*state["box"]["tokens"], *(v["token"] for v in state["sectors"].values() if v["token"])]
    )
    return techs, units, pieces, tokens


@pytest.mark.parametrize(
    ("edit", "said"), [(e, s) for _, e, s in REFUSED], ids=[n for n, _, _ in REFUSED]
)
def test_a_position_the_rulebook_does_not_allow_is_refused_and_the_box_stays_whole(
    edit: Callable[..., object], said: str
) -> None:
    state = blank(new_game(players=2))
    before = _box(state)
    with pytest.raises(ScenarioError, match=re.escape(said)):
        edit(state)
    assert _box(state) == before


def test_a_swapped_token_goes_to_the_box_and_the_planet_yields_the_new_one() -> None:
    """000 "setup": unused tokens are in the box; a planetary token shows the resource the
    planet yields (000 "Action Card #2 - mine")."""
    game = new_game(players=2)
    state = blank(game)
    was = state["sectors"]["inner_0"]["token"]
    placed = put_token(state, "inner_0", "light_shrine")
    planet = state["sectors"]["inner_0"]["planet"]
    assert state["planets"][planet]["token"] == placed == "light_shrine#1"
    assert state["planets"][planet]["resource"] == "uncommon"
    assert was in state["box"]["tokens"] and placed not in state["box"]["tokens"]
    sector = state["planets"][planet]["sector"]
    put_ship(state, 0, "small", sector)
    put_extractor(state, 0, planet=planet)
    choose(game, state, {0: "mine", 1: "mine"})
    assert state["players"][0]["res"]["uncommon"] == 1


def test_box_whole_names_a_hand_edit_that_forgot_the_supply() -> None:
    """docs/scenarios.md "Checks worth adding": an edit by hand must keep the box whole."""
    game = new_game(players=2)
    state = blank(game)
    box_whole(state)
    state["players"][0]["res"]["common"] = 3  # by hand, without taking them from the supply
    state["players"][1]["supply"]["small"] -= 1  # a ship gone from nowhere to nowhere
    with pytest.raises(ScenarioError) as refused:
        box_whole(state)
    assert str(refused.value) == (
        "the box is not whole: common: supply 30 + seats [3, 0] is not 30; seat 1's smalls: "
        "4 in its supply, 0 on the board, 0 in graveyards, not 5"
    )
