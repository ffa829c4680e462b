"""Merging a mod costs work in proportion to the cards it changes (issue 6 item 10).

The work is counted, not timed: the number of lines of ``dsl/packs/merge.py`` executed while
merging a mod that replaces every card of its dependency. Replacing 8 times as many cards
must cost about 8 times as many lines; the old merge rebuilt the list of replaceable ids for
every replacement, so its count grew with the square of the cards.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

from whitedwarf.dsl.packs import merge as merge_module
from whitedwarf.dsl.packs.merge import PackFiles, merge
from whitedwarf.dsl.packs.yamlsource import parse_yaml


def _packs(cards: int) -> list[PackFiles]:
    base = "".join(f"- {{id: t{i}, name: T}}\n" for i in range(cards))
    mod = "".join(f"- {{id: t{i}, name: U, replace: true}}\n" for i in range(cards))
    base_file, _ = parse_yaml(base, Path("base/techs.yaml"), "base/techs.yaml")
    mod_file, _ = parse_yaml(mod, Path("mod/techs.yaml"), "mod/techs.yaml")
    return [
        PackFiles("base", {"techs": (base_file, set())}),
        PackFiles("mod", {"techs": (mod_file, set())}),
    ]


def lines_run(cards: int) -> int:
    """Lines of merge.py executed merging a mod that replaces ``cards`` cards."""
    packs = _packs(cards)
    closure = {"base": frozenset(), "mod": frozenset({"base"})}
    count = 0
    here = merge_module.__file__

    def line(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return line

    def call(frame: FrameType, event: str, arg: Any) -> Any:
        return line if frame.f_code.co_filename == here else None

    sys.settrace(call)
    try:
        content, problems = merge(packs, ["techs"], closure)
    finally:
        sys.settrace(None)
    assert problems == []
    assert [e.data["name"] for e in content.cards["techs"]] == ["U"] * cards
    return count


def test_replacing_n_cards_costs_work_linear_in_n() -> None:
    small, large = lines_run(250), lines_run(2000)
    # Linear work gives a ratio of 8; the quadratic merge gave about 60.
    assert large / small < 12, (small, large)
