"""Counters read after a step of the same effect took them all (W0412).

``activated: remove (charges on this card) charges from this card -> gain 1 common per charge
on this card`` reads like "spend every charge for a common each", but a cost is paid before
the steps after ``->`` run (docs/dsl.md "Costs before ->"), so the gain counts the charges
left, none: the card validates and gives nothing. The checker finds a ``remove`` whose number
is the counter itself (it empties the card) and the reads of that counter in the steps that
surely run after it, in the same sequence (``then``, after ``->``, and inside any step after
it), up to a ``put`` of the counter, which may fill it again.

Only that sure order is looked at: a removal inside ``may``, ``if``, an option or a loop
is checked within its own steps, since the steps after it may run without it.
"""

from __future__ import annotations

from collections.abc import Iterator

from whitedwarf.dsl import ast
from whitedwarf.dsl.card_state import PUT, REMOVE, counter_name


def emptied_reads(body: ast.Step) -> list[tuple[ast.CounterRef | ast.Word, ast.Action]]:
    """Each read of a counter after a ``remove`` of every one of it, with that removal."""
    found: list[tuple[ast.CounterRef | ast.Word, ast.Action]] = []
    _scan(body, found)
    return found


def _scan(step: ast.Step, found: list[tuple[ast.CounterRef | ast.Word, ast.Action]]) -> None:
    sequence = list(_sequence(step))
    for n, item in enumerate(sequence):
        for inner in _inner(item):
            _scan(inner, found)
        name = _emptied(item)
        if name is None:
            continue
        for later in sequence[n + 1 :]:
            if any(_puts(a, name) for a in ast.nodes_in(later, ast.Action)):
                break
            found.extend((read, item) for read in _reads(later, name))  # type: ignore[misc]


def _sequence(step: ast.Step) -> Iterator[ast.Step]:
    """The steps that run one after the other: a body's, a cost's then what it pays for."""
    if isinstance(step, ast.Body):
        for item in step.steps:
            yield from _sequence(item)
    elif isinstance(step, ast.Paid):
        yield from step.costs
        yield from _sequence(step.effect)
    else:
        yield step


def _inner(step: ast.Step) -> list[ast.Step]:
    """The steps of a compound step that run only sometimes, each a sequence of its own."""
    if isinstance(step, ast.Optional):
        return [step.step]
    if isinstance(step, ast.Conditional):
        return [s for s in (step.step, step.otherwise) if s is not None]
    if isinstance(step, ast.Choice):
        return list(step.options)
    if isinstance(step, ast.ForEach | ast.Repeat | ast.Remember):
        return [step.step]
    return []


def _emptied(step: ast.Step) -> str | None:
    """The counter a ``remove (<name> on this card) <name> from this card`` empties."""
    if not isinstance(step, ast.Action) or step.verb.text != REMOVE or not step.args:
        return None
    amount = step.args[0]
    if not isinstance(amount, ast.Amount) or not isinstance(amount.count, ast.CounterRef):
        return None
    name = counter_name(amount.count.name.text)
    unit = amount.unit
    return name if isinstance(unit, ast.Word) and counter_name(unit.text) == name else None


def _puts(action: ast.Action, name: str) -> bool:
    return action.verb.text == PUT and _unit(action) == name


def _reads(step: ast.Step, name: str) -> Iterator[ast.CounterRef | ast.Word]:
    """``<name> on this card`` in a number, and ``per <name> on this card``."""
    for node in ast.nodes_in(step, object):
        if isinstance(node, ast.CounterRef) and counter_name(node.name.text) == name:
            yield node
        elif isinstance(node, ast.Action):
            yield from _per_reads(node, name)


def _per_reads(action: ast.Action, name: str) -> Iterator[ast.Word]:
    """``gain 1 common per charge on this card``: the parser reads ``per charge`` and ``on
    this card`` as two arguments, which the checker joins (``_per_counter``)."""
    for arg, after in zip(action.args, action.args[1:], strict=False):
        per = arg.per if isinstance(arg, ast.Amount) else None
        if per is None or per.selector is None or len(per.selector.words) != 1:
            continue
        word = per.selector.words[0]
        on_card = isinstance(after, ast.PrepArg) and after.prep.text == "on"
        if on_card and counter_name(word.text) == name:
            yield word


def stale_conditions(
    clauses: tuple[object, ...],
) -> list[tuple[ast.CounterRef, ast.Trigger]]:
    """Each counter a trigger's ``when ... if`` condition reads that an earlier trigger of the
    same card on the same hook puts or removes, with that earlier trigger (W0415): the
    conditions of a hook's triggers are tested as the hook comes, before any of them runs
    (docs/rules-decisions.md R8, SL156), so the condition sees the count from before the
    earlier clause."""
    found: list[tuple[ast.CounterRef, ast.Trigger]] = []
    for n, clause in enumerate(clauses):
        if not isinstance(clause, ast.Trigger) or clause.cond is None:
            continue
        reads = list(ast.nodes_in(clause.cond, ast.CounterRef))
        for earlier in clauses[:n]:
            if not isinstance(earlier, ast.Trigger) or earlier.hook.text != clause.hook.text:
                continue
            actions = ast.nodes_in(earlier.body, ast.Action)
            changed = {_unit(a) for a in actions if a.verb.text in (PUT, REMOVE)}
            found.extend(
                (read, earlier) for read in reads if counter_name(read.name.text) in changed
            )
    return found


def _unit(action: ast.Action) -> str:
    """The counter an action's first argument names (``put 1 charge``: ``charge``), else
    nothing."""
    first = action.args[0] if action.args else None
    unit = getattr(first, "unit", None)
    return counter_name(unit.text) if isinstance(unit, ast.Word) else ""
