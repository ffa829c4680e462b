"""Words the language has no construct for get what to write instead, by meaning (issue 29).

Designers who wrote cards from the docs were told `roll` -> `reroll`, `remove` -> `move` and
`until` -> `build`: did-you-means by spelling for things the language does not have. Each
game's registry now declares such words (``Registry.concepts``) with the nearest real
constructs, and every construct a hint names must itself compile: a hint that leads to
another error is worse than none.
"""

from __future__ import annotations

import re

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.parser import lark_parser
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight
from whitedwarf.tools.doc_examples import compiles

REGISTRIES = {"lastlight": lastlight(), "starlight": starlight()}


def _diagnose(text: str, reg: Registry, kind: str) -> list[Diagnostic]:
    return compile_effect(EffectSource.standalone(text), reg, kind)[1]


def _known_words(reg: Registry) -> set[str]:
    words = {name for _, entry in reg.entries() for name in [entry.name]}
    words |= set(reg.all_noun_words())
    for terminal in lark_parser().terminals:
        value = terminal.pattern.value
        if isinstance(value, str):
            words |= set(re.findall(r"[a-z_]+", value))
    return words


def _compiles_somewhere(fragment: str, reg: Registry) -> bool:
    """A step, a trigger head, a cost, a condition's number or a player, wrapped until whole."""
    hook = next(h.name for h in reg.hooks.values() if not h.never_on)  # heard by every kind
    gain = next(iter(reg.resources))
    wrapped = [
        fragment,
        *(f"when {each} -> {fragment}" for each in reg.hooks),
        f"{fragment} -> gain 1 {gain}",
        f"activated: {fragment} -> gain 1 {gain}",
        f"when {hook} if {fragment} >= 1 -> gain 1 {gain}",
        f"when {hook} -> for each {fragment} -> gain 1 {gain}",
    ]
    return any(compiles(text, reg) for text in wrapped)


@pytest.mark.parametrize("game", REGISTRIES)
def test_no_concept_is_a_word_the_language_has(game: str) -> None:
    reg = REGISTRIES[game]
    assert reg.concepts
    assert set(reg.concepts) & _known_words(reg) == set()


@pytest.mark.parametrize(
    ("game", "word", "fragment"),
    [
        (game, word, fragment)
        for game, reg in REGISTRIES.items()
        for word, text in reg.concepts.items()
        for fragment in re.findall(r"`([^`]+)`", text)
        if "..." not in fragment
    ],
)
def test_every_construct_a_concept_names_is_real(game: str, word: str, fragment: str) -> None:
    reg = REGISTRIES[game]
    assert fragment in _known_words(reg) or _compiles_somewhere(fragment, reg), (
        f"{game} concept `{word}` names `{fragment}`, which is no word and does not compile"
    )


@pytest.mark.parametrize(
    ("effect", "concept", "not_said"),
    [
        ("when round_end -> roll 2 dice", "roll", "`reroll`?"),
        # `remove` is a word now (counters on a card, issue 29): tests/dsl/test_card_state.py
        # holds that `remove a ship of yours` is sent to `destroy`
    ],
)
def test_an_unknown_verb_for_a_missing_concept_is_told_so(
    effect: str, concept: str, not_said: str
) -> None:
    (found,) = _diagnose(effect, REGISTRIES["lastlight"], "civilization")
    assert found.code == "E0401"
    assert found.hint is not None and found.hint.startswith(f"the language has no `{concept}`:")
    assert not_said not in found.hint


@pytest.mark.parametrize(
    ("effect", "concept"),
    [
        # `until`, `once` and `next` are words of the language now (issue 29)
        ("temporarily: you have +1 trades", "temporarily"),
        ("twice per round: gain 1 light", "twice"),
        ("when round_end -> gain 1 light temporarily", "temporarily"),
    ],
)
def test_a_syntax_error_around_a_missing_concept_notes_it(effect: str, concept: str) -> None:
    found = _diagnose(effect, REGISTRIES["lastlight"], "civilization")
    first = next(d for d in found if d.is_error)
    assert any(note.startswith(f"the language has no `{concept}`:") for note in first.notes)


def test_a_known_word_gets_no_concept_note() -> None:
    found = _diagnose("when round_end -> gain 1 atack", REGISTRIES["lastlight"], "civilization")
    assert all(not d.notes for d in found)


def test_help_lines_count_what_the_reference_lists() -> None:
    """`22 nouns` counted singulars and plurals; the reference lists each noun once."""
    reg = REGISTRIES["lastlight"]
    (found,) = _diagnose("when round_end -> destroy a zorblax", reg, "civilization")
    assert f"lists all {len(reg.nouns)} nouns" in (found.hint or "")


def test_starlight_hints_name_starlights_reference() -> None:
    reg = REGISTRIES["starlight"]
    (found,) = _diagnose("when turn_start -> gain (zorblax) ap", reg, "god")
    assert "docs/reference-starlight.md" in (found.hint or "")
    assert "docs/reference.md" not in (found.hint or "")


@pytest.mark.parametrize(
    ("game", "kind", "effect", "hook"),
    [
        ("lastlight", "civilization", "At the end of each round: gain 1 light", "round_end"),
        ("lastlight", "civilization", "at the end of each round -> gain 1 light", "round_end"),
        ("lastlight", "faction", "When you mine: gain 1 [common].", "resources_mined"),
        ("lastlight", "civilization", "After your Trade: gain 1 uncommon", "after_trade"),
        ("starlight", "god", "At the start of your turn: gain 1 AP", "turn_start"),
    ],
)
def test_a_cards_printed_moment_written_as_its_effect_names_the_hook(
    game: str, kind: str, effect: str, hook: str
) -> None:
    """`whitedwarf text` writes `round_end` as "At the end of each round:"; a designer who
    copied a card's words back into its effect was told only where the parser stopped
    (`unexpected each`, `At is not lower case`): the note names the hook those words say."""
    found = _diagnose(effect, REGISTRIES[game], kind)
    first = next(d for d in found if d.is_error)
    assert any(f"the hook `{hook}`: write `when {hook} -> ...`" in n for n in first.notes)


@pytest.mark.parametrize(
    ("effect", "concept"),
    [
        ("when round_end -> lose 1 common", "lose"),
        ("when round_end -> each opponent loses 1 common", "loses"),
        (
            "when round_start -> if number of planets you control is at least 3 -> gain 1 light",
            "least",
        ),
        ("when round_end -> gain 1 light unless light > 5", "unless"),
    ],
)
def test_words_of_a_cards_text_are_told_the_construct(effect: str, concept: str) -> None:
    """The card text's "is at least 3" and the English "lose", "unless" are told what the
    language writes instead, wherever the parser stopped."""
    found = _diagnose(effect, REGISTRIES["lastlight"], "civilization")
    first = next(d for d in found if d.is_error)
    said = [first.hint or "", *first.notes]
    assert any(s.startswith(f"the language has no `{concept}`:") for s in said)


@pytest.mark.parametrize(
    ("game", "kind", "effect", "word"),
    [
        ("starlight", "god", "when turn_start -> gain 1 long ray", "long_ray"),
        ("starlight", "god", "you have -1 launch cost", "launch_cost"),
        ("lastlight", "faction", "you have +1 research draw", "research_draw"),
        ("lastlight", "faction", "when unit lost -> gain 1 common", "unit_lost"),
    ],
)
def test_a_word_of_the_language_written_as_two_is_told_the_one_word(
    game: str, kind: str, effect: str, word: str
) -> None:
    """`gain 1 long ray` was told "expected an amount such as `1 long_ray`" and `you have -1
    launch cost` "unexpected `cost`: expected a new line": nothing said that `_` joins them."""
    found = _diagnose(effect, REGISTRIES[game], kind)
    first = next(d for d in found if d.is_error)
    phrase = word.replace("_", " ")
    assert f"`{phrase}` is one word in the language: `{word}`" in first.notes


def test_a_split_word_a_concept_already_names_is_not_told_twice() -> None:
    found = _diagnose("when star_launched -> gain 2 night points", REGISTRIES["starlight"], "god")
    notes = next(d for d in found if d.is_error).notes
    assert [n for n in notes if "night_points" in n] == [
        "the language has no `points`: write `night_points` (`gain 2 night_points`)"
    ]


@pytest.mark.parametrize(
    ("game", "kind", "effect", "hint"),
    [
        (
            "starlight",
            "god",
            "when star_launched -> gain 1 night_point per star of yours in this constellation",
            "`in this constellation` is written after the noun as `of this constellation`",
        ),
        (
            "lastlight",
            "faction",
            "when ship_built -> gain 1 common per enemy ship in this sector",
            "`in this sector` is written after the noun as `here`",
        ),
    ],
)
def test_in_this_place_after_a_count_is_told_the_qualifier(
    game: str, kind: str, effect: str, hint: str
) -> None:
    """Was "`gain` takes nothing introduced by `in`" with "its prepositions: none"."""
    (found,) = _diagnose(effect, REGISTRIES[game], kind)
    assert (found.code, found.hint) == ("E0410", hint)
    fixed = effect.replace("in this constellation", "of this constellation")
    assert not _diagnose(fixed.replace("in this sector", "here"), REGISTRIES[game], kind)


def test_several_words_where_one_is_written_are_quoted() -> None:
    found = _diagnose("when turn_start -> flush long rays", REGISTRIES["starlight"], "god")
    (error,) = [d for d in found if d.is_error]
    assert error.message == "`long rays` is not allowed here: one word is written here"
    assert error.hint == "did you mean `long_rays`?"
