"""Card state in the language (issue 29 item 1, docs/dsl.md "Card state", decision R13):
counters on a card and a remembered choice: what parses, what compiles, what the checker
refuses (the located errors are in tests/dsl/data/card_state.effects) and the card text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl import ast
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.parser import parse
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight
from whitedwarf.tools.cli import main

HOURGLASS = "when after_refresh -> put 1 charge on this card\n" + (
    "activated: remove 3 charges from this card -> gain 2 light"
)
VENDETTA = "when game_start -> choose an opponent: gain 1 light\n" + (
    "when round_start -> steal 1 common from that opponent"
)


def _compiled(text: str, kind: str = "civilization", reg=None):
    compiled, found = compile_effect(EffectSource.standalone(text), reg or registry(), kind)
    assert compiled is not None and not found, [d.headline() for d in found]
    return compiled["clauses"]


def _errors(text: str, kind: str = "civilization"):
    return compile_effect(EffectSource.standalone(text), registry(), kind)[1]


# -- parser ------------------------------------------------------------------------------------


def test_a_counter_read_parses_in_a_condition_and_a_number() -> None:
    trigger = parse("when round_end if charges on this card >= 3 -> gain 1 light").clauses[0]
    assert isinstance(trigger, ast.Trigger) and isinstance(trigger.cond, ast.Compare)
    read = trigger.cond.left
    assert isinstance(read, ast.CounterRef) and read.name.text == "charges"
    assert [w.text for w in read.card.words] == ["card"] and read.card.det.text == "this"
    (gain,) = parse("gain (charges on this card + 1) light").clauses[0].body.steps
    assert isinstance(gain.args[0].count.left, ast.CounterRef)


def test_choose_an_opponent_parses_as_a_remembered_choice_and_choose_one_as_before() -> None:
    (step,) = parse("choose an opponent: steal 1 common from that opponent").clauses[0].body.steps
    assert isinstance(step, ast.Remember)
    assert step.chosen.det.text == "an" and [w.text for w in step.chosen.words] == ["opponent"]
    assert isinstance(step.step, ast.Action) and step.step.verb.text == "steal"
    (choice,) = parse("choose one: gain 1 light or gain 1 common").clauses[0].body.steps
    assert isinstance(choice, ast.Choice) and len(choice.options) == 2


def test_a_choose_with_no_colon_says_what_it_expected() -> None:
    found = _errors("when round_start -> choose an opponent steal 1 common", "faction")
    assert [d.code for d in found] == ["E0301"]
    assert "`:`" in found[0].message


# -- compiled form (docs/effect-ir.md) ----------------------------------------------------------


def test_counters_compile_to_the_counter_verbs_and_a_cost() -> None:
    put, use = _compiled(HOURGLASS)
    counters = {"amount": ["num", 1], "unit": "charge"}
    assert put["code"] == [["call", "put", [counters, {"this": "card"}]], ["end"]]
    three = [{"amount": ["num", 3], "unit": "charge"}, {"this": "card"}]
    assert use["code"][0] == ["affordable", [["remove", three]], 3]
    assert use["code"][1] == ["call", "remove", three]


def test_a_read_and_per_compile_to_the_counter_expression() -> None:
    _, read = _compiled(
        "when round_start -> put 1 spark on this card\n"
        "when round_end if sparks on this card >= 3 -> gain 1 light per spark on this card"
    )
    assert read["when"] == ["cmp", ">=", ["counter", "spark"], ["num", 3]]
    per = ["*", ["num", 1], ["/", ["counter", "spark"], ["num", 1]]]
    assert read["code"][0] == ["call", "gain", [{"amount": per, "unit": "light"}]]


def test_a_remembered_choice_compiles_to_remember_and_that_opponent_to_a_recall() -> None:
    choose, steal = _compiled(VENDETTA, "faction")
    assert [ins[0] for ins in choose["code"]] == ["choose", "remember", "call", "end"]
    assert choose["code"][1] == ["remember", "opponent", 0]
    assert steal["code"][0] == ["recall", "opponent", 2]
    assert steal["code"][1][2][1] == {"chosen": "opponent", "type": "player"}


def test_a_starlight_god_keeps_counters_too() -> None:
    put, use = _compiled(
        "when turn_start -> put 1 charge on this card\n"
        "when turn_end -> remove 3 charges from this card -> gain 1 ap",
        "god",
        starlight(),
    )
    assert put["code"][0][1] == "put" and use["code"][0][0] == "affordable"


# -- the checker's help ------------------------------------------------------------------------


def test_remove_given_a_ship_names_the_verbs_that_act_on_ships() -> None:
    """`remove` is the counters' verb now; a designer who meant a ship is sent to the verbs
    that take one (issue 29: `remove` had been told `move`)."""
    (found,) = _errors("when round_end -> remove a ship of yours from this card")
    assert found.code == "E0410"
    assert "`destroy`" in (found.hint or "") and "`move`" in (found.hint or "")


def test_a_misspelt_counter_is_offered_the_one_the_card_puts() -> None:
    (found,) = _errors(
        "when after_refresh -> put 1 charge on this card\n"
        "activated: remove 3 chargers from this card -> gain 2 light"
    )
    assert found.code == "E0420" and found.hint == "did you mean `charge`?"
    assert (found.span.line, found.span.column) == (2, 21)


def test_that_opponent_is_told_the_noun_the_card_remembers() -> None:
    found = _errors(
        "when game_start -> choose a player: gain 1 light\n"
        "when round_start -> steal 1 common from that opponent",
        "faction",
    )
    assert [d.code for d in found] == ["E0421"] and found[0].hint == "write `that player`"


@pytest.mark.parametrize("word", ["counter", "remember"])
def test_the_concepts_name_the_real_constructs(word: str) -> None:
    hint = registry().no_such(word) or ""
    assert "not written yet" not in hint and "no counters yet" not in hint
    assert "this card" in hint or "that opponent" in hint


def test_a_counter_name_is_never_told_the_language_lacks_it() -> None:
    """`charge` was a concept ("cards hold no charges yet"); it is a counter's name now."""
    assert registry().no_such("charge") is None and starlight().no_such("charge") is None
    (found,) = _errors(
        "when after_refresh -> put 1 charge on this card\n"
        "activated: remove 3 charge from this card -> gain 2 light\n"
        "when round_end if seals on this card >= 2 -> gain 1 light"
    )
    assert found.notes == ()


# -- card text (`whitedwarf text`) -------------------------------------------------------------


def test_card_text_says_the_counters_and_the_choice() -> None:
    assert render_effect(HOURGLASS, registry()) == (
        "After your Refresh: put 1 charge on this card. "
        "Action: remove 3 charges from this card to gain 2 [light]."
    )
    assert render_effect(VENDETTA, registry()) == (
        "At the start of the game: choose an opponent (this card remembers that opponent), then "
        "gain 1 [light]. At the start of each round: steal 1 [common] from that opponent."
    )
    text = render_effect(
        "when round_start -> put 1 spark on this card\n"
        "when round_end if sparks on this card >= 3 -> gain 1 light per spark on this card",
        registry(),
    )
    assert text.endswith(
        "if the number of sparks on this card is at least 3: gain 1 [light] per spark on this card."
    )


def test_whitedwarf_text_writes_a_card_with_counters(tmp_path: Path) -> None:
    mod = tmp_path / "statemod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: statemod\nname: State mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902]\n"
    )
    effect = HOURGLASS.replace("\n", "\n    ")
    (mod / "factions.yaml").write_text(
        "- id: chronos\n  name: Chronos\n  three_plus: false\n  source: invented\n"
        f"  effect: |\n    {effect}\n"
    )
    result = CliRunner().invoke(main, ["text", str(mod)])
    assert result.exit_code == 0, result.output
    assert "chronos: After your Refresh: put 1 charge on this card." in result.output


# -- editors: hover, through the registry ------------------------------------------------------


def test_hover_explains_the_counter_verbs_and_the_remembered_choice() -> None:
    from whitedwarf.tools.editor.hover import effect_hover

    line = "when round_start -> choose an opponent: steal 1 common from that opponent"
    choose = effect_hover(registry(), line, line.index("choose") + 1)
    assert choose is not None and "remembers as `that opponent`" in choose.markdown
    that = effect_hover(registry(), line, line.index("that") + 1)
    assert that is not None and "`that opponent` is the opponent the card chose" in that.markdown
    put = "when after_refresh -> put 1 charge on this card"
    found = effect_hover(registry(), put, put.index("put") + 1)
    assert found is not None and "Put counters of a kind you name on this card" in found.markdown


def test_a_trigger_that_moves_the_ship_it_heard_warns_inside_a_remembered_choice() -> None:
    """W0403 looks inside `choose an opponent: ...` (whom, not whether, is chosen)."""
    found = _errors("when ship_moved -> choose an opponent: move this ship to an adjacent sector")
    assert [d.code for d in found] == ["W0403"]


def test_choose_another_player_remembers_a_player_other_than_you() -> None:
    choose, give = _compiled(
        "when game_start -> choose another player: gain 1 light\n"
        "when round_start -> give 1 common to that player",
        "faction",
    )
    assert choose["code"][0][2]["exclude"] == [{"you": True}]
    assert choose["code"][1] == ["remember", "player", 0]
    assert give["code"][0] == ["recall", "player", 2]
