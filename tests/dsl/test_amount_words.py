"""A count a newcomer writes in words before its unit is told what to write: a value name in
parentheses, a number in digits. Both said "write the number before the unit: `1 ap`", as for
`gain ap 1`, though the number was there (`gain two ap`) or was a value
(`gain stars_launched night_points`, where the reference writes `(stars_launched)`)."""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight


@pytest.mark.parametrize(
    ("game", "kind", "effect", "hint"),
    [
        (starlight, "god", "when turn_start -> gain two ap", "write the number in digits: `2 ap`"),
        (
            starlight, "flare_points", "gain stars_launched night_points",
            "a value counts in parentheses: `(stars_launched) night_points`",
        ),
        (lastlight, "faction", "when round_start -> gain three common",
         "write the number in digits: `3 common`"),
        (lastlight, "faction", "when round_end -> gain round light",
         "a value counts in parentheses: `(round) light`"),
    ],
)  # fmt: skip
def test_a_count_in_words_is_told_what_to_write(game, kind, effect, hint) -> None:
    _, problems = compile_effect(EffectSource.standalone(effect), game(), kind)
    (problem,) = problems
    assert problem.code == "E0409"
    assert problem.hint == hint
