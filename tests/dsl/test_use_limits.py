"""Use limits, durations and one-shot discounts in the language: parsed, checked per game,
compiled and written as card text (issue 29 items 1-2; docs/dsl.md "Use limits, durations
and one-shot discounts"; the misuses are in tests/dsl/data/limits.effects)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from whitedwarf.dsl import ast
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.parser import parse
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"


def _compile(text: str, kind: str, reg=None):
    return compile_effect(EffectSource.standalone(text), reg or lastlight(), kind)


def test_a_limit_parses_after_the_clause_head() -> None:
    (clause,) = parse(
        "activated, at most 3 times per game: exhaust this card -> gain 1 light"
    ).clauses
    assert isinstance(clause, ast.Activated) and clause.limit is not None
    assert isinstance(clause.limit.times, ast.Num) and clause.limit.times.value == 3
    assert clause.limit.period.text == "game"
    (trigger,) = parse("when round_end if light < 5, once per round -> gain 1 light").clauses
    assert isinstance(trigger, ast.Trigger) and trigger.cond is not None
    assert trigger.limit is not None and trigger.limit.times.value == 1  # type: ignore[union-attr]


def test_a_duration_and_a_discount_are_steps() -> None:
    text = "activated: exhaust this card -> until the end of the round: your ships have +1 attack"
    (clause,) = parse(text).clauses
    assert isinstance(clause, ast.Activated)
    (paid,) = clause.body.steps
    assert isinstance(paid, ast.Paid) and isinstance(paid.effect, ast.Lasting)
    assert isinstance(paid.effect.clause, ast.Modifier) and paid.effect.period.text == "round"
    (step,) = parse("your next large ship costs 2 less").clauses[0].body.steps  # type: ignore[union-attr]
    assert isinstance(step, ast.NextCost) and [w.text for w in step.thing] == ["large", "ship"]


def test_the_compiled_form_holds_the_limit_and_the_new_instructions() -> None:
    compiled, problems = _compile(
        "activated, once per round: exhaust this card -> until the end of the round: "
        "your large ships can bombard\n"
        "when tech_manufactured -> your next tech costs 1 less",
        "civilization",
    )
    assert problems == []
    first, second = compiled["clauses"]
    assert first["limit"] == {"times": 1, "per": "round"}
    assert ["lasting", "round",
            {"form": "grant", "scope": "ship_type", "flag": "bombard", "every": [["large"]]}
            ] in first["code"]  # fmt: skip
    assert second["code"] == [["next_cost", "tech", 1], ["end"]]


@pytest.mark.parametrize(
    ("effect", "card_text"),
    [
        ("activated, once per round: exhaust this card -> gain 1 light",
         "Action (once per round): exhaust this card to gain 1 [light]."),
        ("when ship_moved, at most 3 times per game -> gain 1 common",
         "At most 3 times per game, when one of your ships moves: gain 1 [common]."),
        ("activated: exhaust this card -> until the end of the round: your ships have +1 attack",
         "Action: exhaust this card, then until the end of the round, your ships have +1 "
         "[attack]."),
        ("activated: exhaust this card -> your next tech costs 1 less",
         "Action: exhaust this card, then your next tech costs 1 less."),
    ],
)  # fmt: skip
def test_card_text_says_the_limit_the_duration_and_the_discount(
    effect: str, card_text: str
) -> None:
    assert render_effect(effect, lastlight()) == card_text


def test_each_game_counts_by_its_own_periods() -> None:
    """E128 / SL145: Last Light has no turns; Starlight has turns and rounds."""
    _, problems = _compile("when turn_start, once per turn -> gain 1 ap", "god", starlight())
    assert problems == []
    _, problems = _compile(
        "activated, once per turn: exhaust this card -> gain 1 light", "civilization"
    )
    (found,) = problems
    assert found.code == "E0425" and found.message.startswith("Last Light has no turns")
    assert found.hint is not None and found.hint.startswith("write `round`")
    _, problems = _compile("when star_launched -> your next tech costs 1 less", "god", starlight())
    (found,) = problems
    assert found.code == "E0427" and "write `launch`" in (found.hint or "")


def test_the_guide_s_starlight_examples_compile() -> None:
    page = GUIDE.read_text(encoding="utf-8")
    found = re.findall(r"^```effect-starlight (\w+)\n(.*?)^```$", page, re.M | re.S)
    assert len(found) >= 3  # the guide's other Starlight examples are checked here too
    for kind, text in found:
        assert _compile(text.strip(), kind, starlight())[1] == [], text


def test_whitedwarf_text_writes_the_card_text_of_a_limited_card(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from whitedwarf.tools.cli import main

    from tests.engine.limits_mod import PACK

    pack = tmp_path / "limits_mod"
    pack.mkdir()
    # (W0432 not allowed here: `text --write` writes the texts of the cards that lack one)
    (pack / "pack.yaml").write_text(PACK.replace(", W0432", ""), encoding="utf-8")
    (pack / "techs.yaml").write_text(
        "- id: lamp\n  name: Lamp\n  kind: civilization\n  cost: {common: 1}\n  copies: 1\n"
        "  source: invented\n  effect: |\n    activated, once per round: pay 1 common -> "
        "gain 1 light\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["text", "--write", str(pack)])
    assert result.exit_code == 0, result.output
    written = (pack / "techs.yaml").read_text(encoding="utf-8")
    assert "Action (once per round): pay 1 [common] to gain 1 [light]." in written


REACTOR_PACK = """\
id: reactors
name: Reactors
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
allow: [W0902]
"""
REACTOR = """\
- id: tithe
  name: Tithe
  three_plus: false
  source: invented
  effect: when an opponent plays research, once per round -> gain 1 common
"""


def test_a_reaction_takes_a_use_limit(tmp_path: Path) -> None:
    """ "Once per round, when an opponent plays Research: gain 1 common." was refused at the
    comma (E0301 "unexpected `,`"): a reaction takes a use limit as a trigger does. Two
    opponents research in the same round: the reaction gains 1 common, not 2, and again
    the next round."""
    from whitedwarf.interpreter.lastlight.scenario import blank, choose, keep, new_game, options

    compiled, problems = _compile(REACTOR.split("effect: ")[1].strip(), "faction")
    assert problems == [] and compiled["clauses"][0]["limit"] == {"times": 1, "per": "round"}
    text = render_effect(REACTOR.split("effect: ")[1].strip(), lastlight())
    assert text == "Once per round, when an opponent plays research: gain 1 [common]."
    pack = tmp_path / "reactors"
    pack.mkdir()
    (pack / "pack.yaml").write_text(REACTOR_PACK)
    (pack / "factions.yaml").write_text(REACTOR)
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 1, faction="tithe")
    choose(game, state, {0: "research", 1: "mine", 2: "research"})
    for seat in (0, 2):
        while seat in game.current_players(state):
            game.apply(state, seat, options(game, state, seat)[0])
    assert state["players"][1]["res"]["common"] == 1  # once, for the first researcher


@pytest.mark.parametrize(
    ("effect", "said"),
    [
        ("when an opponent plays research once per round -> gain 1 common",
         "a use limit follows a comma: `when an opponent plays research, once per round -> ...`"),
        ("you have +1 trades if light < 5",
         "a modifier or grant with a condition takes it first: `while <condition>: "),
        ("your ships can bombard if round > 3",
         "a modifier or grant with a condition takes it first: `while <condition>: "),
        ("when round_start -> until your next round: you have +1 trades",
         "a duration reads `until the end of the <period>: <modifier or grant>`"),
        ("when round_start -> until end of round: you have +1 trades",
         "a duration reads `until the end of the <period>: <modifier or grant>`"),
    ],
)  # fmt: skip
def test_a_limit_or_a_condition_in_the_wrong_place_is_told_the_form(effect: str, said: str) -> None:
    """A reaction's limit without its comma was told "no act is said `plays research once per
    round`"; a modifier with a condition after it "unexpected `if`" and nothing more; "until
    your next turn" "unexpected `next`: expected `end`"."""
    _, problems = _compile(effect, "faction")
    (problem,) = problems
    assert said in f"{problem.message} {problem.hint}", problem


def test_each_reference_shows_the_limit_forms_its_game_has() -> None:
    """Starlight's reference showed `activated, once per <period>: ...`, though no Starlight
    card may have an activated ability (a god: modifier, grant, trigger); Last Light's did not
    show a reaction's limit."""
    docs = GUIDE.parent
    starlight_page = " ".join((docs / "reference-starlight.md").read_text().split())
    lastlight_page = " ".join((docs / "reference.md").read_text().split())
    assert "A use limit counts by a period (`when <hook>, at most 3 times" in starlight_page
    assert "`activated, once per <period>: ...`" not in starlight_page
    assert "`when an opponent <act>, once per <period> -> ...`" in lastlight_page
