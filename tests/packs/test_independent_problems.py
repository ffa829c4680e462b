"""Every independent problem of a card in one run, and no refused value feeding a later check.

DESIGN principle 2 asks for all problems in one run. The schema refuses values, not whole
cards: a card whose `copies` is refused still has its effect parsed and checked, and the
refused `copies` is not summed into the box-count warning (W0902).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.diagnostics import Diagnostic, SourceLines, render_all_text
from whitedwarf.dsl.packs.loader import LoadResult, load_packs
from whitedwarf.tools.cli import main

from .corpus import FIXTURES, SHARED


def test_a_refused_copies_leaves_the_effect_checked_and_out_of_the_box_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(bundled_pack(), tmp_path / "lastlight")
    techs = tmp_path / "lastlight" / "techs.yaml"
    text = techs.read_text("utf-8")
    text = text.replace("  copies: 3\n", "  copies: 1000000000000\n", 1)
    text = text.replace("has +1 attack\n", "has +1000000000 attack\n", 1)
    techs.write_text(text, "utf-8")
    result = CliRunner().invoke(main, ["validate", "lastlight", "--no-cache"])
    assert result.exit_code == 1, result.output
    assert result.output.endswith("2 errors, 0 warnings\n"), result.output
    assert re.search(
        r"^lastlight/techs\.yaml:22:11: error\[E0606\]: `copies` is 1000000000000, out of "
        r"range: it must be 1 to 10\n(.*\n){3}  = help: the base game prints at most 3 copies",
        result.output,
        re.M,
    ), result.output
    assert re.search(
        r"^lastlight/techs\.yaml:25:30: error\[E0417\]: \+1000000000 is out of range for a "
        r"change of `attack`: it must be -3 to \+5\n(.*\n){3}  = help: ",
        result.output,
        re.M,
    ), result.output
    assert "W0902" not in result.output and "1000000000083" not in result.output


def _load_case(name: str, monkeypatch: pytest.MonkeyPatch) -> LoadResult:
    case = FIXTURES / name
    monkeypatch.chdir(case)
    return load_packs([Path("mod")], [SHARED], bundled=False)


def test_each_problem_of_a_hostile_mod_is_located_with_its_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tests/fixtures/packs/independent_problems: nine problems on three cards, one run."""
    result = _load_case("independent_problems", monkeypatch)
    found = {(d.span.line, d.span.column, d.code): d.hint for d in result.diagnostics if d.span}
    assert found == {
        (4, 12, "E0605"): "write `replace: true`",  # replace: yes (and no E0801)
        (9, 33, "E0403"): "did you mean `attack`?",  # the replacement's effect, still checked
        (10, 7, "E0604"): "`id` is the card's id, unique among cards of its kind",  # id: 7
        (15, 51, "E0409"): "did you mean `light`?",  # the effect of the card with id 7
        (19, 21, "E0602"): "the fields are: common, uncommon, rare",
        (20, 11, "E0606"): "the base game prints at most 3 copies of a card",
        (21, 11, "E0605"): "did you mean `invented`?",  # and no W0430 for its text
        (23, 11, "E0601"): "warning codes look like W0901; docs/diagnostics.md lists them",
        (24, 30, "E0417"): "a large ship rolls 3 dice; +5 more is already a different game",
    }
    assert {d.span.path for d in result.diagnostics if d.span} == {"mod/techs.yaml"}
    assert result.pack is None


def _mini_copy(tmp_path: Path, edits: dict[str, list[tuple[str, str]]]) -> Path:
    pack = tmp_path / "mini"
    shutil.copytree(SHARED / "mini", pack)
    for name, replacements in edits.items():
        path = pack / name
        text = path.read_text("utf-8")
        for old, new in replacements:
            assert old in text, old
            text = text.replace(old, new, 1)
        path.write_text(text, "utf-8")
    return pack


def test_refused_ids_references_and_box_counts_start_no_second_diagnostic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _mini_copy(
        tmp_path,
        {
            "board.yaml": [
                ("{id: inner_3, slot: 3}", "{id: Inner 3, slot: 3}\n      - {id: Inner 3, slot: 3}")
            ],
            "setups.yaml": [
                ("white_dwarf: centre", "white_dwarf: The Centre"),
                ("deep_space: [inner_2]", "deep_space: [inner_9]"),
            ],
            "supply.yaml": [("tech_cards: 3", "tech_cards: 100000")],
        },
    )
    result = load_packs([Path("mini")], bundled=False)
    found = sorted((d.span.path, d.span.line, d.code) for d in result.diagnostics if d.span)
    assert found == [
        ("mini/board.yaml", 19, "E0601"),
        ("mini/board.yaml", 20, "E0601"),  # no E0901 "two sectors have the id `Inner 3`"
        ("mini/setups.yaml", 4, "E0601"),  # no E0902 "there is no sector `The Centre`"
        ("mini/setups.yaml", 9, "E0902"),  # an independent bad reference is still found
        ("mini/supply.yaml", 3, "E0606"),  # no W0902 "the box has 100000"
    ]


# -- a card with any mix of broken fields ---------------------------------------------------

CARD = """\
- id: x_blaster
  name: X Blaster
  kind: ship_mod
  cost: {common: 2}
  source: rulebook
  effect: this ship type has +1 attack
"""
#: field -> ways to break it: (the line written instead, or None to delete it; the code).
BREAKS: dict[str, list[tuple[str | None, str]]] = {
    "id": [("id: 7", "E0604"), ("id: X-Blaster", "E0601")],
    "name": [("name: [X, Blaster]", "E0604")],
    "kind": [("kind: ship_mood", "E0605")],
    "cost": [("cost: {common: 2, gold: 1}", "E0602"), ("cost: {common: 1000}", "E0606")],
    "copies": [
        ("copies: 1000000000000", "E0606"),
        ("copies: two", "E0604"),
        ("copies: !!python/object/apply:os.system [ls]", "E0503"),
    ],
    "source": [("source: printed", "E0605"), (None, "E0603")],
    "allow": [("allow: [X1]", "E0601")],
    "colour": [("colour: red", "E0602")],
    "effect": [
        ("effect: this ship type has +1000000000 attack", "E0417"),
        ("effect: this ship type has +1 atack", "E0403"),
        ("effect: 7", "E0604"),
        ("effect: this ship type has +1", "E0301"),
    ],
}
#: Every effect break above is wrong under any card kind, so each is reported even while
#: `kind` is refused (the effect is then checked against every kind a tech may have).


@st.composite
def broken_cards(draw: st.DrawFn) -> tuple[str, dict[str, str]]:
    """The card with a random non-empty set of fields broken; field -> expected code."""
    fields = draw(st.sets(st.sampled_from(sorted(BREAKS)), min_size=1))
    lines = {line.split(":")[0].strip("- "): line for line in CARD.splitlines()}
    expected = {}
    for name in fields:
        replacement, code = draw(st.sampled_from(BREAKS[name]))
        expected[name] = code
        if replacement is None:
            del lines[name]
        else:
            prefix = "- " if name == "id" else "  "
            lines[name] = prefix + replacement
    return "\n".join(lines.values()) + "\n", expected


def _line_of(text: str, name: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip("- ").startswith(f"{name}:"):
            return number
    return 1  # a missing field is reported at the card


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(card=broken_cards())
def test_each_broken_field_of_a_card_is_reported_once_in_one_run(
    tmp_path: Path, card: tuple[str, dict[str, str]]
) -> None:
    text, expected = card
    pack = tmp_path / "mini"
    if not pack.exists():
        shutil.copytree(SHARED / "mini", pack)
    techs = pack / "techs.yaml"
    original = (SHARED / "mini" / "techs.yaml").read_text("utf-8")
    techs.write_text(original.replace(CARD, text, 1), "utf-8")
    result = load_packs([pack], bundled=False)  # never raises
    rendered = render_all_text(result.diagnostics, SourceLines(result.sources))
    assert "Traceback" not in rendered
    card_start = original.splitlines().index("- id: x_blaster") + 1
    want = sorted((card_start - 1 + _line_of(text, name), code) for name, code in expected.items())
    got = sorted((d.span.line, d.code) for d in result.diagnostics if _located(d))
    assert got == want, rendered
    assert all(_located(d) for d in result.diagnostics), rendered
    assert result.pack is None


def _located(diagnostic: Diagnostic) -> bool:
    span = diagnostic.span
    return span is not None and span.path.endswith("techs.yaml") and span.line >= 1


@pytest.mark.parametrize("allow", ["", "  allow: [W0401]\n", "  allow: [W0999]\n"])
def test_a_card_that_could_not_be_merged_keeps_its_allow_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, allow: str
) -> None:
    """A card whose id is refused is not merged, but its effect's warnings are still found
    and its own `allow` still silences them (or is itself checked, W0903)."""
    monkeypatch.chdir(tmp_path)
    card = "- id: 7\n  name: Seven\n  kind: ship_mod\n  cost: {common: 1}\n  source: invented\n"
    card += allow + "  effect: this ship type has +0 attack\n"
    pack = _mini_copy(tmp_path, {})
    (pack / "techs.yaml").write_text((pack / "techs.yaml").read_text("utf-8") + card, "utf-8")
    result = load_packs([Path("mini")], bundled=False)
    codes = sorted(d.code for d in result.diagnostics)
    assert (
        codes
        == {
            "": ["E0604", "W0401"],
            "  allow: [W0401]\n": ["E0604"],
            "  allow: [W0999]\n": ["E0604", "W0401", "W0903"],
        }[allow]
    )


BOARD_BREAKS = {
    "bad YAML": ("{id: inner_0, slot: 0}", "{id: inner_0, slot: 0, x: [", [(17, "E0501")]),
    "rings not a list": ("rings:\n", "rings: 5\nold_rings:\n", [(6, "E0604"), (7, "E0602")]),
    "an id not text": ("{id: inner_0, slot: 0}", "{id: {x: 1}, slot: 0}", [(16, "E0604")]),
    "an id misspelt": ("{id: inner_0, slot: 0}", "{id: Inner 0, slot: 0}", [(16, "E0601")]),
}


@pytest.mark.parametrize("case", sorted(BOARD_BREAKS))
def test_references_into_sectors_the_board_could_not_give_are_not_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """setups.yaml names sectors of board.yaml: while the board's sectors are refused (or
    unreadable) a reference cannot be checked, so there is no E0902 for each of the eight
    references; a reference that names no sector even spelt as the refused id still is."""
    monkeypatch.chdir(tmp_path)
    old, new, board = BOARD_BREAKS[case]
    _mini_copy(
        tmp_path,
        {"board.yaml": [(old, new)], "setups.yaml": [("deep_space: [inner_2]", "deep_space: [x]")]},
    )
    result = load_packs([Path("mini")], bundled=False)
    found = sorted((d.span.path, d.span.line, d.code) for d in result.diagnostics if d.span)
    expected = [("mini/board.yaml", line, code) for line, code in board]
    if case == "an id misspelt":  # the sectors are known: only `x` names none of them
        expected.append(("mini/setups.yaml", 9, "E0902"))
    assert found == sorted(expected)


def test_box_counts_are_not_warned_about_while_supply_yaml_cannot_be_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The box counts live in supply.yaml: bad YAML there is one error, not one W0902 per
    kind of card measured against the base game's defaults."""
    monkeypatch.chdir(tmp_path)
    _mini_copy(tmp_path, {"supply.yaml": [("tech_cards: 3", "tech_cards: [3")]})
    result = load_packs([Path("mini")], bundled=False)
    assert [(d.span.path, d.code) for d in result.diagnostics if d.span] == [
        ("mini/supply.yaml", "E0501")
    ]


def test_an_unknown_manifest_field_does_not_hide_the_cards_problems(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before, a pack.yaml with a field it does not have (a homepage) stopped the run there:
    # the designer fixed it, ran `validate` again and only then saw the cards' errors.
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "pack", "mymod"]).exit_code == 0
    manifest = tmp_path / "mymod" / "pack.yaml"
    manifest.write_text(manifest.read_text("utf-8") + "homepage: https://example.org\n", "utf-8")
    techs = tmp_path / "mymod" / "techs.yaml"
    techs.write_text(techs.read_text("utf-8").replace("{common: 2}", "{common: 2, gold: 1}"))
    result = CliRunner().invoke(main, ["validate", "mymod", "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "mymod/pack.yaml:13:1: error[E0602]: `homepage` is not a field of the file" in (
        result.output
    )
    assert re.search(r"^mymod/techs\.yaml:\d+:\d+: error\[E0602\]: `gold` is not a field of "
                     r"`cost`", result.output, re.M), result.output  # fmt: skip
    assert result.output.endswith("2 errors, 0 warnings\n"), result.output


KIND_CARD = """\
- id: x_probe
  name: X Probe
{kind}  cost: {{common: 1}}
  source: invented
  effect: {effect}
"""


@pytest.mark.parametrize("kind", ["  kind: ship_modd\n", "", "  kind: [ship_mod]\n"])
def test_an_unknown_card_kind_still_has_its_effect_words_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """A tech whose `kind` is misspelt, missing or not text: the words of its effect are
    wrong whatever kind it is meant to be (`atack` is no stat of any), so the one run says
    so beside the kind's own error; before, the designer fixed the kind and only then met
    the effect's errors."""
    monkeypatch.chdir(tmp_path)
    pack = _mini_copy(tmp_path, {})
    card = KIND_CARD.format(kind=kind, effect="this ship type has +1 atack")
    (pack / "techs.yaml").write_text((pack / "techs.yaml").read_text("utf-8") + card, "utf-8")
    result = load_packs([Path("mini")], bundled=False)
    start = (pack / "techs.yaml").read_text("utf-8").splitlines().index("- id: x_probe") + 1
    errors = [d for d in result.diagnostics if d.is_error and d.span]
    found = sorted((d.span.line - start, d.code) for d in errors if d.span)
    kind_error = (2, "E0605") if kind else (0, "E0603")
    effect_line = 5 if kind else 4
    assert sorted([kind_error, (effect_line, "E0403")]) == found
    assert [d.hint for d in errors if d.code == "E0403"] == ["did you mean `attack`?"]


def test_an_unknown_card_kind_reports_only_what_is_wrong_under_every_kind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`this ship type` is fine on a ship mod and wrong on a civilization tech: with the
    kind unknown it is not said to be wrong (the designer may mean a ship mod); a word no
    kind knows still is."""
    monkeypatch.chdir(tmp_path)
    pack = _mini_copy(tmp_path, {})
    card = KIND_CARD.format(kind="  kind: ship_modd\n", effect="this ship type has +1 attack")
    (pack / "techs.yaml").write_text((pack / "techs.yaml").read_text("utf-8") + card, "utf-8")
    result = load_packs([Path("mini")], bundled=False)
    assert [d.code for d in result.diagnostics if d.is_error] == ["E0605"]


#: A slip a designer makes, and the start of the help every such error now gives.
HINTLESS = {
    "replace: yes": (
        "  kind: ship_mod\n",
        "  replace: yes\n  kind: ship_mod\n",
        "write `replace: true`",
    ),
    "id not a word": ("- id: x_probe\n", "- id: X-Probe\n", "write `x_probe`"),
}


@pytest.mark.parametrize("case", sorted(HINTLESS))
def test_a_schema_error_says_how_to_fix_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """Errors whose help line was missing: a const refused (`replace: yes`), an id that is
    not lower-case words; each now says what to write."""
    monkeypatch.chdir(tmp_path)
    pack = _mini_copy(tmp_path, {})
    old, new, hint = HINTLESS[case]
    card = KIND_CARD.format(kind="  kind: ship_mod\n", effect="this ship type has +1 attack")
    (pack / "techs.yaml").write_text(
        (pack / "techs.yaml").read_text("utf-8") + card.replace(old, new), "utf-8"
    )
    errors = [d for d in load_packs([Path("mini")], bundled=False).diagnostics if d.is_error]
    assert errors and all(d.hint for d in errors), errors
    assert any(d.hint and d.hint.startswith(hint) for d in errors), errors


def test_a_planetary_field_on_a_deep_space_token_and_one_missing_say_what_to_write(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tests/fixtures/packs/schema_exploration: `tier` on a deep space token, and a planetary
    token without `tier` and `resource`: each error has its help line."""
    result = _load_case("schema_exploration", monkeypatch)
    found = {(d.code, d.message): d.hint for d in result.diagnostics}
    assert found[("E0601", "only planetary tokens have a `tier`")] == (
        "remove `tier`, or make the token `kind: planetary`"
    )
    assert found[("E0603", "this exploration token needs `resource`")].startswith("`resource` is ")
    assert found[("E0603", "this exploration token needs `tier`")].startswith("`tier` is ")


@pytest.mark.parametrize(
    ("old", "new", "said", "hint"),
    [
        ("homes: [distant_0, distant_2]", "homes: [distant_0, distant_2]",
         "3-player setup is not valid: it lists 2 homes for 3 players",
         "list one home per player, 3 distant sectors"),
        ("homes: [distant_0, distant_2]", "homes: [distant_0, distant_2, inner_1]",
         "home sector 'inner_1' is not a distant sector",
         "colony ships start in the distant sectors, which do not turn: one of "),
    ],
)  # fmt: skip
def test_a_setup_that_cannot_be_laid_out_says_how_to_fix_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str, hint: str
) -> None:
    """E0903 (tests/fixtures/packs/game_checks) said what was wrong with a setup but not
    what to write instead."""
    case = tmp_path / "case"
    shutil.copytree(FIXTURES / "game_checks", case)
    setups = case / "mod" / "setups.yaml"
    setups.write_text(setups.read_text("utf-8").replace(old, new), "utf-8")
    monkeypatch.chdir(case)
    result = load_packs([Path("mod")], [SHARED], bundled=False)
    found = [d for d in result.diagnostics if d.code == "E0903"]
    assert len(found) == 1 and said in found[0].message, result.diagnostics
    assert found[0].hint is not None and found[0].hint.startswith(hint), found[0].hint
