"""Starlight edge cases written by an outside checker from the rulebook (003) alone: each
test is a position made with the public scenario helpers (docs/scenarios.md), the decisions
the rule is about and what a player would see, quoting the section of 003 it comes from.
These add to ``test_rulebook_text.py``: star plans (colours, sizes, "equal sizes"), the
destination slot, the rondel's surcharge, the Flare pool's prices within an action, Core +
Ray, the last turn (slotless launch, forfeit, the AP kept for it), final scoring and the
shared victory.
"""

from __future__ import annotations

from typing import Any

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


def _rays_offered(game: Game, state: State) -> set[str]:
    return {o[4:] for o in options(game, state) if o.startswith("ray:")}


# -- Star Plans -----------------------------------------------------------------------------------


def test_plan_only_rays_of_the_cores_colours_are_offered() -> None:
    """003 "Color Schemes": "Only rays of the displayed colors can be used": Achernar shows
    orange, yellow, green and purple, so a red ray held is never offered."""
    game, state = _three()
    _at_launch(game, state, "achernar", ["yellow:long", "red:long", "green:long"])
    offered = _rays_offered(game, state)
    assert "red:long" not in offered and {"yellow:long", "green:long"} <= offered


def test_plan_a_long_pattern_takes_no_short_ray() -> None:
    """003 "Ray Patterns": "Only rays of the specified sizes can be used": a long-ray Core
    does not take a short ray of its own colours."""
    game, state = _three()
    _at_launch(game, state, "achernar", ["yellow:long", "yellow:short", "yellow:long"])
    assert _rays_offered(game, state) == {"yellow:long"}


def test_plan_a_short_pattern_takes_no_long_ray() -> None:
    """003 "Ray Patterns": a short-ray Core (Alnair) takes only short rays."""
    game, state = _three()
    _at_launch(game, state, "alnair", ["red:short", "red:long", "blue:short"])
    assert _rays_offered(game, state) == {"red:short", "blue:short"}


def test_plan_equal_sizes_odd_count_three_and_two_either_way() -> None:
    """003 "Ray Patterns": "In the case of "equal sizes" with an odd number of rays, you must
    come as close as possible, for example by using 3 long and 2 short rays": 3 long and 2
    short make a complete star, and so do 2 long and 3 short."""
    for longs, shorts in ((3, 2), (2, 3)):
        game, state = _three()
        put_star(game, state, 1, "aquila_1")  # Aquila's medium slots open
        rays = ["red:long"] * longs + ["red:short"] * shorts
        _at_launch(game, state, "antares", rays)
        choose(game, state, *[f"ray:{r}" for r in rays])
        assert "ready" in options(game, state), (longs, shorts)


def test_plan_equal_sizes_four_and_one_is_never_made() -> None:
    """003 "Ray Patterns": equal sizes "as close as possible": with 4 long and 1 short held,
    the stars that can be made are 1+1 and 2+1; after two long rays a third is not offered
    (3 long and 1 short, or 4 and 1, is no complete star), only the short one."""
    game, state = _three()
    put_star(game, state, 1, "aquila_1")
    _at_launch(game, state, "antares", ["red:long"] * 4 + ["red:short"])
    choose(game, state, "ray:red:long", "ray:red:long")
    assert _rays_offered(game, state) == {"red:short"} and "ready" not in options(game, state)
    choose(game, state, "ray:red:short")
    assert "ready" in options(game, state)


def test_plan_equal_sizes_even_count_must_be_half_and_half() -> None:
    """003 "Ray Patterns": "equal sizes": 3 long and 1 short (magnitude 4) is not complete,
    2 and 2 is."""
    game, state = _three()
    put_star(game, state, 1, "aquila_1")
    _at_launch(game, state, "antares", ["red:long"] * 3 + ["red:short"] * 2)
    choose(game, state, "ray:red:long", "ray:red:long", "ray:red:short", "ray:red:long")
    assert "ready" not in options(game, state)


def test_plan_at_most_seven_rays() -> None:
    """003 "Completed Stars and Plans": "at least 2 but no more than 7 rays": with 8 rays
    held (and Launch Alpha Star, an open large slot), no eighth ray is offered."""
    game, state = _three()
    for slot in ("aquila_1", "aquila_2", "aquila_4"):
        put_star(game, state, 1, slot)
    give(game, state, 0, privileges=["launch_alpha_star"])
    _at_launch(game, state, "achernar", ["yellow:long"] * 4 + ["green:long"] * 4)
    choose(game, state, *["ray:yellow:long"] * 4, *["ray:green:long"] * 3)
    assert _rays_offered(game, state) == set() and "ready" in options(game, state)


def test_plan_one_ray_is_no_star() -> None:
    """003 "Launching Stars": "Each star is made of one Core card, and from 2 to 7 rays":
    one ray is not complete."""
    game, state = _three()
    _at_launch(game, state, "achernar", ["yellow:long", "yellow:long"])
    choose(game, state, "ray:yellow:long")
    assert "ready" not in options(game, state)


# -- Choosing a Destination Slot ------------------------------------------------------------------


def test_slot_an_empty_constellation_takes_only_a_target_slot() -> None:
    """003 "Choosing a Destination Slot": "If the constellation has no stars yet, you must
    choose a slot marked with the "target" icon": a magnitude 2 star in an empty Aquila and
    Hydrus goes to their small target slots only."""
    game, state = _three()
    _at_launch(game, state, "achernar", ["yellow:long"] * 2)
    choose(game, state, "ray:yellow:long", "ray:yellow:long", "ready")
    slots = sorted(o for o in options(game, state) if o.startswith("slot:"))
    assert slots == ["slot:aquila_1", "slot:hydrus_1"]


def test_slot_a_second_target_is_not_open_once_the_constellation_has_a_star() -> None:
    """003 "Choosing a Destination Slot": "If the constellation has no stars yet, you must
    choose a slot marked with the "target" icon. Otherwise you must choose a slot that is
    directly connected with a filled slot": an empty Orion offers both its small targets;
    once one holds a star, the other (linked to no filled slot) is closed, and with
    Cygnus's target a medium slot, a magnitude 2 star has nowhere to go: no Launch action."""
    game, state = _three()
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 2)
    put_marker(game, state, 0, "gain_flares")  # one step before Cygnus/Orion
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready")
    assert sorted(o for o in options(game, state) if o.startswith("slot:")) == [
        "slot:orion_1",
        "slot:orion_2",
    ]
    game, state = _three()
    put_star(game, state, 1, "orion_1")
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 2)
    put_marker(game, state, 0, "gain_flares")
    turn(game, state, 0)
    choose(game, state, "step")
    assert "act" not in options(game, state)


def test_slot_linked_to_another_players_star_is_open() -> None:
    """003 "Choosing a Destination Slot": "connected with a filled slot", whoever filled it:
    Aquila's small slot linked to another player's star is open to seat 0."""
    game, state = _three()
    put_star(game, state, 2, "aquila_1")
    _at_launch(game, state, "achernar", ["yellow:long"] * 2)
    choose(game, state, "ray:yellow:long", "ray:yellow:long", "ready")
    assert "slot:aquila_3" in options(game, state)


def test_slot_scores_its_night_points_and_records_its_privilege() -> None:
    """003 "Launching a Star" steps 4-7: the marker in the slot, its night points, its
    privilege and the magnitude recorded (aquila_3: 5 night points, +1 Action Point)."""
    game, state = _three()
    put_star(game, state, 2, "aquila_1")
    _at_launch(game, state, "achernar", ["yellow:long"] * 3)
    choose(game, state, *["ray:yellow:long"] * 3, "ready", "slot:aquila_3")
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    me = state["players"][0]
    assert state["slots"]["aquila_3"] == 0 and me["night"] == 5
    assert "extra_action_point" in me["privileges"] and me["magnitudes"] == [3]


# -- Rondel and Action Points ---------------------------------------------------------------------


def test_ap_stepping_past_an_occupied_space_pays_no_surcharge() -> None:
    """003 "Action Points": the surcharge is "to take the action" on a space where an
    opponent's marker is; stepping onto it and on without acting costs only the steps."""
    game, state = _three()
    put_marker(game, state, 1, "gain_long_rays")
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0)
    choose(game, state, "step", "step")
    assert state["players"][0]["ap"] == 5 - 2


def test_ap_plus_one_privilege_and_five_saved_make_eleven() -> None:
    """003 "+1 Action Point": "Gain one more action point (for a total of 6)"; "Action
    Points": saved AP are added: 6 + 5 saved = 11 at the turn's start."""
    game, state = _three()
    give(game, state, 0, privileges=["extra_action_point"])
    put_marker(game, state, 0, "gain_cores")
    state["players"][0]["saved"] = 5
    game.edited(state)
    turn(game, state, 0)
    assert state["players"][0]["ap"] == 11


def test_ap_steps_before_an_action_are_paid_even_when_no_action_is_taken() -> None:
    """003 "Using the Rondel": "Each step on the rondel costs 1 AP ... you may optionally
    take the action of each space": three steps and no action leave 2 AP, which are saved."""
    game, state = _three()
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "step", "step", "end")
    assert state["players"][0]["saved"] == 2
    assert state["players"][0]["marker"] == 3


# -- Gain actions ---------------------------------------------------------------------------------


def test_gain_flares_prices_stay_by_place_until_the_turn_is_over() -> None:
    """003 "Gain Flares": "You may not refill the pool nor move cards during your action":
    after the 1 AP Flare is bought, the one in the 2 AP place still costs 2."""
    game, state = _three()
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act")
    second = state["pools"]["flares"][1]
    choose(game, state, "flare:0")
    assert state["players"][0]["ap"] == 9 - 1 - 1
    assert "flare:0" not in options(game, state)
    choose(game, state, "flare:1")
    assert state["players"][0]["ap"] == 9 - 1 - 1 - 2 and second in state["players"][0]["flares"]


def test_core_plus_ray_one_free_ray_for_each_core_taken() -> None:
    """003 "Core + Ray": "also gain one ray for free for each Core you take": two Cores, two
    free rays, the Cores' 2 AP only."""
    game, state = _three()
    give(game, state, 0, privileges=["core_plus_ray"])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act")
    for _ in range(2):
        core = next(o for o in options(game, state) if o.startswith("core:"))
        choose(game, state, core)
        ray = next(o for o in options(game, state) if o.startswith("ray:"))
        choose(game, state, ray)
    me = state["players"][0]
    assert len(me["cores"]) == 2 and len(me["rays"]) == 2
    assert me["ap"] == 9 - 1 - 2
    assert not [o for o in options(game, state) if o.startswith("ray:")]


def test_gain_cores_the_starter_counts_among_the_four() -> None:
    """003 "Gain Cores": "You may keep at most 4 Cores at a time" (SL5: the Starter Core is
    one of them): a starter and three Cores held, Gain Cores offers nothing to take."""
    game, state = _three()
    deck = state["core_deck"]
    give(game, state, 0, starter="starter_red_long", cores=[deck[0], deck[1], deck[2]])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step")
    assert "act" not in options(game, state)  # no Core can be taken: the action gives nothing


# -- Your Last Turn -------------------------------------------------------------------------------


def test_last_turn_slotless_launch_scores_by_size_and_records_nothing() -> None:
    """003 "Your Last Turn": "If there are no more eligible slots ... you may still score your
    star. Take night points for the size of slot ... but do not place any markers on the
    board or on your player mat": a magnitude 2 star with every small slot filled scores 7
    and records no magnitude, aspect or privilege; it is no star on the board, but a star
    launched (SL165)."""
    game, state = _three()
    small = [s for s, slot in game.content.slots.items() if slot.size == "small"]
    for sid in small:
        state["slots"][sid] = 2  # by hand: every small slot taken by seat 2
    state["players"][2]["stars"] = list(small)
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    assert "final" in options(game, state)
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    assert options(game, state)[0] == "slotless"
    choose(game, state, "slotless")
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    me = state["players"][1]
    assert me["night"] == 7 and me["points"]["night"]["slotless"] == 7
    assert me["stars"] == [] and me["magnitudes"] == [] and me["aspects"] == []
    assert me["privileges"] == {}
    assert me["slotless"] == 1


def test_last_turn_forfeit_without_a_complete_star() -> None:
    """003 "Your Last Turn": "If you cannot assemble a completed star, your last turn is
    forfeit ... Do not take any actions or move your marker on the rondel": one ray and a
    Core is no star; the turn passes at once, the marker where it was."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"])
    game.edited(state)
    _last_round(game, state, 1)
    assert state["turn"] != 1 or state["phase"] == "over"
    assert state["players"][1]["marker"] == 0 and state["players"][1]["cores"] == ["achernar"]


def test_last_turn_no_final_launch_without_an_ap_for_it() -> None:
    """003 "Your Last Turn": "Pay 1 AP and you may then launch ... Just save 1 AP to pay for
    the launch as your last action": with every AP spent on steps, the final launch is no
    longer offered."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    assert "final" in options(game, state)
    while state["players"][1]["ap"] > 0 and state["turn"] == 1:
        choose(game, state, "step")
    assert state["turn"] != 1 or "final" not in options(game, state)
    assert state["players"][1]["stars"] == []


def test_last_turn_a_large_slotless_star_needs_launch_alpha_star() -> None:
    """003 "Your Last Turn": the final launch goes to "any eligible slot"; 003 "Slot Sizes":
    no large slot without Launch Alpha Star (SL19: a slotless 6-7 star needs it too): with
    six rays and no privilege, the star stops at a size a slot could take."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 6)
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", *["ray:yellow:long"] * 5)
    assert "ray:yellow:long" not in options(game, state)


# -- Scoring --------------------------------------------------------------------------------------


def test_scoring_alpha_stars_five_day_points_each_and_laurels_bonus() -> None:
    """003 "Scoring": "Gain 5 day points for each of your alpha (big slot) stars"; "Players
    who have acquired the Laurels + 3 Victory Points privilege gain an additional 3 per
    fulfilled Laurel" (none fulfilled here: no bonus)."""
    from whitedwarf.interpreter.starlight.ending import finish

    game, state = _three()
    for slot in ("aquila_1", "aquila_2", "aquila_5", "hydrus_1", "hydrus_3", "hydrus_4",
                 "hydrus_6"):  # fmt: skip
        put_star(game, state, 0, slot)
    give(game, state, 0, privileges=["laurels_bonus"])
    state["players"][0]["night"] = 40
    game.edited(state)
    finish(game, state, "test")
    me = state["players"][0]
    assert me["points"]["day"]["alpha"] == 10 and me["points"]["day"]["laurel_bonus"] == 0


def test_scoring_tied_on_points_stars_and_constellations_share_the_victory() -> None:
    """003 "Scoring": "And if there is still a tie, the tied players rejoice in a shared
    victory"; a third player with fewer points is not among them."""
    from whitedwarf.interpreter.starlight.ending import result_of

    game, state = _three()
    put_star(game, state, 0, "aquila_1")
    put_star(game, state, 1, "hydrus_1")
    put_star(game, state, 2, "lyra_1")
    put_star(game, state, 2, "lyra_2")
    for seat, night in enumerate((30, 30, 29)):
        state["players"][seat]["night"] = night
    game.edited(state)
    result = result_of(game, state, "test")
    assert result["winners"] == [0, 1] and result["tiebreak"] == "shared"


def test_scoring_day_points_count_toward_the_winner() -> None:
    """003 "Victory Points": "The winner will be the player with the most total points
    (night + day)": a player behind on night points wins on an alpha star's 5 day points."""
    from whitedwarf.interpreter.starlight.ending import finish

    game, state = _three()
    for slot in ("aquila_1", "aquila_2", "aquila_5"):
        put_star(game, state, 0, slot)
    put_star(game, state, 1, "hydrus_1")
    state["players"][0]["night"] = 60
    state["players"][1]["night"] = 63
    game.edited(state)
    finish(game, state, "test")
    # 60 night, 5 for the alpha star and 4 for First Alpha, which the launch of that star
    # claimed (put_star claims what the launch would have: 003 "Accolades")
    assert state["accolades"][0] == {"id": "first_alpha", "owner": 0, "marks": {}}
    assert state["result"]["winners"] == [0] and state["result"]["points"][:2] == [69, 63]


# -- Privileges -----------------------------------------------------------------------------------


def test_privilege_refill_rays_with_core_plus_ray_refills_the_pool_at_once() -> None:
    """003 "Core + Ray": "If you have the Refill Rays privilege, you may use it"; "Refill
    Rays": "This applies no matter why you are taking a ray": the free ray's pool is full
    again at once."""
    game, state = _three()
    give(game, state, 0, privileges=["core_plus_ray", "refill_rays"])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    core = next(o for o in options(game, state) if o.startswith("core:"))
    choose(game, state, core)
    pool = state["pools"]["long"]
    rig_draws(game, state, rays=["green:long"])
    choose(game, state, f"ray:{pool[0]}")
    assert len(pool) == 6 and pool[-1] == "green:long"


def test_privilege_gained_in_a_launch_is_not_usable_in_that_launch_for_alpha() -> None:
    """003 "Privileges": each privilege is usable "beginning with the action *after* you
    gain the privilege": a launch to a slot giving Launch Alpha Star does not let the same
    turn's later launch... here: the privilege is recorded, and the next action may use it."""
    game, state = _three()
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 2)
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:hydrus_1")  # Launch Alpha Star
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    from whitedwarf.interpreter.starlight.state import has_privilege

    assert "launch_alpha_star" in state["players"][0]["privileges"]
    assert not has_privilege(state, 0, "launch_alpha_star")
    choose(game, state, "step", "act")  # Gain Long Rays: a later action
    assert has_privilege(state, 0, "launch_alpha_star")


# -- Gods -----------------------------------------------------------------------------------------


def test_gods_each_live_player_keeps_one_of_two_dealt() -> None:
    """003 "The Gods": "deal two God cards at random to each player ... choose one to keep
    and one to discard": every live seat is offered two different gods, nobody another's."""
    game = new_game(seats=("live", "live", "live"), gods=True)
    state = game.new_state(1)
    offered = []
    while state["phase"] == "gods":
        seat = game.current_players(state)[0]
        gods = [o for o in options(game, state, seat) if o.startswith("god:")]
        offered.append(gods)
        game.apply(state, seat, gods[-1])
    assert len(offered) == 3 and all(len(g) == 2 and g[0] != g[1] for g in offered)
    assert len({g for pair in offered for g in pair}) == 6
    assert [p["god"] for p in state["players"]] == [pair[-1][4:] for pair in offered]


def test_gods_a_kept_god_is_in_front_of_its_owner_for_the_game() -> None:
    """003 "The Gods": "The one you keep is yours for the entire game": a god given with
    ``keep`` stays through a turn."""
    game = new_game(seats=("live", "live"), gods=True)
    state = blank(game)
    keep(game, state, 0, god="helion")
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "end")
    assert state["players"][0]["god"] == "helion"


def test_ap_a_launch_beside_an_opponent_needs_two_ap() -> None:
    """003 "Action Points": "If an opponent's marker is on an action space, it will cost you
    1 AP extra to take the action"; 003 "Launch": "It costs 1 AP to launch a star": with 1 AP
    left on an occupied launch space, its action is not offered."""
    game, state = _three()
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 2)
    put_marker(game, state, 1, "launch_aquila_hydrus")
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0, ap=2)
    choose(game, state, "step")
    assert "act" not in options(game, state) and state["players"][0]["ap"] == 1


def test_ap_the_launch_surcharge_is_paid_with_the_launch() -> None:
    """003 "Action Points" and "Launch": on an occupied launch space the star costs the
    launch's 1 AP and the 1 AP surcharge: 3 AP, a step and the launch leave none."""
    game, state = _three()
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 2)
    put_marker(game, state, 1, "launch_aquila_hydrus")
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0, ap=3)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert state["players"][0]["ap"] == 0 and state["players"][0]["stars"] == ["aquila_1"]


def test_end_daybreak_in_the_last_seats_turn_plays_one_whole_round_more() -> None:
    """003 "End of Game": "finish that round and play one more complete round": daybreak in
    the last seat's turn leaves nothing of its round, so the next round is the last."""
    game, state = _three()
    for seat in range(3):
        put_marker(game, state, seat, "gain_cores")
    state["players"][2]["night"] = 64
    give(game, state, 2, cores=["achernar"], rays=["yellow:long"] * 2)
    for seat, core, ray in ((0, "fomalhaut", "green"), (1, "denebola", "red"),
                            (2, "elnath", "blue")):  # a star each for the last turn  # fmt: skip
        give(game, state, seat, cores=[core], rays=[f"{ray}:long"] * 2)
    game.edited(state)
    turn(game, state, 2)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert state["daybreak"] == state["round"] and state["last_round"] == state["round"] + 1
    choose(game, state, "end")
    seats = []
    while state["phase"] != "over" and len(seats) < 10:
        seats.append(state["turn"])
        choose(game, state, "end")
    assert seats == [0, 1, 2] and state["phase"] == "over"


def test_flare_points_count_the_stars_magnitude_and_aspect_not_its_slots_privilege() -> None:
    """003 "Flares": "Include the star you are launching now in your calculation": Full
    Scale (magnitudes recorded) and Many Faces (aspects recorded) count this star's before
    steps 7-8 record them; Royal Favour (privileges) does not count the slot's privilege,
    recorded at step 6 after the points of step 5 (docs/rules-decisions.md SL115)."""
    for flare, points in (("full_scale", 1), ("many_faces", 1), ("royal_favour", 0)):
        game, state = _three()
        give(game, state, 0, flares=[flare])
        _at_launch(game, state, "achernar", ["yellow:long"] * 2)
        choose(game, state, "ray:yellow:long", "ray:yellow:long", "ready", "slot:aquila_1")
        choose(game, state, f"flare:{flare}")
        me = state["players"][0]
        assert me["night"] == 3 + points, flare
        assert list(me["privileges"]) == ["core_plus_ray"]  # recorded after the points


def test_accolade_a_live_player_takes_it_from_under_a_starbots_four_markers() -> None:
    """003 "Accolades": "Each Accolade may be claimed only once, by the first player to
    achieve its goal"; 003 "Starbot Play": "If the Accolade is no longer in play because some
    player (live or Starbot) has already won it, do not place a marker": four Starbot markers
    on Many Aspects do not stop a live player's fifth Aspect claiming it, and the Starbot's
    next card naming it places nothing."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    place = next(i for i, a in enumerate(state["accolades"]) if a["id"] == "many_aspects")
    state["accolades"][place]["marks"] = {"1": 4}
    state["players"][0]["aspects"] = ["crown", "sword", "chalice", "serpent"]
    game.edited(state)
    _at_launch(game, state, "achernar", ["yellow:long"] * 2)  # cornucopia, a fifth Aspect
    choose(game, state, "ray:yellow:long", "ray:yellow:long", "ready", "slot:aquila_1")
    assert state["accolades"][place]["owner"] == 0
    card = next(c for c, d in game.content.cards["starbots"].items()
                if d.get("accolade") == place + 1)  # fmt: skip
    rig_draws(game, state, starbots=[card])
    choose(game, state, "end")  # the Starbot's turn follows
    night = game.content.cards["starbots"][card]["night_points"]
    assert state["players"][1]["night"] == night  # its card was played
    assert state["accolades"][place]["owner"] == 0
    assert state["accolades"][place]["marks"] == {"1": 4}
    assert state["players"][1]["accolades"] == []


def test_flare_boon_before_an_action_gives_the_ray_a_star_lacks() -> None:
    """003 "Flares": "To use a Flare's boon, take the benefit shown in the green box ... You
    may use any number of Flares in this way, during, before, or after any appropriate
    action"; "Each Flare may be used either to add victory points ... or to gain the card's
    boon, but never both": one yellow ray is no star; Star Chorus's boon (2 long rays, from
    the pool) completes it, and the used Flare is not offered again at the launch."""
    game, state = _three()
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"], flares=["star_chorus"])
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step")
    assert "act" not in options(game, state)  # no star can be launched yet
    set_pool(game, state, "long", ["yellow:long", "purple:long", "red:long", "blue:long"])
    choose(game, state, "boon:star_chorus", "ray:yellow:long", "ray:purple:long")
    assert sorted(state["players"][0]["rays"]) == ["purple:long", "yellow:long", "yellow:long"]
    choose(game, state, "act", "core:achernar", "ray:yellow:long", "ray:purple:long", "ready")
    choose(game, state, "slot:aquila_1")
    me = state["players"][0]
    assert me["stars"] == ["aquila_1"] and me["used_flares"] == ["star_chorus"]
    assert me["night"] == 3  # the Flare gave its boon, so no points
