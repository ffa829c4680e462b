"""Issue 29 item 7, the smaller vocabulary of Last Light: the words as the checker, the card
text, the editor and the "no such construct" hints see them.

The words: ``keep <amount> from <number>`` (look at N techs, keep M), dice by face (``miss
die``), techs by kind (``civilization``, ``ship_ability``, ``ship_mod``) and
by slot (``large techs``, ``techs of this type``), ``blockaded`` planets and extractors, and
a ship type's ``cost``.
"""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.tools.editor.effect_context import EffectCursor, words_for
from whitedwarf.tools.editor.hover import effect_hover

REG = registry()


def _diagnostics(text: str, kind: str) -> list[tuple[str, int, int, str]]:
    """(code, line, column, message) of each diagnostic of ``text`` on a card of ``kind``."""
    found = compile_effect(EffectSource.standalone(text), REG, kind)[1]
    return [
        (d.code, d.span.line if d.span else 0, d.span.column if d.span else 0, d.message)
        for d in found
    ]


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("civilization", "when before_research -> keep 1 tech from 3"),
        ("civilization", "activated: exhaust this card -> keep 2 techs from 4"),
        ("ship_mod", "when miss_rolled -> reroll each miss die"),
        ("ship_mod", "when die_rolled -> may pay 1 common -> treat a miss die as hit"),
        ("ship_ability", "when ability_rolled -> may pay 1 common -> reroll a miss die"),
        ("civilization", "when round_end -> gain 1 common per ship_mod tech of yours"),
        ("faction", "as soon as number of civilization techs of yours >= 3 -> gain 2 light"),
        ("ship_mod", "when round_end -> gain 1 light per ship_ability tech of this type"),
        ("faction", "when round_end -> gain 1 light per large techs of yours"),
        ("faction", "when round_end -> gain 1 common per blockaded planet you control"),
        ("deep_space", "destroy a blockaded enemy extractor"),
        ("faction", "your large ships have -1 cost"),
        ("ship_mod", "this ship type has -2 cost"),
    ],
)
def test_each_new_word_compiles_without_a_diagnostic(kind: str, text: str) -> None:
    assert _diagnostics(text, kind) == []


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        # numbers bounded by declared ranges (E0417), located at the number
        (
            "civilization",
            "when before_research -> keep 1 tech from 11",
            ("E0417", 1, 42, "11 is out of range for `looked`: it must be 1 to 10"),
        ),
        (
            "civilization",
            "when before_research -> keep 11 techs from 3",
            ("E0417", 1, 30, "11 is out of range for an amount of tech: it must be 1 to 10"),
        ),
        (
            "faction",
            "your large ships have +5 cost",
            ("E0417", 1, 23, "+5 is out of range for a change of `cost`: it must be -4 to +4"),
        ),
        # a word where it does not fit
        (
            "civilization",
            "when before_research -> keep 1 common from 3",
            ("E0409", 1, 32, "`common` is not a unit this verb takes"),
        ),
        (
            "faction",
            "you have -1 cost",
            ("E0403", 1, 13, "`cost` belongs to `your ships`, not to this subject"),
        ),
        (
            "faction",
            "when round_end -> gain 1 common per miss planet you control",
            ("E0407", 1, 37, "`miss` does not apply to planets"),
        ),
        (
            "faction",
            "when round_end -> gain 1 common per blockaded ship of yours",
            ("E0407", 1, 37, "`blockaded` does not apply to ships"),
        ),
        (
            "faction",
            "when round_end -> gain 1 common per ship_mod planet you control",
            ("E0407", 1, 37, "`ship_mod` does not apply to planets"),
        ),
        (
            "civilization",
            "when before_research -> keep 1 tech",
            ("E0410", 1, 25, "`keep` needs `from ...` (looked)"),
        ),
    ],
)
def test_misuse_is_located(kind: str, text: str, expected: tuple[str, int, int, str]) -> None:
    found = _diagnostics(text, kind)
    assert len(found) == 1, found
    code, line, column, message = found[0]
    assert (code, line, column) == expected[:3], found
    assert message.startswith(expected[3]), message


def test_keeping_more_than_is_looked_at_is_warned_of_at_the_number() -> None:
    """W0422: `keep 3 techs from 2` keeps the 2 it looks at; the card still compiles."""
    assert _diagnostics("when before_research -> keep 3 techs from 2", "civilization") == [
        ("W0422", 1, 30, "3 is more than the 2 of `looked`: `keep` does no more than 2")
    ]
    assert _diagnostics("when before_research -> keep 2 techs from 2", "civilization") == []


@pytest.mark.parametrize(
    ("kind", "text", "printed"),
    [
        (
            "civilization",
            "when before_research -> keep 1 tech from 3",
            "When you play Research: look at the top of the tech deck and keep 1 tech from 3.",
        ),
        (
            "ship_mod",
            "when miss_rolled -> reroll each miss die",
            "For each [miss] you roll: reroll each miss die.",
        ),
        ("faction", "your large ships have -1 cost", "Your large ships have -1 cost."),
        (
            "faction",
            "when round_end -> gain 1 common per blockaded planet you control",
            "At the end of each round: gain 1 [common] per blockaded planet you control.",
        ),
    ],
)
def test_card_text(kind: str, text: str, printed: str) -> None:
    """What ``whitedwarf text`` prints for the card (dsl/render.py)."""
    program = compile_effect(EffectSource.standalone(text), REG, kind)[0]
    assert program is not None
    assert render_effect(text, REG) == printed


def test_the_editor_completes_and_explains_the_new_words() -> None:
    """Completion and hover come from the registry (tools/editor): nothing to add there."""
    after_arrow = "when before_research -> ke"
    cursor = EffectCursor(after_arrow, "ke", 0, 0)
    assert ("keep", "verbs") in [(w, s) for w, s, _ in words_for(REG, cursor)]
    hover = effect_hover(REG, "when round_end -> gain 1 common per blockaded planet", 40)
    assert hover is not None and "blockaded" in hover.markdown
    hover = effect_hover(REG, "your large ships have -1 cost", 26)
    assert hover is not None and "common first" in hover.markdown


@pytest.mark.parametrize(
    ("word", "names"),
    [
        ("roll", ["`this ship type has +1 attack`", "`reroll each miss die`"]),
        ("look", ["`keep 1 tech from 3`"]),
        ("discount", ["`your large ships have -1 cost`", "`you have +1 ship_discount`"]),
        ("blockade", ["`number of blockaded planets you control`"]),
    ],
)
def test_a_concept_names_the_real_construct(word: str, names: list[str]) -> None:
    """issue 29 item 9: "the language has no X" names what there is; for item 7's words
    that is now the real construct."""
    hint = REG.no_such(word)
    assert hint is not None and all(name in hint for name in names), hint


def test_the_discounts_say_which_resource_comes_off() -> None:
    """issue 29: "the docs do not say which resource `ship_discount` comes off"."""
    for stat in ("ship_discount", "tech_discount", "cost"):
        assert "common first, then uncommon, then rare" in REG.stats[stat].doc
