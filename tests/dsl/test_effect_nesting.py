"""Nesting is counted from the parse tree, and every error span stays inside its line."""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.parser import MAX_NESTING
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry


def diagnose(effect: str, kind: str = "faction") -> list:
    _, diagnostics = compile_effect(EffectSource.standalone(effect), registry(), kind)
    return diagnostics


def test_many_flat_one_arrow_clauses_are_not_nesting() -> None:
    effect = "\n".join(["when round_end -> gain 1 common"] * (MAX_NESTING + 1))
    assert diagnose(effect) == []


def test_parentheses_in_a_comment_are_not_nesting() -> None:
    assert diagnose("when round_end -> gain 1 common  # " + "(" * 30) == []


def test_steps_nested_past_the_limit_are_refused_at_the_innermost_step() -> None:
    effect = "when round_end -> " + "may " * (MAX_NESTING + 1) + "gain 1 common"
    [problem] = diagnose(effect)
    assert problem.code == "E0302"
    assert problem.message == f"the effect nests {MAX_NESTING + 1} levels deep; the limit is 24"
    assert problem.span.column == effect.index("may gain") + 1


def test_a_sum_too_long_to_walk_is_refused_not_a_crash() -> None:
    # 1+1+...+1 is a left-deep tree: walked recursively it overflowed Python's stack.
    effect = "when round_end -> gain (" + "+".join(["1"] * 1500) + ") common"
    [problem] = diagnose(effect)
    assert problem.code == "E0302" and "1499 levels" in problem.message


def test_parentheses_too_deep_to_walk_are_refused_not_a_crash() -> None:
    # ((a)) is a, so parentheses around one condition are not nesting; but each pair is two
    # levels of the parse tree, and about 300 pairs overflowed Python's stack (a traceback
    # from `validate`). The effect's length limit allows some 2,000 pairs.
    effect = "when round_end if " + "(" * 1900 + "light > 1" + ")" * 1900 + " -> gain 1 light"
    [problem] = diagnose(effect)
    assert problem.code == "E0302"
    assert problem.message.endswith("levels deep, parentheses included; the limit is 128")
    assert problem.hint is not None and "((a))" in problem.hint


def test_parentheses_a_designer_writes_are_fine() -> None:
    effect = "when round_end if " + "(" * 20 + "light > 1" + ")" * 20 + " -> gain 1 light"
    assert diagnose(effect) == []


@pytest.mark.parametrize(
    "effect",
    [
        "when round_end -> move a ship of yours to\nyou have +1 trades",
        "when round_end ->\n  gain 1 light per\n",
        "when round_end -> gain 1 light ->\n",
    ],
)
def test_a_syntax_error_at_a_line_break_ends_inside_its_line(effect: str) -> None:
    [problem] = diagnose(effect)
    span = problem.span
    line = effect.split("\n")[span.line - 1]
    assert span.end_line == span.line
    assert span.end_column <= len(line) + 1  # end-exclusive: at most just after the last char
