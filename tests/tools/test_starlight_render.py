"""`whitedwarf render` and `replay --html` for Starlight (issue 10 item 4): the sky, the rondel,
the pools and each seat's public holdings, drawn through the game's ``GameEngine.drawing``.

A seeded game with two bots and a Starbot is played once; the picture at a decision is checked
against the state the engine reaches there: every star in its slot in its owner's colour with
the magnitude the engine announced, every marker on its rondel space, the pools, and nothing
secret (another seat's laurels and face-up flares) anywhere in the SVG or the viewer page.
"""

from __future__ import annotations

import json
import os
import shutil
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.interpreter.replay import PLAY_SAVE_KIND, read_replay
from whitedwarf.interpreter.starlight.persist import save
from whitedwarf.interpreter.starlight.views.drawing import seat_colour
from whitedwarf.tools.cli import main
from whitedwarf.tools.session import load_game

from tests.browser import browser, console_errors  # noqa: F401 (a fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SVG = "{http://www.w3.org/2000/svg}"
AT = 90  # a decision in the middle of the game: stars, markers, claimed privileges


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("starlight") / "g.jsonl"
    code, out = run("play", "--pack", str(bundled_pack("starlight")), "--seats",
                    "heuristic,random,starbot", "--seed", "7", "--replay", str(path))  # fmt: skip
    assert code == 0, out
    return path


@cache
def loaded():
    return load_game([bundled_pack("starlight")])


def replayed(path: Path, at: int) -> tuple[dict, list[dict]]:
    """The state after ``at`` decisions and the events heard on the way."""
    log, heard = read_replay(path), []
    game = loaded().engine.game.from_content(
        loaded().content, log.header["players"], log.header["options"]
    )
    game.listen(heard.append)
    state = game.new_state(log.header["seed"])
    for seat, option in log.decisions[:at]:
        game.apply(state, seat, option)
    return state, heard


def drawn(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_every_star_is_in_its_slot_in_its_owners_colour_with_its_magnitude(
    game_log: Path, tmp_path: Path
) -> None:
    out = tmp_path / "sky.svg"
    code, said = run("render", str(game_log), "--at", str(AT), "--out", str(out))
    assert code == 0 and said.strip() == f"wrote {out}", said
    state, heard = replayed(game_log, AT)
    slots = {e.get("data-slot"): e for e in by_class(drawn(out), "slot")}
    assert set(slots) == set(state["slots"])  # every slot of the sky board is drawn
    owners = {s: e.get("data-owner") for s, e in slots.items() if e.get("data-owner") is not None}
    assert owners == {s: str(seat) for s, seat in state["slots"].items() if seat is not None}
    assert len(owners) >= 3, "the position should show a few stars"
    launched = {e["slot"]: e["magnitude"] for e in heard if e["kind"] == "launch" and e["slot"]}
    assert launched, "a live player launched a star by then"
    for slot, magnitude in launched.items():
        star = slots[slot]
        assert star.get("data-magnitude") == str(magnitude)
        assert any(t.text == str(magnitude) for t in star.iter(f"{SVG}text"))
        fills = {c.get("fill") for c in star.iter(f"{SVG}circle")}
        assert seat_colour(state["slots"][slot]) in fills
    aquila_1 = slots["aquila_1"]  # sky.yaml: small, 3 night points, Core + Ray, target
    assert (aquila_1.get("data-size"), aquila_1.get("data-points")) == ("small", "3")
    assert aquila_1.get("data-privilege") == "core_plus_ray"
    assert aquila_1.get("data-target") == "true"


def test_markers_pools_accolades_and_seats_are_drawn_as_the_state_has_them(
    game_log: Path, tmp_path: Path
) -> None:
    out = tmp_path / "sky.svg"
    assert run("render", str(game_log), "--at", str(AT), "--out", str(out))[0] == 0
    state, _ = replayed(game_log, AT)
    root = drawn(out)
    spaces = {e.get("data-index"): e for e in by_class(root, "space")}
    assert len(spaces) == 7  # 003 "Using the Rondel": seven action spaces
    markers = {m.get("data-owner"): m.get("data-index") for m in by_class(root, "marker")}
    assert markers == {
        str(p["seat"]): str(p["marker"]) for p in state["players"] if p["marker"] is not None
    }
    rays = [(e.get("data-pool"), e.get("data-colour")) for e in by_class(root, "pool-ray")]
    expected = [(size, r.split(":")[0]) for size in ("long", "short") for r in state["pools"][size]]
    assert rays == expected
    accolades = by_class(root, "accolade")
    assert [a.get("data-accolade") for a in accolades] == [a["id"] for a in state["accolades"]]
    for accolade, drawn_one in zip(state["accolades"], accolades, strict=True):
        marks = {
            m.get("data-owner"): m.get("data-marks") for m in by_class(drawn_one, "starbot-marks")
        }
        assert marks == {seat: str(n) for seat, n in accolade["marks"].items()}
    seats = by_class(root, "seat")
    assert [(s.get("data-night"), s.get("data-ap")) for s in seats] == [
        (str(p["night"]), str(p["ap"])) for p in state["players"]
    ]


def test_other_seats_laurels_and_flares_in_hand_are_never_drawn(
    game_log: Path, tmp_path: Path
) -> None:
    out, page = tmp_path / "sky.svg", tmp_path / "g.html"
    assert run("render", str(game_log), "--at", str(AT), "--out", str(out))[0] == 0
    assert run("replay", str(game_log), "--html", str(page))[0] == 0
    content = loaded().content
    state, _ = replayed(game_log, AT)
    others = {  # card names that only a laurel or a flare in hand could show
        kind: {c["name"] for c in content.cards[kind].values()}
        for kind in ("laurels", "flares", "accolades", "cores", "gods", "privileges", "aspects")
    }
    public = set().union(
        *(others[k] for k in ("accolades", "cores", "gods", "privileges", "aspects"))
    )
    laurels = {content.cards["laurels"][c]["name"] for p in state["players"] for c in p["laurels"]}
    in_hand = {content.cards["flares"][f]["name"] for p in state["players"] for f in p["flares"]}
    pool = {content.cards["flares"][f]["name"] for f in state["pools"]["flares"] if f}
    secret = (laurels | in_hand) - pool - public  # a laurel may share a pool flare's name
    assert len(secret) >= 4
    svg = out.read_text(encoding="utf-8")
    for name in secret:
        assert name not in svg, name
    html = page.read_text(encoding="utf-8")
    every_laurel = {
        content.cards["laurels"][c]["name"] for p in state["players"] for c in p["laurels"]
    }
    for name in every_laurel - public - others["flares"]:
        assert name not in html, name
    assert "laurels: 3 (secret)" in svg


def test_the_same_replay_gives_the_same_bytes(game_log: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.svg", tmp_path / "two.svg"
    assert run("render", str(game_log), "--at", str(AT), "--out", str(one))[0] == 0
    assert run("render", str(game_log), "--at", str(AT), "--out", str(two))[0] == 0
    assert one.read_bytes() == two.read_bytes()
    pages = tmp_path / "one.html", tmp_path / "two.html"
    decisions = len(read_replay(game_log).decisions)
    for page in pages:
        code, said = run("replay", str(game_log), "--html", str(page))
        assert code == 0 and f"verified: {decisions} decisions" in said, said
    assert pages[0].read_bytes() == pages[1].read_bytes()


def test_the_viewer_steps_through_every_decision_with_public_panels(
    game_log: Path, tmp_path: Path
) -> None:
    page = tmp_path / "g.html"
    assert run("replay", str(game_log), "--html", str(page))[0] == 0
    html = page.read_text(encoding="utf-8")
    payload = html.split('<script id="game-data" type="application/json">', 1)[1]
    data = json.loads(payload.split("</script>", 1)[0])
    log = read_replay(game_log)
    assert len(data["steps"]) == len(log.decisions) + 1
    assert data["scoreName"] == "points" and "<h2>Points over time</h2>" in html
    last = data["steps"][-1]
    final, _ = replayed(game_log, len(log.decisions))
    assert last["scores"] == [p["night"] + p["day"] for p in final["players"]]
    panel = data["panels"][last["players"][2]]
    assert panel["lines"][0].startswith("seat 2 (Starbot)")
    first = data["steps"][1]
    assert first["status"].startswith("round 1 · ")
    assert data["svgHead"].startswith("<svg") and 'data-game="starlight"' in data["svgHead"]
    board = data["svgHead"] + "".join(data["sectors"][i] for i in last["board"]) + data["svgTail"]
    stars = [e for e in by_class(ET.fromstring(board), "slot") if e.get("data-owner")]
    assert len(stars) == sum(1 for seat in final["slots"].values() if seat is not None)


def pack_with_accolade_named(folder: Path, name: str) -> Path:
    """A copy of the Starlight pack in ``folder`` whose first accolade is called ``name``."""
    mod = folder / "hostile"
    shutil.copytree(bundled_pack("starlight"), mod)
    accolades = mod / "accolades.yaml"
    text = accolades.read_text(encoding="utf-8")
    accolades.write_text(text.replace("name: First Alpha", f"name: '{name}'"), encoding="utf-8")
    return mod


def test_a_hostile_name_in_a_pack_is_shown_as_text_never_as_markup(tmp_path: Path) -> None:
    hostile = '<script>alert(1)</script> & "quotes"'
    mod = pack_with_accolade_named(tmp_path, hostile)
    sky = mod / "sky.yaml"
    sky.write_text(
        sky.read_text(encoding="utf-8").replace(
            "name: Aquila", "name: '</text><script>x</script>'"
        ),
        encoding="utf-8",
    )
    log, out, page = tmp_path / "g.jsonl", tmp_path / "sky.svg", tmp_path / "g.html"
    code, said = run("play", "--pack", str(mod), "--seats", "first,starbot", "--seed", "2",
                     "--replay", str(log))  # fmt: skip
    assert code == 0, said
    assert run("render", str(log), "--pack", str(mod), "--at", "20", "--out", str(out))[0] == 0
    svg = out.read_text(encoding="utf-8")
    assert "<script" not in svg
    root = ET.fromstring(svg)  # still well-formed XML
    texts = {t.text for t in root.iter(f"{SVG}text")}
    assert "1. " + hostile + " (4)" in texts and "</text><script>x</script>" in texts
    assert run("replay", str(log), "--pack", str(mod), "--html", str(page))[0] == 0
    html = page.read_text(encoding="utf-8")
    assert html.count("<script") == 2  # the page's data and its code, nothing more
    assert html.count("</script>") == 2


def test_a_saved_starlight_state_is_drawn_without_naming_the_pack(
    game_log: Path, tmp_path: Path
) -> None:
    state, _ = replayed(game_log, AT)
    saved = tmp_path / "save.json"
    saved.write_text(save(state), encoding="utf-8")
    out = tmp_path / "save.svg"
    code, said = run("render", str(saved), "--out", str(out))
    assert code == 0, said
    owners = {e.get("data-slot"): e.get("data-owner") for e in by_class(drawn(out), "star")}
    assert owners == {s: str(seat) for s, seat in state["slots"].items() if seat is not None}
    held = tmp_path / "play.save"  # the terminal interface's save holds the state
    record = {"kind": PLAY_SAVE_KIND, "version": 1, "state": json.loads(save(state))}
    held.write_text(json.dumps(record), encoding="utf-8")
    assert run("render", str(held), "--out", str(tmp_path / "held.svg"))[0] == 0
    assert (tmp_path / "held.svg").read_bytes() == out.read_bytes().replace(
        b"save.json", b"play.save"
    )
    state["content"]["digest"] = "0" * 16  # made with other content: refused, with the reason
    saved.write_text(save(state), encoding="utf-8")
    code, said = run("render", str(saved), "--out", str(tmp_path / "other.svg"))
    assert code == 1 and "was saved with different content" in said


def test_the_viewer_in_chromium_shows_the_sky_and_a_hostile_name_as_text(
    browser,  # noqa: F811
    tmp_path: Path,
) -> None:
    hostile = "<img src=x onerror=alert(1)><script>alert(2)</script>"
    mod = pack_with_accolade_named(tmp_path, hostile)
    log, page = tmp_path / "g.jsonl", tmp_path / "g.html"
    code, said = run("play", "--pack", str(mod), "--seats", "heuristic,starbot", "--seed", "4",
                     "--replay", str(log))  # fmt: skip
    assert code == 0, said
    assert run("replay", str(log), "--pack", str(mod), "--html", str(page))[0] == 0
    browser.get(page.resolve().as_uri())
    assert browser.find_element("tag name", "body").get_attribute("data-ready") == "true"
    total = len(read_replay(log).decisions)
    browser.find_element("tag name", "body").send_keys("\ue010")  # End
    assert browser.find_element("id", "where").text == f"decision {total} of {total}"
    svg = browser.find_element("css selector", "#board svg")
    final, _ = replayed_with(mod, log, total)
    stars = svg.find_elements("css selector", "g.slot.star")
    assert len(stars) == sum(1 for seat in final["slots"].values() if seat is not None) > 0
    names = [t.text for t in svg.find_elements("css selector", "g.accolade text")]
    assert f"1. {hostile} (4)" in names  # shown as the text it is
    assert not browser.find_elements("css selector", "#board img, #board script")
    assert len(browser.find_elements("tag name", "script")) == 2
    panels = browser.find_elements("css selector", "#players .player")
    firsts = [p.text.splitlines()[0] for p in panels]
    assert firsts[0].startswith("seat 0 (live) · ") and firsts[1].startswith("seat 1 (Starbot)")
    assert console_errors(browser) == []


def replayed_with(pack: Path, path: Path, at: int) -> tuple[dict, list[dict]]:
    """:func:`replayed` on another pack."""
    other = load_game([pack])
    log, heard = read_replay(path), []
    game = other.engine.game.from_content(
        other.content, log.header["players"], log.header["options"]
    )
    game.listen(heard.append)
    state = game.new_state(log.header["seed"])
    for seat, option in log.decisions[:at]:
        game.apply(state, seat, option)
    return state, heard


# --- a picture people can read (issue 23 item 9) ---------------------------------------------


def test_the_key_explains_every_short_label_on_the_sky(game_log: Path, tmp_path: Path) -> None:
    """$NP, RR, C+R, L+3, +AP and α stood on the slots with nothing saying what they are."""
    out = tmp_path / "sky.svg"
    assert run("render", str(game_log), "--at", str(AT), "--out", str(out))[0] == 0
    root = drawn(out)
    labels = {t.text for t in by_class(root, "privilege")}
    assert {"$NP", "RR", "C+R", "L+3", "+AP", "α"} <= labels
    key = {
        e.get("data-abbreviation"): [t.text for t in e.iter(f"{SVG}text")]
        for e in by_class(root, "abbreviation")
    }
    names = {c["id"]: c["name"] for c in loaded().content.cards["privileges"].values()}
    for label in labels | {"AP"}:
        assert label in key, label
        assert key[label][0] == label and key[label][1]
    assert key["$NP"][1] == names["buy_night_points"] and key["α"][1] == names["launch_alpha_star"]
    assert "dashed ring marks a target slot" in by_class(root, "slot-key")[0].text


def test_the_viewer_keeps_the_status_log_and_key_on_the_first_screen(
    browser,  # noqa: F811
    game_log: Path,
    tmp_path: Path,
) -> None:
    """The sky filled the first screen and pushed the status and the log below it."""
    page = tmp_path / "g.html"
    assert run("replay", str(game_log), "--html", str(page))[0] == 0
    browser.set_window_size(1280, 800)
    browser.get(page.resolve().as_uri())
    body = browser.find_element("tag name", "body")
    for _ in range(AT):
        body.send_keys("\ue014")  # ArrowRight
    height = browser.execute_script("return window.innerHeight")
    for name in ("status", "log"):
        box = browser.execute_script(
            "return document.getElementById(arguments[0]).getBoundingClientRect().toJSON()", name
        )
        assert box["top"] >= 0 and box["bottom"] <= height, (name, box, height)
    assert browser.find_element("id", "status").text.startswith("round ")
    assert browser.find_element("css selector", "#log li.current").is_displayed()
    key = browser.find_elements("css selector", "#board g.abbreviation")
    assert {k.get_attribute("data-abbreviation") for k in key} >= {"$NP", "RR", "C+R", "L+3", "α"}
    for entry in key:
        box = entry.rect
        assert box["y"] + box["height"] <= height  # the key is on the first screen too
    artefacts = Path(os.environ.get("WHITEDWARF_ARTEFACTS", tmp_path))
    artefacts.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(artefacts / "starlight-viewer.png"))
    assert console_errors(browser) == []
