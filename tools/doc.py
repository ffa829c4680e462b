"""``whitedwarf doc``: the Markdown reference of a game's effect vocabulary.

Everything on the page comes from the game's registry (DESIGN principle 1), from the
grammar's forms below and from the diagnostic codes in :mod:`whitedwarf.dsl.codes`, so the
page can never disagree with the checker. The output is deterministic: the checked-in
pages must equal a fresh rendering, and ``--check`` says when they do not.

Each installed game has its page: ``docs/reference.md`` is Last Light's (the first game's,
where it has always been), ``docs/reference-<game>.md`` any other game's.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
from whitedwarf.dsl.codes import DSL_CODES
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.registry import ArgKind, Entry, Filter, Fires, Hook, Param, Registry, Verb
from whitedwarf.tools.atomic import cannot_write
from whitedwarf.tools.doc_examples import GameExamples, compiles, first_that_compiles
from whitedwarf.tools.exits import OutputExists

DEFAULT_OUT = "docs/reference.md"
DEFAULT_GAME = "lastlight"

# The clause forms of the grammar (dsl/grammar.lark), in words, with an example each.
CLAUSE_FORMS: tuple[tuple[str, str, str, str], ...] = (
    (
        "modifier",
        "`<subject> has <+N or -N> <stat>`",
        "this ship type has +1 attack",
        "a static change to a number while the card is in play",
    ),
    (
        "grant",
        "`<subject> can <ability>`",
        "this ship type can bombard",
        "a static ability while the card is in play",
    ),
    (
        "trigger",
        "`when <hook> [if <condition>] -> <steps>`",
        "when extractor_built -> mine this planet",
        "runs each time the hook fires for the card's owner",
    ),
    (
        "activated",
        "`activated: <steps>`",
        "activated: exhaust this card -> gain 1 light",
        "its owner may use it during their own turn",
    ),
    (
        "as_soon_as",
        "`as soon as <condition> -> <steps>`",
        "as soon as number of red planets you control >= 2 -> gain 2 light",
        "runs once, the first time the condition holds",
    ),
    (
        "immediate",
        "`<steps>`",
        "may move a ship of yours to this sector",
        "runs once, when the card resolves",
    ),
    (
        "while",
        "`while <condition>: <modifier or grant>`",
        "while number of planets you control >= 3: you have +1 trades",
        "a modifier or grant that counts only while the condition holds",
    ),
)

# The step forms, with an example each and the card kind the example is checked for.
STEP_FORMS: tuple[tuple[str, str, str], ...] = (
    ("`<verb> <arguments>`", "gain 1 light", "one action"),
    ("`<step> then <step>`", "gain 1 common then gain 1 uncommon", "one after the other"),
    ("`may <step>`", "may build extractor on this planet", "its owner decides yes or no"),
    ("`if <condition> -> <step>`", "if light < 5 -> gain 1 light", "only when it holds"),
    (
        "`choose one: <step> or <step> ...`",
        "choose one: gain 1 common or gain 1 uncommon",
        "its owner picks one option",
    ),
    (
        "`for each <selector> -> <step>`",
        "for each enemy ship here -> deal 1 damage to it",
        "once per thing; `it` is the current one",
    ),
    ("`repeat <N> times -> <step>`", "repeat 2 times -> gain 1 common", "N times"),
    (
        "`<cost> [and <cost>] -> <step>`",
        "may pay 1 rare -> gain 2 light",
        "pay the costs, then do the step; targets are chosen first",
    ),
    # card state (issue 29): a choice remembered on the card
    (
        "`choose a <player>: <step>`",
        "choose an opponent: give 1 common to that opponent",
        "the owner picks one player, the card remembers them as `that <player>` for all its "
        "clauses, then the step",
    ),
)

# Determiners and what they select (see the `quantify` step of dsl/checker.py).
DETERMINERS: tuple[tuple[str, str], ...] = (
    ("`a`, `an`, `one`, `any`, `the`", "one thing, picked by the card's owner"),
    ("`another`", "one thing other than the card's own `this ...` (and, for players, you)"),
    ("`each`, `every`, `all`", "every such thing, no choice"),
    ("`your` + plural, or a bare plural", "every such thing (`your` also means `of yours`)"),
    ("`this`, `that`, `its`", "the card's or the hook's own thing (see *provides*)"),
    ("`2 {things}`", "exactly that many, picked by the owner"),
    ("`up to 2 {things}`", "at most that many; the owner may pick fewer"),
    ("`it`", "the current thing of the enclosing `for each`"),
)


def _things(registry: Registry) -> str:
    """The plural of the game's first noun, for examples of counts (`2 ships`, `2 stars`)."""
    first = next(iter(registry.nouns.values()), None)
    return first.plural if first is not None and first.plural else "things"


def _qualifiers(registry: Registry) -> str:
    """The qualifiers the game's filters make, as written: ``of yours``, ``you control``."""
    words = [
        f"`{filter_phrase(f, registry).split(' ', 1)[1]}`"
        for f in registry.filters.values()
        if f.form in ("of", "you")
    ]
    return ", ".join([*words, "`other than <determiner> <noun>`"]) + "."


FILTER_FORMS = {
    "adjective": "before the noun",
    "after": "after the noun",
    "of": "`of ...` after the noun",
    "you": "`you ...` after the noun",
}

SECTION_TITLES = {
    "verbs": "Verbs",
    "nouns": "Nouns",
    "filters": "Filters",
    "stats": "Stats",
    "flags": "Abilities (flags)",
    "hooks": "Hooks",
    "values": "Values",
    "resources": "Resources",
    "card_kinds": "Card kinds",
}

COUNT_WORDS = {"flags": "abilities", "card_kinds": "card kinds"}

SCOPE_SUBJECTS = {"player": "you", "ship_type": "this ship type"}


def render(registry: Registry) -> str:
    """The whole reference page for ``registry``."""
    parts = [
        _header(registry),
        _grammar(registry),
        _verbs(registry),
        _nouns(registry),
        _filters(registry),
        _stats(registry),
        _flags(registry),
        _hooks(registry),
        _values(registry),
        _resources(registry),
        _card_kinds(registry),
        _numbers(registry),
        _limits(registry),  # use limits, durations, one-shot discounts (issue 29)
        _file_numbers(registry.game),
        _deprecated(registry),
        _codes(),
    ]
    return "\n\n".join(part.rstrip("\n") for part in parts) + "\n"


# --- page parts ----------------------------------------------------------------------


def _header(registry: Registry) -> str:
    counts = ", ".join(
        f"{len(getattr(registry, section))} {COUNT_WORDS.get(section, section)}"
        for section in Registry.SECTIONS
    )
    toc = " · ".join(
        f"[{title}](#{_anchor(title)})"
        for title in (
            "Grammar summary",
            *SECTION_TITLES.values(),
            NUMBERS_TITLE,
            LIMITS_TITLE,
            FILE_NUMBERS_TITLE,
            "Deprecated words",
            "Diagnostic codes",
        )
    )
    return "\n".join(
        [
            f"# Effect vocabulary reference: `{registry.game}`",
            "",
            "<!-- Generated by `whitedwarf doc` from the game's registry; do not edit by hand.",
            "     Regenerate with `whitedwarf doc`; `whitedwarf doc --check` fails when stale. -->",
            "",
            "Every word the effect language knows for this game, with an example that compiles.",
            "The guide to writing effects is [docs/dsl.md](dsl.md).",
            "",
            f"This game declares {counts}.",
            "",
            toc,
        ]
    )


def _grammar(registry: Registry) -> str:
    ours = GameExamples(registry)
    lines = ["## Grammar summary", "", "### Clauses", ""]
    lines += _table(
        ("form", "shape", "example", "meaning", "card kinds"),
        (
            (
                f"`{form}`",
                shape,
                _example(first_that_compiles(example, ours.clause(form), registry)),
                meaning,
                _words(k.name for k in registry.card_kinds.values() if form in k.clauses),
            )
            for form, shape, example, meaning in CLAUSE_FORMS
        ),
    )
    lines += [
        "",
        "An effect is one or more clauses, one per line or separated by `;`. A clause goes on",
        "over several lines after `->` or `:`, and before a line that starts with `then`, `or`",
        "or `and`. `#` starts a comment.",
        "",
        "### Steps",
        "",
    ]
    lines += _table(
        ("form", "example", "meaning"),
        (
            (shape, _example(first_that_compiles(example, ours.step(shape), registry)), meaning)
            for shape, example, meaning in STEP_FORMS
            # card state: a game whose language names no player remembers none
            if not shape.startswith("`choose a") or compiles(example, registry)
        ),
    )
    lines += [
        "",
        "`then` ends the step before it, however deeply nested: in `if C -> A then B`, B",
        "always happens; an option of `choose one:` cannot contain `then`.",
        "",
        "### Selectors",
        "",
    ]
    lines += [
        "A selector is `[determiner] [adjective filters] <noun> [after filters] [qualifiers]`,",
        _selector_example(registry, ours),
        _qualifiers(registry),
        "",
    ]
    things = _things(registry)
    lines += _table(
        ("determiner", "selects"),
        ((det.format(things=things), meaning) for det, meaning in DETERMINERS),
    )
    lines += ["", "### Amounts and conditions", ""]
    lines += _amounts(registry, ours)
    lines += _counters(registry)
    return "\n".join(lines)


def _counters(registry: Registry) -> list[str]:
    """Card state (issue 29): the counter forms, when the game declares the counter verbs."""
    if "put" not in registry.verbs:
        return []
    return [
        "",
        "### Counters on a card",
        "",
        *_wrap(
            "A card keeps counters of any name on itself: `put N <name> on this card`, `remove N"
            " <name> from this card` (a cost: not payable with fewer on the card), and `<name> on"
            " this card` as a number in a condition or an amount (`per <name> on this card`)."
            ' At most 99 of a kind; docs/dsl.md "Card state".'
        ),
    ]


def _selector_example(registry: Registry, ours: GameExamples) -> str:
    if compiles("for each red planet you control -> gain 1 light", registry):
        return "for example `a red planet you control` or `each enemy ship here`. Qualifiers:"
    selector = ours.selector()
    return f"for example `{selector}`. Qualifiers:" if selector else "Qualifiers:"


def _amounts(registry: Registry, ours: GameExamples) -> list[str]:
    """The amounts and conditions paragraphs, with examples in the game's words."""
    if compiles("gain 1 light per 2 planets you control", registry):
        return [
            "An amount is `<number> <unit>`, optionally `per [N] <selector>`: `gain 1 light per 2",
            "planets you control` gains 1 light for every 2 such planets (rounded down). A number",
            "is a whole number or a parenthesised expression: `(techs_in_play / 4)`, with "
            "`+ - * /`",
            "(`/` rounds down), value names and `number of <selector>`; `min(a, b)` and "
            "`max(a, b)` are",
            "the smaller and the larger of two numbers.",
            "",
            "A condition compares two expressions with `>= <= == != > <`, joined with `and`, `or`,",
            "`not` and parentheses: `if light < 5 and not round == 1 -> gain 1 light`.",
        ]
    per, condition = ours.per(), ours.condition()
    amounts = (
        "An amount is `<number> <unit>`, optionally `per [N] <selector>`"
        + (f": `{per}` counts 1 for every 2 (rounded down)." if per else ".")
        + " A number is a whole number or a parenthesised expression, with `+ - * /` (`/`"
        " rounds down), value names and `number of <selector>`; `min(a, b)` and `max(a, b)`"
        " are the smaller and the larger of two numbers."
    )
    conditions = (
        "A condition compares two expressions with `>= <= == != > <`, joined with `and`, `or`,"
        " `not` and parentheses" + (f": `{condition}`." if condition else ".")
    )
    return [*_wrap(amounts), "", *_wrap(conditions)]


def _wrap(text: str) -> list[str]:
    """A paragraph in lines of at most 88 characters, as the hand-wrapped paragraphs are,
    never broken inside a `code span` (a longer span stands on a line of its own)."""
    kept = re.sub(r"`[^`]*`", lambda span: span.group(0).replace(" ", "\0"), text)
    lines = textwrap.wrap(kept, 88, break_long_words=False, break_on_hyphens=False)
    return [line.replace("\0", " ") for line in lines]


def _example(text: str) -> str:
    """An example cell: the code, or nothing for a form the game's card kinds never use."""
    return _code(text) if text else ""


def _verbs(registry: Registry) -> str:
    lines = [_section("verbs", registry)]
    lines += _table(
        ("verb", "written", "cost", "does"),
        (
            (
                f"[`{v.name}`](#verb-{_anchor(v.name)})",
                _code(signature(v)),
                "yes" if v.cost else "",
                v.doc,
            )
            for v in registry.verbs.values()
        ),
    )
    for verb in registry.verbs.values():
        lines += ["", f'<a id="verb-{_anchor(verb.name)}"></a>', f"### `{verb.name}`", ""]
        lines += [verb.doc + (" **A cost:** it may stand before `->`." if verb.cost else ""), ""]
        lines += [f"Written: {_code(signature(verb))}", ""]
        for param in verb.params:
            lines.append(f"- {_code(_param_slot(param))}: {describe_param(param, registry)}")
        if verb.params:
            lines.append("")
        if verb.fires:
            lines += ["Fires: " + "; ".join(_fired(verb, f) for f in verb.fires) + ".", ""]
        lines += _example_and_cite(verb)
    return "\n".join(lines)


def _fired(verb: Verb, fires: Fires) -> str:
    """A hook a verb fires, for whom and when (``Verb.fires``): what the self-trigger check
    (W0403, W0404) reads."""
    whose = f"the owner of `<{fires.heard_by}>`" if fires.heard_by else "you"
    said = f"`{fires.hook}` for {whose}"
    if fires.not_own:
        said += f", when `<{fires.not_own}>` is not yours"
    if fires.moves is not None:
        thing, place = fires.moves
        said += f", when `<{thing}>` was not at `<{place}>` already"
    if fires.ends:
        said += f" (a chain of it ends when {fires.ends})"
    return said


def _nouns(registry: Registry) -> str:
    lines = [_section("nouns", registry)]
    lines += _table(
        ("noun", "plural", "entity type", "meaning", "example"),
        (
            (f"`{n.name}`", _code(n.plural), f"`{n.type}`", n.doc, _code(n.example))
            for n in registry.nouns.values()
        ),
    )
    return "\n".join(lines)


#: How each filter form is written, with ``{}`` for the game's own examples of it.
FORM_SENTENCES = {
    "adjective": "an adjective goes before the noun ({})",
    "after": "an *after* filter follows the noun ({})",
    "of": "an `of` filter reads {}",
    "you": "a `you` filter reads {}",
}


def _filter_forms(registry: Registry) -> list[str]:
    """What each filter form of the game looks like, with its own filters as examples: a
    game is not shown the words of another (Starlight has no `red planet`)."""
    parts = []
    for form, sentence in FORM_SENTENCES.items():
        found = [f for f in registry.filters.values() if f.form == form]
        if not found:
            continue
        phrases = [filter_phrase(f, registry) for f in found]
        if form in ("of", "you"):
            phrases = [phrase.split(" ", 1)[1] for phrase in phrases]
        shown = " or ".join(f"`{phrase}`" for phrase in phrases[: 1 if form in FIRST_ONLY else 2])
        parts.append(sentence.format(shown))
    said = ", ".join(parts)
    return _wrap(f"A filter narrows a selector. Its form says where it is written: {said}.")


#: Forms shown with one example (an adjective or *after* filter), not two.
FIRST_ONLY = ("adjective", "after")


def _filters(registry: Registry) -> str:
    lines = [_section("filters", registry)]
    lines += [*_filter_forms(registry), ""]
    lines += _table(
        ("filter", "form", "written", "applies to", "meaning", "example", "rulebook"),
        (
            (
                f"`{f.name}`",
                FILTER_FORMS.get(f.form, f.form),
                _code(filter_phrase(f, registry)),
                _words(nouns_of_types(registry, f.applies_to)),
                f.doc,
                _code(f.example),
                _cell(f.cite),
            )
            for f in registry.filters.values()
        ),
    )
    return "\n".join(lines)


def _things_with_stats(registry: Registry) -> list[str]:
    """A paragraph for each noun whose things have another noun's stats (``Noun.stats_of``):
    ``your ships have +1 movement`` on any card (a faction's ships), with its size filters."""
    out: list[str] = []
    for noun in registry.nouns.values():
        owner = next((n for n in registry.nouns.values() if n.type == noun.stats_of), None)
        if owner is None:
            continue
        plural = noun.plural or noun.name
        sizes = [
            f.name
            for f in registry.filters.values()
            if noun.stats_of in f.applies_to and f.form == "adjective"
        ]
        example = f"`your {sizes[-1]} {plural} have +1 attack`" if sizes else ""
        text = (
            f"A {noun.name} has the stats and abilities of its {owner.name}: any card with"
            f" modifiers (a faction too) changes every {owner.name} of yours with `your {plural}"
            f" have +1 movement`"
        )
        if example:
            text += f", or only some with {example} (before `{plural}`: {_words(sizes)})"
        out += [*_wrap(text + "."), ""]
    return out


def _stats(registry: Registry) -> str:
    lines = [_section("stats", registry)]
    if compiles("this ship type has +1 attack", registry):
        lines += [
            "A stat is changed by a modifier clause: `you have +1 research_draw` for your own",
            "stats, `this ship type has +1 attack` for a ship type's. Verbs such as `add` change",
            "your stats for the current action only. One modifier or `add` changes a stat by",
            "an amount within its *range* (error E0417 otherwise); *why* says where the bound",
            "comes from.",
            "",
        ]
        lines += _things_with_stats(registry)
    else:
        modifier = GameExamples(registry).clause("modifier")
        lines += _wrap(
            "A stat is changed by a modifier clause"
            + (f" such as `{modifier[0]}`" if modifier else "")
            + ". One modifier changes a stat by an amount within its *range* (error E0417"
            " otherwise); *why* says where the bound comes from."
        )
        lines += [""]
    lines += _table(
        ("stat", "whose", "default", "range", "meaning", "example", "rulebook", "why"),
        (
            (
                f"`{s.name}`",
                f"`{SCOPE_SUBJECTS.get(s.scope, s.scope)}`",
                "" if s.default is None else str(s.default),
                str(s.range),
                s.doc,
                _code(s.example),
                _cell(s.cite),
                s.range.why,
            )
            for s in registry.stats.values()
        ),
    )
    return "\n".join(lines)


def _flags(registry: Registry) -> str:
    lines = [_section("flags", registry)]
    grant = first_that_compiles(
        "this ship type can bombard", GameExamples(registry).clause("grant"), registry
    )
    lines += [f"An ability is granted by a clause such as `{grant}`.", ""]
    lines += _table(
        ("ability", "whose", "meaning", "example", "rulebook"),
        (
            (
                f"`{f.name}`",
                f"`{SCOPE_SUBJECTS.get(f.scope, f.scope)}`",
                f.doc,
                _code(f.example),
                _cell(f.cite),
            )
            for f in registry.flags.values()
        ),
    )
    return "\n".join(lines)


def _kind_context(registry: Registry) -> str:
    """What the card kinds with triggers provide, in the game's words: ``this card``, and
    ``this ship type`` on Last Light's ship techs."""
    kinds = [k for k in registry.card_kinds.values() if "trigger" in k.clauses]
    first = kinds[0].context if kinds else ()
    every = [p for p, t in first if all((p, t) in k.context for k in kinds)]
    some: dict[str, list[str]] = {}
    for kind in kinds:
        for phrase, _ in kind.context:
            if phrase not in every:
                some.setdefault(phrase, []).append(f"`{kind.name}`")
    parts = [f"`this {phrase}`" for phrase in every]
    parts += [f"`this {phrase}` on {' and '.join(names)} cards" for phrase, names in some.items()]
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + ", and " + parts[-1]
    return parts[0] if parts else "nothing"


def _hooks(registry: Registry) -> str:
    lines = [_section("hooks", registry)]
    lines += [
        *_wrap(
            "A hook is a moment of the game a trigger waits for: `when <hook> -> ...`. The "
            "*provides* column lists what `this ...` means inside the trigger, on top of what "
            f"the card kind itself provides ({_kind_context(registry)}){_reacting(registry)}"
        ),
        "",
    ]
    lines += _table(
        ("hook", "provides", "when", "example", "rulebook"),
        (
            (
                f"`{h.name}`",
                _provides(h, registry),
                h.doc
                + (" (a value hook)" if h.value else "")
                + (f" Act: `{h.acted}`." if h.acted else ""),
                _code(h.example),
                _cell(h.cite),
            )
            for h in registry.hooks.values()
        ),
    )
    return "\n".join(lines)


def _values(registry: Registry) -> str:
    lines = [_section("values", registry)]
    condition = first_that_compiles(
        "if light < 5 -> gain 1 light", GameExamples(registry).step("`if"), registry
    )
    lines += [
        "A value is a number an expression reads, always from the card owner's side:",
        f"`{condition.split(' -> ')[0]} -> ...`.",
        "",
    ]
    lines += _table(
        ("value", "meaning", "example", "rulebook"),
        ((f"`{v.name}`", v.doc, _code(v.example), _cell(v.cite)) for v in registry.values.values()),
    )
    return "\n".join(lines)


def _resources(registry: Registry) -> str:
    lines = [_section("resources", registry)]
    lines += _table(
        ("resource", "meaning", "example", "rulebook"),
        (
            (f"`{r.name}`", r.doc, _code(r.example), _cell(r.cite))
            for r in registry.resources.values()
        ),
    )
    return "\n".join(lines)


def _card_kinds(registry: Registry) -> str:
    lines = [_section("card_kinds", registry)]
    lines += [
        "Each kind of card may use only some clause forms, and knows some `this ...` phrases",
        "everywhere in its effect (its *context*).",
        "",
    ]
    lines += _table(
        ("kind", "file", "clause forms", "context", "meaning", "example", "rulebook"),
        (
            (
                f"`{k.name}`",
                f"`{k.file}`" if k.file else "",
                _words(k.clauses),
                _words(f"this {phrase}" for phrase, _ in k.context),
                k.doc,
                _code(k.example),
                _cell(k.cite),
            )
            for k in registry.card_kinds.values()
        ),
    )
    return "\n".join(lines)


NUMBERS_TITLE = "Numbers"
NUMBER_PLACES = {
    "number": "any other number: in an expression or a comparison",
    "count": "a count of things: `2 {things}`, `up to 2 {things}`",
    "per": "`per N`: `{per}`",
    "repeat": "`repeat N times`",
    "uses": "a use limit: `at most N times per ...`",
    "discount": "a one-shot discount: `your next ... costs N less`",
}

LIMITS_TITLE = "Periods and one-shot discounts"


def _limits(registry: Registry) -> str:
    """The periods use limits count by and durations last to, and what a one-shot discount
    may name (issue 29; docs/dsl.md "Use limits", "Durations", "One-shot discounts")."""
    # Only the forms the game's cards can use: Starlight has no activated abilities and no
    # reactions, so its page showed `activated, once per <period>: ...` for nothing.
    forms = ["`when <hook>, at most 3 times per <period> -> ...`"]
    if any("activated" in kind.clauses for kind in registry.card_kinds.values()):
        forms.insert(0, "`activated, once per <period>: ...`")
    if any(hook.acted for hook in registry.hooks.values()):
        forms.append("`when an opponent <act>, once per <period> -> ...`")
    said = (
        f"A use limit counts by a period ({', '.join(forms)}); a duration lasts to the end of "
        "one (`until the end of the <period>: <modifier or grant>`), never to the end of the "
        "game."
    )
    lines = [f"## {LIMITS_TITLE}", "", *textwrap.wrap(said, 88, break_on_hyphens=False), ""]
    rows = [(_code(name), text) for name, text in registry.periods.items()]
    rows += [
        (_code(name), f"not a period here: {text}") for name, text in registry.no_periods.items()
    ]
    lines += _table(("period", "means"), rows) if rows else ["This game declares no periods."]
    lines += ["", "`your next <thing> costs N less` is used up by the next one made:", ""]
    things = [(_code(name), text) for name, text in registry.next_costs.items()]
    lines += _table(("thing", "the cost it comes off"), things) if things else ["(none)"]
    return "\n".join(lines)


def _numbers(registry: Registry) -> str:
    value = next(iter(registry.values), "light")
    stats = "modifiers and `add`" if "add" in registry.verbs else "modifiers"
    lines = [
        f"## {NUMBERS_TITLE}",
        "",
        "Every number written in an effect has a declared range (DESIGN principle 3: content",
        "is untrusted); one outside it is error E0417, which names the range. Verb arguments",
        f"give theirs under [Verbs](#verbs), {stats} under [Stats](#stats); every",
        "other number is bounded by where it is written. Numbers the game computes while it",
        f"runs (`({value} * 2)`) are bounded by the engine.",
        "",
    ]
    per = _per_example(registry)
    places = {
        name: text.format(things=_things(registry), per=per) for name, text in NUMBER_PLACES.items()
    }
    lines += _table(
        ("written as", "range", "why"),
        (
            (places.get(name, f"`{name}`"), str(bound), bound.why)
            for name, bound in registry.numbers.items()
        ),
    )
    return "\n".join(lines)


def _per_example(registry: Registry) -> str:
    """An amount with ``per`` in the game's words (Last Light's ``1 light per 2 planets you
    control``), else ``... per 2 ...``."""
    if compiles("gain 1 light per 2 planets you control", registry):
        return "1 light per 2 planets you control"
    found = GameExamples(registry).per()
    return found.split(" ", 1)[1] if found else "... per 2 ..."


FILE_NUMBERS_TITLE = "Numbers in pack files"


def _file_numbers(game: str) -> str:
    from whitedwarf.dsl.packs.schemas import game_schemas

    lines = [
        f"## {FILE_NUMBERS_TITLE}",
        "",
        "Every whole number of a pack file has a range too (from the JSON Schemas, which",
        "`whitedwarf schema` writes); one outside it is error E0606. `[]` stands for any item",
        "of a list. A list whose length the engine reads as a number is bounded too (its",
        "range counts items); a longer one is error E0607.",
        "",
    ]
    rows = [
        (f"`{name}.yaml`", _code(field), _range(schema), why)
        for name, schema_of_file in game_schemas(game).items()
        for field, schema, why in _schema_integers(schema_of_file)
    ]
    lines += _table(("file", "field", "range", "why"), rows)
    return "\n".join(lines)


def _range(schema: dict[str, Any]) -> str:
    """A bounded integer's range, or a bounded list's length."""
    if schema.get("type") == "array":
        return f"{schema.get('minItems', 0)} to {schema['maxItems']} items"
    return f"{schema['minimum']} to {schema['maximum']}"


def _schema_integers(schema: object, field: str = "") -> Iterable[tuple[str, dict[str, Any], str]]:
    """(field path, schema, why) for every bounded integer of a schema, and every list of a
    bounded length, in order."""
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "integer" and "maximum" in schema:
        yield field, schema, schema.get("x-why", "")
    if schema.get("type") == "array" and "maxItems" in schema:
        yield field, schema, schema.get("x-why", "")
    for key, value in schema.items():
        if key == "properties":
            for name, item in value.items():
                yield from _schema_integers(item, f"{field}.{name}" if field else name)
        elif key in ("items", "else", "additionalProperties"):
            yield from _schema_integers(value, f"{field}[]" if key == "items" else field)
        elif key == "allOf":
            for item in value:
                yield from _schema_integers(item, field)


def _deprecated(registry: Registry) -> str:
    lines = [
        "## Deprecated words",
        "",
        f"This is version {registry.language} of the `{registry.game}` effect language. These old",
        "words still work, with a warning (W0431) naming the word to write instead; editors offer",
        "it as a quick fix and `whitedwarf fix PACK` rewrites them all (docs/dsl.md).",
        "",
    ]
    if not registry.deprecations:
        return "\n".join([*lines, "None."])
    lines += _table(
        ("old word", "write instead", "kind of word", "since", "why"),
        (
            (f"`{d.old}`", f"`{d.new}`", d.section[:-1], d.since, _cell(d.reason))
            for d in registry.deprecations.values()
        ),
    )
    return "\n".join(lines)


def _codes() -> str:
    lines = [
        "## Diagnostic codes",
        "",
        "Codes of the effect language (`whitedwarf.dsl.codes`); a `W` code is a warning. Pack",
        "codes (E05xx and up) are listed in docs/diagnostics.md.",
        "",
    ]
    lines += _table(
        ("code", "severity", "meaning"),
        (
            (f"`{code}`", "warning" if code.startswith("W") else "error", _cell(meaning))
            for code, meaning in sorted(DSL_CODES.items())
        ),
    )
    return "\n".join(lines)


# --- words -------------------------------------------------------------------------


def signature(verb: Verb) -> str:
    """How a verb is written: ``give <amount> to <player>``, ``build <unit> [in <place>]``."""
    return verb.written


def _param_slot(param: Param) -> str:
    return f"{param.prep} <{param.name}>" if param.prep else f"<{param.name}>"


def describe_param(param: Param, registry: Registry) -> str:
    """What a parameter accepts, in words."""
    optional = " (optional)" if param.optional else ""
    if param.doc:
        optional = f"{optional}; {param.doc}"
    if param.range is not None:
        optional = f"{optional}; written {param.range} ({param.range.why})"
    elif param.range_of is not None:
        optional = f"{optional}; written within the range of the `{param.range_of}` it changes"
    if param.kind is ArgKind.AMOUNT:
        return f"an amount of {_or_words(param.types)}{optional}"
    if param.kind is ArgKind.NUMBER:
        return f"a number or a `(...)` expression{optional}"
    if param.kind is ArgKind.COUNTER:  # card state (issue 29)
        return f"a number and a counter name of the card writer's choosing{optional}"
    if param.kind is ArgKind.TARGET:
        nouns = nouns_of_types(registry, param.types)
        you = ", or `you`" if "player" in param.types else ""
        return f"a selector of {_or_words(nouns)}{you}{optional}"
    if param.kind is ArgKind.STAT:
        stats = [s.name for s in registry.stats.values() if s.scope == "player"]
        return f"one of your stats ({_words(stats)}){optional}"
    if param.kind is ArgKind.WORD:
        return f"one of {_words(param.words)}{optional}"
    if param.kind is ArgKind.UNIT:
        return f"what to build: {_or_words(_units(param, registry))}{optional}"
    return f"{param.kind}{optional}"


def _units(param: Param, registry: Registry) -> list[str]:
    units: list[str] = []
    for noun in registry.nouns.values():
        if noun.type not in param.types or noun.name != noun.type:
            continue
        sizes = [
            f.name
            for f in registry.filters.values()
            if noun.type in f.applies_to and "ship_type" in f.applies_to and f.form == "adjective"
        ]
        units += [f"{size} {noun.name}" for size in sizes] or [noun.name]
    return units


def filter_phrase(flt: Filter, registry: Registry) -> str:
    """A filter as written with its first noun: ``red planet``, ``ship of yours``."""
    nouns = nouns_of_types(registry, flt.applies_to[:1])
    noun = nouns[0] if nouns else "thing"
    if flt.form == "after":
        return f"{noun} {flt.name}"
    if flt.form == "of":
        # `of this constellation` reads the hook's thing (``needs``); `of yours`, `of
        # opponents` read nothing and take no `this`
        return f"{noun} of this {flt.name}" if flt.needs else f"{noun} of {flt.name}"
    if flt.form == "you":
        return f"{noun} you {flt.name}"
    word = f"<{flt.ids} id>" if flt.ids else flt.name  # an open filter's words are pack ids
    return f"{word} {noun}"


def nouns_of_types(registry: Registry, types: Iterable[str]) -> list[str]:
    """The noun words for entity types, in registry order (``player`` → player, opponent)."""
    wanted = set(types)
    found = [n.name for n in registry.nouns.values() if n.type in wanted]
    known = {n.type for n in registry.nouns.values()}
    return found + [t for t in types if t not in known]


def _reacting(registry: Registry) -> str:
    """The end of the hooks' intro: the named parties and the reactions, in the game's own
    words (issue 29), where the game has them."""
    text = "."
    parties = [n.name for n in registry.nouns.values() if n.party]
    if parties:
        text = f", and the named parties (`the {parties[0]}`, ...) it supplies."
    if registry.sides:  # `the player to your left` (Registry.sides), on any hook
        seats = "; ".join(f"`the player to your {w}` is {doc}" for w, doc in registry.sides.items())
        text += f" Players are named by where they sit too, whatever the hook: {seats}."
    acted = [h for h in registry.hooks.values() if h.acted]
    # the game's own words for another player: `an opponent` (a player noun meaning others)
    other = next(
        (f"{'an' if n.name[0] in 'aeiou' else 'a'} {n.name}" for n in registry.nouns.values()
         if n.type == "player" and n.implies and not n.party),
        "another player",
    )  # fmt: skip
    if any(not h.others for h in acted):
        text += (
            f" A hook with an *act* is heard by reactions too, `when {other} <act> -> "
            '...`, when it fires for another player (docs/dsl.md "Reactions").'
        )
    if any(h.others for h in acted):
        who = "player" if "player" in registry.nouns else other.split()[-1]
        text += (
            " A hook of another player's moment fires for each player who hears it; its *act* "
            f"names it too (`when {other} <act> -> ...` is that hook), and `the {who} who "
            '<acted>` is the player whose moment it is (docs/dsl.md "Reactions").'
        )
    return text


def _provides(hook: Hook, registry: Registry) -> str:
    """``this ...`` phrases of a hook, then the named parties it supplies (issue 29)."""
    phrases = [f"this {phrase}" for phrase, _ in hook.provides]
    for party in hook.parties:
        for noun in registry.nouns.values():
            if noun.party == party:
                phrases.append(f"the {noun.name}")
            elif noun.party_in == party:
                phrases.append(f"the {noun.name} in this {party}")
    return _words(phrases)


def _example_and_cite(entry: Entry) -> list[str]:
    lines = [f"Example: {_code(entry.example)}"]
    if entry.cite:
        lines += ["", f"Rulebook: {_cell(entry.cite)}"]
    return lines


# --- markdown ------------------------------------------------------------------------


def _section(section: str, registry: Registry) -> str:
    count = len(getattr(registry, section))
    return f"## {SECTION_TITLES[section]}\n\n{counted(count, 'entry', 'entries')}.\n"


def _table(header: tuple[str, ...], rows: Iterable[Iterable[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def _words(items: Iterable[str]) -> str:
    return ", ".join(f"`{item}`" for item in items)


def _or_words(items: Iterable[str]) -> str:
    names = [f"`{item}`" for item in items]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _anchor(title: str) -> str:
    keep = (c for c in title.lower().replace(" ", "-") if c.isalnum() or c in "-_")
    return "".join(keep)


# --- command -------------------------------------------------------------------------


def game_registry(game: str) -> Registry:
    """The registry of a game known to whitedwarf."""
    from whitedwarf.dsl.packs.games import game_registry as lookup

    return lookup(game)


def known_games() -> list[str]:
    from whitedwarf.dsl.packs.games import installed_games

    return sorted(installed_games())


def page_path(game: str) -> str:
    """Where ``whitedwarf doc`` writes the page of ``game`` (its registry says, so the
    checker's hints name the same page)."""
    return game_registry(game).reference_page()


@click.command("doc")
@click.option(
    "--out",
    "out",
    help="Where to write one game's reference (default: each game's page in docs/, "
    f"{DEFAULT_OUT} for {DEFAULT_GAME}); `-` writes it to standard output.",
)
@click.option(
    "--game",
    help=f"Whose vocabulary (default: every installed game; with --out, {DEFAULT_GAME}).",
)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if a page is out of date.")
@click.option("--force", is_flag=True, help="Overwrite a file that is not a generated reference.")
def doc(out: str | None, game: str | None, check: bool, force: bool) -> None:
    """Generate the Markdown reference of each game's effect vocabulary from its registry."""
    if game is not None and game not in known_games():
        raise click.BadParameter(
            f"unknown game {game!r}; known: {', '.join(known_games())}", param_hint="--game"
        )
    if out is not None:
        _one_page(out, game or DEFAULT_GAME, check, force)
        return
    stale = [
        page_path(name)
        for name in ([game] if game is not None else known_games())
        if not _write_page(Path(page_path(name)), name, check, force)
    ]
    if stale:
        sys.exit(1)


def _one_page(out: str, game: str, check: bool, force: bool) -> None:
    """``--out``: one game's page, to a file or (``-``) to standard output."""
    if out == "-":
        if check:
            raise click.BadParameter("--check needs a file", param_hint="--out")
        sys.stdout.write(render(game_registry(game)))
        return
    if not _write_page(Path(out), game, check, force):
        sys.exit(1)


#: The line every generated page has: a file without it was written by someone.
GENERATED_MARK = "<!-- Generated by `whitedwarf doc`"


def _write_page(path: Path, game: str, check: bool, force: bool = False) -> bool:
    """Write (or with ``check`` compare) one page; False when a checked page is stale.
    A file there that is not a generated page (a designer's own notes in their ``docs/``)
    is overwritten only with ``force``."""
    theirs = path.is_file() and GENERATED_MARK not in path.read_text("utf-8", errors="replace")
    if theirs and not check and not force:
        raise OutputExists(
            f"{path} exists and is not a reference whitedwarf wrote; pass --force to "
            "overwrite it, or --out FILE to write the reference elsewhere"
        )
    if check:
        problem = _check_problem(path, game, theirs)
        if problem is not None:
            click.echo(problem, err=True)
            return False
        click.echo(f"{path} is up to date")
        return True
    text = render(game_registry(game))
    if path.is_dir():
        raise click.BadParameter(f"{path} is a folder; name the page's file", param_hint="--out")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    except OSError as error:  # a read-only folder, a file where a folder should be, ...
        raise click.ClickException(cannot_write(path, error)) from None
    click.echo(f"wrote {path}")
    return True


def _check_problem(path: Path, game: str, theirs: bool) -> str | None:
    """What ``--check`` says of the page at ``path`` (None: it is current), with the command
    that writes it. A page that is not there is said to be missing, not stale: run outside
    the repository, ``docs/`` is simply absent, and "out of date" would send the user
    looking for an old file."""
    command = f"whitedwarf doc{'' if game == DEFAULT_GAME else f' --game {game}'} --out {path}"
    if not path.exists():
        where = "" if path.is_absolute() else f" (looked in {Path.cwd()})"
        return f"{path} is missing{where}; run `{command}` to write it"
    if not path.is_file():
        return f"{path} is not a file; --out names the page to check"
    if theirs:  # `doc` alone would refuse to overwrite it: say what will
        return (
            f"{path} is out of date and was not written by whitedwarf; "
            f"`{command} --force` replaces it"
        )
    if path.read_text(encoding="utf-8", errors="replace") != render(game_registry(game)):
        return f"{path} is out of date; run `{command}`"
    return None
