"""``whitedwarf report DIR...``: a report rebuilt from the records, batches merged into one,
and batches that cannot be merged refused in one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.tally import Tally

from tests.simulation.helpers import run

BATCH = ("simulate", "--players", "3", "--agents", "random,heuristic", "--games", "6")


@pytest.fixture(scope="module")
def batches(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("batches")
    made = {
        "one": (*BATCH, "--seed", "1"),
        "two": (*BATCH, "--seed", "2", "--records", "jsonl.gz"),
        "again": (*BATCH, "--seed", "1"),
        "heuristic": ("simulate", "--players", "3", "--agents", "heuristic", "--games", "2"),
        "four": ("simulate", "--players", "4", "--agents", "random", "--games", "2"),
    }
    for name, args in made.items():
        code, out = run(*args, "--out", str(root / name))
        assert code == 0, out
    return {name: root / name for name in made}


def test_the_report_is_rebuilt_from_the_records(batches: dict[str, Path], tmp_path: Path) -> None:
    folder = tmp_path / "copy"
    folder.mkdir()
    for name in ("batch.json", "games.jsonl"):
        (folder / name).write_bytes((batches["one"] / name).read_bytes())
    code, out = run("report", str(folder))
    assert code == 0, out
    assert (folder / "summary.json").read_text() == (batches["one"] / "summary.json").read_text()
    assert (folder / "report.html").read_text() == (batches["one"] / "report.html").read_text()
    summary = json.loads((folder / "summary.json").read_text())
    assert f"- {summary['sentences'][0]}" in out and f"report: {folder / 'report.html'}" in out


def test_two_batches_merge_into_one_report(batches: dict[str, Path], tmp_path: Path) -> None:
    merged = tmp_path / "merged"
    code, out = run("report", str(batches["one"]), str(batches["two"]), "--out", str(merged))
    assert code == 0, out
    summary = json.loads((merged / "summary.json").read_text())
    records = [*store.records(batches["one"]), *store.records(batches["two"])]
    expected = json.loads(json.dumps(Tally.of(records).summary()))
    # The numbers are the tally's of both batches' records; the report also names the packs
    # played and the cards (from the batches' config), and its sentences use those names.
    named = {"packs", "names", "sentences"}
    assert {k: v for k, v in summary.items() if k not in named} == {
        k: v for k, v in expected.items() if k not in named
    }
    assert [pack["id"] for pack in summary["packs"]] == ["lastlight"]
    assert summary["games"] == 12
    assert summary["sentences"][0].startswith("12 games of 3 players")
    assert (merged / "report.html").exists()


@pytest.mark.parametrize(
    ("other", "said"),
    [
        ("heuristic", "their agents differ (random,heuristic in {a}, heuristic in {b})"),
        ("four", "their players differ (3 in {a}, 4 in {b})"),
        ("again", "both are of seed 1, so they played the same games; give each batch its own"),
    ],
)
def test_batches_that_differ_are_refused_naming_the_difference(
    batches: dict[str, Path], tmp_path: Path, other: str, said: str
) -> None:
    a, b = batches["one"], batches[other]
    code, out = run("report", str(a), str(b), "--out", str(tmp_path / "m"))
    assert code == 1
    assert f"Error: cannot merge {a} and {b}: {said.format(a=a, b=b)}" in out
    assert not (tmp_path / "m").exists()


def test_several_batches_need_an_out_folder(batches: dict[str, Path]) -> None:
    code, out = run("report", str(batches["one"]), str(batches["two"]))
    assert code == 2 and "give --out DIR for the report of the 2 batches merged" in out


def test_a_batch_still_running_is_reported_as_far_as_it_got(
    batches: dict[str, Path], tmp_path: Path
) -> None:
    folder = tmp_path / "running"
    folder.mkdir()
    (folder / "batch.json").write_bytes((batches["one"] / "batch.json").read_bytes())
    lines = (batches["one"] / "games.jsonl").read_text().splitlines(keepends=True)
    (folder / "games.jsonl").write_text("".join(lines[:4]) + lines[4][:30])  # mid-write
    code, out = run("report", str(folder))
    assert code == 0, out
    assert "note: " in out and "holds 4 of 6 games" in out
    assert json.loads((folder / "summary.json").read_text())["games"] == 4
    assert (folder / "games.jsonl").read_text().endswith(lines[4][:30])  # left as it is


def test_a_batch_without_records_has_nothing_to_report(
    batches: dict[str, Path], tmp_path: Path
) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    (folder / "batch.json").write_bytes((batches["one"] / "batch.json").read_bytes())
    code, out = run("report", str(folder))
    assert code == 1 and f"Error: {folder} holds no game records yet: nothing to report" in out
    assert not (folder / "summary.json").exists()
    code, out = run("report", str(tmp_path))
    assert code == 1 and f"Error: {tmp_path} holds no batch (batch.json is missing)" in out
