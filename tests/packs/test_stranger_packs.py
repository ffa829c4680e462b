"""Packs a stranger writes from the docs, and what they are told: characters that look like
ASCII ones (a Cyrillic `е` in an id, an arrow or a full-width digit pasted into an effect), a
control character written raw, a bad pack id as a `depends` key, a word cut short, a mod that
forgot its `depends:`. Each is told at the character or the key, with what to write."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

MANIFEST = (
    'id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: ">=1.0,<2"}\n'
    "allow: [W0902]\n"
)
TECH = """\
- id: {id}
  name: T
  kind: civilization
  cost: {{common: 1}}
  source: invented
  text: "At the end of each round: gain 1 [common]."
  effect: {effect}
"""


def validate(tmp_path: Path, manifest: str = MANIFEST, techs: str | None = None) -> tuple[int, str]:
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(manifest, encoding="utf-8")
    if techs is not None:
        (pack / "techs.yaml").write_text(techs, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("card_id", "effect", "where", "said"),
    [
        ("t\u0435ch", "when round_end -> gain 1 common", "techs.yaml:1:7: error[E0601]",
         "help: `\u0435` is U+0435 (CYRILLIC SMALL LETTER IE), not an ASCII character, though "
         "it may look like one"),
        ("tech", "when round_end \u2192 gain 1 common", "techs.yaml:7:26: error[E0301]",
         "help: `\u2192` is U+2192 (RIGHTWARDS ARROW), not an ASCII character: write `->`"),
        ("tech", "when round_end -> gain \uff11 common", "techs.yaml:7:34: error[E0301]",
         "help: `\uff11` is U+FF11 (FULLWIDTH DIGIT ONE), not an ASCII character: write `1`"),
        ("tech", "when round_end if light \u2265 2 -> gain 1 common",
         "techs.yaml:7:35: error[E0301]", "write `>=`"),
    ],
)  # fmt: skip
def test_a_lookalike_character_is_named_with_its_code_point(
    tmp_path: Path, card_id: str, effect: str, where: str, said: str
) -> None:
    """Before, the id was told "not 'tеch'" (which reads as `tech`) and the effect
    "unexpected character '→'", neither saying what is wrong with it."""
    code, output = validate(tmp_path, techs=TECH.format(id=card_id, effect=effect))
    assert code == 1, output
    assert where in output and said in output, output


def test_a_bad_pack_id_in_depends_is_told_at_the_key(tmp_path: Path) -> None:
    """`depends: {"../other": "*"}` was told at the start of the whole mapping."""
    manifest = MANIFEST.replace(
        'depends: {lastlight: ">=1.0,<2"}', 'depends: {lastlight: ">=1.0,<2", "../h1": "*"}'
    )
    code, output = validate(tmp_path, manifest)
    assert code == 1, output
    assert (
        "pack.yaml:5:34: error[E0601]: a key of `depends` must be lower-case words joined by "
        "`_` (like `warp_drive`), not '../h1'" in output
    )


def test_an_effect_too_deep_in_parentheses_is_told_to_drop_them(tmp_path: Path) -> None:
    """A step in 600 parentheses was told to drop "the parentheses around a single
    condition", though there was no condition."""
    effect = "when round_end -> " + "(" * 600 + "gain 1 common" + ")" * 600
    code, output = validate(tmp_path, techs=TECH.format(id="tech", effect=effect))
    assert code == 1 and "error[E0302]" in output
    assert "help: drop the parentheses around a single step or condition" in output


@pytest.mark.parametrize(
    ("name", "where"),
    [
        ("a\x1b[31mred", "techs.yaml:2:11: error[E0514]"),
        ("x\x00y", "techs.yaml:2:11: error[E0514]"),
    ],
)
def test_a_control_character_written_raw_is_told_where_it_is(
    tmp_path: Path, name: str, where: str
) -> None:
    """A raw ESC or NUL in a pack file (not the `\\e` escape of a quoted string) made YAML
    refuse the file whole, told at 1:1 as "invalid YAML: unacceptable character #x001b"."""
    techs = TECH.format(id="tech", effect="when round_end -> gain 1 common").replace(
        "name: T", f'name: "{name}"'
    )
    code, output = validate(tmp_path, techs=techs)
    assert code == 1, output
    assert where in output and "this text holds the invisible character U+00" in output
    assert "written raw in the file" in output and "\x1b" not in output


def test_a_word_cut_short_gets_a_did_you_mean(tmp_path: Path) -> None:
    """`kind: civ` was told the three kinds with no did-you-mean (`civ` is too unlike
    `civilization` for a spelling match): a word that begins one choice alone names it."""
    techs = TECH.format(id="tech", effect="when round_end -> gain 1 common").replace(
        "kind: civilization", "kind: civ"
    )
    code, output = validate(tmp_path, techs=techs)
    assert code == 1 and "techs.yaml:3:9: error[E0605]" in output
    assert "help: did you mean `civilization`?" in output


def test_a_mod_without_depends_is_told_once(tmp_path: Path) -> None:
    """A mod that forgot `depends:` was told E0709 once for each of the ten files the game
    needs, none of them naming the missing line."""
    manifest = MANIFEST.replace('depends: {lastlight: ">=1.0,<2"}\n', "")
    code, output = validate(tmp_path, manifest, "- {id: warp_drive, remove: true}\n")
    assert code == 1, output
    assert output.count("error[E0709]") == 1
    assert "mod depends on no pack, and no pack provides 10 of the files a lastlight game" in output
    assert 'help: a mod depends on the base pack: `depends: {lastlight: ">=1.0,<2"}`' in output


def validate_on_a_terminal(tmp_path: Path, techs: str) -> tuple[int, str]:
    """As :func:`validate`, with the output as a terminal gets it (click strips ESC sequences
    only from output that is not a terminal's)."""
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (pack / "techs.yaml").write_text(techs, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"], color=True)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("line", "where"),
    [
        ('  name: "Bad \\e[31m name"', "techs.yaml:2:14: error[E0514]"),
        ('  text: "Gain 1 light. \\x07"', "techs.yaml:6:24: error[E0514]"),
        ("  text: 'single quoted \\e'", None),
    ],
)
def test_an_escaped_control_character_is_told_at_the_escape(
    tmp_path: Path, line: str, where: str | None
) -> None:
    """`\\e` in a double-quoted name was told at the opening quote (2:9), not at the escape;
    in a single-quoted string `\\e` is two plain characters, and no error."""
    techs = TECH.format(id="tech", effect="when round_end -> gain 1 common")
    key = line.split(":")[0]
    techs = "\n".join(line if row.startswith(key + ":") else row for row in techs.split("\n"))
    code, output = validate(tmp_path, techs=techs)
    if where is None:
        assert code == 0 and "E0514" not in output, output
        return
    column = int(where.split(":")[2])
    assert code == 1 and where in output, output
    assert f"  | {' ' * (column - 1)}^\n" in output, output


def test_an_escaped_control_character_in_an_effect_is_told_once_at_the_escape(
    tmp_path: Path,
) -> None:
    """The loader told it at the quote and the effect compiler at the character: two errors
    for one character."""
    techs = TECH.format(id="tech", effect='"when round_end -> gain 1 common\\e"')
    code, output = validate(tmp_path, techs=techs)
    assert code == 1, output
    assert output.count("error[E0514]") == 1, output
    assert "techs.yaml:7:43: error[E0514]" in output, output


def test_a_diagnostic_never_sends_a_control_character_to_the_terminal(tmp_path: Path) -> None:
    """A key holding `\\e[2J` was quoted raw in the E0602 message (on a terminal, the screen
    cleared), and the source excerpt printed raw C1 controls and backspaces as they were."""
    techs = TECH.format(id="tech", effect="when round_end -> gain 1 common").replace(
        "  name: T", '  name: T\n  "na\\e[2Jme": x'
    )
    code, output = validate_on_a_terminal(tmp_path, techs)
    assert code == 1 and "\x1b" not in output, output
    assert "error[E0602]: `na\\x1b[2Jme` is not a field of this tech" in output
    tmp_path = tmp_path / "again"
    tmp_path.mkdir()
    raw = TECH.format(id="tech", effect="when round_end -> gain 1 common").replace(
        "name: T", "name: 'a\x9b31m b\x08c'"
    )
    code, output = validate_on_a_terminal(tmp_path, raw)
    assert code == 1 and "techs.yaml:2:11: error[E0514]" in output, output
    assert "\x9b" not in output and "\x08" not in output, output
    assert "2 |   name: 'a\ufffd31m b\ufffdc'" in output, output


@pytest.mark.parametrize(
    ("old", "new", "where", "said"),
    [
        ("version: 0.1.0", "version: " + "9" * 5000 + ".0.0", "pack.yaml:3:10: error[E0705]",
         "`version` has the number 9999999999...99999 (5,000 digits), out of range"),
        ('lastlight: ">=1.0,<2"', 'lastlight: ">=' + "9" * 5000 + '"',
         "pack.yaml:5:22: error[E0705]",
         "`>=999999999999999999...9999999999` has the number 9999999999...99999 (5,000 "
         "digits), out of range"),
    ],
)  # fmt: skip
def test_a_version_with_a_number_too_long_to_read_is_told_where_it_is(
    tmp_path: Path, old: str, new: str, where: str, said: str
) -> None:
    """A 5,000-digit version or range passed the schema's pattern and ended in an internal
    error (exit 3: Python reads at most 4,300 digits as a number); and so did every pack
    validated in the same folder, whose siblings are read for their dependencies."""
    manifest = MANIFEST.replace(old, new)
    code, output = validate(tmp_path, manifest)
    assert code == 1 and where in output and said in output, output
    assert len(output) < 1000, output  # the number is shown cut short
    sibling = tmp_path / "good"
    sibling.mkdir()
    (sibling / "pack.yaml").write_text(MANIFEST.replace("id: mod", "id: good"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(sibling), "--no-cache"])
    assert result.exit_code == 0, result.output


def test_a_card_in_the_wrong_file_is_told_where_it_fits(tmp_path: Path) -> None:
    """A faction written into techs.yaml was told `three_plus` is not a field of a tech and
    that it lacks `kind` and `cost`, never that it is a faction: each error now notes the
    file whose cards have its fields."""
    faction = (
        "- id: pirate_queens\n  name: Pirate Queens\n  three_plus: false\n  source: invented\n"
        "  effect: when round_end -> gain 1 common\n"
    )
    code, output = validate(tmp_path, techs=faction)
    assert code == 1, output
    assert "techs.yaml:3:3: error[E0602]: `three_plus` is not a field of this tech" in output
    assert "techs.yaml:1:3: error[E0603]: this tech needs `kind`" in output
    note = "= note: this card has the fields of a card of `factions.yaml`: is it in the wrong file?"
    assert output.count(note) == 3, output  # `three_plus`, and the missing `kind` and `cost`


def test_a_misspelt_field_is_not_sent_to_another_file(tmp_path: Path) -> None:
    """A tech with a slip in a field's name fits no file: only the did-you-mean is told."""
    tech = TECH.format(id="tech", effect="when round_end -> gain 1 common").replace(
        "effect:", "efect:"
    )
    code, output = validate(tmp_path, techs=tech)
    assert code == 1 and "help: did you mean `effect`?" in output
    assert "wrong file" not in output


def test_a_starlight_god_in_the_flares_file_is_told_it_is_a_god(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        'id: mod\nname: Mod\nversion: 0.1.0\ngame: starlight\ndepends: {starlight: ">=1.0,<2"}\n'
    )
    (pack / "flares.yaml").write_text(
        "- id: apollo\n  name: Apollo\n  source: invented\n  text: You have +1 AP each turn.\n"
        "  effect: you have +1 ap_per_turn\n"
    )
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "flares.yaml:5:3: error[E0602]: `effect` is not a field of this flare" in result.output
    assert "a card of `gods.yaml`: is it in the wrong file?" in result.output


def test_a_range_the_bundled_pack_misses_names_it_not_its_install_path(
    tmp_path: Path,
) -> None:
    """E0704 showed the bundled pack's folder in site-packages ("in /usr/lib/.../lastlight"),
    a path the modder never chose, and told them to install another version of it."""
    code, output = validate(tmp_path, MANIFEST.replace(">=1.0,<2", ">=2.0"))
    assert code == 1, output
    assert "error[E0704]: `lastlight` 1.0.0 (the bundled pack) is not in the range `>=2.0`" in (
        output
    )
    assert "help: change the range: this whitedwarf comes with `lastlight` 1.0.0" in output
    assert "/content/lastlight" not in output


def test_a_range_the_dependency_misses_is_shown_as_written(tmp_path: Path) -> None:
    """E0704 showed `>=2.0,<3` as packaging prints it, sorted (`<3,>=2.0`): not what the
    modder typed in pack.yaml, in the line the caret points at."""
    code, output = validate(tmp_path, MANIFEST.replace(">=1.0,<2", ">=2.0,<3"))
    assert code == 1, output
    assert "(the bundled pack) is not in the range `>=2.0,<3`" in output


@pytest.mark.parametrize(
    ("value", "hint"),
    [
        ("yes", "help: write `three_plus: true` (`yes` is text here: only `true` and `false` "
         "are yes and no)"),
        ("Off", "help: write `three_plus: false` (`Off` is text here"),
        ("maybe", "help: write `three_plus: true` or `three_plus: false`"),
    ],
)  # fmt: skip
def test_a_yaml_1_1_yes_is_told_the_word_to_write(tmp_path: Path, value: str, hint: str) -> None:
    """`three_plus: yes` was told "help: `three_plus` is true: removed from the deck in
    2-player games", which reads as if the value were already true."""
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(MANIFEST)
    (pack / "factions.yaml").write_text(
        f"- id: elves\n  name: Elves\n  three_plus: {value}\n  source: invented\n"
        "  text: At the end of each round, gain 1 [common].\n"
        "  effect: when round_end -> gain 1 common\n"
    )
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "factions.yaml:3:15: error[E0604]: `three_plus` must be true or false" in result.output
    assert hint in result.output, result.output


def test_a_missing_yes_or_no_field_is_told_both_words_to_write(tmp_path: Path) -> None:
    """A faction written without `three_plus` was told "help: `three_plus` is true: removed
    from the deck in 2-player games (000 'setup')", which reads as if it were already true
    and does not say what to write."""
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(MANIFEST)
    (pack / "factions.yaml").write_text(
        "- id: elves\n  name: Elves\n  source: invented\n"
        "  text: At the end of each round, gain 1 [common].\n"
        "  effect: when round_end -> gain 1 common\n"
    )
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "factions.yaml:1:3: error[E0603]: this faction needs `three_plus`" in result.output
    assert (
        "= help: write `three_plus: true` or `three_plus: false` (true: removed from the deck "
        "in 2-player games (000 'setup'))" in result.output
    ), result.output


@pytest.mark.parametrize("name", ["pack.yml", "Pack.yaml", "pack.YAML"])
def test_a_manifest_under_another_name_is_told_to_be_renamed(tmp_path: Path, name: str) -> None:
    """`pack.yml` was told only "no pack.yaml in 'mod'": the file is there, under a name the
    loader does not read."""
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / name).write_text(MANIFEST)
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "error[E0701]: no pack.yaml in" in result.output
    assert f"= help: rename `{name}` to `pack.yaml`" in result.output


@pytest.mark.parametrize(
    ("line", "where"),
    [
        ('  name: "T \\ud800"', "techs.yaml:2:12: error[E0514]"),
        ('  text: "Gain 1 common. \\udfff"', "techs.yaml:6:25: error[E0514]"),
        ('  effect: "when round_end -> gain 1 common\\udc80"', "techs.yaml:7:43: error[E0514]"),
        ('  name: "T \\ud83c\\udf1f"', "techs.yaml:2:12: error[E0514]"),  # a pair, escaped apart
    ],
)
def test_a_lone_surrogate_is_told_at_its_escape_not_an_internal_error(
    tmp_path: Path, line: str, where: str
) -> None:
    """`name: "T \\ud800"` (a YAML escape of half a UTF-16 pair) loaded as a string no UTF-8
    output can hold: validate stopped with exit 3, a UnicodeEncodeError writing the data's
    digest. It is E0514 at the escape, and the message says what it is."""
    techs = TECH.format(id="tech", effect="when round_end -> gain 1 common")
    key = line.split(":")[0]
    techs = "\n".join(line if row.startswith(key + ":") else row for row in techs.split("\n"))
    code, output = validate(tmp_path, techs=techs)
    assert code == 1 and where in output, output
    assert "half of a UTF-16 surrogate pair and not a character" in output, output
    assert output.count("error[E0514]") == 1, output


def test_a_lone_surrogate_in_a_key_or_the_manifest_is_told_by_its_escape(tmp_path: Path) -> None:
    """A key holding one is an unknown field named by its escape (printing it raw would
    stop the output), and pack.yaml's texts are held to the same rule."""
    techs = TECH.format(id="tech", effect="when round_end -> gain 1 common").replace(
        "  name: T", '  name: T\n  "na\\udc80me": x'
    )
    code, output = validate(tmp_path, techs=techs)
    assert code == 1 and "error[E0602]: `na\\udc80me` is not a field of this tech" in output
    (tmp_path / "again").mkdir()
    manifest = MANIFEST + 'description: "a \\udead pack"\n'
    code, output = validate(tmp_path / "again", manifest=manifest)
    assert code == 1 and "pack.yaml:7:17: error[E0514]: this text holds U+DEAD" in output, output


def test_a_change_of_an_id_the_few_cards_lack_lists_them(tmp_path: Path) -> None:
    """`- {id: extra_ap, remove: true}` in a Starlight mod's privileges.yaml was told "no
    dependency of mod has it" with no help: nothing near enough for a did-you-mean, and the
    six ids a mod may change were nowhere. A file of a few cards lists them."""
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        'id: mod\nname: Mod\nversion: 0.1.0\ngame: starlight\ndepends: {starlight: ">=1.0,<2"}\n'
    )
    (pack / "privileges.yaml").write_text("- {id: xyz, remove: true}\n")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "error[E0802]: cannot remove `xyz`: no dependency of mod has it in privileges.yaml" in (
        result.output
    )
    assert (
        "help: the ids of privileges.yaml it can change: `buy_night_points`, `core_plus_ray`, "
        "`extra_action_point`, `launch_alpha_star`, `laurels_bonus`, `refill_rays`"
    ) in result.output
