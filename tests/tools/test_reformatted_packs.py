"""A save or replay outlives `whitedwarf fmt` and a comment added to its packs, and is still
refused when a number of them changed.

Saves and replays record the digest of each pack's files (bytes), which `fmt` changes though
the game is the same: every save and replay made before was refused ("its files have
changed"). They now also record ``data_hash``, the digest of the merged content the engine
reads (docs/replays.md "The replay log"), and a file digest that differs is accepted when
that one is the same. Both games: Last Light's base pack, and a Starlight mod.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.replay import pack_header
from whitedwarf.interpreter.state import state_hash
from whitedwarf.tools.cli import main
from whitedwarf.tools.play import replay_header
from whitedwarf.tools.session import load_game
from whitedwarf.tools.tui.launch import new_session, resumed_session

REPO = Path(__file__).resolve().parents[2]
CHANGED = "its files have changed"

#: A Starlight mod of one flare, its card a flow map broken over lines (`fmt` makes it a block).
MOD_MANIFEST = """\
id: brightmod
name: Bright Mod
version: 0.1.0
game: starlight
language: "1.0"
depends: {starlight: ">=1.0,<2"}
allow: [W0432]
"""
MOD_FLARES = """\
- {id: bright_spark, name: Bright Spark, source: invented,
   points: gain 4 night_points, boon: gain 2 long_rays}
"""


@dataclass
class Packs:
    """The packs a game is played with, the file a designer edits and a number in it."""

    folders: list[Path]
    edited: Path
    number: tuple[str, str]  # the text of a number, and the same with the number changed

    @property
    def options(self) -> list[str]:
        return [word for folder in self.folders for word in ("--pack", str(folder))]


def lastlight_packs(tmp_path: Path) -> Packs:
    """A copy of Last Light's pack, a tech's cost written as a flow map over two lines."""
    pack = tmp_path / "lastlight"
    shutil.copytree(REPO / "content" / "lastlight", pack)
    techs = pack / "techs.yaml"
    text = techs.read_text(encoding="utf-8")
    assert "  cost: {common: 2, uncommon: 1}\n  copies: 3\n" in text
    broken = text.replace("{common: 2, uncommon: 1}", "{common: 2,\n    uncommon: 1}", 1)
    techs.write_text(broken, encoding="utf-8")
    return Packs([pack], techs, ("  copies: 3\n", "  copies: 2\n"))


def starlight_packs(tmp_path: Path) -> Packs:
    """Starlight's bundled pack and a mod of one flare."""
    mod = tmp_path / "brightmod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(MOD_MANIFEST, encoding="utf-8")
    (mod / "flares.yaml").write_text(MOD_FLARES, encoding="utf-8")
    number = ("gain 4 night_points", "gain 5 night_points")
    return Packs([REPO / "content" / "starlight", mod], mod / "flares.yaml", number)


GAMES = {"lastlight": lastlight_packs, "starlight": starlight_packs}


def cli(*words: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(words))
    return result.exit_code, result.output


def reformat(packs: Packs) -> None:
    """What a designer does that changes no content: `fmt`, and a comment added."""
    before = packs.edited.read_bytes()
    code, out = cli("fmt", str(packs.edited.parent))
    assert code == 0 and "1 file reformatted" in out, out
    assert packs.edited.read_bytes() != before
    text = packs.edited.read_text(encoding="utf-8")
    packs.edited.write_text("# a designer's note\n" + text, encoding="utf-8")


def change_a_number(packs: Packs) -> None:
    text = packs.edited.read_text(encoding="utf-8")
    was, now = packs.number
    assert was in text
    packs.edited.write_text(text.replace(was, now, 1), encoding="utf-8")


def play(packs: Packs, log: Path) -> str:
    """A short game of bots with its replay; the final state hash it prints."""
    code, out = cli(
        "play", *packs.options, "--seats", "random,random", "--seed", "3", "--round-limit", "3",
        "--replay", str(log), "--format", "json",
    )  # fmt: skip
    assert code == 0, out
    return str(json.loads(out)["final_hash"])


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_verifies_and_renders_after_fmt_and_a_comment(game: str, tmp_path: Path) -> None:
    packs = GAMES[game](tmp_path)
    log = tmp_path / "game.jsonl"
    final = play(packs, log)
    reformat(packs)
    code, out = cli("replay", str(log), *packs.options)
    assert code == 0 and "verified:" in out and final in out, out
    picture = tmp_path / "board.svg"
    code, out = cli("render", str(log), *packs.options, "--out", str(picture))
    assert code == 0 and picture.exists(), out
    # A number changed: the same game cannot be promised, and it is said as before.
    change_a_number(packs)
    for words in (("replay", str(log)), ("render", str(log), "--out", str(tmp_path / "b.svg"))):
        code, out = cli(*words, *packs.options)
        assert code == 1, out
        assert f"{log} was recorded with different content" in out and CHANGED in out, out


@pytest.mark.parametrize("game", GAMES)
def test_a_save_resumes_and_renders_after_fmt_and_a_comment(game: str, tmp_path: Path) -> None:
    packs = GAMES[game](tmp_path)
    loaded = load_game(packs.folders)
    engine, seats = loaded.engine, ["human", "random"]
    options = engine.game_options(seats, 200)
    game_rules = engine.game.from_content(loaded.content, len(seats), options)
    header = replay_header(loaded, 4, seats, options)
    session = new_session(game_rules, seats, 4, header, engine)
    for _ in range(6):
        seat = session.human_to_move()
        assert seat is not None
        session.choose(seat, session.options(seat)[-1].id)
    save = tmp_path / "game.save"
    session.save(save)
    saved_hash, decisions = state_hash(session.state), len(session.decisions)
    reformat(packs)
    now = load_game(packs.folders)
    assert now.pack.content_hash != loaded.pack.content_hash  # the files did change
    resumed = resumed_session(save, now.content, now.engine, pack_header(now.pack))
    assert state_hash(resumed.state) == saved_hash and len(resumed.decisions) == decisions
    picture = tmp_path / "board.svg"
    code, out = cli("render", str(save), *packs.options, "--out", str(picture))
    assert code == 0 and picture.exists(), out
    # A number changed: refused by `play --resume` and `render`, naming the packs, as before.
    change_a_number(packs)
    before = save.read_bytes()
    for words in (
        ("play", "--resume", str(save)),
        ("render", str(save), "--out", str(tmp_path / "b.svg")),
    ):
        code, out = cli(*words, *packs.options)
        assert code == 1, out
        assert f"{save} was made with the packs" in out and CHANGED in out, out
    assert save.read_bytes() == before


def test_a_log_made_before_the_data_digest_is_held_to_its_file_digests(tmp_path: Path) -> None:
    """A replay without ``data_hash`` (all logs and saves made before it was recorded, such
    as the ones under tests/) loads exactly as before: verified with the same files, refused
    once they changed, even in layout only."""
    packs = lastlight_packs(tmp_path)
    log = tmp_path / "game.jsonl"
    play(packs, log)
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    del header["data_hash"]
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps(header, sort_keys=True) + "\n" + "".join(lines[1:]), "utf-8")
    code, out = cli("replay", str(old), *packs.options)
    assert code == 0 and "verified:" in out, out
    reformat(packs)
    code, out = cli("replay", str(old), *packs.options)
    assert code == 1 and CHANGED in out, out
