"""``benchmarks/engine_bench.py --against`` runs two checkouts' engine benchmark side by side
(issue 26: the speed "measured side by side with this issue's starting commit in one run")
and prints each run and the best of each against the other."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchmarks import engine_bench

ROOT = Path(__file__).resolve().parents[2]


def test_against_prints_every_run_and_best_against_best(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # This checkout against itself: one quick run of each, alternated.
    engine_bench.main(
        ["--against", str(ROOT), "--python", sys.executable, "--times", "2", "--games", "1",
         "--rounds", "1", "--quick"]
    )  # fmt: skip
    out = capsys.readouterr().out
    rows = {
        cells[0]: cells[1:]
        for line in out.splitlines()
        if line.startswith("| ") and not line.startswith(("| measure", "| ---"))
        for cells in [[c.strip() for c in line.strip("|").split("|")]]
    }
    assert list(rows) == [
        "4-player decisions/s", "decisions/s, all player counts", "clone (4p, mid-game), us",
        "save (to_json), us", "load (from_json), us", "state hash, us",
    ]  # fmt: skip
    other, this, ratio = rows["4-player decisions/s"]
    assert len(other.split(" / ")) == len(this.split(" / ")) == 2  # each run, both sides
    assert ratio.endswith("x") and float(ratio[:-1]) > 0


def test_content_plays_the_pack_named(capsys: pytest.CaptureFixture[str]) -> None:
    # Two checkouts whose bundled packs were tuned apart play other games: ``--content``
    # makes one run play the pack in a folder (both sides of ``--against`` play it).
    pack = ROOT / "content" / "lastlight"
    engine_bench.main(["--games", "1", "--rounds", "1", "--quick", "--content", str(pack)])
    out = capsys.readouterr().out
    assert f"CPU time, the pack in {pack}, card effects on" in out
    assert "| 4-player games |" in out
