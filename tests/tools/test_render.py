"""`whitedwarf render`: the board picture shows each owner's pieces as the state has them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.persist import save
from whitedwarf.interpreter.replay import read_replay
from whitedwarf.tools.cli import main
from whitedwarf.tools.render.model import picture
from whitedwarf.tools.session import load_content as load_pack_content

SVG = "{http://www.w3.org/2000/svg}"


@cache
def load_content():  # the content `whitedwarf play` and `render` load
    return load_pack_content(())[1]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("render") / "game.jsonl"
    code, out = run("play", "--seats", "random,random,random", "--seed", "7", "--replay", str(path))
    assert code == 0, out
    return path


def state_at(path: Path, at: int) -> dict:
    log = read_replay(path)
    game = Game.from_content(load_content(), log.header["players"], log.header["options"])
    state = game.new_state(log.header["seed"])
    for seat, option in log.decisions[:at]:
        game.apply(state, seat, option)
    return state


def pieces_in_svg(path: Path) -> Counter:
    root = ET.parse(path).getroot()
    return Counter(
        (e.get("data-owner"), e.get("data-kind")) for e in root.iter() if e.get("class") == "piece"
    )


def pieces_in_state(state: dict) -> Counter:
    counts = Counter((str(s["owner"]), s["size"]) for s in state["ships"].values())
    counts.update((str(x["owner"]), "extractor") for x in state["extractors"].values())
    return counts


@pytest.mark.parametrize("at", [0, 120, None])
def test_the_svg_has_each_owners_pieces_as_the_state_does(
    replay_file: Path, tmp_path: Path, at: int | None
) -> None:
    out = tmp_path / "board.svg"
    args = ["render", str(replay_file), "--out", str(out)]
    if at is not None:
        args += ["--at", str(at)]
    code, text = run(*args)
    assert code == 0, text
    total = len(read_replay(replay_file).decisions)
    state = state_at(replay_file, total if at is None else at)
    assert pieces_in_svg(out) == pieces_in_state(state)
    root = ET.parse(out).getroot()
    assert root.get("data-rotation") == str(state["rotation"])
    sectors = [e for e in root.iter(f"{SVG}g") if e.get("class") == "sector"]
    assert len(sectors) == len(state["sectors"])


def test_tokens_are_face_down_until_revealed_and_planets_coloured(replay_file: Path) -> None:
    state = state_at(replay_file, 200)
    board = picture(load_content(), state)
    for sector in board.sectors:
        data = state["sectors"][sector.id]
        if data["token"] is None:
            assert sector.token_state == "none"
        else:
            assert sector.token_state == ("revealed" if data["revealed"] else "face-down")
        if data["planet"]:
            assert sector.planet_colour == state["planets"][data["planet"]]["colour"]


def test_rings_are_drawn_at_the_states_rotation(replay_file: Path) -> None:
    # B3: the inner ring turns 90 degrees, the outer 45, the distant sectors stay.
    state = state_at(replay_file, 0)
    before = {s.id: s.start for s in picture(load_content(), state).sectors}
    state["rotation"] = 1
    after = {s.id: s.start for s in picture(load_content(), state).sectors}
    assert (after["inner_0"] - before["inner_0"]) % 360 == 90
    assert (after["outer_00"] - before["outer_00"]) % 360 == 45
    assert after["distant_00"] == before["distant_00"]


def test_a_save_renders_to_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    content = load_content()
    game = Game.from_content(content, 2)
    state = game.new_state(3)
    saved = tmp_path / "game.save"
    saved.write_text(save(state), encoding="utf-8")
    out = tmp_path / "board.png"
    code, text = run("render", str(saved), "--out", str(out))
    assert code == 0, text
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    # The 2-player board has the Lumos' ships in the centre (002).
    assert picture(load_content(), state).pieces_by_owner()["lumos"]


def test_bad_inputs_say_why_and_nothing_is_overwritten(replay_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    out.write_text("mine", encoding="utf-8")
    code, text = run("render", str(replay_file), "--out", str(out))
    assert code == 2 and "--force" in text and out.read_text() == "mine"
    code, text = run("render", str(replay_file), "--at", "99999", "--out", str(tmp_path / "b.svg"))
    assert code == 1 and "outside 0.." in text
    junk = tmp_path / "junk.save"
    junk.write_text("{not json", encoding="utf-8")
    code, text = run("render", str(junk), "--out", str(tmp_path / "c.svg"))
    assert code == 1 and "not a whitedwarf save" in text and "Traceback" not in text
    code, text = run("render", str(replay_file), "--out", str(tmp_path / "board.gif"))
    assert code == 2 and ".svg or .png" in text
