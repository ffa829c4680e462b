"""`when that opponent plays research -> ...` in the language: a reaction to the player the
card remembers (docs/rules-decisions.md E139). Played in tests/engine/test_chosen_reactions.py
and tests/exercise/lang_designs.yaml (ll_chosen_rival)."""

from __future__ import annotations

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry

RIVAL = (
    "when game_start -> choose an opponent: gain 1 light\n"
    "when that opponent plays research -> gain 1 common"
)


def _compile(text: str):
    return compile_effect(EffectSource.standalone(text), registry(), "faction")


def test_it_compiles_to_a_reaction_from_the_remembered_player() -> None:
    compiled, problems = _compile(RIVAL)
    assert problems == []
    reaction = compiled["clauses"][1]
    assert reaction["by"] == "others" and reaction["from"] == "opponent"
    assert reaction["hook"] == "after_research"


def test_without_a_choice_it_is_told_to_choose_first() -> None:
    _, problems = _compile("when that opponent plays research -> gain 1 common")
    assert [(p.code, p.span.column) for p in problems] == [("E0421", 6)]
    _, problems = _compile("when a player plays research -> gain 1 common")
    assert [p.code for p in problems] == ["E0432"]  # still: another player, not anyone


def test_card_text_says_that_opponent() -> None:
    assert render_effect(RIVAL, registry()).endswith(
        "When that opponent plays research: gain 1 [common]."
    )
