"""The strong agent's learned leaf (issue 24 item 2): the fitting script prints a weight for
every feature and fits better than a uniform guess, the leaf's chances favour the seat
with more light or a bigger Refresh claim and sum to 1, and the benchmark seats a heuristic
in the strong seat's place on the same games."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.agents import leaf
from whitedwarf.interpreter.lastlight.agents.heuristic import HeuristicAgent
from whitedwarf.interpreter.lastlight.game import Game

from benchmarks import strong_bench, strong_leaf_fit
from tests.base_content import base_content


def test_the_fit_prints_a_weight_for_every_feature(capsys: pytest.CaptureFixture[str]) -> None:
    # 20 games: a fit on 10 overfits on some seeds (held-out log-loss 1.55 and 2.60 at seeds
    # 1 and 2 with the achievements of docs/rules-decisions.md K17, above the uniform 1.10)
    strong_leaf_fit.main(["--games", "20", "--players", "3"])
    out = capsys.readouterr().out
    for name in leaf.NAMES:
        assert re.search(rf"^    -?\d+\.\d{{4}},  # {name}$", out, re.M), name
    fitted = float(re.search(r"fitted: held-out log-loss (\d+\.\d+)", out)[1])  # type: ignore[index]
    uniform = float(re.search(r"uniform: held-out log-loss (\d+\.\d+)", out)[1])  # type: ignore[index]
    assert fitted < uniform  # the positions say something about who wins


def _midgame(players: int = 3, seed: int = 4, rounds: int = 6) -> Any:
    game = Game.from_content(base_content(), players)
    state = game.new_state(seed)
    bots = [HeuristicAgent(seed + s) for s in range(players)]
    while not game.is_terminal(state) and (state["phase"] == "setup" or state["round"] < rounds):
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    return state


def test_the_leaf_favours_the_seat_with_more_light() -> None:
    state = _midgame()
    before = leaf.chances(state)
    assert sum(before) == pytest.approx(1.0)
    state["players"][1]["light"] += 5
    after = leaf.chances(state)
    assert after[1] > before[1] and after[0] < before[0] and after[2] < before[2]


def test_bench_seats_a_heuristic_in_the_strong_seats_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "h.jsonl"
    strong_bench.main(
        ["--players", "3", "--games", "2", "--start", "4", "--agent", "heuristic",
         "--out", str(out)]
    )  # fmt: skip
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["index"], r["seat"], r["agent"]) for r in rows] == [
        (4, 1, "heuristic"),
        (5, 2, "heuristic"),
    ]
    capsys.readouterr()
    strong_bench.main(["--combine", str(out)])
    assert capsys.readouterr().out.startswith("games 2, heuristic wins ")
