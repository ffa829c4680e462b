"""``simulate --resume`` and ``ladder --resume`` on a ``batch.json`` edited between two runs.

Its numbers were bounded (``BatchConfig.from_json``), but its agents and its ``extra``
settings were trusted: an unknown agent, game options that were not an object, a gift the
game cannot give or an unknown robust agent ended in an internal error (exit 3) once the run
started, and game options the game does not have or an unknown setting were silently ignored.
Each is now one sentence at the file, before any game is played, the batch left as it is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.hostile_cli import run

START = ("--players", "2", "--games", "3", "--round-limit", "4", "--workers", "1", "-q")


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 3-game batch of random agents with its first game played (as Ctrl-C leaves it)."""
    out = tmp_path_factory.mktemp("batch") / "b"
    code, text = run("simulate", "--agents", "random", *START, "--out", str(out))
    assert code == 0, text
    games = out / "games.jsonl"
    games.write_text(games.read_text().splitlines(keepends=True)[0])
    return out


def edited(started: Path, tmp_path: Path, key: str, value: Any) -> Path:
    folder = tmp_path / "b"
    folder.mkdir()
    settings = json.loads((started / "batch.json").read_text())
    if key.startswith("extra."):
        settings["extra"][key.removeprefix("extra.")] = value
    else:
        settings[key] = value
    (folder / "batch.json").write_text(json.dumps(settings))
    (folder / "games.jsonl").write_text((started / "games.jsonl").read_text())
    return folder


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("agents", ["wizard"], "unknown agent 'wizard'; known: first, heuristic, random"),
        ("agents", [], "give at least one agent"),
        ("extra.options", "fast", "the game options must be a JSON object, not 'fast'"),
        ("extra.options", {"gods": True}, "the game options are refused: Last Light has no "
         "option 'gods'"),
        ("extra.options", {"factions": "nosuch"}, "no faction 'nosuch' in the pack"),
        ("extra.give", ["nosuch"], "the gift is refused: 'nosuch' is not SEAT:CARD"),
        ("extra.give", "x", "'give' must be a list of texts, not 'x'"),
        ("extra.robust", ["wizard"], "unknown agent 'wizard'"),
        ("extra.think", -5, "'think': -5 is not a positive number of milliseconds"),
        ("extra.think", "5", "'think': '5' is not a number"),
        ("extra.records", "xml", "'records' is one of jsonl, jsonl.gz, parquet, not 'xml'"),
        ("extra.probe", {"seat": 9, "probe": "x"}, "'probe' must be {seat, probe} with a seat"),
        ("extra.rotate", "yes", "'rotate' must be true or false, not 'yes'"),
        ("extra.bogus", 1, "unknown setting 'bogus' in 'extra'"),
    ],
)  # fmt: skip
def test_an_edited_setting_is_refused_at_the_file_before_any_game(
    started: Path, tmp_path: Path, key: str, value: Any, said: str
) -> None:
    folder = edited(started, tmp_path, key, value)
    before = (folder / "batch.json").read_bytes()
    code, text = run("simulate", "--resume", str(folder), "-q")
    assert code == 1, text
    assert text.startswith(f"Error: {folder / 'batch.json'}: "), text
    assert said in text and text.rstrip().endswith("the batch was left as it is"), text
    assert len((folder / "games.jsonl").read_text().splitlines()) == 1  # nothing played
    assert (folder / "batch.json").read_bytes() == before


def test_a_ladder_with_an_edited_agent_is_refused_the_same_way(
    started: Path, tmp_path: Path
) -> None:
    folder = edited(started, tmp_path, "agents", ["random", "wizard"])
    code, text = run("ladder", "--resume", str(folder), "-q")
    assert code == 1 and "unknown agent 'wizard'" in text, text


def test_the_batch_as_it_was_written_resumes(started: Path, tmp_path: Path) -> None:
    folder = edited(started, tmp_path, "seed", 0)
    code, text = run("simulate", "--resume", str(folder), "-q")
    assert code == 0, text
    assert len((folder / "games.jsonl").read_text().splitlines()) == 3
