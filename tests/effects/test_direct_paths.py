"""The short paths from a hook to a verb do what the general path does.

``hooks.fire`` and ``hooks.run_card`` call a single straight-line clause's fixed verb
(``VerbBinding.fixed``) directly, and run a hook's frames at once, when nothing runs or waits and
nobody listens; a compiled program calls a verb with fixed operands through its fixed form
(``Machine.compile``'s ``fixed``). A listener forces the general path (every frame through
``effects.push``, every verb through its bound function), so the same position played heard and
unheard must end the same: same resources, light and sources, same frames waiting.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight import events, hooks
from whitedwarf.interpreter.vm import AMOUNT, DONE, YIELD, EffectLimitError, new_frame

from tests.effects.scenario import add_card, extractor, faction, fresh, tech
from tests.effects.test_compiled import PROGRAMS, REPEAT, SPAWN_IN_LOOP
from tests.effects.test_compiled import fresh as fresh_frame
from tests.effects.test_vm import machine, state

State = dict[str, Any]


def heard_and_unheard(act: Callable[[State], None], build: Callable[[State], None]) -> list[State]:
    """The position ``build`` makes, after ``act``: unheard, then heard by a listener."""
    out = []
    for heard in (False, True):
        _, s = fresh()
        build(s)
        if heard:
            with events.listening(lambda event: None):
                assert events.ON
                act(s)
        else:
            assert not events.ON
            act(s)
        out.append(s)
    return out


def _faction_gain(s: State) -> None:
    faction(s, 0, "korr", "when resources_mined -> gain 2 common")


def _tech_if(s: State) -> None:
    tech(s, 0, "long_game", "when after_mine if round >= 1 -> gain 1 uncommon")


def _slot_tech(s: State) -> None:
    # a tech on a ship type fires only for hooks about that type (000 "Ship ability ...")
    tech(s, 0, "gunnery", "when ship_built -> gain 1 rare", kind="ship_mod", slot="medium")


def _loop(s: State) -> None:
    tech(s, 0, "tithe", "when after_claim -> for each planet you control -> gain 1 common")
    for planet in ("cinder", "mossreach"):
        extractor(s, 0, planet=planet)


def _achievement_asks(s: State) -> None:
    # docs/rules-decisions.md E17: the achievement the gain makes playable asks at once.
    faction(s, 0, "korr", "when resources_mined -> gain 1 common")
    add_card(
        s, "achievements", "first", "as soon as common >= 1 -> may pay 1 common -> gain 2 light"
    )
    s["players"][0]["achievement"] = "first"


CASES: dict[str, tuple[Callable[[State], None], Callable[[State], None]]] = {
    "faction gain": (_faction_gain, lambda s: hooks.fire(s, "resources_mined", 0, {})),
    "tech with if": (_tech_if, lambda s: hooks.fire(s, "after_mine", 0, {})),
    "ship slot, its type": (
        _slot_tech,
        lambda s: hooks.fire(s, "ship_built", 0, {"ship_type": "medium"}),
    ),
    "ship slot, another type": (
        _slot_tech,
        lambda s: hooks.fire(s, "ship_built", 0, {"ship_type": "small"}),
    ),
    "loop": (_loop, lambda s: hooks.fire(s, "after_claim", 0, {})),
    "achievement asks": (_achievement_asks, lambda s: hooks.fire(s, "resources_mined", 0, {})),
    "token light": (
        lambda s: add_card(s, "exploration", "remnant", "gain 2 light", kind="deep_space"),
        lambda s: hooks.run_card(s, 0, "remnant#1", {"sector": "outer_02"}),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_the_short_path_ends_where_the_general_path_ends(name: str) -> None:
    build, act = CASES[name]
    unheard, heard = heard_and_unheard(act, build)
    assert unheard == heard
    p = unheard["players"][0]
    gained = {k: v for k, v in p["res"].items() if v} | (
        {"light": p["light"]} if p["light"] else {}
    )
    expected = {
        "faction gain": {"common": 2},
        "tech with if": {"uncommon": 1},
        "ship slot, its type": {"rare": 1},
        "ship slot, another type": {},
        "loop": {"common": 2},
        "achievement asks": {"common": 1},
        "token light": {"light": 2},
    }[name]
    assert gained == expected
    if name == "token light":  # a token's light is counted as the token's (state.LIGHT_SOURCES)
        assert p["light_by_source"]["exploration"] == 2
    if name == "achievement asks":
        top = unheard["frames"][-1]
        assert top["card"] == "first" and top["pending"]["kind"] == "ask"
        assert json.loads(json.dumps(unheard)) == unheard  # the waiting frame is plain data


def test_a_hook_fired_while_an_effect_waits_takes_the_general_path() -> None:
    # Frames run in the order they started: with a frame waiting, the short path must not run
    # the new effect at once (it waits its turn under the waiting one).
    g, s = fresh()
    _achievement_asks(s)
    hooks.fire(s, "resources_mined", 0, {})
    assert s["frames"] and s["players"][0]["res"]["common"] == 1
    hooks.fire(s, "resources_mined", 0, {})
    assert s["players"][0]["res"]["common"] == 1  # not yet: the question comes first
    g.apply(s, 0, "no")
    assert s["players"][0]["res"]["common"] == 2 and not s["frames"]


def _fixed(log_verbs: tuple[str, ...] = ("gain", "spawn")) -> Any:
    """A ``fixed`` binder for the fake game of test_vm: what its ``call`` does, bound once."""

    def bind(verb: str, operands: tuple[tuple[int, Any], ...]) -> Any:
        if verb not in log_verbs:
            return None

        def run(s: State, frame: dict[str, Any]) -> Any:
            args = [[d[0], d[1]] if k == AMOUNT else d for k, d in operands]
            s["log"].append([verb, *args])
            return YIELD if verb == "spawn" else None

        return run

    return bind


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_program_compiled_with_fixed_verbs_does_what_the_machine_does(name: str) -> None:
    m, _ = machine({"c": PROGRAMS[name]})
    compiled = m.compile(PROGRAMS[name], m.lower(PROGRAMS[name]), _fixed())
    assert compiled is not None
    s = state(ship=["s1", "s2", "s3"], planet=["p1", "p2"])
    s2, f, f2 = copy.deepcopy(s), fresh_frame(), fresh_frame()
    assert m.run(s, f) is DONE
    assert compiled(s2, f2) is DONE
    assert (s2, f2) == (s, f)


def test_a_fixed_verb_that_yields_in_a_loop_leaves_the_frame_as_the_machine_does() -> None:
    m, _ = machine({"c": SPAWN_IN_LOOP})
    compiled = m.compile(SPAWN_IN_LOOP, m.lower(SPAWN_IN_LOOP), _fixed())
    s = state(ship=["s1", "s2", "s3"])
    s2, f, f2 = copy.deepcopy(s), fresh_frame(), fresh_frame()
    assert m.run(s, f) is YIELD
    assert compiled(s2, f2) is YIELD
    assert (s2, f2) == (s, f) and f["pc"] == 4


def test_the_step_budget_stops_a_program_with_fixed_verbs_naming_the_card() -> None:
    # DESIGN principle 3: the budget counts every instruction, whichever way a verb is bound.
    m, _ = machine({"c": REPEAT}, max_steps=9)
    compiled = m.compile(REPEAT, m.lower(REPEAT), _fixed())
    s = state()
    s["values"]["light"] = 40
    s2, f, f2 = copy.deepcopy(s), fresh_frame(), fresh_frame()
    with pytest.raises(EffectLimitError, match="'c'") as one:
        m.run(s, f)
    with pytest.raises(EffectLimitError, match="'c'") as two:
        compiled(s2, f2)
    assert str(one.value) == str(two.value) and two.value.limit == "steps"
    assert (s2, f2) == (s, f)


def test_a_runaway_card_effect_through_fixed_verbs_ends_in_an_error_naming_it() -> None:
    _, s = fresh()
    add_card(
        s,
        "exploration",
        "spin",
        "repeat (players) times -> " * 2 + "repeat 10 times -> " * 3 + "gain 1 common",
        kind="deep_space",
    )
    with pytest.raises(EffectLimitError, match="'spin'") as error:
        hooks.run_card(s, 0, "spin#1", {})
    assert error.value.limit == "steps"


@pytest.mark.parametrize("op", [">=", "<=", "==", "!=", ">", "<"])
@pytest.mark.parametrize("light", [4, 5, 6])
def test_a_comparison_with_a_fixed_number_holds_as_the_operator_says(op: str, light: int) -> None:
    import operator

    m, _ = machine({})
    s = state()
    s["values"]["light"] = light
    cond = ["cmp", op, ["value", "light"], ["num", 5]]
    expected = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
                ">": operator.gt, "<": operator.lt}[op](light, 5)  # fmt: skip
    assert m.test(s, fresh_frame(), cond) is expected


# A loop whose fixed verb yields on its first item (with no call reading a variable, so the
# compiled program may start from a short frame).
SPAWN_EACH = [["loop", 0, {"type": "ship", "quant": "all"}], ["next", 0, 0, 4],
              ["call", "spawn", []], ["jump", 1], ["end"]]  # fmt: skip


def _short() -> dict[str, Any]:
    """The short frame a hook starts an idle clause with (``hooks._make_firer``)."""
    whole = fresh_frame()
    return {key: whole[key] for key in ("card", "owner", "clause", "context")}


def test_a_compiled_loop_started_from_a_short_frame_yields_with_the_machines_whole_frame() -> None:
    # The plain-data frame is the saved form of a paused effect: a short frame left half-way
    # through a loop becomes the frame the machine leaves, key for key and in the same order.
    m, _ = machine({"c": SPAWN_EACH})
    compiled = m.compile(SPAWN_EACH, m.lower(SPAWN_EACH), _fixed())
    assert compiled is not None and compiled.short_frame
    s = state(ship=["s1", "s2", "s3"])
    s2, f, f2 = copy.deepcopy(s), fresh_frame(), _short()
    assert m.run(s, f) is YIELD
    assert compiled(s2, f2) is YIELD
    assert (s2, f2) == (s, f) and list(f2) == list(f)
    assert f2["loops"] == [["s2", "s3"]] and f2["pc"] == 3
    assert m.run(s, f) is YIELD and m.run(s2, f2) is YIELD  # and it resumes the same
    assert (s2, f2) == (s, f)


@pytest.mark.parametrize("name", ["repeat", "checked", "failed check"])
def test_a_compiled_program_from_a_short_frame_ends_as_from_the_whole_frame(name: str) -> None:
    program = PROGRAMS[name]
    m, _ = machine({"c": program})
    compiled = m.compile(program, m.lower(program), _fixed(("gain",)))
    assert compiled is not None and compiled.short_frame
    s = state(ship=["s1", "s2", "s3"], planet=["p1", "p2"])
    s2 = copy.deepcopy(s)
    assert compiled(s, fresh_frame()) is DONE
    assert compiled(s2, _short()) is DONE
    assert s2 == s


def test_the_step_budget_stops_a_program_from_a_short_frame_as_the_machine_does() -> None:
    m, _ = machine({"c": REPEAT}, max_steps=9)
    compiled = m.compile(REPEAT, m.lower(REPEAT), _fixed())
    s = state()
    s["values"]["light"] = 40
    s2, f, f2 = copy.deepcopy(s), fresh_frame(), _short()
    with pytest.raises(EffectLimitError, match="'c'") as one:
        m.run(s, f)
    with pytest.raises(EffectLimitError, match="'c'") as two:
        compiled(s2, f2)
    assert str(one.value) == str(two.value)
    assert (s2, f2) == (s, f) and list(f2) == list(f)


def _loop_then_asks(s: State) -> None:
    # The first gain of the loop makes the achievement playable (E17): it asks half-way.
    _loop(s)
    add_card(
        s, "achievements", "first", "as soon as common >= 1 -> may pay 1 common -> gain 2 light"
    )
    s["players"][0]["achievement"] = "first"


def test_a_loop_trigger_paused_half_way_resumes_exactly_heard_or_unheard() -> None:
    ended = []
    for heard in (False, True):
        g, s = fresh()
        _loop_then_asks(s)
        if heard:
            with events.listening(lambda event: None):
                hooks.fire(s, "after_claim", 0, {})
        else:
            hooks.fire(s, "after_claim", 0, {})
        assert json.loads(json.dumps(s)) == s  # the waiting frames are plain data
        top, under = s["frames"][-1], s["frames"][0]
        assert top["card"] == "first" and top["pending"]["kind"] == "ask"
        assert under["card"] == "tithe" and len(under["loops"][0]) == 1  # one planet to go
        assert list(under) == list(new_frame("tithe", 0, 0, {}))  # the saved form's keys
        assert s["players"][0]["res"]["common"] == 1
        waiting = copy.deepcopy(s["frames"])
        g.apply(s, 0, "no")
        assert s["players"][0]["res"]["common"] == 2 and not s["frames"]
        ended.append((waiting, s))
    assert ended[0] == ended[1]


# A loop of one fixed call (the fast path of ``Machine._compile_loop``), one reading its
# variable, and a loop followed by a call, for the budget tests below.
GAIN_EACH = [["loop", 0, {"type": "ship", "quant": "all"}], ["next", 0, 0, 4],
             ["call", "gain", [{"amount": ["num", 1], "unit": "coin"}]], ["jump", 1],
             ["end"]]  # fmt: skip
GAIN_EACH_THEN = [*GAIN_EACH[:4], ["call", "gain", [{"amount": ["num", 2], "unit": "coin"}]],
                  ["end"]]  # fmt: skip


def _many(log_verbs: tuple[str, ...] = ("gain", "spawn")) -> Any:
    """``_fixed`` with a ``many`` form, as ``effects._bound_fixed`` gives one."""
    bind = _fixed(log_verbs)

    def with_many(verb: str, operands: tuple[tuple[int, Any], ...]) -> Any:
        run = bind(verb, operands)
        if run is None:
            return None

        def many(s: State, frame: dict[str, Any], times: int) -> Any:
            for made in range(1, times + 1):
                found = run(s, frame)
                if found is not None:
                    return made, found
            return None

        run.many = many
        return run

    return with_many


@pytest.mark.parametrize("binder", [_fixed, _many])
@pytest.mark.parametrize("name", ["gain each", "gain each then", "loop", "nested", "repeat"])
@pytest.mark.parametrize("limit", range(1, 15))
def test_a_compiled_loop_stops_at_every_step_budget_where_the_machine_stops(
    binder: Any, name: str, limit: int
) -> None:
    # DESIGN principle 3: whichever way a loop's turns are run (counted once when the budget
    # allows them all, or step by step), the budget error comes at the same step and
    # leaves the same frame, from a whole frame or a short one.
    extra = {"gain each": GAIN_EACH, "gain each then": GAIN_EACH_THEN}
    program = extra.get(name) or PROGRAMS[name]
    m, _ = machine({"c": program}, max_steps=limit)
    compiled = m.compile(program, m.lower(program), binder())
    assert compiled is not None
    for start in (fresh_frame, _short):
        s = state(ship=["s1", "s2", "s3"], planet=["p1", "p2"])
        s["values"]["light"] = 6
        s2, f, f2 = copy.deepcopy(s), fresh_frame(), start()
        try:
            one = m.run(s, f)
        except EffectLimitError as error:
            one = str(error)
        try:
            two = compiled(s2, f2)
        except EffectLimitError as error:
            two = str(error)
        assert one == two and s2 == s
        if isinstance(one, str) or start is fresh_frame:
            assert f2 == f and list(f2) == list(f)


@pytest.mark.parametrize("binder", [_fixed, _many])
def test_a_fixed_verb_yielding_in_a_loop_run_by_its_many_leaves_the_machines_frame(
    binder: Any,
) -> None:
    m, _ = machine({"c": SPAWN_EACH})
    compiled = m.compile(SPAWN_EACH, m.lower(SPAWN_EACH), binder())
    s = state(ship=["s1", "s2", "s3"])
    for start in (fresh_frame, _short):
        s1, s2, f, f2 = copy.deepcopy(s), copy.deepcopy(s), fresh_frame(), start()
        while True:
            one, two = m.run(s1, f), compiled(s2, f2) if "pc" not in f2 else m.run(s2, f2)
            assert one is two and (s2, f2) == (s1, f) and list(f2) == list(f)
            if one is DONE:
                break
        assert s1["log"] == [["spawn"]] * 3


def test_a_loop_whose_variable_is_read_keeps_it_in_the_frame_at_each_turn() -> None:
    # ``other than`` the loop's item: the selector reads the variable while the loop runs.
    program = [["loop", 0, {"type": "ship", "quant": "all"}], ["next", 0, 0, 4],
               ["call", "hit", [{"var": 0}]], ["jump", 1], ["end"]]  # fmt: skip
    m, _ = machine({"c": program})
    compiled = m.compile(program, m.lower(program), _many())
    s = state(ship=["s1", "s2"])
    s2, f, f2 = copy.deepcopy(s), fresh_frame(), fresh_frame()
    assert m.run(s, f) is DONE and compiled(s2, f2) is DONE
    assert (s2, f2) == (s, f) and s["log"] == [["hit", "s1"], ["hit", "s2"]]


def test_a_resolved_token_does_not_keep_its_content_alive() -> None:
    # hooks.run_card keeps the last state's runtime weakly: a content that goes takes its
    # runtime along, as for any state (tests/interpreter/test_content_runtime.py).
    import gc

    from whitedwarf.interpreter.lastlight.content import GameContent, runtime
    from whitedwarf.interpreter.lastlight.game import Game

    from tests.base_content import base_content

    content = GameContent(base_content().files, "token-goes")
    s = Game.from_content(content, 2).new_state(0)
    token = base_content().files["exploration"][0]["id"]
    hooks.run_card(s, 0, f"{token}#1", {"sector": None})
    del content
    gc.collect()
    with pytest.raises(KeyError, match="is not loaded"):
        runtime(s)
