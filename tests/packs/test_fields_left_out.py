"""A field left out of a pack, or a structure the engine cannot set up, is told by validate.

Each case is a copy of the base pack with one thing taken away. Before, each validated clean
and then every `play` stopped with an internal error (exit 3) at setup or at the first use of
the missing thing; now validate says what is missing, where, and play refuses the pack
(exit 1) instead of failing inside it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main

#: case -> (file, the text taken out or changed, what replaces it, what validate says); a
#: file of Starlight's pack is named ``starlight/<file>``.
CASES = {
    "no colony ship": (
        "board.yaml",
        "colony_ship:\n  source: invented\n  spaces:\n    - {id: common_a, resource: common}\n"
        "    - {id: common_b, resource: common}\n    - {id: uncommon, resource: uncommon}\n"
        "    - {id: rare, resource: rare}\n",
        "",
        "board.yaml:18:1: error[E0603]: the file needs `colony_ship`",
    ),
    "no common space": (
        "board.yaml",
        "    - {id: common_a, resource: common}\n    - {id: common_b, resource: common}\n",
        "    - {id: common_a, resource: uncommon}\n    - {id: common_b, resource: uncommon}\n",
        "board.yaml:107:3: error[E0903]: the colony ship has no common space",
    ),
    "a resource missing from the box": (
        "supply.yaml",
        "  uncommon: 15\n",
        "",
        "supply.yaml:10:1: error[E0603]: `resources` needs `uncommon`",
    ),
    "a Starlight setup number missing": (
        "starlight/setup.yaml",
        "cores_pool: 3\n",
        "",
        "setup.yaml:5:1: error[E0603]: the file needs `cores_pool`",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_field_left_out_is_told_by_validate_not_an_internal_error_in_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    file, old, new, said = CASES[case]
    game, _, file = file.rpartition("/")
    game = game or "lastlight"
    monkeypatch.chdir(tmp_path)
    shutil.copytree(bundled_pack(game), tmp_path / game)
    path = tmp_path / game / file
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")
    result = CliRunner().invoke(main, ["validate", game, "--no-cache"])
    assert result.exit_code == 1 and f"{game}/{said}" in result.output, result.output
    played = CliRunner().invoke(main, ["play", "--pack", game, "--seats", "random,random"])
    assert played.exit_code == 1 and "internal error" not in played.output, played.output
