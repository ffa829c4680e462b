"""003 "Privileges": scenario tests for when each privilege starts to work and what it does.

A privilege is usable "beginning with the action *after* you gain the privilege" (SL23); a
turn begins after every action before it (SL110), so a privilege gained in one turn works from
the start of the next, even when no other seat took an action in between (a solo game with
Starbots, or opponents who only saved their AP).
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight import ending

from tests.starlight.helpers import hand, ids, make_game, play, position, take_first_from_pool


def _launch_to_orion_1(game, state) -> None:
    """Seat 0, on the Lyra/Cygnus launch space, steps twice to the Orion/Draco launch and
    launches a magnitude 2 star to Orion's target slot (+1 Action Point)."""
    play(game, state, "step", "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long",
         "ready", "slot:orion_1")  # fmt: skip


def test_plus_one_ap_from_the_next_turn_in_a_solo_game_with_a_starbot() -> None:
    # 003 "+1 Action Point": "Gain one more action point (for a total of 6) at the start of
    # each subsequent turn." The Starbot's turn takes no action, yet the next turn is new.
    game = make_game(("live", "starbot"))
    state = position(game, markers={0: "launch_lyra_cygnus", 1: "cores"}, ap=3,
                     rays=hand("2 orange:long"), cores=["core_1"], starter=None)  # fmt: skip
    state["starbot_deck"], state["starbot_discard"] = ["bot_1"], []
    _launch_to_orion_1(game, state)  # the last AP: the turn ends, the Starbot plays
    p = state["players"][0]
    assert "extra_action_point" in p["privileges"]
    assert state["turn"] == 0 and p["ap"] == 6  # 5 + 1, nothing saved


def test_plus_one_ap_when_the_other_player_only_saves() -> None:
    # The other live player takes no action (003 "Can I just save all my action points?").
    game = make_game(("live", "live"))
    state = position(game, markers={0: "launch_lyra_cygnus", 1: "cores"}, ap=3,
                     rays=hand("2 orange:long"), cores=["core_1"], starter=None)  # fmt: skip
    _launch_to_orion_1(game, state)
    assert state["turn"] == 1
    state["players"][1]["marker"] = 0  # not the first turn of seat 1
    play(game, state, "end")  # seat 1 saves its 5 AP
    assert state["turn"] == 0 and state["players"][0]["ap"] == 6


def test_plus_one_ap_is_not_given_in_the_turn_it_is_gained() -> None:
    game = make_game(("live", "starbot"))
    state = position(game, markers={0: "launch_lyra_cygnus", 1: "cores"}, ap=5,
                     rays=hand("2 orange:long"), cores=["core_1"], starter=None)  # fmt: skip
    _launch_to_orion_1(game, state)
    assert state["players"][0]["ap"] == 5 - 2 - 1  # steps and launch; no AP added mid-turn


def test_refill_rays_from_the_last_turn_works_for_a_boon_before_any_action() -> None:
    # 003 "Refill Rays": it applies "when using a Flare boon to take rays"; gained last turn,
    # it is usable at the start of this one (no action taken yet by anyone).
    game = make_game(("live", "starbot"))
    state = position(game, markers={0: "launch_lyra_cygnus", 1: "cores"}, ap=0,
                     flares=["flare_stars"], privileges={"refill_rays": 0})  # fmt: skip
    state["starbot_deck"], state["starbot_discard"] = ["bot_4"], []
    play(game, state, "end")  # the Starbot's turn; seat 0's new turn begins
    assert state["turn"] == 0
    full = len(state["pools"]["long"])
    play(game, state, "boon:flare_stars")  # gain 2 long rays
    take_first_from_pool(game, state)
    assert len(state["pools"]["long"]) == full  # refilled after each ray


def test_launch_alpha_star_works_from_the_next_action_of_the_same_turn() -> None:
    # 003 "Launch Alpha Star"; usable "beginning with the action after" it is gained.
    game = make_game()
    state = position(game, markers={0: "long_rays", 1: "flares"}, ap=6,
                     rays=hand("2 orange:long", "6 red:long"), cores=["core_1"],
                     starter="starter_red")  # fmt: skip
    play(game, state, "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long",
         "ready", "slot:lyra_1")  # gains Launch Alpha Star  # fmt: skip
    state["slots"]["cygnus_1"] = 1
    # the next Launch action (a full lap away) may go to Cygnus's large slot
    state["players"][0]["ap"] = 8
    for _ in range(7):
        play(game, state, "step")
    play(game, state, "act", "core:starter_red")
    for _ in range(5):
        play(game, state, "ray:red:long")
    play(game, state, "ready")
    assert "slot:cygnus_3" in ids(game, state)


def test_laurels_bonus_is_three_per_fulfilled_laurel_only() -> None:
    # 003 "Laurels +3 Victory Points": "each of your fulfilled Laurels gains 3 more".
    game = make_game(("live", "live"))
    state = position(game)
    me, other = state["players"]
    me.update(laurels=["laurel_wide", "laurel_many"], stars=["aquila_1", "lyra_1", "orion_1"],
              privileges={"laurels_bonus": 0})  # fmt: skip
    other.update(laurels=["laurel_small"], stars=["hydrus_1"])
    ending.finish(game, state, "daybreak")
    assert me["points"]["day"]["laurels"] == 5  # Wide Heavens met, Many Stars (4) not
    assert me["points"]["day"]["laurel_bonus"] == 3
    assert other["points"]["day"]["laurels"] == other["points"]["day"]["laurel_bonus"] == 0


def test_a_privilege_already_held_is_not_recorded_again() -> None:
    # 003 "Privileges": "It is useless to acquire any privilege more than once, but it's okay
    # to launch a star to a slot that would give you a privilege you already have."
    game = make_game()
    state = position(game, markers={0: "cores", 1: "flares"}, ap=5,
                     rays=hand("2 orange:long"), cores=["core_1"], starter=None,
                     privileges={"buy_night_points": 0})  # fmt: skip
    state["actions"] = 1
    play(game, state, "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long",
         "ready", "slot:aquila_1", "done")  # fmt: skip
    p = state["players"][0]
    assert p["stars"] == ["aquila_1"] and p["privileges"] == {"buy_night_points": 0}
