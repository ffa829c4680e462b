"""Examples of docs/diagnostics.md that whitedwarf reproduces word for word.

Each scenario is built in a fresh folder that is the current directory, as a user's would be,
so the paths in the output are the relative ones a user sees (never this machine's).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.tools.cli import main

from .corpus import FIXTURES, SHARED
from .test_cli import write_self_trigger_mod

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md").read_text("utf-8")


def example(code: str) -> list[str]:
    """The headlines of the examples under ``### code`` (or anywhere, for later examples)."""
    return re.findall(rf"^(\S+: (?:error|warning)\[{code}\]: .*)$", PAGE, re.M)


def run_play(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", *args])
    return result.exit_code, result.output


def validate(*args: str) -> str:
    result = CliRunner().invoke(main, ["validate", "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    return result.output


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_e0704_names_the_dependency_by_its_relative_folder(here: Path) -> None:
    shutil.copytree(SHARED / "mini", here / "mini")
    shutil.copytree(FIXTURES / "dep_version" / "mod", here / "mod")
    [headline] = example("E0704")
    assert headline in validate("mod", "--pack-path", ".")


def test_e0606_an_out_of_range_number(here: Path) -> None:
    shutil.copytree(bundled_pack(), here / "lastlight")
    techs = here / "lastlight" / "techs.yaml"
    techs.write_text(techs.read_text("utf-8").replace("copies: 3", "copies: 1000000000000", 1))
    [headline] = example("E0606")
    assert headline in validate("lastlight")


def test_e0501_a_colon_in_a_plain_effect(here: Path) -> None:
    shutil.copytree(SHARED / "mini", here / "mini")
    mod = here / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {mini: '>=1'}\n"
    )
    (mod / "factions.yaml").write_text(
        "- id: drifters\n  name: Drifters\n  three_plus: false\n"
        "  effect: choose one: gain 1 common or gain 1 rare\n  source: invented\n"
    )
    headlines = example("E0501")
    assert headlines[1] in validate("mod", "--pack-path", ".")


def test_e0701_no_pack_yaml_or_a_file_given_for_a_pack(here: Path) -> None:
    shutil.copytree(SHARED / "mini", here / "mod")
    (here / "mod" / "techs.yaml").write_text("[]\n")
    (here / "mod" / "pack.yaml").rename(here / "pack.yaml.away")
    missing, a_file = example("E0701")
    assert missing in validate("mod")
    assert [d.headline() for d in load_packs(["mod/techs.yaml"]).diagnostics] == [a_file]
    (here / "pack.yaml.away").rename(here / "mod" / "pack.yaml")
    refused = CliRunner().invoke(main, ["validate", "mod/techs.yaml"])
    said = re.search(r"^Error: .*'mod/techs.yaml' is a file.*$", PAGE, re.M)
    assert refused.exit_code == 2 and said is not None and said.group(0) in refused.output


def test_e0507_a_link_leading_out_of_the_pack(here: Path) -> None:
    shutil.copytree(SHARED / "mini", here / "mod")
    (here / "secret.txt").write_text("not the pack's to show\n")
    (here / "mod" / "zz_escape.yaml").symlink_to(here / "secret.txt")
    [headline] = example("E0507")
    out = validate("mod")
    assert headline in out and "not the pack's" not in out


def _mini_mod(here: Path, files: dict[str, str]) -> None:
    shutil.copytree(SHARED / "mini", here / "mini")
    mod = here / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {mini: '>=1'}\n"
        "allow: [W0902]\n"
    )
    for name, text in files.items():
        (mod / name).write_text(text)


def block(code: str) -> str:
    """The first example block under ``### code``, as the page prints it."""
    section = PAGE.split(f"### {code}\n", 1)[1]
    return section.split("```\n", 2)[1]


def test_e0602_a_field_the_manifest_does_not_have(here: Path) -> None:
    """The page listed the manifest's fields without `language`, which pack.yaml has."""
    mod = here / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\nextra: 1\ngame: lastlight\n"
        'depends: {lastlight: ">=1.0,<2"}\n'
    )
    assert block("E0602") in validate("mod")


def test_e0805_a_mod_removing_an_action_card(here: Path) -> None:
    _mini_mod(here, {"actions.yaml": "- {id: trade, remove: true}\n"})
    [headline] = example("E0805")
    assert headline in validate("mod", "--pack-path", ".")


def test_e0923_an_action_card_field_the_engine_would_ignore(here: Path) -> None:
    card = (
        "- number: 4\n  id: trade\n  name: Barter\n  source: invented\n  replace: true\n"
        "  steps: [trade]\n  returnable: true\n  turn_order: false\n"
    )
    _mini_mod(here, {"actions.yaml": card})
    [headline] = example("E0923")
    assert headline in validate("mod", "--pack-path", ".")


def test_e0930_a_mod_removing_too_many_factions(here: Path) -> None:
    _mini_mod(
        here, {"factions.yaml": "- {id: allterra, remove: true}\n- {id: drifters, remove: true}\n"}
    )
    [headline] = example("E0930")
    assert headline in validate("mod", "--pack-path", ".")


def test_e0924_a_ship_count_the_supply_contradicts(here: Path) -> None:
    shutil.copytree(bundled_pack(), here / "lastlight")
    ships = here / "lastlight" / "ships.yaml"
    text = ships.read_text("utf-8")
    large = text.index("id: large")
    at = text.index("count: 2", large)
    ships.write_text(text[:at] + "count: 4" + text[at + len("count: 2") :])
    [headline] = example("E0924")
    assert headline in validate("lastlight")


def test_w0925_research_keeping_more_than_it_draws(here: Path) -> None:
    """A mod's supply.yaml drawing 1 tech and keeping 2 played as 'keep the one drawn'
    without a word: the two numbers were most likely swapped."""
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
    )
    supply = (bundled_pack() / "supply.yaml").read_text("utf-8")
    assert "  research_draw: 3\n" in supply
    (here / "mod" / "supply.yaml").write_text(
        supply.replace("  research_draw: 3\n", "  research_draw: 1\n")
    )
    [headline] = example("W0925")
    output = validate("mod")
    assert headline in output and "0 errors, 1 warning" in output
    assert "W0925" not in validate(str(bundled_pack()))


def _many_techs(count: int, copies: int) -> str:
    """A techs.yaml of ``count`` plain cards of ``copies`` copies each (9 lines a card)."""
    card = (
        "- id: t{i}\n  name: T {i}\n  kind: civilization\n  cost: {{common: 1}}\n"
        "  copies: {copies}\n  source: invented\n  allow: [W0430]\n  text: x\n"
        "  effect: when round_start -> gain 1 common\n"
    )
    return "# 2,000 techs\n" + "".join(card.format(i=i, copies=copies) for i in range(count))


def test_e0926_a_deck_of_more_cards_than_the_engine_builds(here: Path) -> None:
    """2,000 techs of 10 copies each validated clean, then every `play` refused the pack at
    setup ("a deck holds at most 10,000"): validate tells it, at the card's `copies`."""
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
        "allow: [W0902]\n"
    )
    (here / "mod" / "techs.yaml").write_text(_many_techs(2000, 10))
    [headline] = example("E0926")
    output = validate("mod")
    assert headline in output and output.endswith("1 error, 0 warnings\n"), output
    (here / "mod" / "techs.yaml").write_text(_many_techs(990, 10))  # 9,900 + the base's 83
    assert "E0926" not in validate("mod")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("no crystals", None),
        ("  game_end_light: 20\n", "the box holds 90 light in crystals, but a player wins at 100"),
    ],
)
def test_e0927_less_light_in_the_box_than_a_player_needs(
    here: Path, change: str, said: str | None
) -> None:
    """A mod's supply.yaml without `light_crystals` (an optional field) validated clean, and
    every game then ran to the round limit with 0 light; so did `game_end_light: 100` with the
    base game's 90 light of crystals."""
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
    )
    supply = (bundled_pack() / "supply.yaml").read_text("utf-8")
    crystals = "light_crystals:\n  - {value: 1, count: 15}\n  - {value: 5, count: 15}\n"
    assert crystals in supply and "  game_end_light: 20\n" in supply
    if said is None:
        (here / "mod" / "supply.yaml").write_text(supply.replace(crystals, ""))
        [headline] = example("E0927")
        output = validate("mod")
        assert headline in output and output.endswith("1 error, 0 warnings\n"), output
        return
    (here / "mod" / "supply.yaml").write_text(supply.replace(change, change.replace("20", "100")))
    output = validate("mod")
    assert f"supply.yaml:17:1: error[E0927]: {said}" in output, output


def test_e0928_lumos_ships_the_engine_never_places(here: Path) -> None:
    """8 small Lumos ships (the supply holds 5) validated clean and 3 were silently left out;
    Lumos ships in the 3-player setup were never placed at all (the Lumos are 002's 2-player
    variant)."""
    shutil.copytree(bundled_pack(), here / "lastlight")
    setups = here / "lastlight" / "setups.yaml"
    text = setups.read_text("utf-8")
    lumos = "      - {faction: lumos, sector: centre, ships: {small: 2}}\n"
    assert text.count(lumos) == 1
    setups.write_text(text.replace(lumos, lumos.replace("small: 2", "small: 8")))
    [headline] = example("E0928")
    output = validate("lastlight")
    assert headline in output, output
    assert output.endswith("1 error, 0 warnings\n"), output
    at = text.index("  - players: 3")
    three = text[:at] + text[at:].replace(
        "    homes:", "    neutral_ships:\n" + lumos + "    homes:", 1
    )
    setups.write_text(three)
    output = validate("lastlight")
    assert "error[E0928]: the 3-player setup places Lumos ships, but the Lumos join 2-player " in (
        output
    ), output
    setups.write_text(text)
    supply = here / "lastlight" / "supply.yaml"
    start = "  starting_ships: {small: 1}\n"
    assert start in supply.read_text("utf-8")
    supply.write_text(supply.read_text("utf-8").replace(start, start.replace("1}", "1, large: 4}")))
    output = validate("lastlight")
    assert "supply.yaml:52:37: error[E0928]: each player starts with 4 large ships, but a " in (
        output
    ), output


def test_e0929_a_ship_size_left_out(here: Path) -> None:
    """A supply without large ships (or a ships.yaml without the type) validated clean, and
    every game then stopped with an internal error (KeyError 'large') at a Construct."""
    shutil.copytree(bundled_pack(), here / "lastlight")
    supply = here / "lastlight" / "supply.yaml"
    ships = "  ships: {small: 5, medium: 3, large: 2}\n"
    assert ships in supply.read_text("utf-8")
    supply.write_text(supply.read_text("utf-8").replace(ships, ships.replace(", large: 2", "")))
    [headline] = example("E0929")
    output = validate("lastlight")
    assert headline in output and output.endswith("1 error, 0 warnings\n"), output
    code, out = run_play("--pack", "lastlight", "--seats", "random,random")
    assert code == 1 and "internal error" not in out, out


def test_e0950_ray_bags_without_a_ray(here: Path) -> None:
    """Every colour at 0 long and 0 short rays validated clean; every game then ran to the
    round limit with no star launched and no points."""
    shutil.copytree(bundled_pack("starlight"), here / "starlight")
    rays = here / "starlight" / "rays.yaml"
    assert "long: 8, short: 8" in rays.read_text("utf-8")
    rays.write_text(rays.read_text("utf-8").replace("long: 8, short: 8", "long: 0, short: 0"))
    [headline] = example("E0950")
    output = validate("starlight")
    assert headline in output and output.endswith("1 error, 0 warnings\n"), output
    rays.write_text(rays.read_text("utf-8").replace("long: 0, short: 0", "long: 0, short: 1", 1))
    assert "E0950" not in validate("starlight")


def test_e0902_a_mods_removal_names_a_bundled_file_inside_its_pack(here: Path) -> None:
    """The first place still naming the removed card was shown by its install path (a
    site-packages folder on a stranger's machine): it is named inside its bundled pack."""
    (here / "starmod").mkdir()
    (here / "starmod" / "pack.yaml").write_text(
        "id: starmod\nname: Star mod\nversion: 0.1.0\ngame: starlight\n"
        "depends: {starlight: '>=1'}\n"
    )
    (here / "starmod" / "privileges.yaml").write_text("- {id: refill_rays, remove: true}\n")
    _, headline = example("E0902")
    output = validate("starmod")
    assert headline in output
    assert str(bundled_pack("starlight")) not in output


def test_w0901_a_word_a_mod_left_unused(here: Path) -> None:
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
        "allow: [W0902]\n"
    )
    (here / "mod" / "factions.yaml").write_text("- {id: korrundi, remove: true}\n")
    headline = example("W0901")[1]
    assert headline in validate("mod")


def test_w0904_a_mod_card_with_a_base_cards_name(here: Path) -> None:
    shutil.copytree(bundled_pack(), here / "lastlight")
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
        "allow: [W0902]\n"
    )
    (here / "mod" / "techs.yaml").write_text(
        "- id: jump_drive\n  name: Warp Drive\n  kind: ship_ability\n  cost: {common: 2}\n"
        "  copies: 1\n  source: invented\n  text: 'At the start of each round: gain 1 [common].'\n"
        "  effect: when round_start -> gain 1 common\n"
    )
    [headline] = example("W0904")
    assert headline in validate("mod", "--pack-path", ".")


def test_e0607_a_name_too_long_for_a_card(here: Path) -> None:
    assert CliRunner().invoke(main, ["new", "pack", "mod"]).exit_code == 0
    techs = here / "mod" / "techs.yaml"
    name = "Grand Unified Quantum Chromodynamic Hyperlattice Resonance Field Generator"
    techs.write_text(techs.read_text("utf-8").replace("name: Mod Tech", f"name: {name}", 1))
    page_block = PAGE[PAGE.index("mod/techs.yaml:3:9: error[E0607]") :]
    shown = page_block[: page_block.index("```")].rstrip("\n")
    assert shown in validate("mod")


def test_e0514_an_escape_sequence_in_a_name(here: Path) -> None:
    assert CliRunner().invoke(main, ["new", "pack", "mod"]).exit_code == 0
    techs = here / "mod" / "techs.yaml"
    techs.write_text(
        techs.read_text("utf-8").replace("name: Mod Tech", 'name: "Mod\\e[2J Tech"', 1)
    )
    page_block = PAGE[PAGE.index("mod/techs.yaml:3:13: error[E0514]") :]
    shown = page_block[: page_block.index("```")].rstrip("\n")
    assert shown in validate("mod")


@pytest.mark.parametrize("char", ["\\x9b", "\\u202e", "\\u200b", "\\0", "\\x7f", "\\ufeff"])
def test_e0514_each_invisible_character_in_any_text(here: Path, char: str) -> None:
    assert CliRunner().invoke(main, ["new", "pack", "mod"]).exit_code == 0
    pack = here / "mod" / "pack.yaml"
    text = pack.read_text("utf-8")
    pack.write_text(text.replace("description: Mod,", f'description: "a{char}b" #', 1))
    assert "error[E0514]: this text holds the invisible character U+" in validate("mod")


def test_w0701_a_sibling_pack_with_the_base_games_id(here: Path) -> None:
    assert CliRunner().invoke(main, ["new", "pack", "mod"]).exit_code == 0
    shutil.copytree(bundled_pack(), here / "evil")
    page_block = PAGE[PAGE.index("mod/pack.yaml:9:3: warning[W0701]") :]
    shown = page_block[: page_block.index("```")].rstrip("\n")
    assert shown in validate("mod")


def test_a_line_too_long_to_show_is_cut_around_the_fault(here: Path) -> None:
    assert CliRunner().invoke(main, ["new", "pack", "mod"]).exit_code == 0
    techs = here / "mod" / "techs.yaml"
    techs.write_text(techs.read_text("utf-8").replace("name: Mod Tech", "name: " + "N" * 5000))
    out = validate("mod")
    excerpt = next(line for line in out.splitlines() if line.startswith("3 | "))
    assert excerpt == "3 |   name: " + "N" * 112 + "..."
    carets = out.splitlines()[out.splitlines().index(excerpt) + 1]
    assert carets == "  |         " + "^" * 112


def test_a_fault_far_along_a_long_line_is_shown_in_its_window(here: Path) -> None:
    from whitedwarf.dsl.diagnostics import Diagnostic, SourceLines, Span, render_text

    line = "x" * 3000 + "FAULT" + "y" * 3000
    span = Span("f.yaml", 1, 3001, 1, 3006)
    text = render_text(Diagnostic("E0301", "here", span), SourceLines({"f.yaml": line}))
    _, _, shown, carets = text.splitlines()
    assert shown.startswith("1 | ...") and shown.endswith("...") and len(shown) == 4 + 126
    assert shown[carets.index("^") :].startswith("FAULT") and carets.count("^") == 5


def test_w0902_counts_copies_where_cards_have_them_and_cards_where_not(here: Path) -> None:
    shutil.copytree(SHARED / "mini", here / "mini")
    shutil.copytree(FIXTURES / "warnings" / "mod", here / "mod")
    out = validate("mod", "--pack-path", ".")
    tech, faction, _starbots = example("W0902")
    assert tech in out and faction in out
    # A faction has no `copies`: the hint must not ask for one.
    assert "= help: remove a card, or silence this" in out


def test_e0902_a_removal_a_dependency_still_names(here: Path) -> None:
    shutil.copytree(bundled_pack("starlight"), here / "content" / "starlight")
    mod = here / "starmod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: starmod\nname: Starmod\nversion: 0.1.0\ngame: starlight\n"
        "depends: {starlight: '>=1.0,<2'}\n"
    )
    (mod / "privileges.yaml").write_text("- {id: refill_rays, remove: true}\n")
    headline = next(line for line in example("E0902") if "removes" in line)
    # a copy of the pack is not the bundled one: its file is shown by its own path
    shown = headline.replace(
        "sky.yaml:49:65 of the bundled pack starlight", "content/starlight/sky.yaml:49:65"
    )
    assert shown in validate("starmod", "--pack-path", "content")


def test_w0432_a_starlight_god_without_text(here: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["new", "pack", "mod", "--game", "starlight"]).exit_code == 0
    assert runner.invoke(main, ["new", "god", "mod", "apollo"]).exit_code == 0
    gods = here / "mod" / "gods.yaml"
    gods.write_text(re.sub(r"(?m)^  text: .*\n", "", gods.read_text("utf-8")))
    [headline] = example("W0432")
    assert headline in validate("mod")


def test_w0403_a_card_that_triggers_itself(here: Path) -> None:
    write_self_trigger_mod(here / "mod")
    start = PAGE.index("mod/techs.yaml:10:24: warning[W0403]")
    block = PAGE[start : PAGE.index("\n```", start)]
    assert block in validate("mod")


def test_e0707_a_mod_of_one_game_depending_on_a_pack_of_another(here: Path) -> None:
    """The mistake is in the mod's pack.yaml, so that is where it is told, with the fix: not
    at the bundled dependency's `game:` line, a file the designer never wrote."""
    assert CliRunner().invoke(main, ["new", "pack", "mod"]).exit_code == 0
    manifest = here / "mod" / "pack.yaml"
    manifest.write_text(manifest.read_text("utf-8").replace("game: lastlight", "game: starlight"))
    page_block = PAGE[PAGE.index("mod/pack.yaml:9:3: error[E0707]") :]
    shown = page_block[: page_block.index("```")].rstrip("\n")
    out = validate("mod")
    assert shown in out
    assert out.count("error[E0707]") == 1 and "content/lastlight" not in out


def _starbot_mod(here: Path, starbots: str) -> None:
    """A Starlight mod of the bundled pack, its manifest without `allow`, with these cards."""
    mod = here / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: starlight\ndepends: {starlight: '>=1.0,<2'}\n"
    )
    (mod / "starbots.yaml").write_text(starbots)


def test_e0948_a_starbot_card_without_an_accolade_place(here: Path) -> None:
    _starbot_mod(
        here,
        "- {id: overdrive, name: Overdrive, source: invented, action: gain_cores, night_points: 2,"
        " accolade: null}\n- {id: starbot_27, remove: true}\n",
    )
    start = PAGE.index("mod/starbots.yaml:1:101: error[E0948]")
    block = PAGE[start : PAGE.index("\n```", start)]
    out = validate("mod")
    assert block in out and "1 error, 0 warnings" in out


def test_e0948_a_refresh_card_with_an_accolade_place(here: Path) -> None:
    _starbot_mod(here, "- {id: starbot_28, replace: true, name: Refresh, source: invented,"
                 " action: refresh, night_points: 3, accolade: 2}\n")  # fmt: skip
    out = validate("mod")
    assert "error[E0948]: Starbot card `starbot_28` is a Refresh card but marks accolade" in out
    assert "= help: write `accolade: null`" in out


def test_w0902_a_starbot_deck_of_27_cards(here: Path) -> None:
    _starbot_mod(here, "- {id: starbot_27, remove: true}\n")
    start = PAGE.index("mod/starbots.yaml:1:8: warning[W0902]")
    block = PAGE[start : PAGE.index("\n```", start)]
    out = validate("mod")
    assert block in out and "0 errors, 1 warning" in out


PACKS_PAGE = (Path(__file__).resolve().parents[2] / "docs" / "packs.md").read_text("utf-8")


def test_the_manifest_of_docs_packs_md_validates(here: Path) -> None:
    """The page's pack.yaml, copied as it stands, is a mod that validates clean."""
    manifest = PACKS_PAGE.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert "language:" in manifest  # the field `whitedwarf new pack` writes is documented
    (here / "space_pirates").mkdir()
    (here / "space_pirates" / "pack.yaml").write_text(manifest)
    # Its cards: a 16th faction, which its `allow: [W0902]` is for (an entry that silences
    # nothing is W0903: E166).
    (here / "space_pirates" / "factions.yaml").write_text(
        "- id: corsairs\n  name: Corsairs\n  three_plus: false\n  source: invented\n"
        "  text: 'At the start of each round: gain 1 [common].'\n"
        "  effect: when round_start -> gain 1 common\n"
    )
    assert "checked lastlight 1.0.0, space_pirates 1.2.0: 0 errors, 0 warnings" in validate(
        "space_pirates"
    )
