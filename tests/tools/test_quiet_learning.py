"""`--quiet` shows no progress, the learning of a new pack's card values included
(interpreter/agents/values.py: its line on stderr the first time a pack is played)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.agents import values
from whitedwarf.tools.cli import main

FIXTURE = Path(__file__).parents[1] / "fixtures" / "agent_packs" / "salvage_drones"
LEARNING = "learning the card values of drones (lastlight) from play"


@pytest.fixture
def new_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A mod whose card values nobody learned yet, learned on a small budget."""
    monkeypatch.setenv(values.MODE_ENV, "learn")
    monkeypatch.setenv(values.GAMES_ENV, "4")
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    values.forget()
    pack = tmp_path / "drones"
    shutil.copytree(FIXTURE, pack)
    return pack


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))  # stderr with stdout
    return result.exit_code, result.output


def explain(pack: Path, out: Path, *more: str) -> tuple[int, str]:
    return run(
        "explain", str(pack), "--players", "2", "--games", "2", "--cards", "salvage_drones",
        "--pairs", "0", "--probes", "none", "--workers", "1", "--out", str(out), *more,
    )  # fmt: skip


def test_explain_quiet_does_not_show_the_learning(new_pack: Path, tmp_path: Path) -> None:
    """explain --quiet printed 'learning lastlight card values from play (first use of this
    pack) [####...] 6/6 games' on stderr all the same."""
    code, output = explain(new_pack, tmp_path / "why", "--quiet")
    assert code == 0, output
    assert LEARNING not in output, output


def test_explain_shows_the_learning_without_quiet(new_pack: Path, tmp_path: Path) -> None:
    code, output = explain(new_pack, tmp_path / "why")
    assert code == 0, output
    assert f"{LEARNING} (first use of this pack)" in output, output
    assert output.count("explaining: 8 of 8 games") == 1, output  # said once, not twice
    # with how long the games took, as simulate's plain lines say it
    assert re.search(r"^explaining: 8 of 8 games in \d+:\d\d:\d\d$", output, re.M), output


def test_tune_quiet_does_not_show_the_learning(new_pack: Path, tmp_path: Path) -> None:
    args = ["tune", str(new_pack), "--players", "2", "--games", "12", "--budget", "1"]
    args += ["--confirm-games", "2", "--workers", "1", "--out", str(tmp_path / "t"), "--quiet"]
    code, output = run(*args)
    assert code in (0, 1), output  # tuned, or told in one line what it cannot move
    assert LEARNING not in output, output
    assert list((tmp_path / "cache" / "values").glob("*.json")), "the values were learned"
