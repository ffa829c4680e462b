"""The benchmark of the ``search`` agent's simulations a second (BENCHMARKS.md "Issue 26")
measures both games, and the compiled-engine experiment names what it compiles."""

from __future__ import annotations

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
