"""003 "Using the Rondel", "Action Points", "Your First Turn": scenario tests."""

from __future__ import annotations

from tests.starlight.helpers import SPACES, ids, make_game, play, position, space


def test_first_turn_places_anywhere_with_two_ap_and_that_action_only() -> None:
    # 003 "Your First Turn": any space, 2 AP, only that action, no surcharge.
    game = make_game()
    state = game.new_state(3)
    assert ids(game, state) == [f"place:{i}" for i in range(len(SPACES))]
    assert state["players"][0]["ap"] == 2
    play(game, state, f"place:{space('long_rays')}")
    assert state["action"]["kind"] == "gain_long_rays"
    for _ in range(2):
        play(game, state, next(o for o in ids(game, state) if o.startswith("ray:")))
    assert state["players"][0]["ap"] == 0
    assert ids(game, state) == ["done"]  # no AP left to flush
    play(game, state, "done")
    assert state["turn"] == 1  # the first turn is over after the one action
    assert len(state["players"][0]["rays"]) == 2 + 2  # two starter rays and two taken


def test_first_turn_pays_no_surcharge() -> None:
    game = make_game()
    state = game.new_state(3)
    play(game, state, f"place:{space('cores')}")
    play(game, state, "done")
    play(game, state, f"place:{space('cores')}")  # seat 1 joins seat 0's marker
    assert state["players"][1]["ap"] == 2
    core = next(o for o in ids(game, state) if o.startswith("core:"))
    play(game, state, core)
    assert state["players"][1]["ap"] == 1  # 1 for the core, no surcharge


def test_each_turn_gives_five_ap_plus_the_saved_ones() -> None:
    # 003 "Action Points": 5 AP a turn; up to 5 saved, the rest lost.
    game = make_game(("live",))
    state = game.new_state(1)
    play(game, state, f"place:{space('flares')}", "done")
    p = state["players"][0]
    assert p["ap"] == 5 + 2  # the 2 first-turn AP were saved
    play(game, state, "end")  # 7 unspent: 5 saved, 2 lost
    assert p["ap"] == 5 + 5


def test_a_step_costs_one_ap_and_the_action_needs_a_move_first() -> None:
    # 003 "Using the Rondel": move before any action; each action once per visit.
    game = make_game()
    state = position(game, markers={0: "short_rays"}, ap=5)
    assert "act" not in ids(game, state)
    play(game, state, "step")
    assert state["players"][0]["marker"] == space("cores")
    assert state["players"][0]["ap"] == 4 and "act" in ids(game, state)
    play(game, state, "act", "done")
    assert "act" not in ids(game, state)  # once per visit


def test_the_rondel_wraps_clockwise() -> None:
    game = make_game()
    state = position(game, markers={0: "launch_orion_draco"}, ap=5)
    play(game, state, "step")
    assert state["players"][0]["marker"] == 0


def test_occupation_surcharge_is_one_however_many_markers() -> None:
    # 003 "Important": 1 AP extra even if several other markers are there.
    game = make_game(("live", "live", "live"))
    state = position(game, markers={0: "short_rays", 1: "cores", 2: "cores"}, ap=5)
    play(game, state, "step", "act")
    assert state["players"][0]["ap"] == 3  # 1 step + 1 surcharge
    core = next(o for o in ids(game, state) if o.startswith("core:"))
    play(game, state, core)
    assert state["players"][0]["ap"] == 2


def test_no_surcharge_on_an_empty_space() -> None:
    game = make_game()
    state = position(game, markers={0: "short_rays", 1: "flares"}, ap=5)
    play(game, state, "step", "act")
    assert state["players"][0]["ap"] == 4


def test_the_turn_ends_when_the_player_says_so_and_pools_refill() -> None:
    # 003 "When do pools refill?": only when the entire turn is complete.
    game = make_game()
    state = position(game, markers={0: "launch_aquila_hydrus"}, ap=5)
    play(game, state, "step", "act")
    before = len(state["pools"]["long"])
    ray = next(o for o in ids(game, state) if o.startswith("ray:"))
    play(game, state, ray, "done")
    assert len(state["pools"]["long"]) == before - 1  # not refilled during the turn
    play(game, state, "end")
    assert len(state["pools"]["long"]) == before
    assert state["turn"] == 1


def test_saving_without_moving() -> None:
    # 003 "Can I just save all my action points?": yes, without moving.
    game = make_game()
    state = position(game, ap=4)
    play(game, state, "end")
    assert state["players"][0]["saved"] == 4
