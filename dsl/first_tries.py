"""First tries a stranger types for the forms docs/dsl.md teaches least (durations, use
limits, named players, counters, the game's end), each told the form that works.

The parser stops at the word it cannot read ("unexpected `a`: expected `per`") or the checker
reads a phrase as something else ("unknown noun `player`"); neither sees what was meant. Each
rule here matches what was meant in the effect's text and gives the first error the form that
works, with the game's own words from the registry (dsl/ names no game: its periods, its
hooks, its nouns). docs/rules-decisions.md E189.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.source import EffectSource

Rule = Callable[["re.Match[str]", Registry], "str | None"]


def _period(word: str, registry: Registry) -> str | None:
    """The registry's period a word names (`turns` is `turn`), not `game` (no duration ends it)."""
    word = word.removesuffix("s")
    return word if word in registry.periods and word != "game" else None


def _until(found: re.Match[str], registry: Registry) -> str | None:
    period = _period(found["period"], registry)
    if period:
        return f"write `until the end of the {period}: <modifier or grant>`"
    said = found["period"].removesuffix("s")
    other = next((p for p in registry.periods if p != "game"), None)
    if said not in registry.no_periods or other is None:
        return None
    return f"this game has no {said}: write `until the end of the {other}: <modifier or grant>`"


def _once(found: re.Match[str], registry: Registry) -> str | None:
    period = found["period"].removesuffix("s")
    return f"write `, once per {period}`" if period in registry.periods else None


def _at_most(found: re.Match[str], registry: Registry) -> str | None:
    period = found["period"].removesuffix("s")
    if period not in registry.periods:
        return None
    return f"write `, at most {found['n']} times per {period}`"


def _side(found: re.Match[str], registry: Registry) -> str | None:
    return f"write `the player to your {found['side']}`"


def _leader(found: re.Match[str], registry: Registry) -> str | None:
    """The game's player noun read anywhere by rank (a `leader`), if it has one."""
    ranked = [n.name for n in registry.nouns.values() if n.type == "player" and n.anywhere]
    return f"write `the {ranked[0]}`" if ranked else None


def _counters(found: re.Match[str], registry: Registry) -> str | None:
    name, n = found["counter"], found["n"]
    compare = {"at least": ">=", "more than": ">", "fewer than": "<", "less than": "<"}
    op = compare.get(found["how"] or "", ">=")
    return f"write `if {name} on this card {op} {n}` (counters on a card are read so)"


def _game_end(found: re.Match[str], registry: Registry) -> str | None:
    hook = next(
        (
            name
            for name, hook in registry.hooks.items()
            if hook.text.lower().endswith("end of the game")
        ),
        None,
    )
    return hook and f"the game's end is the hook `{hook}`: write `when {hook} -> ...`"


_PERIOD = r"(?P<period>[a-z]+)"
#: (what was written, what to write), tried in order; the first that matches and names a
#: word of this game is told.
RULES: tuple[tuple[re.Pattern[str], Rule], ...] = (
    (re.compile(rf"\buntil\s+(?:the\s+)?end\s+of\s+(?:this\s+|your\s+)?{_PERIOD}\b"), _until),
    (re.compile(rf"\bfor\s+the\s+rest\s+of\s+(?:the\s+|this\s+)?{_PERIOD}\b"), _until),
    (re.compile(rf"->\s*(?:this|the\s+current|for\s+this)\s+{_PERIOD}\s*:"), _until),
    (re.compile(rf"\bonce\s+(?:a|an|each|every|in\s+a)\s+{_PERIOD}\b"), _once),
    (
        re.compile(
            rf"\b(?:max|maximum|up\s+to|no\s+more\s+than|at\s+max)\s+(?P<n>\d+)\s+times?\s+"
            rf"(?:per|a|each|every)\s+{_PERIOD}\b"
        ),
        _at_most,
    ),
    (re.compile(r"\bthe\s+player\s+(?:on|at)\s+(?:my|your)\s+(?P<side>left|right)\b"), _side),
    (re.compile(r"\bthe\s+player\s+to\s+my\s+(?P<side>left|right)\b"), _side),
    (
        re.compile(
            r"\bthe\s+(?:leading\s+player|player\s+in\s+(?:the\s+)?lead|"
            r"player\s+in\s+first\s+place|first\s+player\s+in\s+points)\b"
        ),
        _leader,
    ),
    (
        re.compile(
            r"\bthis\s+card\s+(?:has|holds|carries)\s+(?P<how>at\s+least|more\s+than|fewer\s+than"
            r"|less\s+than)?\s*(?P<n>\d+)\s+(?P<counter>[a-z_]+s)\b"
        ),
        _counters,
    ),
    (
        re.compile(
            r"^\s*(?:at|on)\s+(?:the\s+)?(?:game\s+end|end\s+of\s+(?:the\s+)?game)\b"
            r"|\bwhen\s+the\s+game\s+(?:ends|is\s+over)\b",
            re.MULTILINE,
        ),
        _game_end,
    ),
)


def told_the_form(
    diagnostics: list[Diagnostic], source: EffectSource, registry: Registry
) -> list[Diagnostic]:
    """The first error on the line of a first try above, told the form that works (its own
    hint, if any, is kept after it). An error elsewhere in the effect (a misspelt verb two
    lines before) is about something else and keeps its own hint."""
    if not any(d.is_error for d in diagnostics):
        return diagnostics
    said = _lower(source.text)
    for pattern, rule in RULES:
        found = pattern.search(said)
        hint = rule(found, registry) if found else None
        if found is None or hint is None:
            continue
        # the line(s) of the effect the first try is on, from its start to its end (a
        # position compared as (line, column): the compiler's own spans are offsets + 1)
        begins = said.rfind("\n", 0, found.start()) + 1
        ends = said.find("\n", found.end())
        low = source.locate(begins)
        high = source.locate(len(said) if ends < 0 else ends)
        target = next(
            (
                d
                for d in diagnostics
                if d.is_error and d.span is not None and low <= _place_of(d.span) <= high
            ),
            None,
        )
        if target is None:
            continue
        # that error, and any other at its place (`at the end of the game`: an unknown verb
        # and a clause the card kind refuses, both at `at`; a report sorts them by code)
        at = _place(target)
        return [
            _told(d, hint) if d is target or (d.is_error and _place(d) == at) else d
            for d in diagnostics
        ]
    return diagnostics


def _lower(text: str) -> str:
    """``text`` in lower case, each character kept to one (`İ` lowers to two), so an offset
    in it is an offset in ``text``."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def _place_of(span: Span) -> tuple[int, int]:
    """A span's start as (line, column)."""
    return span.line, span.column


def _place(diagnostic: Diagnostic) -> tuple[int, int] | None:
    """Where a diagnostic starts (line, column), if it is located."""
    span = diagnostic.span
    return None if span is None else (span.line, span.column)


def _told(was: Diagnostic, hint: str) -> Diagnostic:
    """``was`` with ``hint``, its own hint kept as a note."""
    if was.hint and hint in was.hint:
        return was
    notes = (*was.notes, was.hint) if was.hint else was.notes
    return replace(was, hint=hint, notes=notes)
