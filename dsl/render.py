"""Card text written from an effect, in the printed style.

``this ship type has +1 attack`` becomes "This ship type has +1 [attack]." Every clause
becomes one sentence; the words come from the game's registry: each entry's ``text`` is how
the word is printed (a hook's ``text`` is the phrase that opens a triggered sentence, "At the
start of each round"; a stat or resource is printed as its icon, in [brackets]). So a card's
``text`` need never be written by hand, and ``whitedwarf validate`` can tell when the text a
designer wrote says something other than the effect (W0430).

The renderer is game-agnostic: it walks the typed AST (dsl/ast.py) and asks the registry.
"""

from __future__ import annotations

import re
from collections import Counter
from contextvars import ContextVar
from functools import cache

from whitedwarf.dsl import ast
from whitedwarf.dsl.parser import parse
from whitedwarf.dsl.registry import Entry, Registry

#: Set while :func:`render_literal` writes: each modifier said as the language says it.
_LITERAL: ContextVar[bool] = ContextVar("literal", default=False)
#: Set while a ship tech's text is written: its hooks about a ship are said of its own ship
#: type (``Hook.tech_text``: "When you lose a ship of this type"), as the engine hears them.
_SHIP_TECH: ContextVar[bool] = ContextVar("ship_tech", default=False)


def render_effect(text: str, registry: Registry, kind: str | None = None) -> str:
    """The card text of an effect (raises EffectSyntaxError for text that does not parse);
    ``kind``: the card kind, when known (a ship tech says its hooks of its ship type)."""
    return render(parse(text), registry, kind)


def render_literal(text: str, registry: Registry, kind: str | None = None) -> str:
    """The card text of an effect with each modifier said word for word ("You have -1
    [light] given by your Trade."), not in its stat's ``phrase`` ("Your Trade gives the
    chosen opponent 1 less [light]."): a text written so says what the effect does too."""
    token = _LITERAL.set(True)
    try:
        return render_effect(text, registry, kind)
    finally:
        _LITERAL.reset(token)


def render(effect: ast.Effect, registry: Registry, kind: str | None = None) -> str:
    """The card text of a parsed effect: one sentence per clause."""
    card_kind = registry.card_kinds.get(kind or "")
    token = _SHIP_TECH.set(card_kind is not None and card_kind.narrowed)
    try:
        return " ".join(_sentence(_clause(c, registry)) for c in effect.clauses)
    finally:
        _SHIP_TECH.reset(token)


def word_text(registry: Registry, section: str, name: str) -> str:
    """How a registry word is printed: its declared ``text`` (the word, for unknown words)."""
    entry: Entry | None = getattr(registry, section).get(name)
    return entry.text if entry is not None else name.replace("_", " ")


def normalise(text: str) -> str:
    """Text with case, brackets, punctuation and spacing evened out, for comparing."""
    text = text.lower().replace("[", "").replace("]", "")
    text = re.sub(r"[^a-z0-9+\-<>=!/* ]+", " ", text)
    return " ".join(text.split())


#: Words that carry no substance in a card's text: articles, pronouns, joints. What a text
#: and an effect must agree on is the rest: numbers, resources, verbs, hooks, targets.
FILLER = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "is",
        "are",
        "be",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "each",
        "every",
        "all",
        "and",
        "then",
        "at",
        "on",
        "in",
        "into",
        "for",
        "with",
        "as",
        "by",
        "from",
        "your",
        "yours",
        "you",
        "have",
        "has",
        "do",
        "does",
        "when",
        "whenever",
        "after",
        "once",
        "time",
        "times",
        "there",
        "their",
        "them",
        "they",
        "exactly",
    ]
)
#: Words a designer writes for the same thing the renderer prints another way.
SAME = {"fewer": "less", "one": "1"}
#: Phrases a designer writes for what the renderer says another way ("2 or more" is "at least
#: 2"; "as well" and "also" add nothing), on normalised text; a game adds its own
#: (``Registry.synonyms``, such as "in this sector" for "here").
PHRASES = (
    (re.compile(r"\b([0-9]+|a|an|one) or more\b"), r"at least \1"),
    (re.compile(r"\b([0-9]+|a|an|one) or (?:fewer|less)\b"), r"at most \1"),
    (re.compile(r"\b(?:as well|also)\b"), " "),
    (re.compile(r"\bthe number of\b"), " "),
)


def substance(text: str, registry: Registry) -> tuple[Counter[str], dict[str, Counter[str]]]:
    """What a card text says, wording aside, for comparing it with its effect's (W0430).

    The content words (numbers, verbs, resources, hooks' words, targets; plurals and
    synonyms evened out) as a multiset, and for each resource the numbers written just
    before it: "gain a light" says what "gain 1 [light]" does ("a" before a resource is 1),
    "gain 1 [light], pay 2 [common]" not what "gain 2 [light], pay 1 [common]" does.
    """
    units = _units(tuple((name, r.text) for name, r in registry.resources.items()))
    exclaimed = re.sub(r"!(?!=)", " ", text)  # "gain 1 common!" ("!=" is a comparison)
    said = normalise(exclaimed)
    for pattern, instead in PHRASES:
        said = pattern.sub(instead, said)
    for phrase, instead in registry.synonyms.items():
        said = re.sub(rf"\b{re.escape(phrase)}\b", instead, said)
    words = [SAME.get(w, w) for w in said.split()]
    kept: list[str] = []
    before: dict[str, Counter[str]] = {}
    for index, word in enumerate(words):
        following = _stem(words[index + 1]) if index + 1 < len(words) else ""
        if word in ("a", "an") and following in units:
            word = "1"
        if word in FILLER:
            continue
        if word.lstrip("+-").isdigit() and following in units:
            before.setdefault(following, Counter())[word] += 1
        kept.append(_stem(word))
    return Counter(kept), before


def same_substance(written: str, rendered: str, registry: Registry) -> bool:
    """Whether a card's text says what its effect's text says (:func:`substance`): the
    same content words, and no other numbers before a resource both texts count."""
    if written == rendered:  # most texts are the effect's own, written by `text --write`
        return True
    words, amounts = substance(written, registry)
    theirs, their_amounts = substance(rendered, registry)
    if words != theirs:
        return False
    # A number may stand before its resource in one text and not in the other ("if you have
    # less than 3 [light]", "if your [light] is less than 3"); the ones both say must agree.
    return all(
        amounts[r] <= their_amounts[r] or their_amounts[r] <= amounts[r]
        for r in amounts.keys() & their_amounts.keys()
    )


@cache
def _units(resources: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The words that name a resource (``[light]``, ``night points``), stemmed: computed once
    per vocabulary, not for each text compared."""
    units = {_stem(word) for name, _ in resources for word in _words(name)}
    return frozenset(units | {_stem(word) for _, text in resources for word in _words(text)})


def _words(text: str) -> list[str]:
    return normalise(text.replace("_", " ")).split()


def _stem(word: str) -> str:
    """``ships`` -> ``ship``, ``ends`` -> ``end``: plurals and verb forms alike."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _clause(clause: ast.Clause, registry: Registry) -> str:
    if isinstance(clause, ast.Modifier):
        phrased = _phrased(clause, registry)
        if phrased is not None:
            return phrased
        sign = f"+{clause.amount}" if clause.amount >= 0 else str(clause.amount)
        have = "have" if _plural_subject(clause.subject, registry) else "has"
        stat = word_text(registry, "stats", clause.stat.text)
        return f"{_subject(clause.subject, registry)} {have} {sign} {stat}"
    if isinstance(clause, ast.Grant):
        flag = word_text(registry, "flags", clause.flag.text)
        return f"{_subject(clause.subject, registry)} can {flag}"
    if isinstance(clause, ast.Trigger):
        head = word_text(registry, "hooks", clause.hook.text)
        hook = registry.hooks.get(clause.hook.text)
        if hook is not None and hook.tech_text and _SHIP_TECH.get():
            head = hook.tech_text
        if clause.cond is not None:
            head += f", if {_cond(clause.cond, registry)}"
        if clause.limit is not None:  # "Once per round, when ...: ..." (issue 29)
            head = f"{_limit(clause.limit)}, {head[:1].lower()}{head[1:]}"
        return f"{head}: {_body(clause.body, registry)}"
    if isinstance(clause, ast.Reaction):  # issue 29: "When an opponent plays research: ..."
        head = f"When {_selector(clause.actor, registry)} {' '.join(w.text for w in clause.act)}"
        if clause.cond is not None:
            head += f", if {_cond(clause.cond, registry)}"
        if clause.limit is not None:  # "Once per round, when an opponent plays trade: ..."
            head = f"{_limit(clause.limit)}, {head[:1].lower()}{head[1:]}"
        return f"{head}: {_body(clause.body, registry)}"
    if isinstance(clause, ast.Activated):
        if clause.limit is not None:  # "Action (once per round): ..." (issue 29)
            return f"Action ({_limit(clause.limit)}): {_body(clause.body, registry)}"
        return f"Action: {_body(clause.body, registry)}"
    if isinstance(clause, ast.While):  # "While you control 3 planets, you have +1 trades"
        return f"While {_cond(clause.cond, registry)}, {_clause(clause.clause, registry)}"
    if isinstance(clause, ast.AsSoonAs):
        return f"As soon as {_cond(clause.cond, registry)}: {_body(clause.body, registry)}"
    return _body(clause.body, registry)


def _limit(limit: ast.Limit) -> str:
    """A use limit as the card says it (issue 29): "once per round", "at most 3 times per
    game"."""
    n = limit.times.value if isinstance(limit.times, ast.Num) else 0
    times = "once" if n == 1 else f"at most {n} times"
    return f"{times} per {limit.period.text}"


def _plural_subject(subject: ast.Selector | ast.You, registry: Registry) -> bool:
    """``you`` and ``your ships`` have; ``this ship type`` has."""
    if isinstance(subject, ast.You):
        return True
    plurals = {n.plural for n in registry.nouns.values() if n.plural}
    return " ".join(w.text for w in subject.words[-2:]) in plurals or (
        bool(subject.words) and subject.words[-1].text in plurals
    )


def _phrased(clause: ast.Modifier, registry: Registry) -> str | None:
    """A modifier in its stat's ``phrase`` ("Your Trade gives the chosen opponent 1 less
    [light]"), or None when the stat has none (or the literal form is asked for)."""
    stat = registry.stats.get(clause.stat.text)
    phrase = stat.phrase if stat is not None else ""
    if not phrase or _LITERAL.get():
        return None
    subject = _subject(clause.subject, registry)
    whose = "your" if subject == "you" else f"{subject}'s"
    more = "more" if clause.amount >= 0 else "less"
    return phrase.format(whose=whose, n=abs(clause.amount), more=more)


def _subject(subject: ast.Selector | ast.You, registry: Registry) -> str:
    return "you" if isinstance(subject, ast.You) else _selector(subject, registry)


#: Steps that hold a step of their own: a step after one with `then` is not part of it (the
#: loosest join, docs/dsl.md "Steps"), so the text ends the sentence there.
_HOLDERS = (ast.Optional, ast.Conditional, ast.Choice, ast.ForEach, ast.Repeat, ast.Remember)


def _body(body: ast.Body, registry: Registry) -> str:
    """Steps one after the other: ", then" joins them, but a step after one that holds steps
    of its own starts a sentence ("For each opponent, give 1 [common] to it. Then gain 1
    [light].") so the text tells it from one inside ("..., give 1 [common] to it, then gain
    1 [light]." for `for each opponent -> (give 1 common to it then gain 1 light)`)."""
    text = ""
    for n, step in enumerate(body.steps):
        said = _step(step, registry)
        if n == 0:
            text = said
        elif isinstance(_unwrapped(body.steps[n - 1]), _HOLDERS):
            text += f". Then {said}"
        else:
            text += f", then {said}"
    return text


def _optional(step: ast.Step, registry: Registry) -> str:
    """``may <step>``: "you may" before a step whose text starts with a verb; the others
    are said so that "you may" reads ("you may until the end of the turn, you can ..." did
    not): "you may choose that until the end of ...", "you may, for each opponent, ...",
    "you may have your next tech cost 1 less"."""
    said, inner = _step(step, registry), _unwrapped(step)
    if isinstance(inner, ast.Lasting):
        return f"you may choose that {said}"
    if isinstance(inner, (ast.ForEach, ast.Conditional)):
        return f"you may, {said}"
    if isinstance(inner, ast.NextCost):
        thing = " ".join(w.text for w in inner.thing)
        return f"you may have your next {thing} cost {_expr(inner.amount, registry)} less"
    return f"you may {said}"


def _unwrapped(step: ast.Step) -> ast.Step:
    """A step in parentheses alone is that step (`(choose one: A or B) then C`)."""
    while isinstance(step, ast.Body) and len(step.steps) == 1:
        step = step.steps[0]
    return step


def _step(step: ast.Step, registry: Registry) -> str:
    if isinstance(step, ast.Action):
        return _action(step, registry)
    if isinstance(step, ast.Optional):
        return _optional(step.step, registry)
    if isinstance(step, ast.Conditional):
        text = f"if {_cond(step.cond, registry)}, {_step(step.step, registry)}"
        if step.otherwise is not None:
            text += f"; otherwise, {_step(step.otherwise, registry)}"
        return text
    if isinstance(step, ast.Choice):
        return "choose one: " + " or ".join(_step(s, registry) for s in step.options)
    if isinstance(step, ast.ForEach):
        return f"for each {_selector(step.selector, registry)}, {_step(step.step, registry)}"
    if isinstance(step, ast.Repeat):
        return f"do this {_expr(step.times, registry)} times: {_step(step.step, registry)}"
    if isinstance(step, ast.Remember):  # card state (issue 29): a choice the card keeps
        noun = " ".join(w.text for w in step.chosen.words)
        chosen = _selector(step.chosen, registry)
        return (
            f"choose {chosen} (this card remembers that {noun}), then {_step(step.step, registry)}"
        )
    if isinstance(step, ast.Paid):
        costs = " and ".join(_action(cost, registry) for cost in step.costs)
        # "pay 1 [common] to gain 1 [light]" reads; "pay 1 [common] to for each ..." does
        # not, so a cost before anything but one action is said as what comes first.
        joint = " to " if isinstance(step.effect, ast.Action) else ", then "
        return f"{costs}{joint}{_step(step.effect, registry)}"
    if isinstance(step, ast.Lasting):  # durations (issue 29), a discount for a while too
        inner = step.clause
        said = (
            _step(inner, registry) if isinstance(inner, ast.NextCost) else _clause(inner, registry)
        )
        return f"until the end of the {step.period.text}, {said}"
    if isinstance(step, ast.NextCost):  # one-shot discounts (issue 29)
        thing = " ".join(w.text for w in step.thing)
        return f"your next {thing} costs {_expr(step.amount, registry)} less"
    return _body(step, registry)


def _action(action: ast.Action, registry: Registry) -> str:
    verb = word_text(registry, "verbs", action.verb.text)
    if "{+}" in verb and action.args:  # "have {+}": a signed amount, then what it changes
        return verb.replace("{+}", _signed(action.args, registry))
    args = " ".join(_arg(arg, registry) for arg in action.args)
    if "{}" in verb:  # the verb's words stand around its arguments: "make {} trade(s)"
        return verb.replace("{}", args)
    return f"{verb} {args}".strip()


def _signed(args: tuple[ast.Arg, ...], registry: Registry) -> str:
    """``add 1 to trades`` said as the modifier it lasts as: "+1 trades per Trade action" (a
    stat's text follows a signed number, "You have +1 trades per Trade action"), the
    prepositions of the effect's words left out."""
    first, *rest = args
    amount = _arg(first, registry)
    sign = "" if amount.startswith(("-", "+")) else "+"
    words = [_arg(a.value if isinstance(a, ast.PrepArg) else a, registry) for a in rest]
    return " ".join([f"{sign}{amount}", *words])


def _arg(arg: ast.Arg, registry: Registry) -> str:
    if isinstance(arg, ast.Amount):
        return _amount(arg, registry)
    if isinstance(arg, ast.PrepArg):
        return f"{arg.prep.text} {_arg(arg.value, registry)}"
    if isinstance(arg, ast.You):
        return "you"
    return _bare(arg, registry) or _selector(arg, registry)


def _bare(selector: ast.Selector, registry: Registry) -> str | None:
    """One thing an effect names without a determiner, said as English: "build an
    extractor", "build a small ship" (the effect's `build extractor`); None for any other
    selector (a plural, a stat, one with a determiner or a count)."""
    if selector.det is not None or selector.count is not None or selector.posts:
        return None
    words = [w.text for w in selector.words]
    if not words or words[-1] not in registry.nouns:  # a plural, or no noun: as written
        return None
    said = _selector(selector, registry)
    return f"{'an' if said[:1].lower() in 'aeiou' else 'a'} {said}"


def _amount(amount: ast.Amount, registry: Registry) -> str:
    count = _expr(amount.count, registry)
    text = count
    if amount.unit is not None:
        unit = _singular(registry, amount.unit.text)
        word = word_text(registry, _section_of(registry, unit), unit)
        # A counted amount reads "2 [core]"; a computed one "[night point] equal to your stars"
        # ("gain your stars [night point]" is not a sentence).
        computed = not isinstance(amount.count, ast.Num)
        text = f"{word} equal to {count}" if computed else f"{count} {word}"
    if amount.per is not None:
        every = f"{_expr(amount.per.every, registry)} " if amount.per.every is not None else ""
        text += f" per {every}{_selector(amount.per.selector, registry)}"
    return text


def _singular(registry: Registry, unit: str) -> str:
    """``long_rays`` -> ``long_ray`` when only the singular is a resource (the checker reads
    units the same way), so a plural unit is printed as its resource's icon."""
    if unit not in registry.resources and unit.endswith("s") and unit[:-1] in registry.resources:
        return unit[:-1]
    return unit


def _section_of(registry: Registry, word: str) -> str:
    for section in ("resources", "stats", "nouns", "filters", "values"):
        if word in getattr(registry, section):
            return section
    return "nouns"


def _selector(selector: ast.Selector, registry: Registry) -> str:
    parts = []
    if selector.count is not None:
        parts.append(("up to " if selector.up_to else "") + _expr(selector.count, registry))
    last = len(selector.words) - 1  # the noun; an open filter's id is an adjective before it
    if any(w.text == "who" for w in selector.words):  # `the player who flushed`: no ids
        last = 0
    parts += [_selector_word(w.text, registry, i < last) for i, w in enumerate(selector.words)]
    parts += [_post(post, registry) for post in selector.posts]
    if selector.det is not None:
        det = selector.det.text
        if det in ("a", "an") and parts:  # "an enemy ship", even where the effect says "a"
            det = "an" if parts[0][:1].lower() in "aeiou" else "a"
        parts.insert(0, det)
    return " ".join(parts)


def _selector_word(word: str, registry: Registry, adjective: bool = True) -> str:
    if word in registry.stats:  # `add 1 to mine_bonus`: a stat named as a target
        return word_text(registry, "stats", word)
    # an open filter's word (`aquila stars`): a name, as the pack prints it; never the noun
    # (`this card`, the `charge` of `per charge on this card`, which no registry declares)
    if adjective and _is_pack_id(word, registry):
        return word.replace("_", " ").title()
    return word.replace("_", " ")


def _is_pack_id(word: str, registry: Registry) -> bool:
    """Whether ``word`` can only be an id taken by an open filter (``Filter.ids``): it is
    no declared noun, plural or filter, and the registry has open filters."""
    if not any(f.ids for f in registry.filters.values()):
        return False
    plurals = {n.plural for n in registry.nouns.values()}
    return word not in registry.nouns and word not in plurals and word not in registry.filters


def _post(post: ast.Post, registry: Registry) -> str:
    if post.kind == "of_yours":
        return "of yours"
    if post.kind == "of_it":
        return "of it"
    if post.kind == "of_opponents":
        return word_text(registry, "filters", "opponents")
    if post.kind == "of_this" and post.word is not None:
        return f"of this {post.word.text}"
    if post.kind == "you_verb" and post.word is not None:
        return f"you {post.word.text}"
    if post.kind == "of_party" and post.other is not None:  # `a ship of the destroyer`
        return f"of {_selector(post.other, registry)}"
    if post.kind == "in_this" and post.word is not None:  # `the opponent in this combat`
        return f"in this {post.word.text}"
    if post.kind == "other_than" and post.other is not None:
        return f"other than {_selector(post.other, registry)}"
    if post.kind == "side" and post.word is not None:  # `the player to your left`
        return f"to your {post.word.text}"
    if post.kind == "ranked" and post.word is not None:  # `with the most ships`
        return f"with the {post.word.text} {_ranked_by(post.by, registry)} ({TIES})"
    return post.word.text.replace("_", " ") if post.word is not None else ""


#: How a ranked player's card text says whom a tie names (dsl/checker.py ``ranked_party``).
TIES = "of those tied, the first after you in turn order"


def _ranked_by(words: tuple[ast.Word, ...], registry: Registry) -> str:
    """What players are ranked by, as the card prints it: their things (``ships``), or a
    value without its owner (``[light]``, ``night points``)."""
    if len(words) == 1 and words[0].text in registry.values:
        said = word_text(registry, "values", words[0].text)
        said = said.removeprefix("the number of ").removeprefix("your ")
        if "you" in said.split() or said.startswith("the "):  # `cores you hold`
            return words[0].text.replace("_", " ")
        return said
    return " ".join(_selector_word(w.text, registry, i < len(words) - 1) for i, w in
                    enumerate(words))  # fmt: skip


#: English words that end a value text's thing ("your stars linked to another of yours").
_JOINS = frozenset({"linked", "in", "on", "with", "to", "of", "from", "that", "you"})


def _their(said: str, player: str) -> str:
    """A value's text (written from the card owner's side: "your [light]", "the number of
    rays you hold") said of another player: "the [light] of the leader"."""
    if said.startswith("your "):
        return f"the {said.removeprefix('your ')} of {player}"
    said = said.replace(" of yours", " of theirs")
    if " your " in said:  # "the number of your stars": "the number of the stars of P"
        head, tail = said.split(" your ", 1)
        words = tail.split(" ")
        # the thing is the words up to a preposition ("your stars linked to another")
        ends = next((i for i, w in enumerate(words) if w in _JOINS), len(words))
        thing, rest = " ".join(words[:ends]), " ".join(words[ends:])
        return f"{head} the {thing} of {player}" + (f" {rest}" if rest else "")
    for verb in ("hold", "have"):
        said = said.replace(f" you {verb}", f" {player} {verb}s")
    return said.replace(" you ", f" {player} ")


def _cond(cond: ast.Cond, registry: Registry) -> str:
    if isinstance(cond, ast.AllOf):
        return " and ".join(_grouped(c, registry) for c in cond.items)
    if isinstance(cond, ast.AnyOf):
        return " or ".join(_cond(c, registry) for c in cond.items)
    if isinstance(cond, ast.Not) and isinstance(cond.item, ast.Same):  # "is not the leader"
        same = cond.item
        return f"{_selector(same.left, registry)} is not {_selector(same.right, registry)}"
    if isinstance(cond, ast.Not):
        return f"not {_grouped(cond.item, registry)}"
    if isinstance(cond, ast.Same):  # `the owner is the leader`
        return f"{_selector(cond.left, registry)} is {_selector(cond.right, registry)}"
    if isinstance(cond, ast.Is):  # `this ship is large` (issue 29)
        word = word_text(registry, "filters", cond.word.text)
        return f"{_selector(cond.thing, registry)} is {word}"
    return _compare(cond, registry)


def _grouped(cond: ast.Cond, registry: Registry) -> str:
    """A condition under ``and`` or ``not``, in brackets where the effect had them: ``a and
    (b or c)`` must not read as ``a and b or c``, nor ``not (a and b)`` as ``not a and b``."""
    text = _cond(cond, registry)
    compound = isinstance(cond, ast.AnyOf | ast.AllOf) and len(cond.items) > 1
    return f"({text})" if compound else text


COMPARISONS = {
    ">=": "is at least",
    "<=": "is at most",
    "==": "is",
    "!=": "is not",
    ">": "is more than",
    "<": "is less than",
}


#: How "you have <comparison> N <thing>" says each comparison, as a card would print it.
HAVE_COMPARISONS = {
    ">=": "have at least",
    "<=": "have at most",
    "==": "have exactly",
    "!=": "do not have exactly",
    ">": "have more than",
    "<": "have less than",
}


def _compare(compare: ast.Compare, registry: Registry) -> str:
    left, right = _expr(compare.left, registry), _expr(compare.right, registry)
    # `light < 3` reads "you have less than 3 [light]", not "your [light] is less than 3"
    if left.startswith("your ") and isinstance(compare.right, ast.Num):
        return f"you {HAVE_COMPARISONS[compare.op]} {right} {left.removeprefix('your ')}"
    return f"{left} {COMPARISONS[compare.op]} {right}"


def _expr(expr: ast.Expr, registry: Registry) -> str:
    if isinstance(expr, ast.Num):
        return str(expr.value)
    if isinstance(expr, ast.ValueRef):
        return word_text(registry, "values", expr.name.text)
    if isinstance(expr, ast.ValueOf):  # `light of the leader`: "the [light] of the leader"
        player = _selector(expr.player, registry)
        value = registry.values.get(expr.name.text)
        if value is not None and value.their:
            return value.their.format(player=player)
        return _their(word_text(registry, "values", expr.name.text), player)
    if isinstance(expr, ast.Count):
        return f"the number of {_selector(expr.selector, registry)}"
    if isinstance(expr, ast.CounterRef):  # card state (issue 29)
        return f"the number of {expr.name.text} on {_selector(expr.card, registry)}"
    if isinstance(expr, ast.Function):  # `min(a, b)`: "the smaller of a and b"
        told = FUNCTION_WORDS.get(expr.name.text, expr.name.text)
        return f"{told} {' and '.join(_expr(arg, registry) for arg in expr.args)}"
    left, right = _expr(expr.left, registry), _expr(expr.right, registry)
    # The tree holds the grouping the effect wrote with brackets: say it again where needed.
    if _binds_looser(expr.left, expr.op, right_side=False):
        left = f"({left})"
    if _binds_looser(expr.right, expr.op, right_side=True):
        right = f"({right})"
    return f"{left} {expr.op} {right}"


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
#: How a function of numbers reads on a card (dsl/checker.py ``FUNCTIONS``).
FUNCTION_WORDS = {"min": "the smaller of", "max": "the larger of"}


def _binds_looser(child: ast.Expr, op: str, right_side: bool) -> bool:
    """Whether ``child`` needs brackets under ``op``: ``(a + b) / 2``, ``a - (b - c)``."""
    if not isinstance(child, ast.Arith):
        return False
    inner, outer = _PRECEDENCE.get(child.op, 2), _PRECEDENCE.get(op, 2)
    return inner < outer or (right_side and inner == outer and op in "-/")
