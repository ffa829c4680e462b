"""Players picked by their light: `ahead` (more light than you now) and `behind` (less),
after a player noun (docs/dsl.md "Selectors"; 000 "Game End": the most light wins)."""

from __future__ import annotations

from pathlib import Path

from whitedwarf.interpreter.lastlight.scenario import blank, choose, give, put_tech

from tests.engine.limits_mod import mod_game

EFFECTS = {
    "tithe": "when after_mine -> for each opponent ahead -> steal 1 common from it",
    "pity": "when after_mine if number of opponents behind >= 1 -> gain 1 rare",
}


def _mine(tmp_path: Path, tech: str, lights: list[int]) -> list[dict[str, int]]:
    """Seat 0 holds ``tech``; every seat has 1 common and the light given; all Mine."""
    game = mod_game(tmp_path, EFFECTS, players=3)
    state = blank(game)
    put_tech(state, 0, tech)
    for seat, light in enumerate(lights):
        give(state, seat, common=1, **({"light": light} if light else {}))
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    return [dict(p["res"]) for p in state["players"]]


def test_ahead_is_each_opponent_with_more_light_than_you(tmp_path: Path) -> None:
    res = _mine(tmp_path, "tithe", [2, 3, 2])  # seat 1 ahead; seat 2 level: not ahead
    assert (res[0]["common"], res[1]["common"], res[2]["common"]) == (2, 0, 1)


def test_behind_counts_the_opponents_with_less_light(tmp_path: Path) -> None:
    assert _mine(tmp_path, "pity", [2, 1, 3])[0]["rare"] == 1
    (tmp_path / "level").mkdir()
    assert _mine(tmp_path / "level", "pity", [2, 2, 3])[0]["rare"] == 0
