"""Human seats in the terminal: whole games played through the interface, as a player would.

Driven by textual's Pilot (key presses into the real app), plus one run of `whitedwarf play`
in a real pseudo-terminal.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.packs import pack_header
from whitedwarf.interpreter.state import state_hash
from whitedwarf.tools.cli import main
from whitedwarf.tools.session import load_content

pytest.importorskip("textual")

from textual.widgets import OptionList, Static
from whitedwarf.interpreter.lastlight.views.terminal import views as lastlight_views
from whitedwarf.tools.tui.app import PlayApp
from whitedwarf.tools.tui.screens import HandoverScreen, QuitScreen, TextScreen
from whitedwarf.tools.tui.session import Session, read_save, resume

SIZE = (160, 50)
ROUNDS = 200  # the default round limit: the whole game is played out


def new_session(seats: list[str], seed: int = 4) -> Session:
    loaded, content = load_content(())
    options = {"round_limit": ROUNDS}
    game = Game.from_content(content, len(seats), options)
    header = {
        **pack_header(loaded),
        "seed": seed,
        "players": len(seats),
        "seats": seats,
        "options": options,
    }
    return Session(game, game.new_state(seed), seats, seed, header)


def recorded_notices(app: PlayApp) -> list[str]:
    notices: list[str] = []
    original = app.notify

    def notify(message: str, **kwargs) -> None:
        notices.append(message)
        original(message, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    return notices


def text_of(app: PlayApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


@pytest.mark.asyncio
async def test_a_whole_game_with_a_bad_key_an_undo_a_save_and_a_resume(tmp_path: Path) -> None:
    save_path, replay_path = tmp_path / "game.save", tmp_path / "game.jsonl"
    session = new_session(["human", "random"])
    app = PlayApp(session, save_path, replay_path)
    notices = recorded_notices(app)
    undone = False
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # The prompt says what is decided, not only whose decision it is.
        assert "your decision: setup: keep a faction" in text_of(app, "#prompt")
        assert "You: seat 0" in text_of(app, "#me")
        await pilot.press("z")
        assert any("does nothing here" in n for n in notices)
        while not undone and not session.over():
            before, count = state_hash(session.state), len(session.decisions)
            await pilot.press("enter")
            if session.can_undo(0):
                await pilot.press("u")
                assert len(session.decisions) == count
                assert state_hash(session.state) == before
                undone = True
        assert undone, "no undoable choice came up in the game"
        await pilot.press("s")
        assert save_path.exists()
        saved_at = len(session.decisions)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
    assert app.return_value == "quit"

    record = read_save(save_path, lastlight_views())
    resumed = resume(record, new_session(["human", "random"]).game)
    assert len(resumed.decisions) == saved_at
    assert state_hash(resumed.state) == state_hash(record["state"])
    app = PlayApp(resumed, save_path, replay_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(2000):
            if resumed.over():
                break
            await pilot.press("enter")
        assert resumed.over()
        # The end says who won, by which rule of 000 "Game End", and why the game ended;
        # the side shows the last moves and everyone's final light.
        prompt, result = text_of(app, "#prompt"), resumed.state["result"]
        assert "Game over" in prompt and "wins: the most light" in prompt
        assert "The game ended because a player reached the light" in prompt
        assert "The end of the game" in text_of(app, "#news")
        assert "game over" in text_of(app, "#news")
        assert f"{result['light'][1]} light" in text_of(app, "#others")  # seat 1's final light
        await pilot.press("q")
    assert app.return_value == "over"
    # The replay written at the end reproduces the game.
    result = CliRunner().invoke(main, ["replay", str(replay_path)])
    assert result.exit_code == 0 and "verified" in result.output, result.output


@pytest.mark.asyncio
async def test_hot_seat_hands_over_without_showing_the_previous_choice(tmp_path: Path) -> None:
    session = new_session(["human", "human"], seed=9)
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(200):
            if session.state["phase"] == "choose" and app.seat == 0:
                break
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
            else:
                await pilot.press("enter")
        assert session.state["phase"] == "choose" and app.seat == 0
        chosen = app.query_one("#options").get_option_at_index(0).prompt
        await pilot.press("enter")  # seat 0's secret action choice
        assert isinstance(app.screen, HandoverScreen)
        screen_text = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "Seat 1" in screen_text and str(chosen) not in screen_text
        # Behind the hand-over, the game screen is blank as well.
        assert text_of(app, "#board") == "" and text_of(app, "#me") == ""
        # Seat 0, still at the keyboard, may take the choice back before handing over.
        await pilot.press("u")
        assert app.seat == 0 and session.state["players"][0]["choice"] is None
        await pilot.press("enter")
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        assert app.seat == 1 and "You: seat 1" in text_of(app, "#me")
        # Seat 0's techs in hand are secret from seat 1 (E18): none is named on its screen.
        state = session.state
        shown = {t.split("#")[0] for t in state["players"][1]["techs_hand"]}
        shown |= {t["ref"].split("#")[0] for p in state["players"] for t in p["techs"]}
        secret = {t.split("#")[0] for t in state["players"][0]["techs_hand"]} - shown
        screen = " ".join(text_of(app, n) for n in ("#board", "#me", "#others", "#news"))
        assert secret and not any(name in screen for name in secret)
        assert "chose an action card" in text_of(app, "#news")
        assert str(chosen).replace("play ", "") not in text_of(app, "#news")
        await pilot.press("enter")  # seat 1 chooses: seat 0's choice is locked in
        assert not session.can_undo(0)


@pytest.mark.asyncio
async def test_a_tiny_terminal_and_ctrl_c_get_clear_answers(tmp_path: Path) -> None:
    save_path = tmp_path / "game.save"
    app = PlayApp(new_session(["human", "random", "random"]), save_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert "too small" in text_of(app, "#too-small")
        assert not app.query_one("#main").display
        # Keys pressed at a screen that shows no game choose nothing and take nothing back.
        await pilot.press("enter", "down", "enter", "u")
        assert app.session.decisions == [] or all(
            app.session.seats[seat] != "human" for seat, _ in app.session.decisions
        )
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert app.query_one("#main").display
        # The rules of the step (the setup keep) and the help, each closed with Esc.
        await pilot.press("r")
        assert isinstance(app.screen, TextScreen)
        assert '000 "setup"' in " ".join(str(w.render()) for w in app.screen.query(Static))
        await pilot.press("escape", "question_mark")
        assert "undo your last choice" in str(app.screen.query_one("#page-body", Static).render())
        await pilot.press("escape")
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("y")
    assert app.return_value == "saved"
    assert read_save(save_path, lastlight_views())["seats"][0] == "human"
    # The save draws as a board picture too.
    picture = tmp_path / "board.svg"
    result = CliRunner().invoke(main, ["render", str(save_path), "--out", str(picture)])
    assert result.exit_code == 0, result.output
    assert 'class="piece"' in picture.read_text(encoding="utf-8")


def test_an_unreadable_save_says_why_and_is_left_alone(tmp_path: Path) -> None:
    broken = tmp_path / "game.save"
    broken.write_text('{"kind": "whitedwarf-play-save", "version": 1, "sta', encoding="utf-8")
    before = broken.read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(broken)])
    assert result.exit_code == 1
    said = f"{broken}:1:52: a save of `whitedwarf play` cut short: the file ends here"
    assert said in result.output and "left as it is" in result.output
    assert "Traceback" not in result.output and broken.read_bytes() == before


def test_a_new_game_does_not_overwrite_an_existing_save(tmp_path: Path) -> None:
    existing = tmp_path / "game.save"
    existing.write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--seats", "human,random", "--save", str(existing)])
    assert result.exit_code == 2 and "--force" in result.output
    assert existing.read_text() == "mine"


def test_play_in_a_real_terminal_starts_and_quits_cleanly(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    command = f"{sys.executable} -m whitedwarf.tools.cli"
    # The terminal's own size, not one a test runner left in the environment.
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    child = pexpect.spawn(
        command + f" play --seats human,random --save {tmp_path / 'g.save'}",
        dimensions=(45, 150),
        timeout=60,
        encoding="utf-8",
        cwd=str(tmp_path),
        env=env,
    )
    child.expect("Other seats")
    child.send("q")
    child.expect("quit without saving")  # the quit dialog
    child.send("n")
    child.expect("quit without saving")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


@pytest.mark.asyncio
async def test_a_card_in_a_menu_shows_what_it_does(tmp_path: Path) -> None:
    """Keeping a faction (000 "Setup"), the player reads each dealt faction's ability."""
    session = new_session(["human", "random", "random"])
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.query_one("#options", OptionList)
        dealt = session.state["players"][0]["factions_dealt"]
        factions = {card["id"]: card for card in session.game.content.get("factions")}
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        for faction in dealt:
            words = " ".join(factions[faction]["text"].split())
            assert any(faction in p and words in p for p in prompts), (faction, prompts)
        await pilot.press("q", "n")


@pytest.mark.asyncio
async def test_a_runaway_card_effect_stops_the_game_saved_before_that_decision(
    tmp_path: Path,
) -> None:
    # Every faction of this pack loops at Research (docs/rules-decisions.md E16): the first
    # Research ends in the step-limit error, which leaves the state mid-effect.
    from tests.engine.test_limits import _looping_pack

    loaded, content = load_content((_looping_pack(tmp_path),))
    seats = ["human", "random"]
    game = Game.from_content(content, len(seats), {"round_limit": ROUNDS})
    header = {**pack_header(loaded), "seed": 4, "players": 2, "seats": seats, "options": {}}
    session = Session(game, game.new_state(4), seats, 4, header, locate=loaded.located)
    save_path = tmp_path / "game.save"
    app = PlayApp(session, save_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):
            await pilot.pause()
            if app.return_value is not None:
                break
            before, played = state_hash(session.state), len(session.decisions)
            await pilot.press("enter")
    assert app.return_value == "stopped-saved"
    assert app.stopped is not None and "ran more than 10,000 steps" in app.stopped
    assert "factions.yaml:" in app.stopped  # placed at the card's effect
    # Nothing is lost: the state and record are those before the failing decision, and the
    # save resumes there.
    assert state_hash(session.state) == before and len(session.decisions) == played
    resumed = resume(read_save(save_path, lastlight_views()), game)
    assert state_hash(resumed.state) == before and len(resumed.decisions) == played


def test_the_end_screen_names_the_tiebreak_that_decided() -> None:
    """000 "Game End": light, then techs in play, then resources; still tied, a shared win."""
    views = lastlight_views()
    text = views.end_text(
        {"winners": [0, 2], "light": [20, 12, 20], "reason": "light", "tiebreak": "shared"}
    )
    assert "seat 0, seat 2 win: tied on light" in text and "a shared win" in text
    text = views.end_text(
        {"winners": [1], "light": [9, 9], "reason": "round limit", "tiebreak": "techs"}
    )
    assert "seat 1 wins: tied on light, decided by the most techs in play" in text
    assert "the round limit was reached" in text


def test_resuming_a_finished_game_shows_the_result_and_leaves_it_on_the_terminal(
    tmp_path: Path,
) -> None:
    pexpect = pytest.importorskip("pexpect")
    session = new_session(["human", "random"])
    while (seat := session.human_to_move()) is not None:
        session.choose(seat, session.options(seat)[0].id)
    save_path = tmp_path / "g.save"
    session.save(save_path)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    child = pexpect.spawn(
        f"{sys.executable} -m whitedwarf.tools.cli play --resume {save_path}",
        dimensions=(45, 150),
        timeout=60,
        encoding="utf-8",
        cwd=str(tmp_path),
        env=env,
    )
    child.expect("Press q to quit")
    child.send("q")
    # Once the interface has closed, the result stays on the terminal in words.
    child.expect("wins: the most light")
    child.expect("The game ended because")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.asyncio
async def test_the_end_screen_shows_the_last_moves_and_the_whole_log(tmp_path: Path) -> None:
    session = new_session(["human", "random", "random"])
    while (seat := session.human_to_move()) is not None:
        session.choose(seat, session.options(seat)[0].id)
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        news = text_of(app, "#news")
        # More happened than the panel holds: it says where the rest is.
        assert news.startswith("The end of the game") and "press l for the whole log" in news
        assert "game over" in news
        await pilot.press("l")
        assert isinstance(app.screen, TextScreen)
        page = str(app.screen.query_one("#page-body", Static).render())
        assert len(page.splitlines()) > 12 and "game over" in page
        await pilot.press("escape", "r")
        assert '000 "game end"' in str(app.screen.query_one("#page-body", Static).render())
        await pilot.press("escape", "q")
    assert app.return_value == "over"


@pytest.mark.asyncio
async def test_at_the_smallest_size_the_side_panels_stay_on_screen(tmp_path: Path) -> None:
    """At 100×30 (README's least size) the board gives way: your seat and the others stay
    visible, the board scrolls sideways instead of wrapping its rows."""
    app = PlayApp(new_session(["human", "random", "random"]), tmp_path / "game.save")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        side, board = app.query_one("#side").region, app.query_one("#board-box").region
        assert side.width >= 40 and side.right <= 100
        assert board.width < 100 and app.query_one("#board").region.width > board.width
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert app.query_one("#board-box").region.width == 106  # all the rings when there is room
        await pilot.press("q", "n")


@pytest.mark.asyncio
async def test_no_way_out_skips_the_offer_to_save(tmp_path: Path) -> None:
    """textual's command palette (ctrl+p, with its own "quit") is off, and its quit action
    asks as q does."""
    app = PlayApp(new_session(["human", "random"]), tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        assert app.screen is app.screen_stack[0]  # no palette
        await app.run_action("quit")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("y")
    assert app.return_value == "saved" and (tmp_path / "game.save").exists()


def test_what_the_bots_did_stays_in_the_news_for_the_whole_turn() -> None:
    """A turn of several decisions (Research: discard, then manufacture...) keeps telling what
    the other seats did before it, not only the seat's own latest choice."""
    session = new_session(["human", "random", "random"])
    checked = 0
    while checked < 20 and (seat := session.human_to_move()) is not None:
        log = session.log
        if log and log[-1].seat == seat:  # a later decision of the same turn
            start = len(log)
            while start and log[start - 1].seat == seat:
                start -= 1  # back to the beginning of this turn
            news = "\n".join(session.news(seat))
            if start:  # the other seat that decided just before this turn is told
                assert f"seat {log[start - 1].seat} (random)" in news, news
            checked += 1
        session.mark_seen(seat)
        session.choose(seat, session.options(seat)[0].id)
    assert checked == 20


def test_the_prompt_names_the_action_and_its_step() -> None:
    """What the line above the menu says for the steps of 000's action cards."""
    from whitedwarf.interpreter.lastlight.views.citations import step

    def view(kind: str, pc: str, owner: int) -> dict:
        return {
            "phase": "resolve",
            "frames": [],
            "stack": [{"kind": kind, "pc": pc, "seat": owner}],
        }

    assert step(view("trade", "gift", 0), 0) == (
        "your Trade action: choose an opponent to gain 1 light"
    )
    assert step(view("attack", "assign", 2), 0) == "seat 2's Command (attack) action: assign a hit"
    assert step(view("move", "reveal", 0), 0).startswith("your Command (move) action: reveal")
    card = {"phase": "resolve", "frames": [{"card": "ore_refinery#1"}], "stack": []}
    assert step(card, 0) == "a choice asked by the card ore_refinery"


def test_human_seats_without_a_terminal_are_refused_not_left_waiting(tmp_path: Path) -> None:
    save = tmp_path / "game.save"
    result = CliRunner().invoke(main, ["play", "--seats", "human,random", "--save", str(save)])
    assert result.exit_code == 2
    assert "is not a terminal" in result.output and "--seats heuristic" in result.output
    assert not save.exists()


def test_a_resumed_game_lists_resources_and_pieces_as_the_rulebook_does(tmp_path: Path) -> None:
    """A save stores the state with its keys sorted; resumed, the panels said "14 common,
    2 rare, 14 uncommon" and "supply: 4 extractor, 0 large, ...". They keep 000
    "Components"'s order: common, uncommon, rare; small, medium, large, extractor."""
    from whitedwarf.interpreter.lastlight.views.panels import others_panel, own_panel

    session = new_session(["human", "random"])
    for _ in range(6):
        seat = session.human_to_move()
        assert seat is not None
        session.choose(seat, session.options(seat)[0].id)
    save_path = tmp_path / "game.save"
    session.save(save_path)
    resumed = resume(read_save(save_path, lastlight_views()), new_session(["human", "random"]).game)
    view = resumed.view(0)
    for panel in (own_panel(view, 0), others_panel(view, 0, ["human", "random"])):
        for line in panel.splitlines():
            if "resources:" in line:
                assert re.search(r"\d+ common, \d+ uncommon, \d+ rare", line), line
            if "supply:" in line:
                assert re.search(r"supply: \d+ small, \d+ medium, \d+ large, \d+ extractor", line)


def test_a_mods_save_names_its_packs_in_the_resume_command_and_when_they_are_missing(
    tmp_path: Path,
) -> None:
    """A game of a mod (`play --pack mymod --option factions=veyari`) was saved with "resume
    with: whitedwarf play --resume game.save", which then failed with "option factions: no
    faction 'veyari' in the pack; did you mean ...?". The command carries the mod's --pack,
    and a resume without it names the packs the save needs."""
    from whitedwarf.tools.play import _pack_options
    from whitedwarf.tools.scaffold import new_pack

    mod = tmp_path / "mymod"
    new_pack(mod)
    loaded, content = load_content((mod,))
    options = {"round_limit": ROUNDS, "factions": ["mymod_faction", None]}
    game = Game.from_content(content, 2, options)
    seats = ["human", "random"]
    header = {**pack_header(loaded), "seed": 1, "players": 2, "seats": seats, "options": options}
    session = Session(game, game.new_state(1), seats, 1, header)
    session.pack_options = _pack_options((mod,), ())
    save = tmp_path / "game.save"
    session.save(save)
    assert session.resume_command(save) == f"whitedwarf play --resume {save} --pack {mod}"
    before = save.read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(save)])
    assert result.exit_code == 1
    assert f"{save} was made with the packs lastlight 1.0.0, mymod 0.1.0; pass the same --pack" in (
        result.output
    )
    assert "(the save was left as it is)" in result.output and save.read_bytes() == before
    # `render` says it in the same words: before, "saved with different content
    # (mymod-0a1b...-2p); the packs loaded now are lastlight-...-2p", keys no one can read.
    picture = tmp_path / "board.svg"
    result = CliRunner().invoke(main, ["render", str(save), "--out", str(picture)])
    assert result.exit_code == 1 and not picture.exists()
    assert f"{save} was made with the packs lastlight 1.0.0, mymod 0.1.0; pass the same --pack" in (
        result.output
    )
    assert "different content" not in result.output
    result = CliRunner().invoke(
        main, ["render", str(save), "--pack", str(mod), "--out", str(picture)]
    )
    assert result.exit_code == 0 and picture.exists(), result.output
    # A pack shipped with whitedwarf is found by the save's game: not repeated in the command.
    from whitedwarf.content import bundled_pack

    assert _pack_options((bundled_pack("starlight"), mod), (tmp_path,)) == (
        "--pack", str(mod), "--pack-path", str(tmp_path),
    )  # fmt: skip


def test_a_save_against_a_timed_strong_seat_resumes_with_its_thinking_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play --seats human,strong --think 200`, saved and quit, said "resume with:
    whitedwarf play --resume game.save": that command resumed the strong seat searching a
    fixed number of simulations, not the 200 ms a decision its player had chosen."""
    from types import SimpleNamespace

    from whitedwarf.tools.tui import launch

    terminal = SimpleNamespace(isatty=lambda: True)
    monkeypatch.setattr(launch, "sys", SimpleNamespace(stdin=terminal, stdout=terminal))

    def save_and_quit(app: PlayApp) -> str:  # the player presses q, then y
        app.session.save(app.save_path)
        return "saved"

    monkeypatch.setattr(PlayApp, "run", save_and_quit)
    monkeypatch.chdir(tmp_path)
    args = ["play", "--seats", "human,strong", "--think", "200", "--seed", "3"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    said = "saved to game.save; resume with: whitedwarf play --resume game.save --think 200"
    assert said in result.output
    result = CliRunner().invoke(main, ["play", "--resume", "game.save", "--think", "200"])
    assert result.exit_code == 0, result.output
    assert said in result.output
