"""The static checker: resolve every word of an effect against the game's registry.

The checker walks the AST once, reports every problem it finds (never only the first)
and records, for each selector and argument, what it resolved to. The compiler reads
those resolutions; it never looks a word up itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from whitedwarf.dsl import ast, budget, card_state, emptied, retrigger
from whitedwarf.dsl.diagnostics import Diagnostic, Severity
from whitedwarf.dsl.other_games import other_games_word
from whitedwarf.dsl.party_steps import party_step
from whitedwarf.dsl.place_phrases import place_phrase, this_place
from whitedwarf.dsl.registry import (
    ArgKind,
    CardKind,
    Filter,
    Hook,
    Noun,
    Param,
    Range,
    Registry,
    Verb,
)
from whitedwarf.dsl.source import EffectSource
from whitedwarf.dsl.suggest import closest, did_you_mean, suggest

# Prepositions that mean the same place.
PREP_SYNONYMS = {"on": "in", "at": "in", "into": "to"}
ONE_DETS = {"a", "an", "one", "any", "the", "another"}
ALL_ARTICLES = ("a", "an", "the")
ALL_DETS = {"each", "every", "all"}
THIS_DETS = {"this", "that", "its"}


@dataclass
class Resolved:
    """What the checker learnt, keyed by ``id()`` of AST nodes, for the compiler."""

    selectors: dict[int, dict[str, Any]] = field(default_factory=dict)
    operands: dict[int, dict[str, Any]] = field(default_factory=dict)
    calls: dict[int, list[tuple[Param, Any]]] = field(default_factory=dict)
    scopes: dict[int, str] = field(default_factory=dict)
    # Actions whose verb is a cost (``pay``): written as a plain step, the rest of their
    # sequence happens only when they can be paid (the compiler, docs/effect-ir.md).
    costs: set[int] = field(default_factory=set)
    # ``your [adjectives] <things>`` subjects (``Checker.things_scope``): the filters that
    # pick which of the owner's things of the stats' owner type the clause changes
    every: dict[int, list[list[Any]]] = field(default_factory=dict)
    # reactions (issue 29): the hook each ``when an opponent <act>`` clause hears
    reactions: dict[int, str] = field(default_factory=dict)
    # ``this ship is large`` conditions (issue 29): the thing's operand and the filter
    tests: dict[int, tuple[dict[str, Any], str]] = field(default_factory=dict)
    # card state (issue 29): ``choose an opponent:`` steps -> the noun they remember
    remembered: dict[int, str] = field(default_factory=dict)
    # `when an opponent attacks you` (E138): reactions that are their hook heard by its
    # owner (``Hook.suffered``), compiled as plain triggers
    suffered: set[int] = field(default_factory=set)
    # `when that opponent plays research` (E139): reactions heard only when the actor is
    # the player the card remembers as `that <noun>`: clause id -> the noun
    chosen_actors: dict[int, str] = field(default_factory=dict)
    # `when the player to your left builds a ship` (E151): reactions heard only when the
    # actor sits there: clause id -> the side word
    side_actors: dict[int, str] = field(default_factory=dict)
    # `the owner is the leader` (E154): the two players' operands
    same: dict[int, tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=dict)


@dataclass
class _Scope:
    """What ``this <noun>`` and ``it`` can mean at a point of the effect."""

    context: dict[str, str]  # noun phrase -> entity type
    loop_type: str | None = None
    lenient: bool = False  # the hook was unknown: do not pile `this ...` errors on top
    loop_refused: bool = False  # the loop's selector was an error: `it` is not one more
    # named parties the hook supplies (``Hook.parties``; ``actor`` in a reaction) and, in a
    # reaction, its act (``Hook.acted``), for ``the player who <acted>``
    parties: tuple[str, ...] = ()
    act: str = ""
    # the hook of the trigger the steps are in, when it starts each period (``round_start``)
    # and nothing limits its uses: a one-shot discount started there adds up (W0411)
    period_hook: str = ""
    # the hook of the trigger the steps are in, if any: a duration started on the hook that
    # ends its period ends at once (W0413)
    hook: str = ""
    # values of the heard player's moment, read bare (E0448: ``Hook.actor_values``)
    actor_values: tuple[str, ...] = ()


#: A reaction's act words that end with a use limit written without its comma (`plays trade
#: once per round`): the act, and the limit.
_LIMIT_IN_ACT = re.compile(r"(.+?) (once per [a-z_]+)")


class Checker:
    """Checks one effect of one card kind; collect results with :meth:`run`."""

    def __init__(self, registry: Registry, card_kind: CardKind, source: EffectSource) -> None:
        self.registry = registry
        self.kind = card_kind
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.resolved = Resolved()
        # card state (issue 29): the counters the card puts, and where each is read or
        # removed (checked against the puts once every clause is seen, E0420); the nouns a
        # `choose a <noun>:` of the card remembers, for `that <noun>` (E0421)
        self.counters_put: dict[str, ast.Word] = {}
        self.counters_used: list[tuple[str, ast.Word]] = []
        self.remembered: set[str] = set()

    # --- reporting ------------------------------------------------------------------

    def error(self, code: str, pos: ast.Pos, message: str, hint: str | None = None) -> None:
        span = self.source.span(pos.start, pos.end)
        self.diagnostics.append(Diagnostic(code, message, span, hint))

    def hint(self, word: str, names: Iterable[str], kind: str, total: int | None = None) -> str:
        """The help line for an unknown word: what the language offers instead when it has
        no such construct (the registry's concepts), else a did-you-mean or the reference."""
        found = self.registry.no_such(word) or did_you_mean(word, names)
        if found is not None:
            return found
        listed = suggest(word, names, kind, total, self.registry.reference_page())
        elsewhere = other_games_word(self.registry, word, kind)
        return f"{elsewhere}; {listed}" if elsewhere else listed

    def counted_by_values(self, word: str) -> list[str]:
        """The values that count a word that is no noun (`cores`: `cores_held`), by their
        first part, singular or plural."""
        stem = word.removesuffix("s")
        return sorted(v for v in self.registry.values if v.split("_")[0] in (stem, f"{stem}s"))

    def no_form(self, noun: Noun, form: str) -> str:
        """The hint for a filter of a form the game has none of (`privileges you have` where
        no filter is written `you <word>`): it was "the you filters are: " and nothing."""
        things = noun.plural or noun.name
        yours = self.registry.filters.get("yours")
        if form == "you" and yours is not None and noun.type in yours.applies_to:
            return f"your own are `your {things}` or `{things} of yours`"
        said = "`you <word>`" if form == "you" else f"{form} words"
        return f"no filter is written as {said} after a noun here; the reference lists the filters"

    def filter_hint(self, word: str, names: list[str], form: str) -> str:
        """Adjective filters are counted as the reference counts every filter (one table)."""
        if form != "adjective":
            return self.hint(word, names, f"{form} filters")
        return self.hint(word, names, "filters", len(self.registry.filters))

    def warning(self, code: str, pos: ast.Pos, message: str, hint: str | None = None) -> None:
        span = self.source.span(pos.start, pos.end)
        self.diagnostics.append(Diagnostic(code, message, span, hint, Severity.WARNING))

    # --- clauses --------------------------------------------------------------------

    def run(self, effect: ast.Effect) -> Resolved:
        """Check every clause; problems land in :attr:`diagnostics`."""
        self.remembered = self.remembered_nouns(effect)
        for clause in effect.clauses:
            self.clause(clause)
            self.step_budget(clause)
            self.emptied_counters(clause)
        self.counters_never_put()
        self.stale_conditions(effect)
        return self.resolved

    def stale_conditions(self, effect: ast.Effect) -> None:
        """W0415 at a trigger's condition reading a counter an earlier clause on the same
        hook changes (dsl/emptied.py): it is tested before that clause runs, in every game
        (docs/rules-decisions.md R8, SL156). Not said
        of an effect with errors, whose counters may be wrongly written."""
        if any(d.is_error for d in self.diagnostics):
            return
        for read, earlier in emptied.stale_conditions(effect.clauses):
            name = card_state.counter_name(read.name.text)
            hook = earlier.hook.text
            plural = card_state.plural(name, 2)
            self.warning(
                "W0415",
                read.pos,
                f"`{plural} on {card_state.THIS_CARD}` is read before the earlier `when "
                f"{hook}` clause of this card changes it: the conditions of a hook's triggers "
                "are tested as the hook comes, before any of them runs (docs/rules-decisions.md "
                "R8, SL156), so this one sees the count from before",
                f"test it after the change, in one clause: `when {hook} -> put 1 {name} on "
                f"{card_state.THIS_CARD} then if {plural} on {card_state.THIS_CARD} >= ... -> "
                "...`",
            )

    def emptied_counters(self, clause: ast.Clause) -> None:
        """W0412 at each read of a counter after a step of the clause took every one of it
        (dsl/emptied.py): it is always 0 there."""
        body = getattr(clause, "body", None)
        if body is None:
            return
        for read, removal in emptied.emptied_reads(body):
            word = read.name if isinstance(read, ast.CounterRef) else read
            name = card_state.counter_name(word.text)
            self.warning(
                "W0412",
                read.pos,
                f"`{card_state.plural(name, 2)} on {card_state.THIS_CARD}` is read after "
                f"`{self.source.text[removal.pos.start : removal.pos.end]}` took every one, "
                "so it is always 0 here",
                "a cost before `->` is paid before the steps after it run: read the count "
                "first, with the step that reads it before the removal (`<the step> then "
                f"remove ({card_state.plural(name, 2)} on {card_state.THIS_CARD}) "
                f"{card_state.plural(name, 2)} from {card_state.THIS_CARD}`)",
            )

    def step_budget(self, clause: ast.Clause) -> None:
        """E0418 at each outermost repeat that passes the machine's step budget each time
        it runs (DESIGN principle 3; dsl/budget.py): the game would stop the card there
        every time; else at the clause, when its steps together always pass it."""
        body = getattr(clause, "body", None)
        if body is None:
            return
        repeats = budget.over_budget(body)
        least = budget.least_steps(body) + 1  # and the program's ``end``
        if not repeats and least > budget.MAX_STEPS:
            self.budget_error(body.pos, least)
        for repeat in repeats:
            self.budget_error(repeat.pos, budget.least_steps(repeat) + 1)

    def budget_error(self, pos: ast.Pos, least: int) -> None:
        self.error(
            "E0418",
            pos,
            f"this runs at least {least:,} steps each time, over the {budget.MAX_STEPS:,} "
            "an effect may run: the game would stop the card there every time",
            "repeat fewer times or nest fewer repeats (three `repeat 10 times` deep is the most)",
        )

    def clause(self, clause: ast.Clause) -> None:
        form = ast.CLAUSE_FORMS[type(clause)]
        if form not in self.kind.clauses:
            allowed = ", ".join(self.kind.clauses)
            said = form.replace("_", " ")
            self.error(
                "E0412",
                clause.pos,
                f"{_article(self.kind.name)} {self.kind.name} card cannot have "
                f"{_article(form)} `{said}` clause",
                f"{_article(self.kind.name)} {self.kind.name} card may use: {allowed}",
            )
        scope = _Scope(dict(self.kind.context))
        if isinstance(clause, ast.Modifier):
            self.modifier(clause, scope)
        elif isinstance(clause, ast.Grant):
            self.grant(clause, scope)
        elif isinstance(clause, ast.Trigger):
            self.trigger(clause, scope)
            if clause.limit is not None:
                self.use_limit(clause.limit)
        elif isinstance(clause, ast.Reaction):
            self.reaction(clause, scope)
            if clause.limit is not None:
                self.use_limit(clause.limit)
        elif isinstance(clause, ast.AsSoonAs):
            self.cond(clause.cond, scope)
            self.step(clause.body, scope)
        elif isinstance(clause, ast.While):  # a conditional modifier or grant
            self.cond(clause.cond, scope)
            self.read_outside_its_moment(clause)
            if isinstance(clause.clause, ast.Modifier):
                self.modifier(clause.clause, scope)
            else:
                self.grant(clause.clause, scope)
        else:
            if isinstance(clause, ast.Activated) and clause.limit is not None:
                self.use_limit(clause.limit)
            elif isinstance(clause, ast.Activated) and form in self.kind.clauses:
                self.free_ability(clause)
            self.step(clause.body, scope)

    def read_outside_its_moment(self, clause: ast.While) -> None:
        """E0447: a conditional modifier or grant whose condition reads a value set only
        during a moment (`star_magnitude`: the star being launched) of a number the engine
        reads outside it (`launch_cost`, read when the launch is offered and paid, before the
        star is placed): the value is 0 there, so the condition says nothing of the star."""
        inner = clause.clause
        if isinstance(inner, ast.Modifier):
            name, stat = inner.stat.text, self.registry.stats.get(inner.stat.text)
            during = stat.during if stat is not None else ()
        else:
            name, during = inner.flag.text, ()
        for word, moment in _moment_words(clause.cond, self.registry):
            if moment in during or moment not in self.registry.moments:
                continue
            said = self.registry.moments[moment]
            cond = self.source.text[clause.cond.pos.start : clause.cond.pos.end]
            self.error(
                "E0447",
                word.pos,
                f"`{word.text}` is set only for {said.what} ({said.when}), and `{name}` is "
                f"read at other times, so this condition never sees {said.what}",
                f"a condition on {said.what} can guard what happens then, in a trigger: "
                f"`when {said.hook} if {cond} -> <what happens>`",
            )
            return

    def free_ability(self, clause: ast.Activated) -> None:
        """W0408 for an activated ability without a use limit that costs nothing, or whose
        effect gives its cost back (`exhaust this card -> unexhaust this card`): either way
        its owner may use it without end (docs/rules-decisions.md E21)."""
        where = ast.Pos(clause.pos.start, clause.pos.start + len("activated"))
        hint = (
            "give it a cost (`activated: <cost> -> ...`) or a use limit "
            "(`activated, once per <period>: ...`)"
        )
        bound = "until the engine's bound on uses stops the game (docs/rules-decisions.md E21)"
        if not self.paid_for(clause.body):
            self.warning(
                "W0408",
                where,
                "this ability costs nothing and has no use limit: its owner may use it "
                f"again and again, {bound}",
                hint,
            )
            return
        refund = self.refund(clause.body)
        if refund is not None:
            cost, back = refund
            undoes = "undoes"
            hint = "give it a cost its effect does not give back, or a use limit"
            paid, given = cost.split(" ", 1)[-1], back.split(" ", 1)[-1]
            if paid.startswith("this ") and given != paid:  # `a tech of yours` may be it
                undoes = "may undo"
                hint = (
                    f"add `other than {paid}` after `{given}` if it is never {paid}; "
                    "else a use limit"
                )
            self.warning(
                "W0408",
                where,
                f"this ability gives its cost back (`{back}` {undoes} `{cost}`) and has no "
                f"use limit: its owner may use it again and again, {bound}",
                f"{hint} (`activated, once per <period>: ...`)",
            )

    def refund(self, body: ast.Step) -> tuple[str, str] | None:
        """A cost of an activated ability's body that a later step of it gives back, as
        (the cost, the step) in the effect's words (``Verb.given_back_by``)."""
        costs: list[ast.Action] = []
        if isinstance(body, ast.Body) and body.steps:
            body = body.steps[0] if len(body.steps) == 1 else body
        if isinstance(body, ast.Paid):
            costs, rest = list(body.costs), [body.effect]
        elif isinstance(body, ast.Body) and body.steps and isinstance(body.steps[0], ast.Action):
            costs, rest = [body.steps[0]], list(body.steps[1:])
        else:
            return None
        text = self.source.text
        actions = [
            found for step in rest for found in walk_steps(step) if isinstance(found, ast.Action)
        ]
        for cost in costs:
            for action in actions:
                verb = self.registry.verbs.get(cost.verb.text)
                if _gives_back(cost, action, verb, text, self.registry):
                    said = text[cost.pos.start : cost.pos.end]
                    return said, text[action.pos.start : action.pos.end]
        return None

    def paid_for(self, step: ast.Step) -> bool:
        """Whether every way through ``step``'s start pays a cost first (an activated
        ability's body): a cost before `->`, a cost verb as its first step, a `may` or
        every option of a `choose one` that starts with one."""
        if isinstance(step, ast.Body):
            return bool(step.steps) and self.paid_for(step.steps[0])
        if isinstance(step, ast.Paid):
            return True
        if isinstance(step, ast.Action):
            verb = self.registry.verbs.get(step.verb.text)
            return verb is not None and verb.cost
        if isinstance(step, ast.Optional):
            return self.paid_for(step.step)
        if isinstance(step, ast.Choice):
            return all(self.paid_for(option) for option in step.options)
        return False

    def subject_scope(
        self, subject: ast.Selector | ast.You, scope: _Scope, needs: str | None, says: str
    ) -> str | None:
        """The owner type of a modifier's or a grant's subject (``player`` for ``you``).
        ``needs``: the owner of the stat or flag named, if known; ``says``: the clause after
        its subject (``+1 attack``, ``can bombard``), for hints that write it whole."""
        if isinstance(subject, ast.You):
            return "player"
        owners = self.stat_owners()
        things = self.things_with_stats(subject)
        if things is not None:
            return self.things_scope(subject, things, says)
        phrases = _or_words(self.subjects(scope.context))
        if self.missing_owner(subject, scope, needs, says):
            return None
        hint = f"a modifier's or a grant's subject is {phrases}"
        operand = self.selector(subject, scope, want=tuple(owners), hint=hint)
        if operand is None:
            return None
        if "this" not in operand:
            fix = self.owner_clause(needs, scope.context, says) if needs else None
            self.error(
                "E0411",
                subject.pos,
                f"a modifier's subject must be {phrases}",
                f"write `{fix}`" if fix else f"write {phrases} followed by `has` or `have`",
            )
            return None
        return str(operand["type"])

    def missing_owner(
        self, subject: ast.Selector, scope: _Scope, needs: str | None, says: str
    ) -> bool:
        """``this ship type has +1 attack`` on a card with no ship type (a faction): E0411,
        whose hint writes the clause that changes the card owner's ships instead."""
        if subject.det is None or subject.det.text not in THIS_DETS or subject.posts:
            return False
        found = self.registry.noun_for(tuple(w.text for w in subject.words))
        if found is None or found[1] or found[0].name in scope.context or scope.lenient:
            return False
        noun = found[0]
        if noun.type not in self.stat_owners() or needs not in (None, noun.type):
            return False
        things = [n for n in self.things_nouns() if n.stats_of == noun.type]
        if not things:
            return False
        have = ", ".join(f"`this {n}`" for n in scope.context) or "nothing"
        fix = self.owner_clause(noun.type, scope.context, says)
        self.error(
            "E0411",
            subject.pos,
            f"there is no `this {noun.name}` here",
            f"here there is: {have}; for every {things[0].name} of yours write `{fix}`",
        )
        return True

    def owner_clause(self, owner: str, context: dict[str, str], says: str) -> str:
        """The clause ``says`` (``+1 attack``, ``can bombard``) with the subject that owns
        ``owner``'s stats here (:meth:`owner_phrase`)."""
        phrase, _, have = self.owner_phrase(owner, context).rpartition(" ")
        return _with_subject(phrase, have == "have", says)

    def subjects(self, context: dict[str, str]) -> list[str]:
        """Every subject a modifier or a grant of this card may have, in backticks: `you`,
        the ``this <noun>`` owners of stats the card has, and ``your <things>`` for the nouns
        whose things have an owner's stats (``Noun.stats_of``)."""
        owners = self.stat_owners()
        out = ["`you`"]
        out += [f"`this {name}`" for name, typ in context.items() if typ in owners]
        out += [f"`your {noun.plural or noun.name}`" for noun in self.things_nouns()]
        return out

    def things_nouns(self) -> list[Noun]:
        """The nouns whose things have the stats of an owner of stats (``Noun.stats_of``)."""
        owners = self.stat_owners()
        return [n for n in self.registry.nouns.values() if n.stats_of in owners]

    def things_with_stats(self, subject: ast.Selector) -> Noun | None:
        """The noun of a ``your [adjectives] <things>`` subject whose things have the stats of
        an owner of stats (``your ships``: ``Noun.stats_of``); None for any other subject."""
        if subject.det is None or subject.det.text != "your" or subject.count is not None:
            return None
        found = self.registry.noun_for(tuple(w.text for w in subject.words))
        if found is None or found[0] not in self.things_nouns():
            return None
        return found[0]

    def things_scope(self, subject: ast.Selector, noun: Noun, says: str) -> str | None:
        """``your ships have +1 movement``, ``your large ships have +1 attack``: the stat of
        each of the owner's ``stats_of`` things (ship types) the adjectives keep. The filters
        are recorded for the compiler (``Resolved.every``)."""
        owner = noun.stats_of
        plural = noun.plural or noun.name
        fits = [
            f.name
            for f in self.registry.filters.values()
            if owner in f.applies_to and f.form == "adjective"
        ]
        if subject.posts:
            shapes = [f"your {plural}"] + [f"your {name} {plural}" for name in fits[:1]]
            fixes = " or ".join(f"`{_with_subject(shape, True, says)}`" for shape in shapes)
            self.error(
                "E0407",
                subject.posts[0].pos,
                f"`your {plural}` as a subject takes filters only before the noun",
                f"write {fixes}",
            )
            return None
        found = self.registry.noun_for(tuple(w.text for w in subject.words))
        assert found is not None
        filters: list[list[Any]] = []
        for word in subject.words[: len(found[1])]:
            flt = self.registry.filters.get(word.text)
            if flt is None or flt.name not in fits:
                self.error(
                    "E0407",
                    word.pos,
                    f"`{word.text}` does not pick {plural} by their {self.stat_owners()[owner]}",
                    f"before `{plural}` use: {', '.join(fits)}" if fits else None,
                )
                return None
            filters.append([flt.name])
        self.resolved.every[id(subject)] = filters
        return owner

    def stat_owners(self) -> dict[str, str]:
        """Noun type -> noun name of every owner of stats or abilities besides the player
        (the ``scope`` the game gives its stats and flags)."""
        scopes = {s.scope for s in self.registry.stats.values()}
        scopes |= {f.scope for f in self.registry.flags.values()}
        scopes.discard("player")
        return {n.type: n.name for n in self.registry.nouns.values() if n.type in scopes}

    def owner_phrase(self, scope: str, context: dict[str, str]) -> str:
        """How a modifier names the owner of a stat here: ``you have``, ``this <noun> has``
        where the card has that owner, else ``your <things> have`` where things have its
        stats (a faction's ships: ``your ships have``)."""
        if scope == "player":
            return "you have"
        name = self.stat_owners()[scope]
        if name in context or not any(n.stats_of == scope for n in self.things_nouns()):
            return f"this {name} has"
        noun = next(n for n in self.things_nouns() if n.stats_of == scope)
        return f"your {noun.plural or noun.name} have"

    def modifier(self, clause: ast.Modifier, scope: _Scope) -> None:
        stat = self.registry.stats.get(clause.stat.text)
        says = f"{clause.amount:+d} {clause.stat.text}"
        subject = self.subject_scope(clause.subject, scope, stat.scope if stat else None, says)
        if stat is None:
            self.error(
                "E0403",
                clause.stat.pos,
                f"unknown stat `{clause.stat.text}`",
                self.hint(clause.stat.text, self.registry.stats, "stats"),
            )
        elif subject is not None and stat.scope != subject:
            phrase = self.owner_phrase(stat.scope, scope.context)
            self.error(
                "E0403",
                clause.stat.pos,
                f"`{stat.name}` belongs to `{phrase.rpartition(' ')[0]}`, not to this subject",
                f"write `{phrase} {clause.amount:+d} {stat.name}`",
            )
        if clause.amount == 0:
            self.warning("W0401", clause.pos, "this modifier adds 0 and changes nothing")
        elif stat is not None and clause.amount not in stat.range:
            where = clause.amount_pos or clause.pos
            self.out_of_range(clause.amount, where, stat.range, f"a change of `{stat.name}`")
        if subject:
            self.resolved.scopes[id(clause)] = subject

    def grant(self, clause: ast.Grant, scope: _Scope) -> None:
        flag = self.registry.flags.get(clause.flag.text)
        says = f"can {clause.flag.text}"
        subject = self.subject_scope(clause.subject, scope, flag.scope if flag else None, says)
        if flag is None:
            self.error(
                "E0404",
                clause.flag.pos,
                f"unknown ability `{clause.flag.text}`",
                self.hint(clause.flag.text, self.registry.flags, "abilities"),
            )
        elif subject is not None and flag.scope != subject:
            self.error(
                "E0404",
                clause.flag.pos,
                f"`{flag.name}` cannot be granted to this subject",
                f"write `{self.owner_clause(flag.scope, scope.context, says)}`",
            )
        if subject:
            self.resolved.scopes[id(clause)] = subject

    def trigger(self, clause: ast.Trigger, scope: _Scope) -> None:
        hook = self.registry.hooks.get(clause.hook.text)
        if hook is None:
            self.error(
                "E0402",
                clause.hook.pos,
                f"unknown hook `{clause.hook.text}`",
                self.hint(clause.hook.text, self.registry.hooks, "hooks"),
            )
            scope.lenient = True
        else:
            if hook.needs and hook.needs not in scope.context:
                self.error(
                    "E0411",
                    clause.hook.pos,
                    f"`{hook.name}` is about `this {hook.needs}`, which "
                    f"{_article(self.kind.name)} {self.kind.name} card does not have",
                    self.needs_hint(hook),
                )
            if self.kind.name in hook.never_on:
                self.never_heard(clause.hook, hook)
            scope.context.update(dict(hook.provides))
            scope.parties = hook.parties
            scope.hook = hook.name
            if hook.others:  # another player's moment: `the player who <acted>` is theirs
                scope.act = hook.acted
                scope.actor_values = hook.actor_values
            ends = {f"{p}_{edge}" for p in self.registry.periods for edge in ("start", "end")}
            if hook.name in ends and getattr(clause, "limit", None) is None:
                scope.period_hook = hook.name  # W0411 for a one-shot discount it starts
        if clause.cond is not None:
            self.cond(clause.cond, scope)
        self.step(clause.body, scope)
        if hook is not None:
            self.retriggers(clause, hook, scope.context)

    def never_heard(self, word: ast.Word, hook: Hook) -> None:
        """W0414: a trigger on a hook that fires when no card of this kind is in play."""
        self.warning(
            "W0414",
            word.pos,
            f"{_article(self.kind.name)} {self.kind.name} card is never in play when "
            f"`{hook.name}` fires ({hook.never_why}), so this clause never runs",
            hook.never_instead or None,
        )

    def needs_hint(self, hook: Hook) -> str:
        """Where ``hook`` may be written (the card kinds with its ``needs``), and the hook
        with the same moment for every card, if the game has one (the name's stem)."""
        kinds = [k.name for k in self.registry.card_kinds.values() if hook.needs in dict(k.context)]
        where = f"only {' or '.join(kinds)} cards hear it" if kinds else "no card hears it"
        stem = next(
            (h for h in self.registry.hooks if h != hook.name and hook.name.startswith(h + "_")),
            None,
        )
        return where + (f"; `{stem}` is the same moment for any card" if stem else "")

    # --- reactions (issue 29; docs/rules-decisions.md E131) ---------------------

    def acts(self) -> dict[str, Hook]:
        """Act phrase (``plays research``) -> the hook a reaction to it hears."""
        return {h.acted: h for h in self.registry.hooks.values() if h.acted}

    def reaction(self, clause: ast.Reaction, scope: _Scope) -> None:
        """``when an opponent <act> [if C] -> ...``: the act must be a hook's ``acted``
        phrase; the effect sees what that hook provides, and ``the player who <acted>``."""
        acts = self.acts()
        if not acts:
            self.no_reactions(clause, scope)
            return
        if not self.chosen_actor(clause) and not self.side_actor(clause):
            self.reaction_actor(clause.actor, clause.act)
        words = [w.text for w in clause.act]
        phrase = " ".join(words)
        if self.suffered_reaction(clause, scope, phrase):
            return
        hook = acts.get(phrase)
        where = ast.Pos(clause.act[0].pos.start, clause.act[-1].pos.end)
        place = clause.act[-1].text
        if hook is None and self._is_after(place) and " ".join(words[:-1]) in acts:
            said = " ".join(words[:-1])
            actor = self.source.text[clause.actor.pos.start : clause.actor.pos.end]
            self.error(
                "E0431",
                clause.act[-1].pos,
                f"a reaction has no place of its own for `{place}`: the act brings its place",
                f"`{place}` inside the reaction is where the act happened; to ask for a place "
                f"of yours, test it: `when {actor} {said} if number of <things> of yours "
                f"{place} >= 1 -> ...`",
            )
            hook = acts[said]
        elif (
            hook is None and (limited := _LIMIT_IN_ACT.fullmatch(phrase)) and (limited[1] in acts)
        ):  # `when an opponent plays trade once per round ->`: the parser took it as the act
            actor = self.source.text[clause.actor.pos.start : clause.actor.pos.end]
            self.error(
                "E0301",
                where,
                f"a use limit follows a comma: `when {actor} {limited[1]}, {limited[2]} -> ...`",
            )
            hook = acts[limited[1]]
        elif hook is None and (before := _act_before(phrase, acts)) is not None:
            # `launches a star into this constellation`: an act with words of its own after it
            actor = self.source.text[clause.actor.pos.start : clause.actor.pos.end]
            said, rest = before, phrase[len(before) + 1 :]
            hook = acts[said]
            things = _or_words([f"`this {noun}`" for noun, _ in hook.provides])
            self.error(
                "E0431",
                where,
                f"the act is `{said}`; a reaction takes no words after it (`{rest}`)",
                f"test what you ask of it in a condition: `when {actor} {said} if <condition> "
                "-> ...`" + (f"; there {things} is the act's own" if hook.provides else ""),
            )
        elif hook is None:
            known = {*acts, *(h.suffered for h in self.registry.hooks.values() if h.suffered)}
            shown = ", ".join(f"`{a}`" for a in sorted(known))
            # an act is named by its verb: `uses a flare` is no slip of `flushes a pool`,
            # however alike the letters (design round 9); `launchs a star` is one (a slip
            # keeps the verb's first letter)
            alike = [a for a in known if _same_verb(words[0], a.split()[0])]
            close = did_you_mean(phrase, alike)
            # `took a core`: an act is said as it happens, in the present (E183)
            past = [a for a in known if [_past(a.split()[0]), *a.split()[1:]] == words]
            if past:
                close = f"did you mean `{past[0]}`? An act is said in the present tense."
            self.error(
                "E0431",
                where,
                f"no act is said `{phrase}`: a reaction hears one of the hooks' acts",
                (close + " " if close else "") + f"The acts: {shown}",
            )
            scope.lenient = True
        if hook is not None:
            scope.context.update(dict(hook.provides))
            scope.parties = (*hook.parties, "actor")
            scope.act = hook.acted
            scope.actor_values = hook.actor_values
            self.resolved.reactions[id(clause)] = hook.name
            if hook.others:  # the hook fires for those who hear it: a plain trigger on it
                self.resolved.suffered.add(id(clause))
        else:
            scope.parties = ("actor",)
        if clause.cond is not None:
            self.cond(clause.cond, scope)
        self.step(clause.body, scope)

    def chosen_actor(self, clause: ast.Reaction) -> bool:
        """``when that opponent plays research -> ...`` (E139): a reaction to the player the
        card remembers (``choose an opponent: ...``; E0421 when no clause chooses one). False
        when the actor is not written `that <player noun>`."""
        actor = clause.actor
        if actor.det is None or actor.det.text != "that":
            return False
        found = self.registry.noun_for(tuple(w.text for w in actor.words))
        if found is None or found[0].type != "player" or found[0].party:
            return False
        if self.that_chosen(actor, found[0], found[1]) is not None:
            self.resolved.chosen_actors[id(clause)] = found[0].name
        return True

    def side_actor(self, clause: ast.Reaction) -> bool:
        """``when the player to your left builds a ship -> ...`` (docs/rules-decisions.md
        E151): a reaction heard only when the act is that player's. False when the actor
        names no side."""
        actor = clause.actor
        side = next((p for p in actor.posts if p.kind == "side"), None)
        if side is not None and not self.registry.sides:
            said = self.source.text[side.pos.start : side.pos.end]
            self.error(
                "E0434",
                side.pos,
                f"this game names nobody `{said}`",
                "it names no player by where they sit: a reaction hears "
                f"`{_article(self.others_noun())} {self.others_noun()}`",
            )
            return True
        found = self.registry.noun_for((actor.words[0].text,))
        if found is None and self.seated_player(actor):
            found = self.registry.noun_for((self.others_noun(),))
        if side is None or found is None:
            return False
        det = actor.det.text if actor.det else None
        operand = self.side_party(actor, found[0], det, side)
        if operand is not None:
            self.resolved.side_actors[id(clause)] = str(operand["party"])
        return True

    def suffered_reaction(self, clause: ast.Reaction, scope: _Scope, phrase: str) -> bool:
        """``when an opponent attacks you -> ...`` (E138): a hook whose ``suffered`` phrase
        the act is, heard by its own owner (the one attacked); what the hook provides and its
        parties (``the opponent in this combat``: the attacker) are the effect's. False when
        the act is no such phrase."""
        hook = next((h for h in self.registry.hooks.values() if h.suffered == phrase), None)
        if hook is None:
            return False
        scope.context.update(dict(hook.provides))
        scope.parties = hook.parties
        self.resolved.reactions[id(clause)] = hook.name
        self.resolved.suffered.add(id(clause))
        if clause.cond is not None:
            self.cond(clause.cond, scope)
        self.step(clause.body, scope)
        return True

    def no_reactions(self, clause: ast.Reaction, scope: _Scope) -> None:
        """E0431 for a reaction in a game whose hooks declare no acts: its
        moments about other players are hooks of their own, named from the registry."""
        others = [h.name for h in self.registry.hooks.values() if h.others]
        said = ", ".join(f"`when {name} -> ...`" for name in others)
        where = ast.Pos(clause.actor.pos.start, clause.act[-1].pos.end)
        self.error(
            "E0431",
            where,
            "no hook of this game has an act, so reactions are written as hooks in this game"
            + (f": for the others' moments, {said}" if said else "; no hook hears the others"),
            f"`when <hook> -> ...`; {self.registry.reference_page()} lists the hooks",
        )
        scope.lenient = True
        scope.parties = ()
        if clause.cond is not None:
            self.cond(clause.cond, scope)
        self.step(clause.body, scope)

    def reaction_actor(self, actor: ast.Selector, act: tuple[ast.Word, ...] = ()) -> None:
        """A reaction hears the other players: ``an opponent``, ``any opponent``, ``another
        player`` (E0432 for anybody else; a named party, ``the leader``, is told to test the
        actor in a condition: design round 10)."""
        det = actor.det.text if actor.det else ""
        noun = actor.words[0].text
        found = self.registry.noun_for((noun,))
        players = self.registry.nouns.get("player")
        kind = players.type if players is not None else "player"
        ok = found is not None and found[0].type == kind and not found[0].party
        # a player noun that implies filters means other players; a bare one needs `another`
        if ok and found is not None and not found[0].implies:
            ok = det == "another"
        if ok and det in ("a", "an", "any", "another"):
            return
        if det == "another" and noun == "player" and players is None:
            return  # a game whose only player noun is `opponent` says it too
        others = [f"`{_article(n.name)} {n.name}`" for n in self.registry.nouns.values()
                  if n.type == kind and n.implies and not n.party]  # fmt: skip
        others.append("`another player`")
        hint = f"write {_or_words(others)}; your own moments are `when <hook> -> ...`"
        if found is not None and found[0].anywhere and act:
            # `when the leader moves a ship`: who the party is is read when the act comes, so
            # the act is heard of everyone and the actor tested (`the owner is the leader`)
            verb, rest = act[0].text, " ".join(w.text for w in act[1:])
            actor_words = f"the player who {_past(verb)}"
            first = others[0].strip("`")
            hint = (
                f"to hear {det} {noun} alone, hear them all and test who acted: `when "
                f"{first} {verb}{' ' + rest if rest else ''} if {actor_words} is {det} {noun} "
                f"-> ...`; " + hint
            ).replace("  ", " ")
        self.error(
            "E0432",
            actor.pos,
            f"a reaction hears another player's act, not `{det} {noun}`".replace("  ", " "),
            hint,
        )

    def retriggers(self, clause: ast.Trigger, hook: Hook, context: dict[str, str]) -> None:
        """W0403/W0404 at each verb that fires the hook its own trigger listens to."""
        for found in retrigger.refirings(
            self.registry, clause, hook, context, self.resolved.calls, self.resolved.selectors
        ):
            code, message, hint = retrigger.report(self.registry, found)
            self.warning(code, found.action.verb.pos, message, hint)

    # --- steps ----------------------------------------------------------------------

    def step(self, step: ast.Step, scope: _Scope) -> None:
        if isinstance(step, ast.Body):
            for item in step.steps:
                self.step(item, scope)
            self.then_after_choice(step)
        elif isinstance(step, ast.Action):
            self.action(step, scope)
        elif isinstance(step, ast.Optional):
            self.step(step.step, scope)
        elif isinstance(step, ast.Conditional):
            self.cond(step.cond, scope)
            self.step(step.step, scope)
            if step.otherwise is not None:
                self.step(step.otherwise, scope)
        elif isinstance(step, ast.Choice):
            for option in step.options:
                self.step(option, scope)
            if all(self.starts_with_cost(option) for option in step.options):
                self.warning(
                    "W0406",
                    step.pos,
                    "every option of this choice starts with a cost: a player who can meet "
                    "none of them is asked nothing, and nothing happens",
                    "add an option with no cost if something should happen anyway; "
                    "`allow: [W0406]` on the card if nothing is meant",
                )
        elif isinstance(step, ast.ForEach):
            self.for_each(step, scope)
        elif isinstance(step, ast.Repeat):
            if isinstance(step.times, ast.Num) and step.times.value == 0:
                self.warning("W0401", step.pos, "`repeat 0 times` does nothing")
            else:
                self.expr(step.times, scope, self.registry.numbers.get("repeat"), "`repeat`")
            self.step(step.step, scope)
        elif isinstance(step, ast.Paid):
            self.paid(step, scope)
        elif isinstance(step, ast.Lasting):
            self.lasting(step, scope)
        elif isinstance(step, ast.NextCost):
            self.next_cost(step)
            self.adding_up(step, scope)
        elif isinstance(step, ast.Remember):
            self.remember(step, scope)

    # --- use limits, durations, one-shot discounts (issue 29) -----------------------

    def period(self, word: ast.Word, code: str, what: str, ends: bool = False) -> bool:
        """A period word (``once per <period>``) the game declares; else ``code`` at the
        word, saying why the game has no such period, with one it has to write instead
        (``ends``: only a period that ends, as a duration needs)."""
        periods = [p for p in self.registry.periods if not ends or p != _WHOLE_GAME]
        if word.text in periods:
            return True
        why = self.registry.no_periods.get(word.text)
        message = why or f"there is no `{word.text}` to count by here"
        if not periods:
            self.error(code, word.pos, message, f"this game has no {what}")
            return False
        self.error(
            code,
            word.pos,
            message,
            f"write `{periods[0]}`: {what} counts by {_or_words(periods)}",
        )
        return False

    def use_limit(self, limit: ast.Limit) -> None:
        """E0425: `once per <period>` / `at most N times per <period>`, N a plain number
        in the declared range (``numbers["uses"]``), the period one the game has."""
        if limit.prep is not None and limit.prep.text != "at":
            self.error(
                "E0425",
                limit.prep.pos,
                f"a use limit reads `at most N times per ...`, not `{limit.prep.text} most`",
                "write `at`",
            )
        if not isinstance(limit.times, ast.Num):
            self.error(
                "E0425",
                limit.times.pos,
                "a use limit counts with a plain number",
                "write `2`: a card says how many times it may be used",
            )
        else:
            self.number(limit.times, self.registry.numbers.get("uses"), "a use limit")
        self.period(limit.period, "E0425", "a use limit")

    def lasting(self, step: ast.Lasting, scope: _Scope) -> None:
        """E0426: `until the end of the <period>: <modifier or grant>`; the period one the
        game has and that ends (not the whole game); the modifier or grant checked as a
        clause."""
        for article in step.articles:
            if article.text != "the":
                self.error(
                    "E0426",
                    article.pos,
                    f"a duration reads `until the end of the ...`, not `{article.text}`",
                    "write `the`",
                )
        if step.period.text == _WHOLE_GAME and isinstance(step.clause, ast.NextCost):
            self.error(
                "E0426",
                step.period.pos,
                "a one-shot discount is kept until it is used, to the end of the game if need "
                "be: `until the end of the game` adds nothing",
                "write the discount alone: `your next ... costs N less`",
            )
        elif step.period.text == _WHOLE_GAME:
            self.error(
                "E0426",
                step.period.pos,
                "a duration until the end of the game is a modifier of its own: write it as "
                "a clause of the card, which counts while the card is in play",
                self.ending_hint(),
            )
        else:
            self.period(step.period, "E0426", "a duration", ends=True)
            self.lasts_no_time(step, scope)
            self.ends_with_theirs(step, scope)
        inner = step.clause
        if isinstance(inner, ast.Modifier):
            self.modifier(inner, scope)
        elif isinstance(inner, ast.NextCost):  # gone at the period's end: nothing adds up
            self.next_cost(inner)
        else:
            self.grant(inner, scope)

    def lasts_no_time(self, step: ast.Lasting, scope: _Scope) -> None:
        """W0413: a duration until the end of a period, started by the trigger on the hook
        that ends that period (``<period>_end``), ends as it starts: the period ends once its
        end triggers are done (docs/rules-decisions.md E129, SL145)."""
        period = step.period.text
        if scope.hook != f"{period}_end" or f"{period}_start" not in self.registry.hooks:
            return
        self.warning(
            "W0413",
            step.pos,
            f"this lasts no time: started at `{scope.hook}`, it ends with the {period}, right "
            f"after the {period}'s `{scope.hook}` triggers, before anything reads it",
            f"start it at `{period}_start` (`when {period}_start -> until the end of the "
            f"{period}: ...`); for the next {period}, mark it now and start it then: `when "
            f"{scope.hook} -> put 1 mark on this card` and `when {period}_start if marks on "
            f"this card >= 1 -> remove 1 mark from this card -> until the end of the {period}: "
            "...`",
        )

    def ends_with_theirs(self, step: ast.Lasting, scope: _Scope) -> None:
        """W0436: a duration to the end of a period that is one player's own (a turn,
        ``Registry.own_periods``), started while another player's moment is heard (a
        reaction): it is that player's period that ends, before the card's owner acts, so
        the modifier or grant never counts for them (design round 11: a card that validated
        and did nothing; docs/rules-decisions.md SL172)."""
        period = step.period.text
        if period not in self.registry.own_periods or not scope.act:
            return
        start = f"{period}_start"
        then = (
            f"`when {start} if marks on this card >= 1 -> remove (marks on this card) marks "
            f"from this card -> until the end of the {period}: ...`"
            if start in self.registry.hooks
            else f"start the duration on a hook of your own {period}"
        )
        self.warning(
            "W0436",
            step.pos,
            f"this ends with the {period} of the player whose moment the card heard, before "
            f"you act: it is their {period}, not yours, so it never counts for you",
            f"for your next {period}, mark it now and start it then: `put 1 mark on this "
            f"card` here, and {then}",
        )

    def ending_hint(self) -> str | None:
        ending = [p for p in self.registry.periods if p != _WHOLE_GAME]
        return f"write `{ending[0]}`" if ending else None

    def next_cost(self, step: ast.NextCost) -> None:
        """E0427: `your next <thing> costs N less`, the thing one the game's costs support
        (``Registry.next_costs``), N a plain number in ``numbers["discount"]``."""
        if step.det.text != "your":
            self.error(
                "E0427",
                step.det.pos,
                f"a one-shot discount reads `your next ...`, not `{step.det.text} next`",
                "write `your`",
            )
        thing = " ".join(w.text for w in step.thing)
        things = list(self.registry.next_costs)
        if thing not in things:
            start, end = step.thing[0].pos.start, step.thing[-1].pos.end
            hint = (
                f"write `{things[0]}`: a one-shot discount may name {_or_words(things)}"
                if things
                else "this game has no cost a one-shot discount may lower"
            )
            self.error(
                "E0427", ast.Pos(start, end), f"there is no next `{thing}` to make cheaper", hint
            )
        if not isinstance(step.amount, ast.Num):
            self.error(
                "E0427", step.amount.pos, "a one-shot discount is a plain number", "write `1`"
            )
        else:
            self.number(step.amount, self.registry.numbers.get("discount"), "a discount")

    def adding_up(self, step: ast.NextCost, scope: _Scope) -> None:
        """W0411: `when round_start -> your next ship costs 1 less` reads as "the first ship
        each round costs 1 less", but a one-shot discount waits until it is used and unused
        ones add up (docs/rules-decisions.md E130): after a round without a ship, the next
        costs 2 less. Said where a trigger on a hook that starts or ends each period (named
        `<period>_start` or `<period>_end`, ``Registry.periods``) starts one unlimited."""
        if not scope.period_hook:
            return
        thing = " ".join(w.text for w in step.thing)
        period = scope.period_hook.rsplit("_", 1)[0]
        amount = self.source.text[step.amount.pos.start : step.amount.pos.end]
        self.warning(
            "W0411",
            step.pos,
            f"a discount started at every `{scope.period_hook}` waits until a {thing} is made, "
            f"and unused ones add up: after a {period} without one, the next {thing} costs "
            f"{_twice(step.amount)} less",
            f"for the first {thing} each {period}, keep it for the {period} only: `until the "
            f"end of the {period}: your next {thing} costs {amount} less`; a "
            "use limit (`once per game`) starts it once; `allow: [W0411]` on the card if adding "
            "up is meant",
        )

    def then_after_choice(self, body: ast.Body) -> None:
        """W0407: `choose one: A or B then C` does C after either option, which reads as
        `B then C` as often as not; parentheses say which is meant (both are offered, in the
        card's own words, for the span from the choice to C)."""
        text = self.source.text
        for item, after in zip(body.steps, body.steps[1:], strict=False):
            choice = item.step if isinstance(item, ast.Optional) else item
            if not isinstance(choice, ast.Choice):
                continue
            start, end = _grouped(text, choice.options[-1].pos)
            whole = text[choice.pos.start : choice.pos.end]
            step = text[after.pos.start : after.pos.end]
            either = f"({whole}) then {step}"
            two_steps = f"{text[choice.pos.start : start]}({text[start:end]} then {step})"
            self.warning(
                "W0407",
                ast.Pos(choice.pos.start, after.pos.end),
                "the step after `then` comes after the whole choice, whichever option was "
                "taken, not only after its last option",
                f"write `{either}` if that is meant, or `{two_steps}` for an option of two steps",
            )

    def starts_with_cost(self, step: ast.Step) -> bool:
        """Whether a step cannot begin without paying (`pay 1 rare`, `exhaust this card -> ...`)."""
        if isinstance(step, ast.Body):
            return bool(step.steps) and self.starts_with_cost(step.steps[0])
        if isinstance(step, ast.Paid):
            return True
        if isinstance(step, ast.Action):
            verb = self.registry.verbs.get(step.verb.text)
            return verb is not None and verb.cost
        return False

    def for_each(self, step: ast.ForEach, scope: _Scope) -> None:
        operand = self.selector(step.selector, scope, mode="all")
        inner = _Scope(dict(scope.context), scope.loop_type, scope.lenient)
        inner.parties, inner.act = scope.parties, scope.act  # named parties (issue 29)
        inner.period_hook = scope.period_hook
        if operand is not None and "type" in operand:
            inner.loop_type = operand["type"]
        elif operand is None:
            inner.loop_refused = True
        self.step(step.step, inner)

    def paid(self, step: ast.Paid, scope: _Scope) -> None:
        for cost in step.costs:
            verb = self.registry.verbs.get(cost.verb.text)
            if verb is not None and not verb.cost:
                costs = sorted(v.name for v in self.registry.verbs.values() if v.cost)
                self.error(
                    "E0413",
                    cost.verb.pos,
                    f"`{verb.name}` is not a cost, so it cannot stand before `->`",
                    f"costs are: {', '.join(costs)}; join steps with `then` instead",
                )
            self.action(cost, scope)
        self.step(step.effect, scope)

    def action(self, action: ast.Action, scope: _Scope) -> None:
        verb = self.registry.verbs.get(action.verb.text)
        if verb is None and action.verb.text in ("you", "i", "we"):  # `you gain 1 light`
            start = action.args[0].pos.start if action.args else action.pos.end
            rest = self.source.text[start : action.pos.end].strip() or "<verb> ..."
            hint = f"a step starts with its verb, done by the card's owner: `{rest}`, not `you ...`"
            lasting = re.fullmatch(r"(can|have|has)\s+(.+?)\s+(until the end of the \w+)", rest)
            if lasting is not None:  # `you can X until the end of the round` (design round 11)
                can, what, until = lasting.groups()
                hint = (
                    "a grant or modifier for a while is a step that starts with its duration: "
                    f"`{until}: you {can} {what}`"
                )
            elif rest.split()[0] in ("can", "have", "has"):  # it was told `can ...` as a step
                hint = (
                    f"`you {rest}` is a clause of the card, not a step; as a step it lasts a "
                    f"while: `until the end of the <period>: you {rest}`"
                )
            self.error("E0401", action.verb.pos, f"unknown verb `{action.verb.text}`", hint)
            return
        otherwise = next(
            (
                a
                for a in action.args
                if isinstance(a, ast.Selector) and a.words and a.words[0].text == "otherwise"
            ),
            None,
        )
        if otherwise is not None:  # `if C -> gain 8 x otherwise gain 1 x` (design round 11)
            self.error(
                "E0301",
                otherwise.words[0].pos,
                "`otherwise` is not a word of the language: the step for when a condition "
                "does not hold follows `else`",
                "write `if <condition> -> <step> else <step>`",
            )
            return
        subject = (
            party_step(self.source.text, action.verb.pos.start, self.registry)
            if verb is None
            else None
        )
        if subject is not None:  # `opponents lose 1 common`
            self.error("E0401", action.verb.pos, *subject)
            return
        if verb is None:
            hook = self.hook_after(action)
            self.error(
                "E0401",
                action.verb.pos,
                f"unknown verb `{action.verb.text}`",
                f"a trigger starts with `when`: `when {hook} -> ...`"
                if hook
                else self.hint(action.verb.text, self.registry.verbs, "verbs"),
            )
            return
        self.resolved.calls[id(action)] = self.bind_args(verb, action, scope)
        if verb.cost:
            self.resolved.costs.add(id(action))

    def hook_after(self, action: ast.Action) -> str | None:
        """The hook named right after an unknown verb (`on round_end -> ...`, `after
        ship_built -> ...`: a trigger written without `when`), or None."""
        first = action.args[0] if action.args else None
        value = first.value if isinstance(first, ast.PrepArg) else first
        if isinstance(value, ast.Selector) and value.det is None and value.words:
            word = value.words[0].text
            return word if word in self.registry.hooks else None
        return None

    def bind_args(self, verb: Verb, action: ast.Action, scope: _Scope) -> list[tuple[Param, Any]]:
        if self.for_each_after_amount(action.args):
            return []
        positional = [p for p in verb.params if p.prep is None]
        by_prep: dict[str | None, Param] = {p.prep: p for p in verb.params if p.prep is not None}
        bound: list[tuple[Param, Any]] = []
        filled: set[str] = set()
        for arg in self.attach_trailing(action.args):
            param, value = self.match_param(verb, arg, positional, by_prep, filled)
            if param is None:
                continue
            filled.add(param.name)
            operand = self.operand(param, value, scope, verb)
            if operand is not None:
                bound.append((param, operand))
        self.stat_ranges(bound)
        self.at_most(verb, bound)
        for param in verb.params:
            if param.name not in filled and not param.optional:
                self.error(
                    "E0410",
                    action.pos,
                    f"`{verb.name}` needs {_describe_param(param)}",
                    f"for example: `{verb.example}`",
                )
        return bound

    def for_each_after_amount(self, args: tuple[ast.Arg, ...]) -> bool:
        """``gain 1 light for each planet you control``, as English says it: told once that
        an amount scaled by a count is written with ``per`` (was E0409 "expected an amount"
        under the amount, and E0410 "given more than it takes")."""
        for amount, bare, counted in zip(args, args[1:], args[2:], strict=False):
            if not (
                isinstance(amount, ast.Amount)
                and amount.per is None
                and isinstance(bare, ast.Selector)
                and [w.text for w in bare.words] == ["for"]
                and isinstance(counted, ast.Selector)
                and counted.det is not None
                and counted.det.text in ("each", "every")
            ):
                continue
            text = self.source.text
            # the count's own words and what follows it (`in this constellation`), as written
            things = text[counted.det.pos.end : args[-1].pos.end].strip()
            # `for each of your stars ...`: `per of your stars` is no form (design round 11)
            things = re.sub(r"^of\s+(your|the)\s+", r"\1 ", things)
            per = f"{text[amount.pos.start : amount.pos.end]} per {things}"
            self.error(
                "E0409",
                ast.Pos(bare.pos.start, counted.det.pos.end),
                f"an amount for each thing is written with `per`: `{per}`",
                "`per` scales an amount by a count; `per 2 <things>` is one for every two",
            )
            return True
        return False

    def stat_ranges(self, bound: list[tuple[Param, Any]]) -> None:
        """``add 5 to trades``: a number bounded by the range of the stat it changes."""
        stats = {p.name: o.get("stat") for p, o in bound if p.kind is ArgKind.STAT}
        for param, operand in bound:
            stat = self.registry.stats.get(stats.get(param.range_of or "") or "")
            num = operand.get("num")
            if stat is None or not isinstance(num, ast.Amount):
                continue
            if isinstance(num.count, ast.Num) and num.count.value not in stat.range:
                self.out_of_range(
                    num.count.value, num.count.pos, stat.range, f"a change of `{stat.name}`"
                )

    # issue 29 item 7: a number above the one it is bounded by (``Param.most``)
    def at_most(self, verb: Verb, bound: list[tuple[Param, Any]]) -> None:
        """``keep 3 techs from 2``: a written number above the written number of the
        parameter it may not exceed does only what that one allows (W0422)."""
        written = {p.name: _written_number(o) for p, o in bound}
        for param, _ in bound:
            number, limit = written[param.name], written.get(param.most)
            if not param.most or number is None or limit is None or number.value <= limit.value:
                continue
            if param.range is not None and number.value not in param.range:
                continue  # E0417 says what is wrong with it
            self.warning(
                "W0422",
                number.pos,
                f"{number.value} is more than the {limit.value} of `{param.most}`: `{verb.name}` "
                f"does no more than {limit.value}",
                f"write {limit.value} or less, or raise `{param.most}`; for example: "
                f"`{verb.example}`",
            )

    def attach_trailing(self, args: tuple[ast.Arg, ...]) -> list[ast.Arg]:
        """Join arguments the grammar splits: ``2 enemy extractors``, ``a ship of yours here``."""
        out: list[ast.Arg] = []
        for arg in args:
            previous = out[-1] if out else None
            if self.misspelt_side(previous, arg):
                if previous is not None and self.bare_player(previous):
                    out[-1] = self.as_others(previous)  # told once, not as an unknown noun too
                continue  # `the player to your lefft`: told, and not an argument
            joined = self.in_this(previous, arg) or _who_did(previous, arg)
            if joined is not None:  # `the opponent in this combat`, `the player who built a ship`
                out[-1] = joined
                continue
            fused = _per_counter(previous, arg)
            if fused is not None:  # ``1 light per charge on this card`` (card state)
                out[-1] = fused
                continue
            if (
                isinstance(arg, ast.Selector)
                and isinstance(previous, ast.Amount)
                and previous.unit is not None
                and previous.per is None
                and arg.det is None
                and arg.count is None
            ):  # ``destroy 2 enemy extractors``: the number counts the whole selector
                pos = ast.Pos(previous.pos.start, arg.pos.end)
                words = (previous.unit, *arg.words)
                out[-1] = ast.Selector(None, previous.count, False, words, arg.posts, pos)
                continue
            if (
                isinstance(arg, ast.Selector)
                and isinstance(previous, ast.Selector)
                and arg.det is None
                and not arg.posts
                and all(self._is_after(w.text) for w in arg.words)
            ):
                pos = ast.Pos(previous.pos.start, arg.pos.end)
                words = previous.words + arg.words
                merged = ast.Selector(
                    previous.det, previous.count, previous.up_to, words, previous.posts, pos
                )
                out[-1] = merged
                continue
            out.append(arg)
        return out

    def misspelt_side(self, previous: ast.Arg | None, arg: ast.Arg) -> bool:
        """``the player to your lefft``: a side the grammar did not read as one (only
        ``Registry.sides`` words are) after a player, told with the sides (E0434)."""
        inner = previous.value if isinstance(previous, ast.PrepArg) else previous
        if not (
            isinstance(inner, ast.Selector)
            and isinstance(arg, ast.PrepArg)
            and arg.prep.text in ("to", "on")
            and isinstance(arg.value, ast.Selector)
            and arg.value.det is not None
            and arg.value.det.text == "your"
            and len(arg.value.words) == 1
            and not arg.value.posts
        ):
            return False
        found = self.registry.noun_for(tuple(w.text for w in inner.words[-1:]))
        if found is None and self.bare_player(inner) and self.registry.sides:
            found = self.registry.noun_for((self.others_noun(),))
        word = arg.value.words[0].text
        if found is None or found[0].type != "player" or self.registry.noun_for((word,)):
            return False
        sides = self.registry.sides
        close = did_you_mean(word, sides) if sides else None
        self.error(
            "E0434",
            arg.pos,
            f"a player sits to your {_or_list(tuple(sides))}, not `{arg.prep.text} your {word}`"
            if sides
            else "this game names no player by where they sit",
            close,
        )
        return True

    def in_this(self, previous: ast.Arg | None, arg: ast.Arg) -> ast.Arg | None:
        """``from the opponent`` followed by ``in this combat`` (a ``Noun.party_in`` word):
        one argument, a named party (the grammar reads ``in this <word>`` as an argument of
        its own)."""
        words = {n.party_in for n in self.registry.nouns.values() if n.party_in}
        if not (
            isinstance(arg, ast.PrepArg)
            and arg.prep.text == "in"
            and isinstance(arg.value, ast.Selector)
            and arg.value.det is not None
            and arg.value.det.text == "this"
            and len(arg.value.words) == 1
            and arg.value.words[0].text in words
        ):
            return None
        inner = previous.value if isinstance(previous, ast.PrepArg) else previous
        if not isinstance(inner, ast.Selector):
            return None
        post = ast.Post("in_this", arg.value.words[0], None, arg.pos)
        pos = ast.Pos(inner.pos.start, arg.pos.end)
        last = inner.posts[-1] if inner.posts else None
        if last is not None and last.kind == "of_party" and last.other is not None:
            # `a ship of the opponent in this combat`: the party is the opponent in it
            party = last.other
            party = ast.Selector(
                party.det, None, False, party.words, (*party.posts, post),
                ast.Pos(party.pos.start, arg.pos.end),
            )  # fmt: skip
            of = ast.Post("of_party", last.word, party, ast.Pos(last.pos.start, arg.pos.end))
            posts = (*inner.posts[:-1], of)
        else:
            posts = (*inner.posts, post)
        merged = ast.Selector(inner.det, inner.count, inner.up_to, inner.words, posts, pos)
        if isinstance(previous, ast.PrepArg):
            return ast.PrepArg(previous.prep, merged, ast.Pos(previous.pos.start, arg.pos.end))
        return merged

    def _of_this_meant(self, arg: ast.PrepArg) -> str | None:
        """The hint for `in this <thing>` after a count, where the language says `of this
        <thing>` (an `of` filter: `stars of this constellation`) or the filter a game's
        synonyms give the phrase (`in this sector` is `here`)."""
        value = arg.value
        if not (
            isinstance(value, ast.Selector)
            and value.det is not None
            and value.det.text == "this"
            and len(value.words) == 1
        ):
            return None
        word = value.words[0].text
        said = this_place(self.registry, word)
        if said is None:
            return None
        return f"`{arg.prep.text} this {word}` is written after the noun as `{said}`"

    def _is_after(self, word: str) -> bool:
        found = self.registry.filters.get(word)
        return found is not None and found.form == "after"

    def match_param(
        self,
        verb: Verb,
        arg: ast.Arg,
        positional: list[Param],
        by_prep: dict[str | None, Param],
        filled: set[str],
    ) -> tuple[Param | None, Any]:
        if isinstance(arg, ast.PrepArg):
            prep = PREP_SYNONYMS.get(arg.prep.text, arg.prep.text)
            # a verb may declare the word itself (`put ... on`), else its synonym (`in`)
            param = by_prep.get(arg.prep.text) or by_prep.get(prep)
            if param is None:
                known = ", ".join(f"`{p}`" for p in by_prep if p) or "none"
                hint = f"its prepositions: {known}; for example: `{verb.example}`"
                of_this = self._of_this_meant(arg)
                if of_this is not None:  # `gain 1 night_point per star in this constellation`
                    hint = of_this
                elif place := place_phrase(self.source.text, arg.prep.pos.start, self.registry):
                    hint = f"{place[0]}: {place[1]}"  # `per ship of yours in the centre sector`
                if arg.prep.text == "with" and _words_after(arg)[:2] == ["the", "least"]:
                    hint = (  # "the player with the least light": one ranking word
                        "the language has no `least` for ranking a player: write `with the "
                        f"fewest` ({self.rank_example('fewest')})"
                    )
                elif arg.prep.text == "with":  # "the player with the most light"
                    hint = (
                        "a player is picked by what they have as `the "
                        f"{self.others_noun()} with the most <things or value>` or `with the "
                        f"fewest ...` ({self.rank_example('fewest')}); a thing cannot be: let "
                        "the owner pick one (`a <noun>`), or compare a value in a condition; "
                        f"{hint}"
                    )
                self.error(
                    "E0410",
                    arg.prep.pos,
                    f"`{verb.name}` takes nothing introduced by `{arg.prep.text}`",
                    hint,
                )
                return None, None
            return param, arg.value
        for param in positional:
            if param.name not in filled:
                return param, arg
        self.error(
            "E0410",
            arg.pos,
            f"`{verb.name}` was given more than it takes",
            f"for example: `{verb.example}`",
        )
        return None, None

    # --- operands -------------------------------------------------------------------

    def operand(self, param: Param, value: Any, scope: _Scope, verb: Verb) -> dict[str, Any] | None:
        kind = param.kind
        if kind is ArgKind.COUNTER:
            return self.counter_operand(param, value, scope, verb)
        if kind is ArgKind.TARGET and any(p.kind is ArgKind.COUNTER for p in verb.params):
            return self.counter_card(value, scope, f"`{verb.name}`")
        if kind is ArgKind.AMOUNT:
            return self.amount_operand(param, value, scope)
        if kind is ArgKind.NUMBER:
            return self.number_operand(param, value, scope)
        if kind is ArgKind.TARGET:
            return self.target_operand(param, value, scope, verb)
        if kind is ArgKind.UNIT:
            return self.unit_operand(param, value)
        return self.word_operand(param, value)

    def amount_operand(self, param: Param, value: Any, scope: _Scope) -> dict[str, Any] | None:
        if not isinstance(value, ast.Amount) or value.unit is None:
            hint = f"units here: {', '.join(param.types)}"
            unit = value.words[-1].text if isinstance(value, ast.Selector) and value.words else ""
            if _singular(unit, param.types) in param.types:  # `gain common 1`
                hint = f"write the number before the unit: `1 {unit}`; {hint}"
                hint = self._amount_hint(value, unit) or hint
            message = f"expected an amount such as `1 {param.types[0]}`"
            if isinstance(value, ast.Selector) and value.det is not None and unit == "card":
                # `discard this card` where the verb takes an amount (a god's Cores): the card
                # itself is no amount, and no card of this game removes itself so
                message += f", not {value.det.text} card: this verb takes no card"
            self.error("E0409", value.pos, message, hint)
            return None
        unit = _singular(value.unit.text, param.types)
        if unit not in param.types:
            refused = dict(param.refused_units)
            why = refused.get(_singular(value.unit.text, tuple(refused)))
            listed = suggest(value.unit.text, param.types, "units this verb takes")
            self.error(
                "E0409",
                value.unit.pos,
                f"`{value.unit.text}` is not a unit this verb takes",
                f"{why}; {listed}" if why else listed,
            )
            return None
        count = self.amount_expr(value, scope, param.range, f"an amount of {unit}")
        operand = {"amount": count, "unit": unit}
        self.resolved.operands[id(value)] = operand
        return operand

    def _amount_hint(self, value: Any, unit: str) -> str | None:
        """What to write for a count said in words before its unit: a value name
        (`gain stars_launched night_points`) counts in parentheses, a number in digits
        (`gain two ap`); None for anything else."""
        if not isinstance(value, ast.Selector) or len(value.words) != 2:
            return None
        first = value.words[0].text
        if first in self.registry.values:
            return f"a value counts in parentheses: `({first}) {unit}`"
        digit = _NUMBER_WORDS.get(first.lower())
        return None if digit is None else f"write the number in digits: `{digit} {unit}`"

    def amount_expr(
        self, value: ast.Amount, scope: _Scope, bound: Range | None = None, what: str = ""
    ) -> Any:
        self.expr(value.count, scope, bound, what)
        if value.per is not None and value.per.counter is not None:
            self.expr(value.per.counter, scope)
        elif value.per is not None:
            self.selector(value.per.selector, scope, mode="count")
            every = value.per.every
            if isinstance(every, ast.Num) and every.value == 0:
                self.error("E0415", every.pos, "`per 0` divides by zero")
            elif every is not None:
                self.expr(every, scope, self.registry.numbers.get("per"), "`per`")
        return value

    def number_operand(self, param: Param, value: Any, scope: _Scope) -> dict[str, Any] | None:
        if not isinstance(value, ast.Amount) or value.unit is not None:
            self.error("E0410", value.pos, f"expected a number for {_describe_param(param)}")
            return None
        if param.range_of is not None and isinstance(value.count, ast.Num):
            pass  # bounded by the stat it changes, once that is known (see bind_args)
        else:
            self.amount_expr(value, scope, param.range, f"`{param.name}`")
        operand = {"num": value}
        self.resolved.operands[id(value)] = operand
        return operand

    def target_operand(
        self, param: Param, value: Any, scope: _Scope, verb: Verb
    ) -> dict[str, Any] | None:
        if isinstance(value, ast.You):
            if "player" not in param.types:
                self.error("E0410", value.pos, f"`you` cannot be {_describe_param(param)}")
                return None
            return {"you": True}
        if isinstance(value, ast.Amount):
            counted = _amount_as_selector(value)
            if counted is None:  # a bare number or a `per` amount where a target belongs
                self.error("E0410", value.pos, f"expected {_describe_param(param)}")
                return None
            value = counted
        shape = f"`{verb.name}` is written `{verb.written}`, as in `{verb.example}`"
        operand = self.selector(value, scope, want=param.types, hint=shape)
        if operand is not None and not self.names_itself_fittingly(param, operand, verb, value):
            return None
        return operand

    def names_itself_fittingly(
        self, param: Param, operand: dict[str, Any], verb: Verb, value: ast.Selector
    ) -> bool:
        """``discard this card`` only on the card kinds ``Param.this_kinds`` names (E0437):
        on any other, the card is not the kind of thing the verb acts on."""
        if operand.get("this") != "card" or not param.this_kinds:
            return True
        if self.kind.name in param.this_kinds:
            return True
        kinds = _or_words([f"`{k}`" for k in param.this_kinds])
        other = next((t for t in param.types if t != "card"), "card")
        self.error(
            "E0437",
            value.pos,
            f"`{verb.name} this card` cannot act on {_article(self.kind.name)} "
            f"{self.kind.name} card: only {kinds} "
            f"cards {verb.name} themselves",
            f"name another card, as in `{verb.name} {_article(other)} {other} of yours`",
        )
        return False

    def unit_operand(self, param: Param, value: Any) -> dict[str, Any] | None:
        if isinstance(value, ast.Amount):
            value = _amount_as_selector(value) or value
        if not isinstance(value, ast.Selector) or value.posts:
            self.error("E0410", value.pos, "expected what to make", self.units_hint(param))
            return None
        words = tuple(w.text for w in value.words)
        found = self.registry.noun_for(words)
        if found is None or found[0].type not in param.types:
            self.error(
                "E0405",
                value.pos,
                f"cannot make `{' '.join(words)}`",
                self.units_hint(param),
            )
            return None
        noun, adjectives = found
        kinds = [a for a in adjectives if a in param.words]
        if len(kinds) != len(adjectives) or (self.unit_kinds(param, noun.type) and len(kinds) != 1):
            self.error(
                "E0406",
                value.pos,
                f"say exactly which unit to make, not `{' '.join(words)}`",
                self.units_hint(param),
            )
            return None
        return {"unit_kind": noun.type, "size": kinds[0] if kinds else None}

    def unit_kinds(self, param: Param, noun_type: str) -> list[str]:
        """The words of a UNIT parameter (``Param.words``) that name a kind of ``noun_type``:
        a unit of a noun that has kinds must say which one."""
        filters = self.registry.filters
        return [w for w in param.words if w in filters and noun_type in filters[w].applies_to]

    def units_hint(self, param: Param) -> str:
        """Every unit a UNIT parameter accepts, spelt out."""
        units = []
        for noun in self.registry.nouns.values():
            if noun.type in param.types:
                kinds = self.unit_kinds(param, noun.type)
                units += [f"`{k} {noun.name}`" for k in kinds] or [f"`{noun.name}`"]
        units = list(dict.fromkeys(units))
        return "write " + (
            ", ".join(units[:-1]) + " or " + units[-1] if len(units) > 1 else units[0]
        )

    def word_operand(self, param: Param, value: Any) -> dict[str, Any] | None:
        text = _single_word(value)
        if text is None:  # `flush the long pool`, `flush 2`: not one word
            self.one_word_expected(param, value)
            return None
        if param.kind is ArgKind.STAT:
            if text not in self.registry.stats or self.registry.stats[text].scope != "player":
                names = [n for n, s in self.registry.stats.items() if s.scope == "player"]
                self.error(
                    "E0403",
                    value.pos,
                    f"`{text or '...'}` is not one of your stats",
                    suggest(text or "", names, "stats of yours"),
                )
                return None
            return {"stat": text}
        if text not in param.words:
            self.error(
                "E0414",
                value.pos,
                f"`{text or '...'}` is not allowed here",
                suggest(text or "", param.words, "allowed words"),
            )
            return None
        return {"word": text}

    def one_word_expected(self, param: Param, value: Any) -> None:
        """E0403/E0414 where a stat or one of a few words is written, quoting what was
        written (was "`...` is not allowed here" for several words)."""
        pos = value.pos
        written = " ".join(self.source.text[pos.start : pos.end].split())
        last = written.split()[-1] if written else ""
        several = len(written.split()) > 1
        if param.kind is ArgKind.STAT:
            names = [n for n, s in self.registry.stats.items() if s.scope == "player"]
            said = ": a stat is one word" if several else ""
            message = f"`{written}` is not one of your stats{said}"
            self.error("E0403", pos, message, suggest(last, names, "stats of yours"))
            return
        said = ": one word is written here" if several else ""
        message = f"`{written}` is not allowed here{said}"
        self.error("E0414", pos, message, suggest(last, param.words, "allowed words"))

    # --- selectors ------------------------------------------------------------------

    def selector(
        self,
        sel: ast.Selector,
        scope: _Scope,
        want: tuple[str, ...] = (),
        mode: str = "target",
        hint: str | None = None,
    ) -> dict[str, Any] | None:
        """Resolve a selector to an operand: ``this``, ``it`` or a selection to choose.

        ``hint`` says what is wanted where a thing of another kind is written (a verb's
        shape and example)."""
        resolved = self._selector(sel, scope, want, mode, hint)
        if resolved is not None:
            self.resolved.selectors[id(sel)] = resolved
        return resolved

    def _selector(
        self,
        sel: ast.Selector,
        scope: _Scope,
        want: tuple[str, ...],
        mode: str,
        hint: str | None = None,
    ) -> dict[str, Any] | None:
        words = tuple(w.text for w in sel.words)
        if words == ("it",) and sel.det is None and not sel.posts:
            return self.it_operand(sel, scope, want, hint)
        if len(words) > 2 and words[1] == "who":  # `the player who played` (issue 29)
            return self.actor_party(sel, scope, want, hint)
        sel, trailing = self.peel_trailing(sel)
        words = tuple(w.text for w in sel.words)
        found = self.registry.noun_for(words)
        if found is None and (self.seated_player(sel) or self.ranked_player(sel)):
            found = self.registry.noun_for((self.others_noun(),))  # a game with no `player`
        if found is None:
            last = sel.words[-1]
            if len(words) == 1 and last.text in self.registry.values:
                self.error(
                    "E0405",
                    last.pos,
                    f"`{last.text}` is a value, a number, not things to count: `per`, "
                    "`number of` and `for each` count things (nouns)",
                    f"write the value in brackets where a number goes: `({last.text} / 2)` is "
                    f"one per 2, so `1 <unit> per 2 {last.text}` is `({last.text} / 2) <unit>`",
                )
                return None
            if self.not_a_noun(sel, words):
                return None
            counted = self.counted_by_values(last.text)
            if counted:  # `number of cores`: a player's holding is a value (design round 11)
                shown = " or ".join(f"`{v}`" for v in counted)
                self.error(
                    "E0405",
                    last.pos,
                    f"unknown noun `{last.text}`: how many a player has is a value, {shown}",
                    f"write the value where a number goes: `{counted[0]} >= 4` in a condition, "
                    f"`({counted[0]}) <unit>` for one {last.text.removesuffix('s')} each",
                )
                return None
            self.error(
                "E0405",
                last.pos,
                f"unknown noun `{last.text}`",
                self.hint(
                    last.text, self.registry.all_noun_words(), "nouns", len(self.registry.nouns)
                ),
            )
            return None
        noun, adjectives = found
        self.article(sel)
        if want and noun.type not in want:
            self.error("E0410", sel.pos, f"expected {_or_list(want)} here, not {noun.name}", hint)
            return None
        det = sel.det.text if sel.det else None
        ranked = next((p for p in sel.posts if p.kind == "ranked"), None)
        if ranked is not None:  # `the opponent with the most ships`
            return self.ranked_party(sel, noun, det, ranked, scope)
        side = next((p for p in sel.posts if p.kind == "side"), None)
        if side is not None:  # `the player to your left`
            return self.side_party(sel, noun, det, side)
        if noun.party or any(p.kind == "in_this" for p in sel.posts):
            return self.party(sel, noun, det, scope)
        if det == "that" and noun.type == "player":  # card state: a remembered choice
            return self.that_chosen(sel, noun, adjectives)
        if det in THIS_DETS:
            return self.this_operand(sel, noun, adjectives, scope)
        filters = self.filters(sel, noun, adjectives, scope)
        if filters is None:
            return None
        for word in trailing:
            if not self.filter_word(word, noun, "after", filters, scope):
                return None
        return self.quantify(sel, noun, det, words, filters, mode, scope)

    def not_a_noun(self, sel: ast.Selector, words: tuple[str, ...]) -> bool:
        """E0405 for words that are no noun but say a value (`per flare used`:
        `flares_used`), or a noun followed by what happened to it (`enemy ships destroyed`):
        a selector names things as they are now, and the did-you-mean of its last word sent
        the designer to a lookalike (`destroyer`; design round 9). False: neither."""
        pos = ast.Pos(sel.words[0].pos.start, sel.words[-1].pos.end)
        written = " ".join(words)
        value = None
        if len(words) > 1:  # `flare used`, `star linked` (in either order)
            tried = ("_".join(words), "_".join(reversed(words)))
            value = next((v for j in tried if (v := closest(j, self.registry.values, 0.85))), None)
        if value is not None:
            self.error(
                "E0405",
                pos,
                f"`{written}` is no noun: `{value}` is a value, a number, not things to count",
                f"write the value in brackets where a number goes: `({value})`, or `({value} "
                f"/ 2)` for one per 2",
            )
            return True
        head = self.registry.noun_for(words[:-1]) if len(words) > 1 else None
        if head is None or head[0].party:
            return False
        noun, last = head[0], sel.words[-1]
        things = noun.plural or noun.name
        after = [f"`{_after_noun(f)}`" for f in self.registry.filters.values()
                 if f.form in ("after", "of", "you") and noun.type in f.applies_to]  # fmt: skip
        stems = {w.rstrip("s") for w in words if len(w) > 3}
        near = [v for v in self.registry.values if stems & {p.rstrip("s") for p in v.split("_")}]
        values = ", ".join(f"`{v}`" for v in sorted(near or self.registry.values))
        self.error(
            "E0405",
            last.pos,
            f"`{last.text}` after `{' '.join(words[:-1])}` is no word for {things}: a "
            "selector names things as they are now, by the words after them, not by what "
            "happened to them",
            (f"the words after {things}: {_or_words(after)}; " if after else "")
            + f"what happened is counted by a value, if one says it: {values}",
        )
        return True

    def article(self, sel: ast.Selector) -> None:
        """W0402: ``a`` before a vowel or ``an`` before a consonant (``a enemy ship``); the
        card's text is written from the effect, so it would print so too."""
        if sel.det is None or sel.det.text not in ("a", "an") or not sel.words:
            return
        fits = _article(sel.words[0].text)
        if fits != sel.det.text:
            self.warning(
                "W0402",
                sel.det.pos,
                f"`{sel.det.text} {sel.words[0].text}` does not read as English",
                f"write `{fits}` instead",
            )

    def peel_trailing(self, sel: ast.Selector) -> tuple[ast.Selector, list[ast.Word]]:
        """Split off words after the noun, such as ``here`` in ``enemy ships here``."""
        words = list(sel.words)
        trailing: list[ast.Word] = []
        while len(words) > 1:
            found = self.registry.filters.get(words[-1].text)
            if found is None or found.form != "after":
                break
            trailing.insert(0, words.pop())
        if not trailing:
            return sel, []
        peeled = ast.Selector(sel.det, sel.count, sel.up_to, tuple(words), sel.posts, sel.pos)
        return peeled, trailing

    def it_operand(
        self, sel: ast.Selector, scope: _Scope, want: tuple[str, ...], hint: str | None = None
    ) -> dict[str, Any] | None:
        if scope.loop_refused:
            return None
        if scope.loop_type is None:
            self.error("E0416", sel.pos, "`it` only means something inside `for each ... ->`")
            return None
        if want and scope.loop_type not in want:
            message = f"`it` is a {scope.loop_type} here, not {_or_list(want)}"
            self.error("E0410", sel.pos, message, hint)
            return None
        return {"it": True, "type": scope.loop_type}

    def this_operand(
        self, sel: ast.Selector, noun: Noun, adjectives: tuple[str, ...], scope: _Scope
    ) -> dict[str, Any] | None:
        if adjectives or sel.posts:
            self.error(
                "E0411",
                sel.pos,
                f"write just `this {noun.name}`, without filters",
                f"write `this {noun.name}`",
            )
            return None
        if noun.name not in scope.context:
            if scope.lenient:
                return None
            have = ", ".join(f"`this {n}`" for n in scope.context) or "nothing"
            read_by = f"; {noun.read_by}" if noun.read_by else ""
            self.error(
                "E0411",
                sel.pos,
                f"there is no `this {noun.name}` here",
                f"here there is: {have}{read_by}",
            )
            return None
        return {"this": scope.context[noun.name], "type": noun.type}

    # --- named parties (issue 29; docs/dsl.md "Named parties") -------------------------

    def party_hooks(self, party: str) -> str:
        """The hooks that supply a named party, in backticks (for E0430's hint)."""
        names = [f"`{h.name}`" for h in self.registry.hooks.values() if party in h.parties]
        if party == "actor":  # and the hooks of another player's moment
            return ", ".join(["a reaction, `when another player <act> -> ...`", *names])
        return ", ".join(names) or "none"

    def party(
        self, sel: ast.Selector, noun: Noun, det: str | None, scope: _Scope
    ) -> dict[str, Any] | None:
        """``the <party>`` (``Noun.party``), ``the <party> of this <thing>`` (``Noun.owns``)
        or ``the <player noun> in this <word>`` (``Noun.party_in``): one player, read from the
        hook's context or the board when the effect runs (none there: the verb does nothing,
        and the trace says so)."""
        inside = next((p for p in sel.posts if p.kind == "in_this"), None)
        key = noun.party
        written = noun.name
        if inside is not None:
            assert inside.word is not None
            written = f"{noun.name} in this {inside.word.text}"
            if noun.party_in != inside.word.text:
                fits = [f"`the {n.name} in this {n.party_in}`" for n in self.party_ins()]
                self.error(
                    "E0434",
                    sel.pos,
                    f"`{noun.name}` is not named `in this {inside.word.text}`",
                    f"write {_or_words(fits)}" if fits else None,
                )
                return None
            key = noun.party_in
        posts = [p for p in sel.posts if p.kind != "in_this"]
        known_here = key in scope.parties or noun.anywhere
        if (det != "the" or len(sel.words) > 1) and (posts or known_here):
            self.error(
                "E0434",
                sel.pos,
                f"`{written}` names one player: write `the {written}`",
                f"`the {written}` is {self.party_doc(noun, inside is not None)}",
            )
            return None
        if det != "the" or len(sel.words) > 1:  # `its owner` where `the owner` is none either
            self.error(
                "E0434",
                sel.pos,
                f"`{written}` names one player, and this effect's hook does not say who",
                self.party_where(noun, key, written, scope),
            )
            return None
        if posts:  # `the owner of this planet`
            return self.owner_of(sel, noun, posts, scope)
        if not known_here:
            if scope.lenient:
                return None
            self.error(
                "E0430",
                sel.pos,
                f"there is no `the {written}` here: this effect's hook does not say who it is",
                self.party_where(noun, key, written, scope),
            )
            return None
        return {"party": key, "type": noun.type}

    def side_party(
        self, sel: ast.Selector, noun: Noun, det: str | None, side: ast.Post
    ) -> dict[str, Any] | None:
        """``the player to your left`` (``Registry.sides``): one player, named by where they
        sit, read when the verb runs (docs/dsl.md "Named parties")."""
        assert side.word is not None
        said = self.source.text[side.pos.start : side.pos.end]
        sides = self.registry.sides
        if side.word.text not in sides:
            self.error(
                "E0434",
                side.pos,
                f"this game names nobody `{said}`",
                "it names no player by where they sit"
                if not sides
                else f"write {_or_words([f'`the player to your {w}`' for w in sides])}",
            )
            return None
        players = [n.name for n in self.registry.nouns.values() if n.type == "player"]
        if noun.type != "player" or noun.party:
            self.error(
                "E0434",
                sel.pos,
                f"only a player sits {said}, not a {noun.name}",
                f"write `the player {said}`; their things are `<things> of the player {said}`",
            )
            return None
        others = [p for p in sel.posts if p.kind != "side"]
        if det != "the" or len(sel.words) > 1 or others or sel.count is not None:
            self.error(
                "E0434",
                sel.pos,
                f"`{noun.name} {said}` names one player: write `the {noun.name} {said}`",
                f"`the player {said}` is {sides[side.word.text]}" if "player" in players else None,
            )
            return None
        return {"party": side.word.text, "type": noun.type}

    def ranked_party(
        self, sel: ast.Selector, noun: Noun, det: str | None, ranked: ast.Post, scope: _Scope
    ) -> dict[str, Any] | None:
        """``the opponent with the most ships`` (``with the fewest light``): one player of
        those the noun names, ranked by a count of their things or a value, each read from
        their side; ties go to the first after you in turn order (docs/dsl.md "Named
        parties"). E0436 for anything but one player ranked by things or a value."""
        assert ranked.word is not None
        rank = ranked.word.text
        said = self.source.text[ranked.pos.start : ranked.pos.end]
        if noun.type != "player" or noun.party:
            self.error(
                "E0436",
                sel.pos,
                f"only a player is ranked `{said}`, not {_article(noun.name)} {noun.name}",
                f"a player is named so, `the {self.others_noun()} {said}`; a thing to act on "
                "is picked by its owner (`a <thing>`)",
            )
            return None
        others = [p for p in sel.posts if p.kind != "ranked"]
        owned = next((p for p in others if p.kind in ("of_yours", "you_verb")), None)
        if owned is not None:  # `with the most ships of yours`: the things are theirs
            written = self.source.text[owned.pos.start : owned.pos.end]
            self.error(
                "E0436",
                owned.pos,
                f"a player is ranked by their own things, so `{written}` says nothing here",
                f"drop `{written}`: each player's things are counted as theirs (`the "
                f"{noun.name} {said}`)",
            )
            return None
        if det != "the" or len(sel.words) > 1 or others or sel.count is not None:
            self.error(
                "E0436",
                sel.pos,
                f"`{noun.name} {said}` names one player: write `the {noun.name} {said}`",
                "of those tied for it, the first after you in turn order is named",
            )
            return None
        by = self.ranked_by(ranked, scope)
        if by is None:
            return None
        among = self.quantify(sel, noun, "each", (noun.name,), [], "all", scope)
        if self.ranked_player(sel):  # `the player with the most stars` ranks you too
            implied = [[word] for word in noun.implies]
            among["filters"] = [f for f in among["filters"] if f not in implied]
        return {"party": "ranked", "rank": rank, "among": among, "by": by, "type": noun.type}

    def ranked_by(self, ranked: ast.Post, scope: _Scope) -> dict[str, Any] | None:
        """What players are ranked by: a value (``light``) or their things (``ships``,
        ``damaged ships``, ``red planets``: counted as ``<things> of yours`` from each
        player's side)."""
        words = ranked.by
        pos = ast.Pos(words[0].pos.start, words[-1].pos.end)
        if len(words) == 1 and words[0].text in self.registry.values:
            return {"value": words[0].text}
        names = tuple(w.text for w in words)
        mine = ast.Post("of_yours", None, None, pos)
        counted = ast.Selector(None, None, False, words, (mine,), pos)
        peeled = tuple(w.text for w in self.peel_trailing(counted)[0].words)  # `ships here`
        if self.registry.noun_for(peeled) is None:
            known = [*self.registry.all_noun_words(), *self.registry.values]
            close = did_you_mean(words[-1].text, known)
            self.error(
                "E0436",
                pos,
                f"a player is ranked by their things or a value, and `{' '.join(names)}` is "
                "neither",
                (close + "; " if close else "")
                + f"write things or a value the reference lists, as in "
                f"{self.rank_example('most')}",
            )
            return None
        operand = self.selector(counted, scope, mode="count")
        return None if operand is None else {"count": operand}

    def owner_forms(self, noun: Noun, scope: _Scope, said: str) -> str:
        """The ``<said> <thing>`` forms (``of this planet``) that work here (a thing this
        effect has), else which things it is said of: no form is offered that then fails."""
        here = [f"`{said} {t}`" for t in noun.owns if t in scope.context]
        if here:
            return f"write {_or_words(here)}"
        if noun.owns:
            shapes = _or_words([f"`the {noun.name} of this {n}`" for n in noun.owns])
            return f"{shapes} names one where the card or its hook has that thing"
        return f"write `the {noun.name}`"

    def party_where(self, noun: Noun, key: str, written: str, scope: _Scope) -> str:
        """Where ``the <party>`` is supplied, and the ``the <party> of this <thing>`` forms
        this effect has a ``this <thing>`` for (only those: a form named must work here)."""
        here = [f"`the {noun.name} of this {t}`" for t in noun.owns if t in scope.context]
        also = f"; here {_or_words(here)} names one" if here else ""
        return f"`the {written}` is supplied by: {self.party_hooks(key)}{also}"

    def party_ins(self) -> list[Noun]:
        """The nouns named ``the <noun> in this <word>`` (``Noun.party_in``)."""
        return [n for n in self.registry.nouns.values() if n.party_in]

    def party_doc(self, noun: Noun, inside: bool) -> str:
        """What a named party is, for hints: ``the player who destroyed ...``."""
        doc = noun.doc.split(";")[0].rstrip(".")
        if inside:
            return f"the {noun.name} supplied by {self.party_hooks(noun.party_in)}"
        return doc[:1].lower() + doc[1:]

    def owner_of(
        self, sel: ast.Selector, noun: Noun, posts: list[ast.Post], scope: _Scope
    ) -> dict[str, Any] | None:
        """``the owner of this <thing>`` for the things of ``Noun.owns`` (E0434 otherwise)."""
        post = posts[0]
        shapes = _or_words([f"`the {noun.name} of this {n}`" for n in noun.owns])
        said = post.word.text if post.word is not None else ""
        if post.kind == "of_party" and said in noun.owns:  # `the owner of the planet`
            self.error(
                "E0434",
                post.pos,
                f"`of the {said}` names no party; the {said} of the card or the hook is "
                f"`this {said}`",
                f"write `of this {said}`",
            )
            return None
        if not noun.owns or post.kind != "of_this" or len(posts) > 1 or post.word is None:
            self.error(
                "E0434",
                post.pos,
                f"`the {noun.name}` takes no `{self.source.text[post.pos.start : post.pos.end]}`",
                self.owner_forms(noun, scope, "of this"),
            )
            return None
        what = post.word.text
        if what not in noun.owns:
            self.error(
                "E0434",
                post.word.pos,
                f"a {what} has no {noun.name} the language can name",
                f"{shapes} names one",
            )
            return None
        if what not in scope.context:
            if scope.lenient:
                return None
            have = ", ".join(f"`this {n}`" for n in noun.owns if n in scope.context)
            self.error(
                "E0411",
                post.pos,
                f"there is no `this {what}` here for `the {noun.name} of this {what}`",
                f"here there is: {have or 'nothing it names'}",
            )
            return None
        return {"party": f"{noun.party}_of", "of": scope.context[what], "type": noun.type}

    def actor_party(
        self, sel: ast.Selector, scope: _Scope, want: tuple[str, ...], hint: str | None
    ) -> dict[str, Any] | None:
        """``the player who played research`` inside a reaction: the player whose act it
        heard. The words after ``who`` must say the reaction's own act (past or present)."""
        words = [w.text for w in sel.words]
        found = self.registry.noun_for((words[0],))
        # `the player who launched` where the game's only player noun is `opponent`
        players = words[0] == "player" and any(
            n.type == "player" for n in self.registry.nouns.values()
        )
        if (found is None and not players) or (found is not None and found[0].party):
            self.error("E0405", sel.words[0].pos, f"unknown noun `{' '.join(words)}`")
            return None
        typ = found[0].type if found is not None else "player"
        if want and typ not in want:
            self.error("E0410", sel.pos, f"expected {_or_list(want)} here, not {words[0]}", hint)
            return None
        if "actor" not in scope.parties or not scope.act:
            if scope.lenient:
                return None
            self.error(
                "E0430",
                sel.pos,
                f"there is no `the {words[0]} who ...` here: only a reaction hears another "
                "player's act",
                f"`the {words[0]} who <acted>` is supplied by {self.party_hooks('actor')}",
            )
            return None
        verb, *rest = scope.act.split()
        said = [w for w in rest if w not in ALL_ARTICLES]
        if words[2] not in (verb, _past(verb)) or words[3:] not in ([], said):
            fits = " ".join([_past(verb), *rest])
            self.error(
                "E0434",
                sel.pos,
                f"this reaction hears who {scope.act}, not who {' '.join(words[2:])}",
                f"write `the {words[0]} who {fits}` (or `the {words[0]} who {_past(verb)}`)",
            )
            return None
        if sel.det is None or sel.det.text != "the":
            self.error("E0434", sel.pos, f"write `the {words[0]} who ...`: it names one player")
            return None
        return {"party": "actor", "type": typ}

    def filters(
        self, sel: ast.Selector, noun: Noun, adjectives: tuple[str, ...], scope: _Scope
    ) -> list[list[Any]] | None:
        result: list[list[Any]] = []
        ok = True
        adjective_words = sel.words[: len(adjectives)]
        for word in adjective_words:
            ok &= self.filter_word(word, noun, "adjective", result, scope)
        if sel.det is not None and sel.det.text == "your":
            ok &= self.your(sel, noun, result)
        for post in _who_posts(sel.posts, self._is_after):
            ok &= self.post(post, noun, scope, result)
        return result if ok else None

    def your(self, sel: ast.Selector, noun: Noun, out: list[list[Any]]) -> bool:
        """``your`` means ``of yours`` (docs/dsl.md), so it applies to the nouns ``yours``
        applies to and is refused on the others, as ``of yours`` is (docs/rules-decisions.md
        E120: a noun the filter does not apply to has no owner to compare)."""
        yours = self.registry.filters.get("yours")
        if yours is None or noun.type in yours.applies_to:
            out.append(["yours"])
            return True
        assert sel.det is not None
        fits = sorted({n.name for n in self.registry.nouns.values() if n.type in yours.applies_to})
        written = " ".join(word.text for word in sel.words)
        article = "an" if written[:1] in "aeiou" else "a"
        plural = bool(noun.plural) and written.endswith(noun.plural)
        # the words the hint rewrites: `your` and the noun (`your sector` -> `the sector`)
        where = ast.Pos(sel.det.pos.start, sel.words[-1].pos.end)
        self.error(
            "E0407",
            where,
            f"`your` does not apply to {noun.plural or noun.name} (only to {', '.join(fits)})",
            f"write `{written}`" if plural else f"write `the {written}` or `{article} {written}`",
        )
        return False

    def filter_word(
        self,
        word: ast.Word,
        noun: Noun,
        form: str,
        out: list[list[Any]],
        scope: _Scope | None = None,
    ) -> bool:
        found = self.registry.filters.get(word.text)
        if found is None:
            opened = self.open_filter(noun, form)
            if opened is not None:  # a pack id: the game's content check knows the ids
                out.append([opened.name, word.text])
                return True
        if found is None or found.form != form:
            names = [f.name for f in self.registry.filters.values() if f.form == form]
            hint = self.filter_hint(word.text, names, form) if names else self.no_form(noun, form)
            fits = [f"`{f.name}`" for f in self.registry.filters.values()
                    if noun.type in f.applies_to and f.form == form]  # fmt: skip
            if fits and not hint.startswith("did you mean") and len(fits) <= _FEW_FILTERS:
                # `this die is hit`: a noun with few filters is told them (design round 10)
                hint = (
                    f"{noun.plural or noun.name} are told apart by {_or_words(fits)} only; {hint}"
                )
            self.error(
                "E0406",
                word.pos,
                f"unknown filter `{word.text}` for {noun.plural or noun.name}",
                hint,
            )
            return False
        if noun.type not in found.applies_to:
            fits = [
                f.name
                for f in self.registry.filters.values()
                if noun.type in f.applies_to and f.form == form
            ]
            self.error(
                "E0407",
                word.pos,
                f"`{word.text}` does not apply to {noun.plural or noun.name}",
                f"for {noun.plural or noun.name} use: {', '.join(fits)}" if fits else None,
            )
            return False
        if scope is not None and not self.has_place(found, word, scope):
            return False
        out.append([found.name])
        return True

    def has_place(self, found: Filter, word: ast.Word, scope: _Scope) -> bool:
        """Whether a place filter (``Filter.near``: ``here``, ``adjacent``) has a place to be
        near; without one it would silently keep nothing, and the card would do nothing."""
        if not found.near or scope.lenient or any(n in scope.context for n in found.near):
            return True
        places = ", ".join(f"`this {n}`" for n in found.near)
        have = ", ".join(f"`this {n}`" for n in scope.context) or "nothing"
        hooks = [
            h.name
            for h in self.registry.hooks.values()
            if any(noun in found.near for noun, _ in h.provides)
        ]
        hint = f"here there is: {have}"
        if hooks:
            shown = ", ".join(f"`{h}`" for h in hooks[:4])
            hint += f"; hooks that bring one: {shown}" + (", ..." if len(hooks) > 4 else "")
        self.error(
            "E0411",
            word.pos,
            f"`{word.text}` reads its place from one of {places}, and this effect has none",
            hint,
        )
        return False

    def open_filter(self, noun: Noun, form: str) -> Filter | None:
        """The open filter (``Filter.ids``) of ``noun``'s type in ``form``, if any."""
        for candidate in self.registry.filters.values():
            if candidate.ids and candidate.form == form and noun.type in candidate.applies_to:
                return candidate
        return None

    def of_this_needs(self, word: str) -> str | None:
        """The ``this <noun>`` an ``of this <word>`` filter reads (``Filter.needs``)."""
        found = self.registry.filters.get(word)
        return found.needs or None if found is not None else None

    def post(self, post: ast.Post, noun: Noun, scope: _Scope, out: list[list[Any]]) -> bool:
        if post.kind == "of_yours":
            return self.filter_word(ast.Word("yours", post.pos), noun, "of", out)
        if post.kind == "of_opponents":  # `stars of opponents`: the filter `opponents`
            return self.filter_word(ast.Word("opponents", post.pos), noun, "of", out)
        if post.kind == "of_this":
            assert post.word is not None
            needs = self.of_this_needs(post.word.text)
            if needs is not None and needs not in scope.context:
                self.error(
                    "E0411", post.pos, f"there is no {needs} here for `of this {post.word.text}`"
                )
                return False
            return self.filter_word(post.word, noun, "of", out)
        if post.kind == "you_verb":
            assert post.word is not None
            return self.filter_word(post.word, noun, "you", out)
        if post.kind == "after":
            assert post.word is not None
            return self.filter_word(post.word, noun, "after", out, scope)
        if post.kind == "of_party":
            return self.of_party(post, noun, scope, out)
        if post.kind == "of_it":
            return self.of_it(post, noun, scope, out)
        assert post.other is not None
        other = self.selector(post.other, scope)
        if other is None:
            return False
        out.append(["other_than", other])
        return True

    def of_it(self, post: ast.Post, noun: Noun, scope: _Scope, out: list[list[Any]]) -> bool:
        """``ships of it`` inside ``for each <player noun>``: the things of the player the
        loop walks, as ``of the <party>`` is a named party's (only where the game names
        parties, whose engine reads them)."""
        players = {n.type for n in self.registry.nouns.values() if n.party}
        yours = self.registry.filters.get("yours")
        if not players:
            self.error("E0434", post.pos, "this game has no `of it`: it names no owners")
            return False
        if scope.loop_type not in players:
            walks = f"`it` is a {scope.loop_type} here" if scope.loop_type else "there is no `it`"
            owners = [f"`for each {n.name}`" for n in self.registry.nouns.values()
                      if n.type in players and not n.party]  # fmt: skip
            self.error(
                "E0434",
                post.pos,
                f"`of it` names what `it` owns inside a loop over owners, and {walks}",
                f"loop over owners with {_or_words(owners)}" if owners else None,
            )
            return False
        if yours is not None and noun.type not in yours.applies_to:
            self.error(
                "E0407",
                post.pos,
                f"`of it` does not apply to {noun.plural or noun.name}: they have no owner",
            )
            return False
        out.append(["of_party", {"it": True, "type": scope.loop_type}])
        return True

    def of_party(self, post: ast.Post, noun: Noun, scope: _Scope, out: list[list[Any]]) -> bool:
        """``a ship of the destroyer`` (issue 29): the things a named party owns; only
        nouns with owners (those ``of yours`` applies to) take it."""
        assert post.other is not None
        yours = self.registry.filters.get("yours")
        if yours is not None and noun.type not in yours.applies_to:
            written = self.source.text[post.pos.start : post.pos.end]
            self.error(
                "E0407",
                post.pos,
                f"`{written}` does not apply to {noun.plural or noun.name}: they have no owner",
            )
            return False
        words = tuple(w.text for w in post.other.words)
        found = self.registry.noun_for(words[:1] if "who" in words else words)
        inside = any(p.kind == "in_this" for p in post.other.posts)
        sided = any(p.kind in ("side", "ranked") for p in post.other.posts)
        # `the player who launched` where the game's only player noun is `opponent` (as
        # ``actor_party`` reads it; design round 9: it was told "this is no party")
        players = words[0] == "player" and any(
            n.type == "player" for n in self.registry.nouns.values()
        )
        who = (found is not None or players) and len(words) > 2 and words[1] == "who"
        if who or sided:
            party = self.selector(post.other, scope)  # `of the player who built`
            if party is None:
                return False
            out.append(["of_party", party])
            return True
        word = post.other.words[-1].text
        if found is not None and not found[0].party and word in scope.context:
            self.error(  # `the owner of the planet`: the hook's planet is `this planet`
                "E0434",
                post.pos,
                f"`of the {word}` names no party; the {word} of the card or the hook is "
                f"`this {word}`",
                f"write `of this {word}`",
            )
            return False
        if found is None or not (found[0].party or (inside and found[0].party_in)):
            names = [f"`of the {n.name}`" for n in self.registry.nouns.values() if n.party]
            names += [f"`of the {n.name} in this {n.party_in}`" for n in self.party_ins()]
            self.error(
                "E0434",
                post.pos,
                "`of the <party>` names a party's things, and this is no party",
                f"write {_or_words(names)}" if names else None,
            )
            return False
        party = self.selector(post.other, scope)
        if party is None:
            return False
        out.append(["of_party", party])
        return True

    def quantify(
        self,
        sel: ast.Selector,
        noun: Noun,
        det: str | None,
        words: tuple[str, ...],
        filters: list[list[Any]],
        mode: str,
        scope: _Scope,
    ) -> dict[str, Any]:
        plural = bool(noun.plural) and " ".join(words[-len(noun.plural.split()) :]) == noun.plural
        quant = "one"
        count = None
        exclude: list[Any] = []
        if sel.count is not None:
            quant = "up_to" if sel.up_to else "count"
            count = sel.count
            self.expr(sel.count, scope, self.registry.numbers.get("count"), "a count")
        elif det in ALL_DETS or mode in ("all", "count") or (det in (None, "your") and plural):
            quant = "all"
        if det == "another":
            if noun.type == "player":
                exclude.append({"you": True})
            for phrase, entity in scope.context.items():
                # A tech in play is also `this card`: "another tech" never means itself.
                if entity == noun.type or entity in noun.also:
                    exclude.append({"this": entity, "type": noun.type, "phrase": phrase})
        if noun.implies:  # a noun that means a filtered other noun (``opponent``)
            filters = [*filters, *([word] for word in noun.implies)]
        return {
            "type": noun.type,
            "filters": filters,
            "quant": quant,
            "count": count,
            "exclude": exclude,
        }

    # --- numbers --------------------------------------------------------------------

    def number(self, num: ast.Num, bound: Range | None, what: str) -> None:
        """A written number outside its declared range is an error (DESIGN principle 3)."""
        if bound is None or num.value not in bound:
            fallback = self.registry.numbers.get("number")
            if bound is None and (fallback is None or num.value in fallback):
                return
            bound, what = bound or fallback, what if bound else "a number"
            assert bound is not None
            self.out_of_range(num.value, num.pos, bound, what)

    def out_of_range(self, value: int, pos: ast.Pos, bound: Range, what: str) -> None:
        shown = f"{value:+d}" if bound.low < 0 else str(value)
        self.error(
            "E0417",
            pos,
            f"{shown} is out of range for {what}: it must be {bound}",
            bound.why or None,
        )

    # --- conditions and expressions -------------------------------------------------

    def cond(self, cond: ast.Cond, scope: _Scope) -> None:
        if isinstance(cond, ast.Is):
            self.is_cond(cond, scope)
            return
        if isinstance(cond, ast.Same):  # `the owner is the leader`
            self.same_cond(cond, scope)
            return
        if isinstance(cond, ast.Compare):
            self.expr(cond.left, scope)
            self.expr(cond.right, scope)
            self.never_holds(cond)
        elif isinstance(cond, ast.Not):
            self.cond(cond.item, scope)
        else:
            for item in cond.items:
                self.cond(item, scope)

    def is_cond(self, cond: ast.Is, scope: _Scope) -> None:
        """``this ship is large``: a ``this <noun>`` of the card or the hook, and one of the
        adjective filters of its noun (issue 29: which unit a hook is about)."""
        thing = cond.thing
        det = thing.det.text if thing.det else ""
        if det not in THIS_DETS:
            self.error(
                "E0433",
                thing.pos,
                f"`is` tells what `this <noun>` is, not `{det} ...`",
                "`is` follows `this <noun>` (a thing of the card or the hook): `this <noun> is "
                "<adjective>`; to count things use `number of <adjective> <things> >= 1`",
            )
            return
        operand = self.selector(thing, scope)
        if operand is None or "this" not in operand:
            return
        found = self.registry.noun_for(tuple(w.text for w in thing.words))
        assert found is not None
        out: list[list[Any]] = []
        if self.filter_word(cond.word, found[0], "adjective", out):
            self.resolved.tests[id(cond)] = ({"this": operand["this"]}, out[0][0])

    def this_thing_is(self, sel: ast.Selector, scope: _Scope) -> bool:
        """``this star is an alpha star``: `is` between two selectors compares players, and
        a thing the hook is about is read by the words its noun names (``Noun.read_by``,
        docs/rules-decisions.md E183). True when told so."""
        if sel.det is None or sel.det.text != "this":
            return False
        found = self.registry.noun_for(tuple(w.text for w in sel.words))
        if found is None or not found[0].read_by or found[0].type == "player":
            return False
        noun = found[0]
        self.error(
            "E0410",
            sel.pos,
            f"`is` between two named things compares one player with another, and "
            f"`this {noun.name}` is a {noun.name}",
            noun.read_by,
        )
        return True

    def same_cond(self, cond: ast.Same, scope: _Scope) -> None:
        """``the owner is the leader``: both sides one named player (E0435 for a player to
        pick, as ``<value> of <player>``)."""
        sides = []
        forms = self.one_player_forms()
        if self.this_thing_is(cond.left, scope):
            return
        for sel in (cond.left, cond.right):
            said = self.source.text[sel.pos.start : sel.pos.end]
            operand = self.one_named_player(
                sel,
                scope,
                f"`is` compares a player with another, each named so: {forms}",
                f"`{said}` is a player to pick, and a condition asks nobody",
                f"name one player: {forms}",
            )
            if operand is None:
                return
            sides.append(operand)
        self.resolved.same[id(cond)] = (sides[0], sides[1])

    def one_named_player(
        self, sel: ast.Selector, scope: _Scope, hint: str, picked: str, picked_hint: str
    ) -> dict[str, Any] | None:
        """The operand of ``sel`` when it names one player (a party, ``that <noun>``, ``it``
        in a loop over players); else None, told: ``hint`` for what is no player, E0435
        (``picked``, ``picked_hint``) for a player to pick, whom a number or a condition
        cannot ask."""
        operand = self.selector(sel, scope, want=("player",), hint=hint)
        if operand is None:
            return None
        if not any(key in operand for key in ("party", "it", "chosen")):
            self.error("E0435", sel.pos, picked, picked_hint)
            return None
        return operand

    def never_holds(self, cond: ast.Compare) -> None:
        """W0405 for `light < 0`, `players > 7` and the like: a number compared with less than
        it can be, or more than it can be."""
        found = _bounded_compare(cond, self.registry)
        if found is None:
            return
        what, (least, most), op, number = found
        if {"<": number <= least, "<=": number < least, "==": number < least}.get(op, False):
            self.warning(
                "W0405",
                cond.pos,
                f"this condition can never hold: {what} is never less than {least}",
                f"the card's steps never run; compare with a number {least} or more",
            )
        elif most is not None and _over(op, number, most):
            self.warning(
                "W0405",
                cond.pos,
                f"this condition can never hold: {what} is never more than {most}",
                f"the card's steps never run; compare with a number {most} or less",
            )

    def expr(
        self, expr: ast.Expr, scope: _Scope, bound: Range | None = None, what: str = ""
    ) -> None:
        """Check an expression; a number written alone must lie in ``bound`` (or any number's)."""
        if isinstance(expr, ast.Num):
            self.number(expr, bound, what)
        elif isinstance(expr, ast.ValueRef):
            if self.value_name(expr.name) and expr.name.text in scope.actor_values:
                self.actor_value(expr.name, scope)
        elif isinstance(expr, ast.ValueOf):  # `night_points of the player who flushed`
            self.value_of(expr, scope)
        elif isinstance(expr, ast.Count):
            self.selector(expr.selector, scope, mode="count")
        elif isinstance(expr, ast.Arith):
            self.expr(expr.left, scope)
            self.expr(expr.right, scope)
            if expr.op == "/" and isinstance(expr.right, ast.Num) and expr.right.value == 0:
                self.error("E0415", expr.right.pos, "division by zero")
        elif isinstance(expr, ast.CounterRef):
            self.counter_read(expr, scope)
        elif isinstance(expr, ast.Function):  # `min(a, b)` (issue 29)
            self.function(expr, scope)

    def value_name(self, name: ast.Word) -> bool:
        """A value's name must be the registry's (E0408); False when it is not."""
        if name.text in self.registry.values:
            return True
        self.error(
            "E0408",
            name.pos,
            f"unknown value `{name.text}`",
            self.registry.no_such(name.text)
            or self.ranked_value(name.text)
            or did_you_mean(name.text, self.registry.values)
            or "count things with `number of <selector>`; "
            + self.hint(name.text, self.registry.values, "values"),
        )
        return False

    def ranked_value(self, name: str) -> str | None:
        """`opponents_min_night_points`: another player's value by rank is read of the
        player so ranked, `night_points of the opponent with the fewest night_points`
        (docs/rules-decisions.md E183). The players are named by a noun of the game's."""
        parts = name.split("_")
        at = next((i for i, part in enumerate(parts) if part in _RANKS), None)
        if at is None:
            return None
        who, rest = parts[:at], parts[at + 1 :]
        if "_".join(rest) not in self.registry.values and rest:
            who, rest = [*who, rest[0]], rest[1:]
        value = "_".join(rest)
        nouns = [self.registry.noun_for((word,)) for word in who]
        named = [found[0].name for found in nouns if found and found[0].type == "player"]
        if value not in self.registry.values or len(named) != 1 or len(who) != 1:
            return None  # `max_night_points`: no player is named, it may be a limit
        rank = "fewest" if _RANKS[parts[at]] else "most"
        return f"write `{value} of the {named[0]} with the {rank} {value}`"

    def actor_value(self, name: ast.Word, scope: _Scope) -> None:
        """E0448: in a reaction to another player's moment (`when an opponent launches a
        star`), a value of that moment read bare is the hearer's own, who has no such moment
        then: always 0 (docs/rules-decisions.md SL171). The heard player's is `<value> of
        the player who <acted>`."""
        actor = f"the player who {_past(scope.act.split()[0])}"
        doc = re.sub(r"\s*\(.*\)$", "", self.registry.values[name.text].doc.rstrip("."))
        self.error(
            "E0448",
            name.pos,
            f"`{name.text}` is yours ({doc[:1].lower()}{doc[1:]}), and here another player "
            f"{scope.act}: yours is always 0 here",
            f"the player you react to has it: `{name.text} of {actor}`",
        )

    def value_of(self, expr: ast.ValueOf, scope: _Scope) -> None:
        """``<value> of <player>``: the value read from one named player's side, a party
        (``the player who flushed``, ``the leader``, ``the player to your left``, a ranked
        player), ``that opponent`` or ``it`` in a loop over players (E0435 for a player to
        pick: an expression asks nobody anything)."""
        if not self.value_name(expr.name):
            return
        said = self.source.text[expr.player.pos.start : expr.player.pos.end]
        if tuple(w.text for w in expr.player.words) == ("you",):  # `light of you`
            self.error(
                "E0435",
                expr.player.pos,
                f"a value is read from your side already: `{expr.name.text}` is your own",
                f"drop `of you`: `{expr.name.text}` alone is yours",
            )
            return
        forms = self.one_player_forms()
        operand = self.one_named_player(
            expr.player,
            scope,
            f"a value is read of one player named so: {forms}",
            f"`{expr.name.text} of {said}` reads one player's value, but `{said}` is a "
            "player to pick, and a number asks nobody",
            f"name one player: {forms}; to test each in turn, `for each "
            f"{self.others_noun()} -> if {expr.name.text} of it > {expr.name.text} -> ...`",
        )
        if operand is not None:
            self.resolved.operands[id(expr)] = operand

    def bare_player(self, arg: ast.Arg) -> bool:
        """``the player`` (or ``from the player``) in a game with no ``player`` noun."""
        inner = arg.value if isinstance(arg, ast.PrepArg) else arg
        if not isinstance(inner, ast.Selector):
            return False
        words = tuple(w.text for w in inner.words)
        return words == ("player",) and "player" not in self.registry.nouns

    def as_others(self, arg: ast.Arg) -> ast.Arg:
        """``the player`` read as the game's noun for another player (``the opponent``)."""
        inner = arg.value if isinstance(arg, ast.PrepArg) else arg
        assert isinstance(inner, ast.Selector)
        word = ast.Word(self.others_noun(), inner.words[0].pos)
        renamed = ast.Selector(inner.det, inner.count, inner.up_to, (word,), inner.posts, inner.pos)
        if isinstance(arg, ast.PrepArg):
            return ast.PrepArg(arg.prep, renamed, arg.pos)
        return renamed

    def seated_player(self, sel: ast.Selector) -> bool:
        """``the player to your left`` in a game whose only player noun implies others (a
        player by your side is always another): read as that noun."""
        words = tuple(w.text for w in sel.words)
        sided = any(p.kind == "side" for p in sel.posts)
        return words == ("player",) and sided and "player" not in self.registry.nouns

    def ranked_player(self, sel: ast.Selector) -> bool:
        """``the player with the most stars`` in a game whose only player noun implies
        others (``opponent``): every player, you too, ranked (docs/dsl.md "Named parties";
        design round 11: it was E0405 "unknown noun `player`", "did you mean `leader`?")."""
        words = tuple(w.text for w in sel.words)
        ranked = any(p.kind == "ranked" for p in sel.posts)
        return words == ("player",) and ranked and "player" not in self.registry.nouns

    def others_noun(self) -> str:
        """The game's noun for another player (one that implies its filter: ``opponent``)."""
        return next(
            (n.name for n in self.registry.nouns.values() if n.type == "player" and n.implies),
            "player",
        )

    def rank_example(self, rank: str) -> str:
        """``the <other player> with the most <things>`` or ``... <value>``, in backticks,
        from the registry: the first things an owner has, the first value."""
        yours = self.registry.filters.get("yours")
        owned = [
            n.plural or n.name
            for n in self.registry.nouns.values()
            if yours is not None and n.type in yours.applies_to and n.type != "player"
        ]
        values = list(self.registry.values)
        shown = [f"`the {self.others_noun()} with the {rank} {w}`" for w in (owned + values)[:1]]
        shown += [f"`the {self.others_noun()} with the {rank} {w}`" for w in values[:1]]
        return _or_words(list(dict.fromkeys(shown)))

    def one_player_forms(self) -> str:
        """The forms that name one player in this game, for hints."""
        forms = ["`the player who <acted>` in a reaction"]
        forms += [f"`the {n.name}`" for n in self.registry.nouns.values() if n.anywhere]
        forms += [f"`the player to your {side}`" for side in self.registry.sides]
        opponent = self.others_noun()
        forms += [
            f"`the {opponent} with the most <things or value>`",
            f"`that {opponent}` (a remembered choice)",
            f"`it` inside `for each {opponent}`",
        ]
        return ", ".join(forms)

    # --- card state (issue 29): counters on a card, a remembered choice ---------------

    def counter_operand(
        self, param: Param, value: Any, scope: _Scope, verb: Verb
    ) -> dict[str, Any] | None:
        """``1 charge``: a number and a counter name the card writer chooses; ``a charge``
        is one, as English says it ("put a charge on this card")."""
        written = value
        value = _one_counter(value)
        if not isinstance(value, ast.Amount) or value.unit is None or value.per is not None:
            self.error(
                "E0410",
                value.pos,
                f"`{verb.name}` needs a number of counters and their name, such as `1 charge`",
                self.counter_hint(verb, value),
            )
            if _every_counter(value):  # `remove all charges`:
                # used all the same, so W0410 does not say the card's puts are never used
                self.counters_used.append(
                    (card_state.counter_name(value.words[0].text), value.words[0])
                )
            return None
        name = card_state.counter_name(value.unit.text)
        if verb.name == card_state.PUT:
            self.counters_put.setdefault(name, value.unit)
        else:
            self.counters_used.append((name, value.unit))
        self.expr(value.count, scope, param.range, f"a number of `{name}` counters")
        operand = {"amount": value, "unit": name}
        self.resolved.operands[id(written)] = operand
        return operand

    def counter_hint(self, verb: Verb, value: Any) -> str:
        """How `put` and `remove` count: `remove all charges` is told the count that empties
        the card, `(charges on this card)`."""
        prep = "on" if verb.name == card_state.PUT else "from"
        if _every_counter(value) and verb.name == card_state.REMOVE:
            name = value.words[0].text
            return (
                f"every counter of a kind is `({name} on this card)`: `remove ({name} on this "
                f"card) {name} from this card` empties the card"
            )
        return (
            f"`{verb.name}` counts counters on this card, as in `{verb.name} 1 charge {prep} "
            f"this card`{self.verbs_for(value)}"
        )

    def verbs_for(self, value: Any) -> str:
        """``; verbs that act on a ship: `deal`, `destroy`, ...``: for `remove a ship of
        yours`, the verbs that do take the thing written (by the registry), or nothing."""
        words = tuple(w.text for w in value.words) if isinstance(value, ast.Selector) else ()
        found = self.registry.noun_for(words) if words else None
        if found is None:
            return ""
        noun = found[0]
        verbs = sorted(
            verb.name
            for verb in self.registry.verbs.values()
            if verb.name not in (card_state.PUT, card_state.REMOVE)
            and any(p.kind is ArgKind.TARGET and noun.type in p.types for p in verb.params)
        )
        said = ", ".join(f"`{v}`" for v in verbs)
        return f"; verbs that act on {_article(noun.name)} {noun.name}: {said}" if verbs else ""

    def counter_card(self, value: Any, scope: _Scope, what: str) -> dict[str, Any] | None:
        """Counters live on the card the effect is printed on: ``this card`` and nothing else
        (E0422)."""
        words = tuple(w.text for w in value.words) if isinstance(value, ast.Selector) else ()
        this = isinstance(value, ast.Selector) and value.det is not None
        if not (this and value.det.text == "this" and words == ("card",) and not value.posts):
            self.error(
                "E0422",
                value.pos,
                f"counters live on {card_state.THIS_CARD} only, so {what} cannot name another card",
                f"write `{card_state.THIS_CARD}`: a card keeps counters on itself alone",
            )
            return None
        if "card" not in scope.context:
            self.error("E0411", value.pos, "there is no `this card` here")
            return None
        return {"this": scope.context["card"], "type": "card"}

    def counter_read(self, ref: ast.CounterRef, scope: _Scope) -> None:
        """``charges on this card``: the counter must be one the card puts (E0420, checked
        once every clause is seen), on this card (E0422)."""
        if ref.prep is not None and ref.prep.text != "on":
            self.error(
                "E0422",
                ref.prep.pos,
                f"counters are read as `{ref.name.text} on this card`, not `{ref.prep.text}`",
                "write `on`",
            )
            return
        self.counters_used.append((card_state.counter_name(ref.name.text), ref.name))
        self.counter_card(ref.card, scope, f"`{ref.name.text} on ...`")

    def counters_never_put(self) -> None:
        """E0420: a counter read or removed that no clause of the card ever puts is always 0,
        so the condition, the amount or the cost can never do what it says. W0410: a counter
        put that nothing reads or removes changes nothing the card does (not said beside an
        E0420, whose misspelt name is the likelier fault)."""
        used = {name for name, _ in self.counters_used}
        unknown = used - set(self.counters_put)
        for name, word in self.counters_put.items():
            if name not in used and not unknown:
                self.warning(
                    "W0410",
                    word.pos,
                    f"this card puts `{name}` counters on itself, but nothing of it reads or "
                    "removes them, so they change nothing",
                    f"use them, as in `if {card_state.plural(name, 2)} on this card >= 3 -> ...` "
                    f"or `activated: remove 3 {card_state.plural(name, 3)} from this card -> ...`",
                )
        for name, word in self.counters_used:
            if name in self.counters_put:
                continue
            puts = sorted(self.counters_put)
            close = did_you_mean(name, puts) if puts else None
            self.error(
                "E0420",
                word.pos,
                f"this card never puts a `{name}` counter on itself, so it always has none",
                close
                or f"add a clause that puts one, such as `when <hook> -> put 1 {name} "
                "on this card`",
            )

    def remembered_nouns(self, effect: ast.Effect) -> set[str]:
        """The nouns a ``choose a <noun>:`` of the card remembers (any clause)."""
        found: set[str] = set()
        for clause in effect.clauses:
            body = getattr(clause, "body", None)
            if body is None:
                continue
            for step in walk_steps(body):
                if isinstance(step, ast.Remember):
                    noun = self.registry.noun_for(tuple(w.text for w in step.chosen.words))
                    if noun is not None:
                        found.add(noun[0].name)
        return found

    def remember(self, step: ast.Remember, scope: _Scope) -> None:
        """``choose an opponent: <step>``: one player, remembered on the card (E0423 for
        anything that is not a player)."""
        found = self.registry.noun_for(tuple(w.text for w in step.chosen.words))
        # a named party (`the owner`) is one player already: there is nothing to choose
        players = [
            n.name for n in self.registry.nouns.values() if n.type == "player" and not n.party
        ]
        if found is None or found[0].type != "player" or found[0].party or found[1]:
            said = " ".join(w.text for w in step.chosen.words)
            noun = players[-1] if players else ""
            self.error(
                "E0423",
                step.chosen.pos,
                f"a card remembers the choice of a player, not `{said}`",
                f"write `{_article(noun)} {noun}`, then name it `that {noun}` in any clause of "
                "the card"
                if players
                else "this game has no noun for a player to choose",
            )
            self.step(step.step, scope)
            return
        self.resolved.remembered[id(step)] = found[0].name
        operand = self.selector(step.chosen, scope, want=("player",))
        if operand is not None and operand.get("quant") != "one":
            self.error("E0423", step.chosen.pos, "a card remembers the choice of one player")
        self.step(step.step, scope)

    def that_chosen(
        self, sel: ast.Selector, noun: Noun, adjectives: tuple[str, ...]
    ) -> dict[str, Any] | None:
        """``that opponent``: the player a ``choose an opponent:`` of this card remembers
        (E0421 when no clause of the card chooses one)."""
        if adjectives or sel.posts or noun.name not in self.remembered:
            chosen = sorted(self.remembered)
            self.error(
                "E0421",
                sel.pos,
                f"`that {noun.name}` names the {noun.name} this card chose, but no clause of "
                f"it says `choose {_article(noun.name)} {noun.name}: ...`",
                f"write `that {chosen[0]}`"
                if chosen and not adjectives and not sel.posts
                else f"choose one first, as in `when <hook> -> choose "
                f"{_article(noun.name)} {noun.name}: ...`, or write `{_article(noun.name)} "
                f"{noun.name}`",
            )
            return None
        return {"chosen": noun.name, "type": noun.type}

    def function(self, expr: ast.Function, scope: _Scope) -> None:
        """A function of numbers: a name of :data:`FUNCTIONS` (E0445) with two numbers
        (E0446)."""
        name = expr.name.text
        for arg in expr.args:
            self.expr(arg, scope)
        if name not in FUNCTIONS:
            self.error(
                "E0445",
                expr.name.pos,
                f"unknown function `{name}`",
                did_you_mean(name, FUNCTIONS)
                or "the functions of numbers are " + ", ".join(f"`{f}(a, b)`" for f in FUNCTIONS),
            )
        elif len(expr.args) != 2:
            self.error(
                "E0446",
                expr.pos,
                f"`{name}` takes two numbers, not {len(expr.args)}",
                f"give it two numbers, as in `{name}(a, b)`; nest it for more: "
                f"`{name}(a, {name}(b, c))`",
            )


def _words_after(arg: ast.PrepArg) -> list[str]:
    """The words of a preposition's selector, its determiner first (`the least light`)."""
    value = arg.value
    if not isinstance(value, ast.Selector):
        return []
    det = [value.det.text] if value.det is not None else []
    return det + [w.text for w in value.words]


#: Functions of numbers an expression may call (issue 29): the smaller and the larger of two.
FUNCTIONS = {"min": "the smaller of", "max": "the larger of"}


#: A comparison read with its sides swapped (`0 > light` is `light < 0`).
_FLIPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


def _bounded_compare(
    cond: ast.Compare, registry: Registry
) -> tuple[str, tuple[int, int | None], str, int] | None:
    """``(what, (its least, its most or None), op, number)`` for a value or count compared
    with a number."""
    left, op, right = cond.left, cond.op, cond.right
    if isinstance(left, ast.Num):
        left, op, right = right, _FLIPPED[op], left
    if not isinstance(right, ast.Num):
        return None
    if isinstance(left, ast.Count):
        return "a count", (0, None), op, right.value
    if isinstance(left, ast.CounterRef):  # card state: a card holds no fewer than 0
        return "a number of counters", (0, None), op, right.value
    if isinstance(left, ast.ValueRef) and left.name.text in registry.values:
        value = registry.values[left.name.text]
        return f"`{value.name}`", (value.least, value.most), op, right.value
    return None


def _over(op: str, number: int, most: int) -> bool:
    """Whether ``value <op> number`` asks for more than ``most``, which the value never is."""
    return {">": number >= most, ">=": number > most, "==": number > most}.get(op, False)


#: Verbs of the acts (``Hook.acted``) whose past is not ``-ed``.
#: `opponents_min_night_points`: a rank among players, and whether it is the fewest.
_RANKS = {
    "min": True,
    "minimum": True,
    "fewest": True,
    "least": True,
    "lowest": True,
    "max": False,
    "maximum": False,
    "most": False,
    "highest": False,
}

_IRREGULAR_PAST = {
    "builds": "built",
    "buys": "bought",
    "draws": "drew",
    "gets": "got",
    "gives": "gave",
    "holds": "held",
    "loses": "lost",
    "makes": "made",
    "pays": "paid",
    "sells": "sold",
    "spends": "spent",
    "takes": "took",
    "wins": "won",
}


def _after_noun(kept: Filter) -> str:
    """How a filter is written after its noun: `here`, `of yours`, `of this type`, `you
    control`."""
    if kept.form == "of":
        return f"of this {kept.name}" if kept.needs else f"of {kept.name}"
    return f"you {kept.name}" if kept.form == "you" else kept.name


def _act_before(phrase: str, acts: Iterable[str]) -> str | None:
    """The longest act ``phrase`` starts with and goes on after (`launches a star into this
    constellation`: `launches a star`), or None."""
    found = [a for a in acts if phrase.startswith(a + " ")]
    return max(found, key=len) if found else None


def _same_verb(written: str, verb: str) -> bool:
    """Whether ``written`` may be a slip of ``verb`` (`launchs`, `lanches` for `launches`):
    the same first letter, and close (``did_you_mean``); `uses` is not `flushes`."""
    return written[:1] == verb[:1] and did_you_mean(written, [verb]) is not None


#: A noun with at most this many filters of a form is told them all when one is unknown.
_FEW_FILTERS = 6


def _past(verb: str) -> str:
    """``plays`` -> ``played``, ``mines`` -> ``mined``, ``builds`` -> ``built``."""
    if verb in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[verb]
    stem = verb.removesuffix("s")
    return stem + ("d" if stem.endswith("e") else "ed")


def _moment_words(node: Any, registry: Registry) -> list[tuple[ast.Word, str]]:
    """The words of a condition that read a value or a filter set only during a moment
    (``Value.during``, ``Filter.during``), with the moment, in the order written."""
    found: list[tuple[ast.Word, str]] = []
    if isinstance(node, ast.Word):
        value = registry.values.get(node.text)
        kept = registry.filters.get(node.text)
        moment = (value.during if value else "") or (kept.during if kept else "")
        if moment:
            found.append((node, moment))
        return found
    if isinstance(node, tuple):
        for item in node:
            found += _moment_words(item, registry)
        return found
    for name in getattr(node, "__dataclass_fields__", {}):
        if name != "pos":
            found += _moment_words(getattr(node, name), registry)
    return found


def _every_counter(value: Any) -> bool:
    """`all charges`, `every seal`: every counter of a kind, as English says it."""
    if not isinstance(value, ast.Selector) or value.det is None or value.posts:
        return False
    return value.det.text in ("all", "every", "each") and len(value.words) == 1


def _one_counter(value: Any) -> Any:
    """`a charge`, `an envy`, `one seal`: one counter, as `1 charge` (the written selector
    otherwise)."""
    one = isinstance(value, ast.Selector) and value.det is not None and value.count is None
    if not (one and value.det.text in ("a", "an", "one") and len(value.words) == 1):
        return value
    if value.posts or value.up_to:
        return value
    return ast.Amount(ast.Num(1, value.det.pos), value.words[0], None, value.pos)


def _per_counter(previous: ast.Arg | None, arg: ast.Arg) -> ast.Amount | None:
    """``1 light per charge`` then ``on this card``, which the grammar splits (it cannot tell
    a counter from a noun), as one amount counting the card's counters (card state)."""
    if not (
        isinstance(previous, ast.Amount)
        and previous.per is not None
        and previous.per.counter is None
        and isinstance(arg, ast.PrepArg)
        and arg.prep.text == "on"
        and isinstance(arg.value, ast.Selector)
        and arg.value.det is not None
        and arg.value.det.text == "this"
    ):
        return None
    counted = previous.per.selector
    if counted.det is not None or counted.count is not None or len(counted.words) != 1:
        return None
    pos = ast.Pos(counted.pos.start, arg.pos.end)
    ref = ast.CounterRef(counted.words[0], arg.value, pos, arg.prep)
    per = ast.Per(previous.per.every, counted, ast.Pos(previous.per.pos.start, arg.pos.end), ref)
    return ast.Amount(previous.count, previous.unit, per, ast.Pos(previous.pos.start, arg.pos.end))


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _amount_as_selector(value: ast.Amount) -> ast.Selector | None:
    """``2 extractors`` written as an amount is a counted selector."""
    if value.unit is None or value.per is not None:
        return None
    return ast.Selector(None, value.count, False, (value.unit,), (), value.pos)


def _who_posts(
    posts: tuple[ast.Post, ...], is_filter: Callable[[str], bool]
) -> tuple[ast.Post, ...]:
    """``of the player who built a ship here``: the grammar reads ``of the player`` and
    then the words ``who built ship`` after it; they are one party (``the player who built
    ship``), and the words that are filters (``here``) qualify the things as before."""
    out: list[ast.Post] = []
    index = 0
    while index < len(posts):
        post = posts[index]
        after = index + 1
        if (
            post.kind == "of_party"
            and post.other is not None
            and after < len(posts)
            and posts[after].kind == "after"
            and posts[after].word is not None
            and posts[after].word.text == "who"  # type: ignore[union-attr]
        ):
            words = list(post.other.words)
            while after < len(posts) and posts[after].kind == "after":
                word = posts[after].word
                if word is None or (len(words) > 2 and is_filter(word.text)):
                    break
                words.append(word)
                after += 1
            end = posts[after - 1].pos.end
            party = ast.Selector(
                post.other.det, None, False, tuple(words), (), ast.Pos(post.other.pos.start, end)
            )
            out.append(ast.Post("of_party", post.word, party, ast.Pos(post.pos.start, end)))
            index = after
            continue
        out.append(post)
        index += 1
    return tuple(out)


def _who_did(previous: ast.Arg | None, arg: ast.Arg) -> ast.Arg | None:
    """``the player who built`` followed by ``a ship``: one argument (a determiner starts a
    new argument in the grammar)."""
    inner = previous.value if isinstance(previous, ast.PrepArg) else previous
    if not (
        isinstance(inner, ast.Selector)
        and len(inner.words) > 2
        and inner.words[1].text == "who"
        and not inner.posts
        and isinstance(arg, ast.Selector)
        and arg.det is not None
        and arg.det.text in ("a", "an", "the")
    ):
        return None
    pos = ast.Pos(inner.pos.start, arg.pos.end)
    merged = ast.Selector(inner.det, None, False, inner.words + arg.words, arg.posts, pos)
    if isinstance(previous, ast.PrepArg):
        return ast.PrepArg(previous.prep, merged, ast.Pos(previous.pos.start, arg.pos.end))
    return merged


def _single_word(value: Any) -> str | None:
    if isinstance(value, ast.Selector) and value.det is None and len(value.words) == 1:
        return value.words[0].text
    return None


def _written_number(operand: dict[str, Any]) -> ast.Num | None:
    """The whole number an AMOUNT or NUMBER operand was written with, if it is one."""
    value = operand.get("amount", operand.get("num"))
    if isinstance(value, ast.Amount) and value.per is None and isinstance(value.count, ast.Num):
        return value.count
    return None


#: Numbers a newcomer writes in words (`gain two ap`), with the digits to write instead.
_NUMBER_WORDS = {
    word: str(n)
    for n, word in enumerate("zero one two three four five six seven eight nine ten".split())  # noqa: SIM905
}


def _singular(word: str, allowed: tuple[str, ...]) -> str:
    if word in allowed:
        return word
    if word.endswith("s") and word[:-1] in allowed:
        return word[:-1]
    return word


def _describe_param(param: Param) -> str:
    what = param.doc or param.name
    if param.kind is ArgKind.AMOUNT:
        what = f"an amount ({', '.join(param.types)})"
    elif param.kind is ArgKind.TARGET:
        what = _or_list(param.types)
    return f"`{param.prep} ...` ({what})" if param.prep else what


def _with_subject(subject: str, plural: bool, says: str) -> str:
    """A modifier or a grant written whole: ``says`` is ``+1 attack`` or ``can bombard``."""
    if says.startswith("can "):
        return f"{subject} {says}"
    return f"{subject} {'have' if plural else 'has'} {says}"


#: The period of a use limit that never ends (``at most 3 times per game``): a duration
#: cannot last to its end (issue 29).
_WHOLE_GAME = "game"


def _or_words(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _or_list(items: tuple[str, ...] | list[str]) -> str:
    names = [i.replace("_", " ") for i in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _gives_back(
    cost: ast.Action, step: ast.Action, verb: Verb | None, text: str, registry: Registry
) -> bool:
    """Whether ``step`` undoes ``cost`` (``verb``, the cost's, names its inverse): the same
    `this ...` thing (or a selector that may pick it), or as much of the same unit or more
    (both written as plain numbers)."""
    if verb is None or verb.given_back_by != step.verb.text or not cost.args or not step.args:
        return False
    paid, back = cost.args[0], step.args[0]
    if isinstance(paid, ast.Amount) and isinstance(back, ast.Amount):
        return (
            paid.per is None
            and back.per is None
            and paid.unit is not None
            and back.unit is not None
            and paid.unit.text == back.unit.text
            and isinstance(paid.count, ast.Num)
            and isinstance(back.count, ast.Num)
            and back.count.value >= paid.count.value
        )
    if not (
        isinstance(paid, ast.Selector)
        and isinstance(back, ast.Selector)
        and paid.det is not None
        and paid.det.text == "this"
    ):
        return False
    return text[paid.pos.start : paid.pos.end] == text[back.pos.start : back.pos.end] or _may_pick(
        back, paid, registry
    )


def _may_pick(chosen: ast.Selector, this: ast.Selector, registry: Registry) -> bool:
    """Whether ``chosen`` (``a tech of yours``) may pick the card's own ``this`` thing
    (``this card``), which a single candidate is taken as without asking: a noun that can be
    it (``Noun.also``), not `another` nor `other than ...`, and no adjective but those of any
    card (``exhausted``: a filter of the thing's own noun), which may all hold for it."""
    this_noun = registry.nouns.get(this.words[-1].text) if this.words else None
    noun = _noun_of(chosen, registry)
    if this_noun is None or noun is None:
        return False
    if this_noun.type != noun.type and this_noun.type not in noun.also:
        return False
    if chosen.det is not None and chosen.det.text == "another":
        return False
    if any(post.kind == "other_than" for post in chosen.posts):
        return False
    adjectives = [word.text for word in chosen.words[:-1]]
    return all(
        word in registry.filters and this_noun.type in registry.filters[word].applies_to
        for word in adjectives
    )


def _noun_of(selector: ast.Selector, registry: Registry) -> Noun | None:
    """The noun a selector ends in, singular or plural (None when it is no noun)."""
    if not selector.words:
        return None
    last = selector.words[-1].text
    return registry.nouns.get(last) or next(
        (noun for noun in registry.nouns.values() if noun.plural == last), None
    )


def walk_steps(step: ast.Step) -> Iterator[ast.Step]:
    """Every step inside ``step``, itself included (for tools that scan effects)."""
    yield step
    for item in ast.inner_steps(step):
        yield from walk_steps(item)


def _grouped(text: str, pos: ast.Pos) -> tuple[int, int]:
    """The span of a step with the parentheses of its group, when it is one (`(A then B)`
    is parsed to its steps, whose span leaves the parentheses out), so a hint that quotes it
    quotes them both, not the opening one alone."""
    before = text[: pos.start].rstrip()
    after = text[pos.end :].lstrip()
    if before.endswith("(") and after.startswith(")"):
        return len(before) - 1, len(text) - len(after) + 1
    return pos.start, pos.end


def _twice(amount: ast.Expr) -> str:
    """Two discounts of ``amount`` together, in words (W0411)."""
    return str(2 * amount.value) if isinstance(amount, ast.Num) else "twice as much"
