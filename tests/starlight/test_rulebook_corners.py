"""Starlight rules an outside checker would write from the rulebook (003), sixth pass: the
corners of the text, each as a position made with the public scenario helpers
(docs/scenarios.md), the decision, and what 003 says follows. Setup for one to five seats,
live and Starbot; what another seat sees; pools, decks and bags run dry (Gain Cores, Gain
Flares, Core + Ray with nothing left to take); two Accolades met by one launch, and one met
by the final launch; daybreak brought by a Starbot in the middle of a round; a slotless
alpha star at the end; Buy Night Points with one AP left; and a Starbot tied with a live
player on points, where the stars it launched decide.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.starlight.ending import finish
from whitedwarf.interpreter.starlight.scenario import (
    blank,
    choose,
    give,
    keep,
    new_game,
    options,
    put_marker,
    put_star,
    rig_draws,
    set_pool,
    started,
    turn,
)

from tests.starlight.rulebook_steps import at_launch as _at_launch
from tests.starlight.rulebook_steps import last_round as _last_round
from tests.starlight.rulebook_steps import three as _three

Game = Any
State = Any


def _no_flare(game: Game, state: State) -> None:
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")


# -- Setup for every table (003 "Live and Starbot Players", "Components"; SL4, SL21, SL50) ---


@pytest.mark.parametrize(
    "seats",
    [
        ("live",),
        ("live", "live"),
        ("live", "starbot", "live"),
        ("live", "live", "live", "live"),
        ("live", "starbot", "starbot", "starbot", "starbot"),
        ("live",) * 5,
    ],
)
def test_setup_every_table_of_one_to_five_seats(seats: tuple[str, ...]) -> None:
    """003 "Live and Starbot Players": "You can play with as few as one live player, and add
    as many Starbots ... (up to a combined total of 5 live and Starbot players)"; "Starbot
    players do not get player mats or any kind of cards". Every live seat holds a Starter
    Core, two rays and three secret laurels (SL4, SL52, SL67); a Starbot nothing; the pools
    hold 3 Cores, 4 Flares and 6 rays of each size; the five Accolades lie face up."""
    game = new_game(seats=seats)
    state = started(game)
    for seat, kind in enumerate(seats):
        player = state["players"][seat]
        if kind == "live":
            assert player["starter"] and len(player["rays"]) == 2
            assert len(player["laurels"]) == 3
        else:
            assert not player["starter"] and player["rays"] == [] and player["laurels"] == []
            assert player["cores"] == [] and player["flares"] == []
    laurels = [card for p in state["players"] for card in p["laurels"]]
    assert len(laurels) == len(set(laurels))  # each laurel dealt once
    pools = state["pools"]
    assert (len(pools["cores"]), len(pools["flares"])) == (3, 4)
    assert (len(pools["long"]), len(pools["short"])) == (6, 6)
    assert len(state["accolades"]) == 5
    assert state["turn"] == 0  # seat 0 is the Start Player (SL4)


@pytest.mark.parametrize(
    ("seats", "said"),
    [
        (("live",) * 6, "for 1 to 5 players, not 6"),
        (("starbot", "starbot"), "at least one live"),
        ((), "for 1 to 5 players, not 0"),
    ],
)
def test_setup_six_seats_or_no_live_player_is_refused(seats: tuple[str, ...], said: str) -> None:
    """003: "up to a combined total of 5", "as few as one live player": a sixth seat, or a
    table of Starbots alone, is not a game, and the refusal says why."""
    with pytest.raises(ValueError, match=said):
        new_game(seats=seats)


# -- What another seat sees (003 "Laurels", "The Gods", "Gain Cores"; SL26) -----------------


def test_another_seat_sees_cores_and_the_kept_god_but_not_laurels_flares_or_gods_dealt() -> None:
    """003 "Gain Cores": Cores are placed "face-up on the table in front of you"; "The
    Gods": the kept god is announced and "face-up on the table"; "Laurels": "You may keep
    yours secret". Seat 1's view of seat 0 shows its Cores and god by name, and of its
    laurels, held Flares and the god it discarded only how many."""
    game = new_game(seats=("live", "live"), gods=True)
    state = blank(game)
    keep(game, state, 0, laurels=["night_watch", "bright_path"], god="helion")
    give(game, state, 0, cores=["achernar"], flares=[state["flare_deck"][0]])
    seen = game.observation(state, 1)["players"][0]
    assert seen["cores"] == ["achernar"] and seen["god"] == "helion"
    assert seen["laurels"] == 2 and seen["flares"] == 1
    assert not isinstance(seen["gods_dealt"], list)
    mine = game.observation(state, 0)["players"][0]
    assert mine["laurels"] == ["night_watch", "bright_path"]


# -- Pools and decks run dry (003 "What happens if you can't refill a pool?") -------------


def test_gain_cores_with_nothing_left_anywhere_is_not_offered() -> None:
    """003 "What happens if you can't refill a pool?": the action is "useless if completely
    empty": with the Core pool, the deck and the discards all empty, Gain Cores has no Core
    to take and no flush to make (nothing to refill from), so stepping onto it offers no
    action, whose surcharge beside another marker would be paid for nothing (SL177; it was
    offered, and then only `done`)."""
    game, state = _three()
    put_marker(game, state, 1, "gain_cores")
    set_pool(game, state, "cores", [])
    state["players"][1]["cores"].extend(state["core_deck"] + state["core_discard"])  # by hand
    state["core_deck"].clear()
    state["core_discard"].clear()
    game.edited(state)
    put_marker(game, state, 0, "gain_short_rays")  # one step before Gain Cores
    turn(game, state, 0)
    choose(game, state, "step")
    assert options(game, state) == ["step", "end"]  # no action to take (SL177)


def test_gain_flares_with_the_pool_and_the_deck_empty_is_not_offered() -> None:
    """003 "Gain Flares", "What happens if you can't refill a pool?": with every Flare held
    by seat 1 (no limit: "There is no limit to the number of Flares you can keep"), the
    action has nothing to buy and no flush: it is not offered (as Gain Cores, SL177)."""
    game, state = _three()
    set_pool(game, state, "flares", [])
    give(game, state, 1, flares=list(state["flare_deck"]))
    assert not [f for f in state["pools"]["flares"] if f] and state["flare_deck"] == []
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0)
    choose(game, state, "step")
    assert options(game, state) == ["step", "end"]  # no action to take


def test_gain_cores_no_flush_when_the_deck_and_discards_are_empty() -> None:
    """003 "Gain Cores": a flush discards the pool and refills it "from the deck"; "If the
    deck of Cores is ever empty, immediately refill it by turning the discards face down":
    with the deck and the discards empty the three flushed Cores come straight back (their
    order "does not matter"), so the flush is a payment for nothing and is not offered
    (SL177, as SL147); the Cores are still taken."""
    game, state = _three()
    set_pool(game, state, "cores", ["achernar", "alnair", "antares"])
    state["players"][1]["cores"].extend(state["core_deck"] + state["core_discard"])  # by hand
    state["core_deck"].clear()
    state["core_discard"].clear()
    game.edited(state)
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    assert options(game, state) == ["core:achernar", "core:alnair", "core:antares", "done"]
    state["core_discard"].append(state["players"][1]["cores"].pop())  # one Core discarded
    game.edited(state)
    assert "flush" in options(game, state)  # now a flush can bring it


def test_core_plus_ray_with_both_ray_pools_empty_still_takes_the_core() -> None:
    """003 "Core + Ray": "also gain one ray for free for each Core you take"; with no ray in
    either pool the Core is still taken, and no ray comes with it (003: "refill it as much
    as possible", a ray pool is not refilled during Gain Cores without Refill Rays)."""
    game, state = _three()
    set_pool(game, state, "long", [])
    set_pool(game, state, "short", [])
    set_pool(game, state, "cores", ["achernar", "alnair", "antares"])
    give(game, state, 0, privileges=["core_plus_ray"])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:achernar")
    me = state["players"][0]
    assert "achernar" in me["cores"] and me["rays"] == []
    assert me["ap"] == 5 - 1 - 1


# -- Accolades (003 "Accolades"; SL14) ----------------------------------------------------


def test_one_launch_meeting_two_accolades_claims_both() -> None:
    """003 "Accolades": "you may immediately claim an Accolade after any action in which you
    have achieved its goal": seat 0's first alpha star (First Alpha) is also its fifth
    magnitude (Spectrum Master); both are claimed after that one launch."""
    game, state = _three()
    put_star(game, state, 1, "aquila_1")
    put_star(game, state, 1, "aquila_2")  # aquila_5, a large slot, is linked to it
    give(game, state, 0, privileges=["launch_alpha_star"])
    me = state["players"][0]
    me["magnitudes"] = [2, 3, 4, 5]  # by hand: four magnitudes recorded before
    game.edited(state)
    _at_launch(game, state, "achernar", ["yellow:long"] * 6)
    choose(game, state, *["ray:yellow:long"] * 6, "ready", "slot:aquila_5")
    _no_flare(game, state)
    assert me["stars"] == ["aquila_5"] and me["magnitudes"] == [2, 3, 4, 5, 6]
    assert sorted(me["accolades"]) == ["first_alpha", "spectrum_master"]


def test_an_accolade_met_by_the_final_launch_is_claimed_and_scored() -> None:
    """003 "Your Last Turn": the final launch is "your final action", and 003 "Accolades"
    claims an Accolade "after any action": seat 1's fifth magnitude, recorded by its final
    launch, claims Spectrum Master, whose 6 day points count in final scoring."""
    game, state = _three()
    me = state["players"][1]
    me["magnitudes"] = [3, 4, 5, 6]
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    slot = sorted(o for o in options(game, state) if o.startswith("slot:"))[0]
    choose(game, state, slot)
    _no_flare(game, state)
    assert "spectrum_master" in me["accolades"]
    while state["phase"] != "over":
        seat = state["turn"]
        opts = options(game, state, seat)
        choose(game, state, "end" if "end" in opts else opts[-1])
    assert me["points"]["day"]["accolades"] == 6


# -- The last turn (003 "Your Last Turn", "Scoring") --------------------------------------


def test_a_slotless_alpha_final_star_scores_fourteen_and_no_alpha_day_points() -> None:
    """003 "Your Last Turn": with no eligible slot, "Take night points for the size of slot"
    (14 for the largest) but "do not place any markers on the board"; 003 "Scoring": "Gain 5
    day points for each of your alpha (big slot) stars": a star in no slot is in no big slot,
    so no 5 day points and no First Alpha."""
    game, state = _three()
    large = [s for s, slot in game.content.slots.items() if slot.size == "large"]
    for sid in large:
        state["slots"][sid] = 2  # by hand: every large slot taken by seat 2
    state["players"][2]["stars"] = list(large)
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 6,
         privileges=["launch_alpha_star"])  # fmt: skip
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", *["ray:yellow:long"] * 6, "ready")
    choose(game, state, "slotless")
    _no_flare(game, state)
    me = state["players"][1]
    assert me["night"] == 14 and me["stars"] == [] and me["magnitudes"] == []
    assert "first_alpha" not in me["accolades"]
    while state["phase"] != "over":
        opts = options(game, state, state["turn"])
        choose(game, state, "end" if "end" in opts else opts[-1])
    assert me["points"]["day"]["alpha"] == 0


# -- Buy Night Points (003 "Privileges") --------------------------------------------------


def test_buy_night_points_is_not_offered_with_one_ap_left() -> None:
    """003 "Buy Night Points on Launch": "spend 2 AP to purchase 1 night point": after the
    step and the launch, a seat with 3 AP buys once and then, with 1 AP left, is offered no
    second purchase."""
    game, state = _three()
    give(game, state, 0, privileges=["buy_night_points"])
    _at_launch(game, state, "achernar", ["yellow:long"] * 2, ap=5)
    choose(game, state, "ray:yellow:long", "ray:yellow:long", "ready", "slot:aquila_1")
    _no_flare(game, state)
    me = state["players"][0]
    assert me["ap"] == 3
    buys = [o for o in options(game, state) if o.startswith("buy")]
    assert buys, options(game, state)
    choose(game, state, buys[0])
    assert me["ap"] == 1 and me["night"] == 3 + 1
    assert not [o for o in options(game, state) if o.startswith("buy")]


# -- Daybreak by a Starbot (003 "End of Game") ---------------------------------------------


def test_daybreak_in_a_starbots_turn_in_mid_round_finishes_it_and_plays_one_more() -> None:
    """003 "End of Game": daybreak "when any player (live or Starbot) reaches or exceeds 65
    ... finish that round and play one more complete round": the Starbot in seat 1 reaches
    65 with its card's 7 night points; seat 2 still plays this round, then every seat one
    more turn, and the game is over after seat 2's turn of the next round."""
    game = new_game(seats=("live", "starbot", "live"))
    state = blank(game)
    for seat in (0, 1, 2):
        put_marker(game, state, seat, "gain_cores")
    state["players"][1]["night"] = 60
    game.edited(state)
    rig_draws(game, state, starbots=["starbot_15", "starbot_02"])  # 7, then 3 night points
    turn(game, state, 0)
    start = state["round"]
    choose(game, state, "end")  # the Starbot plays: 67
    assert state["players"][1]["night"] == 67 and state["daybreak"] == start
    choose(game, state, "end")  # seat 2 ends round 1
    # round 2, the last: seats 0 and 2 hold no star to launch, so their last turns are
    # forfeit (003 "Your Last Turn"); the Starbot plays its card (3 more night points)
    assert state["phase"] == "over" and state["round"] == start + 1
    assert state["players"][1]["night"] == 67 + 3
    assert state["result"]["reason"] == "daybreak"


# -- A Starbot in the tiebreak (003 "Scoring") ---------------------------------------------


def test_a_starbot_tied_on_points_wins_on_the_stars_it_launched() -> None:
    """003 "Scoring": "The player (live or Starbot) with the most victory points is the
    winner. If there is a tie, the winner is the tied player who has launched the most
    stars": the Starbot in seat 1 has two stars in the sky, the live seat 0 one; tied on
    points, the Starbot wins."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    put_star(game, state, 0, "aquila_1")
    put_star(game, state, 1, "hydrus_1")
    put_star(game, state, 1, "hydrus_2")
    state["players"][1]["night"] = 30  # and 2 day points at the end: 1 a star (SL22)
    state["players"][0]["night"] = 32
    game.edited(state)
    finish(game, state, "test")
    result = state["result"]
    assert result["points"] == [32, 32] and result["stars"] == [1, 2]
    assert result["winners"] == [1] and result["tiebreak"] == "stars"


# -- The first turn, and the order of steps within a turn (003 "Your First Turn", "Core + Ray")


def test_first_turn_on_a_launch_space_launches_the_starter_star() -> None:
    """003 "Your First Turn": "Place your marker on any action space you like, to take that
    action ... you receive only 2 AP": a launch costs 1 (003 "Launch"), and the Starter Core's
    printed ray and the two rays dealt make a magnitude 3 star (003 "Your Starter Core"):
    seat 0 launches it into Aquila's target slot on its first turn, records the slot's
    privilege and the magnitude (no aspect: "Starter Cores have no Aspect"), and the AP left
    is saved (SL15)."""
    game = new_game(seats=("live", "live"))
    state = started(game)
    me = state["players"][0]
    starter, rays = me["starter"], list(me["rays"])
    assert me["ap"] == 2 and len(rays) == 2
    choose(game, state, "place:1", f"core:{starter}")  # Launch to Aquila or Hydrus
    choose(game, state, *[f"ray:{r}" for r in rays], "ready", "slot:aquila_1")
    assert me["stars"] == ["aquila_1"] and me["magnitudes"] == [3] and me["aspects"] == []
    assert list(me["privileges"]) == ["core_plus_ray"] and me["night"] == 3
    assert me["rays"] == [] and not me["starter"]
    assert state["turn"] == 1 and me["saved"] == 1  # that action only: the turn is over


def test_rays_taken_with_core_plus_ray_leave_the_pool_short_for_a_later_gain_rays() -> None:
    """003 "Core + Ray": "Otherwise do not refill the ray pools during or immediately after
    your Gain Cores action"; "When do pools refill?": "only when your entire turn is
    complete": the long ray taken with a Core leaves five in the long pool when the same
    turn's Gain Long Rays comes two steps later; the pool is six again after the turn."""
    game, state = _three()
    set_pool(game, state, "cores", ["achernar", "alnair", "antares"])
    give(game, state, 0, privileges=["core_plus_ray"])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0, ap=9)
    long_pool = state["pools"]["long"]
    choose(game, state, "step", "act", "core:achernar", f"ray:{long_pool[0]}", "done")
    assert len(long_pool) == 5
    choose(game, state, "step", "step", "act")  # past the launch, onto Gain Long Rays
    assert len(state["pools"]["long"]) == 5
    choose(game, state, f"ray:{state['pools']['long'][0]}", "done", "end")
    assert len(state["pools"]["long"]) == 6 and len(state["players"][0]["rays"]) == 2


# -- A Starbot's launch with no slot open (003 "Starbot Play"; SL20) ----------------------


def test_a_starbot_launch_with_no_open_slot_still_scores_its_cards_night_points() -> None:
    """003 "Starbot Play": "do four things": take the action, "Score the night points shown
    on the card", add a marker to an Accolade, discard the card. With every slot of the sky
    taken the Starbot's Launch places no star (SL20: "an open slot"), and the other three
    things are done: 7 night points, a marker on place 5, the card discarded."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    for sid in game.content.slots:
        state["slots"][sid] = 0  # by hand: every slot holds a star of seat 0
    state["players"][0]["stars"] = list(game.content.slots)
    game.edited(state)
    rig_draws(game, state, starbots=["starbot_15"])  # Launch 6: 7 night points, accolade 5
    choose(game, state, "place:0", "done")  # seat 0's first turn: takes nothing
    bot = state["players"][1]
    assert bot["night"] == 7 and bot["stars"] == []
    assert state["accolades"][4]["marks"] == {"1": 1}
    assert state["starbot_discard"] == ["starbot_15"]
