"""The effect VM on its own, with a fake game adapter (docs/effect-ir.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from whitedwarf.interpreter.vm import (
    DONE,
    PAUSE,
    YIELD,
    EffectLimitError,
    IllegalAnswer,
    Machine,
    new_frame,
)

END = ["end"]


def sel(typ: str, quant: str = "one", count: Any = None) -> dict[str, Any]:
    return {"type": typ, "filters": [], "quant": quant, "count": count, "exclude": []}


class Fake:
    """A game with entity lists by selector type; verbs append to ``state["log"]``."""

    def __init__(self, programs: dict[str, list[list[Any]]]) -> None:
        self.programs = programs

    def program(self, state, frame):
        return self.programs[frame["card"]]

    def candidates(self, state, frame, selector):
        return list(state["things"].get(selector["type"], []))

    def labels(self, state, frame, selector, ids):
        return [f"the {i}" for i in ids]

    def resolve(self, state, frame, operand):
        if "word" in operand:
            return operand["word"]
        if "this" in operand:
            return frame["context"].get(operand["this"])
        raise AssertionError(operand)

    def value(self, state, frame, name):
        return state["values"][name]

    def affordable(self, state, frame, calls):
        return all(
            state["values"]["money"] >= self.machine.operand(state, frame, ops[0])[0]
            for verb, ops in calls
            if verb == "pay"
        )

    def call(self, state, frame, verb, args):
        state["log"].append([verb, *args])
        if verb == "pay":
            state["values"]["money"] -= args[0][0]
        if verb == "asks":
            return {"kind": "verb", "verb": "asks", "options": [["a", "A"], ["b", "B"]]}
        if verb == "spawn":
            return YIELD
        return None

    def resume(self, state, frame, pending, option_id):
        state["log"].append(["answered", option_id])
        return None


def machine(programs, **limits) -> tuple[Machine, Fake]:
    fake = Fake(programs)
    m = Machine(fake, **limits)
    fake.machine = m
    return m, fake


def state(**things: list[str]) -> dict[str, Any]:
    return {"things": things, "values": {"money": 3, "light": 5}, "log": []}


def amount(n: int, unit: str = "coin") -> dict[str, Any]:
    return {"amount": ["num", n], "unit": unit}


def test_runs_calls_to_the_end():
    m, _ = machine({"c": [["call", "gain", [amount(2)]], ["call", "gain", [amount(1)]], END]})
    s, f = state(), new_frame("c", 0, 0, {})
    assert m.run(s, f) is DONE
    assert s["log"] == [["gain", [2, "coin"]], ["gain", [1, "coin"]]]
    assert f["steps"] == 3


def test_ask_pauses_and_yes_continues():
    m, _ = machine({"c": [["ask", "gain 1", 2], ["call", "gain", [amount(1)]], END]})
    s, f = state(), new_frame("c", 0, 0, {})
    assert m.run(s, f) is PAUSE
    assert m.options(f) == [("yes", "gain 1"), ("no", "decline")]
    assert m.answer(s, f, "yes") is DONE
    assert s["log"] == [["gain", [1, "coin"]]]


def test_ask_no_jumps_to_else():
    m, _ = machine({"c": [["ask", "gain 1", 2], ["call", "gain", [amount(1)]], END]})
    s, f = state(), new_frame("c", 0, 0, {})
    m.run(s, f)
    assert m.answer(s, f, "no") is DONE
    assert s["log"] == []


def test_branch_picks_one_option():
    code = [["branch", [1, 3], ["gain", "lose"]], ["call", "gain", [amount(1)]], ["jump", 4],
            ["call", "lose", [amount(1)]], END]  # fmt: skip
    m, _ = machine({"c": code})
    s, f = state(), new_frame("c", 0, 0, {})
    assert m.run(s, f) is PAUSE
    assert [o[0] for o in m.options(f)] == ["branch:0", "branch:1"]
    m.answer(s, f, "branch:1")
    assert s["log"] == [["lose", [1, "coin"]]]


def test_choose_one_candidate_is_taken_without_asking():
    m, _ = machine({"c": [["choose", 0, sel("ship"), 2], ["call", "hit", [{"var": 0}]], END]})
    s = state(ship=["s1"])
    assert m.run(s, new_frame("c", 0, 0, {})) is DONE
    assert s["log"] == [["hit", "s1"]]


def test_choose_none_jumps_to_else():
    m, _ = machine({"c": [["choose", 0, sel("ship"), 2], ["call", "hit", [{"var": 0}]], END]})
    s = state(ship=[])
    assert m.run(s, new_frame("c", 0, 0, {})) is DONE
    assert s["log"] == []


def test_choose_one_of_many_asks():
    m, _ = machine({"c": [["choose", 0, sel("ship"), 2], ["call", "hit", [{"var": 0}]], END]})
    s, f = state(ship=["s1", "s2"]), new_frame("c", 0, 0, {})
    assert m.run(s, f) is PAUSE
    assert m.options(f) == [("pick:s1", "the s1"), ("pick:s2", "the s2")]
    assert m.answer(s, f, "pick:s2") is DONE
    assert s["log"] == [["hit", "s2"]]


def test_choose_all_runs_the_verb_per_element():
    m, _ = machine(
        {"c": [["choose", 0, sel("ship", "all"), 2], ["call", "hit", [{"var": 0}]], END]}
    )
    s = state(ship=["s1", "s2", "s3"])
    m.run(s, new_frame("c", 0, 0, {}))
    assert s["log"] == [["hit", "s1"], ["hit", "s2"], ["hit", "s3"]]


def test_choose_count_asks_each_pick_in_turn():
    code = [["choose", 0, sel("ship", "count", ["num", 2]), 2], ["call", "hit", [{"var": 0}]], END]
    m, _ = machine({"c": code})
    s, f = state(ship=["s1", "s2", "s3"]), new_frame("c", 0, 0, {})
    assert m.run(s, f) is PAUSE
    assert m.answer(s, f, "pick:s3") is PAUSE
    assert [o[0] for o in m.options(f)] == ["pick:s1", "pick:s2"]
    assert m.answer(s, f, "pick:s1") is DONE
    assert s["log"] == [["hit", "s3"], ["hit", "s1"]]


def test_choose_count_with_too_few_candidates_takes_them_all():
    code = [["choose", 0, sel("ship", "count", ["num", 3]), 2], ["call", "hit", [{"var": 0}]], END]
    m, _ = machine({"c": code})
    s = state(ship=["s1", "s2"])
    assert m.run(s, new_frame("c", 0, 0, {})) is DONE
    assert s["log"] == [["hit", "s1"], ["hit", "s2"]]


def test_choose_up_to_may_stop_early():
    code = [["choose", 0, sel("ship", "up_to", ["num", 2]), 2], ["call", "hit", [{"var": 0}]], END]
    m, _ = machine({"c": code})
    s, f = state(ship=["s1", "s2", "s3"]), new_frame("c", 0, 0, {})
    m.run(s, f)
    assert m.options(f)[-1] == ("stop", "choose no more")
    m.answer(s, f, "pick:s2")
    assert m.answer(s, f, "stop") is DONE
    assert s["log"] == [["hit", "s2"]]


def test_loop_and_next_walk_a_snapshot():
    code = [["loop", 0, sel("ship", "all")], ["next", 0, 0, 4], ["call", "hit", [{"var": 0}]],
            ["jump", 1], END]  # fmt: skip
    m, _ = machine({"c": code})
    s = state(ship=["s1", "s2"])
    assert m.run(s, new_frame("c", 0, 0, {})) is DONE
    assert s["log"] == [["hit", "s1"], ["hit", "s2"]]


def test_repeat_runs_n_times_and_never_negative():
    code = [["repeat", 0, ["-", ["value", "light"], ["num", 2]]], ["next", 0, 0, 4],
            ["call", "gain", [amount(1)]], ["jump", 1], END]  # fmt: skip
    m, _ = machine({"c": code})
    s = state()
    m.run(s, new_frame("c", 0, 0, {}))
    assert len(s["log"]) == 3
    s = state()
    s["values"]["light"] = 0
    m.run(s, new_frame("c", 0, 0, {}))
    assert s["log"] == []


def test_affordable_guards_costs():
    code = [["affordable", [["pay", [amount(5)]]], 3], ["call", "pay", [amount(5)]],
            ["call", "gain", [amount(9)]], END]  # fmt: skip
    m, _ = machine({"c": code})
    s = state()
    m.run(s, new_frame("c", 0, 0, {}))
    assert s["log"] == []
    s["values"]["money"] = 5
    m.run(s, new_frame("c", 0, 0, {}))
    assert s["log"] == [["pay", [5, "coin"]], ["gain", [9, "coin"]]]


@pytest.mark.parametrize(
    ("expr", "want"),
    [
        (["+", ["num", 2], ["value", "light"]], 7),
        (["-", ["num", 2], ["num", 5]], -3),
        (["*", ["num", 1], ["/", ["count", sel("ship", "all")], ["num", 2]]], 1),
        (["/", ["num", 7], ["num", 0]], 0),
    ],
)
def test_expressions(expr, want):
    m, _ = machine({})
    assert m.evaluate(state(ship=["a", "b", "c"]), new_frame("c", 0, 0, {}), expr) == want


def test_conditions():
    m, _ = machine({})
    s, f = state(), new_frame("c", 0, 0, {})
    yes = ["cmp", ">=", ["value", "light"], ["num", 5]]
    no = ["cmp", "<", ["value", "light"], ["num", 5]]
    assert m.test(s, f, ["and", [yes, ["not", no]]])
    assert m.test(s, f, ["or", [no, yes]])
    assert not m.test(s, f, ["and", [yes, no]])


def test_a_verb_may_ask_and_resume_in_a_per_element_call():
    code = [["choose", 0, sel("ship", "all"), 2], ["call", "asks", [{"var": 0}]], END]
    m, _ = machine({"c": code})
    s, f = state(ship=["s1", "s2"]), new_frame("c", 0, 0, {})
    assert m.run(s, f) is PAUSE
    assert f["calls"] == [["asks", ["s2"]]]
    assert m.answer(s, f, "a") is PAUSE  # the second element asks too
    assert m.answer(s, f, "b") is DONE
    assert s["log"] == [["asks", "s1"], ["answered", "a"], ["asks", "s2"], ["answered", "b"]]


def test_a_verb_that_starts_effects_yields_and_resumes_after_it():
    m, _ = machine({"c": [["call", "spawn", []], ["call", "gain", [amount(1)]], END]})
    s, f = state(), new_frame("c", 0, 0, {})
    assert m.run(s, f) is YIELD
    assert f["pc"] == 1
    assert m.run(s, f) is DONE
    assert s["log"] == [["spawn"], ["gain", [1, "coin"]]]


def test_an_illegal_answer_is_refused():
    m, _ = machine({"c": [["ask", "x", 1], END]})
    s, f = state(), new_frame("c", 0, 0, {})
    m.run(s, f)
    with pytest.raises(IllegalAnswer):
        m.answer(s, f, "maybe")
    with pytest.raises(IllegalAnswer):
        m.answer(s, new_frame("c", 0, 0, {}), "yes")


def test_step_budget_names_the_card():
    m, _ = machine({"loop_card": [["jump", 0]]}, max_steps=500)
    f = new_frame("loop_card", 0, 0, {})
    with pytest.raises(EffectLimitError, match="loop_card") as error:
        m.run(state(), f)
    assert error.value.limit == "steps"
    assert error.value.card == "loop_card"


def test_depth_limit_names_the_card():
    m, _ = machine({"deep": [END]}, max_depth=16)
    assert m.run(state(), new_frame("deep", 0, 0, {}, depth=16)) is DONE
    with pytest.raises(EffectLimitError, match="deep") as error:
        m.run(state(), new_frame("deep", 0, 0, {}, depth=17))
    assert error.value.limit == "depth"


def test_a_paused_frame_survives_json_and_resumes_identically():
    code = [["choose", 0, sel("ship", "count", ["num", 2]), 4], ["ask", "go", 4],
            ["call", "hit", [{"var": 0}]], ["call", "gain", [amount(1)]], END]  # fmt: skip
    m, _ = machine({"c": code})
    s, f = state(ship=["s1", "s2", "s3"]), new_frame("c", 0, 0, {"card": "c#1"})
    m.run(s, f)
    m.answer(s, f, "pick:s2")
    saved = json.loads(json.dumps({"s": s, "f": f}))
    assert saved == {"s": s, "f": f}
    s2, f2 = saved["s"], saved["f"]
    for st, fr in ((s, f), (s2, f2)):
        assert m.answer(st, fr, "pick:s1") is PAUSE
        assert m.answer(st, fr, "yes") is DONE
    assert (s, f) == (s2, f2)
    assert s["log"] == [["hit", "s2"], ["hit", "s1"], ["gain", [1, "coin"]]]
