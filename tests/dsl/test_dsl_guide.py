"""docs/dsl.md cannot go stale: its ```effect blocks compile, its error examples print
exactly what the checker prints, and it lists every diagnostic code."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.codes import DSL_CODES
from whitedwarf.dsl.diagnostics import SourceLines, render_all_text, sort_key
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry

GUIDE = Path(__file__).parents[2] / "docs" / "dsl.md"
FENCE = re.compile(r"^```([\w-]*)[ \t]*(\w*)\n(.*?)^```$", re.M | re.S)


def blocks() -> list[tuple[str, str, str, int]]:
    """(info, kind, text, line) of every fenced block of the guide."""
    page = GUIDE.read_text(encoding="utf-8")
    return [
        (m.group(1), m.group(2), m.group(3).rstrip("\n"), page.count("\n", 0, m.start()) + 1)
        for m in FENCE.finditer(page)
    ]


def diagnose(text: str, kind: str):
    return compile_effect(EffectSource.standalone(text), registry(), kind)


@pytest.mark.parametrize(
    ("kind", "text"),
    [pytest.param(k, t, id=f"dsl.md:{n}") for info, k, t, n in blocks() if info == "effect"],
)
def test_effect_blocks_compile(kind, text):
    kinds = [kind] if kind else list(registry().card_kinds)
    results = {k: diagnose(text, k) for k in kinds}
    clean = [k for k, (compiled, found) in results.items() if compiled and not found]
    assert clean, {k: [d.headline() for d in found] for k, (_, found) in results.items()}


def error_examples() -> list:
    found = blocks()
    pairs = []
    for (info, kind, text, line), after in pairwise(found):
        if info == "effect-error":
            assert after[0] == "text", f"dsl.md:{line}: put the printed errors right after"
            pairs.append(pytest.param(kind, text, after[2], id=f"dsl.md:{line}"))
    return pairs


@pytest.mark.parametrize(("kind", "text", "printed"), error_examples())
def test_error_examples_print_what_the_checker_prints(kind, text, printed):
    compiled, diagnostics = diagnose(text, kind)
    assert compiled is None
    rendered = render_all_text(sorted(diagnostics, key=sort_key), SourceLines({"<effect>": text}))
    assert rendered == printed


def warning_examples() -> list:
    """``effect-warning`` blocks: effects that compile, with the warnings printed after."""
    found = blocks()
    pairs = []
    for (info, kind, text, line), after in pairwise(found):
        if info == "effect-warning":
            assert after[0] == "text", f"dsl.md:{line}: put the printed warnings right after"
            pairs.append(pytest.param(kind, text, after[2], id=f"dsl.md:{line}"))
    return pairs


@pytest.mark.parametrize(("kind", "text", "printed"), warning_examples())
def test_warning_examples_print_what_the_checker_prints(kind, text, printed):
    compiled, diagnostics = diagnose(text, kind)
    assert compiled is not None and diagnostics
    rendered = render_all_text(sorted(diagnostics, key=sort_key), SourceLines({"<effect>": text}))
    assert rendered == printed


def test_every_code_is_explained():
    page = GUIDE.read_text(encoding="utf-8")
    assert all(f"| {code} |" in page for code in set(DSL_CODES))


def test_every_card_kind_has_an_example():
    kinds = {kind for info, kind, _, _ in blocks() if info == "effect"}
    assert set(registry().card_kinds) <= kinds
