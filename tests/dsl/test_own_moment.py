"""A trigger on the owner's own moment written as a sentence (`when you play research`).

It was told "a trigger needs `->`" under its second word, which sent designers looking for
an arrow that was already there. Now it is told that a trigger names its moment with one
hook word, with the hooks whose names share the sentence's words as a note.
"""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry


def _first_error(text: str):
    _, diagnostics = compile_effect(EffectSource.standalone(text), registry(), "civilization")
    return next(d for d in diagnostics if d.is_error)


@pytest.mark.parametrize(
    ("text", "hooks"),
    [
        ("when you play research -> gain 1 light", ["after_research", "before_research"]),
        ("when you build a ship -> gain 1 light", ["ship_built", "after_build_ships"]),
        ("when you roll a hit -> gain 1 light", ["hit_rolled"]),
        ("when you destroy a ship: gain 1 light", ["unit_destroyed"]),
    ],
)
def test_a_sentence_trigger_is_told_to_name_a_hook(text: str, hooks: list[str]) -> None:
    error = _first_error(text)
    assert error.code == "E0301"
    assert "one hook word, not a sentence" in error.message
    assert "needs `->`" not in error.message
    note = next(n for n in error.notes if n.startswith("the hooks nearest"))
    assert all(f"`{hook}`" in note for hook in hooks)


def test_a_sentence_with_no_hook_near_it_gets_no_note() -> None:
    error = _first_error("when you sing loudly -> gain 1 light")
    assert "one hook word" in error.message
    assert not any(n.startswith("the hooks nearest") for n in error.notes)


def test_a_hook_with_a_missing_arrow_is_still_told_so() -> None:
    error = _first_error("when after_research gain 1 light")
    assert error.message.startswith("a trigger needs `->`")
