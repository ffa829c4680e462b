"""Starlight rules an outside checker would write from the rulebook (003), third pass: the
passages that state a limit or an exception ("at most", "only", "unless", "may not",
"reaches or exceeds", "never"), each as a position made with the public scenario helpers
(docs/scenarios.md), the decisions the rule is about and what a player would see, quoting
the section of 003 it comes from. They add to ``test_rulebook_text.py`` and
``test_rulebook_edges.py``: the Gain actions' limits, the rondel's full lap, where the
surcharge goes, Buy Night Points' AP, the slot sizes by magnitude, the Starter Core's seven
rays, daybreak's threshold (night points only, a Starbot too), the last turn's Flare and
slotless sizes, the printed sample Laurel, when an accolade is claimed, the gods dealt
to live players only, and a held Flare's boon completing the last turn's star (the one
disagreement this pass found: docs/rules-decisions.md SL160).
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
    turn,
)

from tests.starlight.rulebook_steps import at_launch as _at_launch
from tests.starlight.rulebook_steps import last_round as _last_round
from tests.starlight.rulebook_steps import three as _three

Game = Any
State = Any


def _launch_from(game: Game, state: State, seat: int, core: str, rays: list[str],
                 ap: int | None = None) -> None:  # fmt: skip
    """``seat`` holding ``core`` and ``rays`` steps from Gain Cores onto Launch to Aquila or
    Hydrus, acts, picks the Core and attaches every ray: the star is ready to launch."""
    _at_launch(game, state, core, rays, ap, seat)
    choose(game, state, *[f"ray:{r}" for r in rays], "ready")


def _no_flare(game: Game, state: State) -> None:
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")


def _slots(game: Game, state: State) -> set[str]:
    return {o[5:] for o in options(game, state) if o.startswith("slot:")}


def _size(game: Game, slot: str) -> str:
    return str(game.content.slots[slot].size)


# -- Gain Cores, Gain Rays, Gain Flares (003 "Actions") -----------------------------------------


def test_gain_cores_three_held_lets_one_more_be_taken() -> None:
    """003 "Gain Cores": "Take up to 2 Cores"; "You may keep at most 4 Cores at a time": with
    three held, one is taken and no second is offered."""
    game, state = _three()
    deck = state["core_deck"]
    give(game, state, 0, cores=deck[:3])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    choose(game, state, f"core:{state['pools']['cores'][0]}")
    assert len(state["players"][0]["cores"]) == 4
    assert not [o for o in options(game, state) if o.startswith("core:")]


def test_gain_cores_the_pool_may_be_flushed_twice_for_one_ap_each() -> None:
    """003 "Gain Cores": "You may also flush the pool ... by paying 1 AP each time you do
    so": two flushes in one action cost 2 AP, and the pool is dealt afresh each time."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    first = list(state["pools"]["cores"])
    choose(game, state, "flush")
    second = list(state["pools"]["cores"])
    choose(game, state, "flush")
    assert state["players"][0]["ap"] == 5 - 1 - 2
    assert not set(first) & set(second) and not set(second) & set(state["pools"]["cores"])
    assert set(first) | set(second) <= set(state["core_discard"])


def test_gain_cores_taking_none_costs_only_the_step() -> None:
    """003 "Actions": "Remember that taking any action is always optional"; 003 "Gain
    Cores": "Take up to 2 Cores ... for 1 AP each": acting and taking nothing costs nothing
    beyond the step, and nothing is held."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act", "done")
    assert state["players"][0]["ap"] == 4 and state["players"][0]["cores"] == []


def test_gain_long_rays_takes_from_the_long_pool_only() -> None:
    """003 "Gain Rays": "Take as many rays from the associated pool (either the Long or the
    Short ray pool)": on Gain Long Rays only long rays are offered."""
    game, state = _three()
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    rays = {o[4:] for o in options(game, state) if o.startswith("ray:")}
    assert rays and all(r.endswith(":long") for r in rays)


def test_gain_short_rays_takes_from_the_short_pool_only() -> None:
    """003 "Gain Rays": the short space takes from the Short ray pool only."""
    game, state = _three()
    put_marker(game, state, 0, "launch_cygnus_orion")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    rays = {o[4:] for o in options(game, state) if o.startswith("ray:")}
    assert rays and all(r.endswith(":short") for r in rays)


def test_gain_rays_no_limit_the_whole_pool_may_be_taken() -> None:
    """003 "Gain Rays": "There is no limit to the number of rays you may take and keep. Your
    rays do not have to match any of your Cores": with 9 AP and no Core, the six rays of the
    pool are all taken, then nothing more is offered but a flush."""
    game, state = _three()
    give(game, state, 0, rays=["red:long"] * 4)
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act")
    for _ in range(6):
        choose(game, state, f"ray:{state['pools']['long'][0]}")
    me = state["players"][0]
    assert len(me["rays"]) == 10 and me["ap"] == 9 - 1 - 6
    assert not [o for o in options(game, state) if o.startswith("ray:")]


def test_refill_rays_flushing_on_gain_rays_still_costs_one_ap() -> None:
    """003 "Refill Rays": "Refilling this way costs nothing. When (and only when) you are
    taking a Gain Rays action, you may still also flush the associated pool for 1 AP as
    usual": the privilege does not make the flush free."""
    game, state = _three()
    give(game, state, 0, privileges=["refill_rays"])
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0)
    choose(game, state, "step", "act", "flush")
    assert state["players"][0]["ap"] == 5 - 1 - 1


def test_gain_flares_two_in_one_action_pay_both_prices() -> None:
    """003 "Gain Flares": "You may purchase any number of Flares in a single action ... with
    costs of 1, 2, 3, and 4 AP": the 1 and the 2 AP Flares cost 3 AP together."""
    game, state = _three()
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act")
    cheap, next_one = state["pools"]["flares"][:2]
    choose(game, state, "flare:0", "flare:1")
    me = state["players"][0]
    assert sorted(me["flares"]) == sorted([cheap, next_one]) and me["ap"] == 9 - 1 - 3


def test_gain_flares_a_place_dearer_than_the_ap_left_is_not_offered() -> None:
    """003 "Gain Flares": "by paying action points ... costs of 1, 2, 3, and 4": with 2 AP
    left after the step, only the 1 and 2 AP places are offered."""
    game, state = _three()
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0, ap=3)
    choose(game, state, "step", "act")
    assert sorted(o for o in options(game, state) if o.startswith("flare:")) == [
        "flare:0",
        "flare:1",
    ]


def test_flares_no_limit_to_how_many_are_held() -> None:
    """003 "Gain Flares": "There is no limit to the number of Flares you can keep at a
    time": holding five, all four of the pool are still offered and bought."""
    game, state = _three()
    give(game, state, 0, flares=state["flare_deck"][:5])
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0, ap=11)
    choose(game, state, "step", "act", "flare:0", "flare:1", "flare:2", "flare:3")
    assert len(state["players"][0]["flares"]) == 9


# -- Rondel and Action Points (003 "Using the Rondel", "Action Points") -------------------------


def test_rondel_a_full_lap_lets_a_space_be_used_again() -> None:
    """003 "Using the Rondel": "you may take each action at most once before moving on":
    after seven steps, a full lap, the marker is back on Gain Cores and may take it again."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0, ap=12)
    choose(game, state, "step", "act", f"core:{state['pools']['cores'][0]}", "done")
    assert "act" not in options(game, state)
    choose(game, state, *["step"] * 7)
    assert state["players"][0]["marker"] == 0 and "act" in options(game, state)


def test_ap_the_surcharge_vanishes_and_is_not_paid_to_the_occupant() -> None:
    """003 "Action Points": "Action Points are never paid to other players; they just vanish
    when spent": seat 0 pays the surcharge beside seat 1's marker; seat 1's saved AP and
    points do not change."""
    game, state = _three()
    put_marker(game, state, 1, "gain_cores")
    put_marker(game, state, 0, "gain_short_rays")
    other = state["players"][1]
    before = (other["saved"], other["night"], other.get("ap"))
    turn(game, state, 0)
    choose(game, state, "step", "act", f"core:{state['pools']['cores'][0]}", "done")
    assert state["players"][0]["ap"] == 5 - 1 - 1 - 1
    assert (other["saved"], other["night"], other.get("ap")) == before


def test_first_turn_two_ap_buy_at_most_two_rays() -> None:
    """003 "Your First Turn": "You may take only that action, and you receive only 2 AP to
    spend on the action": on Gain Long Rays, two rays and then nothing more is offered."""
    game, state = _three()
    choose(game, state, "place:2")  # rondel.yaml: gain_long_rays is the third space
    pool = state["pools"]["long"]
    choose(game, state, f"ray:{pool[0]}", f"ray:{pool[0]}")
    assert len(state["players"][0]["rays"]) == 2 and state["players"][0]["ap"] == 0
    assert not [o for o in options(game, state) if o.startswith("ray:")]


# -- Launching (003 "Slot Sizes and Magnitudes", "Launch", Buy Night Points) ------------------


@pytest.mark.parametrize(
    ("rays", "size"), [(2, "small"), (3, "small"), (4, "medium"), (5, "medium")]
)
def test_slot_sizes_by_magnitude(rays: int, size: str) -> None:
    """003 "Slot Sizes and Magnitudes": "Small slots may host only stars of magnitude 2 or
    3; medium slots host magnitudes 4 or 5": with Aquila and Hydrus each holding a star and
    a medium and small slot linked, every slot offered is of the magnitude's size."""
    game, state = _three()
    put_star(game, state, 2, "aquila_1")
    put_star(game, state, 2, "hydrus_1")
    _launch_from(game, state, 0, "achernar", ["yellow:long"] * rays, ap=9)
    offered = _slots(game, state)
    assert offered and {_size(game, s) for s in offered} == {size}


@pytest.mark.parametrize("rays", [6, 7])
def test_slot_a_magnitude_six_or_seven_goes_to_a_large_slot(rays: int) -> None:
    """003 "Slot Sizes and Magnitudes": "large slots host magnitudes 6 or 7"; "You may not
    launch into a large slot unless you have acquired the Launch Alpha Star privilege": with
    it, the large slot linked to a filled medium one is the only slot offered."""
    game, state = _three()
    put_star(game, state, 2, "aquila_1")
    put_star(game, state, 2, "aquila_2")
    give(game, state, 0, privileges=["launch_alpha_star"])
    rays_held = ["yellow:long"] * 4 + ["green:long"] * (rays - 4)  # achernar's colours
    _launch_from(game, state, 0, "achernar", rays_held, ap=9)
    assert _slots(game, state) == {"aquila_5"}
    choose(game, state, "slot:aquila_5")
    assert state["players"][0]["magnitudes"] == [rays]


def test_buy_night_points_as_many_as_the_ap_left_allow() -> None:
    """003 "Buy Night Points on Launch": "you may spend 2 AP to purchase 1 night point, as
    many times as you like": with 3 AP left after the launch, one point is bought and 1 AP
    stays; a second is not offered."""
    game, state = _three()
    give(game, state, 0, privileges=["buy_night_points"])
    _launch_from(game, state, 0, "achernar", ["yellow:long"] * 2, ap=5)
    choose(game, state, "slot:aquila_1")
    _no_flare(game, state)
    assert state["players"][0]["ap"] == 3
    buys = [o for o in options(game, state) if o.startswith("buy")]
    assert buys
    choose(game, state, buys[0])
    assert state["players"][0]["night"] == 3 + 1 and state["players"][0]["ap"] == 1
    assert not [o for o in options(game, state) if o.startswith("buy")]


def test_launch_a_slot_linked_only_to_an_empty_slot_is_not_open() -> None:
    """003 "Choosing a Destination Slot": "you must choose a slot that is directly connected
    with a filled slot": Aquila holding only aquila_1, the small slot aquila_6 (linked to
    aquila_3 and aquila_7, both empty) is not offered; aquila_3 is."""
    game, state = _three()
    put_star(game, state, 2, "aquila_1")
    _launch_from(game, state, 0, "achernar", ["yellow:long"] * 2)
    offered = _slots(game, state)
    assert "aquila_3" in offered and "aquila_6" not in offered


# -- The Starter Core (003 "Completed Stars and Plans") -----------------------------------------


def test_starter_core_its_printed_ray_counts_toward_the_seven() -> None:
    """003 "Completed Stars and Plans": a star has "no more than 7 rays"; "Your Starter Core
    has a pre-printed ray that counts like a regular ray": with the privilege for a large
    slot, six rays are attached to a Starter and a seventh is not offered."""
    game, state = _three()
    give(game, state, 0, starter="starter_red_long", rays=["blue:long"] * 7,
         privileges=["launch_alpha_star"])  # fmt: skip
    put_star(game, state, 2, "aquila_1")
    put_star(game, state, 2, "aquila_2")
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:starter_red_long", *["ray:blue:long"] * 6)
    assert "ray:blue:long" not in options(game, state)
    choose(game, state, "ready")
    assert _slots(game, state) == {"aquila_5"}


def test_starter_core_takes_long_and_short_rays_together() -> None:
    """003 "Completed Stars and Plans": "You may use any sizes of ray with your Starter Core,
    without restriction": a long and a short ray with the printed one make magnitude 3."""
    game, state = _three()
    give(game, state, 0, starter="starter_red_long", rays=["blue:long", "green:short"])
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:starter_red_long", "ray:blue:long")
    choose(game, state, "ray:green:short", "ready", "slot:aquila_1")
    _no_flare(game, state)
    assert state["players"][0]["magnitudes"] == [3]


# -- End of game (003 "End of Game") ---------------------------------------------------------


@pytest.mark.parametrize(("before", "daybreak"), [(62, True), (61, False)])
def test_daybreak_at_sixty_five_reached_or_exceeded(before: int, daybreak: bool) -> None:
    """003 "End of Game": daybreak is "when any player ... reaches or exceeds 65 Victory
    Points": 62 and a 3-point star make exactly 65 and trigger it; 61 and 3 make 64 and do
    not."""
    game, state = _three()
    state["players"][0]["night"] = before
    game.edited(state)
    _launch_from(game, state, 0, "achernar", ["yellow:long"] * 2)
    choose(game, state, "slot:aquila_1")
    _no_flare(game, state)
    assert (state["daybreak"] is not None) is daybreak


def test_daybreak_counts_night_points_not_the_day_points_to_come() -> None:
    """003 "End of Game": daybreak is 65 "on the score track"; 003 "Scoring": "Only night
    points are recorded on the score track during play": with two alpha stars (10 day points
    to come), 59 night points and a 5-point star make 64 on the track: no daybreak."""
    game, state = _three()
    for slot in ("aquila_1", "aquila_2", "aquila_5", "hydrus_1", "hydrus_3", "hydrus_4",
                 "hydrus_6"):  # fmt: skip
        put_star(game, state, 0, slot)
    state["players"][0]["night"] = 59
    game.edited(state)
    _launch_from(game, state, 0, "achernar", ["yellow:long"] * 2)
    choose(game, state, "slot:aquila_3")
    _no_flare(game, state)
    assert state["players"][0]["night"] == 64 and state["daybreak"] is None


def test_daybreak_a_starbot_reaching_sixty_five_triggers_it() -> None:
    """003 "End of Game": "when any player (live or Starbot) reaches or exceeds 65": a
    Starbot at 60 playing a 5-point card brings daybreak."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    put_marker(game, state, 0, "gain_cores")
    state["players"][1]["night"] = 60
    game.edited(state)
    rig_draws(game, state, starbots=["starbot_01"])  # Launch 1: 5 night points
    turn(game, state, 0)
    round_of_it = state["round"]
    choose(game, state, "end")
    assert state["daybreak"] == round_of_it  # seat 0 has no star: its last turn is forfeit
    assert state["last_round"] == round_of_it + 1 and state["phase"] == "over"


# -- Your Last Turn (003 "Your Last Turn") ------------------------------------------------------


def test_last_turn_the_final_launch_may_carry_a_flare() -> None:
    """003 "Your Last Turn": "Record and score your star as usual: ... you may attach a Flare
    if you have one": Star Chorus on the final launch scores one night point for the one
    star launched, with the slot's own."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2, flares=["star_chorus"])
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    slot = sorted(_slots(game, state))[0]
    choose(game, state, f"slot:{slot}", "flare:star_chorus")
    me = state["players"][1]
    assert me["night"] == game.content.slots[slot].night_points + 1
    assert me["used_flares"] == ["star_chorus"]


@pytest.mark.parametrize(("rays", "size", "points"), [(4, "medium", 11), (6, "large", 14)])
def test_last_turn_slotless_medium_eleven_and_large_fourteen(
    rays: int, size: str, points: int
) -> None:
    """003 "Your Last Turn": "Take night points for the size of slot as shown below" (the
    table: 7, 11, 14; SL54): a medium star with every medium slot filled scores 11; a large
    one (with Launch Alpha Star) with every large slot filled, 14."""
    game, state = _three()
    full = [s for s, slot in game.content.slots.items() if slot.size == size]
    for sid in full:
        state["slots"][sid] = 2
    state["players"][2]["stars"] = list(full)
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * rays,
         privileges=["launch_alpha_star"])  # fmt: skip
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", *["ray:yellow:long"] * rays, "ready")
    assert options(game, state)[0] == "slotless"
    choose(game, state, "slotless")
    _no_flare(game, state)
    me = state["players"][1]
    assert me["night"] == points and me["stars"] == []


def test_last_turn_slotless_launch_still_buys_night_points() -> None:
    """003 "Your Last Turn": slotless, "you may still use your privileges and attach a
    Flare": Buy Night Points at 2 AP each after the 7 points of a small star."""
    game, state = _three()
    small = [s for s, slot in game.content.slots.items() if slot.size == "small"]
    for sid in small:
        state["slots"][sid] = 2
    state["players"][2]["stars"] = list(small)
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2,
         privileges=["buy_night_points"])  # fmt: skip
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    choose(game, state, "slotless")
    _no_flare(game, state)
    buys = [o for o in options(game, state) if o.startswith("buy")]
    assert buys
    choose(game, state, buys[0])
    assert state["players"][1]["night"] == 7 + 1


# -- Laurels and Accolades (003 "Laurels", "Accolades") -----------------------------------------


@pytest.mark.parametrize(
    ("slots", "points"),
    [(["aquila_1", "hydrus_1", "lyra_1"], 0), (["aquila_1", "hydrus_1", "lyra_1", "cygnus_1"], 5)],
)
def test_the_printed_laurel_needs_a_star_in_each_of_the_four(slots: list[str], points: int) -> None:
    """003 "Laurels": "The sample Laurel shown here grants 5 day points if you finish the
    game with at least one star in each of the four constellations shown" (SL69: Aquila,
    Hydrus, Lyra, Cygnus): three of the four give nothing; all four give 5."""
    game, state = _three()
    keep(game, state, 0, laurels=["four_constellations"])
    for slot in slots:
        put_star(game, state, 0, slot)
    finish(game, state, "test")
    assert state["players"][0]["points"]["day"].get("laurels", 0) == points


def test_a_laurel_met_during_play_adds_no_night_points() -> None:
    """003 "Laurels": "At the end of the game (not during), you will receive the day points
    if you have met the Laurel's goal": the launch that meets the sample Laurel scores only
    the slot's night points."""
    game, state = _three()
    keep(game, state, 0, laurels=["four_constellations"])
    for slot in ("hydrus_1", "lyra_1", "cygnus_1"):
        put_star(game, state, 0, slot)
    _launch_from(game, state, 0, "achernar", ["yellow:long"] * 2)
    choose(game, state, "slot:aquila_1")
    _no_flare(game, state)
    assert state["players"][0]["night"] == game.content.slots["aquila_1"].night_points


def test_an_accolade_is_claimed_right_after_the_action_within_the_turn() -> None:
    """003 "Accolades": "you may immediately claim an Accolade after any action in which you
    have achieved its goal": the fifth privilege from a launch claims The Gods' Favourite
    while the turn goes on (AP left), not at its end (the privilege is recorded at step 6,
    after Buy Night Points)."""
    game, state = _three()
    give(game, state, 0, privileges=["refill_rays", "laurels_bonus", "buy_night_points",
                                      "extra_action_point"])  # fmt: skip
    _launch_from(game, state, 0, "achernar", ["yellow:long"] * 2, ap=9)
    choose(game, state, "slot:aquila_1", "done")  # Core + Ray, the fifth; no points bought
    place = next(i for i, a in enumerate(state["accolades"]) if a["id"] == "gods_favourite")
    assert state["turn"] == 0 and state["players"][0]["ap"] > 0
    assert state["accolades"][place]["owner"] == 0


# -- The Gods and Starbots (003 "The Gods", "Starbot Play") --------------------------------------


def test_gods_every_live_player_has_one_and_a_starbot_none() -> None:
    """003 "The Gods": "either all players should have a God card, or none"; 003 "Starbot
    Play": "Starbot players do not get player mats or any kind of cards": with gods, each
    live seat keeps one, the Starbot seat none."""
    game = new_game(seats=("live", "live", "starbot"), gods=True)
    state = game.new_state(1)
    while state["phase"] == "gods":
        seat = game.current_players(state)[0]
        god = next(o for o in options(game, state, seat) if o.startswith("god:"))
        game.apply(state, seat, god)
    gods = [p["god"] for p in state["players"]]
    assert gods[0] and gods[1] and gods[0] != gods[1] and gods[2] is None


def test_gods_none_dealt_without_the_option() -> None:
    """003 "The Gods": "They are optional": a game without them deals none and asks
    nothing before the first turn."""
    game = new_game(seats=("live", "live"))
    state = game.new_state(1)
    assert state["phase"] != "gods"
    assert all(p["god"] is None for p in state["players"])


def test_starbot_holds_no_cards_after_its_gain_turn() -> None:
    """003 "Starbot Play": "Starbot players do not get player mats or any kind of cards":
    a Starbot's Gain Cores card thins the pool but the Starbot holds no Core."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    put_marker(game, state, 0, "gain_cores")
    rig_draws(game, state, starbots=["starbot_02"])  # Gain Cores 1
    turn(game, state, 0)
    choose(game, state, "end")
    bot = state["players"][1]
    assert bot["night"] == 3
    assert not bot.get("cores") and not bot.get("flares") and not bot.get("rays")


def test_a_starbot_marker_on_an_accolade_counts_only_its_own_five() -> None:
    """003 "Starbot Play": "If a Starbot accumulates 5 of its own markers on an Accolade, it
    immediately wins that Accolade": two Starbots with 4 markers each on one place: the next
    marker of one wins it for that one, not at 8 together earlier."""
    game = new_game(seats=("live", "starbot", "starbot"))
    state = blank(game)
    place = 0
    state["accolades"][place]["marks"] = {"1": 3, "2": 4}
    game.edited(state)
    put_marker(game, state, 0, "gain_cores")
    card = "starbot_01"  # accolade place 1
    rig_draws(game, state, starbots=[card, "starbot_06"])  # both name place 1
    turn(game, state, 0)
    choose(game, state, "end")
    accolade = state["accolades"][place]
    assert accolade["owner"] == 2 and accolade["marks"]["1"] == 4
    assert state["players"][1]["accolades"] == []


def test_flush_the_flare_pool_is_only_on_its_own_action() -> None:
    """003 "When can you flush a pool?": "You may not flush a pool at any other time": on
    Gain Cores, the only flush offered flushes the Core pool (no Flare or ray flush)."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")
    set_pool(game, state, "cores", state["core_deck"][:3])
    turn(game, state, 0)
    choose(game, state, "step", "act")
    flushes = [o for o in options(game, state) if "flush" in o]
    assert flushes == ["flush"]
    flares = list(state["pools"]["flares"])
    choose(game, state, "flush")
    assert state["pools"]["flares"] == flares


def test_last_turn_the_final_launch_keeps_the_target_and_link_rules() -> None:
    """003 "Your Last Turn": "launch a completed star to any eligible slot in any
    constellation"; 003 "Choosing a Destination Slot": eligible is empty, of the star's size,
    a target in an empty constellation or linked to a filled slot: with one star in Aquila,
    a magnitude 2 star is offered Aquila's linked small slot and the small targets of the
    empty constellations, from Gain Cores and without a step."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    put_star(game, state, 2, "aquila_1")
    game.edited(state)
    _last_round(game, state, 1)
    assert "final" in options(game, state) and state["players"][1]["marker"] == 0
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    small_targets = {
        sid for sid, slot in game.content.slots.items()
        if slot.target and slot.size == "small" and slot.constellation != "aquila"
    }  # fmt: skip
    assert _slots(game, state) == {"aquila_3"} | small_targets


def test_last_turn_the_final_launch_pays_one_ap_and_no_surcharge() -> None:
    """003 "Your Last Turn": "without moving on the rondel or being on a Launch action space.
    Pay 1 AP": beside the other players' markers on Gain Cores, the final launch costs 1 AP
    (the surcharge is for taking a space's action)."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    assert [p["marker"] for p in state["players"]] == [0, 0, 0]
    ap = state["players"][1]["ap"]
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    choose(game, state, "slot:aquila_1")
    assert state["players"][1]["stars"] == ["aquila_1"]
    assert state["players"][1]["night"] == game.content.slots["aquila_1"].night_points
    assert state["turn"] != 1  # the final launch is the last action (SL19)
    assert state["players"][1]["saved"] == min(5, ap - 1)  # what is left after its 1 AP


# -- The last turn's forfeit and a Flare's boon (SL160) -----------------------------------------


def test_sl160_a_flares_boon_may_complete_the_star_of_a_last_turn() -> None:
    """003 "Your Last Turn": "If you cannot assemble a completed star, your last turn is
    forfeit ... Do not take any actions or move your marker"; 003 "Actions": "In addition to
    your movements and actions, on any turn you may spend any number of Flares to use their
    boons": a Core and one ray are no star, but Star Chorus's boon (2 long rays) completes
    it: the turn is not forfeit; only the boon (or ending, which forfeits) is offered until
    the star is complete, then the turn goes on as usual and the final launch scores."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"], flares=["star_chorus"])
    set_pool(game, state, "long", ["yellow:long", "green:long", "red:long", "blue:long"])
    game.edited(state)
    _last_round(game, state, 1)
    assert state["turn"] == 1 and not state["turn_state"]["forfeit"]
    assert options(game, state) == ["boon:star_chorus", "end"]
    choose(game, state, "boon:star_chorus", "ray:yellow:long", "ray:green:long")
    assert {"step", "final", "end"} <= set(options(game, state))
    choose(game, state, "final", "core:achernar", *["ray:yellow:long"] * 2, "ray:green:long")
    choose(game, state, "ready", "slot:aquila_1")
    me = state["players"][1]
    assert me["stars"] == ["aquila_1"] and me["marker"] == 0
    assert me["used_flares"] == ["star_chorus"]


def test_sl160_ending_without_a_star_forfeits_and_the_marker_stays() -> None:
    """003 "Your Last Turn": a player who holds a Flare but does not complete a star with its
    boon forfeits the turn: ending it records the forfeit, takes no action and leaves the
    marker where it was."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"], flares=["full_scale"])
    game.edited(state)
    _last_round(game, state, 1)
    assert options(game, state) == ["boon:full_scale", "end"]  # its boon is 2 AP, no ray
    events: list[dict[str, Any]] = []
    game.listen(events.append)
    choose(game, state, "boon:full_scale")  # then only `end` is left: taken unasked (SL8)
    assert state["turn"] != 1 or state["phase"] == "over"
    assert "forfeit" in [e["kind"] for e in events if e.get("seat") == 1]
    assert state["players"][1]["marker"] == 0 and state["players"][1]["stars"] == []


def test_sl160_without_a_flare_the_last_turn_is_forfeit_at_once() -> None:
    """003 "Your Last Turn": with no Flare to use and no complete star, nothing can complete
    one without an action: the turn is forfeit at once (the next seat plays)."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"])
    game.edited(state)
    _last_round(game, state, 1)
    assert state["turn"] != 1 or state["phase"] == "over"


def test_sl160_ap_from_a_boon_before_the_star_is_complete_are_kept() -> None:
    """003 "Flares": a boon's benefit is the player's: Full Scale's 2 AP, used before Star
    Chorus completes the last turn's star, are added to the turn's 5 AP."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"],
         flares=["full_scale", "star_chorus"])  # fmt: skip
    set_pool(game, state, "long", ["yellow:long", "green:long", "red:long", "blue:long"])
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "boon:full_scale")
    assert state["players"][1]["ap"] == 2 and "step" not in options(game, state)
    choose(game, state, "boon:star_chorus", "ray:yellow:long", "ray:green:long")
    assert state["players"][1]["ap"] == 5 + 2 and "final" in options(game, state)
