"""`when an opponent attacks you -> ...` in the language: the hook `attacked` heard by the
player attacked (docs/rules-decisions.md E138; docs/dsl.md "Reactions"). Played in
tests/engine/test_attacked.py and tests/exercise/lang_designs.yaml (ll_counter_battery)."""

from __future__ import annotations

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight
from whitedwarf.tools.editor.hover import effect_hover


def _compile(text: str, kind: str = "faction", reg=None):
    return compile_effect(EffectSource.standalone(text), reg or lastlight(), kind)


def test_it_compiles_to_a_trigger_of_the_player_attacked() -> None:
    compiled, problems = _compile(
        "when an opponent attacks you -> steal 1 common from the opponent in this combat"
    )
    assert problems == []
    (clause,) = compiled["clauses"]
    assert clause["form"] == "trigger" and clause["hook"] == "attacked"
    assert "by" not in clause  # heard by its own owner, not when it fires for another


def test_it_takes_a_condition_and_a_use_limit_as_any_reaction() -> None:
    compiled, problems = _compile(
        "when an opponent attacks you if number of ships of yours here >= 2, once per round "
        "-> gain 1 common"
    )
    assert problems == [] and compiled["clauses"][0]["limit"] == {"times": 1, "per": "round"}


def test_misuses_are_located() -> None:
    _, problems = _compile("when a player attacks you -> gain 1 common")
    assert [(p.code, p.span.column) for p in problems] == [("E0432", 6)]
    _, problems = _compile("when an opponent attacks yuo -> gain 1 common")
    (problem,) = problems
    assert problem.code == "E0431" and "did you mean `attacks you`" in (problem.hint or "")
    _, problems = _compile("when an opponent attacks you -> steal 1 common from the destroyer")
    assert [p.code for p in problems] == ["E0430"]
    _, problems = _compile("when an opponent attacks you -> gain 1 ap", "god", starlight())
    assert [p.code for p in problems] == ["E0431"]  # Starlight has no combat


def test_card_text_and_hover_say_it() -> None:
    text = render_effect("when an opponent attacks you -> gain 1 common", lastlight())
    assert text == "When an opponent attacks you: gain 1 [common]."
    line = "when an opponent attacks you -> gain 1 common"
    found = effect_hover(lastlight(), line, line.index("attacks") + 1)
    assert found is not None and "`attacked`" in found.markdown


def test_the_hint_of_an_unknown_act_reads_as_sentences() -> None:
    """It read "did you mean `attacks you`?; acts: ..." (a question mark, then a semicolon)."""
    _, problems = _compile("when an opponent attacks -> gain 1 common")
    (problem,) = problems
    assert (problem.hint or "").startswith("did you mean `attacks you`? The acts: `attacks you`,")
