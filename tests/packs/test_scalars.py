"""DSL positions inside every YAML scalar style point at the exact file character."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.dsl.packs.yamlsource import parse_yaml

CASES = {
    "plain": ("effect: gain 1 light then fly\n", "fly", (1, 27)),
    "plain multi-line": ("effect: gain 1 light\n  then fly away\n", "fly", (2, 8)),
    "single-quoted": ("effect: 'it''s fly'\n", "fly", (1, 16)),
    "single multi-line": ("effect: 'gain 1\n\n   light fly'\n", "fly", (3, 10)),
    "double escapes": ('effect: "\\x67ain\\t1 \\u0041 fly"\n', "fly", (1, 28)),
    "double escaped break": ('effect: "gain 1 \\\n   light fly"\n', "fly", (2, 10)),
    "literal": ("effect: |\n  gain 1 light\n  then fly\n", "fly", (3, 8)),
    "literal strip": ("a:\n  effect: |-\n      gain 1\n      fly\n", "fly", (4, 7)),
    "literal keep": ("effect: |+\n  gain\n  fly\n\n", "fly", (3, 3)),
    "literal indented": ("effect: |\n  gain 1\n    fly\n", "fly", (3, 5)),
    "literal explicit indent": ("effect: |2\n    gain\n  fly\n", "fly", (3, 3)),
    "folded": ("effect: >\n  gain 1\n  light\n\n  fly\n", "fly", (5, 3)),
    "folded more-indented": ("effect: >-\n  gain\n    1 light\n  fly\n", "fly", (4, 3)),
    "flow mapping": ("- {effect: gain 1 fly, id: x}\n", "fly", (1, 19)),
}


def locate(text: str, path: tuple, needle: str) -> tuple[int, int]:
    file, problems = parse_yaml(text, Path("t.yaml"), "t.yaml")
    assert file is not None and problems == []
    source = file.effect_source(path)
    assert source is not None
    return source.locate(source.text.index(needle))


@pytest.mark.parametrize("name", list(CASES))
def test_offsets_point_at_the_character(name: str) -> None:
    text, needle, where = CASES[name]
    path = ("effect",)
    if text.startswith("a:"):
        path = ("a", "effect")
    elif text.startswith("-"):
        path = (0, "effect")
    assert locate(text, path, needle) == where


def test_every_character_maps_back_to_itself() -> None:
    text = "effect: |\n  activated: exhaust this card ->\n    gain 1 light\n"
    file, _ = parse_yaml(text, Path("t.yaml"), "t.yaml")
    source = file.effect_source(("effect",))
    lines = text.splitlines()
    for offset, char in enumerate(source.text):
        line, column = source.locate(offset)
        if char != "\n":
            assert lines[line - 1][column - 1] == char


def test_a_dsl_error_on_the_second_line_of_a_block_scalar() -> None:
    from whitedwarf.dsl.api import compile_effect
    from whitedwarf.interpreter.lastlight.vocabulary import registry

    text = "effect: |\n  activated: exhaust this card ->\n    gian 1 light\n"
    file, _ = parse_yaml(text, Path("t.yaml"), "t.yaml")
    _, problems = compile_effect(file.effect_source(("effect",)), registry(), "civilization")
    assert [(d.code, d.span.line, d.span.column) for d in problems] == [("E0401", 3, 5)]


def test_the_end_of_an_effect_is_after_its_last_character() -> None:
    file, _ = parse_yaml("effect: |\n  gain 1 ->\n", Path("t.yaml"), "t.yaml")
    source = file.effect_source(("effect",))
    assert source.locate(len(source.text)) == (2, 12)
