"""A balance report for Starlight: seats, agents, points by source and, with gods, the gods.

``simulate --pack content/starlight --option gods=true`` deals gods in every game (003 "The
Gods": two dealt, one kept); the report gives each god's pick rate (kept when dealt) and its
keepers' win rate with intervals, and where the points came from (003 "Victory Points",
"Scoring"). ``compare`` of identical packs changes nothing, and reports agents and gods, not
Last Light's factions and techs.
"""

from __future__ import annotations

import json
from pathlib import Path

from whitedwarf.content import bundled_pack

from tests.simulation.helpers import run

PACK = str(bundled_pack("starlight"))
#: What every game's summary has (docs/simulate.md "summary.json").
COMMON = {"games", "errors", "players", "fair_share", "seats", "agents", "rounds", "reasons",
          "first_player", "sentences", "seat_agents", "packs", "names",
          "offers", "offer_seat_games"}  # fmt: skip
LAST_LIGHT = {"factions", "light_sources", "techs", "achievements", "exploration"}
RESULT = {"points", "point_sources", "picks", "pick_fair"}


def test_simulate_reports_the_gods_and_the_sources_of_points(tmp_path: Path) -> None:
    out = tmp_path / "gods"
    code, text = run("simulate", "--pack", PACK, "--players", "3", "--games", "6",
                     "--agents", "heuristic,heuristic,starbot", "--option", "gods=true",
                     "--seed", "4", "--out", str(out))  # fmt: skip
    assert code == 0, text
    summary = json.loads((out / "summary.json").read_text())
    gods = summary["picks"]["god"]
    # two live seats a game, each dealt two gods and keeping one
    assert sum(r["offered"] for r in gods) == 6 * 2 * 2
    assert sum(r["kept"] for r in gods) == sum(r["games"] for r in gods) == 6 * 2
    for row in gods:
        assert row["pick_rate"] == row["kept"] / row["offered"]
        assert row["pick_low"] <= row["pick_rate"] <= row["pick_high"]
    wins = sum(r["wins"] for r in gods) + next(
        r["wins"] for r in summary["agents"] if r["name"] == "starbot"
    )
    assert abs(wins - 6) < 1e-9  # every game's win is shared among the seats
    sources = summary["point_sources"]
    assert sources["available"] and sources["all"]["night slot"] > 0
    html = (out / "report.html").read_text()
    for heading in ("Win rate per god kept", "How often each god is kept when dealt",
                    "Where points came from", "Win rate per agent&#x27;s seat"):  # fmt: skip
        assert heading in html
    assert "faction" not in html.lower()


def test_without_gods_there_is_no_god_table(tmp_path: Path) -> None:
    out = tmp_path / "plain"
    code, text = run("simulate", "--pack", PACK, "--players", "2", "--games", "2",
                     "--agents", "heuristic,starbot", "--out", str(out))  # fmt: skip
    assert code == 0, text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["picks"] == {}
    assert "per god" not in (out / "report.html").read_text()


def test_a_starlight_summary_holds_only_what_a_starlight_game_has(tmp_path: Path) -> None:
    """No Last Light key, empty or not: a Starlight game has no factions, light, techs,
    achievements or exploration tokens; a Last Light batch keeps its own tables."""
    out = tmp_path / "sl"
    code, text = run("simulate", "--pack", PACK, "--players", "2", "--games", "2",
                     "--agents", "heuristic,starbot", "--out", str(out))  # fmt: skip
    assert code == 0, text
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary) == COMMON | RESULT, sorted(set(summary) ^ (COMMON | RESULT))
    assert summary["points"]["all"]["points"] > 0
    ll = tmp_path / "ll"
    code, text = run("simulate", "--players", "2", "--games", "2", "--agents", "random",
                     "--out", str(ll))  # fmt: skip
    assert code == 0, text
    summary = json.loads((ll / "summary.json").read_text())
    assert set(summary) == COMMON | LAST_LIGHT, sorted(set(summary) ^ (COMMON | LAST_LIGHT))
    assert "Win rate per faction" in (ll / "report.html").read_text()


def test_a_game_option_the_game_does_not_have_is_refused(tmp_path: Path) -> None:
    code, text = run("simulate", "--pack", PACK, "--players", "2", "--games", "2",
                     "--agents", "heuristic", "--option", "godz=true",
                     "--out", str(tmp_path / "x"))  # fmt: skip
    assert code == 2 and "godz=true" in text and "gods" in text


def test_compare_of_identical_packs_reports_agents_and_gods_unchanged(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    code, text = run("compare", "--base", PACK, "--variant", PACK, "--players", "3",
                     "--games", "4", "--agents", "heuristic,random,starbot",
                     "--option", "gods=true", "--out", str(out))  # fmt: skip
    assert code == 0, text
    result = json.loads((out / "comparison.json").read_text())
    rows = result["agents"] + result["picks"]["god"]
    assert rows and all(r["difference"] == 0 for r in rows)
    assert not {"factions", "techs", "techs_built"} & set(result)
    for side in ("base", "variant"):
        summary = json.loads((out / side / "summary.json").read_text())
        assert set(summary) == COMMON | RESULT
    html = (out / "comparison.html").read_text()
    assert "Agent win rates: variant minus base" in html and "per god kept" in html
    assert "Faction" not in html


def test_a_game_option_out_of_its_range_is_refused_before_any_game(tmp_path: Path) -> None:
    # The game checks its own options once, up front: before, every game of the batch
    # stopped with the error and the report said "0 games of 0 players" and exited 0.
    out = tmp_path / "x"
    code, text = run("simulate", "--pack", PACK, "--players", "2", "--games", "2",
                     "--agents", "heuristic,starbot", "--option", "starbot_level=999999999999",
                     "--out", str(out))  # fmt: skip
    assert code == 2 and "--option" in text and "starbot_level is a whole number 1 to 4" in text
    assert not out.exists()


def test_games_that_stop_with_an_error_are_said_and_a_batch_of_none_fails(
    tmp_path: Path, monkeypatch
) -> None:
    from whitedwarf.interpreter.simulation import batch

    def runaway(*args, **kwargs):
        raise ValueError("card `x`: a runaway effect")

    monkeypatch.setattr(batch, "play", runaway)
    out = tmp_path / "failed"
    code, text = run("simulate", "--pack", PACK, "--players", "2", "--games", "2",
                     "--agents", "heuristic", "--seed", "1", "--out", str(out))  # fmt: skip
    assert code == 1 and "no game of the batch finished" in text
    assert "- No game of the 2 finished: each stopped with an error (game 0, seed " in text
    assert "card `x`: a runaway effect" in text
    # Nothing is said of games that were not played: no "0 games of 0 players", no "a fair
    # share of wins is 0%", no "Games last 0 rounds".
    assert "0 games of 0 players" not in text and "last 0 rounds" not in text
    page = (out / "report.html").read_text()
    assert "No game of the 2 finished" in page
    assert "Game length" not in page and "Win rate per seat" not in page  # empty tables
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 0 and len(summary["errors"]) == 2
