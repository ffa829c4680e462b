"""Checks across files: duplicate ids, references to unknown ids and box counts.

A value the schema refused feeds none of them: its own error says what is wrong, and a
second diagnostic about the same value (or a sum that counted it) would only repeat it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error, warning
from whitedwarf.dsl.packs.content import Content
from whitedwarf.dsl.packs.kinds import BoxCount, ContentSpec, select
from whitedwarf.dsl.suggest import did_you_mean

Located = tuple[Any, Span | None]


def id_spaces(content: Content, spec: ContentSpec) -> dict[str, list[Located]]:
    """Every namespace of ids with each id's location: declared spaces and card kinds."""
    spaces: dict[str, list[Located]] = defaultdict(list)
    for space in spec.ids:
        for path, value in select(content.data(space.kind), space.path):
            spaces[space.name].append((value, content.span(space.kind, path)))
    for kind in spec.card_kinds():
        spaces[kind.noun] += [
            (entry.id, entry.key_span("id")) for entry in content.cards.get(kind.name, [])
        ]
    return spaces


def check_duplicates(spec: ContentSpec, content: Content) -> list[Diagnostic]:
    """Ids declared twice in one namespace (card ids are checked while merging)."""
    out = []
    for space in spec.ids:
        first: dict[Any, Span | None] = {}
        for path, value in select(content.data(space.kind), space.path):
            if content.refuses(space.kind, path):
                continue
            span = content.span(space.kind, path)
            if value in first:
                where = first[value]
                shown = f"{where.path}:{where.line}:{where.column}" if where else "elsewhere"
                message = f"two {space.name}s have the id `{value}` (the first is at {shown})"
                out.append(error("E0901", message, span, f"give each {space.name} its own id"))
            else:
                first[value] = span
    return out


def check_references(spec: ContentSpec, content: Content) -> list[Diagnostic]:
    """Values that must name an existing id, with a did-you-mean.

    A refused id still counts as existing (a reference to it is not a second problem).
    """
    spaces = id_spaces(content, spec)
    out = []
    for ref in spec.references:
        known = [value for value, _ in spaces.get(ref.target, [])]
        for path, value in select(content.data(ref.kind), ref.path):
            if value not in known and not content.refuses(ref.kind, path):
                hint = did_you_mean(str(value), [str(k) for k in known])
                message = f"there is no {ref.target} `{value}`"
                out.append(error("E0902", message, content.span(ref.kind, path), hint))
    return out


def check_counts(spec: ContentSpec, content: Content) -> list[Diagnostic]:
    """Warn when the copies of a kind of card do not add up to the box count.

    No warning when the sum is unknown: a counted card's ``copies`` (or a field that decides
    whether it is counted) was refused, a card could not be merged, or the box count itself
    was refused.
    """
    out = []
    for count in spec.counts:
        if _unknown_total(count, content):
            continue
        entries = [
            e
            for e in content.cards.get(count.kind, [])
            if isinstance(e.data, dict) and count.matches(e.data)
        ]
        if not entries:
            continue
        total = sum(_copies(e.data) for e in entries)
        expected, source = _expected(count, content)
        if expected is None or total == expected:
            continue
        # At the last change to the count (a card counted, or a mod's replace or remove of
        # one): the pack that changed the total last is the one to fix, and its `allow`
        # silences this.
        changed = [
            c.by
            for c in content.changes
            if c.dropped.kind == count.kind
            and isinstance(c.dropped.data, dict)
            and count.matches(c.dropped.data)
        ]
        last = content.latest([*entries, *changed]) or entries[-1]
        span = last.span(("id",))
        message = f"the {count.label} add up to {total} copies, but the box has {expected}{source}"
        hint = "change `copies`, or silence this with `allow: [W0902]` in pack.yaml"
        out.append(warning("W0902", message, span, hint))
    return out


def _unknown_total(count: BoxCount, content: Content) -> bool:
    read = ("copies", *(name for name, _ in count.where))
    cards = content.cards.get(count.kind, [])
    refused = [entry for entry in cards if entry.refused]
    if content.unplaced.get(count.kind) or any(e.refuses((f,)) for e in refused for f in read):
        return True
    kind, _, path = str(count.expected).partition(":")
    return bool(path) and content.refuses(kind, tuple(path.split("/")))


def _copies(card: dict[str, Any]) -> int:
    copies = card.get("copies", 1)
    return copies if isinstance(copies, int) and not isinstance(copies, bool) else 1


def _expected(count: BoxCount, content: Content) -> tuple[int | None, str]:
    """The box count and where it was read (`` (supply.yaml `tech_cards`)``)."""
    if isinstance(count.expected, int):
        return count.expected, ""
    kind, _, path = count.expected.partition(":")
    for _, value in select(content.data(kind), path):
        if isinstance(value, int) and not isinstance(value, bool):
            return value, f" ({kind}.yaml `{path}`)"
    return count.default, ""
