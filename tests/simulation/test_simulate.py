"""``whitedwarf simulate``: deterministic records, resume, refusal to overwrite, the report."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from whitedwarf.interpreter.simulation.tally import summarise

from tests.browser import browser, console_errors  # noqa: F401 (a fixture)
from tests.simulation.helpers import run

BATCH = ("simulate", "--players", "3", "--agents", "heuristic,random", "--seed", "5")


def test_same_seed_same_records_whatever_the_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    assert run(*BATCH, "--games", "10", "--workers", "1", "--out", str(one))[0] == 0
    assert run(*BATCH, "--games", "10", "--workers", "2", "--out", str(two))[0] == 0
    lines = (one / "games.jsonl").read_text()
    assert lines == (two / "games.jsonl").read_text()
    assert len(lines.splitlines()) == 10


def test_the_default_workers_use_the_machine_and_write_the_same_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from whitedwarf.tools import batch_run

    asked: list[int] = []
    real_run_local = batch_run.run_local

    def spy(config: object, indices: list[int], workers: int) -> object:
        asked.append(workers)
        return real_run_local(config, indices, workers)  # type: ignore[arg-type]

    monkeypatch.setattr(batch_run, "usable_cores", lambda: 2)
    monkeypatch.setattr(batch_run, "run_local", spy)
    one, default = tmp_path / "one", tmp_path / "default"
    assert run(*BATCH, "--games", "10", "--workers", "1", "--out", str(one))[0] == 0
    assert run(*BATCH, "--games", "10", "--out", str(default))[0] == 0
    assert asked == [1, 2]  # the default: one process a usable core
    assert (one / "games.jsonl").read_text() == (default / "games.jsonl").read_text()


def test_a_batch_of_one_chunk_starts_no_pool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from whitedwarf.interpreter.simulation import workers

    def no_pool(*_: object, **__: object) -> None:
        raise AssertionError("a pool was started for one chunk of games")

    monkeypatch.setattr(workers.multiprocessing, "get_context", no_pool)
    assert (
        run(*BATCH, "--games", str(workers.CHUNK), "--workers", "8", "--out", str(tmp_path / "b"))[
            0
        ]
        == 0
    )
    assert len((tmp_path / "b" / "games.jsonl").read_text().splitlines()) == workers.CHUNK


def test_an_existing_batch_is_not_overwritten_without_force(tmp_path: Path) -> None:
    out = tmp_path / "batch"
    assert run(*BATCH, "--games", "2", "--out", str(out))[0] == 0
    before = (out / "games.jsonl").read_text()
    code, text = run(*BATCH, "--games", "3", "--out", str(out))
    assert code == 2 and "--force" in text  # an output already there (README "Exit codes")
    assert (out / "games.jsonl").read_text() == before
    assert run(*BATCH, "--games", "3", "--out", str(out), "--force")[0] == 0
    assert len((out / "games.jsonl").read_text().splitlines()) == 3


def test_resume_after_ctrl_c_completes_to_the_same_records(tmp_path: Path) -> None:
    games_in_batch = 120  # about 20 ms each: still running when the third record is written
    cut = tmp_path / "cut"
    process, kept, err = _interrupted(cut, games_in_batch)
    assert process.returncode == 130 and 3 <= kept < games_in_batch, (kept, err)
    assert b"--resume" in err
    assert run("simulate", "--resume", str(cut))[0] == 0
    whole = tmp_path / "whole"
    assert run(*BATCH, "--games", str(games_in_batch), "--out", str(whole))[0] == 0
    assert (cut / "games.jsonl").read_text() == (whole / "games.jsonl").read_text()


def _interrupted(cut: Path, games_in_batch: int) -> tuple[subprocess.Popen[bytes], int, bytes]:
    """A batch sent Ctrl-C once its third record is written: the process, records kept,
    and what it said on stderr."""
    command = [sys.executable, "-m", "whitedwarf.tools.cli", *BATCH, "--games", str(games_in_batch)]
    process = subprocess.Popen(
        [*command, "--out", str(cut)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # Ctrl-C as a terminal delivers it. A suite run in the background by a shell without
        # job control starts with SIGINT ignored, which Python (and so the batch) inherits:
        # that, not timing, is why this test once saw whole batches end uninterrupted.
        preexec_fn=_default_interrupts,
    )
    games = cut / "games.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (
        games.exists() and games.read_text().count("\n") >= 3
    ):
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    return process, games.read_text().count("\n"), err


def _default_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _record(index: int, factions: list[str], winners: list[int], rounds: int) -> dict:
    return {
        "index": index,
        "seed": index,
        "players": 2,
        "seats": [0, 1],
        "agents": ["heuristic", "random"],
        "factions": factions,
        "achievements": [{"kept": "a", "done": []}, {"kept": None, "done": ["b"]}],
        "winners": winners,
        "light": [20, 5],
        "light_by_source": [{"refresh": 4, "trade": 1}, {"refresh": 2}],
        "techs": [
            {"drawn": {"t": 1}, "kept": {"t": 1}, "built": {"t": 1}, "in_play": ["t"]},
            {"drawn": {"t": 1}, "kept": {}, "built": {}, "in_play": []},
        ],
        "rounds": rounds,
        "reason": "light",
        "explored": ["wormhole"],
        "revealed": [],
    }


def test_the_summary_matches_a_hand_count() -> None:
    records = [
        _record(0, ["deshard", "hexan"], [0], 10),
        _record(1, ["hexan", "deshard"], [0], 12),
        _record(2, ["deshard", "hexan"], [0, 1], 12),
        _record(3, ["hexan", "deshard"], [1], 14),
    ]
    summary = summarise(records)
    factions = {r["name"]: r for r in summary["factions"]}
    # deshard: won game 0, lost 1, half of 2, won 3 -> 2.5 of 4
    assert factions["deshard"]["wins"] == 2.5 and factions["deshard"]["games"] == 4
    assert factions["hexan"]["rate"] == pytest.approx(1.5 / 4)
    seats = {r["name"]: r for r in summary["seats"]}
    assert seats["seat 0"]["wins"] == 2.5  # games 0, 1 and half of 2
    agents = {r["name"]: r for r in summary["agents"]}
    assert agents["heuristic"]["wins"] == 2.5 and agents["random"]["wins"] == 1.5
    assert summary["rounds"]["histogram"] == {"10": 1, "12": 2, "14": 1}
    assert summary["rounds"]["mean"] == 12
    light = summary["light_sources"]
    assert light["all"] == {"refresh": 3.0, "trade": 0.5}  # (4+2)*4 / 8 seats, 4/8
    tech = summary["techs"][0]
    assert tech["name"] == "t" and tech["drawn"] == 1.0 and tech["built"] == 0.5
    assert tech["win_owned"] == pytest.approx(2.5 / 4)  # owned by seat 0 in every game
    counts = [{k: a[k] for k in ("name", "kept", "done", "rate")} for a in summary["achievements"]]
    assert counts == [
        {"name": "a", "kept": 4, "done": 0, "rate": 0.0},
        {"name": "b", "kept": 4, "done": 4, "rate": 1.0},
    ]
    # Wilson of 0 of 4: 0 to z²/(n + z²) = 3.8416/7.8416; of 4 of 4: 4/7.8416 to 1. Each
    # against the other: 0 of 4 against 4 of 4, Fisher's p = 2/70, Holm over two: 4/70.
    a, b = summary["achievements"]
    assert (a["low"], a["high"]) == pytest.approx((0.0, 0.4899), abs=1e-4)
    assert (b["low"], b["high"]) == pytest.approx((0.5101, 1.0), abs=1e-4)
    assert a["others"] == 1.0 and b["others"] == 0.0
    assert a["p_adjusted"] == pytest.approx(4 / 70) and not a["significant"]
    assert summary["exploration"][0] == {
        "name": "wormhole",
        "explored": 4,
        "revealed": 0,
        "per_game": 1.0,
    }


def test_the_report_opens_in_a_browser_with_its_plots(tmp_path: Path, browser) -> None:  # noqa: F811
    out = tmp_path / "report"
    code, text = run(*BATCH, "--games", "6", "--out", str(out))
    assert code == 0 and "fair share" in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 6
    browser.get((out / "report.html").as_uri())
    assert console_errors(browser) == []
    plots = browser.find_elements("css selector", "svg.plot")
    assert len(plots) >= 3
    assert all(p.size["height"] > 30 and p.size["width"] > 300 for p in plots)
    assert "Win rate per faction" in browser.page_source
    assert "wins" in browser.find_element("css selector", "ul.lead").text


def test_records_carry_light_by_source_and_tech_counts(tmp_path: Path) -> None:
    out = tmp_path / "batch"
    assert run(*BATCH, "--games", "4", "--out", str(out))[0] == 0
    sources = {"refresh", "centre", "research", "trade", "graveyard", "exploration"}
    for line in (out / "games.jsonl").read_text().splitlines():
        record = json.loads(line)
        for seat, by_source in enumerate(record["light_by_source"]):
            assert sources <= set(by_source)
            assert sum(by_source.values()) >= record["light"][seat]  # light paid away is gone
        assert any(sum(t["built"].values()) for t in record["techs"])
        for tech in record["techs"]:
            assert set(tech["built"]) <= set(tech["in_play"]) | set(tech["built"])
    summary = json.loads((out / "summary.json").read_text())
    assert summary["light_sources"]["available"]


def test_the_report_names_a_faction_by_its_id_as_the_pack_does() -> None:
    from whitedwarf.interpreter.simulation.summary import sentences

    iou_nell = {
        "name": "iou_nell",
        "games": 400,
        "rate": 0.18,
        "low": 0.14,
        "high": 0.22,
        "significant": True,
    }
    summary = {
        "games": 1000,
        "players": 4,
        "fair_share": 0.25,
        "factions": [iou_nell],
        "first_player": None,
        "seats": [],
        "agents": [],
        "techs": [],
        "rounds": {"median": 27, "min": 17, "max": 35},
        "errors": [],
    }
    said = sentences(summary)
    assert "Faction iou_nell wins 18% (95% interval 14-22%) of its games, below the 25% " in said[1]


def test_a_setting_given_with_resume_is_refused_not_ignored(tmp_path: Path) -> None:
    out = tmp_path / "batch"
    assert run(*BATCH, "--games", "2", "--out", str(out))[0] == 0
    code, text = run("simulate", "--resume", str(out), "--games", "5000")
    assert code == 2
    assert "--resume continues the batch with the settings it was started with" in text
    assert "--games would be ignored" in text
    assert len((out / "games.jsonl").read_text().splitlines()) == 2


def test_the_report_says_why_an_interval_can_miss_the_fair_share_without_a_star(
    tmp_path: Path,
) -> None:
    out = tmp_path / "batch"
    assert run(*BATCH, "--games", "2", "--out", str(out))[0] == 0
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "The 95% interval is for the row alone; ★ holds after correcting for the number" in page


def test_a_misspelt_agent_gets_a_did_you_mean(tmp_path: Path) -> None:
    code, text = run("simulate", "--agents", "heuristik", "--out", str(tmp_path / "x"))
    assert code == 2
    assert "unknown agent 'heuristik'" in text and "did you mean `heuristic`?" in text
    assert not (tmp_path / "x").exists()


def test_a_batch_of_one_agent_has_no_per_agent_chart(tmp_path: Path) -> None:
    # One agent in every seat wins its fair share by definition: a chart of it says nothing.
    one, mixed = tmp_path / "one", tmp_path / "mixed"
    common = ("simulate", "--players", "2", "--games", "2", "--round-limit", "3")
    assert run(*common, "--agents", "random", "--out", str(one))[0] == 0
    assert run(*common, "--agents", "random,first", "--out", str(mixed))[0] == 0
    html = (one / "report.html").read_text()
    assert "Every seat was played by the random agent." in html
    assert "Win rate per agent" not in html
    assert "Win rate per agent" in (mixed / "report.html").read_text()


def test_the_report_names_cards_as_the_pack_does_and_its_packs(tmp_path: Path) -> None:
    """A designer knows Iou'Nell, the trace says iou_nell: the report shows both."""
    out = tmp_path / "named"
    code, text = run(*BATCH, "--games", "2", "--option", "factions=iou_nell", "--out", str(out))
    assert code == 0, text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["names"]["iou_nell"] == "Iou'Nell"
    assert [(p["id"], p["given"]) for p in summary["packs"]] == [("lastlight", False)]
    page = (out / "report.html").read_text()
    assert "<td>Iou&#x27;Nell (iou_nell)</td>" in page
    assert "Packs: the bundled pack (lastlight 1.0.0)." in page


def test_a_table_sorts_by_the_column_clicked(tmp_path: Path, browser) -> None:  # noqa: F811
    out = tmp_path / "report"
    assert run(*BATCH, "--games", "6", "--out", str(out))[0] == 0
    browser.get((out / "report.html").as_uri())
    table = browser.find_elements("css selector", "table.sortable")[0]  # the factions'
    header = table.find_elements("css selector", "th")

    def column(index: int) -> list[str]:
        return [
            row.find_elements("css selector", "td")[index].text
            for row in table.find_elements("css selector", "tbody tr")
        ]

    assert column(0) == sorted(column(0))  # as written: by name
    header[3].click()  # win rate, lowest first
    rates = [float(r.rstrip("%")) for r in column(3)]
    assert rates == sorted(rates)
    header[3].click()  # again: highest first
    assert [float(r.rstrip("%")) for r in column(3)] == sorted(rates, reverse=True)
    assert header[3].get_attribute("aria-sort") == "descending"
    assert console_errors(browser) == []
