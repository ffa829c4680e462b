"""Conditional modifiers in Last Light: `while <condition>: <modifier or grant>` counts
exactly while its condition holds, read each time the engine reads the number
(docs/rules-decisions.md E137; docs/dsl.md "Conditional modifiers"). The designs played
through whole actions are in tests/exercise/lang_designs.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight import conditional, persist
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    choose,
    give,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
)
from whitedwarf.interpreter.lastlight.stats import flag, ship_type, stat

from tests.engine.limits_mod import Trace, mod_game

CHARTER = "while number of planets you control >= 2: you have +1 trades"
BOOSTERS = "while light >= 1: your ships have +1 movement"
SIEGE = "while number of ships you own >= 2: your large ships can bombard"


def _game(tmp_path: Path) -> Any:
    return mod_game(tmp_path, {"charter": CHARTER, "boosters": BOOSTERS, "siege": SIEGE})


def test_e137_the_number_follows_the_condition_as_the_game_goes(tmp_path: Path) -> None:
    game = _game(tmp_path)
    state = blank(game)
    put_tech(state, 0, "charter")
    put_extractor(state, 0, planet="ashfall")
    assert stat(state, 0, "trades") == 2
    put_extractor(state, 0, planet="scoria")
    assert stat(state, 0, "trades") == 3  # read now, not kept from the read before
    assert stat(state, 1, "trades") == 2  # its owner's number only


def test_e137_a_conditional_grant_comes_and_goes(tmp_path: Path) -> None:
    game = _game(tmp_path)
    state = blank(game)
    put_tech(state, 0, "siege")
    put_ship(state, 0, "large", "outer_09")
    assert not flag(state, 0, "bombard", "large")
    put_ship(state, 0, "small", "centre")
    assert flag(state, 0, "bombard", "large") and not flag(state, 0, "bombard", "small")


def test_e137_a_move_is_listed_with_the_movement_of_now(tmp_path: Path) -> None:
    """The ship types' numbers and a move step's listing, kept until the player's cards
    change for a plain modifier, are read afresh under a `while` clause."""
    game = _game(tmp_path)
    state = blank(game)
    put_tech(state, 0, "boosters")
    scout = put_ship(state, 0, "small", "outer_05")
    choose(game, state, {0: "command", 1: "mine"})
    one = {o for o in options(game, state, 0) if o.startswith(f"move:{scout}:")}
    assert ship_type(state, 0, "small") is None  # no kept numbers while a `while` is about
    give(state, 0, light=1)
    two = {o for o in options(game, state, 0) if o.startswith(f"move:{scout}:")}
    assert one < two  # one sector further, now that the condition holds


def test_e137_the_trace_tells_it_only_while_it_holds(tmp_path: Path) -> None:
    game = _game(tmp_path)
    state = blank(game)
    put_tech(state, 0, "charter")
    put_extractor(state, 0, planet="ashfall")
    give(state, 0, common=2)
    trace = Trace()
    game.listen(trace)
    choose(game, state, {0: "trade", 1: "mine"})
    assert not [line for line in trace.lines if "charter modifies" in line]
    game.listen(None)
    state = blank(game)
    put_tech(state, 0, "charter")
    put_extractor(state, 0, planet="ashfall")
    put_extractor(state, 0, planet="scoria")
    give(state, 0, common=2)
    game.listen(trace)
    choose(game, state, {0: "trade", 1: "mine"})
    assert "charter modifies trades by +1" in trace.lines


def test_e137_a_saved_game_reads_the_same_number(tmp_path: Path) -> None:
    game = _game(tmp_path)
    state = blank(game)
    put_tech(state, 0, "charter")
    put_extractor(state, 0, planet="ashfall")
    put_extractor(state, 0, planet="scoria")
    choose(game, state, {0: "trade", 1: "mine"})
    loaded = persist.load(persist.save(state))
    assert stat(loaded, 0, "trades") == stat(state, 0, "trades") == 3


def test_the_base_games_while_clause_leaves_the_kept_ship_numbers_in_use() -> None:
    """The base pack's one ``while`` clause (Hexan's starting common, K19) changes a number
    read at setup only: every other number is read as without it, the kept ship numbers too."""
    state = blank(new_game(players=2))
    rt = runtime(state)
    assert conditional.names(rt) == {"starting_common"}
    assert not conditional.changes(rt, "movement") and not conditional.moves_ships(rt)
    assert ship_type(state, 0, "small") is not None  # the kept numbers are used


def test_a_while_clause_on_a_ship_number_reads_ship_types_afresh(tmp_path: Path) -> None:
    """Boosters' movement and Siege's bombard are numbers of a ship type: no kept reading."""
    state = blank(_game(tmp_path))
    assert conditional.moves_ships(runtime(state))
    assert ship_type(state, 0, "small") is None


def test_a_while_clause_on_another_number_keeps_ship_types(tmp_path: Path) -> None:
    """Charter alone changes trades: ship types and move listings stay kept, trades is read now."""
    state = blank(mod_game(tmp_path, {"charter": CHARTER}))
    assert not conditional.moves_ships(runtime(state))
    assert ship_type(state, 0, "small") is not None
    put_tech(state, 0, "charter")
    put_extractor(state, 0, planet="ashfall")
    put_extractor(state, 0, planet="scoria")
    assert stat(state, 0, "trades") == 3
