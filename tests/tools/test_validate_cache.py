"""The validate report cache answers only when nothing the check read has changed."""

import shutil
from pathlib import Path

from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main


def validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *args])
    return result.exit_code, result.output


def copy_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "packs" / "lastlight"
    shutil.copytree(bundled_pack("lastlight"), pack)
    return pack


def test_a_repeated_check_reuses_the_report(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    pack = copy_pack(tmp_path)
    first = validate(str(pack))
    assert first[0] == 0
    assert list((tmp_path / "cache").glob("*.json")), "the report was not cached"
    assert validate(str(pack)) == first


def test_an_edited_card_is_checked_again(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    pack = copy_pack(tmp_path)
    assert validate(str(pack))[0] == 0
    techs = pack / "techs.yaml"
    techs.write_text(techs.read_text().replace("+1 attack", "+1 atack", 1))
    code, out = validate(str(pack))
    assert code == 1 and "did you mean `attack`?" in out


def test_a_new_file_in_the_pack_is_noticed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    pack = copy_pack(tmp_path)
    assert "0 warnings" in validate(str(pack))[1]
    (pack / "notes.yaml").write_text("- id: stray\n")
    assert "W0501" in validate(str(pack))[1]


def test_no_cache_and_off_switch_write_nothing(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", "off")
    pack = copy_pack(tmp_path)
    assert validate(str(pack))[0] == 0
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    assert validate("--no-cache", str(pack))[0] == 0
    assert validate(str(pack))[0] == 0
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1


def test_a_fixed_yaml_syntax_error_is_checked_again(tmp_path: Path, monkeypatch) -> None:
    """Issue 6 item 5: a file that failed to parse must still be watched by the cache."""
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    pack = copy_pack(tmp_path)
    planets = pack / "planets.yaml"
    good = planets.read_text()
    planets.write_text(good + "- {id: broken, name: [unclosed\n")
    code, out = validate(str(pack))
    assert code == 1 and "E0501" in out
    planets.write_text(good)
    assert validate(str(pack)) == (0, validate("--no-cache", str(pack))[1])


def test_an_edited_third_party_game_is_checked_again(tmp_path: Path, monkeypatch) -> None:
    """A game installed through the entry point (here an editable one, as a game's author
    has it) decides the report as much as the pack does: editing its vocabulary must not
    leave the old report in the cache."""
    import sys
    from importlib.metadata import EntryPoint

    from whitedwarf.dsl.packs import games

    import tests.dsl.tiny_game as tiny

    game_folder = tmp_path / "site" / "beangame"
    game_folder.mkdir(parents=True)
    for name in ("__init__.py", "engine.py"):
        shutil.copy(Path(tiny.__file__).with_name(name), game_folder / name)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    real = games.entry_points

    def with_beans(group: str):  # as pip would register the game
        beans = EntryPoint("tiny", "beangame:GAME", games.GROUP)
        return [*real(group=group), beans] if group == games.GROUP else real(group=group)

    monkeypatch.setattr(games, "entry_points", with_beans)
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    pack = tmp_path / "packs" / "garden"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: garden\nname: Garden\nversion: 1.0.0\ngame: tiny\n")
    (pack / "spells.yaml").write_text(
        "- id: rain\n  name: Rain\n  source: invented\n  effect: when dawn -> sow 9 bean\n"
    )

    def fresh_validate() -> tuple[int, str]:  # a new process: the game imported anew
        for module in [m for m in sys.modules if m.split(".")[0] == "beangame"]:
            del sys.modules[module]
        games.forget()
        return validate(str(pack))

    try:
        code, out = fresh_validate()
        assert code == 1 and "spells.yaml:4:" in out  # 9 is over the verb's range 1-5
        source = game_folder / "__init__.py"
        source.write_text(source.read_text().replace("Range(1, 5)", "Range(1, 10)"))
        assert fresh_validate()[0] == 0
    finally:
        monkeypatch.undo()
        games.forget()


def test_a_sibling_given_the_id_a_mod_asks_for_is_found(tmp_path: Path, monkeypatch) -> None:
    """A mod of a mod: the dependency's folder is `base`, its `id:` a typo. Fixing the id
    edits only the sibling's pack.yaml, which the mod's check read but did not watch, so the
    cached "cannot find the pack" was printed again."""
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "packs").mkdir()  # the cache's folder is no sibling: its listing would change
    monkeypatch.chdir(tmp_path / "packs")
    assert CliRunner().invoke(main, ["new", "pack", "base", "--empty"]).exit_code == 0
    assert CliRunner().invoke(main, ["new", "pack", "mod", "--empty"]).exit_code == 0
    manifest = Path("mod/pack.yaml")
    manifest.write_text(manifest.read_text().replace('lastlight: ">=1.0,<2"', 'base: "*"'))
    base = Path("base/pack.yaml")
    base.write_text(base.read_text().replace("id: base", "id: bsae"))
    code, out = validate("mod")
    assert code == 1 and "cannot find the pack `base` that mod depends on" in out
    base.write_text(base.read_text().replace("id: bsae", "id: base"))
    code, out = validate("mod")
    assert code == 0 and "checked lastlight 1.0.0, base 0.1.0, mod 0.1.0" in out, out
