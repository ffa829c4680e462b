"""Hooks for specific events (issue 29): `cores_taken`, `pool_flushed`, `opponent_launched`
(docs/rules-decisions.md SL148) and `this constellation` / `launching` in launch hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import persist, scenario
from whitedwarf.interpreter.starlight.game import Game

from tests.starlight.godmod import GOD, Trace, god_game


def _launcher(game: Game, listener: int | None = None) -> dict[str, Any]:
    """Seat 0 about to launch a magnitude-2 star (its starter's printed ray and one more) from
    the space before Launch to Aquila or Hydrus; ``listener`` keeps the test god."""
    state = scenario.blank(game)
    if listener is not None:
        scenario.keep(game, state, listener, god=GOD)
    scenario.give(game, state, 0, starter="starter_red_long", rays=["red:long"])
    scenario.put_marker(game, state, 0, "gain_cores")
    scenario.turn(game, state, 0)
    return state


LAUNCH = ("step", "act", "core:starter_red_long", "ray:red:long", "ready", "slot:hydrus_1")


def test_sl146_another_player_launched_is_heard_after_the_launch(tmp_path: Path) -> None:
    """003 "Launching a Star, step by step": seat 1's god reacts once seat 0's star is placed
    and recorded; the question is seat 1's, it survives a save and load, and seat 0's turn
    goes on after it."""
    game = god_game(tmp_path, "when opponent_launched -> may gain 2 night_points")
    state = _launcher(game, listener=1)
    trace = Trace()
    game.listen(trace)
    scenario.choose(game, state, *LAUNCH)
    assert state["players"][0]["stars"] == ["hydrus_1"]  # the launch is over first
    assert game.current_players(state) == [1] and scenario.options(game, state) == ["yes", "no"]
    state = game.edited(persist.load(persist.save(state)))
    scenario.choose(game, state, "yes")
    assert state["players"][1]["night"] == 2
    assert game.current_players(state) == [0]  # back to the launcher's turn
    assert "launch_reactions" not in state
    assert any("(when opponent_launched)" in line for line in trace.lines)


def test_sl146_the_launcher_does_not_hear_its_own_launch(tmp_path: Path) -> None:
    game = god_game(tmp_path, "when opponent_launched -> gain 2 night_points")
    state = _launcher(game, listener=0)
    scenario.choose(game, state, *LAUNCH)
    assert state["players"][0]["points"]["night"]["effect"] == 0


def test_sl146_the_launchers_own_effects_resolve_first(tmp_path: Path) -> None:
    """The launcher's star_launched power runs before an opponent's reaction (SL148)."""
    game = god_game(
        tmp_path,
        "when star_launched -> may gain 1 night_point; "
        "when opponent_launched -> may gain 3 night_points",
    )
    state = _launcher(game, listener=1)
    scenario.keep(game, state, 0, god="astraea")
    state["players"][0]["god"] = GOD  # both seats keep the test god
    scenario.choose(game, state, *LAUNCH)
    assert game.current_players(state) == [0]  # the launcher's own power asks first
    scenario.choose(game, state, "yes")
    assert game.current_players(state) == [1]
    scenario.choose(game, state, "yes")
    assert [p["points"]["night"]["effect"] for p in state["players"]] == [1, 3]


def test_sl146_a_starbot_launch_is_heard(tmp_path: Path) -> None:
    game = god_game(tmp_path, "when opponent_launched -> gain 1 night_point", ("live", "starbot"))
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.rig_draws(game, state, starbots=["starbot_15"])  # Launch 6
    scenario.choose(game, state, "place:0", "done")
    assert state["players"][1]["stars"] == ["aquila_1"]
    assert state["players"][0]["points"]["night"]["effect"] == 1


def test_the_constellation_of_the_star_being_launched(tmp_path: Path) -> None:
    """`this constellation` and `launching <id> stars` in a launch hook (issue 29)."""
    effect = (
        "when star_launched if number of launching hydrus stars >= 1 -> "
        "gain (number of stars of this constellation * 10) night_points"
    )
    game = god_game(tmp_path, effect)
    state = _launcher(game, listener=0)
    before = state["players"][0]["night"]
    scenario.choose(game, state, *LAUNCH)
    slot_points = game.content.slots["hydrus_1"].night_points
    assert state["players"][0]["night"] - before == slot_points + 10


def test_a_launch_elsewhere_does_not_meet_the_condition(tmp_path: Path) -> None:
    game = god_game(tmp_path, "when star_launched if number of launching aquila stars >= 1 "
                    "-> gain 5 night_points")  # fmt: skip
    state = _launcher(game, listener=0)
    scenario.choose(game, state, *LAUNCH)
    assert state["players"][0]["points"]["night"]["effect"] == 0


def test_cores_taken_fires_for_each_core_of_a_gain_cores_action(tmp_path: Path) -> None:
    """003 "Gain Cores": each Core taken (1 AP each) is heard."""
    game = god_game(tmp_path, "when cores_taken -> gain 1 night_point")
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.put_marker(game, state, 0, "gain_flares")
    cores = sorted(game.content.cards["cores"])[:3]
    scenario.set_pool(game, state, "cores", cores)
    scenario.turn(game, state, 0)
    # from Gain Flares, two steps round to Gain Cores (the rondel wraps)
    while game.content.spaces[state["players"][0]["marker"]]["id"] != "gain_cores":
        scenario.choose(game, state, "step")
    scenario.choose(game, state, "act", f"core:{cores[0]}", f"core:{cores[1]}")
    assert state["players"][0]["points"]["night"]["effect"] == 2


def test_pool_flushed_fires_when_the_player_flushes_in_the_action(tmp_path: Path) -> None:
    """003 "When can you flush a pool?": a flush in the pool's Gain action is heard."""
    game = god_game(tmp_path, "when pool_flushed -> gain 1 night_point")
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.put_marker(game, state, 0, "launch_aquila_hydrus")
    scenario.turn(game, state, 0)
    scenario.choose(game, state, "step", "act", "flush")
    assert state["players"][0]["points"]["night"]["effect"] == 1
