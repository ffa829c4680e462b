"""The YAML slips a modder makes first, each said in words at the line to change (E0501)."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.yamlsource import parse_yaml

# name: (file text, expected line:column, words in the message, words in the hint)
CASES: dict[str, tuple[str, str, str, str]] = {
    "version range starting with >": (
        "id: mod\ndepends:\n  lastlight: >=1.0,<2  # the base\n",
        "3:14",
        "a value starting with `>` begins a block of text in YAML",
        'quote the value: `">=1.0,<2"`',
    ),
    "a field of a list item not indented": (
        "- id: t1\nname: T\n  kind: civilization\n",
        "2:1",
        "a new item of the list that starts on line 1 needs `- ` in front",
        "indent it to column 3, like the fields of the item above, if it is one of them; "
        "else write `- name: T` for a new item",
    ),
    "tab in the indentation": (
        "- id: a\n  name: A\n  cost:\n  \tcommon: 1\n",
        "4:3",
        "a tab in the indentation: YAML indents with spaces only",
        "replace the tab with spaces",
    ),
    "unclosed double quote": (
        '- id: a\n  name: "A card\n  source: rulebook\n',
        "2:9",
        'the quote `"` here is never closed',
        "drop the quotes",
    ),
    "unclosed quote closed by a later one": (
        '- id: a\n  name: "A card\n  source: rulebook\n- id: b\n  name: "B"\n',
        "2:9",
        'the quote `"` on line 2 is not closed on its line',
        'close it with `"` at the end of line 2',
    ),
    "quote inside single quotes": (
        "- id: a\n  text: 'It's here'\n",
        "2:12",
        "the value goes on after its closing quote `'`",
        "write it twice (`''`)",
    ),
    "unclosed brace": (
        "- id: a\n  cost: {common: 1\n  source: rulebook\n",
        "2:9",
        "the `{` here is never closed",
        "close it with `}`",
    ),
    "unclosed bracket": (
        "- id: a\n  steps: [a, b\n  source: rulebook\n",
        "2:10",
        "the `[` here is never closed",
        "close it with `]`",
    ),
    "key indented too far": (
        "- id: a\n  name: A\n    source: rulebook\n",
        "3:5",
        "`source` is indented more than line 2 above it",
        "start it in column 3",
    ),
    "key indented too little": (
        "- id: a\n  name: A\n source: rulebook\n",
        "3:2",
        "this line is indented 1 space, which matches no level above it (line 2 starts in "
        "column 3)",
        "in the same column",
    ),
    "missing dash before a card": (
        "- id: a\n  name: A\nid: b\n  name: B\n",
        "3:1",
        "a new item of the list that starts on line 1 needs `- ` in front",
        "write `- id: b`",
    ),
    "list item inside a mapping": (
        "- id: a\n  name: A\n  - b\n",
        "3:3",
        "a list item `- ` where this mapping expects another `key: value`",
        "put the list under a key",
    ),
    "no space after a colon": (
        "- id: a\n  name:A\n  source: b\n",
        "2:7",
        "`name:` needs a space after the `:`",
        "write `name: A`",
    ),
    "colon in a plain effect": (
        "- id: a\n  effect: choose one: gain 1 common or gain 1 rare\n  source: rulebook\n",
        "2:21",
        "the value of `effect` contains `: `, which YAML reads as the start of another key",
        "quote the effect or use `|`",
    ),
    "colon in a flow mapping": (
        "- {id: a, effect: choose one: x}\n",
        "1:29",
        "a `: ` inside a value of this `{...}`",
        "quote the value",
    ),
    "dedent in a block scalar (to the key's column)": (
        "- id: a\n  effect: |\n    when round_end ->\n  gain 1 light\n    then gain 1 common\n"
        "  source: rulebook\n",
        "4:3",
        "this line is less indented than the `effect` block that starts on line 2, so it "
        "ends the block",
        "indent it by 4 spaces",
    ),
    "dedent in a block scalar (between the columns)": (
        "- id: a\n  effect: |\n    when round_end ->\n      gain 1 light\n   then gain 1 common\n"
        "  source: rulebook\n",
        "5:4",
        "less indented than the `effect` block that starts on line 2",
        "indent it by 4 spaces",
    ),
    "a reserved first character": (
        "- id: a\n  name: @home\n",
        "2:9",
        "`@` cannot start a value in YAML",
        "quote the value",
    ),
    "an asterisk read as an alias": (
        "- id: a\n  text: *bold*\n",
        "2:9",
        "`*bold*` reads as a YAML alias",
        "quote the text: `'*bold*'`",
    ),
}


def problems(text: str) -> list[Diagnostic]:
    _, diagnostics = parse_yaml(text, Path("t.yaml"), "t.yaml")
    return diagnostics


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_common_slip_is_said_in_words_at_the_line_to_change(case: str) -> None:
    text, where, message, hint = CASES[case]
    [found] = problems(text)
    assert found.code == "E0501"
    assert f"{found.span.line}:{found.span.column}" == where, found
    assert message in found.message, found.message
    assert "invalid YAML" not in found.message
    assert hint in (found.hint or ""), found.hint
    line = text.split("\n")[found.span.line - 1]
    assert found.span.end_column <= len(line) + 1  # never past the end of its line


def test_a_duplicate_id_hints_at_a_missing_dash() -> None:
    # A blank line and a missing `- ` make the next card's keys duplicates of this one's.
    found = problems("- id: a\n  name: A\n\n  id: b\n  name: B\n")
    assert [d.code for d in found] == ["E0502", "E0502"]
    assert "if a new card starts here, write `- id: ...`" in (found[0].hint or "")


def test_an_unknown_slip_keeps_the_parser_words_located() -> None:
    [found] = problems("- id: a\n  effect: |x\n    gain 1 light\n")
    assert found.code == "E0501" and found.span.line == 2
    assert found.message.startswith("invalid YAML: ")


def test_a_dedented_effect_line_that_reads_as_a_key_is_explained(tmp_path: Path) -> None:
    import shutil

    from whitedwarf.content import bundled_pack
    from whitedwarf.dsl.packs.loader import load_pack

    pack = tmp_path / "lastlight"
    shutil.copytree(bundled_pack(), pack)
    factions = pack / "factions.yaml"
    text = factions.read_text(encoding="utf-8")
    old = "    you have +1 starting_techs\n    you have +1 research_draw\n"
    assert old in text
    new = "    you have +1 starting_techs\n  when round_end: gain 1 light\n"
    factions.write_text(text.replace(old, new), "utf-8")
    [found] = load_pack(pack, bundled=False).errors
    assert (found.code, found.message) == (
        "E0602",
        "`when round_end` is not a field of this faction",
    )
    assert "less indented than the block that starts on line" in (found.hint or "")
    assert "indent it by 4 spaces" in (found.hint or "")


@pytest.mark.parametrize(
    ("field", "hint"),
    [
        ("colour: blue", "the fields are: id, name, source, kind, cost, copies, text, effect"),
        ("notse: why", "did you mean `notes`?"),
    ],
)
def test_a_field_after_a_block_effect_is_named_as_a_field(
    tmp_path: Path, field: str, hint: str
) -> None:
    """A tech ending in an effect block, then `colour: blue` (a field techs do not have),
    was told "this line is less indented than the block that starts on line 8, so it ended
    the block; indent it by 4 spaces": as if `colour: blue` were a line of the effect. A
    key that is one word is a field, and is told as any unknown field is."""
    from whitedwarf.dsl.packs.loader import load_packs
    from whitedwarf.tools.scaffold import new_pack

    mod = tmp_path / "mod"
    new_pack(mod)
    techs = mod / "techs.yaml"
    text = techs.read_text("utf-8").replace(
        "  effect: this ship type has +1 attack\n",
        f"  effect: |\n    this ship type has +1 attack\n  {field}\n",
    )
    techs.write_text(text, "utf-8")
    [found] = load_packs([mod]).errors
    assert found.code == "E0602" and found.message.startswith(f"`{field.split(':')[0]}`")
    assert (found.hint or "").startswith(hint), found.hint


def test_an_empty_text_or_list_is_said_in_words(tmp_path: Path) -> None:
    """`effect: ""` read "`effect`: '' should be non-empty" (jsonschema's own words, no hint);
    an empty list the same. Both now say what is empty and what belongs there."""
    from whitedwarf.dsl.packs.loader import load_packs
    from whitedwarf.tools.scaffold import new_pack

    mod = tmp_path / "mod"
    new_pack(mod)
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text("utf-8").replace("effect: this ship", 'effect: ""  # this'))
    [found] = load_packs([mod]).errors
    assert (found.code, found.message) == ("E0601", "`effect` is empty")
    assert found.hint == "`effect` is the card's rules in the effect language (docs/dsl.md)"
    star = tmp_path / "star"
    new_pack(star, game="starlight")
    (star / "cores.yaml").write_text(
        "- {id: c, name: C, source: invented, colours: [], pattern: any, aspect: crown}\n"
    )
    empty = [d for d in load_packs([star]).errors if d.code == "E0601"]
    assert [d.message for d in empty] == ["`colours` lists 0, but needs at least 1"]


def test_an_item_written_twice_is_named(tmp_path: Path) -> None:
    """`allow: [W0430, W0430]` read "`allow`: ['W0430', 'W0430'] has non-unique elements"."""
    from whitedwarf.dsl.packs.loader import load_packs
    from whitedwarf.tools.scaffold import new_pack

    mod = tmp_path / "mod"
    new_pack(mod)
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text("utf-8") + "  allow: [W0430, W0902, W0430]\n")
    [found] = load_packs([mod]).errors
    assert (found.code, found.message) == ("E0601", "`allow` lists `W0430` more than once")
    assert found.hint == "write each item once"


def test_a_language_version_written_wrong_says_how_to_write_it(tmp_path: Path) -> None:
    """`language: "1.1.0"` read "`language`: '1.1.0' does not match '^(0|[1-9]...'", a
    regular expression; `language: 1.1` (a number to YAML) had only the hint "e.g. 1.1"."""
    from whitedwarf.dsl.packs.loader import load_packs
    from whitedwarf.tools.scaffold import new_pack

    mod = tmp_path / "mod"
    new_pack(mod)
    manifest = mod / "pack.yaml"
    original = manifest.read_text("utf-8")
    manifest.write_text(original.replace('language: "1.1"', 'language: "1.1.0"'))
    [found] = load_packs([mod]).errors
    assert found.message == (
        "`language` must be a language version like `1.1` (major.minor), not '1.1.0'"
    )
    assert found.hint == "`whitedwarf fix` writes the current one"
    manifest.write_text(original.replace('language: "1.1"', "language: 1.1"))
    [found] = load_packs([mod]).errors
    assert found.hint == 'a language version is text such as "1.1": write it in quotes'
