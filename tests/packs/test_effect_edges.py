"""Two edges of effect text a designer meets through ``whitedwarf validate``: an effect whose
text begins with a line break (a block scalar with a blank first line) is pointed at where
its words are, and a carriage return is refused by one rule (E0514), whether the effect
comes from a pack file or is given to the effect compiler directly."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.tools.cli import main

from .corpus import SHARED

ARCHIVE = '  effect: "activated: exhaust this card -> gain 1 light"\n'


def validate_with_archive_effect(tmp_path: Path, effect: str) -> str:
    """``whitedwarf validate`` on the mini pack with the Archive tech's effect replaced."""
    pack = tmp_path / "mini"
    shutil.copytree(SHARED / "mini", pack)
    techs = pack / "techs.yaml"
    text = techs.read_text(encoding="utf-8")
    assert ARCHIVE in text
    techs.write_text(text.replace(ARCHIVE, effect), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--no-cache", str(pack)])
    assert result.exit_code == 1, result.output
    return result.output


def headline(output: str) -> str:
    """The first diagnostic's first line, without the folder the test ran in."""
    first = next(line for line in output.splitlines() if "error[" in line)
    return first[first.index("techs.yaml") :]


def test_an_effect_of_comments_after_a_blank_first_line_points_at_the_comment(
    tmp_path: Path,
) -> None:
    effect = "  effect: |\n\n    # to do: what this card does\n"
    output = validate_with_archive_effect(tmp_path, effect)
    lines = (SHARED / "mini" / "techs.yaml").read_text(encoding="utf-8").split("\n")
    comment = lines.index(ARCHIVE[:-1]) + 3  # 1-based: the effect's third line
    assert headline(output).startswith(f"techs.yaml:{comment}:5: error[E0301]")
    assert f"{comment} |     # to do: what this card does\n   |     ^\n" in output


def test_an_effect_too_long_after_a_blank_first_line_points_at_its_first_word() -> None:
    text = "\n" + "gain 1 light\n" * 400
    source = EffectSource.standalone(text, "techs.yaml", 20, 5)
    _, (problem,) = compile_effect(source, registry(), "civilization")
    assert (problem.code, problem.span.line, problem.span.column) == ("E0302", 21, 1)


@pytest.mark.parametrize("text", ["gain 1 light\r\ngain 1 common", "gain 1 light\rgain 1 common"])
def test_a_carriage_return_is_refused_by_the_effect_compiler_as_by_the_loader(
    text: str, tmp_path: Path
) -> None:
    source = EffectSource.standalone(text, "techs.yaml", 20, 12)
    compiled, (problem,) = compile_effect(source, registry(), "civilization")
    assert compiled is None
    assert (problem.code, problem.span.line, problem.span.column) == ("E0514", 20, 24)
    quoted = text.replace("\r", "\\r").replace("\n", "\\n")
    output = validate_with_archive_effect(tmp_path, f'  effect: "{quoted}"\n')
    assert f"error[E0514]: {problem.message}" in output
    assert problem.message.startswith("this text holds the invisible character U+000D")


@pytest.mark.parametrize(
    ("effect", "where"),
    [
        ('  effect: &shared "activated: exhaust this card -> gain 1 atack"\n', ":21:59:"),
        ('  effect: !!str "activated: exhaust this card -> gain 1 atack"\n', ":21:57:"),
        ("  effect: &shared |\n    activated: exhaust this card -> gain 1 atack\n", ":22:44:"),
        (
            '  effect: &shared # shared\n    "activated: exhaust this card -> gain 1 atack"\n',
            ":22:45:",
        ),
    ],
)
def test_an_effect_with_an_anchor_or_a_tag_is_pointed_at_inside(
    tmp_path: Path, effect: str, where: str
) -> None:
    """An effect written `effect: &shared ...` (to share it with `*shared`) or with a tag
    had every diagnostic at the anchor's `&`, column 11, not at the word; `whitedwarf fix`
    then edited nothing there, yet counted the word fixed."""
    output = validate_with_archive_effect(tmp_path, effect)
    assert headline(output).startswith(f"techs.yaml{where} error[E0409]: `atack`"), output
