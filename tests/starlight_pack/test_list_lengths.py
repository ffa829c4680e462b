"""A list whose length the engine reads as a number is bounded like every number.

`flare_costs` is the Flare pool (one place per cost) and `starbot_star_points` the Starbot
levels (`--option starbot_level` picks one). Neither had a bound: 150,000 flare places
validated clean (a pool of 150,000 places, 35 flares to put in them: the state carried every
empty place through each copy of the game), and so did 500 Starbot levels. Too many is E0607
at the list, with the reason for its bound.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main

CASES = {
    "flare_costs": (
        "flare_costs: [1, 2, 3, 4]",
        "`flare_costs` lists 500 items; the limit is 10",
        '003 "Gain Flares": the pool has four places, one per cost',
    ),
    "starbot_star_points": (
        "starbot_star_points: [1, 2, 3, 4]",
        "`starbot_star_points` lists 500 items; the limit is 10",
        "the base game has four levels, easy to brutal (SL22)",
    ),
}


@pytest.mark.parametrize("field", sorted(CASES))
def test_a_list_too_long_is_told_at_the_list_with_its_bound(tmp_path: Path, field: str) -> None:
    old, message, hint = CASES[field]
    pack = tmp_path / "starlight"
    shutil.copytree(bundled_pack("starlight"), pack)
    setup = pack / "setup.yaml"
    text = setup.read_text("utf-8")
    assert old in text
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith(f"{field}:"))
    setup.write_text(text.replace(old, f"{field}: [{', '.join(['1'] * 500)}]"), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    column = len(field) + 3
    assert f"setup.yaml:{line}:{column}: error[E0607]: {message}\n" in result.output
    assert f"  = help: {hint}\n" in result.output
    assert result.output.endswith("1 error, 0 warnings\n"), result.output


def test_ten_items_are_still_a_valid_list(tmp_path: Path) -> None:
    pack = tmp_path / "starlight"
    shutil.copytree(bundled_pack("starlight"), pack)
    setup = pack / "setup.yaml"
    text = setup.read_text("utf-8")
    ten = "flare_costs: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]"
    setup.write_text(text.replace("flare_costs: [1, 2, 3, 4]", ten), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 0, result.output
