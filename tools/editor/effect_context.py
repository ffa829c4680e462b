"""Where the cursor is inside a pack file, and which words of the effect language fit there.

The language server asks two things of a position: is it inside an ``effect`` string (plain,
quoted or ``|``/``>`` block), and if so what comes before it. This works on the raw text, not
on parsed YAML, because while a designer types the file is often not valid YAML.

Which words fit is decided from the words just before the cursor, with the registry's
sections (every word comes from the registry, DESIGN principle 1):

- after ``when``: hooks (event hooks, not value hooks);
- after ``+N``/``-N`` in ``... has +1``: stats;  after ``can``: flags;
- after a number in an amount (``gain 2``): resources;
- after ``number of``, ``for each`` or a determiner (``a``, ``each``, ``your`` ...): nouns and
  the filter words that stand before a noun;
- after ``if``, a comparison, ``+``/``-``/``*``/``/`` or ``(`` in a condition: values;
- at the start of a clause or a step (``->``, ``then``, ``:``, ``may``, ``or``, a new line):
  verbs and the words that start clauses and steps;
- anywhere else: every word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from whitedwarf.dsl.registry import Entry, Registry

EFFECT_KEY = re.compile(r"^(?P<indent>\s*)(?:-\s+)?effect:\s?(?P<rest>.*)$")
#: The keys whose values are effects, by file: a game's card kinds say (``FileKind``'s
#: ``effect_fields``: Starlight's flares have ``points`` and ``boon``, its laurels ``goal``).
DEFAULT_KEYS = ("effect",)


@cache
def _key_pattern(keys: tuple[str, ...]) -> re.Pattern[str]:
    if keys == DEFAULT_KEYS:
        return EFFECT_KEY
    named = "|".join(re.escape(key) for key in keys)
    return re.compile(rf"^(?P<indent>\s*)(?:-\s+)?(?:{named}):\s?(?P<rest>.*)$")


BLOCK_INDICATOR = re.compile(r"^[|>][-+0-9]*\s*(#.*)?$")
WORD = re.compile(r"[a-z0-9_']+|->|[+-][0-9]+|[()<>=!*/:+-]+|#")

#: Words of the grammar itself (dsl/grammar.lark) that start a clause or a step.
CLAUSE_STARTS = (
    "when",
    "activated:",
    "as soon as",
    "you",
    "this",
    "may",
    "if",
    "choose one:",
    "for each",
    "repeat",
    "while",  # a conditional modifier: `while <condition>: <modifier or grant>`
)
DETERMINERS = frozenset(
    [
        "this",
        "another",
        "an",
        "a",
        "one",
        "each",
        "every",
        "any",
        "all",
        "your",
        "the",
        "that",
        "its",
    ]
)
STEP_STARTERS = frozenset(["->", "then", "else", ":", "may", "or", "activated:"])
CONDITION_STARTERS = frozenset(
    ["if", "(", "and", "not", "<", ">", "<=", ">=", "==", "!=", "+", "-", "*", "/", "soon"]
)


@dataclass(frozen=True)
class EffectCursor:
    """The cursor inside an effect: the effect text before it and the word being typed."""

    before: str  # the effect's text from its start up to the cursor
    partial: str  # the part of a word already typed at the cursor ("" between words)
    start_line: int  # 0-based line of the effect's first character
    start_column: int  # 0-based column of it


def effect_at(
    lines: list[str], line: int, column: int, keys: tuple[str, ...] = DEFAULT_KEYS
) -> EffectCursor | None:
    """The effect the cursor (0-based ``line``, ``column``) is in, or None.

    The cursor is in an effect when its own line is the ``effect:`` line (after the colon),
    or when the nearest line above that is less indented (its parent in YAML) is one.
    ``keys`` are the file's effect keys (``effect``, or a game's own: ``points``, ``boon``).
    """
    if line >= len(lines) or not keys:
        return None
    key_line = _key_pattern(keys)
    here = lines[line]
    match = key_line.match(here)
    if match:
        return _cursor_from(lines, line, match, line, column)
    indent = _indent(here) if here.strip() else min(column, len(here)) if here else column
    for top in range(line - 1, -1, -1):
        text = lines[top]
        if not text.strip() or _indent(text) >= indent:
            continue
        parent = key_line.match(text)
        if parent:
            return _cursor_from(lines, top, parent, line, column)
        # a less indented line of a block may itself be in the block: a `then` line indented
        # under its clause (`when ... ->` / `  then ...`); its own parent decides
        indent = _indent(text)
    return None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _cursor_from(
    lines: list[str], top: int, match: re.Match[str], line: int, column: int
) -> EffectCursor | None:
    rest = match.group("rest")
    rest_column = match.start("rest")
    if BLOCK_INDICATOR.match(rest.strip()):  # effect: |  then an indented block
        if line == top:
            return None
        key_indent = len(match.group("indent"))
        body = lines[top + 1 : line + 1]
        if any(text.strip() and _indent(text) <= key_indent for text in body):
            return None
        block_indent = min((_indent(t) for t in body if t.strip()), default=key_indent + 2)
        parts = [text[block_indent:] for text in lines[top + 1 : line]]
        parts.append(lines[line][block_indent:column])
        before = "\n".join(parts)
        return EffectCursor(before, _partial(before), top + 1, block_indent)
    if line == top:
        if column < rest_column:
            return None
        before = lines[line][rest_column:column]
    else:  # a plain or quoted scalar continued on the following lines
        parts = [rest] + [text.strip() for text in lines[top + 1 : line]]
        parts.append(lines[line][:column].strip())
        before = " ".join(parts)
    if before[:1] in ("'", '"'):
        before = before[1:]
    return EffectCursor(before, _partial(before), top, rest_column)


def _partial(before: str) -> str:
    found = re.search(r"[a-z0-9_']*$", before)
    return found.group(0) if found else ""


def words_for(registry: Registry, cursor: EffectCursor) -> list[tuple[str, str, Entry | None]]:
    """``(word, section, entry)`` for every word that fits at the cursor, best first."""
    tokens = WORD.findall(cursor.before[: len(cursor.before) - len(cursor.partial)])
    if len(tokens) >= 3 and tokens[-3] == "when" and tokens[-2] in DETERMINERS:
        # a reaction, `when an opponent <act>` (issue 29): the hooks' acts
        acts = [(h.acted, "hooks", h) for h in registry.hooks.values() if h.acted]
        # and what another player does to you: `when an opponent attacks you` (E138)
        acts += [(h.suffered, "hooks", h) for h in registry.hooks.values() if h.suffered]
        return [item for item in acts if item[0].startswith(cursor.partial)]
    sections = _sections_after(tokens, registry)
    found: list[tuple[str, str, Entry | None]] = []
    for section in sections:
        if section == "keywords":
            found += [(word, "keyword", None) for word in CLAUSE_STARTS]
            continue
        for name, entry in getattr(registry, section).items():
            if section == "hooks" and getattr(entry, "value", False):
                continue  # value hooks are not events: `when` does not take them
            found.append((name, section, entry))
    return [item for item in found if item[0].startswith(cursor.partial)]


def _sections_after(tokens: list[str], registry: Registry) -> list[str]:
    last = tokens[-1] if tokens else None
    before_last = tokens[-2] if len(tokens) > 1 else None
    if last is None or last in STEP_STARTERS or last.endswith(":"):
        return ["verbs", "keywords"]
    if last == "when":
        return ["hooks"]
    if last == "can":
        return ["flags"]
    if re.fullmatch(r"[+-][0-9]+", last) and before_last in ("has", "have"):
        return ["stats"]
    if last.isdigit() or re.fullmatch(r"[+-][0-9]+", last):
        return ["resources", "nouns", "filters"]
    if (
        last in DETERMINERS
        or (last == "of" and before_last == "number")
        or (last == "each" and before_last == "for")
    ):
        return ["filters", "nouns"]
    if last in CONDITION_STARTERS:
        return ["values", "keywords"]
    if last in registry.verbs:
        return ["filters", "nouns", "resources"]
    if last in registry.nouns or last in {n.plural for n in registry.nouns.values()}:
        return ["filters"]
    return [
        "verbs",
        "nouns",
        "filters",
        "stats",
        "flags",
        "hooks",
        "values",
        "resources",
        "keywords",
    ]
