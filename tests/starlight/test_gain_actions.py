"""003 "Actions": Gain Cores, Gain Rays, Gain Flares, flushing and refilling."""

from __future__ import annotations

from tests.starlight.helpers import ids, make_game, play, position, take_first_from_pool


def _cores(game, state):
    return [o for o in ids(game, state) if o.startswith("core:")]


def test_gain_cores_takes_up_to_two_for_one_ap_each() -> None:
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5)
    play(game, state, "step", "act")
    play(game, state, _cores(game, state)[0])
    play(game, state, _cores(game, state)[0])
    p = state["players"][0]
    assert len(p["cores"]) == 2 and p["ap"] == 2
    assert _cores(game, state) == []  # "up to 2 Cores"
    assert len(state["pools"]["cores"]) == 1  # refilled only at the end of the turn


def test_at_most_four_cores_held_starter_included() -> None:
    # 003 "Gain Cores": at most 4 Cores; the starter core counts (SL5).
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5, cores=["core_1", "core_2"])
    state["core_deck"] = [c for c in state["core_deck"] if c not in ("core_1", "core_2")]
    state["pools"]["cores"] = [c for c in state["pools"]["cores"] if c not in ("core_1", "core_2")]
    play(game, state, "step", "act")
    play(game, state, _cores(game, state)[0])  # starter + 3 cores = 4
    assert _cores(game, state) == []


def test_flush_the_core_pool_for_one_ap() -> None:
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5)
    old = list(state["pools"]["cores"])
    play(game, state, "step", "act", "flush")
    assert state["players"][0]["ap"] == 3
    assert state["core_discard"] == old and len(state["pools"]["cores"]) == 3


def test_an_empty_core_deck_is_rebuilt_from_the_discards() -> None:
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5)
    state["core_discard"] += state["core_deck"]
    state["core_deck"] = []
    play(game, state, "step", "act", "flush")
    assert len(state["pools"]["cores"]) == 3 and state["core_discard"] == []


def test_gain_rays_any_number_at_one_ap_each() -> None:
    game = make_game()
    state = position(game, markers={0: "launch_aquila_hydrus"}, ap=5)
    play(game, state, "step", "act")
    for _ in range(4):
        play(game, state, next(o for o in ids(game, state) if o.startswith("ray:")))
    assert all(r.endswith(":long") for r in state["players"][0]["rays"][2:])
    assert ids(game, state) == ["done"]
    play(game, state, "done")  # no AP left: the turn is over without asking (SL8)
    assert state["players"][0]["saved"] == 0 and state["turn"] == 1


def test_flushing_the_long_pool_returns_its_rays_after_the_refill() -> None:
    game = make_game()
    state = position(game, markers={0: "launch_aquila_hydrus"}, ap=5)
    total = len(state["bags"]["long"]) + len(state["pools"]["long"])
    play(game, state, "step", "act", "flush")
    assert len(state["pools"]["long"]) == 4
    assert len(state["bags"]["long"]) + len(state["pools"]["long"]) == total


def test_refill_rays_privilege_refills_after_each_ray() -> None:
    # 003 "Refill Rays": the pool may be refilled each time a ray is taken.
    game = make_game()
    state = position(game, markers={0: "launch_aquila_hydrus"}, ap=5, privileges={"refill_rays": 0})
    state["actions"] = 5
    play(game, state, "step", "act")
    play(game, state, next(o for o in ids(game, state) if o.startswith("ray:")))
    assert len(state["pools"]["long"]) == 4


def test_gain_flares_costs_one_to_four_and_slides_at_turn_end() -> None:
    # 003 "Gain Flares": places cost 1, 2, 3, 4; slide cheaper and refill after the turn.
    game = make_game()
    state = position(game, markers={0: "launch_lyra_cygnus", 1: "cores"}, ap=6)
    pool = list(state["pools"]["flares"])
    play(game, state, "step", "act", "flare:1")
    p = state["players"][0]
    assert p["ap"] == 6 - 1 - 2 and p["flares"] == [pool[1]]
    assert state["pools"]["flares"][1] is None  # not slid during the turn
    play(game, state, "done", "end")
    assert state["pools"]["flares"][:3] == [pool[0], pool[2], pool[3]]
    assert state["pools"]["flares"][3] is not None


def test_core_plus_ray_gives_a_free_ray_per_core() -> None:
    # 003 "Core + Ray": one free ray per Core, from either pool; pools not refilled.
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5, privileges={"core_plus_ray": 0})
    state["actions"] = 3
    play(game, state, "step", "act")
    play(game, state, _cores(game, state)[0])
    rays = [o for o in ids(game, state) if o.startswith("ray:")]
    assert any(r.endswith(":long") for r in rays) and any(r.endswith(":short") for r in rays)
    long_before = len(state["pools"]["long"])
    play(game, state, next(r for r in rays if r.endswith(":long")))
    p = state["players"][0]
    assert p["ap"] == 3 and len(p["rays"]) == 3
    assert len(state["pools"]["long"]) == long_before - 1
    assert not any(o.startswith("ray:") for o in ids(game, state))
    assert "flush" in ids(game, state)  # only the Core pool may be flushed here


def test_a_privilege_is_usable_from_the_action_after_it_is_gained() -> None:
    # 003 "Privileges": "beginning with the action *after* you gain the privilege".
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5)
    state["actions"] = 4
    state["players"][0]["privileges"] = {"core_plus_ray": 5}  # gained in the coming action
    play(game, state, "step", "act")
    play(game, state, _cores(game, state)[0])
    assert not any(o.startswith("ray:") for o in ids(game, state))


def test_a_flare_boon_may_be_used_during_a_gain_action() -> None:
    # 003 "Actions": boons "during, before, or after any appropriate action" (SL13).
    game = make_game()
    state = position(game, markers={0: "launch_aquila_hydrus"}, ap=5, flares=["flare_marks"])
    play(game, state, "step", "act")
    assert "boon:flare_marks" in ids(game, state)
    play(game, state, "boon:flare_marks")  # gain 2 ap
    p = state["players"][0]
    assert p["ap"] == 4 + 2 and state["action"]["kind"] == "gain_long_rays"
    assert p["used_flares"] == ["flare_marks"] and "boon:flare_marks" not in ids(game, state)


def test_the_core_pool_refills_when_the_turn_is_over_not_after_the_action() -> None:
    # 003 "Clarifications": "All pools (the Cores pool, the Flares pool, and both ray pools)
    # refill only when your entire turn is complete"; it wins over "When your action is
    # complete, refill the pool" of 003 "Gain Cores" (SL112).
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5, flares=["flare_skies"])
    play(game, state, "step", "act")
    play(game, state, _cores(game, state)[0])
    play(game, state, "done")
    assert len(state["pools"]["cores"]) == 2
    take_first_from_pool(game, play(game, state, "boon:flare_skies"))  # a pick of the two left
    assert len(state["pools"]["cores"]) == 1
    play(game, state, "end")
    assert len(state["pools"]["cores"]) == 3
