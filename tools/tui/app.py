"""The full-screen terminal interface for human seats (textual).

One screen: the board on the left; your seat, everyone's public information and what happened
since your last turn on the right; the decision as a menu of the engine's option texts at the
bottom. What is drawn is the game's own (``views.py``: each game's ``views/terminal.py``);
this module only lays it out and handles the keys. Keys: ``?``
help, ``r`` the rules of this step, ``l`` the log, ``u`` undo, ``s`` save, ``q`` (or Ctrl-C)
quit with an offer to save. Everything shown comes
from the seat's ``Game.observation``; between two human seats a hand-over screen shows nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as MenuOption
from whitedwarf.dsl.counts import counted
from whitedwarf.tools.tui.rulebook import escape as as_written
from whitedwarf.tools.tui.rulebook import page
from whitedwarf.tools.tui.screens import HandoverScreen, QuitScreen, TextScreen
from whitedwarf.tools.tui.session import GameStopped, Session

MIN_WIDTH, MIN_HEIGHT = 100, 30
#: The board's width when there is room (Last Light's rings are 104 columns), and the least
#: the side panels are given.
BOARD_WIDTH, SIDE_WIDTH = 106, 44

HELP = """\
Each decision is a menu of what the rules allow now, in the engine's words.
  ↑ ↓ (or the mouse)  pick an option        Enter  choose it
  u   undo your last choice (until it is locked in: when another seat has decided
      after it, a die was rolled or a card drawn, or the action cards were revealed)
  r   the rules of this decision, in the rulebook's words
  l   the log: what the other seats did since your last turn
  s   save the game (resume with `whitedwarf play --resume FILE`)
  q   quit (asks whether to save first); Ctrl-C does the same
  ?   this help
"""

KNOWN_KEYS = {
    "question_mark",
    "r",
    "l",
    "u",
    "s",
    "q",
    "ctrl+c",
    "up",
    "down",
    "enter",
    "pageup",
    "pagedown",
    "home",
    "end",
    "tab",
    "shift+tab",
    "escape",
    "y",
    "n",
}


#: Lines of news on the main screen; the rest is on the log page (``l``).
NEWS_LINES = 12


def _latest(news: list[str], nothing: str) -> str:
    """The last lines of the news, saying how many earlier ones the log page holds."""
    if not news:
        return nothing
    earlier = len(news) - NEWS_LINES
    lines = counted(earlier, "earlier line")
    more = f"[dim]({lines}: press l for the whole log)[/]\n" if earlier > 0 else ""
    return more + "\n".join(escape(line) for line in news[-NEWS_LINES:])


class PlayApp(App[str]):
    """A game with human seats; the app's return value says how it ended."""

    CSS_PATH = "play.tcss"
    # textual's command palette (ctrl+p) offers "quit", which left without the offer to save.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012 (textual reads the class attribute)
        Binding("question_mark", "help", "help"),
        Binding("r", "rules", "rules"),
        Binding("l", "log", "log"),
        Binding("u", "undo", "undo"),
        Binding("s", "save", "save"),
        Binding("q", "quit_game", "quit"),
        Binding("ctrl+c", "quit_game", "quit", show=False, priority=True),
    ]

    def __init__(self, session: Session, save_path: Path, replay_path: Path | None = None):
        super().__init__()
        self.session = session
        self.save_path = save_path
        self.replay_path = replay_path
        self.seat: int | None = None  # the human seat shown now
        self.hidden = False  # the hand-over screen is up: show nothing
        self.views = session.views
        self.title = f"whitedwarf · {self.views.title}"
        self._prompt: Any = None  # (option text, id) -> menu line, made once
        #: Why the game stopped (an engine error, :class:`GameStopped`), when it did.
        self.stopped: str | None = None
        #: Once the game is over: the human seat whose screen shows the end (its log, ``l``).
        self.ended_for: int | None = None
        self.too_small = False  # the terminal is too small: the game is not shown

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")
        with Vertical(id="main"):
            with Horizontal(id="top"):
                with ScrollableContainer(id="board-box"):
                    yield Static("", id="board")
                with VerticalScroll(id="side"):
                    yield Static("", id="me")
                    yield Static("", id="others")
                    yield Static("", id="news")
            yield Static("", id="prompt")
            yield OptionList(id="options")
        yield Footer()

    def on_mount(self) -> None:
        self._check_size(self.size.width, self.size.height)
        self.next_turn()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.query_one("#too-small", Static).update(
            f"The terminal is too small for the game: it is {width}×{height}, "
            f"the game needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            "Make the window larger (nothing is lost), or press q to quit."
            if small
            else ""
        )
        self.query_one("#too-small").display = small
        self.query_one("#main").display = not small
        # Nothing is chosen or taken back blind: the menu only answers when it can be seen.
        self.too_small = small
        # The side (your seat, the others, the news) always keeps its room; on a narrow
        # terminal the board gives way and scrolls sideways instead of hiding the side.
        self.query_one("#board-box").styles.width = max(20, min(BOARD_WIDTH, width - SIDE_WIDTH))

    # -- turns -------------------------------------------------------------------------------

    def next_turn(self) -> None:
        """Let the bots play, then show the next human seat (after a hand-over if it changed)."""
        try:
            seat = self.session.human_to_move()
        except GameStopped as error:
            self._stop(error)
            return
        if seat is None:
            self.show_end()
            return
        if self.seat is not None and seat != self.seat and len(self.session.humans) > 1:
            self.blank()
            handover = HandoverScreen(seat, self.seat, self.session.can_undo(self.seat))
            self.push_screen(handover, lambda _: self.show(seat))
            return
        self.show(seat)

    def blank(self) -> None:
        """Show nothing of the game (between two seats of a hot-seat game)."""
        self.hidden = True
        for name in ("#board", "#me", "#others", "#news", "#prompt"):
            self.query_one(name, Static).update("")
        self.query_one("#options", OptionList).clear_options()

    def show(self, seat: int) -> None:
        """Draw everything ``seat`` may see and its decision."""
        self.hidden = False
        self.seat = seat
        view = self.session.view(seat)
        content = self.session.game.content
        self.query_one("#board", Static).update(self.views.board(content, view))
        self.query_one("#me", Static).update(self.views.own_panel(content, view, seat))
        others = self.views.others_panel(content, view, seat, self.session.seats)
        self.query_one("#others", Static).update("[bold]Other seats[/]\n" + others)
        self.query_one("#news", Static).update(
            "[bold]Since your last turn[/]\n" + _latest(self.session.news(seat), "nothing yet")
        )
        undo = " · u: undo" if self.session.can_undo(seat) else ""
        about = f" {escape(self.views.step(view, seat))}" if self.views.step else ""
        card = self._asking_card(view)
        self.query_one("#prompt", Static).update(
            f"[bold]Seat {seat}, round {view['round']}: your decision:[/]{about} "
            f"(r: rules of this step{undo} · ?: help)"
            + (f"\n[italic]{as_written(card)}[/]" if card else "")
        )
        menu = self.query_one("#options", OptionList)
        menu.clear_options()
        menu.add_options(
            MenuOption(self._menu_line(view, seat, o.text, o.id), id=o.id)
            for o in self.session.options(seat)
        )
        menu.highlighted = 0
        menu.focus()

    def _menu_line(self, view: dict[str, Any], seat: int, text: str, option_id: str) -> Text:
        """The option's line: its text, what it costs (when the game says), then the text of
        any card it names."""
        if self._prompt is None:
            self._prompt = self.views.option_prompt(self.session.game.content)
        line: Text = self._prompt(text, option_id)
        cost = self.views.option_cost(view, seat, option_id) if self.views.option_cost else None
        if not cost:
            return line
        first = line.plain.find("\n")
        first = len(line) if first < 0 else first
        return line[:first] + Text(f" ({cost})", style="bold") + line[first:]

    def _asking_card(self, view: dict[str, Any]) -> str | None:
        """The card whose effect asks the decision now, with its text (None: none asks)."""
        asking = self.views.asking_card
        return asking(self.session.game.content, view) if asking is not None else None

    def show_end(self) -> None:
        """The game is over: the result, the last moves and everyone's final standing, and
        the replay written if asked."""
        last = self.seat if self.seat is not None else self.session.humans[0]
        self.seat = None
        self.ended_for = last
        self._show_final_panels(last)
        state = self.session.state
        result = self.session.game.result(state) or {}
        text = self.views.end_text(result)
        if self.replay_path is not None:
            try:
                self.session.write_replay(self.replay_path)
                text += f"\nReplay written to {self.replay_path}."
            except OSError as error:
                text += f"\nThe replay could not be written to {self.replay_path}: {error}"
        self.query_one("#board", Static).update(self.views.board(self.session.game.content, state))
        self.query_one("#prompt", Static).update(
            text + "\nPress q to quit (l: the whole log of the end)."
        )
        self.query_one("#options", OptionList).clear_options()

    def _show_final_panels(self, seat: int) -> None:
        """The panels as ``seat`` sees the finished game, with what happened since its last
        decision (the bots' last moves and the final scoring)."""
        self.hidden = False
        view = self.session.view(seat)
        content = self.session.game.content
        self.query_one("#me", Static).update(self.views.own_panel(content, view, seat))
        others = self.views.others_panel(content, view, seat, self.session.seats)
        self.query_one("#others", Static).update("[bold]Other seats[/]\n" + others)
        self.query_one("#news", Static).update(
            "[bold]The end of the game[/]\n" + _latest(self.session.news(seat), "nothing more")
        )

    # -- choices -----------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.seat is None or self.hidden or self.too_small or event.option.id is None:
            return
        seat = self.seat
        if event.option.id not in {o.id for o in self.session.options(seat)}:
            # A key press queued before the menu was rebuilt: it chose from an old menu.
            return
        self.session.mark_seen(seat)
        try:
            self.session.choose(seat, event.option.id)
        except GameStopped as error:
            self._stop(error)
            return
        self.next_turn()

    def _stop(self, error: GameStopped) -> None:
        """An engine error ended the game: save it as it was before the failing decision
        (nothing played so far is lost) and leave, saying why (``launch.run``)."""
        self.stopped = str(error)
        try:
            self.session.save(self.save_path)
        except OSError as problem:
            self.stopped += f"\n(the game could not be saved to {self.save_path}: {problem})"
            self.exit("stopped")
            return
        self.exit("stopped-saved")

    def action_undo(self) -> None:
        if self.seat is None or self.too_small:
            return
        if self.hidden:
            # The seat that just chose is still at the keyboard on the hand-over screen.
            if self.session.undo(self.seat):
                self.pop_screen()
                self.notify("Your last choice is taken back.")
                self.show(self.seat)
            return
        if self.session.undo(self.seat):
            self.notify("Your last choice is taken back.")
            self.show(self.seat)
        else:
            self.notify(
                "Nothing to undo: your choices are locked in once another seat has decided, "
                "a die was rolled or a card drawn, or the action cards were revealed.",
                severity="warning",
            )

    def action_save(self) -> None:
        try:
            self.session.save(self.save_path)
        except OSError as error:
            self.notify(f"Could not save to {self.save_path}: {error}", severity="error")
            return
        self.notify(
            f"Saved to {self.save_path}. Resume: {self.session.resume_command(self.save_path)}"
        )

    async def action_quit(self) -> None:
        """Any other way to ask textual to quit asks whether to save, as ``q`` does."""
        self.action_quit_game()

    def action_quit_game(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        if self.session.over():
            self.exit("over")
            return
        resume = self.session.resume_command(self.save_path)
        self.push_screen(QuitScreen(str(self.save_path), resume), self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if answer == "save":
            try:
                self.session.save(self.save_path)
            except OSError as error:
                self.notify(f"Could not save to {self.save_path}: {error}", severity="error")
                return
            self.exit("saved")
        elif answer == "quit":
            self.exit("quit")

    # -- pages -------------------------------------------------------------------------------

    def action_help(self) -> None:
        cards = self.views.rules_cards
        extra = f"\n\n{cards(self.session.game.content)}" if cards is not None else ""
        self.push_screen(TextScreen("Help", f"{HELP}\n{self.views.legend}{extra}"))

    def action_rules(self) -> None:
        seat = self.seat if self.seat is not None else self.ended_for
        if seat is None or self.hidden:
            return
        view = self.session.view(seat)
        # The citation, the card that asks (if one does), then the rulebook's words of each
        # section cited (rulebook.yaml: the rulebooks are not shipped).
        cited, _, words = page(self.views.citation(view)).partition("\n\n")
        card = self._asking_card(view)
        parts = [cited, f"[bold]The card that asks[/]\n{as_written(card)}" if card else "", words]
        body = "\n\n".join(part for part in parts if part)
        self.push_screen(TextScreen("The rules of this step", body))

    def action_log(self) -> None:
        seat = self.seat if self.seat is not None else self.ended_for
        if seat is None or self.hidden:
            return
        news = self.session.news(seat)
        body = "\n".join(escape(line) for line in news)
        title = "Since your last turn" if self.seat is not None else "The end of the game"
        self.push_screen(TextScreen(title, body or "Nothing has happened since your last turn."))

    def on_key(self, event: events.Key) -> None:
        """A key that does nothing says so, instead of being silently ignored."""
        if event.key in KNOWN_KEYS or not event.is_printable:
            return
        if self.screen is not self.screen_stack[0]:
            return  # a pop-up has its own keys
        self.notify(f"The key {event.key!r} does nothing here; press ? for help.")
