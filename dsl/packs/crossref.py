"""Checks across files: duplicate ids, references to unknown ids, box counts and two cards
of a kind with one name.

A value the schema refused feeds none of them: its own error says what is wrong, and a
second diagnostic about the same value (or a sum that counted it) would only repeat it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from whitedwarf.content import bundled_pack
from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error, warning
from whitedwarf.dsl.packs.content import Content, Entry
from whitedwarf.dsl.packs.kinds import BoxCount, ContentSpec, IdSpace, select
from whitedwarf.dsl.suggest import did_you_mean, name_key

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


def hidden_spaces(content: Content, spec: ContentSpec) -> set[str]:
    """Namespaces some of whose ids may be missing: their file could not be read, or the
    schema refused what holds them (a required document that no pack provides: E0709)."""
    out = {
        space.name
        for space in spec.ids
        if content.hides_ids(space.kind, space.path) or _missing_document(spec, content, space.kind)
    }
    for kind in spec.card_kinds():
        if kind.name in content.unreadable or content.unplaced.get(kind.name):
            out.add(kind.noun)
    return out


def _missing_document(spec: ContentSpec, content: Content, kind: str) -> bool:
    """A required document no pack provides (E0709 says so): its ids are all unknown."""
    file_kind = spec.kinds.get(kind)
    return (
        file_kind is not None
        and not file_kind.cards
        and file_kind.required
        and kind not in content.documents
    )


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
                out.append(_twice(space, value, shown, span))
            else:
                first[value] = span
    return out


def _twice(space: IdSpace, value: Any, first: str, span: Span | None) -> Diagnostic:
    """E0901 for an id written twice; a namespace whose values are not written as `id` (a
    setup's `players`, an action card's `number`) is told by its field: "two setups have
    `players: 2`", not "the id `2`", with "give each setup its own id" as the fix."""
    field = space.path.rsplit("/", 1)[-1]
    if field == "id":
        message = f"two {space.name}s have the id `{value}` (the first is at {first})"
        return error("E0901", message, span, f"give each {space.name} its own id")
    owner = space.owner or space.name
    message = f"two {owner}s have `{field}: {value}` (the first is at {first})"
    return error("E0901", message, span, f"give each {owner} its own `{field}`, or remove one")


def check_ids_across_kinds(
    spec: ContentSpec, content: Content, packs: Sequence[str] = ()
) -> list[Diagnostic]:
    """Cards of two kinds with one id (a tech and an exploration token, a god and a flare).

    A card's id names it everywhere outside its file: in the trace, the replay, `--give`, the
    balance report and a mod's `replace`; two kinds sharing one id make each of those
    ambiguous. ``packs`` is the load order (dependencies first): the card of the later pack
    (else of the later kind) is the one in error, so a mod's new card is blamed, not its base.
    """
    rank = {pack: index for index, pack in enumerate(packs)}
    holders: dict[str, list[tuple[int, int, str, Entry]]] = defaultdict(list)
    for order, kind in enumerate(spec.card_kinds()):
        named: set[str] = set()
        for entry in content.cards.get(kind.name, []):
            if isinstance(entry.id, str) and entry.id not in named:  # twice in a kind: E0901
                named.add(entry.id)
                holders[entry.id].append((rank.get(entry.pack, -1), order, kind.noun, entry))
    out = []
    for card_id, found in holders.items():
        first, *others = sorted(found, key=lambda held: held[:2])
        where = first[3].span(("id",))
        for _, _, noun, entry in others:
            message = (
                f"{noun} `{card_id}` has the id of {first[2]} `{card_id}` (at {where.path}:"
                f"{where.line}:{where.column}); ids are unique across card kinds"
            )
            hint = f"give the {noun} an id of its own, such as `{card_id}_{noun.split()[-1]}`"
            out.append(error("E0901", message, entry.span(("id",)), hint))
    return out


def check_names(spec: ContentSpec, content: Content) -> list[Diagnostic]:
    """Warn when two cards of one kind, with different ids, have the same printed ``name``.

    Players tell cards apart by name (an option, a log line, a printed card), and a game's
    rules may read it (no two cards of one name in play, say), so a mod card that takes an
    existing card's name is nearly always a slip: a copy of the card is written with
    ``copies``, a new version with ``replace``.
    Names are compared as a player reads them (:func:`name_key`: case, spacing and
    lookalike letters aside); a refused name is not compared. A name that differs from the
    other only by a lookalike letter is told which one.
    """
    out = []
    for kind in spec.card_kinds():
        first: dict[str, Any] = {}
        for entry in content.cards.get(kind.name, []):
            name = entry.data.get("name") if isinstance(entry.data, dict) else None
            if not isinstance(name, str) or entry.refuses(("name",)):
                continue
            key = name_key(name)
            seen = first.setdefault(key, entry)
            if seen is entry:
                continue
            where = seen.span(("name",))
            spelt = seen.data["name"]
            message = (
                f"{kind.noun} `{entry.id}` has the name of {kind.noun} `{seen.id}`, `{spelt}` "
                f"(at {where.path}:{where.line}:{where.column})"
            )
            hint = (
                "give the card a name of its own; more copies of one card are `copies: N`, "
                "a new version of a card is `replace: true` with its id"
            )
            if " ".join(name.lower().split()) != " ".join(spelt.lower().split()):
                hint = f"{_lookalike(name, spelt)}; {hint}"  # differ as written: say by what
            out.append(warning("W0904", message, entry.span(("name",)), hint))
    return out


def _lookalike(name: str, other: str) -> str:
    """What tells two names apart that a player reads as one: the first character of either
    that is not plain ASCII, with its code point and Unicode name."""
    import unicodedata

    char = next((c for c in name + other if not c.isascii()), None)
    if char is None:
        return "the two are written alike"
    said = unicodedata.name(char, "unnamed")
    return f"`{char}` is U+{ord(char):04X} ({said}), though it reads as a plain letter"


#: Fields a replacement may change and still be the printed card: bookkeeping and flavour.
_NOT_PRINTED = frozenset({"replace", "notes", "allow", "lore"})


def check_printed(content: Content) -> list[Diagnostic]:
    """W0905: a mod's replacement of a printed card (`source: rulebook`) that changes it but
    still says `source: rulebook`. Printed cards stay as printed (DESIGN principle 6), and a
    `rulebook` card's text is not compared with its effect (W0430): a changed card that keeps
    the mark would be neither. Told at the replacement's `source`."""
    out = []
    for change in content.changes:
        new, old = change.by.data, change.dropped.data
        if change.action != "replace" or not isinstance(new, dict) or not isinstance(old, dict):
            continue
        if new.get("source") != "rulebook" or old.get("source") != "rulebook":
            continue
        changed = sorted(
            key for key in (new.keys() | old.keys()) - _NOT_PRINTED if new.get(key) != old.get(key)
        )
        if not changed:
            continue
        fields = ", ".join(f"`{key}`" for key in changed)
        message = (
            f"`{change.by.id}` changes the printed card ({fields}) but still says "
            "`source: rulebook`"
        )
        hint = (
            "write `source: invented`: a card with `source: rulebook` is the one the rulebook "
            "prints"
        )
        out.append(warning("W0905", message, change.by.span(("source",)), hint))
    return out


#: What a replacement may differ in and still change nothing in play or print.
_BOOKKEEPING = frozenset({"replace", "allow"})


def check_unchanged(content: Content) -> list[Diagnostic]:
    """W0906: a mod's ``replace: true`` of a card with the very same card (its `allow` aside):
    the replacement does nothing, and a mod that meant to change the card (a number edited in
    the dependency's copy rather than its own) validated clean. Told at the `replace`."""
    out = []
    for change in content.changes:
        new, old = change.by.data, change.dropped.data
        if change.action != "replace" or not isinstance(new, dict) or not isinstance(old, dict):
            continue
        if {k: v for k, v in new.items() if k not in _BOOKKEEPING} != {
            k: v for k, v in old.items() if k not in _BOOKKEEPING
        }:
            continue
        message = (
            f"`{change.by.id}` replaces {change.dropped.pack}'s card with the same card: "
            "the replacement changes nothing"
        )
        hint = f"change what {change.by.pack} means to change, or remove this card from it"
        out.append(warning("W0906", message, change.by.span(("replace",), key=True), hint))
    return out


def check_references(spec: ContentSpec, content: Content) -> list[Diagnostic]:
    """Values that must name an existing id, with a did-you-mean among the accepted ids.

    Not checked: a reference the schema refused, one that is a refused id spelt right
    (``inner_3`` for a sector written ``Inner 3``: the id's own error covers it), and every
    reference into a namespace whose ids could not all be read (the id may be in the part
    that was refused).
    """
    spaces = id_spaces(content, spec)
    hidden = hidden_spaces(content, spec)
    refused = _refused_ids(spec, content)
    removed = removed_ids(spec, content)
    named: dict[int, list[Span | None]] = defaultdict(list)
    out = []
    for ref in spec.references:
        if ref.target in hidden:
            continue
        spelt = {_spelt_right(value) for value in refused.get(ref.target, ())}
        known = [value for value, _ in spaces.get(ref.target, [])]
        accepted = [str(value) for value in known if value not in refused.get(ref.target, ())]
        for path, value in select(content.data(ref.kind), ref.path):
            if value in known or content.refuses(ref.kind, path) or _spelt_right(value) in spelt:
                continue
            removal = removed.get((ref.target, value))
            if removal is not None:
                named[id(removal)].append(content.span(ref.kind, path))
                continue
            message = f"there is no {ref.target} `{value}`"
            hint = did_you_mean(str(value), accepted)
            out.append(error("E0902", message, content.span(ref.kind, path), hint))
    for (target, value), removal in removed.items():
        if id(removal) in named:
            out.append(removed_but_named(target, value, removal, named[id(removal)]))
    return out


def removed_ids(spec: ContentSpec, content: Content) -> dict[tuple[str, Any], Entry]:
    """The ids a mod's ``remove: true`` took away, by namespace, with the removing entry."""
    files = {kind.noun: kind.name for kind in spec.card_kinds()}
    files |= {space.name: space.kind for space in spec.ids if space.path == "*/id"}
    return {
        (namespace, entry.id): entry
        for namespace, kind in files.items()
        for entry in content.removals(kind)
    }


def removed_but_named(
    target: str, value: Any, removal: Entry, places: list[Span | None], code: str = "E0902"
) -> Diagnostic:
    """E0902 at the mod's ``remove`` line (the modder's change, which they can fix), not in
    the dependency's file that still names the card (``code`` for a game's own check)."""
    first = next((span for span in places if span is not None), None)
    first_of = "at" if len(places) == 1 else "the first at"
    where = f" ({first_of} {shown_place(first)})" if first else ""
    count = "1 place still names" if len(places) == 1 else f"{len(places)} places still name"
    message = f"{removal.pack} removes {target} `{value}`, which {count}{where}"
    hint = (
        "replace the card (`replace: true`) instead of removing it, or also replace the "
        "cards that name it"
    )
    return error(code, message, removal.span(("id",)), hint)


def shown_place(span: Span) -> str:
    """``file:line:column`` of ``span`` as a modder reads it: a file of a pack shipped with
    whitedwarf is named inside its pack (``techs.yaml:12:9 of the bundled pack <id>``),
    never by its install path, which means nothing to a modder and differs by machine."""
    place = f"{span.path}:{span.line}:{span.column}"
    try:
        inside = Path(span.path).resolve().relative_to(bundled_pack().parent.resolve())
    except (OSError, ValueError):
        return place
    pack, *file = inside.parts
    return f"{'/'.join(file)}:{span.line}:{span.column} of the bundled pack {pack}"


def _refused_ids(spec: ContentSpec, content: Content) -> dict[str, set[Any]]:
    """The ids (plain values) the schema refused, by namespace."""
    out: dict[str, set[Any]] = defaultdict(set)
    for space in spec.ids:
        for path, value in select(content.data(space.kind), space.path):
            if content.refuses(space.kind, path):
                out[space.name].add(value)
    return out


def _spelt_right(value: Any) -> str:
    """An id as the schema's pattern would have it: lower case, words joined by `_`."""
    return "_".join(re.findall(r"[a-z0-9]+", str(value).lower()))


def check_counts(spec: ContentSpec, content: Content) -> list[Diagnostic]:
    """Warn when the copies of a kind of card do not add up to the box count.

    No warning when the sum is unknown: a counted card's ``copies`` (or a field that decides
    whether it is counted) was refused, a card could not be merged, or the cards' file or
    the box count could not be read or was refused.
    """
    out = []
    for count in spec.counts:
        if _unknown_total(spec, count, content):
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
        copies = _has_copies(spec, count)
        counted = f"the {count.label} add up to {total} copies"
        if not copies:
            counted = f"there are {total} {count.label}"
        message = f"{counted}, but the box has {expected}{source}"
        silence = "silence this with `allow: [W0902]` in pack.yaml"
        # A faction has no `copies`: each counts once, and the hint must not send the
        # designer looking for a field the schema refuses.
        change = "remove a card" if total > expected else "add a card"
        hint = f"change `copies`, or {silence}" if copies else f"{change}, or {silence}"
        if copies and any(c.by is last and c.action == "remove" for c in content.changes):
            # At a `remove` line there is no `copies` to change: a mod that removes cards
            # on purpose leaves the box short, and says so.
            hint = f"{silence} when the mod means to leave the box short, or {change}"
        out.append(warning("W0902", message, span, hint))
    return out


def _has_copies(spec: ContentSpec, count: BoxCount) -> bool:
    """Whether the counted cards have a ``copies`` field (a tech does, a faction does not)."""
    kind = spec.kinds.get(count.kind)
    return kind is not None and "copies" in kind.schema.get("properties", {})


def _unknown_total(spec: ContentSpec, count: BoxCount, content: Content) -> bool:
    """Whether a count cannot be trusted: a card, or the box count, was refused or unread."""
    read = ("copies", *(name for name, _ in count.where))
    refused = [entry for entry in content.cards.get(count.kind, []) if entry.refused]
    if content.unplaced.get(count.kind) or count.kind in content.unreadable:
        return True
    if any(entry.refuses((name,)) for entry in refused for name in read):
        return True
    kind, _, path = str(count.expected).partition(":")
    if not path:
        return False
    unread = kind in content.unreadable or _missing_document(spec, content, kind)
    return unread or content.refuses(kind, tuple(path.split("/")))


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
