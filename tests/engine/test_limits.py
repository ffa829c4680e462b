"""A runaway card effect ends the game with one clear error (DESIGN principle 3: "DSL execution
has a step budget and trigger chains have a depth limit, and each limit ends in a clear
error"), in the engine and in ``whitedwarf play``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML
from whitedwarf.interpreter.lastlight.game import EffectLimitReached, Game
from whitedwarf.interpreter.vm import EffectError
from whitedwarf.tools.play import play

from tests.engine.positions import BASE, FACTIONS, content, started

# At least players^2 x 10^3 gains: every number is within its declared range, the loop as a
# whole is not. Counts the checker cannot know (`(players)`) keep it past E0418, which
# refuses a loop of written counts that always passes the budget (three `repeat 10 times`
# deep is the most it lets through).
LOOP = (
    "when before_research -> "
    + "repeat (players) times -> " * 2
    + "repeat 10 times -> " * 3
    + "gain 1 common"
)
CHAIN = "when ship_built -> build a small ship in this sector"


def with_factions(effect: str, players: int = 4) -> Game:
    """Every faction card of the test content carries ``effect``."""
    factions = [{**f, "effect": effect} for f in FACTIONS]
    return Game.from_content(content(factions=factions), players, {})


def test_a_step_budget_overrun_names_the_card_and_the_limit() -> None:
    g = with_factions(LOOP)
    state = started(g)
    card = state["players"][0]["faction"]
    for seat in range(1, 4):
        g.apply(state, seat, "play:trade")
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "play:research")
    error = caught.value
    assert isinstance(error, EffectError)
    assert (error.card, error.limit) == (card, "steps")
    assert str(error) == f"the effect of card {card!r} ran more than 10,000 steps"


def test_a_trigger_chain_deeper_than_the_limit_names_the_card() -> None:
    g = with_factions(CHAIN)
    state = started(g)
    player = state["players"][0]
    player["supply"]["small"] = 100
    player["res"]["common"] = 10
    for seat in range(4):
        g.apply(state, seat, "play:construct")
    assert g.current_players(state) == [0]
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "build:small")
    assert caught.value.limit == "depth"
    assert str(caught.value) == (
        f"the effect of card {player['faction']!r} started a trigger chain deeper than 16 effects"
        ": cards (of one player or of several) firing each other's hooks; give the chain an end"
        ": a condition its effect makes false (`when <hook> if ... ->`), a use limit (`when "
        "<hook>, once per round -> ...`) or a cost it can pay once (`exhaust this card -> ...`)"
    )


def _looping_pack(tmp_path: Path) -> Path:
    """The base pack with every faction looping at Research (its cards written as data)."""
    pack = tmp_path / "loopy"
    shutil.copytree(BASE_DIR, pack)
    yaml = YAML(typ="safe", pure=True)
    factions: list[dict[str, Any]] = yaml.load((pack / "factions.yaml").read_text("utf-8"))
    for card in factions:
        card["effect"] = LOOP
    (pack / "factions.yaml").write_text(json.dumps(factions, indent=1), "utf-8")
    return pack


BASE_DIR = Path(__file__).resolve().parents[2] / "content" / BASE.name


def test_whitedwarf_play_prints_the_limit_and_exits_non_zero(tmp_path: Path) -> None:
    result = CliRunner().invoke(play, ["--pack", str(_looping_pack(tmp_path)), "--seed", "1"])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert "ran more than 10,000 steps" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


#: ``path:line:col: the effect of card 'x' ...``: where the card's effect was written.
LOCATED = re.compile(r"(\S+factions\.yaml):(\d+):(\d+): the effect of card '(\w+)' ran more")


def _assert_at_the_effect(message: str) -> None:
    """The message starts at the line and column of the named card's looping effect."""
    found = LOCATED.search(message)
    assert found is not None, message
    path, line, column, card = found.groups()
    lines = Path(path).read_text("utf-8").splitlines()
    assert lines[int(line) - 1][int(column) - 1 :].startswith(f'"{LOOP[:20]}')
    card_ids = [text for text in lines[: int(line)] if text.lstrip().startswith('"id": ')]
    assert card_ids[-1].strip() == f'"id": "{card}",'  # the card the effect belongs to


def test_the_limit_error_in_play_names_the_file_line_and_column_of_the_card(
    tmp_path: Path,
) -> None:
    result = CliRunner().invoke(play, ["--pack", str(_looping_pack(tmp_path)), "--seed", "1"])
    _assert_at_the_effect(result.output)


def test_a_simulated_game_stopped_by_the_limit_is_recorded_at_the_card(tmp_path: Path) -> None:
    from whitedwarf.tools.simulate import simulate

    out = tmp_path / "runs"
    args = ["--pack", str(_looping_pack(tmp_path)), "--players", "4", "--games", "2"]
    result = CliRunner().invoke(simulate, [*args, "--out", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    errors = json.loads((out / "summary.json").read_text("utf-8"))["errors"]
    assert len(errors) == 2
    for record in errors:
        _assert_at_the_effect(record["error"])


def test_play_stopped_by_the_limit_writes_no_replay_and_keeps_an_existing_one(
    tmp_path: Path,
) -> None:
    """A game a runaway card stops has no end: `play --replay` used to leave the log of its
    first decisions at the name given (replaced, with --force, over the user's own file) and
    said nothing of it; `replay` then called it "cut short". Now the log is written beside
    the name and put in place only when the game ends (or is interrupted, docs/replays.md):
    the error says no replay was written, and a file that was there is left as it was."""
    pack = str(_looping_pack(tmp_path))
    log = tmp_path / "game.jsonl"
    result = CliRunner().invoke(play, ["--pack", pack, "--seed", "1", "--replay", str(log)])
    assert result.exit_code == 1, result.output
    _assert_at_the_effect(result.output)
    assert result.output.rstrip().endswith(
        f"; no replay was written: the game stopped before its end ({log} does not exist)"
    ), result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loopy"]  # no temporary file left
    log.write_text("my own notes\n", "utf-8")
    args = ["--pack", pack, "--seed", "1", "--replay", str(log), "--force"]
    result = CliRunner().invoke(play, args)
    assert result.exit_code == 1, result.output
    assert result.output.rstrip().endswith(
        f"; no replay was written: the game stopped before its end ({log} was left as it was)"
    ), result.output
    assert log.read_text("utf-8") == "my own notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "loopy"]


def test_play_writes_a_replay_into_a_fifo_and_leaves_it_a_fifo(tmp_path: Path) -> None:
    """`--replay` at a FIFO (or a device such as /dev/stdout) is written as it is: the log
    written beside it and renamed over it replaced the FIFO with a regular file (and, run
    as root with `--replay /dev/null --force`, made /dev/null a regular file)."""
    import os
    import stat
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    lines: list[str] = []
    reader = threading.Thread(
        target=lambda: lines.extend(fifo.read_text("utf-8").splitlines()), daemon=True
    )
    reader.start()
    args = ["--seats", "random,random", "--seed", "1", "--replay", str(fifo), "--force"]
    result = CliRunner().invoke(play, args)
    reader.join(timeout=120)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert json.loads(lines[0])["type"] == "header" and json.loads(lines[-1])["type"] == "end"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]
