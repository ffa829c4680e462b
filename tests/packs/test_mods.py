"""Mod packs: add, replace and remove cards; load order; the loaded pack's shape."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from whitedwarf.dsl.packs.loader import load_packs

from .corpus import FIXTURES, SHARED


def test_a_mod_adds_replaces_and_removes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "valid_mod")
    result = load_packs(["mod"], [SHARED], bundled=False)
    assert result.diagnostics == []
    pack = result.pack
    ids = [card["id"] for card in pack.data["techs"]]
    assert ids == ["warp_drive", "archive", "beacon"]  # a replacement keeps its place
    assert pack.data["techs"][1]["name"] == "Archive Mk II"
    assert "replace" not in pack.data["techs"][1]
    assert set(pack.compiled["techs"]) == {"warp_drive", "archive", "beacon"}
    assert [p.id for p in pack.packs] == ["mini", "mod"]
    assert pack.game == "lastlight" and len(pack.content_hash) == 64


def test_one_folder_may_be_given_alone_as_a_str_or_a_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # A str is iterable: read as a list it named a pack folder per letter ("no pack.yaml in
    # 'm'", 'o', 'd'), burying what the caller meant.
    monkeypatch.chdir(FIXTURES / "valid_mod")
    listed = load_packs(["mod"], [SHARED], bundled=False)
    for folder, search in (("mod", str(SHARED)), (Path("mod"), SHARED)):
        alone = load_packs(folder, search, bundled=False)
        assert alone.diagnostics == []
        assert alone.pack.content_hash == listed.pack.content_hash
        assert [p.id for p in alone.pack.packs] == ["mini", "mod"]


def test_the_engines_take_one_pack_folder_alone() -> None:
    from whitedwarf.content import bundled_pack
    from whitedwarf.interpreter.lastlight.packs import load_game_content
    from whitedwarf.interpreter.starlight.content import load_content

    folder = str(bundled_pack("lastlight"))
    assert load_game_content(folder).digest() == load_game_content([folder]).digest()
    starlight = bundled_pack("starlight")
    assert load_content(starlight).digest == load_content([starlight]).digest


def test_load_order_is_dependencies_first_then_by_id(tmp_path: Path) -> None:
    for name, deps in (("zeta", "{mini: '*'}"), ("alpha", "{zeta: '*'}"), ("beta", "{mini: '*'}")):
        folder = tmp_path / name
        folder.mkdir()
        manifest = f"id: {name}\nname: {name}\nversion: 1.0.0\ngame: lastlight\ndepends: {deps}\n"
        (folder / "pack.yaml").write_text(manifest)
    result = load_packs([tmp_path / "alpha", tmp_path / "beta"], [SHARED], bundled=False)
    assert result.errors == []
    assert [p.id for p in result.pack.packs] == ["mini", "beta", "zeta", "alpha"]


def test_a_mod_that_depends_on_another_may_override_it(tmp_path: Path) -> None:
    for name, deps, techs in (
        ("first", "{mini: '*'}", "- {id: archive, remove: true}\n"),
        ("second", "{first: '*'}", "- {id: warp_drive, remove: true}\n"),
    ):
        folder = tmp_path / name
        folder.mkdir()
        manifest = f"id: {name}\nname: {name}\nversion: 1.0.0\ngame: lastlight\ndepends: {deps}\n"
        (folder / "pack.yaml").write_text(manifest + "allow: [W0902]\n")
        (folder / "techs.yaml").write_text(techs)
    result = load_packs([tmp_path / "second"], [SHARED], bundled=False)
    assert result.errors == []
    assert [c["id"] for c in result.pack.data["techs"]] == ["x_blaster"]


def test_the_content_hash_changes_with_the_content(tmp_path: Path) -> None:
    copy = tmp_path / "mini"
    shutil.copytree(SHARED / "mini", copy)
    before = load_packs([copy], bundled=False).pack.content_hash
    (copy / "planets.yaml").write_text(
        (copy / "planets.yaml").read_text().replace("Glacis", "Glacier")
    )
    after = load_packs([copy], bundled=False).pack.content_hash
    assert before != after


def test_the_data_hash_follows_the_content_not_the_layout(tmp_path: Path) -> None:
    """A comment changes the file digests (which key learned values and caches) but not the
    digest of the merged data a save records; a changed value changes both."""
    copy = tmp_path / "mini"
    shutil.copytree(SHARED / "mini", copy)
    first = load_packs([copy], bundled=False).pack
    planets = copy / "planets.yaml"
    planets.write_text("# a note\n" + planets.read_text())
    commented = load_packs([copy], bundled=False).pack
    assert commented.content_hash != first.content_hash
    assert commented.data_hash == first.data_hash and len(first.data_hash) == 64
    planets.write_text(planets.read_text().replace("Glacis", "Glacier"))
    renamed = load_packs([copy], bundled=False).pack
    assert renamed.data_hash != first.data_hash


def test_a_symlink_out_of_the_pack_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "packs" / "mini"
    shutil.copytree(SHARED / "mini", copy)
    secret = tmp_path / "secret.yaml"
    secret.write_text("- {id: dusk, name: Dusk, colour: red, source: invented}\n")
    (copy / "planets.yaml").unlink()
    (copy / "planets.yaml").symlink_to(secret)
    result = load_packs([copy], bundled=False)
    assert [d.code for d in result.errors] == ["E0507"]


def test_a_missing_pack_yaml_is_located(tmp_path: Path) -> None:
    result = load_packs([tmp_path], bundled=False)
    assert [d.code for d in result.diagnostics] == ["E0701"]


def test_packs_of_two_games_cannot_load_together(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from whitedwarf.dsl.packs import games, manifest, resolve

    other = tmp_path / "other"
    other.mkdir()
    (other / "pack.yaml").write_text("id: other\nname: O\nversion: 1.0.0\ngame: lastlight\n")
    real = manifest.read_manifest

    def starlight(folder, limits=None):
        found, problems = real(folder)
        if found is not None and found.id == "other":
            found.game = "starlight"
        return found, problems

    monkeypatch.setattr(resolve, "read_manifest", starlight)
    lastlight = games.installed_games()["lastlight"]
    monkeypatch.setitem(games.installed_games(), "starlight", lastlight)
    result = load_packs([SHARED / "mini", other], bundled=False)
    assert "E0707" in [d.code for d in result.errors]


def test_too_many_cards_in_one_file_is_a_located_error(tmp_path: Path) -> None:
    from whitedwarf.dsl.packs.limits import Limits
    from whitedwarf.dsl.packs.loader import load_packs as load

    pack = tmp_path / "many"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: many\nname: Many\nversion: 1.0.0\ngame: lastlight\ndepends: {lastlight: '>=1.0'}\n"
    )
    cards = "".join(
        f"- id: t{i}\n  name: T{i}\n  kind: ship_mod\n  cost: {{common: 1}}\n"
        f"  source: invented\n  effect: this ship type has +1 attack\n"
        for i in range(4)
    )
    (pack / "techs.yaml").write_text(cards)
    result = load([pack], limits=Limits(cards=3))
    codes = [(d.code, d.span.line if d.span else None) for d in result.errors]
    assert ("E0512", 19) in codes


def test_a_partial_replacement_says_replace_takes_the_whole_card(tmp_path: Path) -> None:
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {mini: '*'}\n"
    )
    (mod / "techs.yaml").write_text("- {id: archive, replace: true, cost: {common: 1}}\n")
    result = load_packs([mod], [SHARED], bundled=False)
    missing = [d for d in result.errors if d.code == "E0603"]
    assert {d.message for d in missing} >= {"this tech needs `name`", "this tech needs `effect`"}
    assert all(d.hint and "`replace: true` puts this whole card" in d.hint for d in missing)
