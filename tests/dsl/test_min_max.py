"""`min(a, b)` and `max(a, b)` in numbers, in both games (issue 29): parsed, checked (E0445,
E0446 located), compiled, run and written on the card."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.parser import parse
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight import scenario
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight
from whitedwarf.tools.cli import main

from tests.starlight.godmod import GOD, god_game, start_turn


def test_min_parses_as_a_number() -> None:
    effect = parse("gain (min(stars_launched, 3)) night_points")
    amount = effect.clauses[0].body.steps[0].args[0]
    assert amount.count.name.text == "min" and len(amount.count.args) == 2


def test_an_unknown_function_and_a_wrong_count_are_located() -> None:
    text = "gain (mean(stars_launched, 3)) night_points"
    _, found = compile_effect(EffectSource.standalone(text), starlight(), "flare_points")
    assert [(d.code, d.span.column, d.message) for d in found] == [
        ("E0445", 7, "unknown function `mean`")
    ]
    text = "gain (max(stars_launched)) night_points"
    _, found = compile_effect(EffectSource.standalone(text), starlight(), "flare_points")
    assert [(d.code, d.span.column) for d in found] == [("E0446", 7)]


def test_min_works_for_last_light_too() -> None:
    text = "when round_start -> gain (min(light, 3)) common"
    compiled, found = compile_effect(EffectSource.standalone(text), lastlight(), "faction")
    assert not found
    code = compiled["clauses"][0]["code"]
    assert code[0][2][0]["amount"] == ["min", ["value", "light"], ["num", 3]]


def test_the_card_text_says_the_smaller_of() -> None:
    told = render_effect("gain (min(stars_launched, 3)) night_points", starlight())
    assert told == "Gain [night point] equal to the smaller of the number of your stars and 3."
    told = render_effect("when turn_start -> if max(rays_held, 2) >= 4 -> gain 1 ap", starlight())
    assert "the larger of the number of rays you hold and 2 is at least 4" in told


def test_a_god_gains_the_smaller_of_two_numbers(tmp_path: Path) -> None:
    """003 "Action Points": the AP gained are min(stars, 2) with three stars launched."""
    game = god_game(tmp_path, "when turn_start -> gain (min(stars_launched, 2)) ap")
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    for slot in ("hydrus_1", *scenario.linked(game, "hydrus_1")[:2]):
        scenario.put_star(game, state, 0, slot)
    scenario.put_marker(game, state, 0, "gain_cores")
    start_turn(game, state, 0)
    assert state["players"][0]["ap"] == 5 + 2


def test_whitedwarf_text_writes_min_on_the_card(tmp_path: Path) -> None:
    god_game(tmp_path, "when turn_start -> gain (min(stars_launched, 2)) ap")
    result = CliRunner().invoke(main, ["text", str(tmp_path / "godmod")])
    assert result.exit_code == 0, result.output
    assert "gain [AP] equal to the smaller of the number of your stars and 2" in result.output


def _first_problem(text: str, kind: str = "faction") -> tuple[str, int, str]:
    _, found = compile_effect(EffectSource.standalone(text), lastlight(), kind)
    assert found, text
    return found[0].code, found[0].span.column, found[0].hint or ""


def test_a_function_written_bare_as_an_amount_is_told_to_take_parentheses() -> None:
    """`gain min(2, light) light` (as English and most languages write it) was told only
    "unexpected `,`: expected `)` or `+` or `-`": the hint now writes the amount with the
    parentheses it takes, in the writer's own words."""
    code, column, hint = _first_problem("when round_end -> gain min(2, light) light")
    assert (code, column) == ("E0301", 29)
    assert "`(min(2, light))`" in hint
    text = "when turn_start -> gain max(stars_launched, 2) ap"
    _, found = compile_effect(EffectSource.standalone(text), starlight(), "god")
    assert "`(max(stars_launched, 2))`" in (found[0].hint or "")


def test_a_cap_written_after_the_amount_is_told_min() -> None:
    """A cap written as "gain 1 light per planet you control, at most 3" is said with `min`."""
    text = "when round_end -> gain 1 light per planet you control, at most 3"
    code, column, hint = _first_problem(text)
    assert (code, column) == ("E0301", 54)
    assert "`(min(number of <things>, 3)) <unit>` is one a thing, at most 3" in hint
    # a use limit written right is no error, and one written wrong is not told `min`
    assert not compile_effect(
        EffectSource.standalone("when ship_moved, at most 3 times per game -> gain 1 common"),
        lastlight(),
        "faction",
    )[1]
    assert "min" not in _first_problem("when ship_moved, at most 3 per game -> gain 1 common")[2]
