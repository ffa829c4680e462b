"""Deprecated words: warned with the fix, run as the new word, rewritten by `whitedwarf fix`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.packs.games import game_registry
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.registry import Registry, Stat
from whitedwarf.tools.cli import main
from whitedwarf.tools.scaffold import new_pack

OLD_WORDS = """
- id: pilgrims
  name: Pilgrims
  kind: civilization
  cost: {common: 2}
  source: invented
  effect: |  # written before language 1.1
    you have +1 center_light
    when center_light_harvested -> move a ship of yours to the center sector
  allow: [W0430]
"""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    pack = tmp_path / "mod"
    new_pack(pack)
    techs = pack / "techs.yaml"
    techs.write_text(techs.read_text() + OLD_WORDS)
    return pack


def test_old_words_warn_at_the_word_and_still_work(mod: Path) -> None:
    result = load_packs([mod])
    warnings = [d for d in result.diagnostics if d.code == "W0431"]
    assert [(d.span.line, d.span.column, d.span.end_column) for d in warnings] == [
        (17, 17, 29),
        (18, 10, 32),
        (18, 64, 70),
    ]
    assert "write `centre_light` instead" in warnings[0].hint
    program = json.dumps(result.pack.compiled["techs"]["pilgrims"])
    assert "centre_light_harvested" in program and "center" not in program


def test_fix_rewrites_the_words_keeps_the_rest_and_backs_up(mod: Path) -> None:
    techs = mod / "techs.yaml"
    before = techs.read_text()
    status, output = run("fix", "--dry-run", str(mod))
    assert status == 0 and "+    when centre_light_harvested" in output
    assert techs.read_text() == before
    status, output = run("fix", str(mod))
    assert status == 0 and "fixed 3 deprecated words in 1 file" in output
    after = techs.read_text()
    assert after == before.replace("center", "centre")
    assert "# written before language 1.1" in after
    assert (mod / "techs.yaml.bak").read_text() == before
    assert [d for d in load_packs([mod]).diagnostics if d.code == "W0431"] == []
    techs.write_text(before)
    run("fix", str(mod))
    assert (mod / "techs.yaml.bak.1").read_text() == before  # the first backup is kept


def test_fix_rewrites_an_effect_shared_through_an_anchor(mod: Path) -> None:
    """`effect: &old ...` and `effect: *old`: the words were located at the anchor, so `fix`
    changed nothing there yet counted them fixed, and validate kept warning."""
    techs = mod / "techs.yaml"
    shared = (
        OLD_WORDS.replace("effect: |  # written", "effect: &old |  # written")
        + (OLD_WORDS.replace("pilgrims", "pilgrims_two").replace("Pilgrims", "Pilgrims Two")).split(
            "  effect:"
        )[0]
        + "  effect: *old\n  allow: [W0430]\n"
    )
    techs.write_text(techs.read_text().replace(OLD_WORDS, shared))
    status, output = run("fix", str(mod))
    assert status == 0 and "fixed 3 deprecated words in 1 file" in output, output
    assert "&old |  # written before language 1.1\n    you have +1 centre_light" in (
        techs.read_text()
    )
    assert [d for d in load_packs([mod]).diagnostics if d.code == "W0431"] == []


def test_fix_records_the_language_version(mod: Path) -> None:
    manifest = mod / "pack.yaml"
    manifest.write_text(manifest.read_text().replace('language: "1.1"', 'language: "1.0"'))
    run("fix", "--no-backup", str(mod))
    assert 'language: "1.1"' in manifest.read_text()
    assert not list(mod.glob("*.bak"))


def test_a_pack_for_a_newer_language_is_refused(mod: Path) -> None:
    manifest = mod / "pack.yaml"
    manifest.write_text(manifest.read_text().replace('language: "1.1"', 'language: "2.0"'))
    (error,) = [d for d in load_packs([mod]).diagnostics if d.code == "E0720"]
    assert error.span.path.endswith("pack.yaml") and "knows 1.1" in error.message


def test_a_deprecation_must_name_a_word_and_free_an_old_one() -> None:
    registry = Registry("test")
    registry.declare("stats", [Stat("armour", "Armour.", "you have +1 armour", text="armour")])
    registry.deprecate("stats", "armor", "armour", "1.1")
    with pytest.raises(ValueError, match="unknown"):
        registry.deprecate("stats", "hp", "health", "1.1")
    with pytest.raises(ValueError, match="must be free"):
        registry.deprecate("stats", "armour", "armour", "1.1")


def test_the_reference_lists_the_deprecated_words() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "reference.md").read_text()
    for old in game_registry("lastlight").deprecations:
        assert f"`{old}`" in page
