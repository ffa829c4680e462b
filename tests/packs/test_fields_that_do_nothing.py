"""Fields a stranger's pack sets that did nothing, each now told at the field with what to
write (or shown where the docs say): the project's standard that every field a pack sets does
something or is refused (docs/packs.md, docs/rules-decisions.md C22)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main

LUMOS = "      - {faction: lumos, sector: centre, ships: {small: 2}}\n"


def validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, result.output


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("ships", ["{}", "{small: 0}", "{small: 0, large: 0}"])
def test_a_lumos_group_without_ships_is_refused(here: Path, ships: str) -> None:
    """`ships: {}` validated clean and placed no Lumos ship: the entry did nothing."""
    shutil.copytree(bundled_pack(), here / "lastlight")
    setups = here / "lastlight" / "setups.yaml"
    text = setups.read_text("utf-8")
    assert text.count(LUMOS) == 1
    setups.write_text(text.replace(LUMOS, LUMOS.replace("{small: 2}", ships)))
    line = text[: text.index(LUMOS)].count("\n") + 1
    code, output = validate("lastlight")
    assert code == 1, output
    assert (
        f"lastlight/setups.yaml:{line}:42: error[E0928]: this Lumos group in `centre` places "
        f"no ship (`ships: {ships}`): it does nothing"
    ) in output, output
    assert "help: give it ships, such as `ships: {small: 2}` (002), or remove the entry" in output
    assert output.endswith("1 error, 0 warnings\n"), output
