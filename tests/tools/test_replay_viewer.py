"""`whitedwarf replay --html`: the viewer opened in headless Chromium and stepped with the keyboard.

The screenshot is kept as a test artefact under ``$WHITEDWARF_ARTEFACTS`` (default: the test's
temporary folder), never in the repository.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.replay import read_replay
from whitedwarf.tools.cli import main

from tests.browser import browser, console_errors  # noqa: F401 (a fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def viewer(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("viewer")
    log, page = folder / "game.jsonl", folder / "game.html"
    code, out = run("play", "--seats", "random,random", "--seed", "5", "--replay", str(log))
    assert code == 0, out
    code, out = run("replay", str(log), "--html", str(page))
    assert code == 0, out
    assert "verified:" in out
    return log, page


def test_the_page_needs_no_network(viewer: tuple[Path, Path]) -> None:
    text = viewer[1].read_text(encoding="utf-8")
    # No external script, stylesheet, image or font: everything is inside the file.
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text)
    assert "@import" not in text and "url(" not in text


def test_an_existing_page_is_not_overwritten(viewer: tuple[Path, Path]) -> None:
    log, page = viewer
    before = page.read_bytes()
    code, out = run("replay", str(log), "--html", str(page))
    assert code == 2 and "--force" in out and page.read_bytes() == before


def test_a_replay_that_fails_to_verify_leaves_no_page(
    viewer: tuple[Path, Path], tmp_path: Path
) -> None:
    log, _ = viewer
    lines = log.read_text(encoding="utf-8").splitlines()
    end = lines[-1].replace('"final_hash":"', '"final_hash":"0')  # a recorded hash edited
    (tmp_path / "edited.jsonl").write_text("\n".join([*lines[:-1], end]) + "\n")
    page = tmp_path / "edited.html"
    code, out = run("replay", str(tmp_path / "edited.jsonl"), "--html", str(page))
    assert code != 0 and "the log recorded" in out
    assert not page.exists()


def _pieces(driver) -> Counter:
    svg = driver.find_element("css selector", "#board svg").get_attribute("outerHTML")
    root = ET.fromstring(svg)
    return Counter(e.get("data-owner") for e in root.iter() if e.get("class") == "piece")


def test_stepping_with_the_keyboard_in_chromium(browser, viewer) -> None:  # noqa: F811
    log, page = viewer
    total = len(read_replay(log).decisions)
    browser.get(page.resolve().as_uri())
    assert browser.find_element("tag name", "body").get_attribute("data-ready") == "true"
    where = browser.find_element("id", "where")
    assert where.text == f"decision 0 of {total}"
    start = _pieces(browser)
    assert start["0"] and start["1"] and start["lumos"]  # 002: Lumos ships in the centre
    body = browser.find_element("tag name", "body")
    for _ in range(3):
        body.send_keys("\ue014")  # ArrowRight
    assert where.text == f"decision 3 of {total}"
    assert "current" in browser.find_element("css selector", 'li[data-step="3"]').get_attribute(
        "class"
    )
    body.send_keys("\ue012")  # ArrowLeft
    assert where.text == f"decision 2 of {total}"
    body.send_keys("\ue010")  # End
    assert where.text == f"decision {total} of {total}"
    assert "winners: seat" in browser.find_element("id", "status").text
    panels = browser.find_elements("css selector", "#players .player")
    assert len(panels) == 2 and "light" in panels[0].text
    # The techs listed are those in play; of the secret hand only its size is told.
    assert all("techs in play:" in p.text and " in hand" in p.text for p in panels)
    assert "game ended:" in browser.find_element("id", "status").text
    assert "decided by" in browser.find_element("id", "status").text
    assert browser.find_elements("css selector", "#chart polyline")
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = '10';"
        "s.dispatchEvent(new Event('input'));"
    )
    assert where.text == f"decision 10 of {total}"
    artefacts = Path(os.environ.get("WHITEDWARF_ARTEFACTS", page.parent))
    artefacts.mkdir(parents=True, exist_ok=True)
    shot = artefacts / "replay-viewer.png"
    browser.save_screenshot(str(shot))
    assert shot.stat().st_size > 10_000
    assert console_errors(browser) == []


def test_the_panels_list_resources_and_pieces_as_the_rulebook_does(
    viewer: tuple[Path, Path],
) -> None:
    """000 "Components" lists common, uncommon, rare; small, medium, large ships and
    extractors. The panels said "0 common, 0 rare, 0 uncommon" (keys sorted to store each
    panel once)."""
    import json

    page = viewer[1].read_text(encoding="utf-8")
    found = re.search(r'<script[^>]*id="game-data"[^>]*>(.*?)</script>', page, re.S)
    assert found is not None
    data = json.loads(found.group(1))
    for panel in data["panels"]:
        assert list(panel["resources"]) == ["common", "uncommon", "rare"]
        assert list(panel["supply"]) == ["small", "medium", "large", "extractor"]


def page_data(page: Path) -> dict:
    import json

    found = re.search(r'<script[^>]*id="game-data"[^>]*>(.*?)</script>', page.read_text(), re.S)
    assert found is not None
    return json.loads(found.group(1))


def go_to(driver, step: int) -> None:
    driver.execute_script(
        "const s = document.getElementById('slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));",
        str(step),
    )


@pytest.fixture(scope="module")
def three_seats(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The viewer of a 3-player game in which techs are exhausted (seed 8)."""
    folder = tmp_path_factory.mktemp("three")
    log, page = folder / "game.jsonl", folder / "game.html"
    code, out = run("play", "--seats", "random,random,random", "--seed", "8", "--replay", str(log))
    assert code == 0, out
    assert run("replay", str(log), "--html", str(page))[0] == 0
    return page


def test_exhausted_techs_are_dimmed_and_labelled_not_struck_through(
    browser,  # noqa: F811
    three_seats: Path,
) -> None:
    """An exhausted tech was struck through, hard to read; it is dimmed with a badge saying
    so (issue 23 item 9)."""
    page = three_seats
    data = page_data(page)
    step = next(
        i
        for i, s in enumerate(data["steps"])
        if any(t["exhausted"] for p in s["players"] for t in data["panels"][p]["techs"])
    )
    browser.get(page.resolve().as_uri())
    go_to(browser, step)
    spent = browser.find_elements("css selector", "#players .techs span.exhausted")
    assert spent
    for tech in spent:
        decoration = browser.execute_script(
            "return getComputedStyle(arguments[0]).textDecorationLine", tech
        )
        assert "line-through" not in decoration
        assert tech.find_element("css selector", ".badge").text == "exhausted"
        assert float(tech.value_of_css_property("opacity")) < 1
    assert console_errors(browser) == []


def test_the_light_chart_has_a_round_axis_and_round_numbers(
    browser,  # noqa: F811
    viewer: tuple[Path, Path],
) -> None:
    """The chart showed only its top value and 0 over decisions; it has a round axis (a tick
    where each round starts) and light ticks at round numbers."""
    page = viewer[1]
    data = page_data(page)
    browser.get(page.resolve().as_uri())
    chart = browser.find_element("id", "chart")
    rounds = [int(t.text) for t in chart.find_elements("css selector", "text.tick-round")]
    played = sorted({s["round"] for s in data["steps"]})
    assert len(rounds) >= 5 and rounds == sorted(rounds) and set(rounds) <= set(played)
    # the labels run to the end of the game: the last is within one label step of it (a
    # 67-round game labelled every 10 rounds ends its labels at 60)
    assert rounds[-1] > played[-1] - (rounds[1] - rounds[0])
    assert chart.find_element("css selector", "text.axis-title").text == "round"
    light = [int(t.text) for t in chart.find_elements("css selector", "text.tick-score")]
    step = light[1] - light[0]
    assert light[0] == 0 and step in (1, 2, 5, 10, 20, 50)
    assert light == list(range(0, light[-1] + 1, step))
    assert light[-1] >= max(max(s["scores"]) for s in data["steps"])


def test_the_board_in_the_viewer_has_its_key_and_the_status_and_log_on_the_first_screen(
    browser,  # noqa: F811
    viewer: tuple[Path, Path],
) -> None:
    browser.set_window_size(1280, 800)
    browser.get(viewer[1].resolve().as_uri())
    height = browser.execute_script("return window.innerHeight")
    for name in ("status", "log", "board"):
        box = browser.execute_script(
            "return document.getElementById(arguments[0]).getBoundingClientRect().toJSON()", name
        )
        assert box["top"] >= 0 and box["bottom"] <= height, (name, box, height)
    items = browser.find_elements("css selector", "#board .legend .legend-item")
    assert len(items) >= 10 and all(item.is_displayed() for item in items)
    labels = browser.find_elements("css selector", "#board .sector-label")
    assert len(labels) == 41
    ships = browser.find_elements("css selector", "#board .piece circle")
    assert ships and min(ship.rect["width"] for ship in ships) >= 8  # 5 px before
