"""`when an opponent attacks you` (the hook `attacked`): heard by each player a roll is
against, once per group rolled, after the dice are rolled and before any resolves, in turn
order from the first player; never for one's own rolls (docs/rules-decisions.md E138)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    choose,
    options,
    put_extractor,
    put_ship,
    put_tech,
    rig_dice,
)

from tests.engine.limits_mod import mod_game

WATCH = "when an opponent attacks you -> gain 1 light"


def _attack(tmp_path: Path) -> tuple[Any, dict[str, Any]]:
    """Seat 1 attacks outer_05 with a small and a medium ship, where seat 0 has a ship and
    seat 2 an extractor; seats 0 and 2 hold a watching tech."""
    game = mod_game(tmp_path, {"watch": WATCH, "watch_two": WATCH}, players=3)
    state = blank(game)
    put_tech(state, 0, "watch")
    put_tech(state, 2, "watch_two")
    put_ship(state, 0, "small", "outer_05")
    put_extractor(state, 2, planet="thornhold")  # thornhold lies in outer_05
    put_ship(state, 1, "small", "outer_05")
    put_ship(state, 1, "medium", "outer_05")
    game.edited(state)
    choose(game, state, {0: "mine", 1: "command", 2: "mine"})
    game.apply(state, 1, "done")  # no move
    return game, state


def test_e138_each_player_attacked_hears_each_roll(tmp_path: Path) -> None:
    game, state = _attack(tmp_path)
    light = [p["light"] for p in state["players"]]
    rig_dice(state, ["miss"])
    game.apply(state, 1, "roll:small")
    assert [p["light"] - was for p, was in zip(state["players"], light, strict=True)] == [1, 0, 1]
    while "roll:medium" not in options(game, state, 1):  # assign what the small ship did
        game.apply(state, 1, options(game, state, 1)[0])
    rig_dice(state, ["miss", "miss"])
    game.apply(state, 1, "roll:medium")
    assert [p["light"] - was for p, was in zip(state["players"], light, strict=True)] == [2, 0, 2]


def test_e138_your_own_roll_is_not_an_attack_on_you(tmp_path: Path) -> None:
    game = mod_game(tmp_path, {"watch": WATCH}, players=3)
    state = blank(game)
    put_tech(state, 1, "watch")
    put_ship(state, 0, "small", "outer_05")
    put_ship(state, 1, "small", "outer_05")
    game.edited(state)
    choose(game, state, {0: "mine", 1: "command", 2: "mine"})
    game.apply(state, 1, "done")
    rig_dice(state, ["miss"])
    game.apply(state, 1, "roll:small")
    assert state["players"][1]["light"] == 0
