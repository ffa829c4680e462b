"""One hook, two clauses of a god (docs/rules-decisions.md SL156, as R8 in Last Light): every
`when ... if` condition on the hook is tested when the hook fires, before any of its clauses
runs, however the hook was fired: by the engine (a flush in a Gain action) or by a verb of an
effect (`flush`, SL149)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import scenario
from whitedwarf.interpreter.starlight.game import Game

from tests.starlight.godmod import GOD, god_game

#: The first clause puts the charge the second's condition reads.
BATTERY = (
    "when pool_flushed -> put 1 charge on this card; "
    "when pool_flushed if charges on this card >= 1 -> gain 1 night_point"
)


def _night(state: dict[str, Any], seat: int = 0) -> int:
    return int(state["players"][seat]["points"]["night"]["effect"])


def _charges(state: dict[str, Any]) -> int:
    counters = state["card_state"].get("0", {}).get(GOD, {}).get("counters", {})
    return int(counters.get("charge", 0))


def _flush_in_gain_action(game: Game) -> dict[str, Any]:
    """Seat 0 flushes a pool in its Gain action: the engine fires `pool_flushed`."""
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.put_marker(game, state, 0, "launch_aquila_hydrus")
    scenario.turn(game, state, 0)
    scenario.choose(game, state, "step", "act", "flush")
    return state


def _flush_by_verb(game: Game) -> dict[str, Any]:
    """Seat 0's god flushes the Cores at its turn's start: the `flush` verb fires
    `pool_flushed`."""
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.put_marker(game, state, 0, "gain_short_rays")
    scenario.put_marker(game, state, 1, "gain_cores")
    scenario.turn(game, state, 1)
    scenario.choose(game, state, "end")  # seat 0's turn starts: its god flushes
    return state


def test_sl156_a_condition_is_tested_when_the_engine_fires_the_hook(tmp_path: Path) -> None:
    """The first flush: the charge is put, but the second clause's condition was tested when
    the hook fired, before the put, and saw none."""
    game = god_game(tmp_path, BATTERY)
    state = _flush_in_gain_action(game)
    assert _charges(state) == 1
    assert _night(state) == 0


def test_sl156_a_condition_is_tested_when_a_verb_fires_the_hook(tmp_path: Path) -> None:
    """The same card, its hook fired by a verb: the same outcome."""
    game = god_game(tmp_path, "when turn_start -> flush cores; " + BATTERY)
    state = _flush_by_verb(game)
    assert _charges(state) == 1
    assert _night(state) == 0


def test_sl156_the_second_flush_sees_the_first_charge(tmp_path: Path) -> None:
    """The condition reads the count from before the hook's clauses: a flush with a charge
    already on the card pays."""
    game = god_game(tmp_path, BATTERY)
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    state["card_state"] = {"0": {GOD: {"counters": {"charge": 1}, "chosen": {}}}}
    scenario.put_marker(game, state, 0, "launch_aquila_hydrus")
    scenario.turn(game, state, 0)
    scenario.choose(game, state, "step", "act", "flush")
    assert _charges(state) == 2
    assert _night(state) == 1


def test_sl156_a_clause_that_asks_holds_back_the_clauses_after_it(tmp_path: Path) -> None:
    """Printed order: the second clause runs once the first, which asks its owner, is done,
    so its own `if` (tested as it runs) sees the charge the first put."""
    game = god_game(
        tmp_path,
        "when pool_flushed -> may put 1 charge on this card; "
        "when pool_flushed -> if charges on this card >= 1 -> gain 1 night_point",
    )
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.put_marker(game, state, 0, "launch_aquila_hydrus")
    scenario.turn(game, state, 0)
    scenario.choose(game, state, "step", "act", "flush")
    assert scenario.options(game, state) == ["yes", "no"]
    assert _night(state) == 0  # the second clause waits for the first
    scenario.choose(game, state, "yes")
    assert _charges(state) == 1
    assert _night(state) == 1
