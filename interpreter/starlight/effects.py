"""The effect machine's adapter for Starlight: cards' compiled effects run in frames.

A frame's ``card`` is ``"<kind>:<card id>"`` where kind is the compiled table (``flares``
for a flare's points box, ``flares.boon`` for its boon, ``laurels``, ``accolades``,
``gods``); the machine (``interpreter/vm.py``, shared with Last Light) runs its program.
A ``may`` pauses the frame: its owner's decision is offered by the game like any other
(options ``yes`` / ``no``), so a state paused inside an effect is still plain data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter import card_state, card_uses
from whitedwarf.interpreter.bindings import Bindings
from whitedwarf.interpreter.starlight import events
from whitedwarf.interpreter.starlight.reserve import reserved_ap
from whitedwarf.interpreter.starlight.state import State, player
from whitedwarf.interpreter.starlight.values import FRAME_VALUES, leader
from whitedwarf.interpreter.vm import (
    DONE,
    SIDE_STEPS,
    YIELD,
    Frame,
    IllegalAnswer,
    Machine,
    falsity,
    new_frame,
    seat_beside,
)

__all__ = ["Adapter", "answer", "holds", "new_frame", "run_frames", "start"]
from whitedwarf.interpreter.starlight import lasting
from whitedwarf.interpreter.starlight.vocabulary import registry

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


class Adapter:
    """What the machine asks of Starlight: programs, operands, values, verbs."""

    def __init__(self, game: Game, words: Bindings) -> None:
        """``words``: the functions of the vocabulary's words (``bindings.WORDS``)."""
        self.game = game
        self.verbs = words.verb_table()
        self.values = dict(words.values)
        self.filters = dict(words.filters)
        self.resumes = words.verb_table("resume")
        # How a verb that asks asks again (its ``reask``; docs/rules-decisions.md SL140).
        self.reasks = words.verb_table("reask")
        # Whether a call would change anything now (its ``can``; issue 29 item 8).
        self.cans = words.verb_table("can")
        nouns = registry().nouns.items()
        self.nouns = {noun.type: words.nouns[name].candidates for name, noun in nouns}
        self.machine = Machine(self)

    def program(self, state: State, frame: Frame) -> list[list[Any]]:
        kind, _, card = frame["card"].partition(":")
        compiled = self.game.content.compiled(kind, card)
        if compiled is None:
            raise KeyError(f"no compiled effect for {frame['card']!r}")
        code: list[list[Any]] = compiled["clauses"][frame["clause"]]["code"]
        return code

    def candidates(self, state: State, frame: Frame, selector: dict[str, Any]) -> list[str]:
        """Ids of the selector's noun that pass its filters (selectors.py), sorted."""
        found = self.nouns[selector["type"]](self.game, state, frame)
        for spec in selector.get("filters", []):
            if spec[0] == "of_party":  # `stars of the leader`, `stars of it` (a player)
                seat = self.seat_of(self.machine.operand(state, frame, spec[1]))
                found = [c for c in found if seat is not None and c[1] == seat]
                continue
            keep = self.filters[spec[0]](self.game, frame, spec)
            found = [candidate for candidate in found if keep(candidate)]
        if selector.get("for") == ["steal", "player"]:  # a player with no rays is no target
            found = [c for c in found if player(state, int(c[0]))["rays"]]
        return sorted(candidate[0] for candidate in found)

    def labels(
        self, state: State, frame: Frame, selector: dict[str, Any], ids: list[str]
    ) -> list[str]:
        if selector.get("type") == "player":
            return [f"seat {seat}" for seat in ids]
        return list(ids)

    def resolve(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        if operand.get("you"):
            return frame["owner"]
        if "this" in operand:
            return frame["card"]
        if "word" in operand:  # a WORD parameter (`flush flares`)
            return operand["word"]
        if operand.get("party") == "actor":  # `the player who launched` (SL148, SL154)
            actor = frame["context"].get("actor")
            return None if actor is None else str(actor)
        if operand.get("party") == "leader":  # `the leader` (SL157)
            seat = leader(self.game, state, frame["owner"])
            return None if seat is None else str(seat)
        if operand.get("party") == "ranked":  # `the opponent with the most stars`
            return self.machine.ranked(state, frame, operand)
        if operand.get("party") in SIDE_STEPS:  # `the player to your left` (SL158)
            return str(seat_beside(frame["owner"], operand["party"], state["n"]))
        raise KeyError(f"operand {operand!r} is not one Starlight knows")

    def seat_of(self, player: Any) -> int | None:
        """``"1"`` -> 1 (a player's id in Starlight's operands)."""
        return int(player) if isinstance(player, str | int) and str(player).isdigit() else None

    def value(self, state: State, frame: Frame, name: str) -> int:
        if name in FRAME_VALUES:  # a value that reads which card asks (`flares_used`: SL151)
            return int(self.values[name](self.game, state, frame["owner"], frame))
        return int(self.values[name](self.game, state, frame["owner"]))

    def valuer(self, name: str) -> Callable[[State, Frame], int] | None:
        """A value as ``(state, frame) -> int``, the machine's lowered form of what
        :meth:`value` does (None: a name the vocabulary lacks, which :meth:`value` refuses).
        The accolade checks read a value some 5 times a rollout decision of the search: the
        call through :meth:`value` and its table was a layer each time."""
        found = self.values.get(name)
        if found is None:
            return None
        game = self.game
        if name in FRAME_VALUES:
            return lambda state, frame: int(found(game, state, frame["owner"], frame))
        return lambda state, frame: int(found(game, state, frame["owner"]))

    def untrue(self, state: State, frame: Frame, cond: list[Any]) -> None:
        """A trace says an ``if`` step of a card was false, with what it compared (a note)."""
        if events.ON:
            why = falsity(self.machine, state, frame, cond)
            events.note(state, "untrue", frame["owner"], card=frame["card"], why=why)

    def unpaid(self, state: State, frame: Frame) -> None:
        """A trace says a card could not pay a cost (a note; replays never record it)."""
        if events.ON:
            card = frame["card"].partition(":")[2] or frame["card"]
            events.note(state, "unpaid", frame["owner"], card=card)

    def unused(self, state: State, frame: Frame) -> None:
        """A god's clause whose whole effect is one `may` did nothing (declined, or nothing
        it could do): a limited trigger gets its use back (docs/rules-decisions.md E155)."""
        kind, _, card = frame["card"].partition(":")
        compiled = self.game.content.compiled(kind, card)
        clause = compiled["clauses"][frame["clause"]] if compiled else {}
        if clause.get("form") == "trigger" and clause.get("limit"):
            card_uses.give_back(state, str(frame["context"]["card"]), frame["clause"])

    # durations and one-shot discounts (issue 29; the machine's ``lasting`` and
    # ``next_cost`` instructions)
    def lasting(self, state: State, frame: Frame, period: str, clause: dict[str, Any]) -> None:
        """``until the end of the turn: <modifier or grant>`` (``lasting.start``)."""
        lasting.start(state, frame, period, clause)

    def next_cost(
        self, state: State, frame: Frame, thing: str, amount: int, until: str | None = None
    ) -> None:
        """``your next launch costs 1 less``, kept ``until`` the end of a period if one is
        named (``lasting.keep``)."""
        lasting.keep(state, frame, thing, amount, until)

    def possible(self, state: State, frame: Frame, verb: str, args: list[Any]) -> bool:
        """Whether a call would change anything now (``VerbBinding.can``; docs/rules-decisions.md
        SL147): a payment for a gain that cannot happen is neither offered nor made."""
        can = self.cans.get(verb)
        return True if can is None else bool(can(self.game, state, frame, *args))

    def pointless(self, state: State, frame: Frame) -> None:
        """A trace says a payment was not made: what it pays for cannot happen now (a note)."""
        if events.ON:
            card = frame["card"].partition(":")[2] or frame["card"]
            events.note(state, "pointless", frame["owner"], card=card)

    def affordable(self, state: State, frame: Frame, calls: list[list[Any]]) -> bool:
        need = 0
        counters: dict[str, int] = {}  # card state: `remove 3 charges from this card`
        for verb, operands in calls:
            if verb == "pay":
                need += self.machine.evaluate(state, frame, operands[0]["amount"])
            elif verb == "remove":
                name = operands[0]["unit"]
                counters[name] = counters.get(name, 0) + self.machine.evaluate(
                    state, frame, operands[0]["amount"]
                )
        if not card_state.can_remove(state, frame, counters):
            return False
        if not need:
            return True
        seat = frame["owner"]
        return bool(player(state, seat)["ap"] - reserved_ap(self.game, state, seat) >= need)

    def call(self, state: State, frame: Frame, verb: str, args: list[Any]) -> Any:
        if events.ON and verb not in _TOLD_BY_THEMSELVES:
            # what the card does, step by step, for a trace (a note: replays never record it)
            told = args_text(verb, args)
            events.note(state, "verb", frame["owner"], card=frame["card"], verb=verb, args=told)
        return self.verbs[verb](self.game, state, frame, *args)

    def resume(self, state: State, frame: Frame, pending: dict[str, Any], option_id: str) -> Any:
        """Continue a verb that asked (``gain``: which ray or core of the pool)."""
        if option_id not in {o[0] for o in pending["options"]}:
            frame["pending"] = pending
            raise IllegalAnswer(f"card {frame['card']!r} does not offer {option_id!r}")
        return self.resumes[pending["verb"]](self.game, state, frame, pending, option_id)


#: Verbs whose own note says what they did (``card_state``: ``puts 1 charge on itself``).
_TOLD_BY_THEMSELVES = frozenset({"put", "remove"})


def args_text(verb: str, args: list[Any]) -> str:
    """A verb's bound operands as the effect language writes them: ``1 short_ray``,
    ``2 night_points``, ``1 long_ray from seat 2``, ``cores``."""
    parts = []
    for arg in args:
        if isinstance(arg, list) and len(arg) == 2 and isinstance(arg[1], str):
            parts.append(counted(int(arg[0]), arg[1]) if isinstance(arg[0], int) else str(arg))
        elif verb == "steal" and isinstance(arg, int):
            parts.append(f"from seat {arg}")
        elif isinstance(arg, (str, int)):
            parts.append(str(arg))
    return " ".join(parts)


def start(
    game: Game,
    state: State,
    kind: str,
    card: str,
    seat: int,
    clause: int | None = None,
    context: dict[str, Any] | None = None,
    run: bool = True,
    depth: int = 1,
) -> None:
    """Run a card's effect for ``seat``: one clause, or (None) every clause in printed order;
    a frame that asks its owner pauses in ``state["frames"]`` and the rest wait under it.
    ``context``: what the hook or the moment provides (the launch's constellation). A verb
    starting effects passes ``run=False`` and the ``depth`` below them, and yields (the
    frames run first: :func:`run_frames`)."""
    if clause is None:
        compiled = game.content.compiled(kind, card)
        clauses = range(len(compiled["clauses"])) if compiled else range(0)
    else:
        clauses = range(clause, clause + 1)
    for index in reversed(clauses):  # the first clause on top: it runs first
        bound = {"card": card, **(context or {})}
        state["frames"].append(new_frame(f"{kind}:{card}", seat, index, bound, depth))
    if run:
        run_frames(game, state)


def run_frames(game: Game, state: State) -> None:
    """Run the frames on top of the stack until one waits for a decision or all are done."""
    machine = game.adapter.machine
    frames = state["frames"]
    while frames:
        if frames[-1]["pending"] is not None:
            _ask_again(game, state, frames[-1])
        outcome = machine.run(state, frames[-1])
        if outcome is DONE:
            frames.pop()
        elif outcome is not YIELD:  # a verb that started effects yields: they run first
            return


def _ask_again(game: Game, state: State, frame: Frame) -> None:
    """A frame waiting for a verb's question asks it again on the state as it is now, by the
    verb's own ``reask`` (``VerbBinding.reask`` in ``bindings.py``): a frame started above it
    after it asked may have taken what it offers (docs/rules-decisions.md SL140)."""
    pending = frame["pending"]
    assert pending is not None  # asked of a frame waiting on a question only
    if pending["kind"] == "verb":
        again = game.adapter.reasks.get(pending["verb"])
        if again is not None:
            frame["pending"] = again(game, state, frame, pending)


def answer(game: Game, state: State, option_id: str) -> None:
    """The owner of the top frame answers its pending question."""
    frame = state["frames"][-1]
    if game.adapter.machine.answer(state, frame, option_id) is DONE:
        state["frames"].pop()
    run_frames(game, state)


def holds(game: Game, state: State, kind: str, card: str, seat: int) -> bool:
    """Whether the ``as soon as`` condition of a laurel or accolade holds for ``seat``."""
    tests, frame = goal(game, kind, card, seat)
    # A loop, not any() of a generator (SIM110): this is asked some 25 times a decision.
    for test in tests:  # noqa: SIM110
        if test(state, frame):
            return True
    return False


def goal(
    game: Game, kind: str, card: str, seat: int
) -> tuple[list[Callable[[State, Frame], bool]], Frame]:
    """A goal's tests and the frame they are asked in for ``seat`` (:func:`_goal_condition`),
    made once each."""
    found = game.goal_conditions.get((kind, card, seat))
    if found is None:
        found = game.goal_conditions[kind, card, seat] = _goal_condition(game, kind, card, seat)
    return found


def _goal_condition(
    game: Game, kind: str, card: str, seat: int
) -> tuple[list[Callable[[State, Frame], bool]], Frame]:
    """A goal's conditions as the machine's tests, each COND made a function once, and the
    frame they are asked in for ``seat``: a test only reads its frame (the owner, the card),
    so one frame serves every check (a new one at each was a dict of 11 keys every time)."""
    compiled = game.content.compiled(kind, card)
    clauses = compiled["clauses"] if compiled is not None else []
    condition = game.adapter.machine.condition
    tests = [condition(c["when"]) for c in clauses if c.get("when") is not None]
    return tests, new_frame(f"{kind}:{card}", seat, 0, {"card": card})
