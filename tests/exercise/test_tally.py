"""``python -m tests.exercise.tally`` prints the counts to quote (docs/design-exercise.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.exercise.designs import load
from tests.exercise.tally import bugs

ROOT = Path(__file__).resolve().parents[2]


def test_the_tally_prints_each_games_counts_and_every_design_not_yet_written() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.exercise.tally"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    out = done.stdout
    designs = load()
    for game in ("lastlight", "starlight"):
        mine = [d for d in designs if d.game == game]
        counts = [
            len(mine),
            *(sum(1 for d in mine if d.status == s) for s in ("exact", "approximate", "not_yet")),
            sum(1 for d in mine if bugs(d)),
        ]
        row = next(line for line in out.splitlines() if line.startswith(game))
        assert [int(n) for n in row.split()[1:]] == counts
    for design in designs:
        if design.status != "exact":
            assert f"  {design.id} ({design.covers}): " in out
    assert "issue 29 done when: lastlight" in out and "(wanted 36)" in out


def test_the_tally_with_messages_prints_what_the_checker_says_to_each_tried_card() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.exercise.tally", "--messages"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = done.stdout.splitlines()
    tried = [d for d in load() if d.status == "not_yet" and d.tried]
    not_yet = [d for d in load() if d.status == "not_yet"]
    assert len(tried) == len(not_yet), "the not_yet designs carry the card a designer tried"
    for design in tried:
        (at,) = [n for n, line in enumerate(lines) if line.startswith(f"  {design.id}: `")]
        said = lines[at + 1].strip()
        assert said.startswith(("error[E", "validates now")), said
