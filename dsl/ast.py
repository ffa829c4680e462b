"""The typed syntax tree of an effect.

Every node carries ``pos``: offsets into the effect text (``start``, ``end``), so the
checker can point at the exact word inside the YAML file via an EffectSource.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Pos:
    """Where a node sits in its effect text (0-based offsets, end exclusive)."""

    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Word:
    """A vocabulary word as written."""

    text: str
    pos: Pos


# --- expressions and conditions -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    pos: Pos


@dataclass(frozen=True, slots=True)
class ValueRef:
    name: Word
    pos: Pos


@dataclass(frozen=True, slots=True)
class Count:
    selector: Selector
    pos: Pos


@dataclass(frozen=True, slots=True)
class Arith:
    op: str
    left: Expr
    right: Expr
    pos: Pos


# card state (issue 29): `charges on this card`, how many counters of a kind the card holds
@dataclass(frozen=True, slots=True)
class CounterRef:
    name: Word  # as written (`charges`); the counter is its singular (dsl/card_state.py)
    card: Selector  # `this card` (the checker refuses anything else, E0422)
    pos: Pos
    prep: Word | None = None  # `on`


@dataclass(frozen=True, slots=True)
class Function:
    """A function of numbers, ``min(a, b)`` (dsl/checker.py ``FUNCTIONS`` names them)."""

    name: Word
    args: tuple[Expr, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class ValueOf:
    """Another player's value, ``night_points of the player who flushed``: the value read
    from that player's side (the checker takes one named player only)."""

    name: Word
    player: Selector
    pos: Pos


Expr = Num | ValueRef | Count | Arith | CounterRef | Function | ValueOf


@dataclass(frozen=True, slots=True)
class Compare:
    op: str
    left: Expr
    right: Expr
    pos: Pos


@dataclass(frozen=True, slots=True)
class AllOf:
    items: tuple[Cond, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class AnyOf:
    items: tuple[Cond, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Not:
    item: Cond
    pos: Pos


@dataclass(frozen=True, slots=True)
class Is:
    """``this ship is large``: whether a thing of the card or the hook passes a filter."""

    thing: Selector
    word: Word
    pos: Pos


@dataclass(frozen=True, slots=True)
class Same:
    """``the owner is the leader``: whether two named players are one player."""

    left: Selector
    right: Selector
    pos: Pos


Cond = Compare | AllOf | AnyOf | Not | Is | Same


# --- selectors and arguments ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Post:
    """A qualifier after a noun: ``of yours``, ``of this type``, ``you control``,
    ``other than this card``."""

    kind: str  # of_yours | of_this | you_verb | other_than | after (``here``) | of_opponents
    word: Word | None
    other: Selector | None
    pos: Pos
    # ``ranked`` (``with the most ships``): ``word`` is ``most`` or ``fewest``, ``by`` the
    # words of what the players are ranked by (a count of their things, or a value)
    by: tuple[Word, ...] = ()


@dataclass(frozen=True, slots=True)
class Selector:
    """``a red planet you control``: determiner, words (adjectives + noun), qualifiers."""

    det: Word | None
    count: Expr | None  # ``2 ships`` / ``up to 2 ships``
    up_to: bool
    words: tuple[Word, ...]
    posts: tuple[Post, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class You:
    pos: Pos


@dataclass(frozen=True, slots=True)
class Per:
    every: Expr | None
    selector: Selector
    pos: Pos
    # card state (issue 29): `per charge on this card` counts the card's counters instead
    counter: CounterRef | None = None


@dataclass(frozen=True, slots=True)
class Amount:
    """``2 light``, ``1 rare per 2 planets you control``, or a bare number."""

    count: Expr
    unit: Word | None
    per: Per | None
    pos: Pos


@dataclass(frozen=True, slots=True)
class PrepArg:
    prep: Word
    value: Amount | Selector | You
    pos: Pos


Arg = Amount | Selector | PrepArg | You


# --- steps ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    verb: Word
    args: tuple[Arg, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Optional:
    step: Step
    pos: Pos


@dataclass(frozen=True, slots=True)
class Conditional:
    """``if <cond> -> <step>``, with ``else <otherwise>`` when the condition is false."""

    cond: Cond
    step: Step
    pos: Pos
    otherwise: Step | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    options: tuple[Step, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class ForEach:
    selector: Selector
    step: Step
    pos: Pos


@dataclass(frozen=True, slots=True)
class Repeat:
    times: Expr
    step: Step
    pos: Pos


@dataclass(frozen=True, slots=True)
class Paid:
    costs: tuple[Action, ...]
    effect: Step
    pos: Pos


@dataclass(frozen=True, slots=True)
class Body:
    steps: tuple[Step, ...]
    pos: Pos


# Durations and one-shot discounts (issue 29).
@dataclass(frozen=True, slots=True)
class Lasting:
    """``until the end of the round: your ships have +1 attack``: a modifier or grant that
    counts from now until the end of ``period`` (a word the game's registry declares)."""

    period: Word
    clause: Modifier | Grant | NextCost  # a discount kept until then (`until ...: your next`)
    pos: Pos
    articles: tuple[Word, Word]  # the two ``the`` of ``until the end of the ...``


@dataclass(frozen=True, slots=True)
class NextCost:
    """``your next tech costs 1 less``: a discount on the next one made, used up by it."""

    det: Word
    thing: tuple[Word, ...]
    amount: Expr  # a plain number (the checker refuses any other)
    pos: Pos


# card state (issue 29): `choose an opponent: <step>`, the choice remembered on the card
@dataclass(frozen=True, slots=True)
class Remember:
    chosen: Selector  # `an opponent`
    step: Step
    pos: Pos


Step = (
    Action
    | Optional
    | Conditional
    | Choice
    | ForEach
    | Repeat
    | Paid
    | Body
    | Lasting
    | NextCost
    | Remember
)


# --- clauses --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Modifier:
    subject: Selector | You
    amount: int
    stat: Word
    pos: Pos
    amount_pos: Pos | None = None  # where ``+1`` is written


@dataclass(frozen=True, slots=True)
class Grant:
    subject: Selector | You
    flag: Word
    pos: Pos


@dataclass(frozen=True, slots=True)
class Trigger:
    hook: Word
    cond: Cond | None
    body: Body
    pos: Pos
    limit: Limit | None = None  # a use limit (issue 29)


@dataclass(frozen=True, slots=True)
class Reaction:
    """``when an opponent plays research -> ...`` (issue 29): a trigger on another player's
    act. ``actor`` is who acts (``an opponent``), ``act`` the words of the act, matched by
    the checker against the hooks' ``acted`` phrases."""

    actor: Selector
    act: tuple[Word, ...]
    cond: Cond | None
    body: Body
    pos: Pos
    limit: Limit | None = None  # a use limit: `when an opponent plays trade, once per round`


@dataclass(frozen=True, slots=True)
class Activated:
    body: Body
    pos: Pos
    limit: Limit | None = None  # a use limit (issue 29)


@dataclass(frozen=True, slots=True)
class Limit:
    """A use limit (issue 29): ``once per round`` (times 1), ``at most 3 times per game``;
    ``period`` is a word the game's registry declares (``Registry.periods``)."""

    times: Expr  # a plain number (the checker refuses any other)
    period: Word
    pos: Pos
    prep: Word | None = None  # the ``at`` of ``at most``


@dataclass(frozen=True, slots=True)
class AsSoonAs:
    cond: Cond
    body: Body
    pos: Pos


@dataclass(frozen=True, slots=True)
class Immediate:
    body: Body
    pos: Pos


@dataclass(frozen=True, slots=True)
class While:
    """``while <condition>: <modifier or grant>``: a modifier or grant of the card that
    counts only while the condition holds, read each time the engine reads the number."""

    cond: Cond
    clause: Modifier | Grant
    pos: Pos


Clause = Modifier | Grant | Trigger | Activated | AsSoonAs | Immediate | Reaction | While

CLAUSE_FORMS: dict[type, str] = {
    Modifier: "modifier",
    Grant: "grant",
    Trigger: "trigger",
    Activated: "activated",
    AsSoonAs: "as_soon_as",
    Immediate: "immediate",
    Reaction: "trigger",  # a reaction is a trigger, on another player's hook
    While: "while",  # a conditional modifier or grant
}


@dataclass(frozen=True, slots=True)
class Effect:
    clauses: tuple[Clause, ...]
    pos: Pos


def inner_steps(step: Step) -> tuple[Step, ...]:
    """The steps written directly inside ``step``: a body's items, a choice's options, a
    cost's costs and effect, a condition's branches, the step of a ``may``, a ``for each``, a
    repeat or a remembered choice (a Lasting's modifier or grant and a NextCost hold none)."""
    if isinstance(step, Body):
        return step.steps
    if isinstance(step, Choice):
        return step.options
    if isinstance(step, Paid):
        return (*step.costs, step.effect)
    if isinstance(step, Conditional):
        return (step.step,) if step.otherwise is None else (step.step, step.otherwise)
    if isinstance(step, Optional | ForEach | Repeat | Remember):
        return (step.step,)
    return ()


def nodes_in(node: Any, kind: type[T]) -> Iterator[T]:
    """Every node of ``kind`` in a syntax tree, ``node`` included, depth first (a generic
    walk over the dataclass fields; ``object`` for every node)."""
    if isinstance(node, kind):
        yield node
    if isinstance(node, tuple | list):
        for item in node:
            yield from nodes_in(item, kind)
    elif is_dataclass(node) and not isinstance(node, type):
        for item in fields(node):
            yield from nodes_in(getattr(node, item.name), kind)
