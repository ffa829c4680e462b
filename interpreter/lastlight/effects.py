"""Last Light's adapter for the effect machine, the compiled card effects and the frame driver.

``interpreter/vm.py`` runs compiled programs (docs/effect-ir.md) and knows no game. This
module binds it to Last Light: card effects are compiled on demand from the loaded content
(``card_effects.py``), the verbs, selectors and values a card names run the functions
``bindings.py`` binds them to (given by :func:`connect` when a game is set up:
``dispatch.py``), and :func:`push` / :func:`drive` run frames in ``state["frames"]``.

Frames live in ``state["frames"]`` (top = last). While any frame waits for a decision the
engine waits (``game.advance``); :func:`frame_options` and :func:`frame_apply` are that
decision. Frames started while another frame runs go just above it, in the order they were
started (so an effect's triggers resolve before the rest of the effect, and in order);
frames started by the engine while a frame waits go to the bottom, after everything
already pending.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Any

from whitedwarf.interpreter import card_state, card_uses
from whitedwarf.interpreter.bindings import Bindings
from whitedwarf.interpreter.lastlight import dispatch, events, lasting, parties, selectors
from whitedwarf.interpreter.lastlight.card_effects import (
    EffectContentError,
    card_effect,
    card_kind,
    compile_text,
)
from whitedwarf.interpreter.lastlight.card_state import removable
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.decisions import IllegalOption, Option
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.selectors import (
    candidates,
    is_exhausted,
    labeller,
    seat_of,
    value,
)
from whitedwarf.interpreter.lastlight.state import can_pay, card_id, holds
from whitedwarf.interpreter.lastlight.versions import GameState
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.vm import (
    AMOUNT,
    CONST,
    DONE,
    FN,
    YIELD,
    EffectError,
    EffectLimitError,
    Frame,
    IllegalAnswer,
    Machine,
    Outcome,
    falsity,
    new_frame,
    offers,
)

__all__ = [
    "EffectContentError",
    "EffectLimitError",
    "card_effect",
    "card_kind",
    "compile_text",
    "frame_apply",
    "frame_options",
    "new_frame",
    "push",
]


# -- after every verb ------------------------------------------------------------------------


def _no_check(state: State) -> None:
    """Until a game is set up (:func:`connect`)."""


#: Called after every verb an effect runs, whatever path runs it (the machine, a resumed
#: decision, a straight-line program): ``hooks.check_achievements``, given by :func:`connect`
#: when a game is set up (``hooks`` imports this module), so an achievement whose condition a
#: verb makes true is played at once (000 "Planetary Achievement": "Play immediately when ...").
after_verb: Any = _no_check


def connect(words: Bindings, check: Callable[[State], None]) -> None:
    """Set the machine up to run the vocabulary's ``words`` and ``check`` after every verb
    (``game.wire``, when a game is set up). Only the first call does anything: the words and
    the check are the same for every game of the process (a benchmark may replace
    :data:`after_verb` after it)."""
    global after_verb
    if dispatch.install(words):
        after_verb = check
        reload_vocabulary()


# -- events (events.py): what a card does, for listeners ---------------------------------------


def traced(run: Any, verb: str, state: State, frame: Frame, args: list[Any]) -> Any:
    """Run a verb announcing it (``verb`` event), its changes marked as caused by the card."""
    events.emit(
        state, "verb", frame["owner"], frame["card"],
        verb=verb.removeprefix("verb_"), args=_args_text(args),
    )  # fmt: skip
    with events.caused_by(frame["card"]):
        return run(state, frame, args)


def _args_text(args: list[Any]) -> str:
    """A verb's bound operands as words: ``2 light``, ``s12``, ``warp_drive#2``."""
    parts = []
    for arg in args:
        if (
            isinstance(arg, list)
            and len(arg) == 2
            and type(arg[0]) is int
            and isinstance(arg[1], str)
        ):
            parts.append(f"{arg[0]} {arg[1]}")
        elif isinstance(arg, list):
            parts.append(", ".join(map(str, arg)) or "nothing")
        elif isinstance(arg, dict):
            parts.append(str(arg.get("size") or arg.get("unit_kind") or arg))
        else:
            parts.append(str(arg))
    return " ".join(parts)


#: Clause form -> how an ``effect`` event says the clause started.
_HOW = {"immediate": "immediate", "as_soon_as": "as soon as", "activated": "activated"}


def _started_as(rt: Runtime, frame: Frame) -> str:
    """How a frame's clause starts: ``when <hook>``, ``immediate``, ``as soon as`` ...; a
    reaction, ``when seat 2 plays research`` (its hook's act)."""
    clause = card_effect(rt, frame["card"])["clauses"][frame["clause"]]
    form = clause.get("form")
    if form == "trigger" and clause.get("by"):  # a reaction (issue 29)
        hook = registry().hooks.get(clause.get("hook", ""))
        act = hook.acted if hook is not None else clause.get("hook")
        return f"when seat {frame['context'].get('actor')} {act}"
    return f"when {clause.get('hook')}" if form == "trigger" else _HOW.get(form, str(form))


def started_as(state: State, frame: Frame) -> str:
    """How a frame's clause starts (``when <hook>``, ``activated`` ...), for a trace."""
    return _started_as(runtime(state), frame)


def _announce(state: State, frames: list[Frame]) -> None:
    """An ``effect`` event for each frame started (a card's clause taking effect)."""
    rt = runtime(state)
    for frame in frames:
        events.emit(state, "effect", frame["owner"], frame["card"], how=_started_as(rt, frame))


def unmet(state: State, frame: Frame) -> None:
    """Tell a trace that a trigger's hook came but its ``when ... if`` condition was false,
    so the card did nothing (an ``unmet`` note: never an event of the game, so replays and
    their verification are unchanged; call only under ``if events.ON:``)."""
    events.note(
        state, "unmet", frame["owner"], frame["card"], how=_started_as(runtime(state), frame)
    )


def absent(state: State, frame: Frame, verb: str) -> None:
    """Tell a trace that a verb had nothing to act on (a named party or a ``this`` thing that
    is not there: an unowned planet, no opponent in the combat), so it did nothing (an
    ``absent`` note, like :func:`unmet`; issue 29)."""
    if events.ON:
        events.note(state, "absent", frame["owner"], frame["card"], verb=verb)


def unpaid(state: State, frame: Frame) -> None:
    """Tell a trace that a cost of a card could not be paid, so what it pays for was skipped
    (an ``unpaid`` note, like :func:`unmet`: never recorded in a replay)."""
    if events.ON:
        events.note(state, "unpaid", frame["owner"], frame["card"])


# -- the adapter -----------------------------------------------------------------------------


class LastLightAdapter:
    """The :class:`whitedwarf.interpreter.vm.Adapter` of Last Light."""

    machine: Machine

    def __init__(self) -> None:
        #: :meth:`resolve_any`, bound once: the selectors' functions are kept per selector
        #: and resolver (``selectors.candidates``), and a method is bound anew at each access.
        self._resolve = self.resolve_any

    def program(self, state: State, frame: Frame) -> list[list[Any]]:
        clause = card_effect(runtime(state), frame["card"])["clauses"][frame["clause"]]
        code: list[list[Any]] = clause["code"]  # the effect IR (docs/effect-ir.md)
        return code

    def lowered(self, state: State, frame: Frame) -> tuple[tuple[Any, ...], ...]:
        """The frame's program lowered once per loaded content (``Runtime.lowered``:
        card id -> one lowered program per clause, None for clauses without code)."""
        codes = runtime(state).lowered.get(frame["card"])
        if codes is None:
            codes = _lower_card(runtime(state), frame["card"])[0]
        lowered: tuple[tuple[Any, ...], ...] = codes[frame["clause"]]  # a frame's clause has code
        return lowered

    def bind(self, verb: str) -> Any:
        """The verb as ``(state, frame, args) -> None | pending | YIELD`` (what :meth:`call`
        does, with the registry lookup done once)."""
        run = _verb_table().get(verb)
        if run is None:
            raise EffectError(f"unknown verb {verb!r}")

        def bound(state: State, frame: Frame, args: list[Any]) -> Any:
            if None in args:  # ``this planet`` where the hook has none: nothing to act on
                absent(state, frame, verb)
                return None
            frames = state["frames"]
            before = len(frames)
            found = traced(run, verb, state, frame, args) if events.ON else run(state, frame, args)
            after_verb(state)
            if found is None and len(frames) > before:
                return YIELD
            return found

        return bound

    def valuer(self, name: str) -> Any:
        """A value as ``(state, frame) -> int``: its function (``bindings.py``)."""
        return dispatch.words().values.get(name)

    def resolver(self, operand: dict[str, Any]) -> tuple[int, Any] | None:
        """A lowered operand (``vm.CONST`` or ``vm.FN``) doing what :meth:`resolve` does."""
        if "this" in operand:
            what = operand["this"]
            if what == "die":
                return FN, _this_die
            return FN, lambda state, frame: frame["context"].get(what)
        if operand.get("party") == "ranked":  # `the opponent with the most ships`
            return FN, lambda state, frame: self.machine.ranked(state, frame, operand)
        if "party" in operand:  # a named party (issue 29): read when the verb runs
            return FN, lambda state, frame: parties.party(state, frame, operand)
        if "you" in operand:
            return FN, _you
        if "word" in operand:
            return CONST, operand["word"]
        if "stat" in operand:
            return CONST, operand["stat"]
        if "unit_kind" in operand:
            return CONST, operand
        return None

    def candidates(self, state: State, frame: Frame, selector: dict[str, Any]) -> list[str]:
        return candidates(state, frame, selector, self._resolve)

    def selector(self, selector: dict[str, Any]) -> Any:
        """What :meth:`candidates` does for one selector, as ``(state, frame) -> ids``."""
        resolve = self._resolve
        return lambda state, frame: candidates(state, frame, selector, resolve)

    def labels(
        self, state: State, frame: Frame, selector: dict[str, Any], ids: list[str]
    ) -> list[str]:
        name = labeller(selector["type"])  # one look-up for all the options
        return [str(name(state, i)) for i in ids]

    def resolve(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        if "this" in operand:
            what = operand["this"]
            found = frame["context"].get(what)
            if what == "die" and found is not None:
                return f"d{found}"
            return found
        if "you" in operand:
            return f"p{frame['owner']}"
        if operand.get("party") == "ranked":  # `the opponent with the most ships`
            return self.machine.ranked(state, frame, operand)
        if "party" in operand:
            return parties.party(state, frame, operand)
        if "word" in operand:
            return operand["word"]
        if "stat" in operand:
            return operand["stat"]
        if "unit_kind" in operand:
            return operand
        if "select" in operand:
            return self.candidates(state, frame, operand["select"])
        raise EffectError(f"unknown operand {operand!r}")

    def resolve_any(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        return self.machine.operand(state, frame, operand)

    def value(self, state: State, frame: Frame, name: str) -> int:
        return value(state, frame, name)

    def seat_of(self, player: Any) -> int | None:
        """``"p1"`` -> 1 (a player's id in Last Light's operands)."""
        return seat_of(player) if isinstance(player, str) and player[:1] == "p" else None

    def untrue(self, state: State, frame: Frame, cond: list[Any]) -> None:
        """A trace says an ``if`` step was false, with what it compared (a note)."""
        if events.ON:
            why = falsity(self.machine, state, frame, cond)
            events.note(state, "untrue", frame["owner"], frame["card"], why=why)

    def unpaid(self, state: State, frame: Frame) -> None:
        """A cost could not be paid (:func:`unpaid`)."""
        unpaid(state, frame)

    def unused(self, state: State, frame: Frame) -> None:
        """A clause whose whole effect is one `may` did nothing (declined, or nothing it
        could do): a limited trigger gets its use back (docs/rules-decisions.md E155). An
        activated ability keeps its use: its owner started it, and giving it back would let
        one be started and declined without end."""
        clause = card_effect(runtime(state), frame["card"])["clauses"][frame["clause"]]
        if clause["form"] == "trigger" and clause.get("limit"):
            card_uses.give_back(state, frame["context"]["card"], frame["clause"])

    # durations and one-shot discounts (issue 29; the machine's ``lasting`` and
    # ``next_cost`` instructions)
    def lasting(self, state: State, frame: Frame, period: str, clause: dict[str, Any]) -> None:
        """``until the end of the round: <modifier or grant>`` (``lasting.start``)."""
        lasting.start(state, frame, period, clause)
        after_verb(state)

    def next_cost(
        self, state: State, frame: Frame, thing: str, amount: int, until: str | None = None
    ) -> None:
        """``your next tech costs 1 less``, kept ``until`` the end of a period if one is
        named (``lasting.keep``)."""
        lasting.keep(state, frame, thing, amount, until)
        after_verb(state)

    def pointless(self, state: State, frame: Frame) -> None:
        """A payment was not made: what it pays for cannot happen now (a trace note)."""
        if events.ON:
            events.note(state, "pointless", frame["owner"], frame["card"])

    def possible(self, state: State, frame: Frame, verb: str, args: list[Any]) -> bool:
        """Whether a call would change anything now (its binding's ``can``: a gain from an
        empty supply would not), so the machine offers no payment for it (issue 29 item 8)."""
        can = _cans().get(verb)
        return True if can is None else bool(can(state, frame, args))

    def affordable(self, state: State, frame: Frame, calls: list[list[Any]]) -> bool:
        """Costs (000 "Manufacture Technologies"; exhausting: 000 "Civilization technology
        cards"): resources and light held, cards in play and ready, techs in play."""
        need: dict[str, int] = {}
        flipped: set[str] = set()
        counters: dict[str, int] = {}  # card state: `remove 3 charges from this card`
        p = state["players"][frame["owner"]]
        for verb, operands in calls:
            args = [self.machine.operand(state, frame, o) for o in operands]
            if verb == "remove":
                removable(state, frame, counters, args)
            elif verb == "pay":
                amount, unit = args[0]
                need[unit] = need.get(unit, 0) + amount
            elif verb in ("exhaust", "discard"):
                refs = args[0] if isinstance(args[0], list) else [args[0]]
                for ref in refs:
                    if verb == "discard" and ref in p["techs_hand"] and ref not in flipped:
                        flipped.add(ref)  # an unresearched tech is discarded from the hand
                        continue
                    state_of = is_exhausted(state, ref) if ref is not None else None
                    if state_of is None or ref in flipped or (verb == "exhaust" and state_of):
                        return False
                    flipped.add(ref)
        return can_pay(p, need) and card_state.can_remove(state, frame, counters)

    def remembered(self, state: State, frame: Frame, noun: str, chosen: Any) -> None:
        """Card state: a trace says whom the card chose (a note, like :func:`unpaid`)."""
        if events.ON:
            events.note(state, "chosen", frame["owner"], frame["card"], noun=noun, chosen=chosen)

    def unchosen(self, state: State, frame: Frame, noun: str) -> None:
        """Card state: ``that opponent`` before the card chose one did nothing (a note)."""
        if events.ON:
            events.note(state, "unchosen", frame["owner"], frame["card"], noun=noun)

    def coster(self, calls: list[list[Any]]) -> Any:
        """What :meth:`affordable` answers for ``calls``, as ``(state, frame) -> bool``, made
        once per program (``Machine.lower``). The usual cost, "exhaust this card" and
        payments of fixed amounts (:func:`plain_cost`), reads the card and the owner's stock
        directly, with no operand resolved at each test; any other goes through
        :meth:`affordable`."""
        plain = plain_cost(calls)
        if plain is None:
            affordable = self.affordable
            return lambda state, frame: affordable(state, frame, calls)
        exhaust, need = plain

        def plain_affordable(state: State, frame: Frame) -> bool:
            if exhaust:
                ref = frame["context"].get("card")
                if ref is None or is_exhausted(state, ref) is not False:
                    return False  # not in play, or exhausted already
            return not need or holds(state["players"][frame["owner"]], need)

        return plain_affordable

    def passes(self, thing: dict[str, Any], word: str) -> Any:
        """``this ship is large`` (issue 29) as ``(state, frame) -> bool``: whether the
        thing the hook or the card names passes the filter ``word``. A unit the hook is
        about may be gone (``unit_lost``): its size is the one the hook kept (``size``)."""
        what = thing["this"]
        sizes = ("small", "medium", "large")
        kept = {"type": what, "filters": [[word]], "quant": "all", "count": None, "exclude": []}

        def test(state: State, frame: Frame) -> bool:
            context = frame["context"]
            found = context.get(what)
            if found is None:
                return False
            if word in sizes and what == "ship" and found not in state["ships"]:
                return bool(context.get("size") == word)
            if what == "die":
                found = f"d{found}"
            return found in self.candidates(state, frame, kept)

        return test

    def call(self, state: State, frame: Frame, verb: str, args: list[Any]) -> Any:
        if None in args:  # ``this planet`` where the hook has none: nothing to act on
            absent(state, frame, verb)
            return None
        frames = state["frames"]
        before = len(frames)
        run = _verb_table()[verb]
        found = traced(run, verb, state, frame, args) if events.ON else run(state, frame, args)
        after_verb(state)
        if found is None and len(frames) > before:
            return YIELD
        return found

    def resume(self, state: State, frame: Frame, pending: dict[str, Any], option_id: str) -> Any:
        if not offers(pending, option_id):
            frame["pending"] = pending
            raise IllegalAnswer(f"card {frame['card']!r} does not offer {option_id!r}")
        frames = state["frames"]
        before = len(frames)
        if events.ON:
            events.emit(
                state, "verb", frame["owner"], frame["card"], verb=pending["verb"], args=option_id
            )
            with events.caused_by(frame["card"]):
                found = _resume_table()[pending["verb"]](state, frame, pending, option_id)
        else:
            found = _resume_table()[pending["verb"]](state, frame, pending, option_id)
        after_verb(state)
        if found is None and len(frames) > before:
            return YIELD
        return found


#: The ``exhaust`` call of "exhaust this card", the usual cost of a card's ability.
_EXHAUST_THIS = ["exhaust", [{"this": "card"}]]


def buys_something(state: State, seat: int, ref: str, clause: int) -> bool:
    """Whether an activated clause's costs, paid now, would buy something (E134): not when
    all it pays for is a gain from an empty supply. An ability that would pay nothing and
    do nothing is not offered; else it would be offered again and again, as its ``exhaust
    this card`` is not paid either."""
    frame = new_frame(card_id(ref), seat, clause, {"card": ref})
    return MACHINE.acts(state, frame, ADAPTER.lowered(state, frame), 0)


def plain_cost(calls: list[list[Any]]) -> tuple[bool, tuple[tuple[str, int], ...]] | None:
    """Cost calls that are at most one "exhaust this card" and payments of fixed amounts, as
    ``(exhausts this card, ((unit, total amount), ...))`` (units in the order first paid);
    None for any other cost (:meth:`LastLightAdapter.affordable` reads it then)."""
    exhaust = False
    need: dict[str, int] = {}
    for call in calls:
        if call == _EXHAUST_THIS and not exhaust:
            exhaust = True
            continue
        verb, operands = call
        if verb != "pay" or len(operands) != 1 or not isinstance(operands[0], dict):
            return None
        operand = operands[0]
        amount, unit = operand.get("amount"), operand.get("unit")
        if (
            set(operand) != {"amount", "unit"}
            or not isinstance(amount, list)
            or len(amount) != 2
            or amount[0] != "num"
            or type(amount[1]) is not int
            or not isinstance(unit, str)
        ):
            return None
        need[unit] = need.get(unit, 0) + amount[1]
    return exhaust, tuple(need.items())


def reload_vocabulary() -> None:
    """Forget every table built from the vocabulary and its bindings (after a word was added
    to them, as the extending-the-language test of docs/dsl.md does): verbs, values,
    selectors, compiled texts."""
    for table in (
        _verb_table,
        _resume_table,
        _reask_table,
        _fixed_table,
        _pure_verbs,
        selectors.vocabulary_tables,
    ):
        table.cache_clear()
    selectors.forget_listings()
    compile_text.cache_clear()
    MACHINE.forget()


@cache
def _verb_table() -> dict[str, Any]:
    """Verb -> its function, as ``bindings.py`` binds it (:mod:`dispatch`)."""
    return dispatch.words().verb_table()


@cache
def _fixed_table() -> dict[str, Any]:
    """Verb -> what makes it for fixed arguments of one card (its ``fixed``, optional)."""
    return dispatch.words().verb_table("fixed")


@cache
def _resume_table() -> dict[str, Any]:
    """Verb -> what answers its own decision (its ``resume``, for verbs that choose)."""
    return dispatch.words().verb_table("resume")


@cache
def _reask_table() -> dict[str, Any]:
    """Verb -> what asks its own decision again on the state as it is now (its ``reask``,
    for verbs that choose: :func:`_ask_again`)."""
    return dispatch.words().verb_table("reask")


@cache
def _cans() -> dict[str, Any]:
    """Each verb's ``can``: whether a call would change anything now."""
    return dispatch.words().verb_table("can")


@cache
def _pure_verbs() -> frozenset[str]:
    """Verbs that never ask and never start other effects, so never fire a hook
    (``Verb.pure``): a program made of these, ``check``, ``jump``, ``loop``, ``next``,
    ``repeat`` and ``end`` runs to its end in one go."""
    return frozenset(name for name, v in registry().verbs.items() if v.pure)


_PURE_OPS = frozenset({"check", "jump", "loop", "next", "repeat", "end"})


def _lower_card(rt: Runtime, cid: str) -> tuple[list[Any], list[Any]]:
    """Lower a card's clause programs once per content, and say how each runs by itself:
    ``False`` (it may ask or start effects: the driver runs it) or, for a pure program, a
    function ``(state, frame) -> outcome`` that runs it to its end (``DONE``), or until an
    achievement it made playable waits for a decision (``YIELD``, the frame saved as the
    machine saves it): the straight-line calls of :func:`_straight`, the Python function
    :meth:`Machine.compile` makes of loops and checks, or else the machine itself."""
    clauses = card_effect(rt, cid)["clauses"]
    codes = [MACHINE.lower(c["code"]) if "code" in c else None for c in clauses]
    how = [
        False if code is None else _how(rt, cid, c["code"], code)
        for c, code in zip(clauses, codes, strict=True)
    ]
    rt.lowered[cid] = codes
    rt.how[cid] = how
    return codes, how


def runner(rt: Runtime, cid: str, clause: int) -> Any:
    """How a card clause runs by itself (see :func:`_lower_card`), lowered once per content."""
    found = rt.how.get(cid)
    if found is None:
        found = _lower_card(rt, cid)[1]
    return found[clause]


def _how(rt: Runtime, cid: str, program: list[list[Any]], code: tuple[tuple[Any, ...], ...]) -> Any:
    """How a program runs by itself (see :func:`_lower_card`)."""
    pure = _pure_verbs()
    if not all(i[0] in _PURE_OPS or (i[0] == "call" and i[1] in pure) for i in program):
        return False

    def fixed(verb: str, operands: tuple[tuple[int, Any], ...]) -> Any:
        return _bound_fixed(rt, cid, verb, operands)

    if program[-1][0] != "end" or any(i[0] != "call" for i in program[:-1]):
        return MACHINE.compile(program, code, fixed) or MACHINE.run
    calls = []
    for ins in code[:-1]:
        kinds = [kind for kind, _ in ins[2]]
        if not set(kinds) <= {CONST, AMOUNT, FN}:
            return MACHINE.compile(program, code, fixed) or MACHINE.run
        calls.append((_verb_table()[ins[1]], ins[2], FN in kinds, ins[1]))
    return _straight(rt, cid, tuple(calls))


def _bound_fixed(rt: Runtime, cid: str, verb: str, operands: tuple[tuple[int, Any], ...]) -> Any:
    """A verb with fixed operands (``vm.AMOUNT`` and ``vm.CONST``) bound for one card's
    compiled program, through its ``VerbBinding.fixed`` form, doing what the bound verb
    (:meth:`LastLightAdapter.bind`) does with those arguments; None for a verb without one."""
    maker = _fixed_table().get(verb)
    if maker is None:
        return None
    impl = _verb_table()[verb]

    def arguments() -> list[Any]:  # fresh lists, as the machine makes them for each call
        return [[d[0], d[1]] if k == AMOUNT else d for k, d in operands]

    run = maker(rt, cid, arguments())

    def bound_fixed(state: State, frame: Frame) -> Any:
        frames = state["frames"]
        before = len(frames)
        if events.ON:
            found = traced(impl, verb, state, frame, arguments())
        else:
            found = run(state, frame["owner"])
        after_verb(state)
        if found is None and len(frames) > before:
            return YIELD
        return found

    def many(state: State, frame: Frame, times: int) -> tuple[int, Any] | None:
        """``bound_fixed`` ``times`` times in a row (a loop's body), stopping at the first
        call that does not end: None, or ``(calls made, what that call returned)``."""
        if events.ON:
            for made in range(1, times + 1):
                found = bound_fixed(state, frame)
                if found is not None:
                    return made, found
            return None
        frames = state["frames"]
        before = len(frames)
        owner = frame["owner"]
        made = 0
        while made < times:
            made += 1
            found = run(state, owner)
            after_verb(state)
            if found is not None:
                return made, found
            if len(frames) > before:
                return made, YIELD
        return None

    bound_fixed.many = many  # type: ignore[attr-defined]
    return bound_fixed


def straight(how: Any) -> bool:
    """Whether a clause's :func:`runner` starts from a short frame ``{card, owner, clause,
    context}``: straight-line calls (:func:`_straight`, which read nothing else), or a
    compiled program whose calls read no variable (``Machine.compile``: it adds its ``vars``
    and ``loops`` and completes the frame in place if it is left unfinished)."""
    return getattr(how, "short_frame", False)


def direct(how: Any) -> Any:
    """The one fixed verb ``(state, owner)`` (``VerbBinding.fixed``) a straight-line clause's
    :func:`runner` calls when no listener hears it, or None: calling it with the frame's
    owner and then :data:`after_verb` is what the runner does then (no frame needed)."""
    return getattr(how, "direct", None)


def _straight(rt: Runtime, cid: str, calls: tuple[tuple[Any, ...], ...]) -> Any:
    """A function running pure calls with fixed operands, as the machine would."""
    if len(calls) == 1 and not calls[0][2] and len(calls[0][1]) == 1:
        verb, ((kind, data),), _, name = calls[0]
        if kind == AMOUNT:  # the usual card: ``gain 1 common``
            n, unit = data
            fixed = _fixed_table().get(name)
            run = None if fixed is None else fixed(rt, cid, [[n, unit]])

            def one_amount(state: State, frame: Frame) -> Outcome:
                if events.ON:
                    traced(verb, verb.__name__, state, frame, [[n, unit]])
                elif run is not None:
                    run(state, frame["owner"])
                else:
                    verb(state, frame, [[n, unit]])
                after_verb(state)
                return DONE

            one_amount.short_frame = True  # type: ignore[attr-defined]
            # What it calls, for a caller that has ruled out listeners (``hooks.fire``).
            one_amount.direct = run  # type: ignore[attr-defined]
            return one_amount

    def straight(state: State, frame: Frame) -> Outcome:
        for verb, operands, nullable, name in calls:
            args = [
                [d[0], d[1]] if k == AMOUNT else d if k == CONST else d(state, frame)
                for k, d in operands
            ]
            if not (nullable and None in args):
                if events.ON:
                    traced(verb, verb.__name__, state, frame, args)
                else:
                    verb(state, frame, args)
                after_verb(state)
            elif events.ON:
                absent(state, frame, name)
        return DONE

    straight.short_frame = True  # type: ignore[attr-defined]
    return straight


def _this_die(state: State, frame: Frame) -> str | None:
    found = frame["context"].get("die")
    return None if found is None else f"d{found}"


def _you(state: State, frame: Frame) -> str:
    return f"p{frame['owner']}"


ADAPTER = LastLightAdapter()
MACHINE = Machine(ADAPTER)
ADAPTER.machine = MACHINE


# -- the frame driver ------------------------------------------------------------------------

_CLAUSE_OF = itemgetter("card", "clause")


def running(state: State) -> tuple[int, int] | None:
    """``(index of the running frame, its depth)`` while frames of this state run, else None
    (the state's ``running`` slot, ``versions.GameState``; a plain dict runs none). None, with
    no frame on the state's stack and no listener, a pure clause may run at once without
    :func:`push` (``hooks.fire`` does so: the same steps, in the same order)."""
    return getattr(state, "running", None)


def _live(state: State) -> GameState:
    """The state, which must be a :class:`GameState` to run frames (its ``running`` slot
    says which frame runs); a plain dict is refused."""
    if not isinstance(state, GameState):
        raise TypeError(
            "Last Light effects run on a state made by the engine (Game.new_state, Game.clone,"
            f" persist.load or GameState(data)), not a {type(state).__name__}"
        )
    return state


def push(state: State, frames: list[Frame], hows: list[Any] | None = None) -> None:
    """Start frames (in the order given: the first runs first) and run them if idle.

    While a frame of this state runs, new frames go just above it and one level deeper;
    otherwise they go under any frame already waiting for a decision, and run now if none is.
    ``hows``, when the caller has them, are the frames' :func:`runner` (one per frame).
    """
    if not frames:
        return
    if events.ON:
        _announce(state, frames)
    stack = state["frames"]
    now = getattr(state, "running", None)  # :func:`running` written out
    if now is not None:
        index, depth = now
        frames = [_whole(frame) for frame in frames]
        for frame in frames:
            frame["depth"] = depth + 1
        stack[index + 1 : index + 1] = frames[::-1]
        return
    if not stack:
        # Nothing runs and nothing waits: a pure program (``Verb.pure``) runs to its end right
        # here, as it would at the top of the stack, without the driver's bookkeeping.
        for i, frame in enumerate(frames):
            how = hows[i] if hows is not None else runner(runtime(state), *_CLAUSE_OF(frame))
            if how is False or how(state, frame) is not DONE:
                frames = frames[i:]
                break
        else:
            return
    # [::-1], not reversed(): mypyc 2.4 crashes on reversed() over these (mypyc_build.py).
    stack[0:0] = [_whole(frame) for frame in frames[::-1]]
    drive(state)


def _whole(frame: Frame) -> Frame:
    """A frame with every field, for the stack (a straight-line clause's short frame,
    ``{card, owner, clause, context}``, completed as :func:`new_frame` makes it)."""
    if "pc" in frame:
        return frame
    return new_frame(frame["card"], frame["owner"], frame["clause"], frame["context"])


def drive(state: State) -> None:
    """Run the top frames until one waits for a decision or none is left."""
    if getattr(state, "running", None) is not None:
        return
    stack = state["frames"]
    if not stack:  # the usual case after an answer: the frame answered was the last
        return
    live = _live(state)
    run = MACHINE.run
    try:
        while stack:
            top = stack[-1]
            pending = top["pending"]
            if pending is not None and (AGAIN not in pending or not _ask_again(state, top)):
                return
            index = len(stack) - 1
            live.running = (index, top["depth"])
            if run(state, top) is DONE:
                del stack[index]
            elif stack[-1] is not top:
                _under(top)
    finally:
        live.running = None


#: The key of a pending decision that was asked in the same run that started frames above
#: its frame (docs/rules-decisions.md E122, E123): they run first and may take what it
#: offers, so it is asked again when its frame is back on top (:func:`_ask_again`).
AGAIN = "again"


def _under(frame: Frame) -> None:
    """Mark the question of a frame that has just had frames started above it (the verb that
    asked, or the achievement check after it, started them), to be asked again when they are
    done. A question asked with nothing above it is not asked again: nothing can have run
    between the asking and the answer, so it is asked once."""
    pending = frame["pending"]
    if pending is not None:
        pending[AGAIN] = True


def _ask_again(state: State, frame: Frame) -> bool:
    """A verb's question asked before frames above it ran (they may have spent what it
    offers) is asked again on the state as it is now (docs/rules-decisions.md E122, E123),
    by the verb's own ``reask`` (``VerbBinding.reask`` in ``bindings.py``); True when it has nothing
    left to ask and the frame goes on. Asked again on an unchanged state, the question is
    the same. A question of the machine (``choose``, ``may``, ``choose one:``) is never
    asked under frames (it is asked by an instruction that starts nothing), so it waits."""
    pending = frame["pending"]
    assert pending is not None  # asked of a frame waiting on a question only
    again = _reask_table().get(pending["verb"]) if pending["kind"] == "verb" else None
    if again is None:
        return False
    frame["pending"] = again(state, frame, pending)
    return frame["pending"] is None


def frame_options(state: State) -> list[Option]:
    """The options of the effect decision awaited (the top frame's pending decision)."""
    stack = state["frames"]
    pending = stack[-1]["pending"] if stack else None
    if pending is None:
        return []
    # What ``Option._make`` does, without its length check (each option is ``[id, text]``):
    # about half the cost of ``Option(id, text)``, whose ``__new__`` is a Python function.
    return [_new_tuple(Option, o) for o in pending["options"]]


_new_tuple = tuple.__new__


def frame_apply(state: State, option_id: str) -> None:
    """Apply the owner's choice to the top frame and run effects to the next decision."""
    stack = state["frames"]
    if not stack:
        raise IllegalOption(f"no effect is waiting for a decision: {option_id!r}")
    live = _live(state)
    top = stack[-1]
    index = len(stack) - 1
    live.running = (index, top["depth"])
    try:
        outcome = MACHINE.answer(state, top, option_id)
    except IllegalAnswer as error:
        raise IllegalOption(str(error)) from None
    finally:
        live.running = None
    if outcome is DONE:
        del stack[index]
        if not stack:  # the usual case: the frame answered was the only one
            return
    elif stack[-1] is not top:  # what the answer did started effects: they run first
        _under(top)
    drive(state)
