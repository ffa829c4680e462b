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

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.registry import Registry

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


def told_the_form(diagnostics: list[Diagnostic], text: str, registry: Registry) -> list[Diagnostic]:
    """The first error, told the form that works when the effect holds a first try above
    (its own hint, if any, is kept after it)."""
    first = next((i for i, d in enumerate(diagnostics) if d.is_error), None)
    if first is None:
        return diagnostics
    said = text.lower()
    for pattern, rule in RULES:
        found = pattern.search(said)
        hint = rule(found, registry) if found else None
        if hint is None:
            continue
        # the first error, and any other at its place (`at the end of the game`: an unknown
        # verb and a clause the card kind refuses, both at `at`; a report sorts them by code)
        at = _place(diagnostics[first])
        return [
            _told(d, hint) if i == first or (d.is_error and at and _place(d) == at) else d
            for i, d in enumerate(diagnostics)
        ]
    return diagnostics


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
