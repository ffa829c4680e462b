"""The fuzz targets answer every kept input, and a short coverage-guided run finds no crash.

The seed corpus and every input that once crashed (``tests/fuzz/crashes/``) are replayed
through their target here, without atheris; with atheris installed each target is also
fuzzed for a few seconds (``python -m tests.fuzz.run``). The long run:
``python -m tests.fuzz.long --minutes 30`` (docs/packs.md "Fuzzing").
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fuzz.targets import EVERY, TARGETS, inputs, runner

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_every_target_has_seeds(target: str) -> None:
    assert inputs(target), f"tests/fuzz/corpus/{target}/ has no seed"


@pytest.mark.parametrize("target", [*sorted(TARGETS), EVERY])
def test_every_kept_input_is_answered_without_a_crash(target: str) -> None:
    for path in inputs(target):
        runner(target)(path.read_bytes())


@pytest.mark.skipif(importlib.util.find_spec("atheris") is None, reason="atheris not installed")
def test_a_short_coverage_guided_run_finds_no_crash() -> None:
    """Every target, in one process: some seconds of mutations from all the seeds."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.fuzz.run", EVERY, "--seconds=6"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Done" in done.stderr  # libFuzzer's last line: the run went to its end
