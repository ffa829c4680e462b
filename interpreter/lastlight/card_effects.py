"""Card effects compiled from the loaded content (docs/effect-ir.md), on demand and cached.

Read by the effect machine's adapter (``effects.py``) and by whatever reads a card's static
clauses (``modifiers.py``, ``limits`` through it, ``hooks.py``); it sits below all of them, so
reading a card's clauses imports nothing that runs effects.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.content import Runtime
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.vm import EffectError


class EffectContentError(EffectError):
    """A card's effect text does not compile (the pack should have been validated)."""


# -- compiled card effects ---------------------------------------------------------------------

#: Card file -> the card kind of docs/effect-ir.md for its cards.
_FILE_KIND = {"factions": "faction", "achievements": "achievement"}
_EMPTY: dict[str, Any] = {"kind": None, "clauses": []}


@lru_cache(maxsize=4096)
def compile_text(kind: str, text: str) -> dict[str, Any]:
    """The compiled form of an effect string (cached by kind and text)."""
    compiled, diagnostics = compile_effect(EffectSource.standalone(text), registry(), kind)
    if compiled is None:
        problems = "; ".join(d.message for d in diagnostics if d.is_error)
        raise EffectContentError(f"a {kind} effect does not compile: {problems}: {text!r}")
    return compiled


def card_kind(rt: Runtime, cid: str) -> tuple[str | None, dict[str, Any] | None]:
    """The effect kind of a card id and its data, from whichever card file holds it."""
    for stem, table in rt.cards.items():
        card = table.get(cid)
        if card is None:
            continue
        if stem == "techs":
            return str(card.get("kind", "civilization")), card
        if stem == "exploration":
            kind = card.get("kind", card.get("type"))
            return ("deep_space" if kind == "deep_space" else "planetary"), card
        return _FILE_KIND.get(stem), card
    return None, None


def card_effect(rt: Runtime, cid: str) -> dict[str, Any]:
    """A card's compiled effect (docs/effect-ir.md), compiled on demand and cached.

    A card dict may carry its compiled form under ``compiled`` (a pack loader that compiles
    ahead of time); otherwise its ``effect`` text is compiled here.
    """
    cache = rt.effects
    found = cache.get(cid)
    if found is None:
        kind, card = card_kind(rt, cid)
        if card is None or kind is None:
            found = _EMPTY
        elif isinstance(card.get("compiled"), dict):
            found = card["compiled"]
        elif isinstance(card.get("effect"), str) and card["effect"].strip():
            found = compile_text(kind, card["effect"])
        else:
            found = _EMPTY
        cache[cid] = found
    return found
