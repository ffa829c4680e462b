"""Triggers whose own effect fires the hook they listen to (W0403, W0404).

A trigger ``when <hook> -> ...`` runs each time its hook fires for the card's owner. When a
verb of its effect fires that hook again for the same player (the verb's ``fires``, declared
with the verb in the game's registry), the card triggers itself once more, one effect deeper,
and again, until the engine's trigger depth limit stops the game with an error. The checker
reports it where the verb is written, so the designer learns it before playing:

- W0403: the loop is certain. Nothing the owner chooses, and nothing the game runs out of,
  stops it: every path through the effect reaches a verb that fires the hook, for its owner,
  and the verb always acts.
- W0404: the card can trigger itself again, but not always: its owner's choices keep it going
  (a ``may``, an option of ``choose one``, a target the owner picks), or the verb uses
  something up (``Fires.ends``: pieces of a supply), which ends the chain by itself, perhaps
  only after the depth limit.

Precision comes first (docs/diagnostics.md "W0403"): a clause is not reported when its
effect might not fire the hook again in ways the checker cannot see. A trigger with a
``when ... if`` condition (the effect may make it false), one with a use limit (``once per
round``: used up, it does nothing, so the chain ends), a step under ``if`` or ``for each``,
a step after a cost (``-> ...``: a cost is a brake of its own), and a verb acting on a thing
an earlier step acted on (``deal 1 damage to this ship then move this ship ...``: the ship
may be gone) are left alone.

Everything game-specific comes from the registry: which verbs fire which hooks for whom
(``Verb.fires``), which things a hook gives belong to the player who hears it (``Hook.own``)
and where they are (``Hook.at``), and which place filters never keep the place they read
(``Filter.elsewhere``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whitedwarf.dsl import ast
from whitedwarf.dsl.registry import ArgKind, Fires, Hook, Param, Registry, Verb

#: How surely a verb's firing makes its card trigger itself again (strongest first).
SURE = "sure"  # always (W0403)
CHOSEN = "chosen"  # when its owner chooses so (W0404)
ENDS = "ends"  # while something it uses up lasts (W0404)
_STRENGTH = {SURE: 0, CHOSEN: 1, ENDS: 2}

#: The filter the grammar's ``of yours`` (and ``your``) resolves to: the owner's things only.
YOURS = "yours"


@dataclass(frozen=True, slots=True)
class Refiring:
    """A verb of a trigger's effect that fires the hook the trigger listens to."""

    action: ast.Action
    verb: Verb
    fires: Fires
    how: str  # SURE, CHOSEN or ENDS


#: What the checker bound to each action (``Resolved.calls``), by ``id()`` of the node.
Calls = dict[int, list[tuple[Param, Any]]]
#: What the checker resolved each selector to (``Resolved.selectors``), by ``id()``.
Selectors = dict[int, dict[str, Any]]


def refirings(
    registry: Registry,
    clause: ast.Trigger,
    hook: Hook,
    context: dict[str, str],
    calls: Calls,
    selectors: Selectors,
) -> list[Refiring]:
    """The verbs of ``clause`` that fire its own hook for its owner, one per verb written,
    each with how surely (see the module's docstring). ``context`` maps the ``this``
    phrases of the clause (its card kind's and its hook's) to their types; ``calls`` and
    ``selectors`` are what the checker resolved."""
    if clause.cond is not None:
        return []  # the effect may make the condition false: the checker cannot tell
    if clause.limit is not None:
        return []  # used up, the trigger does nothing: the chain is at most N deep
    walk = _Walk(registry, hook, context, calls, selectors)
    found = [r for r in walk.step(clause.body, SURE) if r.fires.hook == hook.name]
    best: dict[int, Refiring] = {}
    for refiring in found:  # one report per verb written, the strongest
        kept = best.get(id(refiring.action))
        if kept is None or _STRENGTH[refiring.how] < _STRENGTH[kept.how]:
            best[id(refiring.action)] = refiring
    return sorted(best.values(), key=lambda r: r.action.pos.start)


class _Walk:
    """One walk over a trigger's effect, in the order its steps run."""

    def __init__(
        self,
        registry: Registry,
        hook: Hook,
        context: dict[str, str],
        calls: Calls,
        selectors: Selectors,
    ) -> None:
        self.registry = registry
        self.hook = hook
        self.context = context
        self.calls = calls
        self.selectors = selectors
        #: The ``this`` type whose thing the innermost ``for each`` surely reaches as `it`.
        self.it: str | None = None
        provided = dict(hook.provides)
        #: The types of the hook's things that are always the hearer's own (``Hook.own``).
        self.own = {provided[p]: p for p in hook.own if p in provided}
        #: The ``this`` types the verbs walked so far acted on.
        self.touched: set[str] = set()

    def step(self, step: ast.Step, path: str) -> list[Refiring]:
        """The refirings of ``step``, reached surely (``path`` SURE) or by choice."""
        if isinstance(step, ast.Body):
            return [r for item in step.steps for r in self.step(item, path)]
        if isinstance(step, ast.Action):
            return self.action(step, path)
        if isinstance(step, ast.Optional):  # `may`: its owner may decline
            return self.step(step.step, CHOSEN)
        if isinstance(step, ast.Choice):  # `choose one`: its owner picks the option
            return _either(self.branches(step.options, path), CHOSEN)
        if isinstance(step, ast.Conditional):
            if step.otherwise is None:
                self.step(step.step, path)  # for what it acts on, then nothing of it counts
                return []
            both = self.branches((step.step, step.otherwise), path)
            return _either(both, None)  # sure on both sides, else not the owner's choice
        if isinstance(step, ast.Repeat):
            found = self.step(step.step, path)
            once = isinstance(step.times, ast.Num) and step.times.value >= 1
            return found if once else []
        if isinstance(step, ast.ForEach):
            return self.for_each(step, path)
        if isinstance(step, ast.Remember):  # card state: the pick is whom, not whether
            return self.step(step.step, path)
        if isinstance(step, ast.Paid):  # a cost may not be paid, and is a brake itself
            for cost in step.costs:
                self.action(cost, path)
            self.step(step.effect, path)
        return []

    def for_each(self, step: ast.ForEach, path: str) -> list[Refiring]:
        """A loop counts when it surely reaches the hook's own thing (``for each ship of
        yours`` on a hook that brings a ship of yours): `it` is that thing once. Any other
        loop may find nothing."""
        selection = self.selectors.get(id(step.selector))
        outer, self.it = self.it, None
        if (
            selection is not None
            and selection.get("quant") == "all"
            and selection.get("type") in self.own
            and not selection.get("exclude")
            and all(spec == [YOURS] for spec in selection.get("filters", ()))
        ):
            self.it = selection["type"]
        found = self.step(step.step, path)
        covered, self.it = self.it, outer
        return found if covered else []

    def branches(self, steps: tuple[ast.Step, ...], path: str) -> list[list[Refiring]]:
        """The refirings of steps of which one runs: each starts from what was acted on
        before them, and what any of them acts on counts after them."""
        before, after = set(self.touched), set(self.touched)
        found = []
        for step in steps:
            self.touched = set(before)
            found.append(self.step(step, path))
            after |= self.touched
        self.touched = after
        return found

    def action(self, action: ast.Action, path: str) -> list[Refiring]:
        """The hooks a verb fires for the effect's owner, and how surely."""
        verb = self.registry.verbs.get(action.verb.text)
        bound = self.calls.get(id(action))
        if verb is None or bound is None:
            return []
        operands = {param.name: self.this_or_it(operand) for param, operand in bound}
        mine = {o["this"] for o in operands.values() if isinstance(o, dict) and "this" in o}
        # A thing an earlier verb acted on may be gone (destroyed, moved): not sure any more.
        stale = bool(mine & self.touched)
        self.touched |= mine
        if stale:
            return []
        found = []
        for fires in (*verb.fires, *self.gains(verb, operands)):
            how = self.fires(fires, operands)
            if how is not None:
                if how != ENDS and path == CHOSEN:
                    how = CHOSEN
                found.append(Refiring(action, verb, fires, how))
        return found

    def gains(self, verb: Verb, operands: dict[str, Any]) -> tuple[Fires, ...]:
        """The hook heard once the verb's gain is done (``Hook.gained_by``), when the verb
        surely gains: a written number of at least 1 and no ``per`` (a count or a value may
        be 0, and precision comes first)."""
        for name, unit in self.hook.gained_by:
            amount = next(
                (o for o in operands.values() if isinstance(o, dict) and o.get("unit") == unit),
                None,
            )
            if verb.name != name or amount is None:
                continue
            written = amount.get("amount")
            count = getattr(written, "count", None)
            plain = getattr(written, "per", None) is None
            if plain and isinstance(count, ast.Num) and count.value >= 1:
                return (Fires(self.hook.name),)
        return ()

    def this_or_it(self, operand: Any) -> Any:
        """`it` of a loop that surely reaches the hook's own thing stands for that thing
        (the iteration that reaches it)."""
        if isinstance(operand, dict) and operand.get("it") and self.it == operand.get("type"):
            return {"this": self.it, "type": self.it}
        return operand

    def fires(self, fires: Fires, operands: dict[str, Any]) -> str | None:
        """How surely the verb fires ``fires`` for the effect's owner (None: not known to)."""
        if fires.heard_by and not self.owners(operands.get(fires.heard_by)):
            return None
        if fires.not_own and self.owners(operands.get(fires.not_own)):
            return None
        how: str | None = SURE
        if fires.moves is not None:
            thing, place = (operands.get(name) for name in fires.moves)
            how = self.moved(thing, place)
        if how is None:
            return None
        return ENDS if fires.ends else how

    def owners(self, operand: Any) -> bool:
        """Whether the thing an operand names is surely the effect owner's."""
        if not isinstance(operand, dict):
            return False
        if "this" in operand:
            return operand["this"] in self.own
        return [YOURS] in operand.get("filters", ()) and operand.get("quant") in ("one", "all")

    def moved(self, thing: Any, place: Any) -> str | None:
        """Whether putting ``thing`` at ``place`` surely moves it (``Fires.moves``): SURE
        when the place is picked among places other than where the thing is; CHOSEN when
        its owner can pick so; None when the checker cannot tell."""
        if not isinstance(thing, dict) or not _picked_one(place):
            return None
        elsewhere = self.elsewhere(place)
        unfiltered = not place["filters"]
        if "this" in thing:
            phrase = self.own.get(thing["this"])
            if phrase is None:
                return None
            if elsewhere is not None and self.away_from(phrase, elsewhere):
                return SURE
            return CHOSEN if elsewhere is not None or unfiltered else None
        # ``a ship of yours``: its owner may pick the hook's own thing and move it away, to a
        # place picked elsewhere or to any place (where it is is one of them, not the only).
        if not _picked_one(thing) or thing.get("exclude"):
            return None
        if any(spec != [YOURS] for spec in thing["filters"]):
            return None
        phrase = self.own.get(thing["type"])
        if phrase is None:
            return None
        if unfiltered:
            return CHOSEN
        return CHOSEN if elsewhere is not None and self.away_from(phrase, elsewhere) else None

    def elsewhere(self, place: dict[str, Any]) -> str | None:
        """The ``this`` phrase the place's filters read their place from, when every filter
        of it keeps only places other than that one (``Filter.elsewhere``); else None."""
        read = None
        for spec in place["filters"]:
            found = self.registry.filters.get(spec[0])
            if found is None or not found.elsewhere:
                return None
            near = next((n for n in found.near if n in self.context), None)
            if near is None or read not in (None, near):
                return None
            read = near
        return read

    def away_from(self, phrase: str, read: str) -> bool:
        """Whether places other than ``this <read>`` are never where ``this <phrase>`` is."""
        return read == phrase or (phrase, read) in self.hook.at


def _picked_one(operand: Any) -> bool:
    """A selection of which its owner picks one (``a sector``, ``an adjacent sector``)."""
    return isinstance(operand, dict) and "filters" in operand and operand.get("quant") == "one"


def _either(branches: list[list[Refiring]], weaker: str | None) -> list[Refiring]:
    """Refirings of steps of which one runs: a hook fired surely on every branch stays sure;
    any other is ``weaker`` (CHOSEN when the owner picks the branch; None: dropped)."""
    sure = set.intersection(*({r.fires.hook for r in b if r.how == SURE} for b in branches))
    out = []
    for branch in branches:
        for refiring in branch:
            if refiring.how == SURE and refiring.fires.hook in sure:
                out.append(refiring)
            elif weaker is not None:
                how = ENDS if refiring.how == ENDS else weaker
                out.append(Refiring(refiring.action, refiring.verb, refiring.fires, how))
    return out


def report(registry: Registry, refiring: Refiring) -> tuple[str, str, str]:
    """The code, message and hint the checker reports for a refiring, at its verb."""
    verb, hook = refiring.verb.name, refiring.fires.hook
    said = f"`{verb}` fires `{hook}`, the hook this card listens to, so the card"
    limit = "the engine's trigger depth limit stops the game"
    hint = _hint(registry, hook)
    if refiring.how == SURE:
        return "W0403", f"{said} triggers itself again and again until {limit}", hint
    hint += "; if that is meant, `allow: [W0404]` on the card keeps it"
    if refiring.how == CHOSEN:
        message = (
            f"{said} triggers itself again whenever its owner chooses to act; an owner "
            f"who always does goes on until {limit}"
        )
    else:
        message = (
            f"{said} can trigger itself again and again until {refiring.fires.ends}, "
            f"or until {limit}"
        )
    return "W0404", message, hint


def _hint(registry: Registry, hook: str) -> str:
    """Ways to end the chain that the language has: a condition, a cost, another hook."""
    ways = [
        f"a condition that its effect makes false (`when {hook} if ... ->`)",
        f"a use limit (`when {hook}, once per <period> -> ...`)",
    ]
    cost = _card_cost(registry)
    if cost is not None:
        ways.append(f"a cost the chain can meet only once (`{cost} -> ...`)")
    return "give the chain an end: " + ", ".join(ways) + ", or another hook"


def _card_cost(registry: Registry) -> str | None:
    """A cost verb on the card itself (``exhaust this card``), if the game has one: paid
    once, it cannot be paid again in the chain."""
    for verb in registry.verbs.values():
        first = verb.params[0] if verb.params else None
        if (
            verb.cost
            and first is not None
            and first.kind is ArgKind.TARGET
            and "card" in first.types
            and len(verb.params) == 1
        ):
            return f"{verb.name} this card"
    return None
