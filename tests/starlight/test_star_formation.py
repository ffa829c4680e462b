"""003 "Launching Stars", "Slot Sizes and Magnitudes", "Choosing a Destination Slot": the
edges of star formation a rulebook reader tries (mini pack: tests/fixtures/starlight-mini).
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight import stars

from tests.starlight.helpers import hand, ids, make_game, play, position


def _slots(game, state) -> list[str]:
    return [o.removeprefix("slot:") for o in ids(game, state) if o.startswith("slot:")]


def _launch_from(game, state, core: str, *rays: str) -> None:
    """Step onto the launch space ahead, take the action and build the star."""
    play(game, state, "step", "act", f"core:{core}", *(f"ray:{r}" for r in rays), "ready")


def test_a_star_has_two_to_seven_rays() -> None:
    # 003 "Launching Stars": "one Core card, and from 2 to 7 rays".
    game = make_game()
    plan = stars.plan_of(game, "core_1")
    assert not stars.is_complete(plan, hand("orange:long"))
    assert stars.is_complete(plan, hand("2 orange:long"))
    assert stars.is_complete(plan, hand("7 orange:long"))
    assert not stars.is_complete(plan, hand("8 orange:long"))
    starter = stars.plan_of(game, "starter_red")  # its printed ray counts: 1 + 6 at most
    assert stars.is_complete(starter, hand("blue:short"))
    assert not stars.is_complete(starter, hand("7 blue:short"))


def test_no_eighth_ray_is_offered() -> None:
    game = make_game()
    state = position(game, markers={0: "cores", 1: "flares"}, rays=hand("8 orange:long"),
                     cores=["core_1"], starter=None,
                     privileges={"launch_alpha_star": 0})  # fmt: skip
    state["actions"] = 1
    state["slots"].update(hydrus_1=1, hydrus_3=1)  # hydrus_4 (large) is open
    play(game, state, "step", "act", "core:core_1")
    for _ in range(7):
        play(game, state, "ray:orange:long")
    assert "ray:orange:long" not in ids(game, state) and "ready" in ids(game, state)


def test_a_short_only_plan_refuses_long_rays_of_its_colours() -> None:
    # 003 "Ray Patterns": "Only rays of the specified sizes can be used."
    game = make_game()
    plan = stars.plan_of(game, "core_2")  # red/yellow/blue/orange, short only
    assert stars.is_complete(plan, hand("red:short", "blue:short"))
    assert not stars.is_complete(plan, hand("red:short", "blue:long"))
    assert not stars.is_complete(plan, hand("green:short", "red:short"))  # colour off the plan


def test_each_magnitude_goes_to_its_own_slot_size() -> None:
    # 003 "Slot Sizes and Magnitudes": small 2-3, medium 4-5, large 6-7.
    game = make_game()
    for count, size in ((2, "small"), (3, "small"), (4, "medium"), (5, "medium")):
        state = position(game, markers={0: "cores", 1: "flares"}, cores=["core_1"],
                         starter=None, rays=hand(f"{count} orange:long"))  # fmt: skip
        state["slots"]["hydrus_1"] = 1  # hydrus_2 (small) and hydrus_3 (medium) are open
        _launch_from(game, state, "core_1", *["orange:long"] * count)
        assert {game.content.slots[s].size for s in _slots(game, state)} == {size}, count


def test_a_second_target_is_not_open_once_its_constellation_has_a_star() -> None:
    # 003 "Choosing a Destination Slot": the target icon only in an empty constellation;
    # "Otherwise you must choose a slot that is directly connected with a filled slot".
    # Draco has two small/medium targets, draco_1 and draco_2, linked only to draco_3.
    game = make_game()
    state = position(game, markers={0: "flares", 1: "cores"}, cores=["core_1"], starter=None,
                     rays=hand("2 orange:long"))  # fmt: skip
    _launch_from(game, state, "core_1", "orange:long", "orange:long")
    assert "draco_2" in _slots(game, state)
    state = position(game, markers={0: "flares", 1: "cores"}, cores=["core_1"], starter=None,
                     rays=hand("2 orange:long"))  # fmt: skip
    state["slots"]["draco_1"] = 1
    _launch_from(game, state, "core_1", "orange:long", "orange:long")
    assert "draco_2" not in _slots(game, state)


def test_a_filled_slot_is_never_offered() -> None:
    # 003 "Choosing a Destination Slot": "Your destination slot must be empty".
    game = make_game()
    state = position(game, markers={0: "cores", 1: "flares"}, cores=["core_1"], starter=None,
                     rays=hand("2 orange:long"))  # fmt: skip
    state["slots"].update(hydrus_1=1, hydrus_2=1, aquila_1=1)
    play(game, state, "step")
    assert "act" not in ids(game, state)  # no small slot open in Aquila or Hydrus


def test_a_launch_reaches_only_the_two_constellations_of_its_space() -> None:
    # 003 "Launch": "one star to a destination slot in either of the two constellations
    # shown on the Launch action space".
    game = make_game()
    state = position(game, markers={0: "cores", 1: "flares"}, cores=["core_1"], starter=None,
                     rays=hand("2 orange:long"))  # fmt: skip
    _launch_from(game, state, "core_1", "orange:long", "orange:long")
    assert {game.content.slots[s].constellation for s in _slots(game, state)} == {
        "aquila", "hydrus"}  # fmt: skip


def test_launching_returns_the_rays_and_discards_the_core() -> None:
    # 003 launch step 9: "Discard your Core and return your star's rays to their appropriate
    # grab bags (do not mix long and short rays in the same bag)".
    game = make_game()
    state = position(game, markers={0: "launch_lyra_cygnus", 1: "flares"}, cores=["core_3"],
                     starter=None, rays=hand("2 blue:long", "2 green:short"), ap=8)  # fmt: skip
    longs, shorts = len(state["bags"]["long"]), len(state["bags"]["short"])
    play(game, state, "step", "step", "step", "step", "step", "step", "step")  # a full lap
    play(game, state, "act", "core:core_3", "ray:blue:long", "ray:blue:long", "ray:green:short",
         "ray:green:short", "ready", "slot:cygnus_1")  # fmt: skip
    assert len(state["bags"]["long"]) == longs + 2 and len(state["bags"]["short"]) == shorts + 2
    assert "core_3" in state["core_discard"] and state["players"][0]["rays"] == []


def test_the_open_slots_follow_the_sky_on_the_same_game() -> None:
    # stars.open_slots keeps each constellation's answer by who holds its slots: one game
    # asked of a sky, then of that sky with a star in Draco, then of another state's empty
    # sky, answers each as 003 "Choosing a Destination Slot" says.
    game = make_game()
    state = position(game)
    empty = stars.open_slots(game, state, ["draco"])
    assert {"draco_1", "draco_2"} <= set(empty)
    assert all(game.content.slots[s].target for s in empty)
    state["slots"]["draco_1"] = 1
    linked = stars.open_slots(game, state, ["draco"])
    assert "draco_2" not in linked and "draco_3" in linked and "draco_1" not in linked
    assert stars.open_slots(game, position(game, seed=2), ["draco"]) == empty
