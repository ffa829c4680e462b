"""Last Light's views of the terminal interface (``views.py``): the board as a text grid
(``board_text``), the panels (``panels``), the rulebook citations (``citations``), the card
texts under menu options (``card_notes``) and what the other seats may be told."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.markup import escape
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.events import describe
from whitedwarf.interpreter.lastlight.persist import load, save, unknown_name
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.state import LUMOS
from whitedwarf.interpreter.lastlight.views.board_text import LEGEND, board_markup, menu_words
from whitedwarf.interpreter.lastlight.views.card_notes import (
    action_summaries,
    asking_card,
    card_texts,
    option_prompt,
)
from whitedwarf.interpreter.lastlight.views.citations import citation, step
from whitedwarf.interpreter.lastlight.views.costs import option_cost
from whitedwarf.interpreter.lastlight.views.model import LUMOS_LABEL, picture
from whitedwarf.interpreter.lastlight.views.panels import others_panel, own_panel
from whitedwarf.tools.tui.views import TerminalViews

#: Phases of simultaneous secret choices (000 "setup", "playing the game").
SECRET_PHASES = ("setup", "choose")
#: Events told to a seat only without their card when they concern another seat: a tech
#: drawn into, kept in or discarded from a hand is secret (000 "Action Card #1 - Research").
_HAND_EVENTS = frozenset({"tech_drawn", "tech_kept", "tech_discarded"})
#: The inner workings of card effects, left out of the story told to players.
_QUIET_EVENTS = frozenset({"verb", "modifier", "decision"})

BOARD_HELP = (
    "The board: rings from the centre out (centre, inner, outer, distant); columns are fixed\n"
    "directions on the table, north first, so a ring's sectors move along their row as it "
    "turns.\n" + LEGEND
)


def tell_event(event: dict[str, Any], seat: int) -> str | None:
    """An engine event in words as ``seat`` may know it (None: not told)."""
    kind = event.get("kind")
    if kind in _QUIET_EVENTS:
        return None
    if kind in _HAND_EVENTS and event.get("seat") != seat:
        what = {"tech_drawn": "draws", "tech_kept": "keeps", "tech_discarded": "discards"}[kind]
        return f"    seat {event.get('seat')} {what} a tech"
    what = menu_words(describe(event).split(": ", 1)[-1])
    who = event.get("seat")
    prefix = "" if who is None else "Lumos: " if who == -1 else f"seat {who}: "
    return f"    {prefix}{what}"


def told(text: str, round_: int, state: State) -> str | None:
    """Another seat's secret action choice is told as "chose an action card" until the cards
    are revealed (000 "playing the game": chosen "simultaneously"); a kept faction or
    achievement is never named."""
    if text.startswith("play ") and state["phase"] == "choose" and round_ == state["round"]:
        return "chose an action card"
    if text.startswith(("keep faction", "keep achievement")):
        return "kept a card"
    return None


def locks_in(before: State, after: State) -> bool:
    """A die rolled or a card drawn, or the last secret choice that reveals the cards (E60)."""
    revealed = before["phase"] in SECRET_PHASES and after["phase"] != before["phase"]
    return bool(after["rng"] != before["rng"] or revealed)


#: Why the game ended (``rotation.finish_game``), in a player's words.
END_REASONS = {
    "light": 'a player reached the light that ends the game (000 "Game End")',
    "round limit": "the round limit was reached (docs/rules-decisions.md E10)",
}
#: How the winners were picked among the players (000 "Game End": light, then techs in play,
#: then resources).
TIEBREAK_WORDS = {
    "light": "the most light",
    "techs": "tied on light, decided by the most techs in play",
    "resources": "tied on light and techs in play, decided by the most resources",
    "shared": "tied on light, techs in play and resources: a shared win",
}


def end_text(result: Mapping[str, Any]) -> str:
    """The winners, how they were picked, why the game ended and every seat's light."""
    winners = result.get("winners", [])
    who = ", ".join(f"seat {s}" for s in winners) or "nobody"
    reason = str(result.get("reason"))
    tiebreak = str(result.get("tiebreak"))
    light = ", ".join(f"seat {s}: {v}" for s, v in enumerate(result.get("light", [])))
    return (
        f"[bold]Game over[/]: {who} {'win' if len(winners) > 1 else 'wins'}: "
        f"{escape(TIEBREAK_WORDS.get(tiebreak, tiebreak))}.\n"
        f"The game ended because {escape(END_REASONS.get(reason, reason))}. Light: {light}."
    )


def _prompts(content: Any) -> Any:
    texts, actions = card_texts(content), action_summaries()
    return lambda text, option_id: option_prompt(text, option_id, texts, actions)


def board(content: Any, view: State) -> str:
    """The board with each ship's id under its sector (the menus name ships by id)."""
    ships = {
        sid: (LUMOS_LABEL if ship["owner"] == LUMOS else ship["owner"], ship["sector"])
        for sid, ship in view["ships"].items()
    }
    return board_markup(picture(content, view), ships)


def game_end_light(view: State) -> int:
    """The light that ends the game (000 "Game End": 20+; the pack may set another)."""
    return int(runtime(view).rules.get("game_end_light", 20))


def views() -> TerminalViews:
    """Last Light in the terminal interface."""
    return TerminalViews(
        title="Last Light",
        board=board,
        own_panel=lambda content, view, seat: own_panel(view, seat, game_end_light(view)),
        others_panel=lambda content, view, seat, kinds: others_panel(view, seat, kinds),
        citation=citation,
        option_prompt=_prompts,
        tell=tell_event,
        told=told,
        locks_in=locks_in,
        save=save,
        load=load,
        content_id=lambda game: game.content_id,
        unknown_name=lambda game, state: unknown_name(state, game.content),
        end_text=end_text,
        legend=BOARD_HELP,
        step=step,
        asking_card=lambda content, view: asking_card(card_texts(content), view),
        option_cost=option_cost,
        renamed=menu_words,
    )
