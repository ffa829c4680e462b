"""What a card in a menu option does: its printed text, shown under the option.

A player choosing which faction or achievement to keep, which tech to make or discard, or
which ability to use must be able to read the card (000 "Setup": each player looks at the
cards dealt before keeping one). Option ids name cards as parts such as ``faction:korrundi``
or ``make:warp_drive#2``; any part that is a card id of the pack gets its text.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from whitedwarf.interpreter.lastlight.state import card_id

#: The pack files whose cards a menu option can name.
CARD_FILES = ("factions", "achievements", "techs", "exploration")


def card_texts(content: Any) -> dict[str, str]:
    """Card id -> its printed text (or its effect when it has no text), for every card file."""
    texts: dict[str, str] = {}
    for stem in CARD_FILES:
        for card in content.get(stem, []) or []:
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                words = card.get("text") or card.get("effect") or ""
                texts[card["id"]] = " ".join(str(words).split())
    return texts


def option_prompt(text: str, option_id: str, texts: dict[str, str]) -> Text:
    """The option's text, with the text of each card it names on its own dim line below.

    Built as rich ``Text``, not markup, so a ``[`` in a card's text is shown as written.
    """
    prompt = Text(text)
    seen: set[str] = set()
    for part in option_id.split(":"):
        card = card_id(part)
        if card in texts and card not in seen:
            seen.add(card)
            prompt.append(f"\n  {card}: {texts[card]}", style="dim")
    return prompt
