"""The streaming tally gives the summary the records gave as a whole list, and merges.

The fixtures are real batches (Last Light at 4 players, at 3 with a pool of agents, Starlight
with gods): their records and the ``summary.json`` that the list-based summary (before the
tally) wrote for them. The sentences are left out of the comparison: they are written from
the numbers, and change with the report's wording.
"""

from __future__ import annotations

import gzip
import json
import math
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.simulation.summary import achievement_tests
from whitedwarf.interpreter.simulation.tally import Tally

from tests.simulation.helpers import run

FIXTURES = Path(__file__).parent / "fixtures" / "summaries"
BATCHES = sorted(p.name for p in FIXTURES.iterdir())


def _records(name: str) -> list[dict[str, Any]]:
    with gzip.open(FIXTURES / name / "games.jsonl.gz", "rt", encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def _expected(name: str) -> dict[str, Any]:
    with gzip.open(FIXTURES / name / "summary.json.gz", "rt", encoding="utf-8") as stream:
        summary: dict[str, Any] = json.load(stream)
    if "achievements" in summary:
        # The list-based summary wrote each achievement's counts; the report has since added
        # their tests, a function of those counts alone (test_report_by_hand checks it).
        summary["achievements"] = achievement_tests(summary["achievements"])
    if "techs" in summary:
        summary["techs"] = _tested_family(summary["techs"], summary["games"] * summary["players"])
    return _exact_bounds(summary)


def _tested_family(rows: list[dict[str, Any]], seat_games: int) -> list[dict[str, Any]]:
    """The fixture's techs with Benjamini-Hochberg over the techs tested only: the
    list-based summary also counted a tech no player (or every player) owned, which has
    nothing to test (test_a_tech_nobody_owned_leaves_the_others_correction_alone)."""
    from whitedwarf.interpreter.simulation import stats

    tested = [r for r in rows if 0 < r["owned_games"] < seat_games]
    adjusted = dict(
        zip(
            (r["name"] for r in tested),
            stats.benjamini_hochberg([r["p"] for r in tested]),
            strict=True,
        )
    )
    out = []
    for row in rows:
        p_adjusted = adjusted.get(row["name"], 1.0)
        out.append({**row, "p_adjusted": p_adjusted, "significant": p_adjusted < stats.ALPHA})
    return out


def _exact_bounds(data: Any, key: str = "") -> Any:
    """The fixture's Wilson bounds with 0 of n (n of n) at 0 (1) exactly, as stats.wilson
    gives them since: the list-based summary wrote what its arithmetic left, such as 5.6e-17
    for the lower bound of none of 24 and 0.9999999999999999 for the upper bound of all."""
    if isinstance(data, dict):
        return {k: _exact_bounds(v, k) for k, v in data.items()}
    if isinstance(data, list):
        return [_exact_bounds(v, key) for v in data]
    if isinstance(data, float) and key.endswith(("low", "high")):
        for exact in (0.0, 1.0):
            if data != exact and math.isclose(data, exact, rel_tol=0, abs_tol=1e-15):
                return exact
    return data


def _numbers(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary as summary.json holds it, without its sentences."""
    data: dict[str, Any] = json.loads(json.dumps(summary, sort_keys=True))
    data.pop("sentences")
    return data


@pytest.mark.parametrize("name", BATCHES)
def test_records_added_one_by_one_give_the_summary_of_the_whole_list(name: str) -> None:
    tally = Tally()
    for record in _records(name):
        tally.add(record)
    assert _numbers(tally.summary()) == _numbers(_expected(name))


def _close(a: Any, b: Any, where: str = "") -> None:
    """Equal, floats to 1e-12 (a merge adds the win shares in another order)."""
    if isinstance(a, float) or isinstance(b, float):
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12), where
    elif isinstance(a, dict):
        assert isinstance(b, dict) and sorted(a) == sorted(b), where
        for key in a:
            _close(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _close(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


@pytest.mark.parametrize("name", BATCHES)
def test_tallies_of_parts_merge_into_the_tally_of_the_whole(name: str) -> None:
    records = _records(name)
    parts = [Tally.of(records[i::3]) for i in range(3)]  # three machines, games interleaved
    merged = Tally()
    for part in parts:
        merged.merge(part)
    _close(_numbers(merged.summary()), _numbers(_expected(name)))


def test_ties_and_errors_merge_too() -> None:
    """Shares of a three-way tie (1/3 is not exact in binary) and errored games merge."""
    records = _records("lastlight-4p")[:12]
    records[3] = {**records[3], "winners": [0, 1, 2]}
    records[5] = {"index": 5, "seed": 1, "agents": records[5]["agents"], "error": "a loop"}
    whole = Tally.of(records).summary()
    merged = Tally.of(records[:7])
    merged.merge(Tally.of(records[7:]))
    _close(_numbers(merged.summary()), _numbers(whole))
    assert merged.summary()["errors"] == [records[5]]


def test_a_batch_ten_times_longer_holds_no_more_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`simulate`'s own process (records written, counted, the report made) peaks no higher
    for 1,000 games than for 100: the records are not kept. The games are the fixture's,
    handed out afresh (a new dict each) in place of playing them, so only the parent's
    memory is measured, with tracemalloc, from the first game to the report written."""
    from whitedwarf.tools import batch_run

    texts = [json.dumps(r) for r in _records("lastlight-4p")]

    def handed_out(config: object, indices: range, workers: int) -> Iterator[dict[str, Any]]:
        tracemalloc.start()  # from the first game on: the packs' loading is the same for both
        for i in indices:
            yield {**json.loads(texts[i % len(texts)]), "index": i}

    monkeypatch.setattr(batch_run, "run_local", handed_out)

    def peak(games: int) -> int:
        out = tmp_path / str(games)
        code, text = run("simulate", "--agents", "random", "--games", str(games), "--out", str(out))
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert code == 0, text
        assert len((out / "games.jsonl").read_text().splitlines()) == games
        return size

    small, large = peak(100), peak(1000)
    assert large < 1.5 * small, (small, large)


def test_the_paired_change_of_length_is_counted_as_the_records_stream() -> None:
    """compare pairs the two batches' games by index as both files are read: the mean and
    interval are those of the list of changes (statistics.fmean and stdev)."""
    import statistics

    from whitedwarf.interpreter.simulation import stats
    from whitedwarf.interpreter.simulation.comparison import paired_rounds

    base = _records("lastlight-4p")
    variant = [{**r, "rounds": r["rounds"] + r["index"] % 3} for r in base]
    variant[5] = {"index": 5, "seed": 0, "agents": [], "error": "stopped"}  # left out
    diffs = [
        v["rounds"] - b["rounds"] for b, v in zip(base, variant, strict=True) if "error" not in v
    ]
    half = stats.t_quantile(0.975, len(diffs) - 1) * statistics.stdev(diffs) / math.sqrt(len(diffs))
    mean = statistics.fmean(diffs)
    got = paired_rounds(iter(base), iter(variant[:-3]))  # a variant still running: 3 fewer
    assert got["pairs"] == len(diffs) - 3
    got = paired_rounds(iter(base), iter(variant))
    assert got["pairs"] == len(diffs) and got["mean"] == mean
    assert math.isclose(got["low"], mean - half, rel_tol=1e-12)
    assert math.isclose(got["high"], mean + half, rel_tol=1e-12)


def test_a_tech_nobody_owned_leaves_the_others_correction_alone() -> None:
    """A tech drawn but never owned at the end has no owners' win rate to test: it is no
    test of the Benjamini-Hochberg family, so every other tech's corrected p is the same
    with or without it (before, it made each correction stricter by one test)."""
    records = _records("lastlight-4p")
    plain = Tally()
    for record in records:
        plain.add(record)
    ghost = Tally()
    for index, record in enumerate(records):
        if index == 0 and "techs" in record:
            techs = [dict(t) for t in record["techs"]]
            techs[0] = {**techs[0], "drawn": {**techs[0]["drawn"], "ghost_tech": 1}}
            record = {**record, "techs": techs}
        ghost.add(record)
    before = {r["name"]: r for r in plain.summary()["techs"]}
    after = {r["name"]: r for r in ghost.summary()["techs"]}
    assert after["ghost_tech"]["owned_games"] == 0 and after["ghost_tech"]["p_adjusted"] == 1.0
    assert not after["ghost_tech"]["significant"]
    assert {n: r["p_adjusted"] for n, r in before.items()} == {
        n: r["p_adjusted"] for n, r in after.items() if n != "ghost_tech"
    }


def test_a_short_comparisons_length_interval_is_students_t() -> None:
    """Five pairs of games, each variant game 1 to 5 rounds longer: the 95% interval is the
    mean 3 +- t(0.975, 4) 2.7764 x 1.5811 / sqrt(5) = +- 1.963 (a textbook t table), not
    the normal +- 1.386 it was."""
    from whitedwarf.interpreter.simulation.comparison import paired_rounds

    base = [{"index": i, "rounds": 20} for i in range(5)]
    variant = [{"index": i, "rounds": 21 + i} for i in range(5)]
    got = paired_rounds(iter(base), iter(variant))
    assert got["mean"] == 3.0
    assert math.isclose(got["low"], 3 - 1.9632, abs_tol=5e-4)
    assert math.isclose(got["high"], 3 + 1.9632, abs_tol=5e-4)
