"""003 "Launching Stars", "Star Plans", "Launch": scenario tests."""

from __future__ import annotations

from tests.starlight.helpers import hand, ids, make_game, play, position, take_first_from_pool


def _at_launch(game, ap=5, **player):
    """Seat 0 one step before the Aquila/Hydrus launch, holding what ``player`` says."""
    state = position(game, markers={0: "cores", 1: "flares"}, ap=ap, **player)
    play(game, state, "step", "act")
    return state


def test_only_rays_of_the_core_colours_and_sizes_may_be_attached() -> None:
    # 003 "Color Schemes" / "Ray Patterns": core_1 is orange/green/purple/yellow, long only.
    game = make_game()
    rays = hand("2 orange:long", "red:long", "green:short", "yellow:long")
    state = _at_launch(game, rays=rays, cores=["core_1"], starter=None)
    play(game, state, "core:core_1")
    assert [o for o in ids(game, state) if o.startswith("ray:")] == [
        "ray:orange:long", "ray:yellow:long"]  # fmt: skip
    play(game, state, "ray:orange:long")
    assert "ready" not in ids(game, state)  # one ray is not a star
    play(game, state, "ray:yellow:long")
    assert "ready" in ids(game, state)


def test_equal_sizes_with_an_odd_count_comes_as_close_as_possible() -> None:
    # 003 "Ray Patterns": 3 long and 2 short is a complete "equal sizes" star.
    game = make_game()
    rays = hand("3 blue:long", "2 green:short")
    state = position(game, markers={0: "launch_lyra_cygnus"}, rays=rays, cores=["core_3"],
                     starter=None)  # fmt: skip
    from whitedwarf.interpreter.starlight import stars

    plan = stars.plan_of(game, "core_3")
    assert stars.is_complete(plan, hand("3 blue:long", "2 green:short"))
    assert stars.is_complete(plan, hand("2 blue:long", "2 green:short"))
    assert not stars.is_complete(plan, hand("3 blue:long", "1 green:short"))
    assert not stars.is_complete(plan, hand("3 blue:long"))
    assert state["players"][0]["cores"] == ["core_3"]


def test_the_starter_core_counts_its_printed_ray_and_takes_any_size() -> None:
    # 003 "Your Starter Core": one fewer ray; any sizes.
    game = make_game()
    state = _at_launch(game, rays=hand("blue:short"), cores=[], starter="starter_red")
    play(game, state, "core:starter_red", "ray:blue:short")
    assert "ready" in ids(game, state)  # printed red long + blue short: magnitude 2
    play(game, state, "ready")
    assert state["action"]["magnitude"] == 2


def test_magnitude_decides_the_slot_size_and_the_target_icon_starts_a_constellation() -> None:
    # 003 "Slot Sizes and Magnitudes" and "Choosing a Destination Slot".
    game = make_game()
    state = _at_launch(game, rays=hand("2 orange:long"), cores=["core_1"], starter=None)
    play(game, state, "core:core_1", "ray:orange:long", "ray:orange:long", "ready")
    # Aquila and Hydrus are empty: only small slots with the target icon.
    assert [o for o in ids(game, state) if o.startswith("slot:")] == [
        "slot:aquila_1",
        "slot:hydrus_1",
    ]


def test_a_slot_must_be_linked_to_a_filled_slot() -> None:
    game = make_game()
    state = _at_launch(game, rays=hand("4 orange:long"), cores=["core_1"], starter=None)
    state["slots"]["hydrus_1"] = 1
    play(game, state, "core:core_1")
    for _ in range(4):
        play(game, state, "ray:orange:long")
    play(game, state, "ready")
    # magnitude 4: Aquila's medium slot is not linked to a star; Hydrus's is.
    assert [o for o in ids(game, state) if o.startswith("slot:")] == ["slot:hydrus_3"]


def test_large_slots_need_the_launch_alpha_star_privilege() -> None:
    game = make_game()
    rays = hand("6 orange:long")
    state = _at_launch(game, rays=rays, cores=["core_1"], starter=None)
    state["slots"]["hydrus_3"] = 1
    state["slots"]["hydrus_1"] = 1
    play(game, state, "core:core_1")
    for _ in range(3):
        play(game, state, "ray:orange:long")
    # without the privilege the large slot (magnitude 6-7) is out of reach: no 4th ray
    assert "ray:orange:long" not in ids(game, state)
    state2 = _at_launch(game, rays=rays, cores=["core_1"], starter=None,
                        privileges={"launch_alpha_star": 0})  # fmt: skip
    state2["actions"] += 1
    state2["slots"].update(hydrus_1=1, hydrus_3=1)
    play(game, state2, "core:core_1")
    for _ in range(6):
        play(game, state2, "ray:orange:long")
    play(game, state2, "ready")
    assert "slot:hydrus_4" in ids(game, state2)


def test_the_nine_steps_of_a_launch() -> None:
    # 003 "Launching a Star, step by step".
    game = make_game()
    rays = hand("2 orange:long", "green:short")
    state = _at_launch(game, ap=5, rays=rays, cores=["core_1"], starter=None)
    p = state["players"][0]
    bag = len(state["bags"]["long"])
    play(game, state, "core:core_1", "ray:orange:long", "ray:orange:long", "ready", "slot:aquila_1")
    assert p["ap"] == 5 - 1 - 1  # the step and the launch (no surcharge: nobody there)
    assert state["slots"]["aquila_1"] == 0 and p["stars"] == ["aquila_1"]
    assert p["night"] == 3 and p["points"]["night"]["slot"] == 3
    assert p["privileges"] == {"buy_night_points": state["actions"]}
    assert p["magnitudes"] == [2] and p["aspects"] == ["cornucopia"]
    assert p["cores"] == [] and "core_1" in state["core_discard"]
    assert p["rays"] == ["green:short"] and len(state["bags"]["long"]) == bag + 2
    assert state["action"] is None and "act" not in ids(game, state)  # once per action


def test_the_surcharge_is_paid_on_a_launch_space() -> None:
    game = make_game()
    state = position(game, markers={0: "cores", 1: "launch_aquila_hydrus"}, ap=5,
                     rays=hand("2 orange:long"), cores=["core_1"], starter=None)  # fmt: skip
    play(game, state, "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long", "ready",
         "slot:aquila_1")  # fmt: skip
    assert state["players"][0]["ap"] == 5 - 1 - 1 - 1


def test_buying_night_points_costs_two_ap_each_with_the_privilege() -> None:
    # 003 "Buy Night Points on Launch".
    game = make_game()
    state = _at_launch(game, ap=8, rays=hand("2 orange:long"), cores=["core_1"], starter=None,
                       privileges={"buy_night_points": 0})  # fmt: skip
    play(game, state, "core:core_1", "ray:orange:long", "ray:orange:long", "ready", "slot:hydrus_1")
    p = state["players"][0]
    assert ids(game, state) == ["buy", "done"]
    play(game, state, "buy", "buy", "done")
    assert p["ap"] == 8 - 1 - 1 - 4 and p["points"]["night"]["bought"] == 2
    assert p["night"] == 4 + 2


def test_a_privilege_gained_by_this_launch_cannot_be_used_in_it() -> None:
    game = make_game()
    state = _at_launch(game, ap=8, rays=hand("2 orange:long"), cores=["core_1"], starter=None)
    play(game, state, "core:core_1", "ray:orange:long", "ray:orange:long", "ready", "slot:aquila_1")
    assert state["action"] is None  # no buying: Buy Night Points was gained by this launch
    assert state["players"][0]["night"] == 3


def test_a_flare_attached_scores_its_blue_box_including_this_star() -> None:
    # 003 "Flares": "Include the star you are launching now in your calculation."
    game = make_game()
    state = _at_launch(game, rays=hand("2 orange:long"), cores=["core_1"], starter=None,
                       flares=["flare_stars"], stars=["lyra_1"])  # fmt: skip
    state["slots"]["lyra_1"] = 0
    play(game, state, "core:core_1", "ray:orange:long", "ray:orange:long", "ready", "slot:hydrus_1")
    assert ids(game, state) == ["flare:flare_stars", "no_flare"]
    play(game, state, "flare:flare_stars")
    p = state["players"][0]
    assert p["points"]["night"]["flare"] == 2  # lyra_1 and the star launched now
    assert p["flares"] == [] and p["used_flares"] == ["flare_stars"]


def test_a_flare_is_used_for_points_or_its_boon_never_both() -> None:
    game = make_game()
    state = position(game, ap=5, flares=["flare_stars"])
    assert "boon:flare_stars" in ids(game, state)
    long_before = len(state["players"][0]["rays"])
    play(game, state, "boon:flare_stars")
    take_first_from_pool(game, state)  # the boon's rays are the player's pick (SL12)
    p = state["players"][0]
    assert len(p["rays"]) == long_before + 2 and p["used_flares"] == ["flare_stars"]
    assert "boon:flare_stars" not in ids(game, state)


def test_a_boon_with_a_cost_asks_its_owner() -> None:
    game = make_game()
    state = position(game, ap=5, flares=["flare_trade"])
    play(game, state, "boon:flare_trade")
    assert ids(game, state) == ["yes", "no"]
    play(game, state, "yes")
    take_first_from_pool(game, state)
    p = state["players"][0]
    assert p["ap"] == 4 and sum(r.endswith(":short") for r in p["rays"]) >= 3


def test_launch_is_not_offered_without_a_possible_star() -> None:
    game = make_game()
    state = position(game, markers={0: "cores"}, ap=5, rays=[], cores=["core_1"], starter=None)
    play(game, state, "step")
    assert "act" not in ids(game, state)


def test_every_clause_of_a_flare_box_runs_in_order() -> None:
    game = make_game()
    state = _at_launch(game, rays=hand("2 orange:long"), cores=["core_1"], starter=None,
                       flares=["flare_double"])  # fmt: skip
    play(game, state, "core:core_1", "ray:orange:long", "ray:orange:long", "ready", "slot:hydrus_1")
    play(game, state, "flare:flare_double")
    assert state["players"][0]["points"]["night"]["flare"] == 1 + 2
    state = position(game, ap=5, flares=["flare_double"], rays=[])
    play(game, state, "boon:flare_double")
    take_first_from_pool(game, state)
    assert sorted(r.partition(":")[2] for r in state["players"][0]["rays"]) == ["long", "short"]
