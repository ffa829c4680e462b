"""Starlight through the same commands as Last Light (issue 10 "Done when").

The README's Starlight section is run command by command, exactly as written, from a folder
where ``content/`` is the repository's: a new user validates the pack, plays a seeded game
with two bots and a Starbot, and replays it. A mod pack (a new god, two flares) validates,
plays and replays as a Last Light mod does; the board picture, the replay viewer, the card
texts and the printed cards serve it through the same commands (their details:
``test_starlight_render.py`` and ``test_starlight_cards.py``).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.packs.schemas import stale_schemas
from whitedwarf.tools.cli import main
from whitedwarf.tools.session import load_game

from tests.starlight.helpers import write_mod_cards

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def readme_session() -> list[tuple[str, list[str]]]:
    """The README's Starlight example: each ``$ whitedwarf ...`` command and its output."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Starlight") :]
    block = section[section.index("```\n") + 4 :]
    block = block[: block.index("```")]
    session: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            session.append((line[2:], []))
        else:
            session[-1][1].append(line)
    return session


@pytest.fixture
def user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder where ``content/`` is the repository's, as in a checkout."""
    (tmp_path / "content").symlink_to(REPO / "content")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_readme_validates_plays_and_replays_a_starlight_game(user_folder: Path) -> None:
    session = readme_session()
    assert [shlex.split(c)[:2] for c, _ in session] == [
        ["whitedwarf", "validate"],
        ["whitedwarf", "play"],
        ["whitedwarf", "replay"],
    ]
    (validate, shown_validate), (play, shown_play), (replay, shown_replay) = session
    assert "--seats heuristic,heuristic,starbot" in play  # two bots and a Starbot

    code, out = run(*shlex.split(validate)[1:])  # its report cache is the test's own
    assert code == 0 and out.splitlines() == shown_validate

    code, out = run(*shlex.split(play)[1:])
    assert code == 0, out
    played = out.splitlines()
    # The README shows what the command prints, number for number: a change to the rules,
    # the pack or the agent that moves this seeded game regenerates the README's example.
    assert played == shown_play
    assert len(played) == 5
    assert re.fullmatch(r"winner: seat \d after \d+ rounds \(daybreak\)", played[0])
    seat = r"  seat \d: \d+ points? \(night \d+, day \d+, stars \d+, constellations \d+\)"
    assert all(re.fullmatch(seat, line) for line in played[1:4]), played
    assert re.fullmatch(r"final state hash: [0-9a-f]{64}", played[4])
    log = user_folder / "game.jsonl"
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["game"] == "starlight"
    assert header["seats"] == ["heuristic", "heuristic", "starbot"]

    code, out = run(*shlex.split(replay)[1:])
    assert code == 0, out
    replayed = out.splitlines()
    assert replayed == shown_replay
    assert replayed[1] == played[4]  # the replay reaches the game's own final state


def write_mod(folder: Path) -> Path:
    """A Starlight mod started with `whitedwarf new pack`: a new god and two flares."""
    code, out = run("new", "pack", "mymod", "--game", "starlight")
    assert code == 0 and out.startswith("wrote mymod/pack.yaml"), out
    mod = folder / "mymod"
    manifest = (mod / "pack.yaml").read_text(encoding="utf-8")
    assert "game: starlight" in manifest and 'starlight: ">=1.0,<2"' in manifest
    write_mod_cards(mod)
    return mod


def test_a_starlight_mod_works_as_for_last_light(user_folder: Path) -> None:
    mod = write_mod(user_folder)
    code, out = run("validate", "--no-cache", "mymod")
    assert code == 0 and out.strip().splitlines() == [
        'mymod 0.1.0 "Mymod": Mymod, a Starlight mod.',  # its pack.yaml's name and description
        "checked starlight 1.0.0, mymod 0.1.0: 0 errors, 0 warnings",
    ]

    loaded = load_game([mod])
    gods = {g["id"] for g in loaded.content.files["gods"]}
    flares = {f["id"] for f in loaded.content.files["flares"]}
    assert "lumen" in gods and {"twin_sparks", "long_glow"} <= flares
    game = loaded.engine.game.from_content(loaded.content, 2, {"gods": True})
    offered: set[str] = set()
    for seed in range(40):
        state = game.new_state(seed)
        offered |= {o.id for o in game.legal_options(state, game.current_players(state)[0])}
    assert "god:lumen" in offered  # the new god is dealt like the printed ones

    args = ["--pack", "mymod", "--seats", "random,first,starbot", "--seed", "3"]
    code, out = run("play", *args, "--option", "gods=true", "--replay", "m.jsonl")
    assert code == 0, out
    header = json.loads(Path("m.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert [p["id"] for p in header["packs"]] == ["starlight", "mymod"]
    assert header["options"]["gods"] is True
    assert run("replay", "--pack", "mymod", "m.jsonl")[0] == 0
    code, out = run("replay", "m.jsonl")  # without the mod: refused, with the reason
    assert (
        code == 1
        and "pack 'mymod' was in the game but is not loaded now (pass its folder with --pack)"
        in out
    )


def test_the_round_limit_cuts_a_starlight_game_short(user_folder: Path) -> None:
    """SL114: --round-limit ends the game after that round (it was silently ignored)."""
    args = ("play", "--pack", "content/starlight", "--seats", "random,starbot", "--format", "json")
    code, out = run(*args, "--round-limit", "2", "--replay", "short.jsonl")
    assert code == 0, out
    assert (json.loads(out)["rounds"], json.loads(out)["reason"]) == (2, "round limit")
    assert (
        json.loads(Path("short.jsonl").read_text().splitlines()[0])["options"]["round_limit"] == 2
    )
    assert run("replay", "short.jsonl")[0] == 0
    code, out = run(*args, "--replay", "whole.jsonl")
    assert code == 0 and json.loads(out)["reason"] == "daybreak"
    assert (
        "round_limit" not in json.loads(Path("whole.jsonl").read_text().splitlines()[0])["options"]
    )


def test_seats_and_options_are_checked_for_starlight(user_folder: Path) -> None:
    pack = ["--pack", "content/starlight"]
    code, out = run("play", *pack, "--seats", "starbot,starbot")
    assert code == 2 and "at least one seat that is not starbot" in out
    code, out = run("play", *pack, "--seats", "random,random,random,random,random,random")
    assert code == 2 and "Starlight needs 1 to 5 seats, not 6" in out
    code, out = run("play", *pack, "--seats", "random,wizard")
    assert code == 2 and "unknown seat kind 'wizard'" in " ".join(out.split())
    code, out = run("play", *pack, "--option", "god=true")
    said = " ".join(out.split())
    assert (
        code == 2
        and "Starlight has no option 'god', in 'god=true' (its options: gods, starbot_level)"
        in said
    )
    assert "did you mean `gods`?" in said
    code, out = run("play", *pack, "--option", "gods")
    assert code == 2 and "'gods' is not NAME=VALUE" in out
    code, out = run("play", *pack, "--option", "starbot_level=9")
    assert code == 2 and out.strip().endswith(
        "Error: Invalid value for --option: option starbot_level is a whole number 1 to 4, not 9"
    )  # a value the option does not take is the command line's (README "Exit codes")
    # Each option is exactly what it names: "no" is not false, 2.5 and true are no level.
    refused = {
        "gods=no": "gods is true or false, not 'no'",
        "gods=1": "gods is true or false, not 1",
        "starbot_level=2.5": "starbot_level is a whole number 1 to 4, not 2.5",
        "starbot_level=true": "starbot_level is a whole number 1 to 4, not True",
        "starbot_level=" + "9" * 5000: "starbot_level is a whole number 1 to 4, not '99999",
    }
    for option, said in refused.items():
        code, out = run("play", *pack, "--option", option)
        assert code == 2 and said in out and len(out) < 300, (option, out)
    code, out = run("play", *pack, "--seats", "first", "--seed", "1", "--format", "json")
    assert code == 0 and json.loads(out)["players"] == 1  # a solo game against nobody


def test_starlight_draws_and_prints_through_the_same_commands(user_folder: Path) -> None:
    played = ("play", "--pack", "content/starlight", "--seats", "first,starbot", "--replay")
    assert run(*played, "g.jsonl")[0] == 0
    commands = {
        "render": ("render", "g.jsonl", "--out", "sky.svg"),
        "replay --html": ("replay", "g.jsonl", "--html", "g.html"),
        "text": ("text", "content/starlight"),
        "cards": ("cards", "content/starlight", "--out", "cards.pdf"),
    }
    for command, args in commands.items():
        code, out = run(*args)
        assert code == 0 and "cannot serve" not in out, (command, out)
    assert Path("sky.svg").stat().st_size and Path("g.html").stat().st_size
    assert Path("cards.pdf").read_bytes().startswith(b"%PDF")


def test_simulate_a_batch_of_starlight_games_with_starbots(user_folder: Path) -> None:
    code, out = run("simulate", "--pack", "content/starlight", "--players", "3", "--games", "4",
                    "--agents", "random,first,starbot", "--out", "runs")  # fmt: skip
    assert code == 0, out
    assert out.startswith("- 4 games of 3 players")
    records = [json.loads(line) for line in Path("runs/games.jsonl").read_text().splitlines()]
    assert {r["reason"] for r in records} <= {"daybreak", "round limit"} and len(records) == 4
    assert all(set(r["scores"]) >= {"night", "day", "stars"} for r in records)


def test_starlights_reference_page_and_schemas_are_current() -> None:
    page = REPO / "docs" / "reference-starlight.md"
    code, out = run("doc", "--game", "starlight", "--out", str(page), "--check")
    assert code == 0, out
    assert stale_schemas(REPO / "schemas" / "starlight", "starlight") == []


def test_a_game_with_a_search_seat_replays(tmp_path: Path) -> None:
    """The search agent's simulated lines are not recorded: the replay of a game it played
    verifies (its simulations once wrote their events into the replay log)."""
    log = tmp_path / "game.jsonl"
    pack = str(REPO / "content" / "starlight")
    seats = "heuristic,search,starbot"
    code, out = run("play", "--pack", pack, "--seats", seats, "--seed", "5", "--replay", str(log))
    assert code == 0, out
    code, out = run("replay", str(log), "--pack", pack)
    assert code == 0 and out.startswith("verified:"), out
