"""Last Light rules an outside checker would write from the rulebooks, sixth pass: the
corners of the text, each as a position made with the public scenario helpers
(docs/scenarios.md), the decision, and what 000/001/002 say follows. A player with nothing
to do (Command without a ship, Mine without an extractor, Construct with nothing to pay and
no extractor left), decks and supplies run dry (Research with no tech left anywhere, or two),
Refresh as the first card with three players and a rotation in round one, a graveyard paying
out with an extractor among its units, the Trade gift with four players, and what is public
or secret (a played achievement, the face-up tech discard, the first player token when a
rotation round ends).
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    choose,
    keep,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
    rig_dice,
)

from tests.engine.rulebook_steps import assign_all as _assign_all
from tests.engine.rulebook_steps import finish_round as _finish_round

Game = Any
State = Any
EVERY_CARD = ["research", "mine", "construct", "trade", "refresh", "command"]


def _planet(state: State, ring: str) -> tuple[str, str]:
    """A planet on ``ring`` (``inner``, ``outer``, ``distant``) and its sector."""
    return next(
        (p, v["sector"]) for p, v in sorted(state["planets"].items())
        if v["sector"].startswith(ring)
    )  # fmt: skip


def _empty_the_tech_piles(state: State, keep_in_deck: int = 0) -> None:
    """By hand: every tech of the deck but its first ``keep_in_deck`` goes to seat 1's hand,
    and the discard pile too, so the box stays whole."""
    rest = state["deck"][keep_in_deck:] + state["discard"]
    del state["deck"][keep_in_deck:]
    state["discard"].clear()
    state["players"][1]["techs_hand"].extend(rest)


# -- A player with nothing to do (000 "playing the game": "Players always get an action") --


def test_000_command_without_a_ship_and_mine_without_an_extractor_ask_nothing() -> None:
    """000 "Action Card #6": "Move each of your ships" (none to move, none to attack with);
    000 "Action Card #2": "Collect a resource ... for each extractor you have on the board"
    (none: nothing). The played cards resolve without a question and the round ends; each
    card stays on the table (000 "playing the game")."""
    game = new_game(players=3)
    state = blank(game)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    assert state["phase"] == "choose" and state["round"] == 2
    assert [p["res"] for p in state["players"]] == [{"common": 0, "uncommon": 0, "rare": 0}] * 3
    assert state["players"][0]["played"] == ["command"]
    assert state["players"][1]["played"] == ["mine"]


def test_000_construct_with_nothing_to_pay_and_no_extractor_left_asks_nothing() -> None:
    """000 "Action Card #3": ships "as many ... as you can afford" (nothing), and "You may
    only build a single extractor" from the eight a player has (000 "setup": all on the
    board): no question, the round ends."""
    game = new_game(players=3)
    state = blank(game)
    for space in ("common_a", "common_b", "uncommon", "rare"):
        put_extractor(state, 0, space=space)
    for planet in sorted(state["planets"])[:4]:
        put_extractor(state, 0, planet=planet)
    assert state["players"][0]["supply"]["extractor"] == 0
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    assert state["phase"] == "choose" and state["round"] == 2
    assert state["players"][0]["supply"]["extractor"] == 0


# -- Empty tech deck (000 "Action Card #1"; E5, E13) ------------------------------------


def test_e5_research_with_no_tech_left_anywhere_still_gains_its_light() -> None:
    """000 "Action Card #1": "Gain 1 light for every 4 technology cards you have in play.
    Then, draw 3": with every tech held or in play, no deck and no discard pile (E5: "with
    both empty, Research draws what there is"), the light is gained, nothing is drawn and
    the action goes on to manufacture (nothing in hand: nothing asked)."""
    game = new_game(players=3)
    state = blank(game)
    for tech, ship in (("x_blaster", "small"), ("power_shield", "medium"),
                       ("supersonic", "large"), ("bombardment", "large")):  # fmt: skip
        put_tech(state, 0, tech, ship_type=ship)  # four mods: nothing to activate (E15)
    _empty_the_tech_piles(state)
    game.edited(state)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    me = state["players"][0]
    assert me["light"] == 1 and me["techs_hand"] == []
    assert state["deck"] == [] and state["discard"] == []
    assert state["phase"] == "choose" and state["round"] == 2


def test_e13_research_with_two_techs_left_keeps_both_unasked() -> None:
    """000 "Action Card #1": "draw 3 ... choose 2 to add to your hand ... The other card is
    discarded": with two left and no discard pile to shuffle (E5), both are drawn, and with
    no more drawn than kept there is no choice (E13): both go to the hand, none is
    discarded."""
    game = new_game(players=3)
    state = blank(game)
    _empty_the_tech_piles(state, keep_in_deck=2)
    left = list(state["deck"])
    game.edited(state)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    me = state["players"][0]
    assert sorted(me["techs_hand"]) == sorted(left)
    assert state["deck"] == [] and state["discard"] == []


# -- Refresh with three players; a rotation in round one (000 "playing the game", 002) ---


def test_000_three_players_may_refresh_first_and_all_together_rotate_in_round_one() -> None:
    """002's "at least 1 action card already played" before Refresh is for 2 players only:
    with three, Refresh is offered in round one. 000 "end of round": "If all players have
    their Refresh card on the table, rotation occurs"; "each player takes their Refresh card
    back"; the first player token passes once (E2), not once for the round and once more
    for the rotation."""
    game = new_game(players=3)
    state = blank(game)
    assert "play:refresh" in options(game, state, 0)
    choose(game, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    _finish_round(game, state)
    assert state["rotation"] == 1 and state["round"] == 2
    assert state["first"] == 1
    for player in state["players"]:
        assert sorted(player["hand"]) == sorted(EVERY_CARD) and player["played"] == []


def test_002_two_players_refresh_is_not_offered_in_round_one() -> None:
    """002: "you must have at least 1 action card already played (i.e. on the table) before
    you may play your Refresh card": the same table with two players does not offer it."""
    game = new_game(players=2)
    state = blank(game)
    assert "play:refresh" not in options(game, state, 0)
    assert "play:refresh" not in options(game, state, 1)


# -- Graveyard (000 "Graveyard") ---------------------------------------------------------


def test_000_a_graveyard_paying_out_returns_an_extractor_to_its_owner() -> None:
    """000 "Graveyard": "When you destroy an enemy ship or extractor, place it in your
    graveyard. As soon as you have 4 units in your graveyard, gain 1 light ... and return
    the units to their original owners": three ships of seat 1 lie in seat 0's graveyard;
    seat 0's bombardment destroys seat 2's planet extractor, the fourth unit: seat 0 gains
    1 light, seat 1 has its three small ships back and seat 2 its extractor."""
    game = new_game(players=3)
    state = blank(game)
    ones = state["players"][1]
    ones["supply"]["small"] -= 3
    state["players"][0]["graveyard"] = [{"kind": "ship", "owner": 1, "size": "small"}] * 3
    planet, sector = _planet(state, "outer")
    put_extractor(state, 2, planet=planet)
    put_tech(state, 0, "bombardment", ship_type="small")
    put_ship(state, 0, "small", sector)
    state["sectors"][sector]["revealed"] = True  # by hand: its token was seen before
    game.edited(state)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")  # no move
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    _assign_all(game, state, 0)
    _finish_round(game, state)
    me = state["players"][0]
    assert me["graveyard"] == [] and me["light"] == 1
    assert ones["supply"]["small"] == 5
    assert state["players"][2]["supply"]["extractor"] == 8


# -- Trade's gift with four players (000 "Action Card #4") --------------------------------


def test_000_trade_gift_with_four_players_goes_to_the_one_other_player_chosen() -> None:
    """000 "Action Card #4": "choose 1 other player to gain 1 light from the supply": with
    four players the three others are offered, never the trader; the one chosen gains 1."""
    game = new_game(players=4)
    state = blank(game)
    choose(game, state, {0: "trade", 1: "mine", 2: "mine", 3: "mine"})
    game.apply(state, 0, "trade:gain_common")
    game.apply(state, 0, "trade:gain_common")
    assert options(game, state, 0) == ["gift:1", "gift:2", "gift:3"]
    game.apply(state, 0, "gift:2")
    assert [p["light"] for p in state["players"]] == [0, 0, 1, 0]


# -- What is public and what is secret (000 "Planetary Achievement", "Action Card #1") ---


def test_000_a_kept_achievement_is_hidden_until_it_is_played_then_seen_by_all() -> None:
    """000 "Planetary Achievement": "Keep Hidden. Play immediately when you control 2 red
    planets": before, another seat's view shows seat 0's achievement as unknown; once
    played (the second red planet's extractor), every seat sees it done and the light."""
    game = new_game(players=3)
    state = blank(game)
    keep(state, 0, achievement="red_worlds")
    assert game.observation(state, 1)["players"][0]["achievement"] == "?"
    assert game.observation(state, 0)["players"][0]["achievement"] == "red_worlds"
    put_extractor(state, 0, planet="emberlyn")
    put_ship(state, 0, "small", state["planets"]["rustvale"]["sector"])
    choose(game, state, {0: "construct", 1: "mine", 2: "mine"})
    game.apply(state, 0, "extractor:rustvale")
    for seat in (1, 2):
        seen = game.observation(state, seat)["players"][0]
        assert seen["achievements_done"] == ["red_worlds"] and seen["light"] == 2


def test_000_the_tech_discard_is_face_up_for_all_the_drawn_hand_is_not() -> None:
    """000 "Action Card #1": "draw 3 technology cards ... add 2 to your hand as unresearched
    technology cards. The other card is discarded face up next to the technology deck":
    after seat 0 keeps two, seat 1 sees the discarded card by name and only the number of
    cards seat 0 holds; the deck's order is seen by nobody."""
    game = new_game(players=3)
    state = blank(game)
    deck = len(state["deck"])
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    drawn = [o.removeprefix("discard:") for o in options(game, state, 0)]
    assert len(drawn) == 3 and len(state["deck"]) == deck - 3
    assert game.observation(state, 1)["players"][0]["techs_hand"] == 0  # the three: not yet
    game.apply(state, 0, f"discard:{drawn[1]}")
    _finish_round(game, state)
    me = state["players"][0]
    assert len(me["techs_hand"]) == 2 and len(state["discard"]) == 1
    assert state["discard"] == [drawn[1]] and sorted(me["techs_hand"]) == sorted(
        [drawn[0], drawn[2]]
    )
    view = game.observation(state, 1)
    assert view["discard"] == state["discard"]
    assert view["players"][0]["techs_hand"] == 2
    assert view["deck"] != state["deck"]


def test_000_mine_collects_what_the_supply_holds_of_each_extractors_resource() -> None:
    """000 "Action Card #2": one resource per extractor, the planet's by its token and the
    colony ship's by the space's icon: an inner planet, an outer planet and the rare colony
    space give three resources, one each, with the blockade of an enemy ship changing
    nothing (001 "Mine": "can still mine")."""
    game = new_game(players=3)
    state = blank(game)
    inner, _ = _planet(state, "inner")
    outer, outer_sector = _planet(state, "outer")
    put_extractor(state, 0, planet=inner)
    put_extractor(state, 0, planet=outer)
    put_extractor(state, 0, space="rare")
    put_ship(state, 1, "small", outer_sector)
    choose(game, state, {0: "mine", 1: "research", 2: "research"})
    _finish_round(game, state)
    want = {"common": 0, "uncommon": 0, "rare": 1}
    for planet in (inner, outer):
        want[state["planets"][planet]["resource"]] += 1
    assert state["players"][0]["res"] == want


def test_000_two_graveyards_filled_by_one_exchange_of_fire_both_pay_out() -> None:
    """000 "2. Attack": "all damage is resolved simultaneously"; 000 "Graveyard": "As soon as
    you have 4 units in your graveyard, gain 1 light ... and return the units": seats 0 and
    1 each hold three of seat 2's ships; both command, and in one sector each destroys the
    other's small ship. Both graveyards reach four together: each pays 1 light and gives
    the ships back (seat 2 has its six, seats 0 and 1 their small ship)."""
    game = new_game(players=3)
    state = blank(game)
    twos = state["players"][2]
    twos["supply"]["small"] -= 5
    twos["supply"]["medium"] -= 1
    state["players"][0]["graveyard"] = [{"kind": "ship", "owner": 2, "size": "small"}] * 3
    state["players"][1]["graveyard"] = [{"kind": "ship", "owner": 2, "size": "small"}] * 2 + [
        {"kind": "ship", "owner": 2, "size": "medium"}
    ]
    _, sector = _planet(state, "outer")
    state["sectors"][sector]["revealed"] = True  # by hand: its token was seen before
    put_ship(state, 0, "small", sector)
    put_ship(state, 1, "small", sector)
    game.edited(state)
    choose(game, state, {0: "command", 1: "command", 2: "mine"})
    game.apply(state, 0, "done")  # seat 0 does not move
    game.apply(state, 1, "done")  # nor seat 1
    rig_dice(state, ["hit", "hit"])
    game.apply(state, 0, "roll:small")
    _assign_all(game, state, 0)
    game.apply(state, 1, "roll:small")
    _assign_all(game, state, 1)
    _finish_round(game, state)
    assert [p["light"] for p in state["players"]] == [1, 1, 0]
    assert [p["graveyard"] for p in state["players"]] == [[], [], []]
    assert twos["supply"]["small"] == 5 and twos["supply"]["medium"] == 3
    assert state["players"][0]["supply"]["small"] == 5
    assert state["players"][1]["supply"]["small"] == 5
