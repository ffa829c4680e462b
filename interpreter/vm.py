"""The effect virtual machine: runs compiled effect programs inside plain-data frames.

A program is the flat instruction list of docs/effect-ir.md. A *frame* is the record of one
running program, kept in the game state as plain data (DESIGN principle 4)::

    {"card": "warp_drive", "owner": 2, "clause": 0, "pc": 3, "vars": ["s12", None],
     "loops": [], "context": {"card": "warp_drive#1", "ship_type": "medium"},
     "depth": 1, "steps": 17, "pending": None, "calls": []}

``pending`` describes the decision the frame waits for (``{"kind": ..., "options": [[id,
text], ...], ...}``) and ``calls`` holds verb calls still to make when a call ran once per
element of a list and paused half-way. No generator or closure is ever stored, so a state
paused in the middle of an effect clones, saves to JSON and resumes identically.

The machine knows nothing about any game. A game supplies an :class:`Adapter` that finds a
frame's program, lists a selector's candidates, runs verbs and reads values. A verb may
itself ask a question (it returns a pending dict, answered through :meth:`Adapter.resume`)
or start other effects (it returns :data:`YIELD`: the frames it started run first).

Content is untrusted (DESIGN principle 3): every instruction costs one step of the frame's
budget, and a trigger chain deeper than the depth limit is refused; both end in
:class:`EffectLimitError` naming the card.

Speed: a program is *lowered* once (:meth:`Machine.lower`) into a tuple of instructions whose
first item is the handler itself, with operands pre-sorted by kind and the verb pre-bound
(:meth:`Adapter.bind`), so running an instruction costs no name lookup. The lowered form is
kept by the adapter (:meth:`Adapter.lowered`, per loaded content) or by the machine, never in
the state: a frame still holds only its card, clause and ``pc``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from itertools import product
from typing import Any, NoReturn, Protocol, TypedDict, cast

from whitedwarf.dsl import budget
from whitedwarf.interpreter import card_state
from whitedwarf.interpreter.state import State


class Frame(TypedDict, total=False):
    """An effect frame (docs/effect-ir.md "Frames"): where a card clause's program is, saved
    with the state while it waits. :func:`new_frame` makes every key; a frame the machine
    runs a compiled program on holds only some until it stops (``_complete``), so no key is
    required of the type."""

    card: str
    owner: int
    clause: int
    #: The next instruction.
    pc: int
    #: The program's variables, by slot.
    vars: list[Any]
    #: What the loops in progress have left to take.
    loops: list[Any]
    #: What the hook gave: ``card``, ``ship``, ``sector``, ``owner`` ... (plain data).
    context: dict[str, Any]
    #: How deep in a trigger chain (DESIGN principle 3).
    depth: int
    #: Instructions executed (the step budget).
    steps: int
    #: The question it waits on (``{"kind": ..., "options": [[id, text], ...], ...}``).
    pending: dict[str, Any] | None
    calls: list[Any]


#: Instructions one frame may execute (DESIGN principle 3: "DSL execution has a step budget");
#: the checker refuses a clause every run of which passes it (dsl/budget.py, E0418).
MAX_STEPS = budget.MAX_STEPS
#: How deep effects may start other effects (DESIGN principle 3: "trigger chains have a
#: depth limit").
MAX_DEPTH = 16


def _leading_may(program: list[list[Any]]) -> int | None:
    """Where the "no" of the `may` a program starts with goes (its costs' checks, then the
    question: `when <hook>, once per round -> may pay 1 common -> ... then ...`); None when
    the program does something before any question."""
    for ins in program:
        if ins[0] == "ask":
            return int(ins[2])
        if ins[0] != "affordable":
            return None
    return None


class Outcome:
    """How a run of a frame ended: :data:`DONE`, :data:`PAUSE` or :data:`YIELD`."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: The program reached ``end``: drop the frame.
DONE = Outcome("DONE")
#: The frame waits for its owner's decision (``frame["pending"]``).
PAUSE = Outcome("PAUSE")
#: A verb started other effects; run the frames above this one first, then run it again.
YIELD = Outcome("YIELD")

Pause = Done = Outcome  # the names the engine brief uses for the outcome type

_PAUSE, _YIELD, _DONE = -1, -2, -3
_SIGNALS = {_PAUSE: PAUSE, _YIELD: YIELD, _DONE: DONE}

#: Kinds of a lowered operand ``(kind, data)``: a bound variable (data: its slot), a value
#: fixed by the program, an amount of a fixed number (data: ``(n, unit)``), an amount or a
#: number computed from an EXPR (data: ``(function, unit)`` / ``function``, see
#: :meth:`Machine.expression`), or a function
#: ``(state, frame) -> value`` the adapter made (:meth:`Adapter.resolver`).
VAR, CONST, AMOUNT, AMOUNT_EXPR, NUM_EXPR, FN = range(6)

#: What a verb comes back with (:meth:`Adapter.call`, :meth:`Adapter.resume`): None when it
#: is done, the pending decision when it asks, or :data:`YIELD`.
VerbResult = dict[str, Any] | Outcome | None


def falsity(machine: Machine, state: State, frame: Frame, cond: list[Any]) -> str:
    """A false ``if`` condition in words for a trace, with the numbers it compared:
    ``light_held is 3, not >= 4``; of an ``and`` the first false part, of an ``or`` each;
    an ``is`` or ``not`` test says nothing more (``""``)."""
    if cond[0] == "and":
        part = next((c for c in cond[1] if not machine.test(state, frame, c)), None)
        return "" if part is None else falsity(machine, state, frame, part)
    if cond[0] == "or":
        return "; ".join(filter(None, (falsity(machine, state, frame, c) for c in cond[1])))
    if cond[0] != "cmp":
        return ""
    left, right = (machine.evaluate(state, frame, expr) for expr in cond[2:4])
    return f"{_expr_name(cond[2])} is {left}, not {cond[1]} {right}"


def _expr_name(expr: list[Any]) -> str:
    """What a compared number reads, as the card names it (a value), else ``the number``."""
    if expr[0] == "value":
        return str(expr[1])
    if expr[0] == "value_of":
        return f"{expr[1]} of that player"
    if expr[0] == "counter":
        return f"{expr[1]} on this card"
    return "the count" if expr[0] == "count" else "the number"


class EffectError(Exception):
    """A card effect that cannot run (bad content reaching the engine, or a limit)."""


class EffectLimitError(EffectError):
    """A frame ran out of steps, or a trigger chain went too deep (DESIGN principle 3)."""

    def __init__(self, card: str, limit: str, message: str) -> None:
        super().__init__(message)
        self.card = card
        self.limit = limit


class IllegalAnswer(ValueError):
    """An option id that the pending decision of a frame does not offer."""


class Adapter(Protocol):
    """What a game provides so the machine can run its effects."""

    def program(self, state: State, frame: Frame) -> list[list[Any]]:
        """The instruction list the frame runs."""

    def candidates(self, state: State, frame: Frame, selector: dict[str, Any]) -> list[str]:
        """Ids matching a selector's type, filters and excludes, sorted (ignores ``quant``)."""

    def labels(
        self, state: State, frame: Frame, selector: dict[str, Any], ids: list[str]
    ) -> list[str]:
        """Readable names of candidate ids, for option texts."""

    def resolve(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        """An operand other than ``var``, ``num`` or ``amount`` (``this``, ``you``, ``word``...)."""

    def value(self, state: State, frame: Frame, name: str) -> int:
        """A registry value, from the frame owner's point of view."""

    def seat_of(self, player: Any) -> int | None:
        """The seat of a player as the game's operands name one (``"p1"``, ``"1"``), or
        None for nobody (``night_points of the player who flushed``, ranked players)."""

    def affordable(self, state: State, frame: Frame, calls: list[list[Any]]) -> bool:
        """Whether every cost call ``[verb, operands]`` can be paid now."""

    def call(self, state: State, frame: Frame, verb: str, args: list[Any]) -> VerbResult:
        """Run a verb: None, a pending decision dict, or :data:`YIELD`."""

    def resume(
        self, state: State, frame: Frame, pending: dict[str, Any], option_id: str
    ) -> VerbResult:
        """Continue a verb that asked: None, a new pending dict, or :data:`YIELD`."""

    # Optional, for speed (the machine falls back on the methods above when missing):
    #
    # ``lowered(state, frame)`` -> the frame's program lowered by :meth:`Machine.lower`,
    #     cached by the adapter (say, per loaded content);
    # ``bind(verb)`` -> a function ``(state, frame, args)`` that does what ``call`` does;
    # ``resolver(operand)`` -> a lowered operand ``(kind, data)`` (:data:`CONST` or
    #     :data:`FN`) for an operand ``resolve`` would handle;
    # ``valuer(name)`` -> a function ``(state, frame) -> int`` doing what ``value`` does;
    # ``coster(calls)`` -> a function ``(state, frame) -> bool`` doing what ``affordable``
    #     does for those cost calls;
    # ``selector(selector)`` -> a function ``(state, frame) -> ids`` doing what
    #     ``candidates`` does for that selector, a new list at each call.
    #
    # Optional, told what a frame did: ``untrue(state, frame, cond)`` (an ``if`` step's
    # condition was false, so what it guards was skipped: :func:`falsity` words it for a
    # trace), ``unpaid(state, frame)`` (a cost could not be paid),
    # ``pointless(state, frame)`` (a payment whose gain cannot happen now was not made),
    # ``unused(state, frame)`` (a clause whose whole effect is one `may` did nothing: a
    # limited trigger gets its use back, docs/rules-decisions.md E155).


#: More seats than any game has (:meth:`Machine.ranked` orders seats by a remainder).
_SEATS = 64


#: ``the player to your left`` / ``right``: the step from a seat in turn order. Both games
#: play clockwise, so the next player in turn order sits to your left (Last Light 000
#: "Playing the game", docs/rules-decisions.md E140; Starlight 003, SL158).
SIDE_STEPS = {"left": 1, "right": -1}


def seat_beside(seat: int, side: str, players: int) -> int:
    """The seat on ``side`` (``left``, ``right``) of ``seat`` at a table of ``players``."""
    return (seat + SIDE_STEPS[side]) % players


def as_seat(frame: Frame, seat: int) -> Frame:
    """The frame read from another player's side: a copy whose owner is ``seat``, for a
    value or a count of that player's (the copy is read, never run)."""
    if seat == frame["owner"]:
        return frame
    return cast(Frame, {**frame, "owner": seat})


def new_frame(card: str, owner: int, clause: int, context: dict[str, Any], depth: int = 1) -> Frame:
    """A frame at the start of a card clause's program."""
    return {
        "card": card,
        "owner": owner,
        "clause": clause,
        "pc": 0,
        "vars": [],
        "loops": [],
        "context": context,
        "depth": depth,
        "steps": 0,
        "pending": None,
        "calls": [],
    }


def _complete(frame: Frame) -> None:
    """Make a short frame that a compiled program ran on the whole frame, in place and with
    :func:`new_frame`'s keys in its order (the saved form), keeping where it stopped."""
    whole = new_frame(frame["card"], frame["owner"], frame["clause"], frame["context"])
    for key in ("pc", "vars", "loops", "steps", "pending"):
        if key in frame:
            whole[key] = frame[key]
    frame.clear()  # type: ignore[attr-defined]  # a TypedDict has no clear: the dict has
    frame.update(whole)


def _left(frame: Frame, slot: int, var: int, items: list[Any] | int, taken: int) -> None:
    """Leave in the frame what the machine keeps of a loop (``Machine._compile_loop``) left
    or ended after ``taken`` turns: the items not taken in its slot (or what is left of the
    count), and the last item taken in its variable."""
    loops = frame.get("loops")
    if loops is None:
        loops = frame["loops"] = []
    if items.__class__ is int:
        _put(loops, slot, items - taken)
        last = None
    else:
        last = items[taken - 1] if taken else None  # type: ignore[index]
        _put(loops, slot, items[taken:])  # type: ignore[index]
    if taken:
        names = frame.get("vars")
        if names is None:
            names = frame["vars"] = []
        _put(names, var, last)


def _reads_variables(program: list[list[Any]]) -> bool:
    """Whether any operand of a program, in a call, a selector or a condition, is a
    variable (``{"var": n}``): then a compiled loop keeps its item in the frame."""
    stack: list[Any] = [program]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "var" in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def offers(pending: dict[str, Any], option_id: str) -> bool:
    """Whether a pending decision offers ``option_id`` (a walk: the lists are short, and a
    loop costs less than a set or ``any`` over a generator, SIM110, at every answer)."""
    for option in pending["options"]:  # noqa: SIM110
        if option[0] == option_id:
            return True
    return False


def _put(items: list[Any], index: int, value: Any) -> None:
    """Store into a slot list, growing it as needed."""
    if index >= len(items):
        items.extend([None] * (index + 1 - len(items)))
    items[index] = value


#: Lowered programs, expressions and conditions a machine keeps before starting afresh.
_MEMO_LIMIT = 1 << 16

_CMP: dict[str, Callable[[Any, Any], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
    ">": operator.gt,
    "<": operator.lt,
}


def _compare_with(
    op: str, a: Callable[[State, Frame], int], n: int
) -> Callable[[State, Frame], bool]:
    """``a op n`` for a fixed number ``n`` (the usual ``if light >= 5``), the comparison
    written out rather than called through :data:`_CMP`."""
    if op == ">=":
        return lambda state, frame: a(state, frame) >= n
    if op == "<=":
        return lambda state, frame: a(state, frame) <= n
    if op == "==":
        return lambda state, frame: a(state, frame) == n
    if op == "!=":
        return lambda state, frame: a(state, frame) != n
    if op == ">":
        return lambda state, frame: a(state, frame) > n
    compare = _CMP[op]
    return lambda state, frame: compare(a(state, frame), n)


#: A compiled run of instructions: ``(state, frame, steps so far, step limit) -> steps``.
_Step = Callable[[State, Frame, int, int], int]


class _Stop(Exception):
    """A compiled program's verb paused or yielded; the frame is saved where it stopped."""

    def __init__(self, signal: int) -> None:
        super().__init__(signal)
        self.signal = signal


def _sequence(steps: tuple[_Step, ...]) -> _Step:
    """Step functions run one after the other."""
    if len(steps) == 1:
        return steps[0]

    def sequence(state: State, frame: Frame, count: int, limit: int) -> int:
        for step in steps:
            count = step(state, frame, count, limit)
        return count

    return sequence


def _arguments(operands: tuple[tuple[int, Any], ...]) -> Callable[[State, Frame], list[Any]]:
    """A function building a call's arguments from lowered operands without variables, as
    :meth:`Machine._op_call` does (a fresh ``[n, unit]`` list for each amount)."""
    if len(operands) == 1:
        kind, data = operands[0]
        if kind == AMOUNT:
            n, unit = data
            return lambda state, frame: [[n, unit]]
        if kind == CONST:
            return lambda state, frame: [data]
        if kind == AMOUNT_EXPR:
            fn, unit = data
            return lambda state, frame: [[fn(state, frame), unit]]
        return lambda state, frame: [data(state, frame)]

    def arguments(state: State, frame: Frame) -> list[Any]:
        return [
            [d[0], d[1]]
            if k == AMOUNT
            else d
            if k == CONST
            else [d[0](state, frame), d[1]]
            if k == AMOUNT_EXPR
            else d(state, frame)
            for k, d in operands
        ]

    return arguments


class Machine:
    """Runs frames for one game adapter; holds no per-game state itself."""

    def __init__(
        self, adapter: Adapter, max_steps: int = MAX_STEPS, max_depth: int = MAX_DEPTH
    ) -> None:
        self.adapter = adapter
        self.max_steps = max_steps
        self.max_depth = max_depth
        self._ops: dict[str, Callable[[State, Frame, Any, int], int]] = {
            "call": self._op_call,
            "choose": self._op_choose,
            "affordable": self._op_affordable,
            "check": self._op_check,
            "next": self._op_next,
            "loop": self._op_loop,
            "repeat": self._op_repeat,
            "ask": self._op_ask,
            "branch": self._op_branch,
            "jump": self._op_jump,
            "end": self._op_end,
            # durations and one-shot discounts (issue 29): the adapter keeps them
            "lasting": self._op_lasting,
            "next_cost": self._op_next_cost,
            # card state (issue 29): a remembered choice
            "remember": self._op_remember,
            "recall": self._op_recall,
        }
        #: id(program) -> (program, lowered), for adapters that keep no lowered programs.
        self._lowered: dict[int, tuple[Any, tuple[Any, ...]]] = {}
        self._code = getattr(adapter, "lowered", None) or self._lowered_program
        # The optional hooks of the adapter (see :class:`Adapter`), typed as it documents them.
        self._bind: Callable[[str], Callable[[State, Frame, list[Any]], VerbResult]] | None = (
            getattr(adapter, "bind", None)
        )
        self._resolver: Callable[[dict[str, Any]], tuple[int, Any] | None] | None = getattr(
            adapter, "resolver", None
        )
        self._valuer: Callable[[str], Callable[[State, Frame], int] | None] | None = getattr(
            adapter, "valuer", None
        )
        self._coster = getattr(adapter, "coster", None)
        # ``untrue(state, frame, cond)`` (optional): an ``if`` step's condition was false.
        self._untrue: Callable[[State, Frame, list[Any]], None] | None = getattr(
            adapter, "untrue", None
        )
        # ``possible(state, frame, verb, args) -> bool`` (optional): whether a call would
        # change anything now (a gain of cores at the cap would not: :meth:`_buys`).
        self._possible = getattr(adapter, "possible", None)
        #: id(EXPR or COND) -> (it, its function); the objects are kept so ids stay theirs.
        self._exprs: dict[int, tuple[Any, Callable[[State, Frame], int]]] = {}
        self._conds: dict[int, tuple[Any, Callable[[State, Frame], bool]]] = {}

    def forget(self) -> None:
        """Drop the expressions, conditions and programs lowered so far (after the game's
        vocabulary changed: they hold the implementations of its words)."""
        self._lowered.clear()
        self._exprs.clear()
        self._conds.clear()

    # -- lowering ----------------------------------------------------------------------------

    def lower(self, program: list[list[Any]]) -> tuple[tuple[Any, ...], ...]:
        """The program as instruction tuples ``(handler, field, ...)`` (same fields and pcs).

        ``call`` becomes ``(handler, verb, operands, bound verb, variables)`` with lowered
        operands (:data:`VAR` ...) and the indexes of those that are variables;
        ``affordable`` becomes ``(handler, calls, else_pc, test)`` with its costs as one
        function ``(state, frame) -> bool`` (:meth:`_cost`). Lowering changes no behaviour;
        it moves the name lookups and operand sorting out of the run.
        """
        out: list[tuple[Any, ...]] = []
        for ins in program:
            op = ins[0]
            handler = self._ops.get(op)
            if handler is None:
                raise EffectError(f"unknown instruction {op!r}")
            if op == "call":
                verb = ins[1]
                operands = tuple(self.lower_operand(o) for o in ins[2])
                # The operands that are variables (which may hold lists): empty, falsy, if none.
                variables = tuple(i for i, (kind, _) in enumerate(operands) if kind == VAR)
                out.append((handler, verb, operands, self._bound(verb), variables))
            elif op == "check":
                out.append((handler, self.condition(ins[1]), ins[2], ins[1]))
            elif op == "affordable":
                out.append((handler, ins[1], ins[2], self._cost(ins[1])))
            else:
                out.append((handler, *ins[1:]))
        return tuple(out)

    def _cost(self, calls: list[list[Any]]) -> Callable[[State, Frame], bool]:
        """Whether cost calls can be paid, as ``(state, frame) -> bool``: the adapter's
        ``coster`` when it has one, else :meth:`Adapter.affordable` with the calls."""
        if self._coster is not None:
            found: Callable[[State, Frame], bool] = self._coster(calls)
            return found
        affordable = self.adapter.affordable
        return lambda state, frame: affordable(state, frame, calls)

    def lower_operand(self, operand: dict[str, Any]) -> tuple[int, Any]:
        """An operand as ``(kind, data)`` (the kinds of :data:`VAR` ...)."""
        if "var" in operand:
            return VAR, operand["var"]
        if "chosen" in operand:  # card state: ``that opponent``
            noun = operand["chosen"]
            return FN, lambda state, frame: card_state.recalled(state, frame, noun)
        if "amount" in operand:
            expr = operand["amount"]
            if expr[0] == "num":
                return AMOUNT, (expr[1], operand["unit"])
            return AMOUNT_EXPR, (self.expression(expr), operand["unit"])
        if "num" in operand:
            expr = operand["num"]
            return (CONST, expr[1]) if expr[0] == "num" else (NUM_EXPR, self.expression(expr))
        if self._resolver is not None:
            found = self._resolver(operand)
            if found is not None:
                return found
        resolve = self.adapter.resolve
        return FN, lambda state, frame: resolve(state, frame, operand)

    def _bound(self, verb: str) -> Callable[[State, Frame, list[Any]], VerbResult]:
        if self._bind is not None:
            return self._bind(verb)
        call = self.adapter.call
        return lambda state, frame, args: call(state, frame, verb, args)

    def _lowered_program(self, state: State, frame: Frame) -> tuple[tuple[Any, ...], ...]:
        program = self.adapter.program(state, frame)
        found = self._lowered.get(id(program))
        if found is None or found[0] is not program:
            if len(self._lowered) >= _MEMO_LIMIT:
                self._lowered.clear()
            found = self._lowered[id(program)] = (program, self.lower(program))
        return found[1]

    # -- compiling pure programs to Python functions ---------------------------------------

    def compile(
        self,
        program: list[list[Any]],
        code: tuple[tuple[Any, ...], ...],
        fixed: Callable[[str, tuple[tuple[int, Any], ...]], Any] | None = None,
    ) -> Callable[[State, Frame], Outcome] | None:
        """A program that cannot ask (no ``ask``, ``choose``, ``branch`` or ``affordable``)
        as one Python function ``(state, frame) -> Outcome`` doing what :meth:`run` does on a
        fresh frame, or None when its shape is not one this compiles (the machine runs it).

        ``code`` is the program lowered (:meth:`lower`). Loops, repeats and ``if`` checks
        become Python loops and ``if``s over closures; each instruction still counts one step
        of the budget, and the frame's ``loops`` and ``vars`` are kept as the machine keeps
        them, so a verb that pauses or yields leaves the frame where :meth:`run` would have
        left it (its ``pc``, ``steps``, loops and variables), as plain data the machine
        resumes. A frame that is not fresh is handed to :meth:`run`.

        ``fixed`` (optional, from the caller that knows the program's card) may bind a verb
        for its fixed operands: given the verb and its lowered operands (:data:`AMOUNT` and
        :data:`CONST` only), a function ``(state, frame)`` doing what the bound verb
        (:meth:`Adapter.bind`) does with those arguments, or None.
        """
        if not program or program[-1] != ["end"]:
            return None
        reads = _reads_variables(program)
        body = self._block(program, code, 0, len(program) - 1, fixed, reads)
        if body is None:
            return None
        end_pc = len(program) - 1
        run = self.run
        over = self._over

        def compiled(state: State, frame: Frame) -> Outcome:
            if "pc" not in frame:
                # A short frame (``{card, owner, clause, context}``: ``short_frame`` below)
                # gets only the variables and loops the steps keep; it becomes the whole
                # frame, in place, only when it is left unfinished (a pause, a yield, the
                # step budget), so the plain-data frame stays the saved form.
                if reads:
                    frame["vars"] = []
                limit = self.max_steps
                try:
                    steps = body(state, frame, 0, limit) + 1  # and ``end``
                    if steps > limit:
                        over(frame, steps, end_pc)
                except _Stop as stop:
                    _complete(frame)
                    return _SIGNALS[stop.signal]
                except EffectLimitError:
                    _complete(frame)
                    raise
                return DONE
            if (
                frame["pc"]
                or frame["steps"]
                or frame["pending"] is not None
                or frame["calls"]
                or frame["depth"] > self.max_depth
            ):
                return run(state, frame)
            limit = self.max_steps
            try:
                steps = body(state, frame, 0, limit) + 1  # and ``end``
            except _Stop as stop:
                return _SIGNALS[stop.signal]
            if steps > limit:
                self._over(frame, steps, end_pc)
            frame["steps"], frame["pc"] = steps, end_pc
            return DONE

        # A caller with no frame running or waiting may start it from a short frame when no
        # call reads its operands from a variable (``_op_call`` keeps ``calls`` in the frame).
        compiled.short_frame = all(  # type: ignore[attr-defined]
            not ins[4] for op, ins in zip(program, code, strict=True) if op[0] == "call"
        )
        return compiled

    def _over(self, frame: Frame, steps: int, pc: int) -> NoReturn:
        """Raise the step-budget error, the frame left where it stopped (:meth:`run` and the
        compiled programs)."""
        frame["steps"], frame["pc"] = steps, pc
        raise EffectLimitError(
            frame["card"],
            "steps",
            f"card {frame['card']!r}: the effect ran more than {self.max_steps} steps "
            "(an endless loop?)",
        )

    def _block(
        self,
        program: list[list[Any]],
        code: tuple[tuple[Any, ...], ...],
        start: int,
        stop: int,
        fixed: Callable[[str, tuple[tuple[int, Any], ...]], Any] | None = None,
        reads: bool = True,
    ) -> _Step | None:
        """Instructions ``start`` to ``stop`` (excluded) as one step function, or None
        (``reads``: whether anything in the program reads a variable, see
        :meth:`_compile_loop`)."""
        steps: list[_Step] = []
        pc = start
        while pc < stop:
            op = program[pc][0]
            if op == "call":
                steps.append(self._compile_call(code[pc], pc, fixed))
                pc += 1
            elif op == "check":
                skip = program[pc][2]
                inner = (
                    self._block(program, code, pc + 1, skip, fixed, reads)
                    if pc < skip <= stop
                    else None
                )
                if inner is None:
                    return None
                steps.append(self._compile_check(code[pc][1], inner, pc, code[pc][3]))
                pc = skip
            elif op in ("loop", "repeat") and pc + 1 < stop and program[pc + 1][0] == "next":
                _, slot, var, done = program[pc + 1]
                if (
                    slot != program[pc][1]
                    or not pc + 3 <= done <= stop
                    or program[done - 1] != ["jump", pc + 1]
                ):
                    return None
                inner = self._block(program, code, pc + 2, done - 1, fixed, reads)
                if inner is None:
                    return None
                last = start == 0 and done == stop == len(program) - 1
                steps.append(
                    self._compile_loop(program[pc], slot, var, inner, pc, done - 1, reads, last)
                )
                pc = done
            else:
                return None
        return _sequence(tuple(steps))

    def _compile_call(
        self,
        ins: tuple[Any, ...],
        pc: int,
        fixed: Callable[[str, tuple[tuple[int, Any], ...]], Any] | None = None,
    ) -> _Step:
        """A ``call``: :meth:`_op_call` itself when an operand is a variable (which may hold a
        list, run per element), the verb bound for its fixed operands by ``fixed`` when it
        gives one (:meth:`compile`), else the bound verb with its operands made here."""
        suspend, over, handler = self._suspend, self._over, ins[0]
        after = pc + 1
        run = None
        if fixed is not None and all(kind in (AMOUNT, CONST) for kind, _ in ins[2]):
            run = fixed(ins[1], ins[2])
        if run is not None:

            def call_fixed(state: State, frame: Frame, steps: int, limit: int) -> int:
                steps += 1
                if steps > limit:
                    over(frame, steps, pc)
                frame["pc"] = after  # a pause or yield resumes after the call
                found = run(state, frame)
                if found is not None:
                    frame["steps"] = steps
                    raise _Stop(suspend(frame, found))
                return steps

            call_fixed.fixed = run  # type: ignore[attr-defined]  # for _compile_loop
            return call_fixed
        if ins[4]:

            def call_with_vars(state: State, frame: Frame, steps: int, limit: int) -> int:
                steps += 1
                if steps > limit:
                    over(frame, steps, pc)
                signal = handler(state, frame, ins, pc)
                if signal < 0:
                    frame["steps"] = steps
                    raise _Stop(signal)
                return steps

            return call_with_vars
        verb, make = ins[3], _arguments(ins[2])

        def call(state: State, frame: Frame, steps: int, limit: int) -> int:
            steps += 1
            if steps > limit:
                over(frame, steps, pc)
            args = make(state, frame)
            frame["pc"] = after  # a pause or yield resumes after the call
            found = verb(state, frame, args)
            if found is not None:
                frame["steps"] = steps
                raise _Stop(suspend(frame, found))
            return steps

        return call

    def _compile_check(
        self, test: Callable[[State, Frame], bool], inner: _Step, pc: int, cond: list[Any]
    ) -> _Step:
        over, untrue = self._over, self._untrue

        def check(state: State, frame: Frame, steps: int, limit: int) -> int:
            steps += 1
            if steps > limit:
                over(frame, steps, pc)
            return inner(state, frame, steps, limit) if test(state, frame) else steps

        if untrue is None:
            return check

        def told(state: State, frame: Frame, steps: int, limit: int) -> int:
            steps += 1
            if steps > limit:
                over(frame, steps, pc)
            if test(state, frame):
                return inner(state, frame, steps, limit)
            untrue(state, frame, cond)  # the block fused, a trace still hears the `if` failed
            return steps

        return told

    def _listing(self, selector: dict[str, Any]) -> Callable[[State, Frame], list[str]]:
        """A selector's candidates as a function ``(state, frame) -> ids``: the adapter's
        ``selector`` when it has one, else :meth:`Adapter.candidates` with the selector."""
        make = getattr(self.adapter, "selector", None)
        if make is not None:
            found: Callable[[State, Frame], list[str]] = make(selector)
            return found
        candidates = self.adapter.candidates
        return lambda state, frame: list(candidates(state, frame, selector))

    def _compile_loop(
        self,
        head: list[Any],
        slot: int,
        var: int,
        inner: _Step,
        pc: int,
        at_jump: int,
        reads: bool = True,
        last: bool = False,
    ) -> _Step:
        """``loop``/``repeat``, then ``next`` ... ``jump`` back, as a Python loop.

        The machine keeps the items left (or the count) in ``frame["loops"][slot]`` and the
        item in ``frame["vars"][var]``, popping one at each ``next``. Here the items are
        walked by index in locals, and the frame gets what the machine would hold when the
        loop is left half-way (a pause, a yield, the step budget) or ends (:func:`_left`).
        The item goes into the frame at each turn only when something in the program reads a
        variable (``reads``). The end is not written into a short frame (:meth:`compile`)
        when the loop is the ``last`` step of the program and the budget leaves room for
        ``end``: nothing can leave that frame unfinished any more.

        A body that is one call of a fixed verb (:meth:`_compile_call`) is called from here
        without its step function, as the fixed verb's ``many`` when it has one (no frame
        write between the calls, so not when ``reads``), and with the three steps of a
        turn counted once when the budget cannot run out in the loop. Measured on ``for
        each distant planet you control -> gain 1 common``: about 35% fewer instructions
        around the selector and the verb than the step functions (BENCHMARKS.md at dba7fe8, "fx3").
        """
        over, at_next = self._over, pc + 1
        listing = self._listing(head[2]) if head[0] == "loop" else None
        count: Any = None if head[0] == "loop" else self.expression(head[2])
        fixed: Any = getattr(inner, "fixed", None)
        many: Any = None if reads else getattr(fixed, "many", None)
        after_call, suspend = at_next + 2, self._suspend

        def turns(state: State, frame: Frame, items: Any, total: int, steps: int) -> int:
            """Run the body of one fixed call ``total`` times (the budget allows them)."""
            taken = 0
            while taken < total:
                taken += 1
                if reads:
                    _put(frame["vars"], var, None if listing is None else items[taken - 1])
                found = fixed(state, frame)
                if found is not None:
                    break
            else:
                return total
            return stopped(frame, items, steps, taken, found)

        def stopped(frame: Frame, items: Any, steps: int, taken: int, found: Any) -> NoReturn:
            """Leave the frame as the machine would after turn ``taken`` returned ``found``."""
            frame["pc"], frame["steps"] = after_call, steps + 3 * taken - 1
            _left(frame, slot, var, items, taken)
            raise _Stop(suspend(frame, found))

        def each(state: State, frame: Frame, steps: int, limit: int) -> int:
            steps += 1
            if steps > limit:
                over(frame, steps, pc)
            items: Any
            if listing is not None:
                items = listing(state, frame)
                total = len(items)
            else:
                items = total = max(0, count(state, frame))
            if fixed is not None and steps + 3 * total + 1 <= limit:
                # One fixed call a turn (``next``, the call, the ``jump``: three steps), and
                # the budget cannot run out in the loop, so no step needs counting here.
                if many is None:
                    taken = turns(state, frame, items, total, steps)
                else:  # the usual loop: its turns in one call (written here, not in ``turns``)
                    stop = many(state, frame, total) if total else None
                    if stop is not None:
                        stopped(frame, items, steps, *stop)
                    taken = total
                steps += 3 * total + 1
            else:
                taken = 0  # items the machine's ``next`` would have popped
                try:
                    while True:
                        steps += 1  # ``next``
                        if steps > limit:
                            over(frame, steps, at_next)
                        if taken == total:
                            break
                        taken += 1
                        if reads:
                            item = None if listing is None else items[taken - 1]
                            _put(frame["vars"], var, item)
                        steps = inner(state, frame, steps, limit) + 1  # and the ``jump`` back
                        if steps > limit:
                            over(frame, steps, at_jump)
                except (_Stop, EffectLimitError):
                    _left(frame, slot, var, items, taken)
                    raise
            if not last or "loops" in frame or steps >= limit:
                _left(frame, slot, var, items, taken)
            return steps

        return each

    # -- running -----------------------------------------------------------------------------

    def run(self, state: State, frame: Frame) -> Outcome:
        """Execute until the program ends, a decision is needed, or a verb yields."""
        if frame["depth"] > self.max_depth:
            raise EffectLimitError(
                frame["card"],
                "depth",
                f"card {frame['card']!r}: effects triggered more than {self.max_depth} "
                "levels deep (a trigger loop?)",
            )
        if frame["pending"] is not None:
            return PAUSE
        if frame["calls"]:
            signal = self._drain(state, frame)
            if signal:
                return _SIGNALS[signal]
        code = self._code(state, frame)
        pc = frame["pc"]
        steps = frame["steps"]
        limit = self.max_steps
        while True:
            steps += 1
            if steps > limit:
                self._over(frame, steps, pc)
            ins = code[pc]
            nxt = ins[0](state, frame, ins, pc)
            if nxt >= 0:
                pc = nxt
                continue
            frame["steps"] = steps
            if nxt == _DONE:
                frame["pc"] = pc
            return _SIGNALS[nxt]

    def options(self, frame: Frame) -> list[tuple[str, str]]:
        """The options of the frame's pending decision (empty if it waits for nothing)."""
        pending = frame["pending"]
        if pending is None:
            return []
        return [(o[0], o[1]) for o in pending["options"]]

    def answer(self, state: State, frame: Frame, option_id: str) -> Outcome:
        """Apply the owner's choice to the pending decision, then run on."""
        pending = frame["pending"]
        if pending is None:
            raise IllegalAnswer(f"card {frame['card']!r} is not waiting for a decision")
        kind = pending["kind"]
        if kind == "verb":
            frame["pending"] = None
            found = self.adapter.resume(state, frame, pending, option_id)
            if found is YIELD:
                return YIELD
            if found is not None:
                assert isinstance(found, dict)  # a pending decision (YIELD returned above)
                frame["pending"] = found
                return PAUSE
            return self.run(state, frame)
        if not offers(pending, option_id):
            raise IllegalAnswer(f"card {frame['card']!r} does not offer {option_id!r}")
        if kind == "ask":
            frame["pc"] = pending["next"] if option_id == "yes" else pending["else"]
            if option_id != "yes":
                self._not_taken(state, frame, frame["pc"])
        elif kind == "branch":
            frame["pc"] = pending["pcs"][int(option_id.partition(":")[2])]
        elif not self._pick(frame, pending, option_id):
            return PAUSE
        frame["pending"] = None
        return self.run(state, frame)

    def _pick(self, frame: Frame, pending: dict[str, Any], option_id: str) -> bool:
        """Apply one pick of a ``choose``; True when the choice is complete."""
        if pending["quant"] == "one":
            _put(frame["vars"], pending["var"], option_id.partition(":")[2])
            frame["pc"] = pending["next"]
            return True
        picked = pending["picked"]
        if option_id != "stop":
            picked.append(option_id.partition(":")[2])
            pending["options"] = [o for o in pending["options"] if o[0] != option_id]
        picks_left = any(o[0] != "stop" for o in pending["options"])
        if option_id == "stop" or len(picked) >= pending["need"] or not picks_left:
            _put(frame["vars"], pending["var"], list(picked))
            frame["pc"] = pending["next"]
            return True
        return False

    # -- expressions and conditions ----------------------------------------------------------

    def evaluate(self, state: State, frame: Frame, expr: list[Any]) -> int:
        """The value of an EXPR (docs/effect-ir.md); ``/`` floors and x/0 is 0."""
        return self.expression(expr)(state, frame)

    def test(self, state: State, frame: Frame, cond: list[Any]) -> bool:
        """Whether a COND holds (docs/effect-ir.md)."""
        return self.condition(cond)(state, frame)

    def expression(self, expr: list[Any]) -> Callable[[State, Frame], int]:
        """An EXPR as a function ``(state, frame) -> int``, made once per EXPR object."""
        found = self._exprs.get(id(expr))
        if found is None or found[0] is not expr:
            if len(self._exprs) >= _MEMO_LIMIT:
                self._exprs.clear()
            found = self._exprs[id(expr)] = (expr, self._lower_expr(expr))
        return found[1]

    def condition(self, cond: list[Any]) -> Callable[[State, Frame], bool]:
        """A COND as a function ``(state, frame) -> bool``, made once per COND object."""
        found = self._conds.get(id(cond))
        if found is None or found[0] is not cond:
            if len(self._conds) >= _MEMO_LIMIT:
                self._conds.clear()
            found = self._conds[id(cond)] = (cond, self._lower_cond(cond))
        return found[1]

    def _lower_expr(self, expr: list[Any]) -> Callable[[State, Frame], int]:
        op = expr[0]
        if op == "num":
            n = expr[1]
            return lambda state, frame: n
        if op == "value":
            name = expr[1]
            if self._valuer is not None:
                found = self._valuer(name)
                if found is not None:
                    return found
            value = self.adapter.value
            return lambda state, frame: value(state, frame, name)
        if op == "count":
            selector = expr[1]
            candidates = self.adapter.candidates
            return lambda state, frame: len(candidates(state, frame, selector))
        if op == "counter":  # card state: ``charges on this card``
            name = expr[1]
            return lambda state, frame: card_state.count(state, frame, name)
        if op == "value_of":  # ``night_points of the player who flushed``
            return self._value_of(expr[1], expr[2])
        a, b = self._lower_expr(expr[1]), self._lower_expr(expr[2])
        if op == "min":  # `min(a, b)` (docs/effect-ir.md)
            return lambda state, frame: min(a(state, frame), b(state, frame))
        if op == "max":
            return lambda state, frame: max(a(state, frame), b(state, frame))
        if op == "+":
            return lambda state, frame: a(state, frame) + b(state, frame)
        if op == "-":
            return lambda state, frame: a(state, frame) - b(state, frame)
        if op == "*":
            return lambda state, frame: a(state, frame) * b(state, frame)

        def divide(state: State, frame: Frame) -> int:
            left = a(state, frame)  # both sides are evaluated, left first
            right = b(state, frame)
            return left // right if right else 0

        return divide

    def _value_of(self, name: str, who: dict[str, Any]) -> Callable[[State, Frame], int]:
        """Another player's value (docs/effect-ir.md ``value_of``; docs/rules-decisions.md
        E153): the value read with that player as the frame's owner; a player who is not
        there (no choice made yet) has 0 of everything."""
        read = self._lower_expr(["value", name])
        operand, seat_of = self.operand, self.adapter.seat_of

        def other(state: State, frame: Frame) -> int:
            found = operand(state, frame, who)
            seat = None if found is None else seat_of(found)
            return 0 if seat is None else read(state, as_seat(frame, seat))

        return other

    def _same(self, left: dict[str, Any], right: dict[str, Any]) -> Callable[[State, Frame], bool]:
        """Whether two named players are one (docs/effect-ir.md ``same``): false when either
        is nobody now."""
        operand, seat_of = self.operand, self.adapter.seat_of

        def same(state: State, frame: Frame) -> bool:
            a, b = operand(state, frame, left), operand(state, frame, right)
            if a is None or b is None:
                return False
            seat = seat_of(a)
            return seat is not None and seat == seat_of(b)

        return same

    def ranked(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        """``the opponent with the most ships`` (docs/effect-ir.md ``ranked``;
        docs/rules-decisions.md E150): of the players ``among`` selects, the one whose ``by``
        (read from their side) is the most, or the fewest; of those tied, the first after
        the frame's owner in turn order (the owner last). None when ``among`` is nobody."""
        found = self.adapter.candidates(state, frame, operand["among"])
        seat_of, by = self.adapter.seat_of, self.expression(operand["by"])
        me, most = frame["owner"], operand["rank"] == "most"
        best: tuple[int, Any] | None = None
        # turn order from the seat after the owner's: seats are below _SEATS, so the
        # remainder orders them as turn order does whatever the number of players
        for player in sorted(found, key=lambda p: ((seat_of(p) or 0) - me - 1) % _SEATS):
            seat = seat_of(player)
            if seat is None:
                continue
            n = by(state, as_seat(frame, seat))
            if best is None or (n > best[0] if most else n < best[0]):
                best = (n, player)
        return None if best is None else best[1]

    def _lower_cond(self, cond: list[Any]) -> Callable[[State, Frame], bool]:
        op = cond[0]
        if op == "cmp":
            compare = _CMP[cond[1]]
            a, b = self._lower_expr(cond[2]), self._lower_expr(cond[3])
            if cond[3][0] == "num":
                return _compare_with(cond[1], a, cond[3][1])
            return lambda state, frame: compare(a(state, frame), b(state, frame))
        if op == "is":  # `this ship is large` (issue 29): the adapter's test of a filter
            passes = getattr(self.adapter, "passes", None)
            if passes is None:
                raise EffectError("this game's effects cannot test `is`")
            found: Callable[[State, Frame], bool] = passes(cond[1], cond[2])
            return found
        if op == "same":  # `the owner is the leader` (docs/rules-decisions.md E154)
            return self._same(cond[1], cond[2])
        if op == "and":
            parts = tuple(self._lower_cond(c) for c in cond[1])
            return lambda state, frame: all(p(state, frame) for p in parts)
        if op == "or":
            parts = tuple(self._lower_cond(c) for c in cond[1])
            return lambda state, frame: any(p(state, frame) for p in parts)
        inner = self._lower_cond(cond[1])
        return lambda state, frame: not inner(state, frame)

    def operand(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        """A bound operand: a variable, a number, ``[amount, unit]``, or the adapter's."""
        if "var" in operand:
            return frame["vars"][operand["var"]]
        if "chosen" in operand:  # card state: ``that opponent``
            return card_state.recalled(state, frame, operand["chosen"])
        if "amount" in operand:
            return [self.evaluate(state, frame, operand["amount"]), operand["unit"]]
        if "num" in operand:
            return self.evaluate(state, frame, operand["num"])
        return self.adapter.resolve(state, frame, operand)

    # -- instructions (each returns the next pc, or a negative signal) -----------------------

    def _op_call(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        args: list[Any] = []
        for kind, data in ins[2]:
            if kind == AMOUNT:
                args.append([data[0], data[1]])
            elif kind == VAR:
                args.append(frame["vars"][data])
            elif kind == CONST:
                args.append(data)
            elif kind == FN:
                args.append(data(state, frame))
            elif kind == AMOUNT_EXPR:
                args.append([data[0](state, frame), data[1]])
            else:
                args.append(data(state, frame))
        frame["pc"] = pc + 1  # a pause or yield resumes after the call
        if ins[4]:
            lists = [i for i in ins[4] if args[i].__class__ is list]
            if lists:
                # docs/effect-ir.md: "a list operand runs it per element".
                calls = frame["calls"]
                for combo in product(*(args[i] for i in lists)):
                    each = list(args)
                    for i, item in zip(lists, combo, strict=True):
                        each[i] = item
                    calls.append([ins[1], each])
                signal = self._drain(state, frame)
                return signal or pc + 1
        found = ins[3](state, frame, args)
        if found is None:
            return pc + 1
        return self._suspend(frame, found)

    def _drain(self, state: State, frame: Frame) -> int:
        """Make the queued per-element calls; 0 when all are made, else a signal."""
        calls = frame["calls"]
        while calls:
            verb, args = calls.pop(0)
            found = self.adapter.call(state, frame, verb, args)
            if found is not None:
                return self._suspend(frame, found)
        return 0

    @staticmethod
    def _suspend(frame: Frame, found: Any) -> int:
        if found is YIELD:
            return _YIELD
        frame["pending"] = found
        return _PAUSE

    def _op_choose(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        var, selector = ins[1], ins[2]
        found = self.adapter.candidates(state, frame, selector)
        if not found:
            past: int = ins[3]  # the pc past the step that would use the choice
            return past
        quant = selector["quant"]
        if quant == "all":
            _put(frame["vars"], var, found)
            return pc + 1
        if quant == "one":
            found = self._usable(state, frame, pc, var, found)
            if not found:  # no candidate the step could use: as with none at all
                skip: int = ins[3]
                return skip
            if len(found) == 1:
                _put(frame["vars"], var, found[0])
                return pc + 1
            need = 1
        else:
            count = selector["count"]
            need = self.evaluate(state, frame, count) if count is not None else 1
            if need <= 0 or (quant == "count" and len(found) <= need):
                # Fewer candidates than wanted: all of them, no choice left to make.
                _put(frame["vars"], var, found if need > 0 else [])
                return pc + 1
        labels = self.adapter.labels(state, frame, selector, found)
        options = [[f"pick:{c}", text] for c, text in zip(found, labels, strict=True)]
        if quant == "up_to":
            options.append(["stop", "choose no more"])
        frame["pending"] = {
            "kind": "choose",
            "var": var,
            "quant": quant,
            "need": need,
            "picked": [],
            "options": options,
            "next": pc + 1,
        }
        frame["pc"] = pc
        return _PAUSE

    def _usable(self, state: State, frame: Frame, pc: int, var: int, found: list[Any]) -> list[Any]:
        """The candidates of a pick of one that the step using it right after would act on
        (the adapter's ``possible``): a choice offers only what can be carried out (docs/
        rules-decisions.md R9, E158), so "Research a tech without paying its cost" offers no
        tech that cannot go into play. Only a real choice (two candidates or more) is looked
        at; a single candidate is taken as before and its step does nothing."""
        possible = self._possible
        if possible is None or len(found) < 2:
            return found
        code = self._code(state, frame)
        then = code[pc + 1] if pc + 1 < len(code) else None
        if then is None or then[0] is not self._ops["call"]:
            return found
        look = cast(Frame, {**frame, "vars": list(frame["vars"])})
        usable = []
        for candidate in found:
            _put(look["vars"], var, candidate)
            if possible(state, look, then[1], self._args(state, look, then)):
                usable.append(candidate)
        return usable

    def _op_affordable(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        if ins[3](state, frame):
            # A payment whose gain cannot happen now is not made (issue 29 item 8): with an
            # adapter that can say so (``possible``), the costs are skipped with what they pay
            # for, and a trace says so (the adapter's optional ``pointless(state, frame)``).
            if self._possible is not None and not self._buys(
                state, frame, self._code(state, frame), pc, ins
            ):
                pointless = getattr(self.adapter, "pointless", None)
                if pointless is not None:
                    pointless(state, frame)
                skipped: int = ins[2]  # the pc past what the costs pay for
                self._not_taken(state, frame, skipped)
                return skipped
            return pc + 1
        # A cost that cannot be paid skips what it pays for; a trace says so (the adapter's
        # optional ``unpaid(state, frame)``, a note that no replay records).
        unpaid = getattr(self.adapter, "unpaid", None)
        if unpaid is not None:
            unpaid(state, frame)
        past: int = ins[2]  # the pc past what the costs pay for
        self._not_taken(state, frame, past)
        return past

    def _not_taken(self, state: State, frame: Frame, to: int) -> None:
        """A jump to ``to`` past a `may` (declined, or with nothing it could do) or past the
        costs before it: when the clause starts with that `may` and what is left after it
        would do nothing now (the clause's end, or steps that reach no verb: `then if <the
        die the may would have rerolled> -> ...`), the clause did nothing, and the adapter's
        optional ``unused(state, frame)`` is told (a limited trigger gets its use back: "once
        per game, you may ...", E155; docs/rules-decisions.md E181)."""
        unused = getattr(self.adapter, "unused", None)
        if unused is None:
            return
        program = self.adapter.program(state, frame)
        if to != _leading_may(program):
            return
        if to == len(program) - 1 or not self.acts(state, frame, self._code(state, frame), to):
            unused(state, frame)

    def _op_check(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        if ins[1](state, frame):
            return pc + 1
        if self._untrue is not None:
            self._untrue(state, frame, ins[3])
        found: int = ins[2]
        return found

    def _op_next(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        loops = frame["loops"]
        items = loops[ins[1]]
        if isinstance(items, int):  # a repeat counter
            if items <= 0:
                done: int = ins[3]  # the pc past the loop
                return done
            loops[ins[1]] = items - 1
            _put(frame["vars"], ins[2], None)
            return pc + 1
        if not items:
            done = ins[3]
            return done
        _put(frame["vars"], ins[2], items.pop(0))
        return pc + 1

    def _op_loop(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        _put(frame["loops"], ins[1], list(self.adapter.candidates(state, frame, ins[2])))
        return pc + 1

    def _op_repeat(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        _put(frame["loops"], ins[1], max(0, self.evaluate(state, frame, ins[2])))
        return pc + 1

    def _op_ask(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        if not self.acts(state, frame, self._code(state, frame), pc + 1):
            declined: int = ins[2]  # ``may`` before a choice none of whose options can act:
            self._not_taken(state, frame, declined)
            return declined  # no question
        frame["pending"] = {
            "kind": "ask",
            "options": [["yes", ins[1]], ["no", "decline"]],
            "next": pc + 1,
            "else": ins[2],
        }
        frame["pc"] = pc
        return _PAUSE

    def _op_branch(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        """``choose one:``: offer only the options that can be carried out now.

        An option is offered when its costs can be paid and it would act (:meth:`acts`), as
        an activated ability is (docs/rules-decisions.md E15, R9). With one such option it is
        taken without asking; with none the choice is skipped (any option then does nothing,
        so running the first is the same as jumping past the choice).
        """
        code = self._code(state, frame)
        pcs: list[int] = ins[1]  # where each option starts
        live = [i for i, start in enumerate(pcs) if self.acts(state, frame, code, start)]
        if len(live) <= 1:
            return pcs[live[0] if live else 0]
        frame["pending"] = {
            "kind": "branch",
            "options": [[f"branch:{i}", ins[2][i]] for i in live],
            "pcs": list(pcs),
        }
        frame["pc"] = pc
        return _PAUSE

    def acts(
        self,
        state: State,
        frame: Frame,
        code: tuple[tuple[Any, ...], ...],
        pc: int,
        stop: int | None = None,
    ) -> bool:
        """Whether running ``code`` from ``pc`` (up to ``stop``) would reach a verb now,
        without running it.

        The walk follows the program as the machine would: a cost that cannot be paid, a
        condition that fails or a target with no candidate takes its ``else`` jump; a ``may``
        question is passed as if accepted; a chosen target is taken to be its first candidate
        (in a scratch copy of the variables) so later targets that depend on it can be listed.
        Reaching a ``call``, a loop or a repeat counts as acting; reaching the end (or
        ``stop``) does not. With an adapter that has ``possible``, a call it says would change
        nothing now does not act, and costs act only when what they pay for does
        (:meth:`_buys`). Nothing in the state or the frame changes.
        """
        ops = self._ops
        call, choose, afford, check = ops["call"], ops["choose"], ops["affordable"], ops["check"]
        possible = self._possible
        look = frame
        for _ in range(len(code)):  # the walk only jumps forward, so this bounds it
            if stop is not None and pc >= stop:
                return False
            ins = code[pc]
            handler = ins[0]
            if handler is call:
                # A call the adapter says would change nothing now does not act (``possible``).
                if possible is None or possible(state, look, ins[1], self._args(state, look, ins)):
                    return True
                pc += 1
                continue
            if handler is ops["loop"] or handler is ops["repeat"]:
                return True
            if handler is ops["lasting"] or handler is ops["next_cost"]:
                return True  # a duration or a discount always does something (issue 29)
            if handler is afford:
                if not ins[3](state, look):
                    pc = ins[2]
                elif possible is None:
                    pc += 1
                else:  # costs act only when what they pay for can happen (or they stand alone)
                    if self._buys(state, look, code, pc, ins):
                        return True
                    pc = ins[2]
            elif handler is check:
                pc = pc + 1 if ins[1](state, look) else ins[2]
            elif handler is ops["recall"]:
                found = card_state.recalled(state, look, ins[1])
                pc = pc + 1 if found is not None else ins[2]
            elif handler is choose:
                found = self.adapter.candidates(state, look, ins[2])
                if ins[2]["quant"] == "one":  # as the pick would offer them (:meth:`_usable`)
                    found = self._usable(state, look, pc, ins[1], found)
                if not found:
                    pc = ins[3]
                    continue
                if look is frame:
                    look = {**frame, "vars": list(frame["vars"])}
                _put(look["vars"], ins[1], found[0] if ins[2]["quant"] == "one" else found)
                pc += 1
            elif handler is ops["branch"]:
                if any(self.acts(state, look, code, start) for start in ins[1]):
                    return True
                pc = ins[1][0]  # no option acts: the first one runs through to the exit
            elif handler is ops["jump"]:
                pc = ins[1]
            elif handler is ops["ask"] or handler is ops["remember"]:
                pc += 1
            else:  # end (and next, only reached through a loop)
                return False
        return False

    def _op_lasting(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        """``["lasting", period, CLAUSE]``: a modifier or grant from now to the end of the
        period (``until the end of the round: ...``), kept by the adapter's ``lasting``."""
        found = getattr(self.adapter, "lasting", None)
        if found is None:
            raise EffectError(f"card {frame['card']!r}: this game keeps no durations")
        found(state, frame, ins[1], ins[2])
        return pc + 1

    def _op_next_cost(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        """``["next_cost", thing, n]``: the owner's next ``thing`` costs ``n`` less, once
        (``your next tech costs 1 less``), kept by the adapter's ``next_cost``;
        ``["next_cost", thing, n, period]``: gone at the end of ``period`` if not used
        (``until the end of the round: your next ship costs 1 less``)."""
        found = getattr(self.adapter, "next_cost", None)
        if found is None:
            raise EffectError(f"card {frame['card']!r}: this game keeps no one-shot discounts")
        found(state, frame, ins[1], ins[2], *ins[3:])
        return pc + 1

    def _buys(
        self, state: State, frame: Frame, code: tuple[tuple[Any, ...], ...], pc: int, ins: Any
    ) -> bool:
        """Whether the costs checked by the ``affordable`` at ``pc`` buy something now: what
        they pay for acts (:meth:`acts`), or nothing follows them (a cost alone, such as a
        `choose one` option `pay 1 ap`, is what it does). The walk passes the targets chosen
        before the costs are paid, the `may` question and the cost calls themselves
        (docs/effect-ir.md, ``paid``)."""
        ops = self._ops
        end, costs, at, look = ins[2], len(ins[1]), pc + 1, frame
        while at < end:
            step = code[at]
            handler = step[0]
            if handler is ops["affordable"]:
                costs = len(step[1])  # costs with targets: the second check lists them all
            elif handler is ops["choose"]:
                found = self.adapter.candidates(state, look, step[2])
                if not found:
                    return False
                if look is frame:
                    look = {**frame, "vars": list(frame["vars"])}
                _put(look["vars"], step[1], found[0] if step[2]["quant"] == "one" else found)
            elif handler is ops["call"] and costs > 0:
                costs -= 1
            elif handler is not ops["ask"]:
                break
            at += 1
        return at >= end or self.acts(state, look, code, at, stop=end)

    def _args(self, state: State, frame: Frame, ins: tuple[Any, ...]) -> list[Any]:
        """The arguments a lowered ``call`` would be given now (as :meth:`_op_call`)."""
        args: list[Any] = []
        for kind, data in ins[2]:
            if kind == AMOUNT:
                args.append([data[0], data[1]])
            elif kind == VAR:
                args.append(frame["vars"][data] if data < len(frame["vars"]) else None)
            elif kind == CONST:
                args.append(data)
            elif kind == AMOUNT_EXPR:
                args.append([data[0](state, frame), data[1]])
            else:
                args.append(data(state, frame))
        return args

    @staticmethod
    def _op_jump(state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        target: int = ins[1]
        return target

    # -- card state (issue 29): a choice remembered on the card ------------------------------

    def _op_remember(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        """``["remember", noun, var]``: the player chosen into ``var`` is the card's
        ``that <noun>`` from now on (interpreter/card_state.py); a trace says so (the
        adapter's optional ``remembered(state, frame, noun, chosen)``)."""
        chosen = frame["vars"][ins[2]]
        card_state.remember(state, frame, ins[1], chosen)
        told = getattr(self.adapter, "remembered", None)
        if told is not None:
            told(state, frame, ins[1], chosen)
        return pc + 1

    def _op_recall(self, state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        """``["recall", noun, else_pc]``: a step naming ``that <noun>`` before the card chose
        one does nothing (docs/rules-decisions.md R13); a trace says so (the
        adapter's optional ``unchosen(state, frame, noun)``)."""
        if card_state.recalled(state, frame, ins[1]) is not None:
            return pc + 1
        told = getattr(self.adapter, "unchosen", None)
        if told is not None:
            told(state, frame, ins[1])
        past: int = ins[2]  # the pc past the step
        return past

    @staticmethod
    def _op_end(state: State, frame: Frame, ins: tuple[Any, ...], pc: int) -> int:
        return _DONE
