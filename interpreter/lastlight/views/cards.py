"""How Last Light's cards are printed (``GameEngine.card_book``): techs, factions,
exploration tokens and achievements, framed in the colours of their kind, the cost discs in
the resources' colours, and a "Keep hidden" strip on the cards that say so
(``tools/card_sheets.py`` lays them out)."""

from __future__ import annotations

import re
from typing import Any

from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.render import render_effect
from whitedwarf.interpreter.lastlight.content import CARD_FILES
from whitedwarf.tools.card_icons import RESOURCE_COLOURS
from whitedwarf.tools.card_sheets import CardBook, PrintedCard

#: The printed colours (public rules FAQ: civilization blue, ship abilities green, mods yellow).
KIND_COLOURS = {
    "civilization": "#2f6db5",
    "ship_ability": "#3a9a4a",
    "ship_mod": "#d8b62a",
    "faction": "#7a4fa0",
    "deep_space": "#27324a",
    "planetary": "#8a5a2b",
    "achievement": "#b23a48",
}


def card_book() -> CardBook:
    """Last Light's cards: techs, factions, exploration tokens and achievements."""
    return CardBook(
        CARD_FILES,
        face,
        KIND_COLOURS,
        RESOURCE_COLOURS,
        'The discs at a tech\'s top right are its cost (000 "Manufacture Technologies"): pay '
        "as many of each resource as its disc says, the disc in the resource's colour.",
    )


#: The words that open a card to be kept secret (achievements: "Keep hidden. Play
#: immediately when …"); the card prints them as a strip of their own.
HIDDEN = re.compile(r"^\s*Keep hidden\.\s*", re.IGNORECASE)


def face(card: dict[str, Any], file: str, registry: Registry, pack: str) -> PrintedCard:
    """The printed face of one card of ``file``."""
    kind = {"factions": "faction", "achievements": "achievement"}.get(file, card.get("kind", file))
    # The card's own printed wording; written from its effect only where it has none.
    text = str(card.get("text") or "")
    if not text and card.get("effect"):
        try:
            text = render_effect(card["effect"], registry)
        except Exception:  # the pack validated, so this is only a card the renderer cannot say
            text = ""
    hidden = bool(HIDDEN.match(text))
    text = HIDDEN.sub("", text, count=1) if hidden else text
    cost = {k: v for k, v in (card.get("cost") or {}).items() if v}
    name = card.get("name", card["id"])
    flavour = " ".join(str(card.get("lore") or "").split())
    return PrintedCard(pack, card["id"], name, kind, cost, text, flavour, hidden)
