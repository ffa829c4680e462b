"""docs/scenarios.md's Starlight part works as written: each of its Python blocks runs as a
stranger would paste it, every helper of the module is in the guide, and the module's own
example (its docstring) holds."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
import whitedwarf.interpreter.starlight.scenario as scenario

GUIDE = Path(__file__).parents[2] / "docs" / "scenarios.md"
PAGE = GUIDE.read_text(encoding="utf-8")
BLOCKS = [
    block
    for block in re.findall(r"^```python\n(.*?)^```$", PAGE, re.M | re.S)
    if "whitedwarf.interpreter.starlight.scenario" in block
]


def test_the_guide_has_three_worked_rules_of_003() -> None:
    assert len(BLOCKS) >= 3
    assert len(re.findall(r'^### .*\(003 "', PAGE, re.M)) >= 3


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_each_starlight_block_of_the_guide_runs_as_written(block: str) -> None:
    exec(compile(block, str(GUIDE), "exec"), {"__name__": "scenario_guide"})


def test_the_module_example_holds() -> None:
    assert doctest.testmod(scenario).failed == 0


def test_every_helper_of_the_module_is_in_the_guide() -> None:
    part = PAGE[PAGE.index("## Starlight") :]
    missing = [name for name in scenario.__all__ if f"`{name}" not in part]
    assert missing == []
