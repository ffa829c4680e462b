"""The rest of docs/diagnostics.md's examples, printed as the page shows them.

tests/packs/test_doc_examples.py reproduces the examples a reader hit first; a walk through
the whole page found more that had gone stale (E0505's column, E0513's and E0512's source
lines, E0702's games, W0901's line in the bundled manifest, W0949's god count, E0707 for two
games, which the command line now refuses before loading). Each example here is made from
the input the page describes, in a fresh folder that is the current directory, so the paths
are the relative ones a user sees.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import SourceLines, render_all_text, sort_key
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.tools.cli import main

from .corpus import FIXTURES, SHARED, pack_folders

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md").read_text("utf-8")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```$", re.M | re.S)

MOD = "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {mini: '>=1'}\n"
STARLIGHT_MOD = "id: mod\nname: Mod\nversion: 0.1.0\ngame: starlight\ndepends: {starlight: '>=1'}\n"


def examples(code: str) -> list[str]:
    """Every printed diagnostic of ``code`` on the page, headline to help, in page order."""
    found = []
    for match in FENCE.finditer(PAGE):
        for part in match.group(1).split("\n\n"):
            if re.match(rf"^\S+: (?:error|warning)\[{code}\]", part):
                found.append(part.rstrip("\n") + "\n")
    return found


def message(code: str, index: int = 0) -> str:
    """The words of an example's headline after ``[code]: ``."""
    return examples(code)[index].splitlines()[0].split("]: ", 1)[1]


def validate(*args: str) -> str:
    result = CliRunner().invoke(main, ["validate", "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    return result.output


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(here: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = here / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def with_mini(here: Path, files: dict[str, str]) -> str:
    """Validate the mod written from ``files`` on the corpus's small base pack."""
    shutil.copytree(SHARED / "mini", here / "mini")
    write(here, files)
    return validate("mod", "--pack-path", ".")


# -- the examples a broken-pack case of the corpus prints word for word


CORPUS = [
    ("E0501", 0, "yaml_syntax"),
    ("E0502", 0, "duplicate_key"),
    ("E0503", 0, "yaml_tags"),
    ("E0506", 0, "alias_bomb"),
    ("E0508", 0, "merge_key"),
    ("E0509", 0, "not_utf8"),
    ("E0510", 0, "multi_document"),
    ("E0513", 0, "limits"),
    ("E0601", 0, "bad_manifest"),
    ("E0602", 0, "bad_manifest"),
    ("E0603", 0, "bad_manifest"),
    ("E0604", 0, "schema_fields"),
    ("E0605", 0, "schema_fields"),
    ("E0701", 0, "no_manifest"),
    ("E0702", 0, "bad_manifest"),
    ("E0703", 0, "dep_missing"),
    ("E0705", 0, "bad_manifest"),
    ("E0706", 0, "dep_cycle"),
    ("E0801", 0, "mod_add_existing"),
    ("E0802", 0, "mod_replace_unknown"),
    ("E0803", 0, "mod_conflict"),
    ("E0804", 0, "replace_in_base"),
    ("E0901", 0, "duplicate_ids"),
    ("E0902", 0, "references"),
    ("E0903", 0, "game_checks"),
    ("W0902", 0, "warnings"),
    ("W0902", 1, "warnings"),
    ("W0903", 0, "warnings"),
]


@pytest.mark.parametrize(("code", "index", "case"), CORPUS, ids=[f"{c}-{i}" for c, i, _ in CORPUS])
def test_a_corpus_case_prints_the_example(
    code: str, index: int, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = FIXTURES / case
    monkeypatch.chdir(folder)
    packs = [str(p.relative_to(folder)) for p in pack_folders(folder)]
    assert examples(code)[index] in validate(*packs, "--pack-path", str(SHARED))


# -- the effect checker's examples, compiled as a card's effect


def effect_examples() -> list:
    """(line of the page, block) of every example printed for ``<effect>``."""
    return [
        pytest.param(m.group(1), id=f"diagnostics.md:{PAGE.count(chr(10), 0, m.start()) + 1}")
        for m in FENCE.finditer(PAGE)
        if m.group(1).startswith("<effect>:")
    ]


@pytest.mark.parametrize("block", effect_examples())
def test_an_effect_example_prints_what_the_checker_prints(block: str) -> None:
    """The block shows the effect's last line; a line before it (W0412's second line) is
    the card's `put`, which gives the counter it reads."""
    source = re.search(r"^\s*(\d+) \| (.*)$", block, re.M)
    assert source is not None
    number, shown = source.groups()
    text = "\n".join(
        ["when round_start -> put 1 charge on this card"] * (int(number) - 1) + [shown]
    )
    printed = []
    for kind in registry().card_kinds:
        _, found = compile_effect(EffectSource.standalone(text), registry(), kind)
        printed.append(
            render_all_text(sorted(found, key=sort_key), SourceLines({"<effect>": text}))
        )
    # the block is the effect's only diagnostic, for some card kind
    assert f"{block}\n0 errors, 1 warning" in [out.rstrip("\n") for out in printed]


# -- the examples made from the input the page describes


def test_e0504_a_file_over_the_size_limit(here: Path) -> None:
    body = "- id: huge\n"
    body += "#" * (3_145_728 - len(body) - 1) + "\n"
    assert examples("E0504")[0] in with_mini(here, {"mod/pack.yaml": MOD, "mod/techs.yaml": body})


def test_e0505_data_nested_too_deep(here: Path) -> None:
    shown = re.search(r"^1 \| (a: \[+x\]+)$", examples("E0505")[0], re.M)
    assert shown is not None
    line = shown.group(1)
    out = with_mini(here, {"mod/pack.yaml": MOD, "mod/board.yaml": line + "\n"})
    assert examples("E0505")[0] in out


def test_e0512_more_cards_than_a_file_may_hold(here: Path) -> None:
    card = (
        "- {{id: t{0}, name: T{0}, kind: civilization, cost: {{common: 1}}, source: invented,\n"
        "  effect: when round_start -> gain 1 light}}\n# -\n"
    )
    techs = "".join(card.format(n) for n in range(10_001))
    out = with_mini(here, {"mod/pack.yaml": MOD + "allow: [W0432]\n", "mod/techs.yaml": techs})
    assert examples("E0512")[0] in out


def test_e0707_packs_of_two_games_given_together(here: Path) -> None:
    """The command line refuses the run before loading; the loader tells it at `game:`."""
    write(
        here,
        {
            "mod/pack.yaml": MOD.replace("mini", "lastlight"),
            "starlight_mod/pack.yaml": STARLIGHT_MOD.replace("id: mod", "id: starlight_mod"),
        },
    )
    refused = CliRunner().invoke(main, ["validate", "mod", "starlight_mod"])
    said = re.search(r"^Error: a run checks the packs of one game.*$", PAGE, re.M)
    assert refused.exit_code == 2 and said is not None and said.group(0) in refused.output
    loaded = load_packs(["mod", "starlight_mod"])
    assert [d.headline() for d in loaded.diagnostics] == [examples("E0707")[1].splitlines()[0]]


def test_e0709_a_file_no_pack_provides(here: Path) -> None:
    write(here, {"mini/pack.yaml": (SHARED / "mini" / "pack.yaml").read_text("utf-8")})
    write(here, {"mod/pack.yaml": MOD})
    assert examples("E0709")[0] in validate("mod")


def test_e0720_a_newer_language(here: Path) -> None:
    out = with_mini(here, {"mod/pack.yaml": MOD + 'language: "2.0"\n'})
    assert examples("E0720")[0] in out


def test_e0901_an_id_another_card_kind_has(here: Path) -> None:
    tech = (
        "# a mod's tech named after the base's exploration token\n#\n- id: derelict\n"
        "  name: Derelict Tech\n  kind: civilization\n  cost: {common: 1}\n"
        "  source: invented\n  effect: when round_start -> gain 1 light\n"
    )
    out = with_mini(here, {"mod/pack.yaml": MOD + "allow: [W0432]\n", "mod/techs.yaml": tech})
    assert examples("E0901")[1] in out


DIE = (SHARED / "mini" / "dice.yaml").read_text("utf-8")
SPARE = (
    "  - id: spare\n    name: Spare\n    sides: 6\n    source: invented\n    results:\n"
    "      - {id: miss, damage: 0, ability: false, extra_die: false, faces: 6}\n"
)
EXPLODING = (
    "dice:\n  - id: combat_die\n    name: Combat die\n    sides: 1\n    source: invented\n"
    "    results:\n      - {id: explode, damage: 1, ability: false, extra_die: true, faces: 1}\n"
)


@pytest.mark.parametrize(
    ("code", "dice"),
    [("E0920", DIE.replace("sides: 6", "sides: 8")), ("E0921", DIE + SPARE), ("E0922", EXPLODING)],
)
def test_a_die_the_engine_cannot_roll_as_written(here: Path, code: str, dice: str) -> None:
    out = with_mini(here, {"mod/pack.yaml": MOD, "mod/dice.yaml": dice})
    assert examples(code)[0] in out


def test_w0501_a_file_that_is_not_a_content_file(here: Path) -> None:
    out = with_mini(here, {"mod/pack.yaml": MOD, "mod/tech.yaml": "[]\n"})
    assert examples("W0501")[0] in out


def test_e0708_two_packs_with_one_id(here: Path) -> None:
    shutil.copytree(SHARED / "mini", here / "mini")
    write(here, {"mod/pack.yaml": MOD, "copy/pack.yaml": MOD})
    assert examples("E0708")[0] in validate("mod", "copy", "--pack-path", ".")


def test_w0901_a_flag_no_card_of_the_base_pack_uses(here: Path) -> None:
    shutil.copytree(bundled_pack(), here / "lastlight")
    techs = here / "lastlight" / "techs.yaml"
    text = techs.read_text("utf-8")
    assert "effect: this ship type can fight_twice" in text
    techs.write_text(text.replace("this ship type can fight_twice", "this ship type has +1 attack"))
    assert examples("W0901")[0] in validate("lastlight")


def test_w0905_a_changed_printed_card_still_said_to_be_printed(here: Path) -> None:
    faction = (
        "- id: lyannae\n  name: Lyannae\n  three_plus: false\n  replace: true\n"
        "  source: rulebook\n  text: >-\n    If one or more of your ships harvest light from the"
        " center star, gain 1 extra [light].\n"
        "  effect: when centre_light_harvested -> gain 2 light\n"
    )
    write(here, {"mod/pack.yaml": MOD.replace("mini", "lastlight"), "mod/factions.yaml": faction})
    assert examples("W0905")[0] in validate("mod")


def test_w0430_a_text_that_says_another_effect(here: Path) -> None:
    tech = (
        "- id: zap\n  name: Zap\n  kind: ship_mod\n  cost: {common: 1}\n  source: invented\n"
        '  copies: 1\n  allow: [W0902]\n  text: "This ship type has +2 [attack]."\n'
        "  effect: this ship type has +1 attack\n"
    )
    write(here, {"mod/pack.yaml": MOD.replace("mini", "lastlight"), "mod/techs.yaml": tech})
    assert examples("W0430")[0] in validate("mod")


def test_w0431_a_deprecated_word(here: Path) -> None:
    tech = "\n" * 15 + (
        "- id: zap\n  effect: |\n"
        "    when centre_light_harvested -> move a ship of yours to the center sector\n"
        "  name: Zap\n  kind: civilization\n  cost: {common: 1}\n  source: invented\n"
    )
    manifest = MOD.replace("mini", "lastlight") + "allow: [W0902, W0432]\n"
    write(here, {"mod/pack.yaml": manifest, "mod/techs.yaml": tech})
    assert examples("W0431")[0] in validate("mod")


def test_w0949_more_gods_dealt_than_the_packs_hold(here: Path) -> None:
    setup = (bundled_pack("starlight") / "setup.yaml").read_text("utf-8")
    assert "gods_per_player: 2" in setup
    write(
        here,
        {
            "mod/pack.yaml": STARLIGHT_MOD,
            "mod/setup.yaml": setup.replace("gods_per_player: 2", "gods_per_player: 4"),
        },
    )
    assert examples("W0949")[0] in validate("mod")
    # the game it warns of is refused by `play` in the one line the page quotes
    said = re.search(r'\("(this\s+game needs \d+ gods \(the packs have \d+\))"\)', PAGE)
    assert said is not None
    seats = ["--seats", "random,random,random,random", "--option", "gods=true"]
    refused = CliRunner().invoke(main, ["play", "--pack", "mod", *seats])
    assert refused.exit_code == 2 and " ".join(said.group(1).split()) in refused.output


def test_w0946_a_pack_without_starbot_cards(here: Path) -> None:
    shutil.copytree(bundled_pack("starlight"), here / "starlight")
    starbots = here / "starlight" / "starbots.yaml"
    kept = [line for line in starbots.read_text("utf-8").splitlines() if not line.startswith("- ")]
    starbots.write_text("\n".join([*kept, "[]", ""]))
    assert examples("W0946")[0] in validate("starlight")


# -- Starlight's checks, made on a copy of the bundled pack: the page's `mini` pack is a small
# one of its own, so the message is compared, not the place


def bundled_starlight(here: Path, file: str, old: str, new: str) -> str:
    shutil.copytree(bundled_pack("starlight"), here / "starlight")
    path = here / "starlight" / file
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return validate("starlight")


LAUNCH_LYRA = (
    "  - {id: launch_lyra_draco, name: Launch to Lyra or Draco, action: launch,"
    " constellations: [lyra, draco]}\n"
)
AQUILA_7 = (
    "      - {id: aquila_7, size: medium, night_points: 10, privilege: null, target: false}\n"
)
STARLIGHT_EDITS = {
    "E0940": (
        "rondel.yaml",
        "{id: gain_flares, name: Gain Flares, action: gain_flares}",
        "{id: flares, name: Gain Flares, action: gain_flares, constellations: [lyra, cygnus]}",
    ),
    "E0941": ("rondel.yaml", LAUNCH_LYRA, ""),
    "E0942": ("sky.yaml", "[aquila_1, aquila_2]", "[aquila_1, lyra_2]"),
    "E0943": ("sky.yaml", "target: true", "target: false"),
    "E0945": ("laurels.yaml", "aquila", "aquilla"),
    "E0949": ("sky.yaml", "      - [aquila_1, aquila_2]\n", "      - [aquila_2, aquila_1]\n" * 2),
    "E0951": (
        "sky.yaml",
        AQUILA_7,
        AQUILA_7 + AQUILA_7.replace("_7, size: medium", "_8, size: large"),
    ),
}


@pytest.mark.parametrize("code", list(STARLIGHT_EDITS))
def test_a_starlight_example_says_what_the_checker_says(here: Path, code: str) -> None:
    out = bundled_starlight(here, *STARLIGHT_EDITS[code])
    words = re.sub(r"`[a-z_0-9]+`", "`ID`", message(code))
    said = [re.sub(r"`[a-z_0-9]+`", "`ID`", line.split("]: ", 1)[1])
            for line in out.splitlines() if f"[{code}]: " in line]  # fmt: skip
    assert words in said, out


def test_e0944_an_accolade_place_the_packs_do_not_lay_out(here: Path) -> None:
    accolades = (bundled_pack("starlight") / "accolades.yaml").read_text("utf-8")
    start = accolades.index("\n- id:")
    first = accolades[start : accolades.index("\n- id:", start + 1)]
    out = bundled_starlight(here, "accolades.yaml", first, "")
    words = re.sub(r"`\w+`", "`ID`", message("E0944"))
    assert any(re.sub(r"`\w+`", "`ID`", line).endswith(words) for line in out.splitlines())


def test_the_json_example_is_what_format_json_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's `--format json` document is the corpus case of a mod adding a base id."""
    shown = PAGE.split("## JSON format", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(FIXTURES / "mod_add_existing")
    result = CliRunner().invoke(
        main, ["validate", "--no-cache", "--format", "json", "mod", "--pack-path", str(SHARED)]
    )
    assert json.loads(result.output) == json.loads(shown)


def test_e0924_a_mods_supply_is_told_in_the_mods_file(here: Path) -> None:
    """The page's inline example: the error stands in the mod's supply.yaml, not the base's."""
    said = re.search(r"\(`(mod/supply\.yaml:\d+:\d+: error\[E0924\]:\s+[^)]+)`\)", PAGE)
    assert said is not None
    supply = (bundled_pack() / "supply.yaml").read_text("utf-8")
    assert "ships: {small: 5," in supply
    write(
        here,
        {
            "mod/pack.yaml": MOD.replace("mini", "lastlight"),
            "mod/supply.yaml": supply.replace("ships: {small: 5,", "ships: {small: 4,"),
        },
    )
    assert " ".join(said.group(1).split()) in validate("mod")


#: The effect table's rows that show the words they are about: (code, the words of the row,
#: the card kind, an effect holding those words).
TABLE_ROWS = [
    ("E0425", "`once per turn` in Last Light", "civilization",
     "activated, once per turn: gain 1 common"),
    ("E0427", "`your next planet costs 1 less`", "civilization",
     "when round_start -> your next planet costs 1 less"),
    ("E0430", "(`the destroyer`,",
     "faction", "when round_end -> steal 1 common from the destroyer"),
    ("E0431", "(`when an opponent plays reserch`)", "faction",
     "when an opponent plays reserch -> gain 1 common"),
    ("E0431", "or one with `here`",
     "faction", "when an opponent builds a ship here -> gain 1 common"),
    ("E0433", "(`if a ship is large`)",
     "faction", "when unit_lost if a ship is large -> gain 1 rare"),
    ("E0434", "without `the` (`a destroyer`)", "faction",
     "when unit_lost -> steal 1 common from a destroyer"),
    ("E0434", "(`the owner of this card`)", "faction",
     "when round_end -> steal 1 common from the owner of this card"),
    ("E0434", "`the player to your lefft`", "civilization",
     "when round_end -> give 1 common to the player to your lefft"),
    ("E0434", "`a ship to your left`", "civilization",
     "when round_end -> deal 1 damage to a ship to your left"),
    ("W0411", "started at every `round_start`", "civilization",
     "when round_start -> your next ship costs 1 less"),
    ("W0413", "(`when round_end -> until the end of the round: ...`", "civilization",
     "when round_end -> until the end of the round: you have +1 trades"),
    ("W0414", "(a tech's `when game_start`", "civilization", "when game_start -> gain 1 light"),
]  # fmt: skip


@pytest.mark.parametrize(("code", "words", "kind", "text"), TABLE_ROWS)
def test_a_row_of_the_effect_table_names_what_gives_its_code(
    code: str, words: str, kind: str, text: str
) -> None:
    row = next(line for line in PAGE.splitlines() if line.startswith(f"| {code} |"))
    assert words in row, "the row no longer says this: update TABLE_ROWS"
    _, found = compile_effect(EffectSource.standalone(text), registry(), kind)
    assert code in [d.code for d in found], [d.headline() for d in found]
