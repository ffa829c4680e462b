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


def test_the_guide_says_starlight_reacts_with_its_hook_of_another_players_moment():
    """A designer read the Reactions section and wrote `when another player launches a star`
    in Starlight, which has no acts: the guide names the hook that works there, and it is
    the hook Starlight's registry marks as another player's moment and that compiles."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    page = GUIDE.read_text(encoding="utf-8")
    others = [hook.name for hook in starlight().hooks.values() if hook.others]
    assert others and all(f"`when {name} -> " in page.replace("\n", " ") for name in others)
    written = re.search(r"`(when opponent_launched -> [^`]+)`", page.replace("\n", " "))
    assert written, "the guide shows a whole Starlight reaction"
    source = EffectSource.standalone(written.group(1))
    compiled, found = compile_effect(source, starlight(), "god")
    assert compiled and not found, [d.headline() for d in found]


def test_the_guide_says_remove_takes_an_expression():
    page = GUIDE.read_text(encoding="utf-8").replace("\n  ", " ")
    written = re.search(r"`(remove \([^`]+\) \w+ from this card)`", page)
    assert written, "the guide shows `remove (<expr>) <name> from this card`"
    text = f"when round_start -> put 1 charge on this card\nwhen round_end -> {written.group(1)}"
    compiled, found = diagnose(text, "civilization")
    assert compiled and not found, [d.headline() for d in found]
