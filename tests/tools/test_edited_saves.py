"""A save edited by hand (or sent by someone else) says, in one line, why it cannot be
resumed or drawn: `whitedwarf play --resume FILE` and `whitedwarf render FILE`, as a player
types them, on a real save of a terminal game of each game made with a mod pack.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main
from whitedwarf.tools.play import replay_header
from whitedwarf.tools.session import load_game

from tests.hostile_cli import run

pytest.importorskip("textual")

from whitedwarf.tools.tui.launch import new_session


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def saved_mod_game(game: str, seats: list[str]) -> dict[str, Any]:
    """`whitedwarf new pack mod` for ``game`` and the save of a terminal game on it, a few
    decisions in, as the interface's `s` writes it (started with `--replay mine.jsonl`)."""
    args = ["new", "pack", "mod", "--game", game]
    assert CliRunner().invoke(main, args).exit_code == 0
    loaded = load_game([Path("mod")])
    options = loaded.engine.game_options(seats, 200)
    rules = loaded.engine.game.from_content(loaded.content, len(seats), options)
    header = replay_header(loaded, 5, seats, options)
    session = new_session(rules, seats, 5, header, loaded.engine)
    for _ in range(3):
        session.run_bots()
        seat = session.human_to_move()
        assert seat is not None
        session.choose(seat, session.options(seat)[0].id)
    session.replay_to = "mine.jsonl"
    session.save(Path("game.save"))
    record: dict[str, Any] = json.loads(Path("game.save").read_text("utf-8"))
    return record


def resumed(record: dict[str, Any]) -> str:
    """What `play --resume edited.save --pack mod` says (exit 1 or 2), the file untouched."""
    text = json.dumps(record)
    Path("edited.save").write_text(text)
    code, out = run("play", "--resume", "edited.save", "--pack", "mod")
    assert code in (1, 2), out
    assert Path("edited.save").read_text() == text
    return " ".join(out.replace("Error: ", "").split())


GAMES = {"lastlight": ["human", "random"], "starlight": ["human", "starbot"]}


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_header_was_removed_says_so(game: str, here: Path) -> None:
    record = saved_mod_game(game, GAMES[game])
    del record["header"]
    assert "edited.save: the save's 'header' is missing or of the wrong kind" in resumed(record)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_options_were_removed_says_so_not_an_illegal_move(
    game: str, here: Path
) -> None:
    record = saved_mod_game(game, GAMES[game])
    del record["header"]["options"]
    told = resumed(record)
    assert "edited.save: the save's header has no 'options' (the file was edited)" in told
    assert "not a legal option" not in told


def test_a_save_naming_its_replay_over_a_file_that_exists_says_the_save_named_it(
    here: Path,
) -> None:
    record = saved_mod_game("starlight", GAMES["starlight"])
    Path("mine.jsonl").write_text("my notes\n")
    assert resumed(record) == (
        "edited.save writes its replay to mine.jsonl when the game ends (the --replay it was "
        "started with), and that file exists: pass --replay FILE to write it elsewhere, or "
        "--force to overwrite it"
    )
    record["replay"] = "no_such_folder/mine.jsonl"
    assert resumed(record) == (
        "edited.save writes its replay to no_such_folder/mine.jsonl when the game ends (the "
        "--replay it was started with), but the folder no_such_folder does not exist: pass "
        "--replay FILE to write it elsewhere"
    )
    assert Path("mine.jsonl").read_text() == "my notes\n"


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_state_lost_its_game_says_so_in_words(game: str, here: Path) -> None:
    record = saved_mod_game(game, GAMES[game])
    del record["state"]["game"]
    told = resumed(record)
    assert "the state has no 'game' field" in told and "None" not in told
    Path("edited.save").write_text(json.dumps(record["state"]))
    code, out = run("render", "edited.save", "--pack", "mod", "--out", "board.svg")
    assert code == 1 and out.count("not a") <= 1 and "None" not in out, out
    assert "the state has no 'game' field" in out


@pytest.mark.parametrize(
    ("game", "seats"), [("lastlight", "random,random"), ("starlight", "random,starbot")]
)
def test_a_replay_whose_end_line_names_another_winner_is_refused(
    game: str, seats: str, here: Path
) -> None:
    """`whitedwarf replay` checked the final state's hash, which the result is not part of:
    a log edited to say another seat won was "verified"."""
    assert CliRunner().invoke(main, ["new", "pack", "mod", "--game", game]).exit_code == 0
    args = ("play", "--pack", "mod", "--seats", seats, "--seed", "2", "--replay", "game.jsonl")
    code, out = run(*args, "--round-limit", "6")
    assert code == 0, out
    lines = Path("game.jsonl").read_text().splitlines()
    end = json.loads(lines[-1])
    winners = end["result"]["winners"]
    end["result"]["winners"] = [1] if winners != [1] else [0]
    Path("edited.jsonl").write_text("\n".join([*lines[:-1], json.dumps(end)]) + "\n")
    assert run("replay", "game.jsonl", "--pack", "mod")[0] == 0
    code, out = run("replay", "edited.jsonl", "--pack", "mod")
    assert code == 1, out
    assert (
        f"edited.jsonl:{len(lines)}: the end line's result is not the game's (its 'winners' is "
        f"{json.dumps(end['result']['winners'])}, but the game's is {json.dumps(winners)}): "
        "the log was altered"
    ) in " ".join(out.split())


def test_a_save_of_a_mod_changed_since_says_to_put_it_back(here: Path) -> None:
    """The same --pack again is no fix when the mod's cards were edited after the save."""
    record = saved_mod_game("lastlight", GAMES["lastlight"])
    techs = Path("mod/techs.yaml")
    techs.write_text(techs.read_text("utf-8").replace("cost: {common: 2}", "cost: {common: 1}"))
    told = resumed(record)
    assert told.startswith(
        "edited.save was made with the packs lastlight 1.0.0, mod 0.1.0, and they have changed "
        "since (pack 'mod' 0.1.0: its files have changed): a game goes on with the cards it "
        "started with; put the pack back as it was"
    ), told
    assert "pass the same --pack options" not in told
