"""docs/scenarios.md works as written: each of its Python blocks runs as a stranger would
paste it, and the scenario module's own example (its docstring) holds."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
import whitedwarf.interpreter.lastlight.scenario as scenario

GUIDE = Path(__file__).parents[2] / "docs" / "scenarios.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```$", GUIDE.read_text(encoding="utf-8"), re.M | re.S)


def test_the_guide_has_its_examples() -> None:
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_each_block_of_the_guide_runs_as_written(block: str) -> None:
    exec(compile(block, str(GUIDE), "exec"), {"__name__": "scenario_guide"})


def test_the_module_example_holds() -> None:
    assert doctest.testmod(scenario).failed == 0


def test_every_helper_of_the_module_is_in_the_guide() -> None:
    page = GUIDE.read_text(encoding="utf-8")
    missing = [name for name in scenario.__all__ if f"`{name}" not in page]
    assert missing == []
