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


JOINED = {  # how many written lines YAML joined into one line of the effect
    "plain one line": ("effect: gain 1 light\n", 0),
    "plain two lines": ("effect: gain 1 light\n  then gain 1 common\n", 2),
    "double-quoted two lines": ('effect: "gain 1 light\n  then gain 1 common"\n', 2),
    "single-quoted three lines": ("effect: 'gain 1\n  light\n  now'\n", 3),
    "literal keeps its lines": ("effect: |\n  gain 1 light\n  gain 1 common\n", 0),
    "folded joins": ("effect: >\n  gain 1 light\n  gain 1 common\n", 2),
    "folded one line": ("effect: >\n  gain 1 light\n", 0),
    "folded with a kept break": ("effect: >\n  gain 1\n\n  light\n", 0),
}


@pytest.mark.parametrize("name", list(JOINED))
def test_joined_lines_are_counted(name: str) -> None:
    text, joined = JOINED[name]
    file, problems = parse_yaml(text, Path("t.yaml"), "t.yaml")
    assert file is not None and problems == []
    source = file.effect_source(("effect",))
    assert source is not None and source.joined_lines == joined


def test_a_quoted_effect_over_two_lines_is_told_yaml_joined_them(tmp_path: Path) -> None:
    """A designer writes two clauses on two lines inside quotes; YAML reads one line, and the
    checker's own error (`gain` is not a cost) would not say why (design round 8)."""
    from click.testing import CliRunner
    from whitedwarf.tools.cli import main
    from whitedwarf.tools.scaffold import new_pack

    pack = tmp_path / "mod"
    new_pack(pack, empty=True)
    card = (
        "- id: two_lines\n  name: Two Lines\n  kind: civilization\n  cost: {common: 2}\n"
        "  copies: 1\n  source: invented\n  text: x\n  allow: [W0430]\n"
        '  effect: "when round_start -> gain 1 common\n    when round_end -> gain 1 uncommon"\n'
    )
    (pack / "techs.yaml").write_text(card)
    result = CliRunner().invoke(main, ["validate", str(pack)])
    assert result.exit_code == 1
    assert result.output.count("YAML joined the 2 lines of this effect") == 1
    assert "`effect: |`" in result.output
    fixed = card.replace('effect: "', "effect: |\n    ").replace('uncommon"', "uncommon")
    (pack / "techs.yaml").write_text(fixed)
    result = CliRunner().invoke(main, ["validate", str(pack)])
    assert result.exit_code == 0, result.output
