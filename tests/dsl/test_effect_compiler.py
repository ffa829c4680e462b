"""The compiled form (docs/effect-ir.md): the documented example, and invariants of programs.

The invariants are checked on every effect of tests/dsl/data that compiles: jumps land
inside the program, every variable is bound on every path before it is read, and a paid
effect chooses its targets before any cost is paid.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_effects_data import chunks
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry

IR_DOC = Path(__file__).parents[2] / "docs" / "effect-ir.md"
COSTS = {name for name, verb in registry().verbs.items() if verb.cost}

# Which items of each instruction are program counters.
JUMPS = {"affordable": (2,), "ask": (2,), "choose": (3,), "check": (2,), "jump": (1,), "next": (3,)}

PAID = [
    ("ship_ability", "when ability_rolled -> may exhaust this card -> repair this ship"),
    ("civilization", "activated: discard a tech of yours -> move a ship of yours to any sector"),
    ("civilization", "activated: may pay 1 rare -> destroy an enemy ship other than a large ship"),
    ("faction", "when before_command -> may pay 1 common -> move_extra a ship of yours by 1"),
    ("deep_space", "for each opponent -> may pay 1 common -> give 1 light to it"),
    ("deep_space", "for each opponent -> may pay 1 common -> steal 1 rare from another player"),
    ("deep_space", "pay 1 common and exhaust a ready tech of yours -> destroy up to 2 ships"),
]


def compiled(kind: str, text: str) -> dict[str, Any]:
    result, diagnostics = compile_effect(EffectSource.standalone(text), registry(), kind)
    assert result is not None, [d.headline() for d in diagnostics]
    return result


def corpus() -> list[Any]:
    effects = [pytest.param(kind, text, id=f"paid-{i}") for i, (kind, text) in enumerate(PAID)]
    for param in chunks():
        path, first, kind, body = param.values
        source = EffectSource.standalone("\n".join(body), line=first)
        if compile_effect(source, registry(), kind)[0] is not None:
            effects.append(pytest.param(kind, "\n".join(body), id=f"{path.name}:{first}"))
    return effects


def programs(effect: dict[str, Any]) -> list[list[list[Any]]]:
    return [clause["code"] for clause in effect["clauses"] if "code" in clause]


def documented_example() -> tuple[str, dict[str, Any]]:
    section = IR_DOC.read_text(encoding="utf-8").split("## Example", 1)[1]
    text = re.search(r"^`(when [^`]+)`$", section, re.M)
    block = re.search(r"```json\n(.*?)```", section, re.S)
    assert text and block
    return text.group(1), json.loads(block.group(1))


def test_the_documented_example_compiles_to_the_documented_json():
    text, expected = documented_example()
    assert compiled("ship_ability", text)["clauses"] == [expected]


def targets(instruction: list[Any]) -> list[int]:
    if instruction[0] == "branch":
        return list(instruction[1])
    return [instruction[i] for i in JUMPS.get(instruction[0], ())]


def successors(code: list[list[Any]], pc: int) -> list[int]:
    op = code[pc][0]
    if op == "end":
        return []
    if op in ("jump", "branch"):
        return targets(code[pc])
    return [pc + 1, *targets(code[pc])]


def used_vars(item: Any) -> set[int]:
    if isinstance(item, dict):
        found = {item["var"]} if "var" in item else set()
        return found.union(*(used_vars(v) for v in item.values()))
    if isinstance(item, list):
        return set().union(*(used_vars(v) for v in item))
    return set()


@pytest.mark.parametrize(("kind", "text"), corpus())
def test_jumps_land_inside_the_program(kind, text):
    for code in programs(compiled(kind, text)):
        assert code[-1] == ["end"]
        for pc, instruction in enumerate(code):
            assert all(0 <= target < len(code) for target in targets(instruction)), (pc, code)


@pytest.mark.parametrize(("kind", "text"), corpus())
def test_every_variable_is_bound_before_it_is_read(kind, text):
    for code in programs(compiled(kind, text)):
        seen: set[tuple[int, frozenset[int]]] = set()
        pending = [(0, frozenset[int]())]
        while pending:
            pc, bound = pending.pop()
            if (pc, bound) in seen:
                continue
            seen.add((pc, bound))
            instruction = code[pc]
            assert used_vars(instruction[1:]) <= bound, (pc, instruction, code)
            binds = {"choose": 1, "next": 2}.get(instruction[0])
            for target in successors(code, pc):
                ok = binds is not None and target == pc + 1
                pending.append((target, bound | {instruction[binds]} if ok else bound))


@pytest.mark.parametrize(("kind", "text"), PAID)
def test_targets_are_chosen_before_costs_are_paid(kind, text):
    (code,) = programs(compiled(kind, text))
    ops = [instruction[0] for instruction in code]
    paid = [pc for pc, ins in enumerate(code) if ins[0] == "call" and ins[1] in COSTS]
    chosen = [pc for pc, op in enumerate(ops) if op == "choose"]
    assert paid
    assert ops.index("affordable") < min(chosen + paid)  # nothing is chosen for a cost out of reach
    assert max(chosen, default=-1) < min(paid)
    if "ask" in ops:
        assert max(chosen, default=-1) < ops.index("ask") < min(paid)


def test_costs_with_their_own_targets_are_checked_again_once_chosen():
    (code,) = programs(compiled("civilization", PAID[1][1]))
    assert [ins[0] for ins in code[:3]] == ["affordable", "choose", "affordable"]
    assert code[2][1] == [["discard", [{"var": 0}]]]


@pytest.mark.parametrize(("kind", "text"), corpus())
def test_compiled_effects_are_plain_json(kind, text):
    effect = compiled(kind, text)
    assert json.loads(json.dumps(effect)) == effect


def test_else_jumps_to_its_step_and_the_first_step_jumps_over_it():
    """docs/effect-ir.md: `if C -> A else B` is `check C` to B, A, `jump` past B, B."""
    effect = compiled("deep_space", "if light < 5 -> gain 1 light else gain 1 common")
    [code] = programs(effect)
    ops = [ins[0] for ins in code]
    assert ops == ["check", "call", "jump", "call", "end"]
    assert code[0][2] == 3 and code[2][1] == 4
    assert [code[1][1], code[3][1]] == ["gain", "gain"]


def test_a_compiled_card_has_the_documented_keys():
    """The page showed a compiled card with a `card` key, which it never had: the id is the
    key the engine keeps it under, and the page's shape is what compile_effect returns."""
    page = IR_DOC.read_text(encoding="utf-8").split("## A compiled card", 1)[1]
    shown = re.search(r"```json\n(\{.*?\})\n```", page, re.S)
    assert shown is not None
    keys = re.findall(r'"(\w+)":', shown.group(1))
    effect = compiled("ship_ability", "when ability_rolled -> repair this ship")
    assert keys == list(effect) and effect["kind"] == "ship_ability"
