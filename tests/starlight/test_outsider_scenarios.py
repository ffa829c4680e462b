"""Starlight rules as an outsider checks them: each scenario written from 003 with only the
helpers docs/scenarios.md shows, and the helpers' refusals of positions 003 does not allow
(docs/rules-decisions.md SL179, SL180).

rules6's corners (tests/starlight/test_rulebook_corners.py) are not repeated here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from whitedwarf.interpreter.starlight.scenario import (
    ScenarioError,
    blank,
    box_whole,
    choose,
    give,
    keep,
    new_game,
    options,
    put_accolade,
    put_marker,
    put_star,
    rig_draws,
    turn,
)

THREE_YELLOW = ["ray:yellow:long"] * 3


def _to_the_end(game: Any, state: Any) -> dict[str, Any]:
    """Every seat ends its turns (a last turn without a completed star is skipped)."""
    while state["result"] is None:
        found = options(game, state)
        choose(game, state, "end" if "end" in found else found[-1])
    result: dict[str, Any] = state["result"]
    return result


def _daybreak_by_seat_1(game: Any, state: Any, night: int, slot: str = "hydrus_2") -> None:
    """Seat 1 launches a magnitude 3 star from Gain Cores into ``slot`` and reaches 65+."""
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 3)
    state["players"][1]["night"] = night
    game.edited(state)
    turn(game, state, 1)
    choose(game, state, "step", "act", "core:achernar", *THREE_YELLOW, "ready", f"slot:{slot}")
    choose(game, state, "end")


# --- the end of the game ---------------------------------------------------------------------


def test_003_daybreak_finishes_the_round_then_one_more_then_scores() -> None:
    """003 "End of Game": at 65 "finish that round and play one more complete round ... then
    perform final scoring"; "Your Last Turn": without a completed star the turn is forfeit."""
    game = new_game(seats=("live", "live", "live"))
    state = blank(game)
    for seat in range(3):
        put_marker(game, state, seat, "gain_cores")
    give(game, state, 0, cores=["adhara"], rays=["yellow:long"] * 3)  # a completed star
    _daybreak_by_seat_1(game, state, 62, slot="aquila_1")
    assert state["players"][1]["night"] == 65
    assert (state["daybreak"], state["last_round"]) == (1, 2)
    assert (state["round"], state["turn"]) == (1, 2)  # round 1 goes on: seat 2's turn
    choose(game, state, "end")
    assert (state["round"], state["turn"]) == (2, 0) and state["turn_state"]["last"]
    assert options(game, state) == ["step", "final", "end"]
    choose(game, state, "final", "core:adhara", *THREE_YELLOW, "ready")
    slots = [o for o in options(game, state) if o.startswith("slot:")]
    assert {"slot:lyra_1", "slot:orion_1", "slot:hydrus_1"} <= set(slots)  # any constellation
    choose(game, state, "slot:lyra_1")
    result = state["result"]  # seats 1 and 2 hold no star: forfeit, and the game is scored
    assert result["reason"] == "daybreak"
    assert result["night"] == [game.content.slots["lyra_1"].night_points, 65, 0]
    assert state["players"][0]["stars"] == ["lyra_1"]
    box_whole(game, state)  # and the box stays whole


def test_003_ties_go_to_more_stars_then_more_constellations_then_are_shared() -> None:
    """003 "Scoring": "If there is a tie, the winner is the tied player who has launched the
    most stars. If there is still a tie, ... stars in the most constellations. And if there is
    still a tie, the tied players rejoice in a shared victory"."""
    expected = {
        ("lyra_1", "orion_1"): ([0], "constellations"),
        ("lyra_1", "lyra_2"): ([0, 1], "shared"),
        ("lyra_1",): ([1], "stars"),
    }
    for stars, (winners, tiebreak) in expected.items():
        game = new_game(seats=("live", "live"))
        state = blank(game)
        for seat in range(2):
            put_marker(game, state, seat, "gain_cores")
        for slot in stars:
            put_star(game, state, 0, slot)
        put_star(game, state, 1, "hydrus_1")
        state["players"][0]["night"] = 65
        game.edited(state)
        _daybreak_by_seat_1(game, state, 58)  # hydrus_2: 7 night points, 65
        result = _to_the_end(game, state)
        assert result["points"] == [65, 65]
        assert (result["winners"], result["tiebreak"]) == (winners, tiebreak), stars


def test_003_day_points_alpha_star_laurels_their_bonus_and_an_accolade() -> None:
    """003 "Scoring": 5 day points an alpha star; fulfilled Laurels; Laurels +3 VP adds 3 a
    fulfilled Laurel; Accolades' day points. An unmet Laurel scores nothing."""
    game = new_game(seats=("live", "live"))
    state = blank(game)
    for seat in range(2):
        put_marker(game, state, seat, "gain_cores")
    for slot in ("aquila_1", "aquila_2", "aquila_5", "hydrus_1", "lyra_1", "cygnus_1"):
        put_star(game, state, 0, slot)
    assert state["accolades"][0]["owner"] == 0  # First Alpha: claimed by the alpha's launch
    keep(game, state, 0, laurels=["four_constellations", "far_traveller"])  # 5 met, 7 not
    give(game, state, 0, privileges=["laurels_bonus"])
    _daybreak_by_seat_1(game, state, 58)
    result = _to_the_end(game, state)
    assert result["day"][0] == 5 + (5 + 3) + 4
    box_whole(game, state)  # and the box stays whole


def test_003_gods_tyr_launches_an_alpha_without_the_privilege_for_3_day_points() -> None:
    """003 "The Gods": a god's powers "take precedence over the standard rules": Tyr "can
    launch alpha stars" with "-2 day points per alpha star"."""
    game = new_game(seats=("live", "live"), gods=True)
    state = blank(game)
    keep(game, state, 0, god="tyr")
    for slot in ("lyra_1", "lyra_3", "lyra_4"):
        put_star(game, state, 1, slot)
    put_marker(game, state, 0, "gain_long_rays")
    put_marker(game, state, 1, "gain_cores")
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 6)
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:achernar", *["ray:yellow:long"] * 6, "ready")
    assert options(game, state) == ["slot:lyra_5", "cancel"]
    choose(game, state, "slot:lyra_5", "end")
    assert state["players"][0]["stars"] == ["lyra_5"]
    _daybreak_by_seat_1(game, state, 58, slot="aquila_1")
    result = _to_the_end(game, state)
    assert result["day"][0] == 5 - 2 + 4  # and First Alpha's 4, claimed by that launch
    box_whole(game, state)  # and the box stays whole


def test_003_gods_hermod_launches_to_any_constellation_for_one_more_ap() -> None:
    """Hermod: "You can launch to any constellation. You have +1 AP to launch"."""
    game = new_game(seats=("live", "live"), gods=True)
    state = blank(game)
    keep(game, state, 1, god="hermod")
    put_star(game, state, 0, "lyra_1")
    put_marker(game, state, 1, "gain_cores")
    put_marker(game, state, 0, "gain_flares")
    give(game, state, 1, cores=["adhara"], rays=["yellow:long"] * 3)
    turn(game, state, 1)
    choose(game, state, "step", "act", "core:adhara", *THREE_YELLOW, "ready")
    slots = [o for o in options(game, state) if o.startswith("slot:")]
    assert {"slot:aquila_1", "slot:lyra_2", "slot:orion_1"} <= set(slots)
    choose(game, state, "slot:lyra_2")
    assert state["players"][1]["ap"] == 5 - 1 - 2  # the step, and 1 + 1 to launch
    box_whole(game, state)  # and the box stays whole


def test_003_gods_mammon_saves_eight_helion_none() -> None:
    """003 "Action Points": "You may save up to 5"; Mammon "+3 AP you may save", Helion "-5"."""
    game = new_game(seats=("live", "live"), gods=True)
    state = blank(game)
    keep(game, state, 0, god="mammon")
    keep(game, state, 1, god="helion")
    for seat in range(2):
        put_marker(game, state, seat, "gain_cores")
    turn(game, state, 0, ap=9)
    choose(game, state, "end")
    assert state["players"][0]["saved"] == 8
    turn(game, state, 1, ap=4)
    choose(game, state, "end")
    assert state["players"][1]["saved"] == 0
    box_whole(game, state)  # and the box stays whole


# --- privileges, flares, pools ---------------------------------------------------------------


def test_003_buy_night_points_not_in_the_action_that_records_it_then_2_ap_each() -> None:
    """003 "Buy Night Points on Launch": "spend 2 [AP] to purchase 1 night point, as many times
    as you like ... You may not use this privilege in the same action in which you acquire
    it"."""
    game = new_game(seats=("live", "live"))
    state = blank(game)
    put_star(game, state, 1, "draco_1")
    put_marker(game, state, 0, "gain_long_rays")
    put_marker(game, state, 1, "gain_cores")
    give(game, state, 0, cores=["achernar", "adhara"], rays=["yellow:long"] * 6)
    turn(game, state, 0, ap=10)
    choose(game, state, "step", "act", "core:achernar", *THREE_YELLOW, "ready", "slot:draco_2")
    assert "buy_night_points" in state["players"][0]["privileges"]
    assert "buy" not in options(game, state)
    choose(game, state, "end", "end")
    put_marker(game, state, 0, "gain_long_rays")
    turn(game, state, 0, ap=10)
    choose(game, state, "step", "act", "core:adhara", *THREE_YELLOW, "ready", "slot:draco_3")
    assert options(game, state) == ["buy", "done"]
    night = state["players"][0]["night"]
    assert state["players"][0]["ap"] == 10 - 1 - 1  # the step and the launch
    choose(game, state, "buy", "buy", "buy", "buy")  # a night point for 2 AP each time
    assert state["players"][0]["night"] == night + 4 and state["players"][0]["ap"] == 0
    box_whole(game, state)  # and the box stays whole


def test_003_one_flare_attached_counts_the_star_launched_now_then_lies_face_down() -> None:
    """003 "Flares": "you may attach one Flare to your star ... Include the star you are
    launching now in your calculation"; "After using any Flare ... turn it face down"."""
    game = new_game(seats=("live", "live"))
    state = blank(game)
    put_star(game, state, 0, "aquila_1")
    put_marker(game, state, 0, "gain_cores")
    put_marker(game, state, 1, "gain_cores")
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 3)
    give(game, state, 0, flares=["star_chorus", "small_wonder"])
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:achernar", *THREE_YELLOW, "ready", "slot:hydrus_1")
    assert options(game, state) == ["flare:star_chorus", "flare:small_wonder", "no_flare"]
    choose(game, state, "flare:star_chorus")  # "the number of your stars": 2 with this one
    me = state["players"][0]
    assert me["night"] == 4 + 2
    assert me["flares"] == ["small_wonder"] and me["used_flares"] == ["star_chorus"]
    assert "flare:small_wonder" not in options(game, state)  # one Flare a launch
    box_whole(game, state)  # and the box stays whole


def test_003_plus_one_ap_from_the_next_turn_on() -> None:
    """003 "+1 Action Point": "Gain one more action point (for a total of 6) at the start of
    each subsequent turn"."""
    game = new_game(seats=("live", "live"))
    state = blank(game)
    put_star(game, state, 1, "aquila_1")
    put_marker(game, state, 0, "gain_cores")
    put_marker(game, state, 1, "gain_flares")
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 3)
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:achernar", *THREE_YELLOW, "ready", "slot:aquila_3")
    assert "extra_action_point" in state["players"][0]["privileges"]
    assert state["players"][0]["ap"] == 3  # no AP this turn
    choose(game, state, "end", "end")
    assert state["players"][0]["ap"] == 6 + 3  # six a turn, and the 3 saved


def test_003_four_cores_at_most_and_gaea_holds_five() -> None:
    """003 "Gain Cores": "You may keep at most 4 Cores at a time"; Gaea "+1 cores you may
    hold"."""
    game = new_game(seats=("live", "live"), gods=True)
    state = blank(game)
    keep(game, state, 1, god="gaea")
    put_marker(game, state, 0, "gain_short_rays")
    put_marker(game, state, 1, "gain_short_rays")
    give(game, state, 0, cores=["achernar", "adhara", "algol"])
    give(game, state, 1, cores=["alhena", "antares", "altair", "mirach"])
    turn(game, state, 0)
    choose(game, state, "step", "act", f"core:{state['pools']['cores'][0]}")
    assert not any(o.startswith("core:") for o in options(game, state))
    choose(game, state, "done", "end")
    turn(game, state, 1)
    choose(game, state, "step", "act")
    assert any(o.startswith("core:") for o in options(game, state))
    box_whole(game, state)  # and the box stays whole


def test_003_the_surcharge_is_one_ap_however_many_markers_are_there() -> None:
    """003 "Action Points": "Pay only 1 extra even if there are multiple other markers"."""
    game = new_game(seats=("live", "live", "live"))
    state = blank(game)
    put_marker(game, state, 1, "gain_long_rays")
    put_marker(game, state, 2, "gain_long_rays")
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    assert state["players"][0]["ap"] == 5 - 1 - 1
    box_whole(game, state)  # and the box stays whole


# --- accolades and Starbots -------------------------------------------------------------------


def test_003_a_starbots_fifth_marker_wins_and_a_claimed_accolade_takes_none() -> None:
    """003 "Starbot Play": "If a Starbot accumulates 5 of its own markers on an Accolade, it
    immediately wins that Accolade"; "If the Accolade is no longer in play because some player
    ... has already won it, do not place a marker"."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    put_accolade(game, state, "sky_walker", marks={1: 4})
    for slot in ("aquila_1", "hydrus_1", "lyra_1", "cygnus_1", "orion_1"):
        put_star(game, state, 0, slot)  # five constellations: many_aspects is not met
    assert state["accolades"][1]["owner"] == 0  # seat 0 met Sky Walker first
    rig_draws(game, state, starbots=["starbot_02"])  # accolade place 2: Sky Walker
    choose(game, state, "place:0", "done")
    assert state["accolades"][1] == {"id": "sky_walker", "owner": 0, "marks": {"1": 4}}
    assert state["players"][1]["night"] == 3
    box_whole(game, state)  # and the box stays whole


def test_003_an_accolade_owner_must_meet_its_goal_markers_are_a_starbots() -> None:
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    with pytest.raises(ScenarioError, match="seat 0 does not meet the goal of first_alpha"):
        put_accolade(game, state, "first_alpha", owner=0)
    with pytest.raises(ScenarioError, match="only Starbots put markers"):
        put_accolade(game, state, "first_alpha", marks={0: 1})
    with pytest.raises(ScenarioError, match="1 to 4"):
        put_accolade(game, state, "first_alpha", marks={1: 5})
    with pytest.raises(ScenarioError, match="the accolades: first_alpha, sky_walker"):
        put_accolade(game, state, "first_light", owner=1)
    put_accolade(game, state, "first_alpha", owner=1)
    assert state["accolades"][0] == {"id": "first_alpha", "owner": 1, "marks": {"1": 5}}
    with pytest.raises(ScenarioError, match="claimed by seat 1 already"):
        put_accolade(game, state, "first_alpha", owner=1)


# --- the helpers refuse without moving anything ------------------------------------------------


def _box(state: Any) -> tuple[object, ...]:
    """Where every Core, Flare and ray is: the box is whole when these add up as before."""
    players = state["players"]
    cores = sorted(
        [*state["core_deck"], *state["core_discard"], *state["pools"]["cores"]]
        + [c for p in players for c in p["cores"]]
    )
    flares = sorted(
        [*state["flare_deck"], *state["pools"]["flares"]]
        + [f for p in players for f in p["flares"]]
    )
    rays = sorted(
        [
            *state["bags"]["long"],
            *state["bags"]["short"],
            *state["pools"]["long"],
            *state["pools"]["short"],
        ]
        + [r for p in players for r in p["rays"]]
    )
    held = [(list(p["rays"]), list(p["cores"]), list(p["laurels"]), p["god"]) for p in players]
    return cores, flares, rays, held


REFUSED: list[tuple[str, Callable[[Any, Any], object], str]] = [
    ("five Cores", lambda g, s: give(g, s, 0, cores=s["core_deck"][:5]), "more than 4 Cores"),
    (
        "a ray the bag lacks, after one it has",
        lambda g, s: give(g, s, 0, rays=["red:long", "pink:long"]),
        "holds no pink:long",
    ),
    (
        "a Flare held",
        lambda g, s: give(g, s, 0, rays=["red:long"], flares=[s["pools"]["flares"][0]]),
        "not in the Flare deck",
    ),
    (
        "an unknown privilege after rays",
        lambda g, s: give(g, s, 0, rays=["red:long"], privileges=["laurels_plus_3"]),
        "laurels_bonus",
    ),
    (
        "the options of a seat that is not there",
        lambda g, s: options(g, s, 9),
        "no seat 9 in a 2-seat game",
    ),
    ("a god where the game deals none", lambda g, s: keep(g, s, 0, god="tyr"), "deals no gods"),
    (
        "a laurel twice, after one",
        lambda g, s: keep(g, s, 0, laurels=["whole_sky", "far_traveller", "far_traveller"]),
        "seat 0 holds the laurel far_traveller already",
    ),
    (
        "an option the seat lacks",
        lambda g, s: choose(g, s, "place:0", "core:nowhere"),
        "its options: core:",
    ),
]


@pytest.mark.parametrize(
    ("edit", "said"), [(e, s) for _, e, s in REFUSED], ids=[n for n, _, _ in REFUSED]
)
def test_a_refused_helper_moves_nothing_and_names_the_fault(
    edit: Callable[[Any, Any], object], said: str
) -> None:
    game = new_game(seats=("live", "live"))
    state = blank(game)
    before = _box(state)
    with pytest.raises(ScenarioError, match=said):
        edit(game, state)
    if "options" not in said:  # choose applied place:0 before the refusal
        assert _box(state) == before


def test_box_whole_names_a_hand_edit_that_forgot_the_bag() -> None:
    """docs/scenarios.md "Checks worth adding": an edit by hand must keep the box whole."""
    game = new_game(seats=("live", "live"))
    state = blank(game)
    box_whole(game, state)
    state["players"][0]["rays"].append("red:long")  # by hand, not out of the long bag
    state["players"][1]["ap"] = -1
    with pytest.raises(ScenarioError) as refused:
        box_whole(game, state)
    assert str(refused.value) == (
        "the box is not whole: rays: {'red:long': 1} too many, none missing; seat 1's ap below 0"
    )
