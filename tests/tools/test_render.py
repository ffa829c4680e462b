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
from whitedwarf.interpreter.lastlight.views.model import picture
from whitedwarf.interpreter.replay import read_replay
from whitedwarf.tools.cli import main
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
    assert code == 2 and "outside 0.." in text  # the command line's --at, not the file
    code, text = run("render", str(replay_file), "--at", "-1", "--out", str(tmp_path / "b.svg"))
    assert code == 2 and "outside 0.." in text and "Traceback" not in text
    junk = tmp_path / "junk.save"
    junk.write_text("{not json", encoding="utf-8")
    code, text = run("render", str(junk), "--out", str(tmp_path / "c.svg"))
    assert code == 1 and "not a whitedwarf save" in text and "Traceback" not in text
    code, text = run("render", str(replay_file), "--out", str(tmp_path / "board.gif"))
    assert code == 2 and ".svg or .png" in text


# --- a picture people can read (issue 23 item 9) ---------------------------------------------


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head.startswith(b"\x89PNG\r\n\x1a\n")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an ``#rrggbb`` colour."""
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92 for c in rgb)
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def apart(one: str, two: str) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable, 30 and more reads as another
    colour at a glance."""
    return sum((p - q) ** 2 for p, q in zip(lab(one), lab(two), strict=True)) ** 0.5


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_a_png_is_wide_enough_to_count_the_pieces_on(replay_file: Path, tmp_path: Path) -> None:
    """The PNG was 640 px wide, ships 8 px across; it is at least 1600 px by default and
    --scale sizes it (or an SVG, whose viewBox stays)."""
    pytest.importorskip("cairosvg")
    out = tmp_path / "board.png"
    code, text = run("render", str(replay_file), "--at", "100", "--out", str(out))
    assert code == 0, text
    width, height = png_size(out)
    assert width >= 1600 and height >= 1200
    small = tmp_path / "small.png"
    assert (
        run("render", str(replay_file), "--at", "100", "--scale", "1", "--out", str(small))[0] == 0
    )
    assert png_size(small)[0] < 1600 < png_size(out)[0]
    svg = tmp_path / "board.svg"
    assert run("render", str(replay_file), "--scale", "2", "--out", str(svg))[0] == 0
    root = ET.parse(svg).getroot()
    _, _, box_w, box_h = (float(v) for v in root.get("viewBox").split())
    assert (float(root.get("width")), float(root.get("height"))) == (2 * box_w, 2 * box_h)
    code, text = run("render", str(replay_file), "--scale", "0", "--out", str(tmp_path / "z.png"))
    assert code == 2 and "--scale" in text and "Traceback" not in text


def test_pieces_are_large_enough_and_a_key_says_what_each_shape_is(
    replay_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "board.svg"
    assert run("render", str(replay_file), "--at", "120", "--out", str(out))[0] == 0
    root = ET.parse(out).getroot()
    for piece in by_class(root, "piece"):
        if piece.get("data-kind") == "extractor":
            assert float(piece.get("width")) >= 12
        else:  # a ship: a disc with its size's letter on it
            disc = piece.find(f"{SVG}circle")
            assert disc is not None and float(disc.get("r")) >= 7
            letter = piece.find(f"{SVG}text")
            assert letter is not None and letter.text == piece.get("data-kind")[0].upper()
    key = by_class(root, "legend")
    assert len(key) == 1
    items = {e.get("data-legend"): e for e in by_class(key[0], "legend-item")}
    shapes = {"ship-small", "ship-medium", "ship-large", "extractor", "home", "asteroid"}
    shapes |= {"token-face-down", "token-revealed", "white-dwarf"}
    planets = {e.get("data-colour") for e in by_class(root, "planet") if e.get("data-planet")}
    assert planets and shapes | {f"planet-{c}" for c in planets} == set(items)
    words = {list(e.iter(f"{SVG}text"))[-1].text for e in items.values()}
    assert {"small ship", "medium ship", "large ship", "extractor"} <= words
    seats = [e.get("data-owner") for e in by_class(key[0], "legend-seat")]
    assert seats == ["0", "1", "2"]


def test_every_sector_is_labelled_with_its_id(replay_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    assert run("render", str(replay_file), "--out", str(out))[0] == 0
    sectors = [e for e in ET.parse(out).getroot().iter(f"{SVG}g") if e.get("class") == "sector"]
    assert len(sectors) == 41  # board.yaml: the centre, 8 inner, 16 outer, 16 distant
    for sector in sectors:
        labels = by_class(sector, "sector-label")
        assert [label.text for label in labels] == [sector.get("data-sector")]


def test_seat_colours_stand_apart_from_the_planets_and_each_other(
    replay_file: Path, tmp_path: Path
) -> None:
    """Seats 1 and 2 were sky blue and green, next to blue and green planets (CIE76 25 from
    the green planet, 18 from the yellow)."""
    from whitedwarf.tools.render.colours import owner_colour

    out = tmp_path / "board.svg"
    assert run("render", str(replay_file), "--out", str(out))[0] == 0
    root = ET.parse(out).getroot()
    planets = {e.get("fill") for e in by_class(root, "planet")}
    drawn = {e.get("fill") for e in by_class(root, "legend-seat")}
    seats = [owner_colour(seat) for seat in (0, 1, 2, 3, "lumos")]
    assert drawn == set(seats[:3]) and len(planets) >= 3
    for seat in seats:
        assert min(apart(seat, planet) for planet in planets) >= 30, seat
    for index, one in enumerate(seats):
        for two in seats[index + 1 :]:
            assert apart(one, two) >= 35, (one, two)
