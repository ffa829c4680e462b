"""Named parties, hook context and reactions in the language (issue 29 items 3-5).

What a designer writes and sees: the forms parse, the forms designers tried are told the
form that works (all three were told "a trigger needs `->`", and `the owner of the planet`
was told "expected `this` or `yours`"), every misuse is a located error naming what supplies
the missing party, the compiled form, the printed card text (`whitedwarf text`), and the
editor's completion and hover. The engine's side is tests/engine/test_parties.py; the
located errors of every code are in tests/dsl/data/parties.effects.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from whitedwarf.dsl import ast
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.parser import EffectSyntaxError, parse
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.tools.editor.effect_context import EffectCursor, words_for
from whitedwarf.tools.editor.hover import effect_hover


def _compile(text: str, kind: str = "faction"):
    return compile_effect(EffectSource.standalone(text), registry(), kind)


def _problem(text: str):
    with pytest.raises(EffectSyntaxError) as found:
        parse(text)
    return found.value.problem


# --- parser ------------------------------------------------------------------------------


def test_a_reaction_parses_with_its_actor_act_and_condition() -> None:
    clause = parse("when an opponent builds a ship if light < 3 -> gain 1 common").clauses[0]
    assert isinstance(clause, ast.Reaction)
    assert [w.text for w in clause.actor.words] == ["opponent"]
    assert [w.text for w in clause.act] == ["builds", "a", "ship"]
    assert isinstance(clause.cond, ast.Compare)


def test_is_and_of_that_parse() -> None:
    trigger = parse("when unit_lost if this ship is large -> gain 1 common").clauses[0]
    assert isinstance(trigger, ast.Trigger) and isinstance(trigger.cond, ast.Is)
    assert trigger.cond.word.text == "large"
    parse("steal 1 common from the owner of that planet")


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("when opponent plays research -> gain 1 common", "plays"),
        ("when before_research of an opponent -> gain 1 common", "of"),
        ("when before_research by another player -> gain 1 common", "by"),
    ],
)
def test_the_forms_designers_tried_are_told_the_form_that_works(text: str, at: str) -> None:
    problem = _problem(text)
    assert "when another player <act> ->" in problem.message
    assert "a trigger needs" not in problem.message
    assert text[problem.start : problem.end] == at


def test_a_missing_arrow_after_a_hook_is_still_told_so() -> None:
    problem = _problem("when extractor_built gain 1 light")
    assert problem.message.startswith("a trigger needs `->`")


def test_of_the_planet_is_no_longer_told_this_or_yours() -> None:
    problem = _problem("steal 1 common from the owner of a planet")
    assert "expected `this` or `yours`" not in problem.message
    assert problem.message.startswith("after `of`, write `of this <noun>`")
    _, (found,) = _compile("steal 1 common from the owner of the planet", "planetary")
    assert found.code == "E0434" and found.hint == "write `of this planet`"
    assert (found.span.line, found.span.column) == (1, 31)


# --- checker and compiler ------------------------------------------------------------------


def test_reaction_compiles_to_a_trigger_heard_from_others() -> None:
    compiled, diagnostics = _compile(
        "when an opponent plays research -> steal 1 common from the player who played research"
    )
    assert diagnostics == []
    assert compiled is not None
    (clause,) = compiled["clauses"]
    assert (clause["form"], clause["hook"], clause["by"]) == ("trigger", "after_research", "others")
    assert clause["code"][0] == [
        "call",
        "steal",
        [{"amount": ["num", 1], "unit": "common"}, {"party": "actor", "type": "player"}],
    ]


@pytest.mark.parametrize(
    ("text", "operand"),
    [
        ("when unit_lost -> steal 1 common from the destroyer", {"party": "destroyer"}),
        ("when unit_destroyed -> steal 1 common from the owner", {"party": "owner"}),
        (
            "when extractor_built -> steal 1 common from the owner of this planet",
            {"party": "owner_of", "of": "planet"},
        ),
        (
            "when hit_rolled -> steal 1 common from the opponent in this combat",
            {"party": "combat"},
        ),
        ("when unit_lost -> give 1 common to the destroyer", {"party": "destroyer"}),
    ],
)
def test_every_verb_that_names_a_player_takes_a_named_party(text: str, operand: dict) -> None:
    compiled, diagnostics = _compile(text)
    assert diagnostics == [] and compiled is not None
    call = compiled["clauses"][0]["code"][0]
    assert call[2][1] == {**operand, "type": "player"}


def test_every_player_parameter_of_the_vocabulary_is_one_a_party_can_fill() -> None:
    """The verbs that target "an opponent" (steal, give) are all the verbs with a player
    target: each compiles with `the destroyer` in it."""
    player_verbs = [
        verb for verb in registry().verbs.values() if any("player" in p.types for p in verb.params)
    ]
    assert {v.name for v in player_verbs} >= {"steal", "give"}
    for verb in player_verbs:
        param = next(p for p in verb.params if "player" in p.types)
        example = verb.example.split(f" {param.prep} ")[0] if param.prep else verb.example
        text = f"when unit_lost -> {example} {param.prep or ''} the destroyer".replace("  ", " ")
        assert _compile(text)[1] == [], text


def test_is_compiles_to_a_test_of_the_hooks_thing() -> None:
    compiled, _ = _compile("when unit_lost if this ship is large -> gain 1 common")
    assert compiled is not None
    assert compiled["clauses"][0]["when"] == ["is", {"this": "ship"}, "large"]


def test_a_party_no_hook_supplies_names_the_hooks_that_do() -> None:
    _, (found,) = _compile("when round_end -> steal 1 common from the opponent in this combat")
    assert found.code == "E0430"
    assert (found.span.line, found.span.column) == (1, 39)
    assert found.hint is not None and "`hit_rolled`" in found.hint
    assert "`damage_dealt`" in found.hint


def test_a_reaction_to_an_unknown_act_lists_the_acts() -> None:
    _, (found,) = _compile("when an opponent plays reserch -> gain 1 common")
    assert found.code == "E0431"
    assert found.hint is not None and found.hint.startswith("did you mean `plays research`?")


def test_the_owner_concept_is_gone_and_attacker_names_the_real_construct() -> None:
    concepts = registry().concepts
    assert "owner" not in concepts  # `owner` is a word now
    assert "the opponent in this combat" in concepts["attacker"]


# --- card text, completion, hover ------------------------------------------------------------


@pytest.mark.parametrize(
    ("effect", "printed"),
    [
        (
            "when an opponent plays research -> steal 1 common from the player who played research",
            "When an opponent plays research: steal 1 [common] from the player who played "
            "research.",
        ),
        (
            "when unit_lost if this ship is large -> steal 1 common from the destroyer",
            "When you lose a unit, if this ship is large: steal 1 [common] from the destroyer.",
        ),
        (
            "when hit_rolled -> steal 1 common from the opponent in this combat",
            "For each [hit] you roll: steal 1 [common] from the opponent in this combat.",
        ),
    ],
)
def test_card_text_says_what_the_effect_does(effect: str, printed: str) -> None:
    assert render_effect(effect, registry()) == printed


def test_whitedwarf_text_prints_a_reaction(tmp_path: Path) -> None:
    pack = tmp_path / "reactors"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: reactors\nname: Reactors\nversion: 0.1.0\ngame: lastlight\n"
        'depends: {lastlight: ">=1.0,<2"}\ndescription: test\nallow: [W0902, W0432]\n',
        encoding="utf-8",
    )
    (pack / "factions.yaml").write_text(
        "- id: spy\n  name: Spy\n  three_plus: false\n  source: invented\n"
        "  effect: when an opponent plays research -> gain 1 common\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "whitedwarf.tools.cli", "text", str(pack)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "spy: When an opponent plays research: gain 1 [common]." in done.stdout


def test_completion_after_a_reactions_actor_offers_the_acts() -> None:
    before = "when an opponent pl"
    cursor = EffectCursor(before, "pl", 0, 0)
    words = [w for w, _, _ in words_for(registry(), cursor)]
    assert "plays research" in words and all(w.startswith("plays ") for w in words)
    cursor = EffectCursor("when unit_lost -> steal 1 common from the ", "", 0, 0)
    assert {"destroyer", "owner"} <= {w for w, _, _ in words_for(registry(), cursor)}


def test_hover_says_what_an_act_and_a_party_mean() -> None:
    line = "when an opponent plays research -> steal 1 common from the destroyer"
    act = effect_hover(registry(), line, line.index("research"))
    assert act is not None and "`after_research`" in act.markdown
    assert line[act.start : act.end] == "plays research"
    party = effect_hover(registry(), line, line.index("destroyer"))
    assert party is not None and "The player who destroyed" in party.markdown


@pytest.mark.parametrize(
    "text",
    [
        "for each enemy ship here -> steal 1 common from its owner",
        "for each enemy ship here -> steal 1 common from the owner",
        "for each enemy ship here -> steal 1 common from the owner of it",
        "for each enemy ship here -> steal 1 common from the owner of place",
    ],
)
def test_toll_gate_as_tried_is_offered_no_form_that_then_fails(text: str) -> None:
    """Toll Gate as a designer wrote it: E0434 said "write `the owner`", which was E0430;
    E0301 offered `opponents`, a filter Last Light lacks. Each form a hint names compiles."""
    _, found = _compile(text, "deep_space")
    (problem,) = found
    told = f"{problem.message} {problem.hint or ''}"
    assert "`opponents`" not in told and "write `the owner`" not in told, told
    for form in re.findall(r"`(the owner of this \w+)`", told):
        compiled, again = _compile(f"steal 1 common from {form}", "deep_space")
        assert compiled is not None and not again, (form, again)


def test_the_leader_is_named_on_any_hook_and_only_as_one_player() -> None:
    """E136: `the leader` needs no hook to supply it (a catch-up card on `round_end`, an
    activated ability), and `a leader` is told to write `the leader`, with who that is."""
    for text in (
        "when round_end -> steal 1 common from the leader",
        "activated, once per round: pay 1 common -> give 1 light to the leader",
    ):
        compiled, diagnostics = _compile(text)
        assert diagnostics == [] and compiled is not None
    _, found = _compile("when round_end -> steal 1 common from a leader")
    (problem,) = [d for d in found if d.code == "E0434"]
    assert problem.message == "`leader` names one player: write `the leader`"
    assert "the opponent with the most light" in (problem.hint or "")
