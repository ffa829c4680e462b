"""Starlight's views of the terminal interface (``views.py``): the board
(``board_text``), the panels (``panels``), the rulebook section of each
decision (003), the cards named in menu options, and what the other seats are told.

Secrets (docs/rules-decisions.md SL26, SL42): another seat's laurels, its flares in hand and
the gods dealt to it are never shown; its god is "kept" until every live player has kept one
(SL25), and the Flare it buys is told as "a Flare" (it goes face up into a hand that only its
owner sees). Undo (SL41) is locked once a decision shows something new: a card or ray drawn
(the generator moves or a deck shrinks), another seat's turn (the Starbots play inside it),
the gods revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from rich.markup import escape
from rich.text import Text
from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.starlight.narrate import TIEBREAK_WORDS, sentence, words
from whitedwarf.interpreter.starlight.persist import load, save, unknown_name
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.interpreter.starlight.state import content_id
from whitedwarf.interpreter.starlight.views.board_text import (
    LEGEND,
    board,
    core_plan,
    flare_text,
    privileges_help,
    space_action,
)
from whitedwarf.interpreter.starlight.views.panels import goal_text, others_panel, own_panel
from whitedwarf.tools.tui.views import TerminalViews

#: The decks whose size changes when a card is drawn (their order is hidden).
DECKS: tuple[Literal["core_deck", "flare_deck", "starbot_deck"], ...] = (
    "core_deck", "flare_deck", "starbot_deck",
)  # fmt: skip

#: What the rules of each gain action are called in 003.
ACTION_SECTIONS = {
    "gain_cores": '003 "Gain Cores"',
    "gain_long_rays": '003 "Gain Rays"',
    "gain_short_rays": '003 "Gain Rays"',
    "gain_flares": '003 "Gain Flares"',
}
#: The steps of a launch (``launch.py``) and where 003 says how each is done.
LAUNCH_SECTIONS = {
    "core": '003 "Launching a Star, step by step" (step 1: assemble a star) and "Completed '
    'Stars and Plans"',
    "rays": '003 "Completed Stars and Plans", "Star Plans" and "Slot Sizes and Magnitudes"',
    "slot": '003 "Choosing a Destination Slot" (step 2) and "Slot Sizes and Magnitudes"',
    "flare": '003 "Launching a Star, step by step" (step 5) and "Flares": the blue box',
    "buy": '003 "Buy Night Points on Launch"',
}


def citation(view: State) -> str:
    """Where 003 says how the decision asked now is made."""
    if view["phase"] == "over":
        return '003 "Scoring"'
    if view["phase"] == "gods":
        return '003 "The Gods": each live player examines the two gods dealt and keeps one'
    frames = view.get("frames") or []
    if frames:
        kind, _, card = str(frames[-1].get("card", "")).partition(":")
        section = '003 "The Gods"' if kind == "gods" else '003 "Flares"'
        return f"the text of the card {card!r} (an effect waiting for a choice); {section}"
    action = view.get("action")
    turn: Mapping[str, Any] = view.get("turn_state") or {}
    if action is None:
        if turn.get("first"):
            return '003 "Your First Turn": place your marker on any space; 2 AP, that action only'
        if turn.get("last"):
            return '003 "Your Last Turn" and "Using the Rondel"'
        return '003 "Using the Rondel" and "Action Points"; 003 "Flares" for a boon'
    if action["kind"] == "launch":
        final = '003 "Your Last Turn" (the final launch); ' if action.get("final") else ""
        return final + LAUNCH_SECTIONS.get(str(action.get("step")), '003 "Launch"')
    return ACTION_SECTIONS.get(str(action["kind"]), '003 "Actions"')


#: What a seat decides at each step of an action, in a player's words.
STEP_WORDS = {
    "gain_cores": "Gain Cores: take a Core",
    "gain_long_rays": "Gain Rays: take long rays",
    "gain_short_rays": "Gain Rays: take short rays",
    "gain_flares": "Gain Flares: buy a Flare",
    "core": "Launch: choose the Core (or starter) to launch",
    "rays": "Launch: choose the rays of the star",
    "slot": "Launch: choose the slot the star goes to",
    "flare": "Launch: play a Flare's blue box, or not",
    "buy": "Launch: buy night points, or not",
}


def step(view: State, seat: int) -> str:
    """What the decision asked of ``seat`` now is about, in a player's words."""
    del seat
    if view["phase"] == "over":
        return "the game is over"
    if view["phase"] == "gods":
        return "keep one of the two gods dealt to you (secret until everyone has kept one)"
    frames = view.get("frames") or []
    if frames:
        card = str(frames[-1].get("card", "")).partition(":")[2]
        return f"a choice asked by the card {card}"
    action = view.get("action")
    if action is None:
        turn: Mapping[str, Any] = view.get("turn_state") or {}
        if turn.get("first"):
            return "your first turn: place your marker on any rondel space (2 AP, that action)"
        if turn.get("last"):
            return "your last turn: move your marker on the rondel and take its action"
        return "your turn: move your marker on the rondel, take its action, or end your turn"
    if action["kind"] == "launch":
        return STEP_WORDS.get(str(action.get("step")), "Launch")
    return STEP_WORDS.get(str(action["kind"]), str(action["kind"]))


def card_notes(content: Any) -> dict[str, str]:
    """Card id -> what it is, for every card a menu option can name."""
    notes: dict[str, str] = {}
    for core in content.cards.get("cores", {}):
        notes[core] = core_plan(content, core)
    for starter in content.cards.get("starters", {}):
        notes[starter] = core_plan(content, starter)
    for flare in content.cards.get("flares", {}):
        notes[flare] = flare_text(content, flare)
    for god, card in content.cards.get("gods", {}).items():
        notes[god] = " ".join(str(card.get("notes") or card.get("effect") or "").split())
    for laurel, card in content.cards.get("laurels", {}).items():
        notes.setdefault(laurel, f"{counted(card.get('points'), 'day point')}: {goal_text(card)}")
    return notes


def option_prompts(content: Any) -> Callable[[str, str], Text]:
    """The menu line of an option: its text, then each card it names with what it does; a
    rondel space placed on (``place:N``) says what its action does and costs."""
    notes = card_notes(content)
    # The engine's texts name a space by its id in words ("Launch Aquila Hydrus"); the board
    # by its name ("Launch to Aquila or Hydrus"): the menu says the board's.
    names = {
        words(str(space.get("id"))): str(space["name"])
        for space in content.spaces
        if space.get("name") and words(str(space.get("id"))) != space["name"]
    }

    def named(text: str) -> str:
        for said, name in names.items():
            text = text.replace(said, name)
        return text

    def prompt(text: str, option_id: str) -> Text:
        line = Text(named(text))
        kind, _, index = option_id.partition(":")
        if kind == "place" and index.isdigit() and int(index) < len(content.spaces):
            line.append(f" · {space_action(content, content.spaces[int(index)])}", style="dim")
        words = [w.strip("(),.") for w in (*option_id.split(":"), *text.split())]
        for word in dict.fromkeys(words):
            if word in notes:
                line.append(f"\n  {word}: {notes[word]}", style="dim")
        return line

    return prompt


def asking_card(content: Any, view: State) -> str | None:
    """The God or Flare whose effect asks the decision now, with what it does (None: none)."""
    frames = view.get("frames") or []
    if not frames:
        return None
    kind, _, card = str(frames[-1].get("card", "")).partition(":")
    found = content.cards.get(kind, {}).get(card)
    name = str(found.get("name", card)) if found else card
    note = card_notes(content).get(card)
    return f"{name}: {note}" if note else name or None


def tell(event: dict[str, Any], seat: int) -> str | None:
    """An event as ``seat`` may know it: another seat's Flare bought is not named."""
    kind = event.get("kind")
    if kind == "decision":
        return None
    who = event.get("seat")
    prefix = "" if who is None else f"seat {who}: "
    if kind == "take" and event.get("what") == "flare" and who != seat:
        return f"    {prefix}buys a Flare ({event.get('cost')} AP)"
    return f"    {prefix}{sentence(event)}"


def told(text: str, round_: int, state: State) -> str | None:
    """Another seat's choice that names a secret: the god it keeps, the Flare it buys."""
    del round_, state
    if text.startswith("keep "):
        return "kept a god"
    if text.startswith("buy ") and "night point" not in text:
        return "bought a Flare"
    return None


def locks_in(before: State, after: State) -> bool:
    """Whether a decision showed something new (SL41)."""
    if after["rng"] != before["rng"] or after["phase"] != before["phase"]:
        return True
    if (after["round"], after["turn"]) != (before["round"], before["turn"]):
        return True
    # Rays are drawn from the bags at random (the generator moves); Cores, Flares and
    # Starbot cards from decks shuffled at setup (a deck shrinks). Rays going back into a bag
    # after a launch show nothing.
    return any(len(after[deck]) != len(before[deck]) for deck in DECKS)


#: Why the game ended (``ending.py``), in a player's words.
END_REASONS = {
    "daybreak": (
        "a player reached daybreak on the score track and the last rounds were played "
        '(003 "End of Game")'
    ),
    "round limit": "the round limit was reached (docs/rules-decisions.md SL17)",
}


def end_text(result: Mapping[str, Any]) -> str:
    """The winners, how they were picked, why the game ended and each seat's points."""
    winners = ", ".join(f"seat {s}" for s in result.get("winners", [])) or "nobody"
    night, day = result.get("night") or [], result.get("day") or []
    scores = ", ".join(
        f"seat {s}: {points}"
        + (f" (night {night[s]}, day {day[s]})" if s < len(night) and s < len(day) else "")
        for s, points in enumerate(result.get("points") or [])
    )
    decided = TIEBREAK_WORDS.get(str(result.get("tiebreak")), result.get("tiebreak"))
    reason = str(result.get("reason"))
    return (
        f"[bold]Game over[/]: {winners} won ({escape(str(decided))}).\n"
        f"The game ended because {escape(END_REASONS.get(reason, reason))}. Points: {scores}."
    )


def views() -> TerminalViews:
    """Starlight in the terminal interface."""
    return TerminalViews(
        title="Starlight",
        board=board,
        own_panel=own_panel,
        others_panel=others_panel,
        citation=citation,
        option_prompt=option_prompts,
        tell=tell,
        told=told,
        locks_in=locks_in,
        save=save,
        load=load,
        content_id=lambda game: content_id(game.content, game.players),
        unknown_name=lambda game, state: unknown_name(state, game.content),
        end_text=end_text,
        legend=LEGEND,
        rules_cards=privileges_help,
        step=step,
        asking_card=asking_card,
    )
