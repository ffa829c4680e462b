"""What the terminal interface needs of a game: its board, panels, citations and news wording.

The interface (``app.py``) and the session (``session.py``) are the same for every game; a
game with the ``terminal`` feature hands its :class:`TerminalViews` to its ``GameEngine``
(``terminal=``, a function of no arguments returning them, importing the game's views only
when called), so a new game adds a module of views and no branch here. Each game keeps its
own in its package: ``interpreter/<game>/views/terminal.py``.

Every function that draws reads a seat's view (``Game.observation``) only, never the state,
so a human is never shown what their seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from whitedwarf.interpreter.state import State

Event = dict[str, Any]


@dataclass(frozen=True)
class TerminalViews:
    """A game's parts of the terminal interface, each a function of plain data."""

    #: The game's name in the window title ("Last Light").
    title: str
    #: ``(content, view)`` to the board as Rich markup (the left of the screen).
    board: Callable[[Any, State], str]
    #: ``(content, view, seat)`` to the seat's own panel (Rich markup).
    own_panel: Callable[[Any, State, int], str]
    #: ``(content, view, seat, seat kinds)`` to every other seat's public information.
    others_panel: Callable[[Any, State, int, list[str]], str]
    #: A seat's view to the rulebook section of the decision it is asked (the ``r`` key).
    citation: Callable[[State], str]
    #: ``content`` to a function ``(option text, option id)`` -> the menu line (rich Text),
    #: with what any card it names does.
    option_prompt: Callable[[Any], Callable[[str, str], Text]]
    #: ``(event, seat)`` to the event in words as that seat may know it (None: not told).
    tell: Callable[[Event, int], str | None]
    #: ``(decision text, its round, state)`` to how another seat's decision is told (None:
    #: as it is); a secret choice is told without what was chosen.
    told: Callable[[str, int, State], str | None]
    #: ``(state before, state after)`` a decision: whether it is locked in at once (it drew on
    #: chance, or revealed something): undo would show the seat what it could not know.
    locks_in: Callable[[State, State], bool]
    #: The state to save text and back (the game's ``persist``); ``load`` raises ValueError.
    save: Callable[[State], str]
    load: Callable[[str], State]
    #: ``game`` to what its states record of the content (a save of other content is refused).
    content_id: Callable[[Any], Any]
    #: ``(game, state)`` to the first card or place a saved state names that the game's
    #: packs do not have, in a sentence (None: none; ``interpreter/save_names.py``).
    unknown_name: Callable[[Any, State], str | None]
    #: The game's result for the end screen (Rich markup).
    end_text: Callable[[Mapping[str, Any]], str]
    #: The help page's part about this game's board.
    legend: str = ""
    #: ``content`` to the help page's part about the pack's own rule cards (Starlight's
    #: privileges: each letter, name and text), so a pack's wording reaches the player.
    rules_cards: Callable[[Any], str] | None = None
    #: ``(view, seat)`` to what the decision asked now is about, in a few words ("your Trade
    #: action: choose an opponent to gain 1 light"), shown above the menu (None: not told).
    step: Callable[[State, int], str] | None = None
    #: ``(content, view)`` to the card whose effect asks the decision now, with its text,
    #: shown above the menu and on the rules page (None: no card asks).
    asking_card: Callable[[Any, State], str | None] | None = None
    #: ``(view, seat, option id)`` to what choosing the option costs, shown on its menu line
    #: ("costs 2 common"; None: nothing to pay).
    option_cost: Callable[[State, int, str], str | None] | None = None
    #: A decision's text with things named as the screen names them (Last Light's sectors as
    #: the board labels them), for the news of what each seat chose.
    renamed: Callable[[str], str] = str


def views_of(engine: Any) -> TerminalViews:
    """The terminal views of a game's engine (``GameEngine.terminal``, called)."""
    accessor = getattr(engine, "terminal", None)
    if accessor is None:
        raise LookupError(f"{engine.title} has no terminal views")
    found = accessor()
    if not isinstance(found, TerminalViews):
        raise TypeError(f"the terminal views of {engine.title} are not TerminalViews")
    return found
