"""A newcomer's mistakes in a mod, made as docs/packs.md tells them to make a mod.

Each mod is started with `whitedwarf new pack` in a fresh folder that is the current
directory, so the output is what the user sees, and compared with docs/diagnostics.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

from .test_doc_examples import PAGE, validate


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new_mod(folder: str, depends: str = 'lastlight: ">=1.0,<2"') -> Path:
    """`whitedwarf new pack FOLDER --empty`, then its dependency written as the user would."""
    assert CliRunner().invoke(main, ["new", "pack", folder, "--empty"]).exit_code == 0
    manifest = Path(folder) / "pack.yaml"
    text = manifest.read_text("utf-8").replace('lastlight: ">=1.0,<2"', depends)
    manifest.write_text(text)
    return Path(folder)


def page_block(headline_start: str) -> str:
    """The example block of docs/diagnostics.md starting with ``headline_start``."""
    start = PAGE.index(headline_start)
    return PAGE[start : PAGE.index("\n```", start)]


def test_a_mistyped_dependency_is_the_one_error_not_one_per_changed_card(here: Path) -> None:
    mod = new_mod("mod", 'lastlite: ">=1.0,<2"')
    (mod / "techs.yaml").write_text("- {id: x_blaster, remove: true}\n")
    (mod / "factions.yaml").write_text("- {id: zhur, remove: true}\n")
    out = validate("mod")
    assert "error[E0703]: cannot find the pack `lastlite` that mod depends on" in out
    assert "did you mean `lastlight`?" in out
    assert "E0804" not in out and "E0802" not in out
    assert out.rstrip().endswith("1 error, 0 warnings")


def test_a_mod_of_a_mod_cannot_remove_what_its_dependency_removed(here: Path) -> None:
    (new_mod("noblaster") / "techs.yaml").write_text("- {id: x_blaster, remove: true}\n")
    mod = new_mod("mod", 'noblaster: ">=0.1"')
    (mod / "techs.yaml").write_text(
        "- {id: x_blaster, remove: true}\n"
        "- {id: warp_drive, remove: true}\n"
        "- {id: warp_drive, remove: true}\n"
    )
    out = validate("mod")
    assert page_block("mod/techs.yaml:1:8: error[E0802]: cannot remove `x_blaster`") in out
    assert page_block("mod/techs.yaml:3:8: error[E0901]: mod changes `warp_drive` twice") in out
    # `new pack` writes its `allow: [W0902]` off (E166): the removal's box count is told.
    assert "warning[W0902]: the technology cards add up to" in out
    assert out.rstrip().endswith("2 errors, 1 warning")


def test_two_replacements_of_one_card_in_one_mod_are_refused(here: Path) -> None:
    mod = new_mod("mod")
    card = (
        "- id: warp_drive\n  replace: true\n  name: Warp Drive\n  kind: ship_ability\n"
        "  cost: {common: 1}\n  source: invented\n  effect: this ship type has +1 attack\n"
    )
    (mod / "techs.yaml").write_text(card + card.replace("common: 1", "common: 2"))
    out = validate("mod")
    assert "mod/techs.yaml:8:7: error[E0901]: mod changes `warp_drive` twice (replace here, " in out
    assert "replace at mod/techs.yaml:1:7)" in out


def test_a_mod_of_a_mod_brings_a_removed_card_back_by_adding_it(here: Path) -> None:
    """docs/packs.md: the whole card again, without `replace: true`."""
    (new_mod("noblaster") / "techs.yaml").write_text("- {id: x_blaster, remove: true}\n")
    mod = new_mod("mod", 'noblaster: ">=0.1"')
    card = (
        "- id: x_blaster\n  name: X Blaster\n  kind: ship_mod\n  cost: {common: 2}\n"
        "  source: invented\n  effect: this ship type has +1 attack\n"
    )
    (mod / "techs.yaml").write_text(
        card.replace("- id: x_blaster\n", "- id: x_blaster\n  replace: true\n")
    )
    out = validate("mod")
    assert "cannot replace `x_blaster`: noblaster removes it (noblaster/techs.yaml:1:8)" in out
    assert "to bring it back, write the whole card without `replace: true`" in out
    (mod / "techs.yaml").write_text(card)
    assert "0 errors" in validate("mod")
    played = CliRunner().invoke(
        main,
        ["play", "--pack", "mod", "--seats", "random,random", "--seed", "3", "--format", "json"],
    )
    assert played.exit_code == 0, played.output


def test_a_new_starlight_privilege_is_told_what_a_mod_may_do_instead(here: Path) -> None:
    args = ["new", "pack", "starmod", "--game", "starlight"]
    assert CliRunner().invoke(main, args).exit_code == 0
    (Path("starmod") / "privileges.yaml").write_text(
        "- id: extra_turn\n  name: Extra Turn\n  source: invented\n  text: Take another turn.\n"
    )
    out = validate("starmod")
    assert "starmod/privileges.yaml:1:7: error[E0605]: `id` is `extra_turn`, not one of:" in out
    assert (
        "= help: the six privileges are rules of 003: a mod replaces one (`replace: true`) "
        "and cannot add another"
    ) in out


def test_a_number_where_a_word_or_a_mapping_goes_is_told_what_to_write(here: Path) -> None:
    """`kind: 3` said only "`kind` is `3`, not one of: ..." with no help line, and `cost: 2`
    "`cost` is resources paid to manufacture it": neither said what to write instead."""
    mod = new_mod("mod")
    (mod / "techs.yaml").write_text(
        "- id: grid\n  name: Grid\n  kind: 3\n  cost: 2\n  source: invented\n"
        "  text: At the start of each round, gain 1 [common].\n"
        "  effect: when round_start -> gain 1 common\n"
    )
    result = CliRunner().invoke(main, ["validate", "mod"])
    assert result.exit_code == 1
    assert (
        "mod/techs.yaml:3:9: error[E0605]: `kind` is `3`, not one of: `civilization`, "
        "`ship_ability`, `ship_mod`"
    ) in result.output
    assert (
        "= help: `kind` is blue civilization, green ship ability, yellow ship mod: write one "
        "of those words, such as `kind: civilization`"
    ) in result.output
    assert "mod/techs.yaml:4:9: error[E0604]: `cost` must be a mapping, not the number 2" in (
        result.output
    )
    assert (
        "= help: `cost` is resources paid to manufacture it, a mapping of common, uncommon, "
        "rare: such as `cost: {common: 2}`"
    ) in result.output


def test_a_copy_of_a_mod_beside_it_is_not_used_for_it(here: Path) -> None:
    """A broken copy `a-mymod/` (id mymod) beside `mymod/` sorted first and was used for a mod
    of `mymod`: its errors were shown and modmod's removal of `mymod_tech` was E0802. Now the
    folder named like the pack is used, and W0701 names the copy."""
    mod = new_mod("mymod")
    (mod / "techs.yaml").write_text(
        "- {id: mymod_tech, name: Mymod Tech, kind: ship_mod, cost: {common: 2}, source: invented,"
        " text: 'This ship type has +1 [attack].', effect: this ship type has +1 attack}\n"
    )
    copy = here / "a-mymod"
    copy.mkdir()
    (copy / "pack.yaml").write_text((mod / "pack.yaml").read_text("utf-8"))
    (copy / "techs.yaml").write_text("- {id: broken\n")
    new_mod("modmod", depends='mymod: ">=0.1"')
    Path("modmod/techs.yaml").write_text("- {id: mymod_tech, remove: true}\n")
    result = CliRunner().invoke(main, ["validate", "modmod"])
    assert result.exit_code == 0, result.output
    assert (
        "warning[W0701]: `mymod` is the pack in mymod, but another folder holds a pack `mymod` "
        "too: a-mymod"
    ) in result.output
    assert "a-mymod/techs.yaml" not in result.output and "E0802" not in result.output
