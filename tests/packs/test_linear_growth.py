"""Validating a pack costs the same per card whatever its size (issue 7: growth linear in cards).

Work is counted, not timed (the machines are shared): the Python lines a validation runs,
loading and reporting included, counted with a trace function, the same on any machine.
Packs of 68, 136 and 272 cards are built from blocks of the base game's 68 techs
(benchmarks/realistic_pack.py) that all cost the same: the same clean block again and again
under new ids (identical effects are compiled once: this measures everything else), or
blocks whose numbers are all set past their ranges, each block its own numbers (every effect
distinct, parsed, checked and reported). The cards the second doubling adds must cost no
more each than those the first one added: a pass that compared every card with every other
card would cost about twice as much per card there.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.parser import parse
from whitedwarf.tools.validate import render

from benchmarks.realistic_pack import NUMBER, base_techs, card, realistic_cards, write_packs

SIZES = (68, 136, 272)  # one, two and four variants of each of the base game's 68 techs


def lines_run(paths: list[Path]) -> int:
    """How many lines of Python validating ``paths`` runs (a cold effect parse cache)."""
    parse.cache_clear()
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        nonlocal count
        count += event == "line"
        return local

    def global_trace(frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        return local

    sys.settrace(global_trace)
    try:
        result = load_packs(paths)
        render(result, "text")
    finally:
        sys.settrace(None)
    return count


def per_card_costs(make: Callable[[Path, int], list[Path]], tmp: Path) -> tuple[float, float]:
    """Lines per added card over the first doubling of SIZES and over the second."""
    lines_run(make(tmp / "warm", SIZES[0]))  # grammar, schemas and registry built once
    counts = [lines_run(make(tmp / str(n), n)) for n in SIZES]
    first = (counts[1] - counts[0]) / (SIZES[1] - SIZES[0])
    second = (counts[2] - counts[1]) / (SIZES[2] - SIZES[1])
    return first, second


def repeated(folder: Path, cards: int) -> list[Path]:
    """The base game's techs, varied once within their ranges, repeated under new ids."""
    folder.mkdir()
    block = realistic_cards(68)
    techs = base_techs()
    return write_packs(
        folder, [card(techs[i % 68], i, block[i % 68]["effect"]) for i in range(cards)]
    )


def past_ranges(folder: Path, cards: int) -> list[Path]:
    """Block n sets every number of the base game's techs to 100 + n: all distinct, all errors."""
    folder.mkdir()
    techs = base_techs()
    out = []
    for index in range(cards):
        tech = techs[index % 68]
        number = str(100 + index // 68)
        effect = NUMBER.sub(lambda m, n=number: m.group(1) + n, tech["effect"].strip())
        out.append(card(tech, index, effect))
    return write_packs(folder, out)


@pytest.mark.parametrize("make", [repeated, past_ranges], ids=["repeated", "past-ranges"])
def test_each_card_costs_the_same_in_a_bigger_pack(make: Callable, tmp_path: Path) -> None:
    first, second = per_card_costs(make, tmp_path)
    assert first > 0
    assert second <= first * 1.01, f"{first:.0f} lines per card, then {second:.0f}"


def test_the_repeated_pack_is_clean_and_the_other_all_errors(tmp_path: Path) -> None:
    clean = load_packs(repeated(tmp_path / "clean", 136))
    assert [d.code for d in clean.diagnostics] == []
    broken = load_packs(past_ranges(tmp_path / "broken", 136))
    refused = {d.span.line for d in broken.diagnostics if d.code == "E0417" and d.span}
    assert len(refused) > 100  # most cards, each on its own line
