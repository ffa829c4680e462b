"""The benchmark of the ``search`` agent's simulations a second (BENCHMARKS.md "Issue 26")
measures both games, and the compiled-engine experiment names what it compiles."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchmarks import mypyc_build, search_bench


def test_search_bench_prints_simulations_a_second_for_both_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    search_bench.main(["--seeds", "0", "1", "--decisions", "1", "--rounds", "1"])
    rows = [line.split("|")[1:-1] for line in capsys.readouterr().out.splitlines()[2:]]
    assert [row[0].strip() for row in rows] == ["lastlight", "starlight"]
    for _, per_second, simulations, searched, _ in rows:
        # One searched decision each: the agent's iterations, every guess played out.
        assert int(searched) == 1
        assert int(simulations.replace(",", "")) > 1
        assert float(per_second.replace(",", "")) > 0


def test_mypyc_build_lists_the_engine_and_leaves_out_weakly_referenced_classes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mypyc_build.main(["--list"])
    listed = capsys.readouterr().out.split()
    assert "interpreter/vm.py" in listed
    assert "interpreter/lastlight/game.py" in listed
    assert "interpreter/starlight/game.py" in listed
    assert "interpreter/lastlight/content.py" not in listed  # Runtime is weakly referenced
    assert "interpreter/runner.py" in listed  # its RuntimeError stays a Python class
    assert not any(path.endswith("__init__.py") for path in listed)


def test_search_bench_prints_the_options_chosen_at_searched_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # What a speed change of the search is checked by: the same options at the same seeds.
    search_bench.main(
        ["--games", "starlight", "--seeds", "0", "1", "--decisions", "1", "--rounds", "1",
         "--choices"]
    )  # fmt: skip
    last = capsys.readouterr().out.splitlines()[-1]
    head, _, chosen = last.partition(": ")
    assert head == "starlight seed 0 searched"
    assert len(chosen.split()) == 1  # one searched decision, one option id


def test_search_bench_traces_each_searched_decisions_simulations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # What a speed change must keep: every simulation's result and the generator's state.
    trace = tmp_path / "trace.txt"
    search_bench.main(
        ["--games", "starlight", "--seeds", "0", "1", "--decisions", "1", "--rounds", "1",
         "--trace", str(trace)]
    )  # fmt: skip
    (line,) = trace.read_text().splitlines()
    head, _, results = line.partition(" results ")
    assert head.startswith("starlight seed 0 ") and " rng " in head
    assert len(results.split()) == 16  # the agent's iterations, each a float's repr
    assert all(float(r) == float(r) for r in results.split())


def test_search_bench_against_a_checkout_runs_both_and_compares_their_traces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The same checkout on both sides: the same games, so the same traces.
    root = Path(search_bench.__file__).resolve().parents[1]
    search_bench.main(
        ["--games", "starlight", "--seeds", "0", "1", "--decisions", "1", "--rounds", "1",
         "--times", "1", "--against", str(root), "--python", sys.executable]
    )  # fmt: skip
    out = capsys.readouterr().out
    (row,) = [line for line in out.splitlines() if line.startswith("| starlight |")]
    assert row.count("/") == 0 and row.endswith("x |")  # one run each, and their ratio
    assert "the same choices, simulated results and generator states: yes" in out
    assert "WHITEDWARF_CARD_VALUES=off" in out
