"""A place written as English writes it, after the noun: `ships in the centre sector`.

The language says where things are with a filter of the noun, written where the reference
puts it: before the noun (`centre ships`, `inner planets`), after it (`ships here`), or as
`of this <thing>` (`stars of this constellation`). Designers write "your ships
in the centre sector" first; the parser then stops at `in` and, in a condition, says "put
`->` between the trigger, the condition or the cost and what happens", which is not the
fault. This module tells the filter that says the place, from the game's registry: a
filter named by a word of the place (`centre`), a synonym the game gives the phrase (`in
this sector` is `here`), or an `of` filter (`in this constellation` is `of this
constellation`); else the place filters the noun takes.
"""

from __future__ import annotations

import re

from whitedwarf.dsl.registry import Noun, Registry

#: `in the centre sector`, `at this sector`, `on an inner planet`: a preposition, an optional
#: determiner and the words of the place (up to the next word of the language's syntax).
_PLACE = re.compile(
    r"(?P<prep>in|at|on|inside)\s+(?:(?P<det>the|an|a|this|that|your|any)\s+)?"
    r"(?P<words>[a-z_]+(?:\s+[a-z_]+)?)"
)

#: Words that end a place phrase (the next part of the clause).
_STOP = frozenset({"then", "and", "or", "per", "if", "is", "are", "has", "have", "can"})


def place_phrase(text: str, at: int, registry: Registry) -> tuple[str, str] | None:
    """(message, hint) when the syntax error at offset ``at`` of ``text`` is a place written
    after a noun (`number of ships of yours in the centre sector`), else None."""
    found = _PLACE.match(text, at)
    if found is None:
        return None
    noun, phrase = _noun_before(text[:at], registry)
    if noun is None:
        return None
    words = [w for w in found.group("words").split() if w not in _STOP]
    if not words:
        return None
    written = " ".join(found.group(0).split())
    det = found.group("det") or ""
    said = _said(registry, noun, det, words)
    if said is None:
        places = _place_filters(registry, noun)
        if not places:
            return None
        hint = f"the filters that say where {_plural(noun)} are: {places}"
        return _message(written, noun), hint
    where, form = said
    fixed = f"{where} {phrase}" if form == "before" else f"{phrase} {where}"
    return _message(written, noun), f"write `{fixed}`"


def _message(written: str, noun: Noun) -> str:
    return (
        f"`{written}` is not how a place is said: where {_plural(noun)} are is a filter of "
        "the noun, as the reference's Filters write it"
    )


def _plural(noun: Noun) -> str:
    return noun.plural or noun.name


def _noun_before(before: str, registry: Registry) -> tuple[Noun | None, str]:
    """The noun that the text before the place ends with, and its phrase from the noun on
    (`ships of yours`), or (None, "") when it ends with no noun."""
    words = before.split()
    for start in range(len(words) - 1, max(-1, len(words) - 6), -1):
        for size in (2, 1):
            if start + size > len(words):
                continue
            found = registry.noun_for(tuple(words[start : start + size]))
            if found is not None and not found[1]:
                rest = words[start + size :]
                if all(_after_noun(registry, w) for w in rest):
                    while start > 0 and _adjective(registry, words[start - 1]):
                        start -= 1  # `enemy ships`: the phrase keeps its adjectives
                    return found[0], " ".join(words[start:])
    return None, ""


def _after_noun(registry: Registry, word: str) -> bool:
    """A word of a filter written after the noun (`of yours`, `you control`)."""
    found = registry.filters.get(word)
    return word in ("of", "you") or (found is not None and found.form in ("of", "you"))


def _adjective(registry: Registry, word: str) -> bool:
    found = registry.filters.get(word)
    return found is not None and found.form == "adjective"


def this_place(registry: Registry, word: str, kind: str | None = None) -> str | None:
    """What `in this <word>` is written as after a noun (of type ``kind``, any if None): an
    `of` filter's `of this <word>` (`stars of this constellation`), or the filter a game's
    synonyms give the phrase (`in this sector` is `here`); None when neither."""
    own = registry.filters.get(word)
    if own is not None and own.form == "of" and (kind is None or kind in own.applies_to):
        return f"of this {word}"
    synonym = registry.filters.get(registry.synonyms.get(f"in this {word}", ""))
    if synonym is not None and (kind is None or kind in synonym.applies_to):
        return synonym.name
    return None


def _said(registry: Registry, noun: Noun, det: str, words: list[str]) -> tuple[str, str] | None:
    """The filter that says the place and where it goes (`before` or `after` the phrase)."""
    if det == "this" and (after := this_place(registry, words[0], noun.type)) is not None:
        return after, "after"
    for word in words:
        named = registry.filters.get(word)
        if named is not None and named.form == "adjective" and noun.type in named.applies_to:
            return word, "before"
    for entry in registry.filters.values():  # an id of the content: `in aquila`, `in the
        # aquila constellation` for `aquila stars`); the id is checked where used
        open_ids = entry.ids and entry.form == "adjective" and noun.type in entry.applies_to
        if open_ids and words[0] != entry.ids and words[1:] in ([], [entry.ids]):
            return words[0], "before"
    return None


def _place_filters(registry: Registry, noun: Noun) -> str:
    """The filters of the noun's type that read a place (`here`, `adjacent`, `centre` ...)."""
    filters = registry.filters.values()
    owned = {kind for entry in filters if entry.form in ("of", "you") for kind in entry.applies_to}
    places = {near for entry in filters for near in entry.near} - owned  # nobody owns a place
    shown = [
        f"`{name}`"
        for name, entry in registry.filters.items()
        if noun.type in entry.applies_to and (entry.near or places & set(entry.applies_to))
    ]
    return ", ".join(shown)
