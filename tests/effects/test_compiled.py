"""Programs compiled to Python functions (``Machine.compile``) do what the machine does.

Each program runs twice from a fresh frame: once by ``Machine.run``, once by the function
``Machine.compile`` made of it; the outcome, the game state and the frame (its ``pc``,
``steps``, ``vars`` and ``loops``) must be the same, including when a verb yields half-way
through a loop (the frame then resumes in the machine), when the step budget runs out, and
after the paused frame goes through JSON (DESIGN principle 4: frames are plain data).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from whitedwarf.interpreter.vm import DONE, YIELD, EffectLimitError, new_frame

from tests.effects.test_vm import END, amount, machine, sel, state

LOOP = [["loop", 0, sel("ship", "all")], ["next", 0, 0, 4], ["call", "hit", [{"var": 0}]],
        ["jump", 1], END]  # fmt: skip
REPEAT = [["repeat", 0, ["-", ["value", "light"], ["num", 2]]], ["next", 0, 0, 4],
          ["call", "gain", [amount(1)]], ["jump", 1], END]  # fmt: skip
CHECKED = [["check", ["cmp", ">=", ["value", "light"], ["num", 5]], 2],
           ["call", "gain", [amount(2)]], ["call", "gain", [amount(1)]], END]  # fmt: skip
FAILED_CHECK = [["check", ["cmp", ">", ["value", "light"], ["num", 5]], 2],
                ["call", "gain", [amount(2)]], END]  # fmt: skip
NESTED = [["loop", 0, sel("ship", "all")], ["next", 0, 0, 9],
          ["check", ["cmp", ">=", ["value", "money"], ["num", 1]], 8],
          ["loop", 1, sel("planet", "all")], ["next", 1, 1, 7],
          ["call", "hit", [{"var": 0}, {"var": 1}]], ["jump", 4],
          ["call", "gain", [{"amount": ["+", ["num", 1], ["value", "money"]], "unit": "coin"}]],
          ["jump", 1], END]  # fmt: skip
CONTEXT = [["call", "hit", [{"this": "ship"}, {"word": "explode"}]], END]
EMPTY_LOOP = [["loop", 0, sel("moon", "all")], ["next", 0, 0, 4], ["call", "hit", [{"var": 0}]],
              ["jump", 1], END]  # fmt: skip
SPAWN_IN_LOOP = [["loop", 0, sel("ship", "all")], ["next", 0, 0, 5],
                 ["call", "hit", [{"var": 0}]], ["call", "spawn", []], ["jump", 1],
                 ["call", "gain", [amount(1)]], END]  # fmt: skip

PROGRAMS = {
    "loop": LOOP,
    "repeat": REPEAT,
    "checked": CHECKED,
    "failed check": FAILED_CHECK,
    "nested": NESTED,
    "context": CONTEXT,
    "empty loop": EMPTY_LOOP,
}


def both(code: list[list[Any]], **limits: int) -> tuple[Any, Any, Any]:
    """The machine and the compiled function of ``code``, and a fresh game state."""
    m, _ = machine({"c": code}, **limits)
    compiled = m.compile(code, m.lower(code))
    assert compiled is not None
    s = state(ship=["s1", "s2", "s3"], planet=["p1", "p2"])
    return m, compiled, s


def fresh() -> dict[str, Any]:
    return new_frame("c", 0, 0, {"card": "c#1", "ship": "s2"})


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_compiled_program_does_what_the_machine_does(name: str) -> None:
    m, compiled, s = both(PROGRAMS[name])
    s2, f, f2 = copy.deepcopy(s), fresh(), fresh()
    assert m.run(s, f) is DONE
    assert compiled(s2, f2) is DONE
    assert s2 == s and f2 == f
    assert bool(s["log"]) == (name not in ("failed check", "empty loop"))


def test_a_yield_half_way_through_a_loop_leaves_the_frame_as_the_machine_does() -> None:
    m, compiled, s = both(SPAWN_IN_LOOP)
    s2, f, f2 = copy.deepcopy(s), fresh(), fresh()
    assert m.run(s, f) is YIELD
    assert compiled(s2, f2) is YIELD
    assert (s2, f2) == (s, f)
    assert f["loops"] == [["s2", "s3"]] and f["vars"] == ["s1"] and f["pc"] == 4
    saved = json.loads(json.dumps(f2))  # a paused frame is plain data and resumes as such
    while True:
        one, two = m.run(s, f), m.run(s2, saved)
        assert one is two and (s2, saved) == (s, f)
        if one is DONE:
            break
    assert s["log"][-1] == ["gain", [1, "coin"]]


def test_the_step_budget_stops_a_compiled_program_where_it_stops_the_machine() -> None:
    m, compiled, s = both(REPEAT, max_steps=9)
    s["values"]["light"] = 40
    s2, f, f2 = copy.deepcopy(s), fresh(), fresh()
    with pytest.raises(EffectLimitError, match="'c'") as one:
        m.run(s, f)
    with pytest.raises(EffectLimitError, match="'c'") as two:
        compiled(s2, f2)
    assert str(one.value) == str(two.value) and one.value.limit == two.value.limit == "steps"
    assert (s2, f2) == (s, f) and f["steps"] == 10


def test_a_frame_that_is_not_fresh_is_left_to_the_machine() -> None:
    _, compiled, s = both(SPAWN_IN_LOOP)
    f = fresh()
    assert compiled(s, f) is YIELD
    assert compiled(s, f) is YIELD  # resumed from its pc by the machine
    assert s["log"] == [["hit", "s1"], ["spawn"], ["hit", "s2"], ["spawn"]]


@pytest.mark.parametrize(
    "code",
    [
        [["ask", "go", 2], ["call", "gain", [amount(1)]], END],
        [["choose", 0, sel("ship"), 2], ["call", "hit", [{"var": 0}]], END],
        [["jump", 0]],
        [["call", "gain", [amount(1)]]],  # no end
    ],
)
def test_programs_that_can_ask_or_jump_freely_are_not_compiled(code: list[list[Any]]) -> None:
    m, _ = machine({"c": code})
    assert m.compile(code, m.lower(code)) is None


def test_a_triggered_loop_waits_under_an_achievement_that_asks_and_resumes_after_a_save() -> None:
    # docs/rules-decisions.md E17: the achievement is played as soon as the first resource
    # of the loop makes it true; its question comes before the rest of the loop, and the
    # loop's frame waits on the stack as plain data (a save and a load resume it alike).
    from whitedwarf.interpreter.lastlight import effects, hooks, persist

    from tests.effects.scenario import add_card, extractor, fresh, tech

    _, s = fresh()
    tech(s, 0, "tithe", "when after_claim -> for each planet you control -> gain 1 common")
    add_card(
        s, "achievements", "first", "as soon as common >= 1 -> may pay 1 common -> gain 2 light"
    )
    s["players"][0]["achievement"] = "first"
    for planet in ("cinder", "mossreach", "ashfall"):
        extractor(s, 0, planet=planet)
    hooks.fire(s, "after_claim", 0, {})
    top, waiting = s["frames"][-1], s["frames"][0]
    assert top["card"] == "first" and top["pending"]["kind"] == "ask"
    assert waiting["card"] == "tithe" and len(waiting["loops"][0]) == 2
    assert s["players"][0]["res"]["common"] == 1
    loaded = persist.load(persist.save(s))
    for position in (s, loaded):
        effects.frame_apply(position, "yes")
        p = position["players"][0]
        assert not position["frames"]
        assert (p["res"]["common"], p["light"]) == (2, 2)  # 3 gained, 1 paid
    assert loaded == s


@pytest.mark.parametrize("unit", ["light", "common", "rare"])
@pytest.mark.parametrize("stem", ["techs", "exploration", "factions", "achievements"])
def test_a_verbs_fixed_form_does_what_the_verb_does(stem: str, unit: str) -> None:
    # ``VerbBinding.fixed`` (a speed path for fixed arguments) changes nothing a player sees: the
    # same resources and light, counted under the same source (state.LIGHT_SOURCES).
    from whitedwarf.interpreter.lastlight.bindings import WORDS
    from whitedwarf.interpreter.lastlight.content import runtime

    from tests.effects.scenario import add_card, fresh

    for name, verb in WORDS.verbs.items():
        if verb.fixed is None:
            continue
        assert name == "gain", "a new fixed form needs its arguments here"
        results = []
        for run in ("run", "fixed"):
            _, s = fresh()
            add_card(s, stem, "giver", "gain 1 light")
            frame = {"card": "giver", "owner": 1, "clause": 0, "context": {"card": "giver#1"}}
            args = [[2, unit]]
            if run == "run":
                verb.run(s, frame, args)
            else:
                verb.fixed(runtime(s), "giver", args)(s, frame["owner"])
            results.append(s)
        assert results[0] == results[1]
        assert (
            results[0]["players"][1]["light" if unit == "light" else "res"]
            != (results[0]["players"][0]["light" if unit == "light" else "res"])
        )
