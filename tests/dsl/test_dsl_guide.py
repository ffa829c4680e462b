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


#: The page's inline claims "`<effect>` is error E0xxx": (the words the page writes, the card
#: kind, the effect that holds them, the code). A reader walking the page tried each one.
INLINE_CLAIMS = [
    ("`you have +1 trades if light < 5` is error E0301", "faction",
     "you have +1 trades if light < 5", "E0301"),
    ("`this ship type has +1 movement` is error E0411", "faction",
     "this ship type has +1 movement", "E0411"),
    ("`you have +1 movement` error E0403", "faction", "you have +1 movement", "E0403"),
    ("`while this planet is red: ...` is error E0411", "faction",
     "while this planet is red: you have +1 trades", "E0411"),
    ("a tech's `when game_start -> ...` never runs (W0414)", "civilization",
     "when game_start -> gain 1 light", "W0414"),
    ("`if a ship is large` is error E0433", "faction",
     "when unit_lost if a ship is large -> gain 1 rare", "E0433"),
    ("`this ship is a ship` is error E0410", "faction",
     "when unit_lost if this ship is a ship -> gain 1 rare", "E0410"),
    ("`this ship is not an extractor` is a syntax", "faction",
     "when unit_lost if this ship is not an extractor -> gain 1 rare", "E0301"),
    ("`when round_start -> destroy a ship of yours here` would never find a ship, so it is "
     "error E0411", "civilization", "when round_start -> destroy a ship of yours here", "E0411"),
    ("(`a ship to your left`), is E0434", "civilization",
     "when round_end -> deal 1 damage to a ship to your left", "E0434"),
    ("(`ships of it` inside `for each enemy ship` is E0434)", "deep_space",
     "for each enemy ship -> deal 1 damage to a ship of it", "E0434"),
    ("`gain 1 light for each planet you control` is error E0409", "deep_space",
     "gain 1 light for each planet you control", "E0409"),
    ("techs_in_play` is error E0405", "deep_space", "gain 1 common per 2 techs_in_play", "E0405"),
    ("Dividing by the number 0 is error E0415", "deep_space", "gain (light / 0) light", "E0415"),
    ("A function other than `min` and `max` is error E0445", "deep_space",
     "gain (avg(light, 2)) light", "E0445"),
    ("one given other than two numbers is error E0446", "deep_space",
     "gain (min(light, 2, 3)) light", "E0446"),
    ("`gain min(2, light) light` is error E0301", "deep_space",
     "gain min(2, light) light", "E0301"),
    ("`light of an opponent` is E0435", "faction",
     "when round_end if light of an opponent > light -> gain 1 common", "E0435"),
    ("(`choose a ship:` is E0423)", "faction", "when game_start -> choose a ship: gain 1 light",
     "E0423"),
    ("`once per turn` is error E0425", "civilization", "activated, once per turn: gain 1 common",
     "E0425"),
    ("N is a plain number from 1 to 10 (E0417 outside)", "civilization",
     "activated, at most 11 times per round: gain 1 common", "E0417"),
    ("`until the end of the game` is error E0426", "civilization",
     "when round_start -> until the end of the game: you have +1 trades", "E0426"),
    ("`your next planet costs 1 less` is error E0427", "civilization",
     "when round_start -> your next planet costs 1 less", "E0427"),
    # the page's table of codes
    ("(`sum(a, b)`); the functions are `min` and `max`", "deep_space",
     "gain (sum(light, 2)) light", "E0445"),
    ("(`min(light)`)", "deep_space", "gain (min(light)) light", "E0446"),
    ("a modifier of `+0` or `repeat 0 times`", "deep_space", "repeat 0 times -> gain 1 light",
     "W0401"),
    ("a modifier of `+0` or `repeat 0 times`", "faction", "you have +0 trades", "W0401"),
    ("(`a enemy ship`: write `an`)", "faction", "when round_end -> destroy a enemy ship", "W0402"),
    ("`if light < 0`, `if round < 1`", "faction", "when round_end if round < 1 -> gain 1 light",
     "W0405"),
    ("(`when a player plays research`)", "faction",
     "when a player plays research -> gain 1 common", "E0432"),
    ("(`when round_end -> steal 1 common from the destroyer`)", "faction",
     "when round_end -> steal 1 common from the destroyer", "E0430"),
]  # fmt: skip

STARLIGHT_CLAIMS = [
    ("plays research` is E0431", "when an opponent plays research -> gain 1 core", "E0431"),
]  # fmt: skip


def _said(words: str) -> bool:
    page = " ".join(GUIDE.read_text(encoding="utf-8").split())
    return " ".join(words.split()) in page


@pytest.mark.parametrize(("said", "kind", "text", "code"), INLINE_CLAIMS)
def test_an_inline_claim_of_the_guide_holds(said, kind, text, code):
    assert _said(said), "the guide no longer says this: update INLINE_CLAIMS"
    _, found = diagnose(text, kind)
    assert code in [d.code for d in found], [d.headline() for d in found]


@pytest.mark.parametrize(("said", "text", "code"), STARLIGHT_CLAIMS)
def test_an_inline_starlight_claim_of_the_guide_holds(said, text, code):
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    assert _said(said), "the guide no longer says this: update STARLIGHT_CLAIMS"
    _, found = compile_effect(EffectSource.standalone(text), starlight(), "god")
    assert code in [d.code for d in found], [d.headline() for d in found]


def test_the_yaml_of_where_effects_live_is_the_bundled_card_and_a_block_that_compiles():
    """The page's first card is the bundled X Blaster as it stands in techs.yaml, and its
    `effect: |` block, read by YAML, is an effect that compiles as written."""
    from ruamel.yaml import YAML
    from whitedwarf.content import bundled_pack

    section = GUIDE.read_text(encoding="utf-8").split("## Where effects live", 1)[1]
    card_block, effect_block = re.findall(r"^```yaml\n(.*?)^```$", section, re.M | re.S)[:2]
    techs = (bundled_pack() / "techs.yaml").read_text(encoding="utf-8")
    assert card_block.split("\n", 1)[1] in techs  # after its `# content/...` comment line
    effect = YAML(typ="safe").load(effect_block)["effect"]
    compiled, found = diagnose(effect, "civilization")
    assert compiled is not None and not found, [d.headline() for d in found]
