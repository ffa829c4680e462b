"""`whitedwarf fmt`: one layout, idempotent, comments and meaning kept (issue 11 item 5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.tools.cli import main
from whitedwarf.tools.fmt import pack_files
from whitedwarf.tools.formatter import _comments, _comparable, format_file, format_text

from tests.packs import corpus


def fmt(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["fmt", *args])
    return result.exit_code, result.output


def meaning(result) -> list[tuple[str, str]]:
    """What validation says, without where (formatting moves lines)."""
    return sorted((d.code, d.message) for d in result.diagnostics)


def test_base_pack_round_trip(tmp_path: Path) -> None:
    pack = tmp_path / "lastlight"
    shutil.copytree(bundled_pack(), pack)
    before = load_packs([pack], bundled=False)
    assert fmt(str(pack))[0] == 0
    after = load_packs([pack], bundled=False)
    assert meaning(after) == meaning(before) == []
    same = {k: _comparable(v) for k, v in before.pack.data.items()}
    assert {k: _comparable(v) for k, v in after.pack.data.items()} == same
    status, output = fmt("--check", str(pack))
    assert status == 0, output  # formatting twice changes nothing
    for path in pack_files(bundled_pack()):
        original = path.read_text(encoding="utf-8")
        assert not _comments(original) - _comments((pack / path.name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", corpus.cases(), ids=lambda p: p.name)
def test_every_fixture_round_trips(case: Path, tmp_path: Path, monkeypatch) -> None:
    copy = tmp_path / case.name
    shutil.copytree(case, copy, symlinks=True)
    monkeypatch.chdir(copy)
    before = meaning(corpus.run_case(copy))
    originals = {p: p.read_bytes() for p in copy.rglob("*.yaml") if not p.is_symlink()}
    for folder in corpus.pack_folders(copy):
        for path in pack_files(folder):
            first = format_file(path)
            if first.text is None:
                continue  # not valid pack YAML: left alone, checked below
            second = format_text(first.text, path, str(path))
            assert second.text == first.text, f"{path.name}: formatting is not idempotent"
            path.write_text(first.text, encoding="utf-8")
    assert meaning(corpus.run_case(copy)) == before
    for path, raw in originals.items():
        result = format_file(path) if path.exists() else None
        if result is not None and result.text is None:
            assert path.read_bytes() == raw  # a file fmt refused is never touched


def test_check_and_diff_change_nothing(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    pack.mkdir()
    messy = (
        "# my techs\n"
        "- effect: this ship type has +1 attack   \n"
        "  id: laser   # the laser\n"
        "  name: Laser\n"
    )
    (pack / "techs.yaml").write_text(messy)
    status, output = fmt("--check", str(pack))
    assert status == 1 and "techs.yaml: would be reformatted" in output
    status, output = fmt("--diff", str(pack))
    assert "+- id: laser # the laser" in output
    assert (pack / "techs.yaml").read_text() == messy
    assert fmt(str(pack))[0] == 0
    assert (pack / "techs.yaml").read_text() == (
        "# my techs\n- id: laser # the laser\n  name: Laser\n"
        "  effect: this ship type has +1 attack\n"
    )


def test_bad_yaml_is_left_alone_with_the_reason(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    pack.mkdir()
    bad = "- id: laser\n  name: [unclosed\n"
    (pack / "techs.yaml").write_text(bad)
    status, output = fmt(str(pack))
    assert status == 1 and "left alone: it is not valid pack YAML" in output
    assert (pack / "techs.yaml").read_text() == bad
    # where it goes wrong, as validate says it (it once said only "not valid pack YAML")
    assert f"{pack / 'techs.yaml'}:2:9: error[E0501]: the `[` here is never closed" in output
    assert "(`whitedwarf validate` shows each with its fix)" in output


def test_multiline_effects_become_tidy_blocks(tmp_path: Path) -> None:
    text = (
        "- id: a\n  effect: >-\n    when round_start\n    -> gain 1 light\n"
        '- id: b\n  effect: "activated: exhaust this card -> gain 1 light"\n'
        "- id: c\n  effect: |\n    you have +1 research_draw   \n    you have +1 starting_techs\n"
    )
    result = format_text(text, tmp_path / "techs.yaml", "techs.yaml")
    assert result.text == (
        "- id: a\n  effect: when round_start -> gain 1 light\n"
        "- id: b\n  effect: |-\n    activated: exhaust this card -> gain 1 light\n"
        "- id: c\n  effect: |\n    you have +1 research_draw\n    you have +1 starting_techs\n"
    )


def test_an_end_of_line_comment_keeps_its_column(tmp_path: Path) -> None:
    """A comment after a card's value stays where the designer put it, run after run."""
    path = tmp_path / "techs.yaml"
    text = (
        "- id: laser\n"
        "  name: Laser\n"
        "  kind: ship_mod          # civilization | ship_ability | ship_mod\n"
        "  cost: {common: 2}       # common, uncommon, rare\n"
        "  source: invented\n"
        '  text: "Ship #1 gets  # no comment"\n'
        "  effect: this ship type has +1 attack\n"
    )
    first = format_text(text, path, str(path)).text
    assert first is not None
    assert "  kind: ship_mod          # civilization" in first
    assert "  cost: {common: 2}       # common" in first
    assert '"Ship #1 gets  # no comment"' in first
    assert format_text(first, path, str(path)).text == first


def test_a_comment_between_keys_stays_by_its_key(tmp_path: Path) -> None:
    """A comment line above a key explains that key: the card keeps its order rather than
    carry the comment to another key (ruamel files it under the key above)."""
    text = (
        "- id: refresh\n"
        "  steps: [refresh, claim]\n"
        "  turn_order: false\n"
        "  # why it cannot be returned\n"
        "  returnable: false\n"
        "  text: Refresh.\n"
    )
    assert format_text(text, tmp_path / "actions.yaml", "actions.yaml").text == text


def test_keys_the_order_does_not_name_keep_their_places(tmp_path: Path) -> None:
    """Another game's keys (a Starlight laurel's goal and points) stay where they were; the
    named keys fill the other places in order."""
    text = (
        "- id: a\n  name: A\n  text: Claim it.\n  source: invented\n"
        "  goal: as soon as alpha_stars >= 1 -> claim\n  points: 4\n  notes: Why.\n"
    )
    assert format_text(text, tmp_path / "laurels.yaml", "laurels.yaml").text == (
        "- id: a\n  name: A\n  source: invented\n  text: Claim it.\n"
        "  goal: as soon as alpha_stars >= 1 -> claim\n  points: 4\n  notes: Why.\n"
    )


def test_a_flow_list_broken_over_lines_becomes_a_block(tmp_path: Path) -> None:
    """Nothing is folded, so a flow list the designer wrapped would become one long line: it
    is written one item a line instead; a flow list on one line stays."""
    text = "- id: a\n  deep: [inner_1,\n    inner_3]\n  flat: [x, y]\n"
    assert format_text(text, tmp_path / "setups.yaml", "setups.yaml").text == (
        "- id: a\n  deep:\n    - inner_1\n    - inner_3\n  flat: [x, y]\n"
    )


def test_a_null_stays_null_in_a_block_as_in_a_flow(tmp_path: Path) -> None:
    """ruamel wrote a null in a block as nothing (``accolade:``, and ``- `` with a trailing
    blank in a list) but kept ``null`` in a flow; fmt writes the word everywhere."""
    text = "- id: a\n  accolade: null\n  marks:\n    - ~\n    - 2\n- {id: b, accolade: null}\n"
    assert format_text(text, tmp_path / "starbots.yaml", "starbots.yaml").text == (
        "- id: a\n  accolade: null\n  marks:\n    - null\n    - 2\n- {id: b, accolade: null}\n"
    )


@pytest.mark.parametrize("game", ["lastlight", "starlight"])
def test_the_bundled_packs_are_laid_out_as_fmt_writes(game: str) -> None:
    status, output = fmt("--check", str(bundled_pack().parent / game))
    assert status == 0, output


def test_an_effect_keeps_its_data_to_the_last_line_end(tmp_path: Path) -> None:
    """A saved game names its content's digest: formatting must not change an effect's
    string, not even by the line end a ``|`` block adds."""
    from whitedwarf.dsl.packs.yamlsource import parse_yaml

    text = (
        '- id: a\n  effect: "when miss_rolled -> may choose one: reroll this die"\n'
        "- id: b\n  effect: |\n    when round_start -> gain 1 light\n"
        "- id: c\n  effect: when round_start -> gain 1 light\n"
    )
    path = tmp_path / "techs.yaml"
    result = format_text(text, path, str(path)).text
    assert result is not None
    before, after = parse_yaml(text, path, str(path))[0], parse_yaml(result, path, str(path))[0]
    assert before is not None and after is not None
    assert after.data == before.data


def test_an_effect_shared_through_an_anchor_stays_shared(tmp_path: Path) -> None:
    """`effect: &shared ...` and `effect: *shared`: fmt laid the value out anew, which
    dropped the anchor and wrote the effect out in both cards, so an edit of one no longer
    changed the other. An anchored effect stays as written; the other effects are laid out."""
    text = (
        "- id: a\n  effect: &shared >-\n    when round_start\n    -> gain 1 light\n"
        "- id: b\n  effect: *shared\n"
        "- id: c\n  effect: >-\n    when round_start\n    -> gain 1 common\n"
    )
    result = format_text(text, tmp_path / "techs.yaml", "techs.yaml")
    assert result.text == (
        "- id: a\n  effect: &shared >-\n    when round_start\n    -> gain 1 light\n"
        "- id: b\n  effect: *shared\n"
        "- id: c\n  effect: when round_start -> gain 1 common\n"
    )


def test_starlight_points_boon_and_goal_are_laid_out_as_effects(tmp_path: Path) -> None:
    """fmt laid out only `effect:`; Starlight's effects are also a Flare's `points` and
    `boon` and a laurel's or accolade's `goal` (the game's content spec says so). They are
    laid out as an effect is, and nothing else moves: a laurel's `points` is a number, and
    a quoted `"5"` in a field that is no effect stays quoted. A file fmt cannot read is left
    as it was."""
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        'id: mod\nname: Mod\nversion: 0.1.0\ngame: starlight\nlanguage: "1.0"\n'
        'depends: {starlight: ">=1.0"}\n',
        encoding="utf-8",
    )
    flares = mod / "flares.yaml"
    flares.write_text(
        "- id: f\n  name: F\n  source: invented\n  text: t\n"
        "  points: |\n    gain 2 night_points   \n"
        '  boon:    "gain 1 core"\n'
        "- id: g\n  name: G\n  source: invented\n  text: t\n"
        "  points: gain 1 night_point\n"
        '  boon: "choose one: gain 1 core or gain 1 ap"\n',
        encoding="utf-8",
    )
    laurels = mod / "laurels.yaml"
    laurels.write_text(
        '- id: l\n  name: L\n  source: invented\n  text: t\n  points: 5\n  notes: "5"\n'
        "  goal: >-\n    as soon as alpha_stars >= 1\n    -> claim\n",
        encoding="utf-8",
    )
    before = load_packs([mod])
    assert before.pack is not None, before.diagnostics
    broken = mod / "accolades.yaml"
    broken.write_text("- id: a\n  goal: [unclosed\n", encoding="utf-8")
    status, output = fmt(str(mod))
    assert status == 1 and "accolades.yaml: left alone" in output, output
    assert broken.read_text(encoding="utf-8") == "- id: a\n  goal: [unclosed\n"
    assert flares.read_text(encoding="utf-8") == (
        "- id: f\n  name: F\n  source: invented\n  text: t\n"
        "  points: |\n    gain 2 night_points\n"
        "  boon: gain 1 core\n"
        "- id: g\n  name: G\n  source: invented\n  text: t\n"
        "  points: gain 1 night_point\n"
        "  boon: |-\n    choose one: gain 1 core or gain 1 ap\n"
    )
    assert laurels.read_text(encoding="utf-8") == (
        "- id: l\n  name: L\n  source: invented\n  text: t\n"
        '  points: 5\n  notes: "5"\n  goal: as soon as alpha_stars >= 1 -> claim\n'
    )
    broken.unlink()
    after = load_packs([mod])
    assert after.pack is not None and meaning(after) == meaning(before)
    effects = ("points", "boon", "goal")
    for stem in ("flares", "laurels"):
        assert _comparable(after.pack.data[stem], effects) == _comparable(
            before.pack.data[stem], effects
        )
    assert fmt("--check", str(mod))[0] == 0  # laid out once, for good
