"""Hostile Starlight saves and replays: options edited in a header (gods, starbot_level out of
range or of the wrong kind, options the game does not have), seat kinds edited away from the
game's, another game's save; each is one clear error, and the file is left as it is."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.tools.session import load_game
from whitedwarf.tools.tui.session import Session

from tests.hostile_cli import run
from tests.tools.test_hostile_saves import edit

STARLIGHT = Path(__file__).parents[2] / "content" / "starlight"
SEATS = ["human", "random", "starbot"]


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """A 3-seat Starlight save (gods on, a Starbot) after the human's first 10 choices."""
    loaded = load_game((STARLIGHT,))
    options = {**loaded.engine.game_options(SEATS, 200), "gods": True, "starbot_level": 2}
    game = loaded.engine.game.from_content(loaded.content, len(SEATS), options)
    header = {"game": "starlight", "seed": 4, "players": 3, "seats": SEATS, "options": options}
    session = Session(game, game.new_state(4), SEATS, 4, header, engine=loaded.engine)
    for _ in range(10):
        seat = session.human_to_move()
        assert seat is not None
        session.choose(seat, session.options(seat)[-1].id)
    return dict(json.loads(session.to_json()))


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("replay") / "game.jsonl"
    seats = "random,starbot,random"
    code, out = run(
        "play", "--pack", str(STARLIGHT), "--seats", seats, "--option", "gods=true",
        "--seed", "3", "--round-limit", "3", "--replay", str(path),
    )  # fmt: skip
    assert code == 0, out
    return path.read_text().splitlines()


EDITS = [
    ("header.options.starbot_level", 9, "starbot_level is a whole number 1 to 4, not 9"),
    ("header.options.starbot_level", "2", "starbot_level is a whole number 1 to 4, not '2'"),
    ("header.options.starbot_level", 2.5, "starbot_level is a whole number 1 to 4, not 2.5"),
    ("header.options.gods", "no", "gods is true or false, not 'no'"),
    ("header.options.gods", 1, "gods is true or false, not 1"),
    ("header.options.wizard", True, "no Starlight option 'wizard'"),
    ("header.options.seats.2", "god", "seats are `live` or `starbot`"),
]


@pytest.mark.parametrize(("where", "value", "said"), EDITS)
def test_an_edited_option_in_a_save_is_refused(
    tmp_path: Path, saved: dict[str, Any], where: str, value: Any, said: str
) -> None:
    path = tmp_path / "game.save"
    path.write_text(json.dumps(edit(saved, where, value)))
    before = path.read_bytes()
    code, out = run("play", "--resume", str(path))
    assert code == 1 and said in out and "left as it is" in out
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("seat", "kind"), [(1, "starbot"), (2, "random")], ids=["bot-made-starbot", "starbot-made-bot"]
)
def test_a_seat_kind_edited_away_from_its_game_is_refused(
    tmp_path: Path, saved: dict[str, Any], seat: int, kind: str
) -> None:
    """A seat relabelled `starbot` is never asked by a bot: it failed at its first turn."""
    path = tmp_path / "game.save"
    path.write_text(json.dumps(edit(saved, f"seats.{seat}", kind)))
    code, out = run("play", "--resume", str(path))
    assert code == 1 and "not those the game was set up with" in out
    assert "left as it is" in out


def test_a_starlight_save_with_last_light_packs_names_both_games(
    tmp_path: Path, saved: dict[str, Any]
) -> None:
    path = tmp_path / "game.save"
    path.write_text(json.dumps(saved))
    lastlight = Path(__file__).parents[2] / "content" / "lastlight"
    code, out = run("play", "--resume", str(path), "--pack", str(lastlight))
    assert code == 1 and "a save of 'starlight'" in out and "'lastlight'" in out


def header_edited(lines: list[str], change: dict[str, Any]) -> list[str]:
    header = json.loads(lines[0])
    for key, value in change.items():
        target = header["options"] if key in ("gods", "starbot_level", "wizard") else header
        target[key] = value
    return [json.dumps(header), *lines[1:]]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"gods": "no"}, "gods is true or false, not 'no'"),
        ({"starbot_level": 0}, "starbot_level is a whole number 1 to 4, not 0"),
        ({"wizard": 1}, "no Starlight option 'wizard'"),
        ({"seats": ["random", "random", "random"]}, "not those the game was set up with"),
    ],
)
def test_an_edited_replay_header_is_refused_at_line_1(
    tmp_path: Path, replay: list[str], change: dict[str, Any], said: str
) -> None:
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(header_edited(copy.copy(replay), change)) + "\n")
    for command in (("replay", str(path)), ("render", str(path), "--out", str(tmp_path / "b.svg"))):
        code, out = run(*command)
        assert code == 1 and f"{path}:1: " in out and said in out, (command, out)
