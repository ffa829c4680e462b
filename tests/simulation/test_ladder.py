"""``whitedwarf ladder`` (issue 24 item 3): mixed-seat games and multiplayer ratings with
intervals. Before, agents could be compared only by their win shares in a pooled batch, with
no rating and no seat balance."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from whitedwarf.interpreter.simulation.batch import rotated
from whitedwarf.interpreter.simulation.ladder import ranks

from tests.simulation.helpers import run


def test_a_small_ladder_ranks_random_below_heuristic(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    code, text = run(
        "ladder", "--agents", "random,heuristic", "--games", "8", "--workers", "1", "-q",
        "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["rank", "agent", "games"]
    assert lines[1].split()[:3] == ["1", "heuristic", "8"]
    assert lines[2].split()[:3] == ["2", "random", "8"]
    assert "8 games rated (openskill PlackettLuce; ranked by mu - 3 sigma)" in text
    table = json.loads((out / "ladder.json").read_text())
    best, worst = table["rows"]
    assert best["agent"] == "heuristic" and best["low"] < best["mu"] < best["high"]
    assert best["ordinal"] > worst["ordinal"]
    # Each agent sat in each seat equally often.
    records = [json.loads(line) for line in (out / "games.jsonl").open()]
    assert [r["agents"][0] for r in records].count("random") == 4


def test_the_table_as_json_and_the_same_seed_the_same_table(tmp_path: Path) -> None:
    args = ("ladder", "--agents", "first,random", "--games", "4", "-q", "--json")
    code, text = run(*args)
    assert code == 0, text
    assert json.loads(text)["games"] == 4
    assert run(*args)[1] == text


def test_seats_turn_and_places_share_ties() -> None:
    seats = [rotated(["a", "b", "c"], 3, i) for i in range(6)]
    for seat in range(3):
        assert sorted(game[seat] for game in seats) == ["a", "a", "b", "b", "c", "c"]
    assert rotated(["a", "b", "c", "d"], 2, 1) == ["b", "c"]
    record = {"agents": ["x", "y", "z"], "winners": [2], "light": [5, 5, 9]}
    assert ranks(record) == [1, 1, 0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--agents", "random,heuristic", "--players", "3"), "at most 2 players for 2 agents"),
        (("--agents", "random"), "two or more different agents"),
        (("--agents", "random,heuristc"), "did you mean"),
    ],
)
def test_a_ladder_it_cannot_play_is_refused(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    code, text = run("ladder", *args, "--games", "2", "--out", str(tmp_path / "x"))
    assert code == 2 and said in text, text


def test_ctrl_c_prints_the_games_played_and_exits_130(tmp_path: Path) -> None:
    out = tmp_path / "cut"
    command = [
        sys.executable, "-m", "whitedwarf.tools.cli", "ladder", "--agents", "random,heuristic",
        "--games", "40", "--workers", "1", "--out", str(out),
    ]  # fmt: skip
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    games = out / "games.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (
        games.exists() and games.read_text().count("\n") >= 3
    ):
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    printed, said = process.communicate(timeout=120)
    assert process.returncode == 130, said
    assert b"games finished before Ctrl-C" in said and b"ladder --resume" in said
    assert b"games rated" in printed
    code, text = run("ladder", "--resume", str(out), "-q")
    assert code == 0 and "40 games rated" in text
