"""Compiling every card's effect, and finding vocabulary words no card uses."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from whitedwarf.dsl import api, card_state
from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error, warning
from whitedwarf.dsl.packs.content import Change, Content, Entry
from whitedwarf.dsl.packs.kinds import ContentSpec, FileKind
from whitedwarf.dsl.packs.limits import Limits
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource

Compiled = dict[str, dict[str, dict[str, Any]]]


PARALLEL_FROM = 2000  # effects; below this a process pool costs more than it saves


@dataclass
class CompiledCards:
    """Every valid card's compiled effect (kind -> card id -> effect) and what was found."""

    compiled: Compiled = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: (card kind, effect text) -> the card text written from it (dsl/render.py), for each
    #: effect that compiled: written where it was parsed, so the text check need not parse it
    #: again (the kind: a ship tech says its hooks of its own ship type).
    card_texts: dict[tuple[str, str], str] = field(default_factory=dict)


def compile_cards(
    content: Content, spec: ContentSpec, registry: Registry, limits: Limits
) -> CompiledCards:
    """Compile the effect of every card whose effect (and card kind) the schema accepted.

    A card with other refused fields is still compiled, so all its problems are reported in
    one run; so is a card the merge could not place (its id was refused) or refused to merge
    (its id taken, or a change its pack may not make), for its diagnostics only. Identical
    effect texts of the same card kind are compiled once, and large packs are compiled on all
    cores (diagnostics are mapped back to each card's own place).
    """
    out = CompiledCards()
    compiled, diagnostics = out.compiled, out.diagnostics
    jobs: list[tuple[Job, str]] = []
    for kind in spec.card_kinds():
        for name, fixed_kind, key in kind.effect_fields():
            compiled.setdefault(key, {})
            for entry in [
                *content.cards.get(kind.name, []),
                *content.unplaced.get(kind.name, []),
                *content.unmerged.get(kind.name, []),
            ]:
                job, problems = _job(entry, kind, registry, limits, name, fixed_kind)
                diagnostics += problems
                if job is not None:
                    jobs.append((job, key))
    unique = sorted({(card_kind, job.source.text) for job, _ in jobs for card_kind in job.kinds})
    results = dict(zip(unique, _compile_all(unique, registry), strict=True))
    apart = [*content.unplaced.values(), *content.unmerged.values()]
    unplaced = {id(entry) for entries in apart for entry in entries}
    for job, key in jobs:
        if len(job.kinds) > 1:  # the card's kind is unknown: only what is wrong under all
            outcomes = [results[(card_kind, job.source.text)] for card_kind in job.kinds]
            diagnostics += _located(_common(outcomes), job.source)
            continue
        result, problems, card_text = results[(job.kinds[0], job.source.text)]
        diagnostics += _located(problems, job.source)
        if result is not None and id(job.entry) not in unplaced:
            compiled[key][job.entry.card_id] = {"card": job.entry.id, **result}
        if card_text is not None:
            out.card_texts[(job.kinds[0], job.source.text)] = card_text
    return out


@dataclass(frozen=True)
class Job:
    """One effect to compile: its card, the card kinds to compile it for (one, or every
    kind the card could be when its own kind was refused or left out) and its text."""

    entry: Entry
    kinds: tuple[str, ...]
    source: EffectSource


def _common(outcomes: Sequence[Outcome]) -> list[Diagnostic]:
    """The problems of an effect found under every card kind it was compiled for: an
    unknown word, a number out of range, a syntax error; not one that only the kind the
    designer did not mean would have (a ship mod's `this ship type` on a civilization)."""
    first = outcomes[0][1]
    others = [{(p.code, p.span, p.message) for p in outcome[1]} for outcome in outcomes[1:]]
    return [p for p in first if all((p.code, p.span, p.message) in seen for seen in others)]


def _job(
    entry: Entry,
    kind: FileKind,
    registry: Registry,
    limits: Limits,
    field: str | None = None,
    fixed_kind: str | None = None,
) -> tuple[Job | None, list[Diagnostic]]:
    field = field or kind.effect_field
    assert field is not None
    if entry.refuses((field,)):
        return None, []  # the schema already said what is wrong with the effect
    text = entry.data.get(field) if isinstance(entry.data, dict) else None
    kinds = _card_kinds(entry, kind, registry, fixed_kind)
    if not isinstance(text, str) or not kinds:
        return None, []
    if len(text) > limits.effect_chars:
        limit = limits.effect_chars
        message = f"this effect is {len(text):,} characters long, over the limit of {limit:,}"
        return None, [
            error("E0513", message, entry.span((field,)), "split the card, or say it shorter")
        ]
    source = entry.file.effect_source((*entry.path, field))
    if source is None:
        return None, []
    return Job(entry, kinds, source), []


def _card_kinds(
    entry: Entry, kind: FileKind, registry: Registry, fixed_kind: str | None
) -> tuple[str, ...]:
    """The card kind to compile the effect for, or, when the card's own kind field was
    refused or left out (the schema said so), every kind it could be."""
    if fixed_kind is not None:
        return (fixed_kind,) if fixed_kind in registry.card_kinds else ()
    own = kind.card_kind_of(entry.data) if isinstance(entry.data, dict) else None
    refused = kind.card_kind_field is not None and entry.refuses((kind.card_kind_field,))
    if own is not None and not refused:
        return (own,) if own in registry.card_kinds else ()
    taken = isinstance(entry.data, dict) and kind.card_kind_field in entry.data
    if kind.card_kind is None and taken and not refused:
        return ()  # a value the schema took but the registry does not know
    return tuple(k for k in kind.possible_card_kinds() if k in registry.card_kinds)


def compile_dropped(
    changes: Sequence[Change], spec: ContentSpec, registry: Registry, limits: Limits
) -> list[tuple[Change, dict[str, Any]]]:
    """The compiled effect of each card a mod replaced or removed (problems ignored: the
    card is not played), for telling which mod left a vocabulary word unused."""
    kinds = {kind.name: kind for kind in spec.card_kinds() if kind.effect_field is not None}
    jobs = []
    for change in changes:
        kind = kinds.get(change.dropped.kind)
        job = _job(change.dropped, kind, registry, limits)[0] if kind is not None else None
        if job is not None and len(job.kinds) == 1:
            jobs.append((change, job.kinds[0], job.source))
    unique = sorted({(card_kind, source.text) for _, card_kind, source in jobs})
    results = dict(zip(unique, _compile_all(unique, registry), strict=True))
    out = []
    for change, card_kind, source in jobs:
        effect = results[(card_kind, source.text)][0]
        if effect is not None:
            out.append((change, effect))
    return out


Outcome = tuple[dict[str, Any] | None, list[Diagnostic], str | None]  # and the card text


def _compile_all(unique: list[tuple[str, str]], registry: Registry) -> list[Outcome]:
    workers = min(os.cpu_count() or 1, 8)
    if len(unique) < PARALLEL_FROM or workers < 2:
        return _compile_batch(registry, unique)
    # Imported here: most packs are compiled in this process, and the import costs start-up.
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    size = -(-len(unique) // (workers * 4))
    batches = [unique[i : i + size] for i in range(0, len(unique), size)]
    try:
        with ProcessPoolExecutor(workers) as pool:
            done = pool.map(_compile_batch, [registry] * len(batches), batches)
            return [outcome for batch in done for outcome in batch]
    except (OSError, BrokenProcessPool):  # no processes here: do it in this one
        return _compile_batch(registry, unique)


def _compile_batch(registry: Registry, batch: list[tuple[str, str]]) -> list[Outcome]:
    """Compile texts against a source whose span columns are just offsets + 1."""
    out: list[Outcome] = []
    for card_kind, text in batch:
        source = EffectSource(text, "", _offset_locator)
        result, problems = api.compile_effect(source, registry, card_kind)
        card_text = render_effect(text, registry, card_kind) if result is not None else None
        out.append((result, problems, card_text))
    return out


def _offset_locator(offset: int) -> tuple[int, int]:
    return 1, offset + 1


def _located(problems: Sequence[Diagnostic], source: EffectSource) -> list[Diagnostic]:
    """The problems of one effect at the card's place in its file; the first error of an
    effect whose written lines YAML joined into one says so, since a clause written on a
    line of its own was read as the end of the line before it (the error's own message,
    `gain` is not a cost, does not say why)."""
    located = [_relocate(problem, source) for problem in problems]
    if source.joined_lines > 1:
        for index, problem in enumerate(located):
            if problem.is_error:
                note = (
                    f"YAML joined the {source.joined_lines} lines of this effect into one "
                    "line (a quoted or plain string, or a `>` block, folds each line break "
                    "into a space), so a clause on a line of its own is read as part of the "
                    "line before: write the effect as a block, `effect: |`, which keeps its "
                    "lines, or separate the clauses with `;`"
                )
                located[index] = replace(problem, notes=(*problem.notes, note))
                break
    return located


def _relocate(problem: Diagnostic, source: EffectSource) -> Diagnostic:
    """Move a diagnostic made against offsets to the card's real place in its file."""
    span = problem.span
    if span is None:
        return replace(problem, span=source.span(0))
    start = span.column - 1
    end = span.end_column - 1 if span.end_column is not None else None
    return replace(problem, span=source.span(start, end))


# -- vocabulary use ------------------------------------------------------------------------

_KEYED = {"hook": "hooks", "stat": "stats", "flag": "flags", "unit": "resources"}


def used_words(compiled: Compiled) -> dict[str, set[str]]:
    """Registry words (by section) that appear in compiled effects (docs/effect-ir.md)."""
    used: dict[str, set[str]] = {}
    walked: set[int] = set()  # cards with the same effect text share their compiled clauses
    for table in compiled.values():
        for effect in table.values():
            used.setdefault("card_kinds", set()).add(str(effect.get("kind")))
            clauses = id(effect.get("clauses"))
            if clauses not in walked:
                walked.add(clauses)
                _walk(effect, used)
    return used


def _walk(item: Any, used: dict[str, set[str]]) -> None:
    if isinstance(item, dict):
        _from_dict(item, used)
        for value in item.values():
            _walk(value, used)
    elif isinstance(item, list):
        _from_list(item, used)
        for value in item:
            _walk(value, used)


def _from_dict(item: dict[str, Any], used: dict[str, set[str]]) -> None:
    for key, section in _KEYED.items():
        if isinstance(item.get(key), str):
            used.setdefault(section, set()).add(item[key])
    for key in ("type", "this", "scope"):  # a selector's noun, `this <noun>`, a subject
        if isinstance(item.get(key), str):
            used.setdefault("noun_types", set()).add(item[key])
    for entry in item.get("filters", []) if isinstance(item.get("filters"), list) else []:
        if isinstance(entry, list) and entry and isinstance(entry[0], str):
            used.setdefault("filters", set()).add(entry[0])


def _from_list(item: list[Any], used: dict[str, set[str]]) -> None:
    if len(item) < 2 or not isinstance(item[0], str) or not isinstance(item[1], str):
        if len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], list):
            used.setdefault("verbs", set()).add(item[0])  # a CALL inside `affordable`
        return
    head, name = item[0], item[1]
    if head == "call":
        used.setdefault("verbs", set()).add(name)
    elif head == "value":
        used.setdefault("values", set()).add(name)


def unused_words(
    compiled: Compiled,
    registry: Registry,
    span: Span,
    dropped: Sequence[tuple[Change, dict[str, Any]]] = (),
) -> list[Diagnostic]:
    """W0901 for each registry word no card uses (reported once per section).

    ``dropped`` holds the cards mods replaced or removed, with their compiled effects: a word
    only such a card used is no longer used because of that mod, so the warning stands at the
    mod's change (its ``allow`` silences it), not on the base pack's ``game:`` line.
    """
    missing = _missing(used_words(compiled), registry)
    uses = [used_words({"dropped": {"card": effect}}) for _change, effect in dropped]
    out = []
    for section, words in missing.items():
        blamed: dict[int, list[str]] = {}
        for word in words:
            # The last change (in load order) that dropped a card using the word, or -1.
            users = [i for i, used in enumerate(uses) if _uses(used, section, word, registry)]
            blamed.setdefault(users[-1] if users else -1, []).append(word)
        for culprit, culprit_words in sorted(blamed.items()):
            if culprit < 0:
                out.append(_unused(section, culprit_words, span))
            else:
                out.append(_unused_after(section, culprit_words, dropped[culprit][0]))
    return out


def _uses(used: dict[str, set[str]], section: str, word: str, registry: Registry) -> bool:
    if section == "nouns":
        return registry.nouns[word].type in used.get("noun_types", set())
    return word in used.get(section, set())


def _missing(used: dict[str, set[str]], registry: Registry) -> dict[str, list[str]]:
    """Section -> registry words not in ``used`` (nouns by their noun type)."""
    out = {}
    for section in ("verbs", "hooks", "stats", "flags", "filters", "values", "card_kinds"):
        words = sorted(set(getattr(registry, section)) - used.get(section, set()))
        if section == "verbs":  # card state (issue 29): the language's own, for mods to use
            words = [w for w in words if w not in card_state.LANGUAGE_VERBS]
        # words for designers' cards that the printed game does not need (Entry.for_mods)
        entries = getattr(registry, section)
        words = [w for w in words if not getattr(entries.get(w), "for_mods", False)]
        if words:
            out[section] = words
    noun_types = used.get("noun_types", set())
    nouns = sorted(
        n.name for n in registry.nouns.values() if n.type not in noun_types and n.type != "card"
    )
    if nouns:
        out["nouns"] = nouns
    return out


def _unused_after(section: str, words: list[str], change: Change) -> Diagnostic:
    shown = ", ".join(f"`{w}`" for w in words[:12]) + (
        f" and {len(words) - 12} more" if len(words) > 12 else ""
    )
    verb = "removes" if change.action == "remove" else "replaces"
    message = (
        f"no card uses these {section.replace('_', ' ')} any more: {shown} "
        f"({change.by.pack} {verb} `{change.dropped.id}`, the last card that used them)"
    )
    hint = (
        "every word of the vocabulary should be used by some card; `allow: [W0901]` silences this"
    )
    return warning("W0901", message, change.by.span(("id",)), hint)


def _unused(section: str, words: list[str], span: Span) -> Diagnostic:
    shown = ", ".join(f"`{w}`" for w in words[:12]) + (
        f" and {len(words) - 12} more" if len(words) > 12 else ""
    )
    message = f"no card uses these {section.replace('_', ' ')}: {shown}"
    hint = (
        "every word of the vocabulary should be used by some card; `allow: [W0901]` silences this"
    )
    return warning("W0901", message, span, hint)
