"""What a card in a menu option does: its printed text, shown under the option.

A player choosing which faction or achievement to keep, which tech to make or discard, or
which ability to use must be able to read the card (000 "Setup": each player looks at the
cards dealt before keeping one). Option ids name cards as parts such as ``faction:korrundi``
or ``make:warp_drive#2``; any part that is a card id of the pack gets its text.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from whitedwarf.interpreter.lastlight.state import card_id
from whitedwarf.interpreter.lastlight.views.board_text import menu_words
from whitedwarf.tools.tui.rulebook import sections

#: The pack files whose cards a menu option can name.
CARD_FILES = ("factions", "achievements", "techs", "exploration")
#: An action card's line in 000 "playing the game" ("1. Research: Gain new technologies ...").
_ACTION_LINE = re.compile(r"^\d+\. (\w+) ?: (.+)$", re.MULTILINE)


def action_summaries() -> dict[str, str]:
    """Action card id -> what it does, in the rulebook's brief words (000 "playing the game":
    "a brief description of what each action will do for you"), for the secret choice."""
    words = sections().get('000 "playing the game"', "")
    return {name.casefold(): what for name, what in _ACTION_LINE.findall(words)}


def card_texts(content: Any) -> dict[str, str]:
    """Card id -> its printed text (or its effect when it has no text), for every card file."""
    texts: dict[str, str] = {}
    for stem in CARD_FILES:
        for card in content.get(stem, []) or []:
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                words = card.get("text") or card.get("effect") or ""
                texts[card["id"]] = " ".join(str(words).split())
    return texts


def option_prompt(
    text: str, option_id: str, texts: dict[str, str], actions: dict[str, str] | None = None
) -> Text:
    """The option's text (its sectors named as the board names them), with the text of each
    card it names on its own dim line below; an action card played (``play:research``) says
    what it does on the same line (``actions``: :func:`action_summaries`).

    Built as rich ``Text``, not markup, so a ``[`` in a card's text is shown as written.
    """
    prompt = Text(menu_words(text))
    kind, _, action = option_id.partition(":")
    if kind == "play" and action in (actions or {}):
        prompt.append(f": {(actions or {})[action]}", style="dim")
    seen: set[str] = set()
    for part in option_id.split(":"):
        card = card_id(part)
        if card in texts and card not in seen:
            seen.add(card)
            prompt.append(f"\n  {card}: {texts[card]}", style="dim")
    return prompt


def asking_card(texts: dict[str, str], view: dict[str, Any]) -> str | None:
    """The card whose effect waits for the decision asked now, with its text (None: no card
    asks): the player reads what they are choosing for."""
    frames = view.get("frames") or []
    if not frames:
        return None
    card = card_id(str(frames[-1].get("card", "")))
    words = texts.get(card)
    return f"{card}: {words}" if words else card or None
