"""Flare boons that take rays or cores: the player picks which (SL12), and a boon may be used
while a star is being built (SL13).

003 "Flares": "To use a Flare's boon, take the benefit shown in the green box ... You may use
any number of Flares in this way, during, before, or after any appropriate action."
003 "Refill Rays": the privilege applies "when using a Flare boon to take rays".
"""

from __future__ import annotations

from typing import Any

from tests.starlight.helpers import ids, make_game, play, position


def set_pool(state: dict[str, Any], size: str, rays: list[str]) -> None:
    """Lay ``rays`` out as the ``size`` pool, trading with the bag (the supply is conserved)."""
    bag, pool = state["bags"][size], state["pools"][size]
    bag.extend(pool)
    pool.clear()
    for ray in rays:
        bag.remove(ray)
        pool.append(ray)


def test_a_boons_rays_are_the_players_pick_from_the_pool() -> None:
    game = make_game()
    state = position(game, ap=5, flares=["flare_stars"], rays=[])  # boon: gain 2 long_rays
    set_pool(state, "long", ["red:long", "yellow:long", "red:long", "blue:long"])
    play(game, state, "boon:flare_stars")
    assert ids(game, state) == ["ray:blue:long", "ray:red:long", "ray:yellow:long"]
    play(game, state, "ray:yellow:long")
    assert ids(game, state) == ["ray:blue:long", "ray:red:long"]
    play(game, state, "ray:blue:long")
    p = state["players"][0]
    assert sorted(p["rays"]) == ["blue:long", "yellow:long"]
    # 003 "When do pools refill?": only at the end of the turn.
    assert state["pools"]["long"] == ["red:long", "red:long"] and state["frames"] == []


def test_a_pool_of_one_kind_gives_without_asking() -> None:
    game = make_game()
    state = position(game, ap=5, flares=["flare_magnitude"], rays=[])  # gain 2 short_rays
    supply = state["bags"]["short"] + state["pools"]["short"]
    ray = max(sorted(set(supply)), key=supply.count)  # a kind with two or more left
    set_pool(state, "short", [ray, ray])
    play(game, state, "boon:flare_magnitude")
    assert state["frames"] == [] and state["players"][0]["rays"] == [ray, ray]


def test_with_refill_rays_the_pool_refills_after_each_pick() -> None:
    game = make_game()
    state = position(game, ap=5, flares=["flare_stars"], rays=[])
    state["actions"] = 5
    state["players"][0]["privileges"] = {"refill_rays": 1}
    set_pool(state, "long", ["red:long", "yellow:long", "red:long", "blue:long"])
    play(game, state, "boon:flare_stars", "ray:yellow:long")
    assert len(state["pools"]["long"]) == 4  # refilled at once (003 "Refill Rays")


def test_a_boons_core_is_the_players_pick_within_the_cores_one_may_hold() -> None:
    # 003 "Gain Cores": "You may keep at most 4 Cores at a time".
    game = make_game()
    state = position(game, ap=5, flares=["flare_skies"], cores=[])  # boon: gain 1 core
    pool = list(state["pools"]["cores"])
    play(game, state, "boon:flare_skies")
    assert ids(game, state) == [f"core:{c}" for c in sorted(pool)]
    play(game, state, f"core:{pool[-1]}")
    assert state["players"][0]["cores"] == [pool[-1]]
    full = position(game, ap=5, flares=["flare_skies"], cores=pool[:3])  # with the starter: 4
    play(game, full, "boon:flare_skies")
    assert full["frames"] == [] and full["players"][0]["cores"] == pool[:3]


def test_a_boon_used_while_building_a_star_gives_a_ray_for_it() -> None:
    # core_1 takes orange, green, purple and yellow long rays (mini pack). Two orange rays
    # make a magnitude 2 star; the boon's yellow ray, taken mid-launch, makes it 3.
    game = make_game()
    state = position(game, markers={0: "cores", 1: "flares"}, ap=5, cores=["core_1"],
                     starter=None, rays=["orange:long", "orange:long"],
                     flares=["flare_stars"])  # fmt: skip
    set_pool(state, "long", ["yellow:long", "red:long", "red:long", "blue:long"])
    play(game, state, "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long")
    assert "boon:flare_stars" in ids(game, state)
    play(game, state, "boon:flare_stars", "ray:yellow:long", "ray:red:long")
    assert state["action"]["step"] == "rays" and "ray:yellow:long" in ids(game, state)
    play(game, state, "ray:yellow:long", "ready")
    assert state["action"]["magnitude"] == 3


def test_no_boon_once_the_slot_is_chosen() -> None:
    # SL13: from the slot on, the star is launched and scored; its flare is attached or not.
    game = make_game()
    state = position(game, markers={0: "cores", 1: "flares"}, ap=5, cores=["core_1"],
                     starter=None, rays=["orange:long", "orange:long"],
                     flares=["flare_stars"])  # fmt: skip
    play(game, state, "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long")
    play(game, state, "ready")
    assert not [i for i in ids(game, state) if i.startswith("boon:")]
