"""Offsets in an effect map to exact lines and columns of the file it sits in."""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import SourceLines, render_text
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry

EFFECT = "when round_end ->\n  gain 1 light\n\n  then gian 2 common  # typo\nyou have +1 trades"
PREFIX = "- id: example\n  name: Example\n  effect: "  # the effect starts on line 3


def file_position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``text[offset]``, counted the slow, obvious way."""
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


@pytest.mark.parametrize(("line", "column"), [(1, 1), (3, 11), (40, 7)])
def test_every_offset_maps_to_its_file_column(line, column):
    prefix = "x\n" * (line - 1) + "." * (column - 1)
    source = EffectSource.standalone(EFFECT, "card.yaml", line, column)
    for offset in range(len(EFFECT)):
        assert source.locate(offset) == file_position(prefix + EFFECT, len(prefix) + offset)


def test_a_span_ends_after_its_last_character():
    source = EffectSource.standalone(EFFECT, "card.yaml", 3, 11)
    start = EFFECT.index("gian")
    span = source.span(start, start + 4)
    assert (span.line, span.column, span.end_line, span.end_column) == (6, 8, 6, 12)
    assert source.span(start) == source.span(start, start)  # an empty span is a point


def test_a_diagnostic_points_at_the_word_in_the_file():
    text = PREFIX + EFFECT + "\n"
    source = EffectSource.standalone(EFFECT, "techs.yaml", 3, len("  effect: ") + 1)
    _, diagnostics = compile_effect(source, registry(), "faction")
    (typo,) = diagnostics
    line = text.split("\n")[typo.span.line - 1]
    assert typo.code == "E0401"
    assert line[typo.span.column - 1 : typo.span.end_column - 1] == "gian"
    rendered = render_text(typo, SourceLines({"techs.yaml": text}))
    assert rendered.splitlines()[:4] == [
        "techs.yaml:6:8: error[E0401]: unknown verb `gian`",
        "  |",
        "6 |   then gian 2 common  # typo",
        "  |        ^^^^",
    ]


def test_a_syntax_error_on_a_later_line_points_into_that_line():
    effect = "when round_end ->\n  gain 1 light\n  then gain 1 Rare"
    source = EffectSource.standalone(effect, "f.yaml", 10, 5)
    _, (problem,) = compile_effect(source, registry(), "faction")
    assert (problem.code, problem.span.line, problem.span.column) == ("E0301", 12, 15)


def test_offsets_past_the_end_are_clamped():
    source = EffectSource.standalone("gain 1 light", "f.yaml", 2, 3)
    assert source.locate(-5) == (2, 3)
    assert source.locate(100) == (2, 3 + len("gain 1 light"))
