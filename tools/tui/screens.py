"""The interface's pop-up screens: a page of text, the hand-over between seats, quitting."""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


class TextScreen(ModalScreen[None]):
    """A page of text (help, the rules of this step, the log); any listed key closes it."""

    BINDINGS = [  # noqa: RUF012 (textual reads the class attribute)
        Binding("escape", "dismiss", "close"),
        Binding("enter", "dismiss", "close", show=False),
        Binding("q", "dismiss", "close", show=False),
    ]

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="page"):
            yield Static(f"[bold]{self.title_text}[/]", id="page-title")
            with VerticalScroll():
                yield Static(self.body, id="page-body")
            yield Static("[dim]Esc or Enter: back to the game[/]")

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)


class HandoverScreen(Screen[None]):
    """Between two human seats (hot-seat): a whole screen that shows nothing of the game.

    Not a pop-up over the game (which would let the previous seat's screen show through).
    """

    BINDINGS = [Binding("enter", "ready", "I am seat N: show my screen")]  # noqa: RUF012

    def __init__(self, seat: int, previous: int, can_undo: bool) -> None:
        super().__init__()
        self.seat = seat
        self.previous = previous
        self.can_undo = can_undo

    def compose(self) -> ComposeResult:
        undo = (
            f"Seat {self.previous}: press u to take back your choice before handing over.\n\n"
            if self.can_undo
            else ""
        )
        with Vertical(id="handover"):
            yield Static(
                f"[bold]Seat {self.seat}'s turn.[/]\n\n{undo}"
                f"Pass the keyboard to seat {self.seat}; the other players look away.\n\n"
                f"Seat {self.seat}: press Enter when you are ready.",
                id="handover-text",
            )

    def action_ready(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Asks whether to save before quitting: ``save``, ``quit`` or ``back``."""

    BINDINGS = [  # noqa: RUF012
        Binding("y", "answer('save')", "save and quit"),
        Binding("n", "answer('quit')", "quit without saving"),
        Binding("escape", "answer('back')", "back to the game"),
    ]

    def __init__(self, save_path: str, resume: str | None = None) -> None:
        super().__init__()
        self.save_path = save_path
        self.resume = resume or f"whitedwarf play --resume {save_path}"

    def compose(self) -> ComposeResult:
        with Vertical(id="quit"):
            yield Static(
                "[bold]Quit the game?[/]\n\n"
                f"  y  save to {escape(self.save_path)} and quit (resume with "
                f"`{escape(self.resume)}`)\n"
                "  n  quit without saving\n"
                "  Esc  back to the game"
            )

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
