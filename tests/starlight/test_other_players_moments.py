"""Another player's launch and flush, said by their act, and the player who acted
(docs/rules-decisions.md SL154): `when an opponent launches a star`, `when an opponent
flushes a pool`, `the player who launched`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import persist, scenario
from whitedwarf.interpreter.starlight.game import Game

from tests.starlight.godmod import GOD, Trace, god_game

LEVY = "when an opponent launches a star -> steal 1 short_ray from the player who launched"
LAUNCH = ("step", "act", "core:starter_red_long", "ray:red:long", "ready", "slot:hydrus_1")


def _launcher(game: Game, listener: int, rays: list[str]) -> dict[str, Any]:
    """Seat 0 about to launch (as test_event_hooks.py), holding ``rays`` besides; ``listener``
    keeps the test god."""
    state = scenario.blank(game)
    scenario.keep(game, state, listener, god=GOD)
    scenario.give(game, state, 0, starter="starter_red_long", rays=["red:long", *rays])
    scenario.put_marker(game, state, 0, "gain_cores")
    scenario.turn(game, state, 0)
    return state


def test_sl154_the_player_who_launched_is_the_launcher(tmp_path: Path) -> None:
    game = god_game(tmp_path, LEVY)
    state = _launcher(game, 1, ["blue:short"])
    scenario.choose(game, state, *LAUNCH)
    assert state["players"][1]["rays"][-1:] == ["blue:short"]
    assert "blue:short" not in state["players"][0]["rays"]
    assert game.current_players(state) == [0]  # the launcher's turn goes on


def test_sl154_the_hook_form_names_the_launcher_too_and_a_save_keeps_it(tmp_path: Path) -> None:
    game = god_game(
        tmp_path, "when opponent_launched -> may steal 1 short_ray from the player who launched"
    )
    state = _launcher(game, 1, ["blue:short"])
    scenario.choose(game, state, *LAUNCH)
    assert game.current_players(state) == [1]
    state = game.edited(persist.load(persist.save(state)))  # the question waits in a save
    scenario.choose(game, state, "yes")
    assert "blue:short" in state["players"][1]["rays"]


def test_sl154_a_launcher_without_short_rays_gives_nothing(tmp_path: Path) -> None:
    game = god_game(tmp_path, LEVY)
    state = _launcher(game, 1, [])
    before = list(state["players"][1]["rays"])
    scenario.choose(game, state, *LAUNCH)
    assert state["players"][1]["rays"] == before


def _flusher(game: Game, listener: int) -> dict[str, Any]:
    """Seat 0 on the space before a Gain action whose pool it may flush."""
    state = scenario.blank(game)
    scenario.keep(game, state, listener, god=GOD)
    scenario.put_marker(game, state, 0, "launch_aquila_hydrus")
    scenario.turn(game, state, 0)
    return state


def test_sl154_another_players_flush_is_heard_after_it(tmp_path: Path) -> None:
    game = god_game(tmp_path, "when an opponent flushes a pool -> gain 1 night_point")
    state = _flusher(game, 1)
    trace = Trace()
    game.listen(trace)
    scenario.choose(game, state, "step", "act", "flush")
    assert state["players"][1]["points"]["night"]["effect"] == 1
    assert "launch_reactions" not in state
    assert any("(when opponent_flushed)" in line for line in trace.lines)


def test_sl154_your_own_flush_is_not_another_players(tmp_path: Path) -> None:
    game = god_game(tmp_path, "when an opponent flushes a pool -> gain 1 night_point")
    state = _flusher(game, 0)
    scenario.choose(game, state, "step", "act", "flush")
    assert state["players"][0]["points"]["night"]["effect"] == 0


def test_sl154_a_flush_by_an_effect_is_heard(tmp_path: Path) -> None:
    """SL149's `flush` verb: the flusher's god flushes at its turn's start; the other seat's
    god hears it (both keep the test god: each hears the other's flush only)."""
    game = god_game(
        tmp_path,
        "when turn_start -> flush cores; when opponent_flushed -> gain 1 night_point",
    )
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.keep(game, state, 1, god="astraea")
    state["players"][1]["god"] = GOD
    scenario.put_marker(game, state, 0, "gain_short_rays")
    scenario.put_marker(game, state, 1, "gain_cores")
    scenario.turn(game, state, 1)
    scenario.choose(game, state, "end")  # seat 0's turn starts: it flushes
    assert [p["points"]["night"]["effect"] for p in state["players"]] == [0, 1]


def _taker(game: Game, listener: int) -> dict[str, Any]:
    """Seat 0 on the space before Gain Cores, the pool three known Cores, holding a short ray."""
    state = scenario.blank(game)
    scenario.keep(game, state, listener, god=GOD)
    scenario.give(game, state, 0, rays=["blue:short"])
    scenario.set_pool(game, state, "cores", ["achernar", "adhara", "aldebaran"])
    scenario.put_marker(game, state, 0, "gain_short_rays")
    scenario.turn(game, state, 0)
    return state


def test_sl173_each_core_another_player_takes_is_heard(tmp_path: Path) -> None:
    """Design round 11: "each time an opponent takes a Core" was E0431 (the acts were a
    launch and a flush); it is the hook `opponent_took_core`, once per Core, as `cores_taken`."""
    game = god_game(tmp_path, "when an opponent takes a core -> gain 1 night_point")
    state = _taker(game, 1)
    trace = Trace()
    game.listen(trace)
    scenario.choose(game, state, "step", "act", "core:achernar")
    assert state["players"][1]["points"]["night"]["effect"] == 1
    scenario.choose(game, state, "core:adhara")
    assert state["players"][1]["points"]["night"]["effect"] == 2
    assert "launch_reactions" not in state
    assert any("(when opponent_took_core)" in line for line in trace.lines)


def test_sl173_your_own_core_is_not_another_players(tmp_path: Path) -> None:
    game = god_game(tmp_path, "when an opponent takes a core -> gain 1 night_point")
    state = _taker(game, 0)
    scenario.choose(game, state, "step", "act", "core:achernar")
    assert state["players"][0]["points"]["night"]["effect"] == 0


def test_sl173_the_player_who_took_is_the_taker_and_a_save_keeps_the_question(
    tmp_path: Path,
) -> None:
    game = god_game(
        tmp_path, "when an opponent takes a core -> may steal 1 short_ray from the player who took"
    )
    state = _taker(game, 1)
    scenario.choose(game, state, "step", "act", "core:achernar")
    assert game.current_players(state) == [1]  # asked in the taker's action
    state = game.edited(persist.load(persist.save(state)))
    scenario.choose(game, state, "yes")
    assert "blue:short" in state["players"][1]["rays"]
    assert "blue:short" not in state["players"][0]["rays"]
    assert game.current_players(state) == [0]  # the taker's action goes on


def test_launching_stars_in_a_reaction_are_the_star_the_other_player_launched(
    tmp_path: Path,
) -> None:
    """`number of launching <constellation> stars` heard in another player's launch counts
    the star they launched (the reaction's context keeps its slot, SL171), so the filter
    needs no `of` form and no warning, unlike `star_magnitude` (E0448): seat 0 launches to
    Hydrus, and the god of seat 1 gains for Hydrus, not for Aquila."""
    for constellation, gained in (("hydrus", 1), ("aquila", 0)):
        (tmp_path / constellation).mkdir()
        game = god_game(
            tmp_path / constellation,
            f"when an opponent launches a star if number of launching {constellation} stars "
            ">= 1 -> gain 1 night_point",
        )
        state = _launcher(game, 1, [])
        scenario.choose(game, state, *LAUNCH)
        assert state["slots"]["hydrus_1"] == 0
        assert state["players"][1]["night"] == gained, constellation
