"""People play Starlight in the terminal: whole games through the interface, as a player would.

Driven by textual's Pilot (key presses into the real app): a human against a Starbot and the
heuristic bot through a short game (daybreak at 30 night points), with an undo, the rules key,
a save in the middle of an action and a resume; hot-seat humans who never see each other's
laurels or gods; saves that cannot be resumed, refused in one line.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.starlight.agents.agent import StarlightHeuristic
from whitedwarf.interpreter.state import state_hash
from whitedwarf.tools.cli import main
from whitedwarf.tools.play import replay_header
from whitedwarf.tools.session import load_game

pytest.importorskip("textual")

from textual.widgets import OptionList, Static
from whitedwarf.tools.tui.app import PlayApp
from whitedwarf.tools.tui.launch import new_session, resumed_session
from whitedwarf.tools.tui.screens import HandoverScreen, QuitScreen, TextScreen
from whitedwarf.tools.tui.session import Session

REPO = Path(__file__).resolve().parents[2]
SIZE = (160, 50)
SCREEN = ("#board", "#me", "#others", "#news", "#prompt")


@pytest.fixture(scope="module")
def short_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Starlight pack with daybreak at 30 night points: a whole game in a few rounds."""
    pack = tmp_path_factory.mktemp("packs") / "starlight"
    shutil.copytree(REPO / "content" / "starlight", pack)
    setup = pack / "setup.yaml"
    text = setup.read_text(encoding="utf-8")
    assert "daybreak: 65" in text
    setup.write_text(text.replace("daybreak: 65", "daybreak: 30"), encoding="utf-8")
    return pack


def new_game(pack: Path, seats: list[str], seed: int, **settings: Any) -> Session:
    loaded = load_game([pack])
    engine = loaded.engine
    options = {**engine.game_options(seats, 200), **settings}
    game = engine.game.from_content(loaded.content, len(seats), options)
    return new_session(game, seats, seed, replay_header(loaded, seed, seats, options), engine)


def text_of(app: PlayApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def screen_text(app: PlayApp) -> str:
    return "\n".join(text_of(app, name) for name in SCREEN) + "\n" + menu_text(app)


def menu_text(app: PlayApp) -> str:
    menu = app.query_one("#options", OptionList)
    return "\n".join(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count))


class Player:
    """A person at the keyboard who plays as the heuristic bot would: arrows, then Enter."""

    def __init__(self, session: Session, seed: int) -> None:
        self.session = session
        self.mind = StarlightHeuristic(seed, session.game)

    async def decide(self, pilot: Any, app: PlayApp) -> None:
        seat = app.seat
        assert seat is not None
        options = self.session.options(seat)
        wanted = self.mind.choose(self.session.state, seat, options)  # it reads its view
        index = [o.id for o in options].index(wanted)
        await pilot.press(*(["down"] * index), "enter")


@pytest.mark.asyncio
async def test_a_whole_short_game_against_a_starbot_and_a_bot(
    short_pack: Path, tmp_path: Path
) -> None:
    save_path, replay_path = tmp_path / "game.save", tmp_path / "game.jsonl"
    session = new_game(short_pack, ["human", "starbot", "heuristic"], seed=5)
    app = PlayApp(session, save_path, replay_path)
    player = Player(session, 1)
    undone = saved_at = None
    before: tuple[str, int] = ("", 0)  # the state and decision count before the last choice
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.title == "whitedwarf · Starlight"
        # The first turn: the whole table is on the screen.
        board, me, others = text_of(app, "#board"), text_of(app, "#me"), text_of(app, "#others")
        for words in ("The rondel", "Gain Cores", "Launch to Aquila or Hydrus", "The sky",
                      "Aquila", "links 1-2", "The pools", "long rays:", "flares (deck:",
                      "daybreak at 30"):  # fmt: skip
            assert words in board, words
        assert "You: seat 0" in me and "2 AP now" in me and "your laurels (secret" in me
        laurels = session.state["players"][0]["laurels"]
        names = [session.game.content.cards["laurels"][lid]["name"] for lid in laurels]
        assert names and all(name in me for name in names)
        assert "seat 1 (starbot)" in others and "seat 2 (heuristic)" in others
        assert "Accolades" in others and "laurels: 3 (secret)" in others
        assert menu_text(app).startswith("place your marker on Gain Cores")
        assert "your decision: your first turn: place your marker" in text_of(app, "#prompt")
        await pilot.press("r")
        assert isinstance(app.screen, TextScreen)
        page = str(app.screen.query_one("#page-body", Static).render())
        assert page.startswith('003 "Your First Turn"')
        await pilot.press("escape")
        for _ in range(400):
            if session.over():
                break
            state = session.state
            if undone is None and session.can_undo(0):
                await pilot.press("u")  # the last choice is taken back
                assert (state_hash(session.state), len(session.decisions)) == before
                undone = True
                continue
            if saved_at is None and state["round"] >= 3 and state["action"] is not None:
                await pilot.press("s")  # in the middle of an action
                saved_at = len(session.decisions)
                break
            before = state_hash(state), len(session.decisions)
            await player.decide(pilot, app)
        assert undone and saved_at, "no undoable choice or no action to save in"
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
    assert app.return_value == "quit"

    loaded = load_game([short_pack])
    resumed = resumed_session(save_path, loaded.content, loaded.engine)
    assert len(resumed.decisions) == saved_at and resumed.state["action"] is not None
    app = PlayApp(resumed, save_path, replay_path)
    player = Player(resumed, 2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "AP now" in text_of(app, "#me")
        for _ in range(2000):
            if resumed.over():
                break
            await player.decide(pilot, app)
        assert resumed.over()
        prompt = text_of(app, "#prompt")
        assert "Game over" in prompt and "Points: seat 0:" in prompt
        assert "The game ended because a player reached daybreak" in prompt
        assert "The end of the game" in text_of(app, "#news")
        await pilot.press("q")
    assert app.return_value == "over"
    assert resumed.state["result"]["reason"] == "daybreak"
    launched = [s for s, owner in resumed.state["slots"].items() if owner == 0]
    assert launched, "the human launched no star"
    # The replay written at the end reproduces the game.
    result = CliRunner().invoke(main, ["replay", str(replay_path), "--pack", str(short_pack)])
    assert result.exit_code == 0 and "verified" in result.output, result.output


def _secrets_of(session: Session, seat: int) -> list[str]:
    """The names of what only ``seat`` may know: its laurels, and its god or gods dealt."""
    cards = session.game.content.cards
    p = session.state["players"][seat]
    names = [cards["laurels"][lid]["name"] for lid in p["laurels"]]
    gods = p["gods_dealt"] if session.state["phase"] == "gods" else []
    return names + [cards["gods"][g]["name"] for g in gods]


@pytest.mark.asyncio
async def test_hot_seat_players_never_see_each_others_laurels_or_gods(
    short_pack: Path, tmp_path: Path
) -> None:
    session = new_game(short_pack, ["human", "human", "starbot"], seed=3, gods=True)
    app = PlayApp(session, tmp_path / "game.save")
    handovers = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert session.state["phase"] == "gods" and app.seat == 0
        assert "gods dealt to you (keep one)" in text_of(app, "#me")
        assert text_of(app, "#prompt") and menu_text(app).startswith("keep ")
        kept = str(app.query_one("#options", OptionList).get_option_at_index(0).prompt)
        await pilot.press("enter")  # seat 0 keeps a god, in secret
        for _ in range(60):
            if session.over():
                break
            if isinstance(app.screen, HandoverScreen):
                handovers += 1
                handover = " ".join(str(w.render()) for w in app.screen.query(Static))
                assert "the other players look away" in handover
                assert all(text_of(app, name) == "" for name in SCREEN)
                if handovers == 1:
                    assert kept.split("\n")[0].removeprefix("keep ") not in handover
                await pilot.press("enter")
                continue
            seat = app.seat
            assert seat is not None
            shown = screen_text(app)
            for other in (s for s in (0, 1) if s != seat):
                for secret in _secrets_of(session, other):
                    assert secret not in shown, (seat, secret)
            for secret in _secrets_of(session, seat):
                assert secret in shown
            if handovers == 1 and seat == 1:
                assert "seat 0 (human) kept a god" in text_of(app, "#news")
            await pilot.press("enter")
        assert handovers >= 4
        await pilot.press("q", "n")


def _saved_game(pack: Path, tmp_path: Path) -> Path:
    session = new_game(pack, ["human", "starbot"], seed=2)
    session.choose(0, session.options(0)[0].id)
    path = tmp_path / "game.save"
    session.save(path)
    return path


def test_saves_that_cannot_be_resumed_say_why_in_one_line(short_pack: Path, tmp_path: Path) -> None:
    good = _saved_game(short_pack, tmp_path)
    record = json.loads(good.read_text(encoding="utf-8"))
    cases = {
        "broken.save": (
            '{"kind": "whitedwarf-play-save", "sta',
            "broken.save:1:38: a save of `whitedwarf play` cut short",
        ),
        "format.save": (
            json.dumps({**record, "state": {**record["state"], "format": 99}}),
            "save format 99 is not supported",
        ),
        "seats.save": (json.dumps({**record, "seats": ["human"]}), "seats do not match"),
    }
    for name, (text, reason) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(
            main, ["play", "--pack", str(short_pack), "--resume", str(path)]
        )
        assert result.exit_code == 1, (name, result.output)
        assert reason in result.output and "left as it is" in result.output, result.output
        assert len(result.output.strip().splitlines()) == 2 and "Traceback" not in result.output
        assert path.read_text(encoding="utf-8") == text
    # A Starlight save with Last Light's pack loaded says which game it belongs to.
    lastlight = str(REPO / "content" / "lastlight")
    result = CliRunner().invoke(main, ["play", "--pack", lastlight, "--resume", str(good)])
    assert result.exit_code == 1 and "is a save of 'starlight'" in result.output


def test_resume_in_a_real_terminal_finds_the_game_of_the_save(
    short_pack: Path, tmp_path: Path
) -> None:
    """`play --resume FILE` without --pack loads the bundled pack of the save's game."""
    pexpect = pytest.importorskip("pexpect")
    loaded = load_game([REPO / "content" / "starlight"])
    game = loaded.engine.game.from_content(loaded.content, 2, {"seats": ["live", "starbot"]})
    header = replay_header(loaded, 4, ["human", "starbot"], {"seats": ["live", "starbot"]})
    session = new_session(game, ["human", "starbot"], 4, header, loaded.engine)
    session.choose(0, session.options(0)[0].id)
    save = tmp_path / "sl.save"
    session.save(save)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    child = pexpect.spawn(
        f"{sys.executable} -m whitedwarf.tools.cli play --resume {save}",
        dimensions=(45, 150),
        timeout=60,
        encoding="utf-8",
        cwd=str(tmp_path),
        env=env,
    )
    child.expect("The sky")
    child.expect("Other seats")
    child.send("q")
    child.expect("quit without saving")
    child.send("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


def test_undo_is_open_until_a_choice_shows_something_new(short_pack: Path) -> None:
    """SL41: a step or a take from a face-up pool can be taken back; a turn's end cannot (the
    pools refill from the bags and decks, and the Starbot plays its card)."""
    session = new_game(short_pack, ["human", "starbot"], seed=6)
    session.choose(0, "place:2")  # the first turn: Gain Long Rays
    assert session.can_undo(0)
    session.choose(0, next(o.id for o in session.options(0) if o.id.startswith("ray:")))
    session.choose(0, "done")  # the first turn ends: the pools refill, the Starbot plays
    assert not session.can_undo(0) and session.state["round"] == 2
    before = state_hash(session.state)
    session.choose(0, "step")  # onto Launch to Lyra or Draco ...
    session.choose(0, "step")  # ... and Gain Flares
    session.choose(0, "act")
    flare = next(o.id for o in session.options(0) if o.id.startswith("flare:"))
    session.choose(0, flare)
    assert session.can_undo(0)
    while session.undo(0):
        pass
    assert state_hash(session.state) == before
    session.choose(0, "end")
    assert not session.can_undo(0) and not session.undo(0)


def test_another_seats_flare_and_god_are_not_named_in_the_news(short_pack: Path) -> None:
    """SL42: the Flare another seat buys goes into a hand only it sees; its god is secret
    until all are kept."""
    session = new_game(short_pack, ["human", "human"], seed=8, gods=True)
    god = session.options(0)[0]
    session.choose(0, god.id)
    assert god.text.removeprefix("keep ") not in "\n".join(session.news(1))
    assert any("kept a god" in line for line in session.news(1))
    session.choose(1, session.options(1)[0].id)  # every god kept: revealed together
    session.choose(0, "place:4")  # seat 0's first turn: Gain Flares
    bought = next(o for o in session.options(0) if o.id.startswith("flare:"))
    session.choose(0, bought.id)
    name = bought.text.removeprefix("buy the Flare ").split(" (")[0]
    assert any("takes the Flare" in line or "buys the Flare" in line
               for line in session.news(0))  # fmt: skip
    told = "\n".join(session.news(1))
    assert "bought a Flare" in told and "buys a Flare" in told and name not in told


@pytest.mark.asyncio
async def test_the_help_page_says_what_each_privilege_does(
    short_pack: Path, tmp_path: Path
) -> None:
    # 003 "Privileges": a player who gains one needs its rule; the pack's text is shown.
    session = new_game(short_pack, ["human", "starbot"], seed=2)
    app = PlayApp(session, tmp_path / "game.save")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        page = str(app.screen.query_one("#page-body", Static).render())
        assert "+ +1 Action Point: Gain one more action point (for a total of 6)" in page
        assert "A Launch Alpha Star: You may launch into the largest" in page
        await pilot.press("escape")
        assert not isinstance(app.screen, TextScreen)
