"""``compare --resume``: an interrupted comparison goes on where it stopped (issue 23).

Ctrl-C said "continue with --resume runs/x/base", but compare had no --resume, and running
compare again after finishing the base with `simulate --resume` was refused ("already holds a
batch"): the only way on threw the finished games away.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.simulation.helpers import run

#: 3-player games of about 20 ms each: a batch of 120 is still running when its third
#: record is written.
COMPARE = ("compare", "--players", "3", "--agents", "heuristic,random", "--seed", "5")
PACKS = ("--base", "lastlight", "--variant", "lastlight")


def _interrupted(cut: Path, games: int) -> tuple[int, bytes]:
    """A comparison sent Ctrl-C once its variant batch has written three records: the exit
    code and what it said on stderr."""
    command = [sys.executable, "-m", "whitedwarf.tools.cli", *COMPARE, *PACKS]
    process = subprocess.Popen(
        [*command, "--games", str(games), "--out", str(cut), "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal
    )
    variant = cut / "variant" / "games.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (
        variant.exists() and variant.read_text().count("\n") >= 3
    ):
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    return process.returncode, err


def test_an_interrupted_comparison_resumes_to_the_same_records(tmp_path: Path) -> None:
    games = 120
    cut = tmp_path / "cut"
    code, err = _interrupted(cut, games)
    kept = (cut / "variant" / "games.jsonl").read_text().count("\n")
    assert code == 130 and 3 <= kept < games, (kept, err)  # interrupted (README: exit codes)
    assert f"continue with whitedwarf compare --resume {cut}".encode() in err
    assert not (cut / "comparison.json").exists()
    code, text = run("compare", "--resume", str(cut), "-q")
    assert code == 0, text
    assert "report:" in text and (cut / "comparison.html").exists()
    whole = tmp_path / "whole"
    code, _ = run(*COMPARE, *PACKS, "--games", str(games), "--out", str(whole), "-q")
    assert code == 0
    for side in ("base", "variant"):
        assert (cut / side / "games.jsonl").read_text() == (
            whole / side / "games.jsonl"
        ).read_text()
    said = json.loads((cut / "comparison.json").read_text())["sentences"]
    assert said == json.loads((whole / "comparison.json").read_text())["sentences"]


def _half_played(out: Path) -> tuple[str, ...]:
    """A comparison of 4 games whose variant batch was stopped after one game (as Ctrl-C
    leaves it); the command that started it."""
    command = (*COMPARE, *PACKS, "--games", "4", "--out", str(out))
    assert run(*command)[0] == 0
    games = out / "variant" / "games.jsonl"
    games.write_text(games.read_text().splitlines(keepends=True)[0])
    for name in ("comparison.json", "comparison.html"):
        (out / name).unlink()
    return command


def test_running_the_same_compare_again_keeps_the_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "c"
    command = _half_played(out)
    base_before = (out / "base" / "games.jsonl").read_text()
    code, text = run(*command)
    assert code == 0, text
    assert "base: 4 of 4 games already in" in text and "variant: 1 of 4 games already in" in text
    assert (out / "base" / "games.jsonl").read_text() == base_before
    assert (out / "variant" / "games.jsonl").read_text().count("\n") == 4
    assert (out / "comparison.json").exists()


def test_a_finished_side_of_other_settings_is_refused_in_one_sentence(tmp_path: Path) -> None:
    out = tmp_path / "c"
    _half_played(out)
    before = (out / "base" / "games.jsonl").read_text()
    code, text = run(*COMPARE[:-1], "6", *PACKS, "--games", "4", "--out", str(out))
    assert code == 2  # an output already there: the command line (README: exit codes)
    assert text.strip() == (
        f"Error: {out / 'base'} already holds a batch of other settings (seed 5, not 6); pass "
        "--force to overwrite it, or --out another folder"
    )
    assert (out / "base" / "games.jsonl").read_text() == before
    code, text = run(*COMPARE, *PACKS, "--games", "5", "--out", str(out))
    assert code == 2 and "(games 4, not 5)" in text
    code, text = run(*COMPARE[:-3], "random", *COMPARE[-2:], *PACKS, "--games", "4",
                     "--out", str(out))  # fmt: skip
    assert code == 2 and "(agents heuristic,random, not random)" in text


def test_resume_refuses_a_setting_it_would_ignore(tmp_path: Path) -> None:
    out = tmp_path / "c"
    _half_played(out)
    code, text = run("compare", "--resume", str(out), "--games", "40")
    assert code == 2 and "--games would be ignored" in text
    code, text = run("compare", "--players", "3")
    assert code == 2 and "give --base PACK, --variant PACK and --out DIR" in text


def test_resume_refuses_two_batches_that_are_not_one_comparison(tmp_path: Path) -> None:
    out = tmp_path / "c"
    _half_played(out)
    settings = out / "variant" / "batch.json"
    config = json.loads(settings.read_text())
    settings.write_text(json.dumps(config | {"seed": 9}))
    code, text = run("compare", "--resume", str(out))
    assert (
        code == 1
        and (
            f"{out / 'base'} and {out / 'variant'} are not one comparison: the base has seed 5, "
            "the variant 9"
        )
        in text
    )


def test_the_packs_are_named_and_both_reports_linked(tmp_path: Path) -> None:
    out = tmp_path / "c"
    code, text = run(*COMPARE, *PACKS, "--games", "2", "--out", str(out))
    assert code == 0, text
    # The folder played, then each pack with its version, then where its full report is.
    for side in ("base", "variant"):
        report = re.escape(str(out / side / "report.html"))
        assert re.search(
            rf"^{side} pack \S+ \(lastlight 1\.0\.0\), its report {report}$", text, re.M
        )
    page = (out / "comparison.html").read_text()
    assert '<a href="base/report.html">' in page and '<a href="variant/report.html">' in page
    result = json.loads((out / "comparison.json").read_text())
    assert [p["id"] for p in result["packs"]["variant"]] == ["lastlight"]
