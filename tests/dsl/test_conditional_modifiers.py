"""Conditional modifiers in the language: `while <condition>: <modifier or grant>` parsed,
checked per game and card kind, compiled and written as card text (docs/dsl.md "Conditional
modifiers"; docs/rules-decisions.md E137, SL153). The engines' side is in
tests/engine/test_conditional_modifiers.py and tests/starlight/test_conditional_modifiers.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl import ast
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.parser import parse
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight
from whitedwarf.tools.cli import main


def _compile(text: str, kind: str, reg=None):
    return compile_effect(EffectSource.standalone(text), reg or lastlight(), kind)


@pytest.mark.parametrize(
    "text",
    [
        "while number of planets you control >= 3: you have +1 trades",
        "while number of planets you control >= 3, you have +1 trades",
        "while number of planets you control >= 3:\n  you have +1 trades",
    ],
)
def test_a_conditional_modifier_is_a_clause_with_its_condition_first(text: str) -> None:
    (clause,) = parse(text).clauses
    assert isinstance(clause, ast.While)
    assert isinstance(clause.cond, ast.Compare) and clause.cond.op == ">="
    assert isinstance(clause.clause, ast.Modifier) and clause.clause.stat.text == "trades"


def test_it_compiles_to_a_while_clause_around_the_modifier_or_grant() -> None:
    compiled, problems = _compile(
        "while light < 5: you have +1 trades\nwhile round >= 3: your large ships can bombard",
        "faction",
    )
    assert problems == []
    first, second = compiled["clauses"]
    assert first["form"] == "while"
    assert first["when"][0] == "cmp" and first["when"][1] == "<"
    assert first["clause"] == {"form": "modifier", "scope": "player", "stat": "trades", "amount": 1}
    assert second["clause"] == {
        "form": "grant", "scope": "ship_type", "flag": "bombard", "every": [["large"]]
    }  # fmt: skip


def test_a_ship_mod_a_civilization_tech_and_a_god_may_have_one() -> None:
    for kind, text in [
        ("ship_mod", "while number of ship_mod techs of yours >= 2: this ship type has +1 shield"),
        ("civilization", "while charges on this card >= 2: you have +1 trades\n"
         "when after_refresh -> put 1 charge on this card"),
    ]:  # fmt: skip
        compiled, problems = _compile(text, kind)
        assert problems == [] and compiled is not None, problems
    compiled, problems = _compile(
        "while cores_held >= 3: you have -1 launch_cost", "god", starlight()
    )
    assert problems == [] and compiled["clauses"][0]["form"] == "while"


# every misuse gives one located error, with the form that works
MISUSES = [
    ("while light < 5 -> gain 1 light", "faction", "E0301", 17,
     "a conditional modifier takes `:` after its condition, not `->`"),
    ("while light < 5: gain 1 light", "faction", "E0301", 18,
     "after `while <condition>:` comes a modifier or grant"),
    ("while light < 5 you have +1 trades", "faction", "E0301", 17,
     "a conditional modifier takes `:` (or `,`) after its condition"),
    ("when round_end -> while light < 5: you have +1 trades", "faction", "E0301", 31,
     "is a clause of its own, not a step after `->`"),
    ("you have +1 trades while light < 5", "faction", "E0301", 20,
     "a modifier's or grant's condition comes first: `while <condition>: <modifier or grant>`"),
    ("you have +1 trades if light < 5", "faction", "E0301", 20,
     "`while <condition>: <modifier or grant>` counts only while the condition holds"),
    ("while this planet is red: you have +1 trades", "faction", "E0411", 7,
     "there is no `this planet` here"),
    ("while light < 5: you have +9 trades", "faction", "E0417", 27, "out of range"),
    ("while light < 5: you have +1 attack", "faction", "E0403", 30, "`attack` belongs to"),
    ("while light < 5: you have +1 trades", "deep_space", "E0412", 1,
     "a deep_space card cannot have a `while` clause"),
    ("while light < 5: you have +1 trades", "achievement", "E0412", 1,
     "an achievement card cannot have a `while` clause"),
    ("while sparks on this card >= 1: you have +1 trades", "faction", "E0420", 7,
     "never puts a `spark` counter"),
    ("while lihgt > 1: you have +1 trades", "faction", "E0408", 7, "did you mean `light`?"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "kind", "code", "column", "said"), MISUSES)
def test_every_misuse_is_told_where_and_what_works(
    text: str, kind: str, code: str, column: int, said: str
) -> None:
    compiled, problems = _compile(text, kind)
    assert compiled is None
    (problem,) = [p for p in problems if p.is_error]
    assert (problem.code, problem.span.column) == (code, column), problem
    assert said in f"{problem.message} {problem.hint}", problem


def test_a_starlight_goal_may_not_have_one() -> None:
    _, problems = _compile("while rays_held < 3: you have +1 ap_per_turn", "laurel", starlight())
    assert [p.code for p in problems] == ["E0412"]


def test_card_text_says_while() -> None:
    assert render_effect("while number of planets you control >= 3: you have +1 trades",
                         lastlight()) == (
        "While the number of planets you control is at least 3, you have +1 trades per Trade "
        "action."
    )  # fmt: skip
    assert render_effect("while cores_held >= 2: you have -1 launch_cost", starlight()) == (
        "While the number of cores you hold is at least 2, you have -1 AP to launch."
    )


def test_whitedwarf_text_writes_a_card_with_a_conditional_modifier(tmp_path: Path) -> None:
    mod = tmp_path / "whilemod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: whilemod\nname: While mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902]\n"
    )
    (mod / "factions.yaml").write_text(
        "- id: frontier\n  name: Frontier\n  three_plus: false\n  source: invented\n"
        "  effect: 'while light < 5, your ships have +1 attack'\n"
    )
    result = CliRunner().invoke(main, ["text", str(mod)])
    assert result.exit_code == 0, result.output
    assert (
        "frontier: While you have less than 5 [light], your ships have +1 [attack]."
        in result.output
    )


def test_hover_explains_while() -> None:
    from whitedwarf.tools.editor.hover import effect_hover

    line = "while light < 5: you have +1 trades"
    found = effect_hover(lastlight(), line, 2)
    assert found is not None and "conditional modifier" in found.markdown
