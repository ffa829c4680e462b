"""Conditional modifiers of Starlight's gods: `while <condition>: <modifier or grant>`
counts exactly while its condition holds, read each time the engine reads the number
(docs/rules-decisions.md SL153; docs/dsl.md "Conditional modifiers"). Whole launches and
flushes under one are played in tests/exercise/lang_designs.yaml (sl_ember, sl_lean_years)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import persist
from whitedwarf.interpreter.starlight.scenario import blank, give, keep, turn
from whitedwarf.interpreter.starlight.turns import surcharge

from tests.starlight.godmod import god_game


def _game(tmp_path: Path, effect: str) -> Any:
    """The base pack and a mod god with ``effect``, kept by seat 0 of two live seats."""
    return god_game(tmp_path, effect, god="ember", name="Ember", gods=True)


def _position(game: Any) -> dict[str, Any]:
    state = blank(game)
    keep(game, state, 0, god="ember")
    for seat in (0, 1):
        state["players"][seat]["marker"] = 0
    return turn(game, state, 0)


def test_sl153_a_god_modifier_follows_its_condition(tmp_path: Path) -> None:
    game = _game(tmp_path, "while cores_held >= 2: you have -1 launch_cost")
    state = _position(game)
    give(game, state, 0, cores=["achernar"])
    assert game.stat(state, 0, "launch_cost") == 1
    give(game, state, 0, cores=["adhara"])
    assert game.stat(state, 0, "launch_cost") == 0  # read now
    assert game.stat(state, 1, "launch_cost") == 1  # its owner's number only
    loaded = persist.load(persist.save(state))
    assert game.stat(loaded, 0, "launch_cost") == 0


def test_sl153_a_god_grant_follows_its_condition(tmp_path: Path) -> None:
    game = _game(tmp_path, "while rays_held == 0: you can ignore_surcharge")
    state = _position(game)
    assert surcharge(game, state, 0, 0) == 0  # seat 1's marker is there, but no rays held
    give(game, state, 0, rays=["yellow:long"])
    assert surcharge(game, state, 0, 0) == 1
