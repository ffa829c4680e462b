"""The one entry point the pack loader uses for effect strings.

``compile_effect`` runs the passes parse → check → compile and returns the compiled
form (docs/effect-ir.md) with every diagnostic found; it never raises for bad input.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from whitedwarf.dsl import ast
from whitedwarf.dsl.checker import Checker
from whitedwarf.dsl.compiler import compile_checked
from whitedwarf.dsl.deprecation import message as deprecation_message
from whitedwarf.dsl.deprecation import modernise
from whitedwarf.dsl.diagnostics import Diagnostic, Severity
from whitedwarf.dsl.first_tries import told_the_form
from whitedwarf.dsl.parser import OWN_MOMENT_TRIED, EffectSyntaxError, EffectTooDeep, parse
from whitedwarf.dsl.party_steps import foreign_subject, party_step
from whitedwarf.dsl.place_phrases import place_phrase
from whitedwarf.dsl.registry import Deprecation, Registry
from whitedwarf.dsl.source import EffectSource, hostile_character
from whitedwarf.dsl.suggest import did_you_mean

MAX_EFFECT_CHARS = 4000


def compile_effect(
    source: EffectSource, registry: Registry, card_kind: str
) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """Parse, check and compile one effect string for a card of ``card_kind``.

    Returns ``(compiled, diagnostics)``; ``compiled`` is None when any error was found.
    """
    kind = registry.card_kinds.get(card_kind)
    if kind is None:
        hint = did_you_mean(card_kind, registry.card_kinds)
        span = source.span(source.first_code())
        return None, [Diagnostic("E0412", f"unknown card kind `{card_kind}`", span, hint)]
    effect, problems = parse_effect(source, registry)
    if effect is None:
        told = _flag_meant(_place_filter(problems, source.text, registry), source.text, registry)
        told = told_the_form(told, source, registry)
        return None, _with_concepts(told, source.text, registry)
    effect, old_words = modernise(effect, registry, source.text)
    checker = Checker(registry, kind, source)
    resolved = checker.run(effect)
    diagnostics = [_deprecated(word, d, source) for word, d in old_words] + checker.diagnostics
    if any(d.is_error for d in diagnostics):
        diagnostics = told_the_form(diagnostics, source, registry)
        return None, _with_concepts(diagnostics, source.text, registry)
    clauses = compile_checked(effect, resolved, source.text)
    return {"kind": card_kind, "clauses": clauses}, diagnostics


def _with_concepts(
    diagnostics: list[Diagnostic], text: str, registry: Registry
) -> list[Diagnostic]:
    """A note on the first error when the effect uses a word the language has no construct
    for (`until the end of the round: ...`, `once per round: ...`): the parser's own message
    points at where it stopped, which is seldom the word that was meant."""
    told = " ".join(d.hint or "" for d in diagnostics)
    words = dict.fromkeys(word.lower() for word in re.findall(r"[A-Za-z_]+", text))
    notes = (
        tuple(
            hint
            for word in words
            if (hint := registry.no_such(word)) and f"no `{word}`" not in told
        )
        + _printed_hooks(text, registry)
        + _hooks_meant(text, registry)
    )
    said = " ".join((*notes, told))
    notes += tuple(note for note, word in _split_words(text, registry) if f"`{word}`" not in said)
    first = next((i for i, d in enumerate(diagnostics) if d.is_error), None)
    if not notes or first is None:
        return diagnostics
    noted = replace(diagnostics[first], notes=diagnostics[first].notes + notes)
    return [*diagnostics[:first], noted, *diagnostics[first + 1 :]]


#: `this ship is in the centre sector`: a place phrase after `is` (parser.py's hint for it).
_IS_IN_PLACE = re.compile(
    r"\b(?:this|that)\s+([a-z_]+)\s+is\s+(?:in|on|at)\s+(?:the\s+|a\s+|an\s+)?([a-z_]+)"
)


def _place_filter(diagnostics: list[Diagnostic], text: str, registry: Registry) -> list[Diagnostic]:
    """The parser's hint for `this <noun> is in the <place>` says the place is a filter; when
    the place's word is a filter of that noun (the game's word: dsl/ names none), the hint
    writes the condition with it (design round 10)."""
    found = _IS_IN_PLACE.search(text.lower())
    first = next((i for i, d in enumerate(diagnostics) if d.is_error), None)
    if found is None or first is None:
        return diagnostics
    noun_word, place = found.groups()
    if not (diagnostics[first].hint or "").startswith(f"`this {noun_word} is` takes"):
        return diagnostics  # the parser stopped elsewhere: its hint is about that
    noun = registry.noun_for((noun_word,))
    kept = registry.filters.get(place)
    if noun is None or kept is None or noun[0].type not in kept.applies_to:
        return diagnostics
    hint = f"write `this {noun_word} is {place}`: `is` takes one filter word, with no place phrase"
    return [*diagnostics[:first], replace(diagnostics[first], hint=hint), *diagnostics[first + 1 :]]


#: `you can ignore the occupation surcharge`: an ability said in words after `can`.
_CAN_WORDS = re.compile(r"\bcan\s+([a-z_]+(?:\s+[a-z_]+)+)")


def _flag_meant(diagnostics: list[Diagnostic], text: str, registry: Registry) -> list[Diagnostic]:
    """An ability written as a phrase (`you can ignore the occupation surcharge`): the parser
    stops at its second word; when an ability's name is made of the phrase's words (each part
    a word's stem: `ignore_surcharge`), the first error without a hint of its own is told
    that word (the game's word, from the registry: docs/rules-decisions.md E183)."""
    first = next((i for i, d in enumerate(diagnostics) if d.is_error), None)
    found = _CAN_WORDS.search(text.lower())
    if found is None or first is None or diagnostics[first].hint:
        return diagnostics
    words = [w for w in found.group(1).split() if len(w) > 2]
    meant = [
        name
        for name in registry.flags
        if all(any(w[:5] == part[:5] for w in words) for part in name.split("_"))
    ]
    if len(meant) != 1:
        return diagnostics
    start = found.start(1)
    phrase = text[start : start + len(found.group(1))]
    hint = f"`{phrase}` is the ability `{meant[0]}`: write `can {meant[0]}`"
    return [*diagnostics[:first], replace(diagnostics[first], hint=hint), *diagnostics[first + 1 :]]


#: Words of a sentence that name no moment.
_FILLER = frozenset({"the", "one", "any", "each", "your", "you", "and", "for", "from", "with"})


def _split_words(text: str, registry: Registry) -> tuple[tuple[str, str], ...]:
    """Words of the language written as two or three (`1 long ray`, `-1 launch cost`, `2
    night points`): the parser stops at the second word, and told a unit list or "expected
    a new line" the writer does not see that `_` joins them; each such phrase is told the
    one word (a plural joins as its singular does: `night points` is `night_points`), with
    that word."""
    names = {entry.name for _, entry in registry.entries()}
    words = re.findall(r"[a-z_]+", "\n".join(line.split("#", 1)[0] for line in text.splitlines()))
    notes: list[tuple[str, str]] = []
    for size in (3, 2):
        for at in range(len(words) - size + 1):
            phrase = " ".join(words[at : at + size])
            joined = phrase.replace(" ", "_")
            if joined not in names and joined[:-1] not in names:
                continue
            if not any(phrase in note for note, _ in notes):
                notes.append((f"`{phrase}` is one word in the language: `{joined}`", joined))
    return tuple(notes)


def _printed_hooks(text: str, registry: Registry) -> tuple[str, ...]:
    """The hook whose printed words a clause starts with (`At the end of each round: gain 1
    light`, as `whitedwarf text` writes the card): a designer copying a card's text back into
    its effect is told the hook those words stand for, the longest match of each clause (a
    `when you ...` sentence in lower case is told the hooks nearest it instead)."""
    notes: list[str] = []
    for clause in re.split(r"[\n;]", text):
        if OWN_MOMENT_TRIED.match(clause.strip()):
            continue  # `when you play research`: told the hooks nearest the sentence
        said = " ".join(clause.replace("[", "").replace("]", "").lower().split())
        found = [
            (len(entry.text), name, entry.text)
            for name, entry in registry.hooks.items()
            if said.startswith(" ".join(entry.text.lower().split()))
        ]
        if found and not said.startswith("when " + max(found)[1]):
            _, name, printed = max(found)
            note = f"`{printed}` is how a card's text says the hook `{name}`: "
            note += f"write `when {name} -> ...`"
            if note not in notes:
                notes.append(note)
    return tuple(notes)


def _hooks_meant(text: str, registry: Registry) -> tuple[str, ...]:
    """The hooks a trigger written as a sentence (`when you play research`) may mean: those
    whose names share a word's stem with it (`after_research`, `ship_built` for `build a
    ship`), the ones sharing most first."""
    found = OWN_MOMENT_TRIED.search(text)
    if found is None:
        return ()
    words = [w for w in found.group(2).split() if len(w) > 2 and w not in _FILLER]

    def shared(name: str) -> int:
        parts = name.split("_")
        return sum(any(p[:4] == w[:4] for p in parts) for w in words)

    ranked = sorted((-shared(name), name) for name in registry.hooks if shared(name))
    if not ranked:
        return ()
    shown = ", ".join(f"`{name}`" for _, name in ranked[:6])
    return (f"the hooks nearest `{found.group(0)}`: {shown}",)


def _deprecated(word: ast.Word, deprecation: Deprecation, source: EffectSource) -> Diagnostic:
    text, hint = deprecation_message(deprecation)
    span = source.span(word.pos.start, word.pos.end)
    return Diagnostic("W0431", text, span, hint, Severity.WARNING)


def parse_effect(
    source: EffectSource, registry: Registry | None = None
) -> tuple[ast.Effect | None, list[Diagnostic]]:
    """Parse with the language's size limits; syntax problems become diagnostics (told in
    the game's words when ``registry`` is given: a step with a player as its subject)."""
    text = source.text
    if len(text) > MAX_EFFECT_CHARS:
        message = f"the effect is {len(text)} characters long; the limit is {MAX_EFFECT_CHARS}"
        first = source.first_code()
        span = source.span(first, first + 1)
        return None, [Diagnostic("E0302", message, span, "split it into clauses")]
    if not text.strip():
        return None, [
            Diagnostic("E0301", "the effect is empty", source.span(0), "write what the card does")
        ]
    hostile = hostile_character(text)  # the pack loader's rule for every text (E0514)
    if hostile is not None:
        at, message, hint = hostile
        return None, [Diagnostic("E0514", message, source.span(at, at + 1), hint)]
    try:
        return parse(text), []
    except EffectTooDeep as error:
        span = source.span(error.start, error.end)
        hint = "split it into clauses, or into steps joined by `then`"
        if error.parentheses:
            hint = "drop the parentheses around a single step or condition: `((a))` reads as `a`"
        return None, [Diagnostic("E0302", str(error), span, hint)]
    except EffectSyntaxError as error:
        problem = error.problem
        span = source.span(problem.start, problem.end)
        subject = (
            party_step(text, problem.start, registry)
            or foreign_subject(text, problem.start, registry)
            or place_phrase(text, problem.start, registry)
            if registry
            else None
        )
        if subject is not None:  # `each opponent gains 1 common`: told in the game's words
            return None, [Diagnostic("E0301", subject[0], span, subject[1])]
        return None, [Diagnostic("E0301", problem.message, span, problem.hint)]
