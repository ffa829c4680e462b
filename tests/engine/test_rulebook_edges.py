"""Last Light edge cases written by an outside checker from the rulebooks alone: each test is
a position made with the public scenario helpers (docs/scenarios.md), the decision the rule
is about, and what a player at the table would see, quoting the passage it comes from (000
rulebook, 001 reference manual and FAQ, 002 2-player variant, 004 revised Command). These
add to ``test_rulebook_text.py``: the end of round and its order, board rotation, game end
and its tiebreakers, the graveyard, combat's simultaneous damage and bombardment, the Lumos
and the exploration icons.
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
from whitedwarf.interpreter.lastlight.state import LUMOS

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


def _planet_on(state: State, ring: str, skip: tuple[str, ...] = ()) -> tuple[str, str]:
    """A planet on ``ring`` (``inner``, ``outer`` or ``distant``) and its sector."""
    for planet, data in sorted(state["planets"].items()):
        if data["sector"].startswith(f"{ring}_") and planet not in skip:
            return planet, data["sector"]
    raise AssertionError(f"no planet on the {ring} ring")


# -- End of round: rotation, centre light, the first player token ---------------------------------


def test_000_rotation_centre_light_is_one_per_ship_regardless_of_type() -> None:
    """000 "Board Rotation": "each player collects 1 light from the supply for each ship they
    have in the center sector ... regardless of the ship type": a large and a medium ship
    give 2 light, not 5 (their dice, or their shields)."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "large", "centre")
    put_ship(state, 0, "medium", "centre")
    put_ship(state, 2, "small", "centre")
    choose(game, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["rotation"] == 1
    assert [p["light"] for p in state["players"]] == [2, 0, 1]


def test_000_no_centre_light_without_a_rotation() -> None:
    """000 "Board Rotation": centre light is paid "When the board rotates", and rotation
    occurs only "If all players have their Refresh card on the table": with one player not
    refreshed, a ship in the centre gives nothing at the end of the round."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "large", "centre")
    choose(game, state, {0: "refresh", 1: "refresh", 2: "mine"})
    assert state["rotation"] == 0 and state["players"][0]["light"] == 0
    assert state["round"] == 2


def test_000_rotation_turns_inner_two_slots_and_outer_one_relative_to_each_other() -> None:
    """000 "Board Rotation": "The inner ring rotates 90 degrees clockwise. The outer ring
    rotates 45 degrees clockwise" (docs/rules-decisions.md B1-B4: 8 inner sectors of 45°, 16
    outer of 22.5°; a sector keeps its id and rides its ring). The distant ring does not
    move, so a home's outer neighbour changes; the inner sector beside outer 0 and 1 is
    beside outer 2 and 3 afterwards (it turned 90°, they 45°)."""
    game = new_game(players=3)
    state = blank(game)
    outer_before = [s for s in adjacent(state, "distant_00") if s.startswith("outer_")]
    inner_before = [s for s in adjacent(state, "inner_0") if s.startswith("outer_")]
    assert outer_before == ["outer_00"] and inner_before == ["outer_00", "outer_01"]
    choose(game, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["rotation"] == 1
    assert [s for s in adjacent(state, "distant_00") if s.startswith("outer_")] == ["outer_14"]
    assert [s for s in adjacent(state, "inner_0") if s.startswith("outer_")] == [
        "outer_02",
        "outer_03",
    ]
    assert "centre" in adjacent(state, "inner_0")  # the centre touches every inner sector


def test_000_ships_ride_their_ring_when_it_turns() -> None:
    """000 "Board Rotation" turns the rings; a ship on the outer ring stays on its sector
    (B4), so after the turn it moves to that sector's new neighbours, not its old ones."""
    game = new_game(players=3)
    state = blank(game)
    scout = put_ship(state, 0, "small", "outer_00")
    choose(game, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["ships"][scout]["sector"] == "outer_00"
    around = adjacent(state, "outer_00")
    assert "distant_02" in around and "distant_00" not in around
    state["first"] = 0  # by hand: seat 0 first again, so its move step comes first
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    moves = {o.split(":")[-1] for o in options(game, state, 0) if o.startswith(f"move:{scout}:")}
    assert moves and moves <= set(around) and "distant_00" not in moves


def test_000_the_first_player_token_passes_clockwise_and_command_follows_it() -> None:
    """000 "end of round": "the start player token passes clockwise to the next player";
    000 "Action Card #6": Command's steps are "resolved ... in turn order beginning with the
    player holding the first player token and proceeding clockwise": in round 2 seat 1
    moves first, then seat 2, then seat 0."""
    game = new_game(players=3)
    state = blank(game)
    for seat in range(3):
        put_ship(state, seat, "small", _home(state, seat))
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["first"] == 1 and state["round"] == 2
    choose(game, state, {0: "command", 1: "command", 2: "command"})
    order = []
    while state["phase"] == "resolve" and len(order) < 3:
        order += game.current_players(state)
        game.apply(state, order[-1], "done")
    assert order == [1, 2, 0]


def test_000_the_token_passes_from_the_last_seat_back_to_the_first() -> None:
    """000 "end of round": the token passes "clockwise to the next player": from the last
    seat it goes round to seat 0."""
    game = new_game(players=3)
    state = blank(game)
    state["first"] = 2
    game.edited(state)
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["first"] == 0


def test_000_an_empty_hand_picks_up_every_played_card_but_refresh() -> None:
    """000 "playing the game": "If—at the start of a round—you have no action cards in your
    hand, pick up all your action cards except Refresh": the Refresh on the table stays."""
    game = new_game(players=3)
    state = blank(game)
    _played(state, 0, "refresh", "research", "mine", "construct", "trade")
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    _finish_round(game, state)
    me = state["players"][0]
    assert sorted(me["hand"]) == ["command", "construct", "mine", "research", "trade"]
    assert me["played"] == ["refresh"]


# -- Game end and tiebreakers ---------------------------------------------------------------------


def test_000_twenty_light_mid_round_ends_the_game_only_at_the_rounds_end() -> None:
    """000 "winning the game": "The game ends at the end of a round when at least one player
    has 20+ light": a Trade's gift taking seat 1 to 20 lets the round's Command still
    resolve."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 1, light=19)
    put_ship(state, 2, "small", _home(state, 2))
    choose(game, state, {0: "trade", 1: "mine", 2: "command"})
    for pick in ("trade:gain_common", "trade:gain_common", "gift:1"):
        game.apply(state, 0, pick)
    assert state["players"][1]["light"] == 20 and state["phase"] == "resolve"
    assert game.current_players(state) == [2]  # Command's move step still comes
    _finish_round(game, state)
    assert state["phase"] == "over" and state["result"]["winners"] == [1]


def test_000_the_most_light_wins_not_the_first_to_reach_twenty() -> None:
    """000 "Game End": "The player with the most light wins the game": seat 0 reached 20
    first, but seat 1 ends the round with 21."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, light=20)
    give(state, 1, light=20)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    for pick in ("trade:gain_common", "trade:gain_common", "gift:1"):
        game.apply(state, 0, pick)
    _finish_round(game, state)
    assert state["result"]["winners"] == [1] and state["result"]["tiebreak"] == "light"


def test_000_centre_light_at_the_rotation_can_end_the_game() -> None:
    """000 "end of round": "check to see if the board needs to be rotated and if the game
    ends", in that order: light from the centre at the rotation counts for the game end."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 2, light=19)
    put_ship(state, 2, "small", "centre")
    choose(game, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["phase"] == "over"
    assert state["result"]["winners"] == [2] and state["players"][2]["light"] == 20


def test_000_tied_light_most_techs_in_play_wins_exhausted_and_ship_techs_count() -> None:
    """000 "Game End": "If there is a tie, the tied player with the most Technology cards in
    play is the winner": an exhausted civilization tech and a ship mod are in play; techs
    in hand (unresearched) are not, and techs do not count before light."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, light=20, rare=5)
    give(state, 1, light=20)
    give(state, 2, light=19)  # the most techs, but one light short of the tie
    put_tech(state, 0, "planning", hand=True)
    put_tech(state, 0, "warp_drive", hand=True)
    put_tech(state, 1, "resourcefulness", exhausted=True)
    put_tech(state, 1, "supersonic", ship_type="small")
    put_tech(state, 2, "development")
    put_tech(state, 2, "x_blaster", ship_type="large")
    put_tech(state, 2, "power_shield", ship_type="large")
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["result"]["winners"] == [1] and state["result"]["tiebreak"] == "techs"


def test_000_a_three_way_tie_on_light_and_techs_goes_to_most_resources_then_shared() -> None:
    """000 "Game End": tied on light and techs, "the player among them who has the most
    resources wins"; the tiebreakers stop there, so two still tied share the win (E10)."""
    game = new_game(players=3)
    state = blank(game)
    for seat in range(3):
        give(state, seat, light=20)
    give(state, 0, common=2)
    give(state, 1, uncommon=1, rare=1)
    give(state, 2, common=1)
    choose(game, state, {0: "research", 1: "research", 2: "research"})
    _finish_round(game, state)
    assert state["result"]["winners"] == [0, 1] and state["result"]["tiebreak"] == "shared"


# -- Graveyard ------------------------------------------------------------------------------------


def _fight_in_centre(game: Game, state: State, faces: list[str]) -> None:
    """Seat 0 commands; nothing moves; its small ships in the centre roll ``faces``."""
    others = {s: "mine" for s in range(1, game.players)}
    choose(game, state, {0: "command", **others})
    game.apply(state, 0, "done")
    rig_dice(state, faces)
    game.apply(state, 0, "roll:small")
    _assign_all(game, state, 0)


def test_000_graveyard_fourth_unit_pays_one_light_with_three_players() -> None:
    """000 "Graveyard": "As soon as you have 4 units in your graveyard, gain 1 light from the
    supply and return the units to their original owners": the three already there and the
    ship just destroyed go back to their owners' supplies."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    victim = put_ship(state, 2, "medium", "centre")
    for seat, size in ((1, "small"), (1, "small"), (2, "large")):
        state["players"][seat]["supply"][size] -= 1
        state["players"][0]["graveyard"].append({"kind": "ship", "owner": seat, "size": size})
    state["ships"][victim]["damage"] = 1
    game.edited(state)
    _fight_in_centre(game, state, ["hit"])
    assert state["players"][0]["light"] == 1 and state["players"][0]["graveyard"] == []
    assert state["players"][1]["supply"]["small"] == 5
    assert state["players"][2]["supply"] == {**state["players"][2]["supply"], "medium": 3,
                                             "large": 2}  # fmt: skip


def test_002_a_lumos_ship_destroyed_counts_in_the_graveyard_then_goes_to_the_box() -> None:
    """002: "When Lumos ships are destroyed they go to the player's graveyard as normal. When
    they are removed from the graveyard, they are returned to the box. They are never added
    back to the Lumos' supply"; 000 "Graveyard": 2 light with 2 players."""
    game = new_game(players=2)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    lumos = put_ship(state, LUMOS, "small", "centre")
    state["players"][1]["supply"]["small"] -= 3
    state["players"][0]["graveyard"] = [{"kind": "ship", "owner": 1, "size": "small"}] * 3
    give(state, 0, light=1)  # seat 1 has the least light: the Lumos are its allies
    state["lumos"]["ally"] = 1
    supply = dict(state["lumos"]["supply"])
    box = state["lumos"]["box"]
    game.edited(state)
    _fight_in_centre(game, state, ["hit"])
    assert lumos not in state["ships"]
    assert state["players"][0]["light"] == 1 + 2 and state["players"][0]["graveyard"] == []
    assert state["lumos"]["box"] == box + 1 and state["lumos"]["supply"] == supply
    assert state["players"][1]["supply"]["small"] == 5


# -- Combat ---------------------------------------------------------------------------------------


def test_000_both_ships_destroyed_each_into_the_others_graveyard() -> None:
    """000 "2. Attack": "Attack rolls should be in turn order, but all damage is resolved
    simultaneously. A ship that takes enough damage to be destroyed will still roll attack
    dice before being removed": two Command players' small ships destroy each other."""
    game = new_game(players=2)
    state = blank(game)
    mine = put_ship(state, 0, "small", "centre")
    theirs = put_ship(state, 1, "small", "centre")
    choose(game, state, {0: "command", 1: "command"})
    game.apply(state, 0, "done")
    game.apply(state, 1, "done")
    rig_dice(state, ["hit", "hit"])
    game.apply(state, 0, "roll:small")
    assert theirs in state["ships"]  # not removed yet: damage is applied together
    assert "roll:small" in options(game, state, 1)
    game.apply(state, 1, "roll:small")
    _finish_round(game, state)
    assert mine not in state["ships"] and theirs not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]
    assert state["players"][1]["graveyard"] == [{"kind": "ship", "owner": 0, "size": "small"}]


def test_000_damage_stays_between_rounds_until_refresh() -> None:
    """000 "Place a damage token beneath a ship for each damage it receives"; "1. Refresh"
    removes them: a medium ship (2 shields) hit last round is destroyed by one more hit."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    victim = put_ship(state, 1, "medium", "centre", damage=1)
    _fight_in_centre(game, state, ["hit"])
    assert victim not in state["ships"]


def test_000_damage_below_the_shields_leaves_the_ship_in_play_damaged() -> None:
    """000 "Any ship which receives damage equal to its shields is destroyed": one hit on a
    fresh medium ship (2 shields) leaves it in play with one damage token."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    victim = put_ship(state, 1, "medium", "centre")
    _fight_in_centre(game, state, ["hit"])
    assert state["ships"][victim]["damage"] == 1


def test_004_bombardment_hits_ships_first_then_the_extractor() -> None:
    """004 "Extractors may be targeted by ships with bombardment but only if there are no
    enemy ships remaining in the sector": an exploding die's two hits go first to the enemy
    ship, then (no ship remaining) to the extractor."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_extractor(state, 1, planet=planet)
    guard = put_ship(state, 1, "small", sector)
    put_tech(state, 0, "bombardment", ship_type="small")
    put_ship(state, 0, "small", sector)
    state["sectors"][sector]["revealed"] = True  # by hand: nothing left to reveal here
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["explode", "hit"])
    game.apply(state, 0, "roll:small")
    offered = [o for o in options(game, state, 0) if o.startswith("assign:")]
    assert offered in ([], [f"assign:{guard}"])  # never the extractor while the ship remains
    _assign_all(game, state, 0)
    assert guard not in state["ships"]
    assert not [x for x in state["extractors"].values() if x["planet"] == planet]


def test_004_without_bombardment_an_extractor_alone_is_no_target() -> None:
    """004 "Ships without bombardment can only attack if there is an enemy ship present":
    an enemy extractor alone offers no roll."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_extractor(state, 1, planet=planet)
    put_ship(state, 0, "large", sector)
    state["sectors"][sector]["revealed"] = True
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    assert not [o for o in options(game, state, 0) if o.startswith("roll:")]


def test_000_the_ability_face_still_deals_damage_without_an_ability_card() -> None:
    """000 "Combat Dice Results Explained": "Deal 1 damage and activate the ship ability
    associated with this ship type (if possible)": with no ability, the damage still lands."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    victim = put_ship(state, 1, "small", "centre")
    _fight_in_centre(game, state, ["hit_ability"])
    assert victim not in state["ships"]


def test_000_a_ship_ability_fires_for_its_own_ship_type_only() -> None:
    """000 "Ship ability technology cards ... activate every time you roll a [ability] when
    attacking with a ship of the associated type": Planning on medium ships does not fire
    when a small ship rolls the ability face."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "planning", ship_type="medium")
    _played(state, 0, "mine")
    put_ship(state, 0, "small", "centre")
    put_ship(state, 1, "large", "centre")
    game.edited(state)
    _fight_in_centre(game, state, ["hit_ability"])
    assert "mine" not in state["players"][0]["hand"]
    assert not state["players"][0]["techs"][0]["exhausted"]


def test_000_a_group_that_rolled_is_not_offered_a_second_roll() -> None:
    """000 "Each ship may only participate in 1 combat per turn": once seat 0's small ships
    have rolled against a large ship that survives, they are not offered another roll."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    put_ship(state, 1, "large", "centre")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["miss"])
    game.apply(state, 0, "roll:small")
    assert "roll:small" not in options(game, state, 0)


# -- The 2-player variant: the Lumos --------------------------------------------------------------


def test_002_lumos_blockade_only_the_player_they_are_not_allied_with() -> None:
    """002: "Lumos ships blockade planets of the player(s) they are not allied with"; 000
    "2. Claim": no light from a blockaded planet: the ally's outer planet pays, the other
    player's does not."""
    game = new_game(players=2)
    state = blank(game)
    mine, my_sector = _planet_on(state, "outer")
    theirs, their_sector = _planet_on(state, "outer", skip=(mine,))
    put_extractor(state, 0, planet=mine)
    put_extractor(state, 1, planet=theirs)
    put_ship(state, LUMOS, "small", my_sector)
    put_ship(state, LUMOS, "small", their_sector)
    give(state, 1, light=5)
    state["lumos"]["ally"] = 0
    _played(state, 0, "mine")
    _played(state, 1, "mine")
    game.edited(state)
    choose(game, state, {0: "refresh", 1: "refresh"})
    assert [p["light_by_source"]["refresh"] for p in state["players"]] == [1, 0]


def test_002_tied_light_lumos_allied_to_nobody_blockade_both() -> None:
    """002: "If players are tied for light the Lumos are not allied to any player", so they
    blockade the planets of both."""
    game = new_game(players=2)
    state = blank(game)
    mine, my_sector = _planet_on(state, "outer")
    theirs, their_sector = _planet_on(state, "outer", skip=(mine,))
    put_extractor(state, 0, planet=mine)
    put_extractor(state, 1, planet=theirs)
    put_ship(state, LUMOS, "small", my_sector)
    put_ship(state, LUMOS, "small", their_sector)
    _played(state, 0, "mine")
    _played(state, 1, "mine")
    game.edited(state)
    assert state["lumos"]["ally"] is None
    choose(game, state, {0: "refresh", 1: "refresh"})
    assert [p["light_by_source"]["refresh"] for p in state["players"]] == [0, 0]


def test_002_lumos_do_not_attack_when_their_ally_does_not_command() -> None:
    """002: "When an allied player plays the Command card, they may command the Lumos ships":
    the ally chose Mine, so the Lumos ship beside the other player's ship does not roll; the
    other player may attack it (it is their enemy) and its kill is theirs."""
    game = new_game(players=2)
    state = blank(game)
    lumos = put_ship(state, LUMOS, "small", "centre")
    put_ship(state, 1, "small", "centre")
    give(state, 1, light=3)
    state["lumos"]["ally"] = 0
    game.edited(state)
    choose(game, state, {0: "mine", 1: "command"})
    game.apply(state, 1, "done")
    assert options(game, state, 1) == ["roll:small", "done"]
    rig_dice(state, ["hit"])
    game.apply(state, 1, "roll:small")
    assert lumos not in state["ships"]
    assert state["players"][1]["graveyard"] == [{"kind": "ship", "owner": LUMOS, "size": "small"}]


def test_002_unallied_lumos_are_nobodys_to_command_and_everyones_enemy() -> None:
    """002: with light tied "the Lumos are not allied to any player", so no Command moves
    them, and a Command player may attack them."""
    game = new_game(players=2)
    state = blank(game)
    lumos = put_ship(state, LUMOS, "small", "centre")
    put_ship(state, 0, "small", "centre")
    choose(game, state, {0: "command", 1: "mine"})
    assert not [o for o in options(game, state, 0) if o.startswith(f"move:{lumos}:")]
    game.apply(state, 0, "done")
    assert options(game, state, 0) == ["roll:small", "done"]


def test_002_lumos_reinforce_with_the_two_smallest_available() -> None:
    """002: "Every time the board rotates, add 2 more ships to the center sector. Add the two
    smallest ships available": with one small ship left, a small and a medium join."""
    game = new_game(players=2)
    state = blank(game)
    state["lumos"]["supply"] = {"small": 1, "medium": 3, "large": 2}
    _played(state, 0, "mine")
    _played(state, 1, "mine")
    game.edited(state)
    before = sorted(s["size"] for s in state["ships"].values() if s["owner"] == LUMOS)
    choose(game, state, {0: "refresh", 1: "refresh"})
    after = sorted(s["size"] for s in state["ships"].values() if s["owner"] == LUMOS)
    assert state["rotation"] == 1
    added = list(after)
    for size in before:
        added.remove(size)
    assert sorted(added) == ["medium", "small"]
    assert all(s["sector"] == "centre" for s in state["ships"].values() if s["owner"] == LUMOS)


def test_002_lumos_out_of_ships_none_join() -> None:
    """002: "If you run out of ships to add to the center sector, no new Lumos ships will join
    the game": one large ship left, one joins."""
    game = new_game(players=2)
    state = blank(game)
    state["lumos"]["supply"] = {"small": 0, "medium": 0, "large": 1}
    _played(state, 0, "mine")
    _played(state, 1, "mine")
    game.edited(state)
    count = sum(1 for s in state["ships"].values() if s["owner"] == LUMOS)
    choose(game, state, {0: "refresh", 1: "refresh"})
    assert sum(1 for s in state["ships"].values() if s["owner"] == LUMOS) == count + 1
    assert state["lumos"]["supply"] == {"small": 0, "medium": 0, "large": 0}


def test_002_the_trade_gift_changes_the_ally_when_the_trade_card_ends() -> None:
    """002: "The Lumos are allied to whichever human player has the least light"; "The Lumos
    change allegiance only at the end of an action card resolution": the Trade gift of 1
    light to seat 1 ties the players at the end of Trade, so the Lumos ally nobody."""
    game = new_game(players=2)
    state = blank(game)
    give(state, 0, light=1)
    state["lumos"]["ally"] = 1
    game.edited(state)
    choose(game, state, {0: "trade", 1: "mine"})
    game.apply(state, 0, "trade:gain_common")
    game.apply(state, 0, "trade:gain_common")
    _finish_round(game, state)
    assert [p["light"] for p in state["players"]] == [1, 1]
    assert state["lumos"]["ally"] is None


def test_002_refresh_needs_a_played_card_with_two_players() -> None:
    """002: "you must have at least 1 action card already played (i.e. on the table) before
    you may play your Refresh card"; with 3 players it may be played at once."""
    game = new_game(players=2)
    state = blank(game)
    assert "play:refresh" not in options(game, state, 0)
    game3 = new_game(players=3)
    state3 = blank(game3)
    assert "play:refresh" in options(game3, state3, 0)


# -- Factions printed in 000 ----------------------------------------------------------------------


def test_000_lyannae_gain_one_extra_light_however_many_ships_harvest() -> None:
    """000 Lyannae: "If one or more of your ships harvest light from the center star, gain 1
    extra [light]": three ships in the centre give 3 + 1, not 3 + 3."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="lyannae")
    for size in ("small", "small", "medium"):
        put_ship(state, 0, size, "centre")
    choose(game, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["players"][0]["light"] == 3 + 1


def test_000_allterra_building_an_extractor_mines_that_planet_at_once() -> None:
    """000 Allterra: "When you build an extractor, immediately gain resources as though you
    mined this planet": the planet's token resource comes at once."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="allterra")
    planet, sector = _planet_on(state, "outer")
    put_ship(state, 0, "small", sector)
    yields = state["planets"][planet]["resource"]
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, f"extractor:{planet}")
    assert state["players"][0]["res"][yields] == 1


def test_000_iou_nell_draws_four_and_keeps_two() -> None:
    """000 Iou'Nell: "When playing your research action, draw 1 additional card": four cards
    drawn; Research still adds 2 to the hand ("choose 2"), so two are discarded."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="iou_nell")
    deck = len(state["deck"])
    discard = len(state["discard"])
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    while [o for o in options(game, state, 0) if o.startswith("discard:")]:
        game.apply(state, 0, next(o for o in options(game, state, 0) if o.startswith("discard:")))
    assert len(state["deck"]) == deck - 4
    assert len(state["players"][0]["techs_hand"]) == 2
    assert len(state["discard"]) == discard + 2


# -- Exploration icons ----------------------------------------------------------------------------


def _reveal(game: Game, state: State, card: str, players: int) -> tuple[str, str]:
    sector = _deep_space(state)
    _swap_token(state, sector, card)
    ship = put_ship(state, 0, "small", sector)
    others = {s: "mine" for s in range(1, players)}
    choose(game, state, {0: "command", **others})
    game.apply(state, 0, "done")
    return ship, sector


def test_000_wormhole_brings_a_ship_from_anywhere_on_the_board() -> None:
    """000 "Exploration Icons Explained": "You may move one of your ships to this sector";
    public rules FAQ: a wormhole lets "a ship ... come from anywhere on the board": a ship at
    home, far from the token, may come."""
    game = new_game(players=3)
    state = blank(game)
    far = put_ship(state, 0, "large", _home(state, 0))
    _, sector = _reveal(game, state, "wormhole", 3)
    if "yes" in options(game, state, 0):
        game.apply(state, 0, "yes")
    offered = options(game, state, 0)
    pick = next(o for o in offered if far in o)
    game.apply(state, 0, pick)
    assert state["ships"][far]["sector"] == sector


def test_000_stellar_remnant_gains_a_light() -> None:
    """000 "Exploration Icons Explained": "Gain a light"; the deep space token then leaves."""
    game = new_game(players=3)
    state = blank(game)
    _, sector = _reveal(game, state, "stellar_remnant", 3)
    assert state["players"][0]["light"] == 1 and state["sectors"][sector]["token"] is None


def test_000_derelict_probe_draws_a_tech_into_the_hand() -> None:
    """000 "Exploration Icons Explained": "Draw one tech card and put it in your hand" (an
    unresearched tech, not in play)."""
    game = new_game(players=3)
    state = blank(game)
    top = state["deck"][-1]
    _reveal(game, state, "derelict_probe", 3)
    me = state["players"][0]
    assert me["techs_hand"] == [top] and me["techs"] == []


def _swap_planet_token(state: State, card: str) -> tuple[str, str]:
    """A planet holding a face-down token of ``card``: the token is swapped with another
    planet's (sector, planet record and the resource it yields), so the box stays as dealt.
    Returns (planet, sector)."""
    holder = next(p for p, d in sorted(state["planets"].items())
                  if d["token"] and d["token"].startswith(card))  # fmt: skip
    planet, sector = _planet_on(state, "outer", skip=(holder,))
    a, b = state["planets"][planet], state["planets"][holder]
    for key in ("token", "resource"):
        a[key], b[key] = b[key], a[key]
    sa, sb = state["sectors"][a["sector"]], state["sectors"][b["sector"]]
    sa["token"], sb["token"] = sb["token"], sa["token"]
    return planet, sector


def test_000_drifting_ore_gains_the_resources_shown() -> None:
    """000 "Exploration Icons Explained": "Gain resource(s) of the type shown" (Drifting Ore
    shows 2 uncommon, docs/rules-decisions.md K7)."""
    game = new_game(players=3)
    state = blank(game)
    _reveal(game, state, "drifting_ore", 3)
    assert state["players"][0]["res"] == {"common": 0, "uncommon": 2, "rare": 0}


def test_000_precursor_databank_researches_a_tech_without_paying_its_cost() -> None:
    """000 "Exploration Icons Explained": "Research a tech without paying its cost": an
    unresearched tech in hand goes into play and no resource is paid."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "galactic_monument", hand=True)
    _, sector = _swap_planet_token(state, "precursor_databank")
    put_ship(state, 0, "small", sector)
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    while game.current_players(state) == [0] and state["stack"]:
        offered = options(game, state, 0)
        pick = next((o for o in offered if "galactic_monument" in o), offered[0])
        game.apply(state, 0, pick)
        if state["players"][0]["techs"]:
            break
    me = state["players"][0]
    assert [t["ref"].split("#")[0] for t in me["techs"]] == ["galactic_monument"]
    assert me["techs_hand"] == [] and me["res"] == {"common": 0, "uncommon": 0, "rare": 0}
    assert state["sectors"][sector]["revealed"]


def test_r2_free_extractor_builds_on_this_planet_even_beside_an_enemy_ship() -> None:
    """000 "Exploration Icons Explained": "You may immediately build an extractor on this
    planet" (docs/rules-decisions.md R2: the token's own permission, not Construct's "only
    your ships"); the planet is then yours (000 "A planet is considered to be controlled by
    the player who has an extractor on that planet")."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _swap_planet_token(state, "free_extractor")
    put_ship(state, 0, "small", sector)
    put_ship(state, 1, "small", sector)
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    game.apply(state, 0, "yes")
    assert [x["owner"] for x in state["extractors"].values() if x["planet"] == planet] == [0]


def test_000_construct_ships_first_then_the_extractor() -> None:
    """000 "Action Card #3": "Construct is broken into two parts (Ships & Extractor) which are
    resolved in order": while ships are built no extractor is offered; once the extractor
    step comes, no more ships."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, common=8, uncommon=2)
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    offered = options(game, state, 0)
    assert "build:small" in offered and not [o for o in offered if o.startswith("extractor:")]
    game.apply(state, 0, "build:small")
    game.apply(state, 0, "done")
    offered = options(game, state, 0)
    assert "extractor:common_a" in offered and not [o for o in offered if o.startswith("build:")]
    home = _home(state, 0)
    assert [s["sector"] for s in state["ships"].values() if s["owner"] == 0] == [home]


def test_004_once_rolled_every_hit_is_assigned() -> None:
    """004 "Attacking is optional, but once you have rolled attack dice, assigning all rolled
    damage is mandatory" (001 FAQ "Can I partially assign damage? No"): with two targets the
    hit must go to one of them; no option skips it."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    targets = {put_ship(state, 1, "medium", "centre"), put_ship(state, 2, "medium", "centre")}
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    assert sorted(options(game, state, 0)) == sorted(f"assign:{t}" for t in targets)


def test_000_research_light_rounds_down_per_four_techs() -> None:
    """000 "1. Research": "Gain 1 light for every 4 technology cards you have in play": 7
    techs give 1, not 2 (001: "round down")."""
    game = new_game(players=3)
    state = blank(game)
    for tech, ship in (("x_blaster", "large"), ("power_shield", "large"), ("supersonic", "large"),
                       ("x_blaster", "medium"), ("power_shield", "medium"),
                       ("supersonic", "small"), ("development", None)):  # fmt: skip
        put_tech(state, 0, tech, ship_type=ship)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    assert state["players"][0]["light"] == 1


def test_000_range_one_fights_next_door_but_only_one_combat() -> None:
    """000 "Combat Icons Explained": "Range 1 can attack in adjacent sectors"; "Each ship may
    only participate in 1 combat per turn": small ships with +1 range fight the enemy next
    door, and are then not offered the fight in their own sector."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "long_range_cannons", ship_type="small")
    put_ship(state, 0, "small", "centre")
    near = put_ship(state, 1, "small", "inner_1")
    here = put_ship(state, 2, "small", "centre")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    assert sorted(options(game, state, 0)) == ["sector:centre", "sector:inner_1"]
    game.apply(state, 0, "sector:inner_1")
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    _finish_round(game, state)
    assert near not in state["ships"] and here in state["ships"]


def test_002_lumos_ships_defend_with_base_shields_not_their_allys_mods() -> None:
    """002: Lumos ships "do not use technologies associated with your civilization or your
    ships—they attack only using the base stats associated with their ship size": the
    ally's Power Shield on small ships does not make a Lumos small ship survive one hit."""
    game = new_game(players=2)
    state = blank(game)
    put_tech(state, 0, "power_shield", ship_type="small")
    lumos = put_ship(state, LUMOS, "small", "centre")
    put_ship(state, 1, "small", "centre")
    give(state, 1, light=3)
    state["lumos"]["ally"] = 0
    game.edited(state)
    choose(game, state, {0: "mine", 1: "command"})
    game.apply(state, 1, "done")
    rig_dice(state, ["hit"])
    game.apply(state, 1, "roll:small")
    assert lumos not in state["ships"]


def test_000_a_new_ship_ability_discards_the_old_one_face_up() -> None:
    """000 "Ship ability technology cards": "Playing a ship ability on a ship type that
    already has one causes the previously played technology card to be discarded"."""
    game = new_game(players=3)
    state = blank(game)
    old = put_tech(state, 0, "planning", ship_type="small")
    new = put_tech(state, 0, "warp_drive", hand=True)
    give(state, 0, common=2, uncommon=1)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    game.apply(state, 0, options(game, state, 0)[0])  # the draw's discard
    game.apply(state, 0, f"make:{new}:small")
    refs = [t["ref"] for t in state["players"][0]["techs"]]
    assert refs == [new] and state["discard"][-1] == old


def test_004_the_first_player_orders_the_sectors_even_without_command() -> None:
    """004 "2. Attack": "Attacks are resolved sector by sector. The player holding the first
    player token chooses the order in which the sectors are resolved": seat 0 holds the
    token and played Mine, yet it is seat 0 who picks the order of seat 1's two fights."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 1, "small", "centre")
    put_ship(state, 2, "small", "centre")
    put_ship(state, 1, "small", "inner_1")
    put_ship(state, 0, "small", "inner_1")
    state["sectors"]["inner_1"]["token"] = None  # by hand: nothing to reveal there
    game.edited(state)
    choose(game, state, {0: "mine", 1: "command", 2: "mine"})
    game.apply(state, 1, "done")
    assert game.current_players(state) == [0]
    assert sorted(options(game, state, 0)) == ["sector:centre", "sector:inner_1"]


def test_000_the_final_damage_names_the_destroyer_when_two_players_hit_one_ship() -> None:
    """000 "2. Attack": a destroyed ship "is destroyed and placed on the graveyard card of
    the player who assigned the final damage": seat 0's hit on seat 2's medium ship (2
    shields) does not destroy it; seat 1's hit after it does, so it is seat 1's."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    put_ship(state, 1, "small", "centre")
    victim = put_ship(state, 2, "medium", "centre")
    choose(game, state, {0: "command", 1: "command", 2: "mine"})
    game.apply(state, 0, "done")
    game.apply(state, 1, "done")
    rig_dice(state, ["hit", "hit"])
    game.apply(state, 0, "roll:small")
    game.apply(state, 0, f"assign:{victim}")
    assert game.current_players(state) == [1]  # seat 0 has no other group to roll
    game.apply(state, 1, "roll:small")
    game.apply(state, 1, f"assign:{victim}")
    _finish_round(game, state)
    assert victim not in state["ships"]
    assert state["players"][0]["graveyard"] == []
    assert state["players"][1]["graveyard"] == [{"kind": "ship", "owner": 2, "size": "medium"}]


def test_000_two_movement_mods_on_a_medium_ship_move_it_three_sectors() -> None:
    """000 "1. Move": "Ship mod technologies can increase a ship type's movement. (Reminder:
    Medium ships can hold 2 ship mod technology cards ... so it is possible that a ship moves
    through multiple sectors.)": two Supersonic mods take a medium ship from the centre
    through the inner and outer rings to a distant sector."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "supersonic", ship_type="medium")
    put_tech(state, 0, "supersonic", ship_type="medium")
    medium = put_ship(state, 0, "medium", "centre")
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    dests = {o.split(":")[-1] for o in options(game, state, 0) if o.startswith(f"move:{medium}:")}
    assert [d for d in dests if d.startswith("distant_")]
    assert not [d for d in dests if state["sectors"][d]["asteroid"]]


def test_000_a_medium_ship_with_two_mods_takes_no_third() -> None:
    """000 "Medium ships may hold 2 ship mods": with two in place, a third mod is offered for
    the small and large ships only (docs/rules-decisions.md E4: old mods are never
    discarded)."""
    game = new_game(players=3)
    state = blank(game)
    put_tech(state, 0, "supersonic", ship_type="medium")
    put_tech(state, 0, "x_blaster", ship_type="medium")
    shield = put_tech(state, 0, "power_shield", hand=True)
    give(state, 0, common=5, uncommon=5, rare=2)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    game.apply(state, 0, options(game, state, 0)[0])
    made = sorted(o for o in options(game, state, 0) if o.startswith(f"make:{shield}"))
    assert made == [f"make:{shield}:large", f"make:{shield}:small"]


def test_004_a_third_players_ship_shields_another_players_extractor() -> None:
    """004: "Extractors may be targeted by ships with bombardment but only if there are no
    enemy ships remaining in the sector": every ship not the attacker's is an enemy, so a
    third player's ship over seat 1's extractor takes the hit, and the extractor stays."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_extractor(state, 1, planet=planet)
    guard = put_ship(state, 2, "small", sector)
    put_tech(state, 0, "bombardment", ship_type="small")
    put_ship(state, 0, "small", sector)
    state["sectors"][sector]["revealed"] = True
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    _finish_round(game, state)
    assert guard not in state["ships"]
    assert [x["planet"] for x in state["extractors"].values()] == [planet]


def test_002_an_allied_lumos_ship_does_not_shield_an_enemy_extractor() -> None:
    """002: the Lumos are allied to the player with the least light, so their ships are not
    that player's enemies (docs/rules-decisions.md R4); 004: bombardment reaches an
    extractor once "no enemy ships" remain: the ally's bombarding ship destroys the other
    player's extractor beside a Lumos ship."""
    game = new_game(players=2)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_extractor(state, 1, planet=planet)
    put_ship(state, LUMOS, "small", sector)
    put_tech(state, 0, "bombardment", ship_type="small")
    put_ship(state, 0, "small", sector)
    give(state, 1, light=3)
    state["lumos"]["ally"] = 0
    state["sectors"][sector]["revealed"] = True
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    assert not state["extractors"]
    assert state["players"][0]["graveyard"] == [{"kind": "extractor", "owner": 1, "size": None}]


def test_004_every_command_player_moves_before_anyone_attacks() -> None:
    """004 "2. Attack": "All players that chose Command must finish their movement before the
    attack phase occurs": seat 1 moves its ship into the centre after seat 0's move step, and
    seat 0's ship there (which did not move) may then attack it."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    raider = put_ship(state, 1, "small", "inner_1")
    state["sectors"]["inner_1"]["token"] = None  # by hand: nothing to reveal where it starts
    game.edited(state)
    choose(game, state, {0: "command", 1: "command", 2: "mine"})
    game.apply(state, 0, "done")
    assert game.current_players(state) == [1]
    game.apply(state, 1, f"move:{raider}:centre")
    if game.current_players(state) == [1] and "done" in options(game, state, 1):
        game.apply(state, 1, "done")
    assert game.current_players(state) == [0]
    assert options(game, state, 0) == ["roll:small", "done"]
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    if game.current_players(state) == [1]:
        game.apply(state, 1, "done")  # seat 1 declines to roll: attacking is optional
    _finish_round(game, state)
    assert raider not in state["ships"]


def test_e145_a_ship_pulled_away_by_a_token_leaves_its_token_unrevealed() -> None:
    """000 "1. Move": "reveal any ... exploration tokens in sectors you now occupy with
    ships ... one at a time and completely resolve the effect of a revealed token before
    moving on to the next one": a wormhole revealed first pulls seat 0's only ship off
    another face-down token, which is then in no sector seat 0 occupies and stays face down
    (docs/rules-decisions.md E145)."""
    game = new_game(players=3)
    state = blank(game)
    first = _deep_space(state)
    _swap_token(state, first, "wormhole")
    second = next(
        s for s, v in sorted(state["sectors"].items())
        if v["token_kind"] == "deep_space" and v["token"] and s != first
        and not v["token"].startswith(("wormhole", "relay_gate", "landing_beacon"))
    )  # fmt: skip
    put_ship(state, 0, "small", first)
    pulled = put_ship(state, 0, "small", second)
    token = state["sectors"][second]["token"]
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    assert sorted(options(game, state, 0)) == sorted([f"reveal:{first}", f"reveal:{second}"])
    game.apply(state, 0, f"reveal:{first}")
    game.apply(state, 0, "yes")  # "You may move one of your ships to this sector"
    game.apply(state, 0, f"pick:{pulled}")
    assert state["ships"][pulled]["sector"] == first
    assert state["sectors"][second]["token"] == token and token not in state["explored"]
    assert not [o for o in options(game, state, 0) if o.startswith("reveal:")]


def test_k10_allterra_gains_nothing_for_an_extractor_on_its_colony_ship() -> None:
    """000 Allterra: "When you build an extractor, immediately gain resources as though you
    mined this planet": a colony ship space is no planet, so nothing comes (K10)."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, faction="allterra")
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, "extractor:rare")
    assert state["players"][0]["res"] == {"common": 0, "uncommon": 0, "rare": 0}


def test_000_a_free_ship_revealed_in_the_move_step_attacks_with_its_group() -> None:
    """000 "Exploration Icons Explained": "Immediately build a small ship in this sector";
    004 "2. Attack": every ship of a Command player "may attack ... even if they did not
    move": the new small ship rolls with the one that found the token, two dice for two
    enemy ships."""
    game = new_game(players=3)
    state = blank(game)
    sector = _deep_space(state)
    _swap_token(state, sector, "free_ship")
    put_ship(state, 0, "small", sector)
    enemies = [put_ship(state, 1, "small", sector) for _ in range(2)]
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    assert options(game, state, 0) == ["roll:small", "done"]
    rig_dice(state, ["hit", "hit"])
    game.apply(state, 0, "roll:small")
    _assign_all(game, state, 0)
    assert not [e for e in enemies if e in state["ships"]]
    assert [s["owner"] for s in state["ships"].values() if s["sector"] == sector] == [0, 0]


def test_002_the_ally_changes_between_two_refreshes_of_one_round() -> None:
    """002: "The Lumos change allegiance only at the end of an action card resolution"; 000
    "playing the game": the same card resolves "beginning with the player holding the first
    player token" (docs/rules-decisions.md E1): seat 0's Refresh takes it past seat 1, so
    the Lumos ally with seat 1 before seat 1's Refresh claims, and the Lumos ship on seat
    1's planet no longer blockades it."""
    game = new_game(players=2)
    state = blank(game)
    mine, _ = _planet_on(state, "inner")
    theirs, their_sector = _planet_on(state, "outer")
    put_extractor(state, 0, planet=mine)
    put_extractor(state, 1, planet=theirs)
    put_ship(state, LUMOS, "small", their_sector)
    give(state, 0, light=1)
    give(state, 1, light=2)
    state["lumos"]["ally"] = 0
    _played(state, 0, "mine")
    _played(state, 1, "mine")
    game.edited(state)
    choose(game, state, {0: "refresh", 1: "refresh"})
    assert [p["light_by_source"]["refresh"] for p in state["players"]] == [2, 1]
