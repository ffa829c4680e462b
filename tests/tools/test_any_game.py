"""Every command serves any installed game with an engine, not only Last Light (issue 10 item 4).

The proof is the tiny game of ``tests/dsl/tiny_game`` (a bean race with its own vocabulary,
content, engine and an automated ``scarecrow`` seat), installed the way pip installs a
third-party game, driven through the ``whitedwarf`` command exactly as a user would: validate,
play, replay, doc and schema work; the commands that draw Last Light's board or report on its
factions refuse in one line naming the game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

from tests.dsl.test_games import tiny_installed  # noqa: F401  (the fixture)

pytestmark = pytest.mark.usefixtures("tiny_installed")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture
def garden(tmp_path: Path) -> Path:
    """A pack of the tiny game: two spells sowing at dawn."""
    folder = tmp_path / "garden"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: garden\nname: Garden\nversion: 1.0.0\ngame: tiny\n", encoding="utf-8"
    )
    (folder / "spells.yaml").write_text(
        "- id: sunrise\n  name: Sunrise\n  source: invented\n  effect: when dawn -> sow 2 bean\n"
        "- id: drizzle\n  name: Drizzle\n  source: invented\n  effect: when dawn -> sow 1 bean\n",
        encoding="utf-8",
    )
    return folder


def play(garden: Path, log: Path, *extra: str) -> tuple[int, str]:
    return run("play", "--pack", str(garden), "--seats", "random,scarecrow,first",
               "--seed", "7", "--replay", str(log), *extra)  # fmt: skip


def test_validate_a_pack_of_another_game(garden: Path) -> None:
    code, out = run("validate", "--no-cache", str(garden))
    assert code == 0, out
    (garden / "spells.yaml").write_text(
        "- id: sunrise\n  name: Sunrise\n  source: invented\n  effect: when dawn -> sow 9 bean\n",
        encoding="utf-8",
    )
    code, out = run("validate", "--no-cache", str(garden))
    assert code == 1 and "spells.yaml:4:" in out  # 9 is over the verb's range 1-5


def test_play_then_replay_a_game_with_an_automated_seat(garden: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    code, out = play(garden, log, "--format", "json")
    assert code == 0, out
    summary = json.loads(out)
    assert summary["reason"] in ("harvest", "round limit")
    assert len(summary["points"]) == 3 and summary["winners"]
    header = json.loads(log.read_text().splitlines()[0])
    assert header["game"] == "tiny" and header["engine"] == "tiny-engine-1"
    assert header["seats"] == ["random", "scarecrow", "first"]
    assert header["options"] == {"seats": ["live", "scarecrow", "live"]}
    decisions = [json.loads(line) for line in log.read_text().splitlines()]
    seats = {d["seat"] for d in decisions if d["type"] == "decision"}
    assert seats == {0, 2}  # the scarecrow is never asked
    sown = [d for d in decisions if d["type"] == "event" and d["kind"] == "sow"]
    assert {d["card"] for d in sown} == {"sunrise", "drizzle"}  # the pack's spells take effect

    code, out = run("replay", "--pack", str(garden), str(log))
    assert code == 0, out
    assert out.startswith(f"verified: {summary['decisions']} decisions reproduce")
    assert summary["final_hash"] in out


def test_the_same_seed_writes_the_same_replay(garden: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert play(garden, first)[0] == 0 and play(garden, second)[0] == 0
    assert first.read_bytes() == second.read_bytes()


def test_an_altered_replay_is_refused(garden: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert play(garden, log)[0] == 0
    lines = log.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if '"type":"decision"' in line)
    swapped = "gamble" if '"plant"' in lines[at] else "plant"
    lines[at] = lines[at].replace('"plant"', f'"{swapped}"').replace('"gamble"', f'"{swapped}"')
    log.write_text("\n".join(lines) + "\n")
    code, out = run("replay", "--pack", str(garden), str(log))
    assert code == 1 and out.startswith(f"Error: {log}:") and "Traceback" not in out
    # told at the file's line of the decision refused, with the decision's number
    line, number = re.match(rf"Error: {re.escape(str(log))}:(\d+): decision (\d+): ", out).groups()
    assert f'"n":{number},' in lines[int(line) - 1], out


def test_a_replay_played_with_other_content_is_refused(garden: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert play(garden, log)[0] == 0
    code, out = run("replay", str(log))  # the log's game has no bundled pack
    assert code == 1 and "is a game of 'tiny', which has no bundled pack" in out
    code, out = run("replay", "--pack", str(garden), str(tmp_path / "lastlight.jsonl"))
    assert code == 2  # no such file
    assert run("play", "--seed", "1", "--seats", "random,random", "--replay",
               str(tmp_path / "lastlight.jsonl"))[0] == 0  # fmt: skip
    code, out = run("replay", "--pack", str(garden), str(tmp_path / "lastlight.jsonl"))
    assert code == 1 and "game: log 'lastlight', loaded 'tiny'" in out


def test_trace_uses_the_games_own_events(garden: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["play", "--pack", str(garden), "--seats", "first,scarecrow", "--trace"]
    )
    assert result.exit_code == 0, result.output
    assert "round   1 seat 0: decides: plant 1 bean [plant]" in result.stderr
    assert 'seat 1: plant {"beans": 1, "how": "plant"}' in result.stderr


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("scarecrow,scarecrow", "Tiny needs at least one seat that is not scarecrow"),
        ("random,random,random,random", "Tiny needs 1 to 3 seats, not 4"),
        ("random,starbot", "unknown seat kind 'starbot'; known: first, human, random, scarecrow"),
        ("random,heuristic", "'heuristic' cannot play Tiny; its agents are random, first"),
    ],
)
def test_seats_are_checked_against_the_game(garden: Path, seats: str, message: str) -> None:
    code, out = run("play", "--pack", str(garden), "--seats", seats)
    assert code == 2 and message in " ".join(out.split()), out


def test_commands_that_cannot_serve_the_game_say_so_in_one_line(
    garden: Path, tmp_path: Path
) -> None:
    log = tmp_path / "g.jsonl"
    assert play(garden, log)[0] == 0
    refusals = {
        "render": ("render", str(log), "--pack", str(garden), "--out", str(tmp_path / "b.svg")),
        "replay --html": ("replay", "--pack", str(garden), str(log), "--html", "g.html"),
        "play --seats human": ("play", "--pack", str(garden), "--seats", "human,random"),
    }
    for command, args in refusals.items():
        code, out = run(*args)
        assert code == 1, (command, out)
        assert f"Error: {command} cannot serve Tiny (tiny) yet: " in out, out
        assert len(out.strip().splitlines()) == 1 and "Traceback" not in out


def test_simulate_and_compare_report_on_the_games_results(garden: Path, tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    # One process: the tiny game is registered in this one only (a game installed with pip is
    # found by its entry point in every worker), and a worker may be spawned, not forked.
    code, out = run("simulate", "--pack", str(garden), "--players", "3", "--games", "6",
                    "--agents", "random,first,scarecrow", "--workers", "1",
                    "--out", str(runs))  # fmt: skip
    assert code == 0, out
    assert "6 games of 3 players; a fair share of wins is 33%." in out
    assert "faction" not in out and "Agent scarecrow wins" in out
    records = [json.loads(line) for line in (runs / "games.jsonl").read_text().splitlines()]
    assert [r["agents"] for r in records] == [["random", "first", "scarecrow"]] * 6
    assert all(len(r["points"]) == 3 and r["winners"] for r in records)
    summary = json.loads((runs / "summary.json").read_text())
    assert summary["points"]["all"]["points"] > 0
    assert "Points per player" in (runs / "report.html").read_text()
    code, out = run("simulate", "--pack", str(garden), "--players", "2", "--out",
                    str(tmp_path / "r2"), "--agents", "heuristic")  # fmt: skip
    assert code == 2 and "unknown agent 'heuristic'; known: first, random, scarecrow" in out
    pair = ("--base", str(garden), "--variant", str(garden), "--players", "2", "--games", "4")
    code, out = run("compare", *pair, "--agents", "random", "--out", str(tmp_path / "cmp"))
    assert code == 0 and "no agent's win rate moved beyond chance" in out


def test_doc_writes_a_page_per_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run("doc")
    assert code == 0, out
    assert out.split() == ["wrote", "docs/reference.md", "wrote", "docs/reference-tiny.md"] or (
        "docs/reference-tiny.md" in out and "docs/reference.md" in out
    )
    page = Path("docs/reference-tiny.md").read_text(encoding="utf-8")
    assert "# Effect vocabulary reference: `tiny`" in page and "`sow`" in page
    assert run("doc", "--check")[0] == 0
    Path("docs/reference-tiny.md").write_text("stale\n", encoding="utf-8")
    code, out = run("doc", "--check")
    assert code == 1 and "docs/reference-tiny.md is out of date" in out


def test_schema_writes_each_games_schemas_in_its_folder(tmp_path: Path) -> None:
    code, out = run("schema", "--out", str(tmp_path))
    assert code == 0, out
    spells = json.loads((tmp_path / "tiny" / "spells.schema.json").read_text(encoding="utf-8"))
    assert spells["title"] == "spells.yaml"
    assert (tmp_path / "techs.schema.json").is_file()  # Last Light's stay where they were
    assert not (tmp_path / "spells.schema.json").exists()
    assert run("schema", "--out", str(tmp_path), "--check")[0] == 0
    (tmp_path / "tiny" / "spells.schema.json").write_text("{}\n", encoding="utf-8")
    code, out = run("schema", "--out", str(tmp_path), "--check")
    assert code == 1 and "stale schemas: tiny/spells" in out
