"""The terminal game for someone who has not read the rulebook (issue 23, item 8).

Each test plays a game as far as a decision (the human seat played by the heuristic bot) and
looks at the screen there through textual's Pilot: the menu says what an action card does and
what a build costs, the light that wins is on screen, ``r`` quotes the rulebook, a card that
asks shows its text, a step that may be declined offers to decline, the board names sectors as
the menus do and shows the ships' ids, and at 100×30 the centre ring and the whole menu fit.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.tools.tui.session import Session

from tests.tools.test_tui import new_session, text_of

pytest.importorskip("textual")

from textual.widgets import OptionList, Static
from whitedwarf.tools.tui.app import PlayApp
from whitedwarf.tools.tui.screens import TextScreen

SIZE = (160, 50)
SMALL = (100, 30)  # README's least size
SEEDS = Path("/work/shared/seeds")


def played_to(
    seed: int, wanted: Callable[[Session, int], bool], seats: list[str] | None = None
) -> Session:
    """A game played by the heuristic bot at the human seat up to the first decision of the
    human's where ``wanted`` holds."""
    session = new_session(seats or ["human", "random", "random"], seed=seed)
    bot = session.engine.make_agent("heuristic", seed, 0, session.game)
    while (seat := session.human_to_move()) is not None:
        if wanted(session, seat):
            return session
        session.mark_seen(seat)
        session.choose(seat, bot.choose(session.state, seat, session.options(seat)))
    raise AssertionError("the game ended before the decision wanted came up")


def offers(prefix: str) -> Callable[[Session, int], bool]:
    """The human is offered an option whose id starts with ``prefix``."""
    return lambda session, seat: any(o.id.startswith(prefix) for o in session.options(seat))


def menu_lines(app: PlayApp) -> list[str]:
    menu = app.query_one("#options", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def page_text(app: PlayApp) -> str:
    return str(app.screen.query_one("#page-body", Static).render())


@pytest.mark.asyncio
async def test_action_cards_say_what_they_do_and_r_quotes_the_rulebook(tmp_path: Path) -> None:
    session = played_to(3, lambda s, seat: s.state["phase"] == "choose")
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = menu_lines(app)
        # 000 "playing the game": "a brief description of what each action will do for you".
        assert "play Research: Gain new technologies to enhance your other actions" in lines
        assert "play Command: Move your ships and attack enemy ships" in lines
        # The light that ends the game is on screen (000 "Game End": 20+ light).
        assert "(the game ends at 20+ light)" in text_of(app, "#me")
        await pilot.press("r")
        assert isinstance(app.screen, TextScreen)
        page = page_text(app)
        assert page.startswith('000 "playing the game"')
        assert "Each round, players simultaneously choose a single action card to play" in page
        await pilot.press("escape", "q", "n")


@pytest.mark.asyncio
async def test_build_options_show_their_cost_and_r_quotes_construct(tmp_path: Path) -> None:
    session = played_to(3, offers("build:"))
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        builds = [line for line in menu_lines(app) if line.startswith("build a ")]
        assert builds and all(re.search(r"\(costs \d+ \w+", line) for line in builds), builds
        small = next(line for line in builds if line.startswith("build a small ship"))
        assert "(costs 2 common)" in small  # the player board's cost (ships.yaml)
        await pilot.press("r")
        page = page_text(app)
        assert page.startswith('000 "Action Card #3 - construct"')
        assert "To build a ship, pay the cost indicated on your player board" in page
        await pilot.press("escape", "q", "n")


@pytest.mark.asyncio
async def test_manufacture_options_show_the_cost_of_the_tech(tmp_path: Path) -> None:
    session = played_to(3, offers("make:"))
    techs = {card["id"]: card for card in session.game.content.get("techs")}
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        makes = [line for line in menu_lines(app) if line.startswith("manufacture ")]
        assert makes
        for line in makes:
            name = line.split()[1]
            printed = techs[name].get("cost") or {}
            words = ", ".join(f"{n} {kind}" for kind, n in printed.items() if n) or "nothing"
            assert f"(costs {words})" in line.splitlines()[0], line
        await pilot.press("q", "n")


@pytest.mark.asyncio
async def test_a_card_that_asks_shows_its_text(tmp_path: Path) -> None:
    session = played_to(11, lambda s, seat: bool(s.state["frames"]))
    card = session.state["frames"][-1]["card"].split("#")[0]
    texts = {
        c["id"]: " ".join(str(c.get("text") or c.get("effect")).split())
        for stem in ("factions", "achievements", "techs", "exploration")
        for c in session.game.content.get(stem) or []
    }
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompt = " ".join(text_of(app, "#prompt").split())
        assert f"a choice asked by the card {card}" in prompt
        assert f"{card}: {texts[card]}" in prompt
        await pilot.press("r")
        page = " ".join(page_text(app).split())
        assert f"{card}: {texts[card]}" in page
        # A token revealed after a move (rich_claim): the rule of revealing, not of techs.
        assert card == "rich_claim" and "reveal any deep space exploration tokens" in page
        assert '000 "technology cards"' not in page
        await pilot.press("escape", "q", "n")


@pytest.mark.asyncio
async def test_board_and_menu_name_sectors_alike_and_the_board_shows_ship_ids(
    tmp_path: Path,
) -> None:
    session = played_to(3, offers("move:"))
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = text_of(app, "#board")
        moves = [line for line in menu_lines(app) if line.startswith("move ")]
        assert moves
        for line in moves:
            # "move small s1 to d01": the ship's id and the sector's name are on the board.
            *_, ship, _, sector = line.split()
            assert "_" not in sector and re.search(rf"\b{sector}\b", board), (line, board)
            assert re.search(rf"\b{ship}\b", board), (ship, board)
        for ship in (s for s in session.state["ships"].values() if s["owner"] == 0):
            assert re.search(rf"\b{ship['id']}\b", board)
        await pilot.press("enter")  # the first move
        news = text_of(app, "#news")
        assert f"you chose: {moves[0]}" in news
        assert not re.search(r"\b(distant|outer|inner)_\d+", news), news  # the board's names
        await pilot.press("q", "n")


@pytest.mark.asyncio
async def test_the_header_names_the_kept_faction_during_setup(tmp_path: Path) -> None:
    session = new_session(["human", "random", "random"], seed=3)
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "faction: choose one below" in text_of(app, "#me")
        kept = session.options(0)[0].id.split(":")[1]
        await pilot.press("enter")  # keep the first faction; the achievement is asked next
        assert session.state["phase"] == "setup"
        me = text_of(app, "#me")
        assert "(keeping)" not in me and f"faction {kept} (kept" in me
        await pilot.press("enter")
        me = text_of(app, "#me")
        assert f"faction {kept} ·" in me and "kept achievement (secret)" in me
        await pilot.press("q", "n")


def test_a_step_that_says_or_not_offers_not() -> None:
    """000 "1. Move": revealing the tokens where your ships are is not optional; the prompt
    said "reveal the token ..., or not" with only reveal options. Every step whose words
    offer a way out has an option that takes it, in both games."""
    from whitedwarf.content import bundled_pack

    from tests.tools.test_tui_starlight import new_game

    way_out = re.compile(r"^(stop|end|build no|use no|decline|no\b|attach no|buy no)")
    checked = 0
    starlight = bundled_pack("starlight")
    games = [new_session(["human", "random", "random"], seed=seed) for seed in (3, 4, 5)]
    games += [new_game(starlight, ["human", "starbot"], seed=seed) for seed in (1, 2)]
    for seed, session in enumerate(games):
        bot = session.engine.make_agent("heuristic", seed, 0, session.game)
        while (seat := session.human_to_move()) is not None:
            words = session.views.step(session.view(seat), seat) if session.views.step else ""
            options = session.options(seat)
            if re.search(r", or (not|stop|build none|end)", words):
                checked += 1
                assert any(way_out.match(o.text) for o in options), (words, options)
            session.choose(seat, bot.choose(session.state, seat, options))
    assert checked > 5


@pytest.mark.asyncio
async def test_at_100_by_30_the_centre_ring_and_the_menu_fit(tmp_path: Path) -> None:
    session = new_session(["human", "random", "random"], seed=3)
    app = PlayApp(session, tmp_path / "game.save")
    shown = 0
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(40):
            await pilot.pause()
            if session.over():
                break
            box = app.query_one("#board-box")
            board = text_of(app, "#board").splitlines()
            centre = next(i for i, line in enumerate(board) if line.startswith("centre"))
            row = app.query_one("#board").region.y + centre - int(box.scroll_y)
            # The centre ring's rows are inside the board's box, above its scrollbar.
            assert box.region.y <= row and row + 1 < box.region.bottom - 1, (row, box.region)
            menu = app.query_one("#options", OptionList)
            lines = menu.virtual_size.height  # the options' lines, wrapped at the box's width
            if lines <= 10:  # a menu that fits is shown whole, without empty rows
                assert menu.max_scroll_y == 0 and menu.region.height == lines + 2, lines
                shown += 1
            else:  # a longer one keeps the board its room and scrolls
                assert menu.region.height == 12
            assert menu.region.bottom <= SMALL[1] - 1  # above the footer
            await pilot.press("enter")
        assert shown > 10
        await pilot.press("q", "n")


def test_every_section_cited_is_quoted() -> None:
    """The rules page quotes each section a decision cites (rulebook.yaml)."""
    from whitedwarf.interpreter.lastlight.views import citations
    from whitedwarf.interpreter.starlight.views import terminal as starlight
    from whitedwarf.tools.tui import rulebook

    cited = [
        *citations.TASK_SECTIONS.values(),
        *starlight.ACTION_SECTIONS.values(),
        *starlight.LAUNCH_SECTIONS.values(),
        '000 "game end"',
        '000 "setup"',
        '000 "playing the game"',
        '000 "technology cards"',
        '003 "Scoring"',
        '003 "The Gods"',
        '003 "Your First Turn"',
        '003 "Your Last Turn" and "Using the Rondel"',
        '003 "Using the Rondel" and "Action Points"; 003 "Flares"',
    ]
    for citation in cited:
        assert rulebook.cited(citation), citation
        assert rulebook.missing(citation) == [], citation


def _plain(text: str) -> str:
    """Words only: icons named in brackets dropped, markdown and HTML marks, colons (a title
    run into its text) and spacing undone."""
    text = re.sub(r"<[^>]+>", " ", text.replace("**", "").replace("*", "")).replace(":", " ")
    text = re.sub(r"\[[^\]]+\]", "", text)
    text = text.replace("’", "'").replace("•", "").replace("", "")
    text = re.sub(r"\s+([.,;:)])", r"\1", text)
    return " ".join(text.split()).casefold()


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not at hand")
def test_the_quoted_sections_are_the_rulebooks_words() -> None:
    from whitedwarf.tools.tui.rulebook import sections

    books = {
        path.name[:3]: _plain(path.read_text(encoding="utf-8")) for path in SEEDS.glob("*.txt")
    }
    for key, words in sections().items():
        book = books[key[:3]]
        for paragraph in words.split("\n"):
            line = re.sub(r"^(\d\. |- )", "", paragraph.strip())  # list marks the print lost
            if line:
                assert _plain(line) in book, (key, line)


def test_the_rules_page_names_the_icon_a_ship_ability_fires_on() -> None:
    """000 "technology cards": ship abilities "activate every time you roll a [icon] when
    attacking"; the print's icon is lost, and the engine fires them on the die's ability
    face (docs/rules-decisions.md K2, C7), so the rules page a player reads names that face,
    not the plain hit (which fires nothing)."""
    from whitedwarf.tools.tui.rulebook import sections

    words = sections()['000 "technology cards"']
    assert "every time you roll a [ability] when attacking" in words
    assert "[hit]" not in words


@pytest.mark.asyncio
async def test_starlight_rondel_and_menu_say_what_each_action_does(tmp_path: Path) -> None:
    from whitedwarf.content import bundled_pack

    from tests.tools.test_tui_starlight import new_game

    session = new_game(bundled_pack("starlight"), ["human", "starbot"], seed=2)
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        board = text_of(app, "#board")
        assert "daybreak at 65" in board.splitlines()[0]  # the goal, on the first line
        assert "Gain Cores · take up to 2 Cores, 1 AP each" in board
        assert "Launch to Aquila or Hydrus · launch one star, 1 AP" in board
        first, second = menu_lines(app)[:2]
        assert first.startswith("place your marker on Gain Cores and take its action · take up")
        # The space as the board names it, not "Launch Aquila Hydrus".
        assert second.startswith("place your marker on Launch to Aquila or Hydrus and take")
        await pilot.press("r")
        page = " ".join(page_text(app).split())
        assert "Place your marker on any action space you like" in page
        # The icon the print lost, named in brackets, is shown (textual's markup took it for
        # a tag and dropped it).
        assert "you receive only 2 [AP] to spend on the action" in page
        await pilot.press("escape", "q", "n")


def _finished_save(tmp_path: Path) -> Path:
    session = new_session(["human", "random"])
    while (seat := session.human_to_move()) is not None:
        session.choose(seat, session.options(seat)[0].id)
    save_path = tmp_path / "game.save"
    session.save(save_path)
    return save_path


def _spawn(arguments: str, cwd: Path) -> Any:
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return pexpect.spawn(
        f"{sys.executable} -m whitedwarf.tools.cli {arguments}",
        dimensions=(45, 150),
        timeout=60,
        encoding="utf-8",
        cwd=str(cwd),
        env=env,
    )


def test_a_finished_games_save_does_not_block_the_next_play(tmp_path: Path) -> None:
    """The save of a game played to its end is removed, saying so; `play` then starts a new
    game with the default save name instead of stopping at "game.save already exists"."""
    pexpect = pytest.importorskip("pexpect")
    save_path = _finished_save(tmp_path)
    child = _spawn("play --resume game.save", tmp_path)
    child.expect("Press q to quit")
    child.send("q")
    child.expect("wins")
    child.expect("its save game.save was removed")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and not save_path.exists()
    child = _spawn("play --seats human,random", tmp_path)
    child.expect("Other seats")  # a new game, not "game.save already exists"
    child.send("q")
    child.expect("quit without saving")
    child.send("y")  # saved: a game not finished keeps its save
    child.expect("saved to game.save")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and save_path.exists()


def test_the_rules_page_names_the_slot_sizes_of_the_slotless_table() -> None:
    """003 "Your Last Turn" prints the slotless final launch's points under slot-size icons
    the text lost; the rules page names each size with the points the engine gives it
    (setup.yaml ``slotless_points``, docs/rules-decisions.md SL54)."""
    from whitedwarf.interpreter.starlight.scenario import new_game
    from whitedwarf.tools.tui.rulebook import sections

    points = new_game().content.setup["slotless_points"]
    table = " ".join(f"[{size}] {points[size]}" for size in ("small", "medium", "large"))
    assert f"Slot Size Night Points {table}" in sections()['003 "your last turn"']
