"""An answered frame runs the rest of its program compiled (``Machine._tails``), and that
does exactly what the machine's own loop does.

Each case pauses a frame on a question, then answers it twice from copies: once through the
compiled rest (``Machine.answer``), once with the rest run by ``Machine.run``. The outcome,
the game state and the frame (``pc``, ``steps``, ``vars``, ``loops``, ``pending``) must be
the same: after yes and no, a choice, a cost that cannot be paid, a second question, a verb
that yields, a loop, and when the step budget runs out. Then the same over every frame
decision of seeded games of the base pack to 40 light.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import effects
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.vm import DONE, PAUSE, EffectLimitError, Machine, Outcome, new_frame

from tests.base_content import base_content
from tests.effects.test_vm import END, amount, machine, sel, state
from tests.engine.test_versions import to_light

PAY = [["pay", [amount(2)]]]
MAY = [["affordable", PAY, 4], ["ask", "pay 2 -> gain 3", 4], ["call", "pay", [amount(2)]],
       ["call", "gain", [amount(3)]], END]  # fmt: skip
CHOSEN = [["choose", 0, sel("ship"), 5], ["affordable", PAY, 5], ["ask", "hit it", 5],
          ["call", "pay", [amount(2)]], ["call", "hit", [{"var": 0}]], END]  # fmt: skip
TWO_ASKS = [["ask", "first", 2], ["call", "gain", [amount(1)]], ["ask", "second", 4],
            ["call", "gain", [amount(2)]], END]  # fmt: skip
YIELDS = [["ask", "spawn", 4], ["call", "spawn", []], ["call", "gain", [amount(1)]],
          ["call", "gain", [amount(2)]], END]  # fmt: skip
LOOPED = [["ask", "each", 6], ["loop", 0, sel("planet", "all")], ["next", 0, 1, 5],
          ["call", "hit", [{"var": 1}]], ["jump", 2], ["call", "gain", [amount(1)]],
          END]  # fmt: skip
PICKS = [["choose", 0, sel("ship", "up_to", ["num", 2]), 3], ["call", "hit", [{"var": 0}]],
         ["call", "gain", [amount(1)]], END]  # fmt: skip


def _by_run(m: Machine, s: dict[str, Any], f: dict[str, Any], option: str) -> Outcome:
    """``Machine.answer`` with the rest of the program run by the machine's loop."""
    real = m._run_on

    def run_on(state: Any, frame: Any, asked: int, pc: int) -> Outcome:
        frame["pc"] = pc
        return m.run(state, frame)

    m._run_on = run_on  # type: ignore[method-assign]
    try:
        return m.answer(s, f, option)
    finally:
        m._run_on = real  # type: ignore[method-assign]


def _answer_both(m: Machine, s: dict[str, Any], f: dict[str, Any], option: str) -> Any:
    """Answer copies both ways; return what the compiled rest gave (all equal)."""
    s1, f1, s2, f2 = copy.deepcopy(s), copy.deepcopy(f), copy.deepcopy(s), copy.deepcopy(f)
    found: list[Any] = []
    for answer, position, frame in ((m.answer, s1, f1), (None, s2, f2)):
        try:
            outcome: Any = (
                answer(position, frame, option) if answer else _by_run(m, position, frame, option)
            )
        except EffectLimitError as error:
            outcome = ("limit", error.card, error.limit)
        found.append((outcome, position, frame))
    assert found[0] == found[1]
    return found[0]


@pytest.mark.parametrize(
    ("code", "answers", "money"),
    [
        (MAY, ["yes"], 3),
        (MAY, ["no"], 3),
        (CHOSEN, ["pick:s2", "yes"], 3),
        (CHOSEN, ["pick:s1", "no"], 3),
        (TWO_ASKS, ["yes", "yes"], 0),
        (TWO_ASKS, ["no", "no"], 0),
        (YIELDS, ["yes"], 0),
        (LOOPED, ["yes"], 0),
        (LOOPED, ["no"], 0),
        (PICKS, ["pick:s3", "stop"], 0),
        (PICKS, ["pick:s1", "pick:s3"], 0),
    ],
)
def test_the_compiled_rest_does_what_the_machine_does(
    code: list[list[Any]], answers: list[str], money: int
) -> None:
    m, _ = machine({"c": code})
    assert any(ins[-1] for ins in m.lower(code) if ins[0] in (m._op_ask, m._op_choose))
    s, f = state(ship=["s1", "s2", "s3"], planet=["p1", "p2"]), new_frame("c", 0, 0, {})
    s["values"]["money"] = money
    assert m.run(s, f) is PAUSE
    for option in answers:
        outcome, s, f = _answer_both(m, s, f, option)
        if outcome is not PAUSE:
            break
    assert outcome in (DONE, PAUSE) or outcome.name == "YIELD"


def test_a_cost_that_cannot_be_paid_after_the_choice_skips_the_question() -> None:
    m, _ = machine({"c": CHOSEN})
    s, f = state(ship=["s1", "s2"]), new_frame("c", 0, 0, {})
    assert m.run(s, f) is PAUSE and f["pending"]["kind"] == "choose"
    s["values"]["money"] = 1  # spent meanwhile
    outcome, s, f = _answer_both(m, s, f, "pick:s1")
    assert outcome is DONE and s["log"] == []


@pytest.mark.parametrize("budget", [3, 4, 5, 6, 8])
def test_the_step_budget_runs_out_in_the_compiled_rest_as_in_the_machine(budget: int) -> None:
    m, _ = machine({"c": LOOPED}, max_steps=budget)
    s, f = state(planet=["p1", "p2", "p3"]), new_frame("c", 0, 0, {})
    assert m.run(s, f) is PAUSE
    outcome, s, f = _answer_both(m, s, f, "yes")
    assert outcome == ("limit", "c", "steps")
    assert f["steps"] == budget + 1


def test_every_frame_answer_of_long_base_games_is_the_machine_s() -> None:
    """Each frame decision of seeded 4-player games to 40 light, answered on a clone with
    the rest run by the machine, leaves the state the compiled rest leaves."""
    g = Game.from_content(to_light(base_content(), 40), 4)
    answered = compiled = 0
    for seed in range(2):
        state_ = g.new_state(seed)
        bots = [make_bot("random", seed, s) for s in range(4)]
        while not g.is_terminal(state_):
            seat, options = g.next_decision(state_)  # type: ignore[misc]
            option = bots[seat].choose(state_, seat, options)
            frames = state_["frames"]
            if frames and frames[-1]["pending"]["kind"] != "verb":
                top = frames[-1]
                code = effects.ADAPTER.lowered(state_, top)
                pending = top["pending"]
                compiled += any(pc in code[top["pc"]][-1] for pc in _resumes(pending))
                other = g.clone(state_)
                _by_run_game(g, other, seat, option)
                g.apply(state_, seat, option, check=False)
                assert state_ == other
                answered += 1
            else:
                g.apply(state_, seat, option, check=False)
    assert answered > 150 and compiled > 0.9 * answered


def _resumes(pending: dict[str, Any]) -> list[int]:
    if pending["kind"] == "ask":
        return [pending["next"], pending["else"]]
    if pending["kind"] == "branch":
        return list(pending["pcs"])
    return [pending["next"]]


def _by_run_game(g: Game, position: dict[str, Any], seat: int, option: str) -> None:
    m = effects.MACHINE
    real = m._run_on

    def run_on(state: Any, frame: Any, asked: int, pc: int) -> Outcome:
        frame["pc"] = pc
        return m.run(state, frame)

    m._run_on = run_on  # type: ignore[method-assign]
    try:
        g.apply(position, seat, option, check=False)
    finally:
        m._run_on = real  # type: ignore[method-assign]
