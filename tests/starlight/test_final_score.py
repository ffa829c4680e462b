"""003 "Scoring" shown to a designer: each seat's day points by part (alpha stars, each laurel
fulfilled or not, the Laurels +3 bonus, accolades, a Starbot's stars) in `play --trace` and in
`play --format json`, read from the finished game without changing it, so replays are the
same with the trace on or off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from whitedwarf.tools.cli import main

from tests.starlight.test_narrate import PACK

#: A game whose live seat 0 fulfils 2 of its 3 laurels with the Laurels +3 privilege, beside
#: a Starbot and a random seat that fulfils none.
GAME = ["--pack", str(PACK), "--seats", "heuristic,starbot,random", "--seed", "7"]


def play(*args: str) -> Any:
    result = CliRunner().invoke(main, ["play", *GAME, *args])
    assert result.exit_code == 0, result.output
    return result


def test_the_trace_says_what_each_laurel_scored() -> None:
    lines = play("--trace").stderr.splitlines()
    scored = [line for line in lines if " day points at the end (003 'Scoring'): " in line]
    assert [line.split(":")[0] for line in scored] == [
        "round  16 seat 0", "round  16 seat 1", "round  16 seat 2"]  # fmt: skip
    assert scored[0] == (
        "round  16 seat 0: scores 22 day points at the end (003 'Scoring'): 10 for 2 of 3 "
        "laurels (Rich Sky 5, Pilgrim 5; not fulfilled: Hoarder 3); 6 more for them with "
        "Laurels +3 Victory Points; 6 for accolades (Gods Favourite 6)"
    )
    assert scored[1].endswith(": 6 for its launched stars (the Starbot difficulty)")
    assert "0 for 0 of 3 laurels (not fulfilled: " in scored[2]
    end = next(i for i, line in enumerate(lines) if ": game over (" in line)
    assert lines.index(scored[-1]) < end


def test_the_json_result_has_each_seats_day_points_by_part() -> None:
    summary = json.loads(play("--format", "json").stdout)
    parts = summary["day_points"]
    assert [p["day"] for p in parts] == summary["result"]["day"]
    seat0 = parts[0]
    assert (seat0["laurel_points"], seat0["laurel_bonus"], seat0["accolade_points"]) == (10, 6, 6)
    assert [(lau["card"], lau["fulfilled"]) for lau in seat0["laurels"]] == [
        ("rich_sky", True), ("hoarder", False), ("pilgrim", True)]  # fmt: skip
    for p in parts:
        fulfilled = sum(lau["points"] for lau in p["laurels"] if lau["fulfilled"])
        assert p["laurel_points"] == fulfilled
        assert p["day"] == (p["alpha_points"] + p["laurel_points"] + p["laurel_bonus"]
                            + p["accolade_points"] + p["starbot_stars"])  # fmt: skip
    assert parts[1]["laurels"] == [] and parts[1]["starbot_stars"] == 6


def test_a_replay_is_the_same_with_the_trace_on(tmp_path: Path) -> None:
    quiet, traced = tmp_path / "quiet.jsonl", tmp_path / "traced.jsonl"
    play("--replay", str(quiet))
    play("--replay", str(traced), "--trace")
    assert quiet.read_bytes() == traced.read_bytes()
    assert b"final_score" not in quiet.read_bytes()
    result = CliRunner().invoke(main, ["replay", str(quiet), "--pack", str(PACK)])
    assert result.exit_code == 0 and "verified:" in result.output, result.output
