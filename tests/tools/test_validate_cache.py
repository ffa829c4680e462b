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
