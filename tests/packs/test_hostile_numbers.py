"""Hostile numbers and odd shapes found by fuzzing (issue 6): each is a located error, exit 1.

Each case edits a copy of the base pack the way the fuzzer did; before, each validated clean
and then broke `play` (memory, a setup or a Research that never ended) or broke `validate`
itself (exit 3).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.packs.schemas import game_schemas
from whitedwarf.dsl.registry import ArgKind
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.tools.cli import main


def validate_edited(tmp_path: Path, file: str, old: str, new: str) -> tuple[int, str]:
    pack = tmp_path / "lastlight"
    shutil.copytree(bundled_pack(), pack)
    path = pack / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    return result.exit_code, result.output


CASES = {
    "attack": (
        "techs.yaml",
        "effect: this ship type has +1 attack",
        "effect: this ship type has +1000000000 attack",
        r"techs\.yaml:\d+:\d+: error\[E0417\]: \+1000000000 is out of range for a change of "
        r"`attack`: it must be -3 to \+5",
    ),
    "starting_techs": (
        "factions.yaml",
        "you have +1 starting_techs",
        "you have +1000000000000000000000000000000 starting_techs",
        r"factions\.yaml:\d+:\d+: error\[E0417\]: \+1{1}0{30} is out of range for a change of "
        r"`starting_techs`",
    ),
    "research_draw": (
        "techs.yaml",
        "add 1 to research_draw",
        "add 1000000000 to research_draw",
        r"techs\.yaml:\d+:\d+: error\[E0417\]: \+1000000000 is out of range for a change of "
        r"`research_draw`: it must be -3 to \+10",
    ),
    "copies": (
        "techs.yaml",
        "copies: 3",
        "copies: 1000000000000",
        r"techs\.yaml:\d+:11: error\[E0606\]: `copies` is 1000000000000, out of range: "
        r"it must be 1 to 10",
    ),
    "faces": (
        "dice.yaml",
        "faces: 2",
        "faces: 1000000000000",
        r"dice\.yaml:\d+:16: error\[E0606\]: `faces` is 1000000000000, out of range",
    ),
    "id_as_mapping": (
        "board.yaml",
        "- {id: centre, slot: 0}",
        "- {id: {}, slot: 0}",
        r"board\.yaml:\d+:\d+: error\[E0604\]: `id` must be text, not a mapping",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_content_is_a_located_error_never_an_internal_one(
    tmp_path: Path, case: str
) -> None:
    file, old, new, expected = CASES[case]
    code, out = validate_edited(tmp_path, file, old, new)
    assert code == 1, out
    assert "internal error" not in out
    assert re.search(expected, out), out


def test_every_number_the_registry_knows_has_a_range_with_a_reason() -> None:
    reg = registry()
    for stat in reg.stats.values():
        assert stat.range.low < 0 < stat.range.high and stat.range.why, stat.name
    for verb in reg.verbs.values():
        for param in verb.params:
            if param.kind in (ArgKind.AMOUNT, ArgKind.NUMBER):
                bound = param.range
                assert (bound is not None and bound.why) or param.range_of, (verb.name, param)
    # `uses` and `discount`: use limits and one-shot discounts (issue 29)
    assert set(reg.numbers) == {"number", "count", "per", "repeat", "uses", "discount"}
    assert all(bound.why for bound in reg.numbers.values())


def _integers(schema: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    if isinstance(schema, list):
        return [found for i, item in enumerate(schema) for found in _integers(item, path)]
    if not isinstance(schema, dict):
        return []
    found = [(path, schema)] if schema.get("type") == "integer" else []
    for key, value in schema.items():
        found += _integers(value, f"{path}/{key}")
    return found


def test_every_integer_of_every_schema_has_a_declared_range() -> None:
    for name, schema in game_schemas("lastlight").items():
        for path, integer in _integers(schema):
            assert "minimum" in integer and "maximum" in integer, (name, path)
            assert integer["maximum"] <= 500, (name, path)  # nothing the game needs is larger


#: pack.yaml field -> (the line written, the error expected at it). Every number of a
#: version is 0 to 999,999,999 (nine digits: a date such as 20261206 fits).
MANIFEST_NUMBERS = {
    "version": (
        'version: "12345678901234567890123456789.0.0"',
        r"pack\.yaml:4:10: error\[E0705\]: `version` has the number "
        r"12345678901234567890123456789, out of range: each number of a version must be "
        r"0 to 999,999,999\n(.*\n){3}  = help: write a version such as \"1\.0\.0\"",
    ),
    "patch": (
        'version: "1.0.99999999999999999999999999"',
        r"pack\.yaml:4:10: error\[E0705\]: `version` has the number "
        r"99999999999999999999999999, out of range",
    ),
    "language": (
        'language: "1.99999999999999999999999999999"',
        r"pack\.yaml:6:11: error\[E0601\]: `language` has the number "
        r"99999999999999999999999999999, out of range: each number of a version must be "
        r"0 to 999,999,999\n(.*\n){3}  = help: `whitedwarf fix` writes the current one",
    ),
    "range": (
        'lastlight: ">=1.0,<99999999999999999999999999"',
        r"pack\.yaml:9:14: error\[E0705\]: `>=1\.0,<99999999999999999999999999` has the number "
        r"99999999999999999999999999, out of range: each number of a version must be "
        r"0 to 999,999,999\n(.*\n){3}  = help: write a range like",
    ),
    "pre-release": (
        'version: "1.0.0-' + "a" * 200 + '"',
        r"pack\.yaml:4:10: error\[E0705\]: `version` must be a semantic version like `1\.2\.0`",
    ),
}


@pytest.mark.parametrize("case", sorted(MANIFEST_NUMBERS))
def test_a_number_too_large_in_pack_yaml_is_a_located_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """A 29-digit major version was accepted (and carried into every replay and report);
    each number of a version and of a dependency's range now has a declared range."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "pack", "mymod"]).exit_code == 0
    manifest = tmp_path / "mymod" / "pack.yaml"
    line, expected = MANIFEST_NUMBERS[case]
    key = line.split(":")[0]
    text = manifest.read_text("utf-8")
    text = re.sub(rf"(?m)^( *){key}: .*$", lambda m: m.group(1) + line, text, count=1)
    manifest.write_text(text, "utf-8")
    result = CliRunner().invoke(main, ["validate", "mymod", "--no-cache"])
    assert result.exit_code == 1, result.output
    assert re.search(expected, result.output), result.output
    assert result.output.endswith("1 error, 0 warnings\n"), result.output


def test_a_whole_number_written_with_a_point_reaches_the_engine_as_a_whole_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`copies: 2.0` and `cost: {common: 2.0}` are whole numbers to the JSON Schema (and so
    to an editor), so validate accepts them; the engine was then handed the floats 2.0 (a
    cost paid in floats leaves `1.0 common` in a player's supply). They are read as 2; a
    number that is not whole (2.5) is still refused, and a huge one is still out of range."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "pack", "mymod"]).exit_code == 0
    techs = tmp_path / "mymod" / "techs.yaml"
    text = techs.read_text("utf-8").replace("copies: 1", "copies: 2.0")
    techs.write_text(text.replace("{common: 2}", "{common: 2.0, uncommon: 1e0}"), "utf-8")
    result = load_packs([Path("mymod")])
    assert not result.errors, result.errors
    assert result.pack is not None
    card = next(t for t in result.pack.data["techs"] if t["id"] == "mymod_tech")
    assert (card["copies"], card["cost"]) == (2, {"common": 2, "uncommon": 1})
    assert all(type(n) is int for n in (card["copies"], *card["cost"].values()))
    techs.write_text(text.replace("copies: 2.0", "copies: 2.5"), "utf-8")
    out = CliRunner().invoke(main, ["validate", "mymod", "--no-cache"]).output
    assert "`copies` must be a whole number, not the number 2.5" in out, out
    techs.write_text(text.replace("copies: 2.0", "copies: 1e300"), "utf-8")
    out = CliRunner().invoke(main, ["validate", "mymod", "--no-cache"]).output
    assert "`copies` is 1e+300, out of range: it must be 1 to 10" in out, out


@pytest.mark.parametrize("value", [".inf", "1e400", "-.inf"])
def test_an_infinite_float_is_one_error_not_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """`copies: .inf` was told twice at one place: not a whole number (E0604), and out of
    range (E0606); the first says all a designer needs (the hint gives the range)."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "pack", "mymod"]).exit_code == 0
    techs = tmp_path / "mymod" / "techs.yaml"
    techs.write_text(techs.read_text("utf-8").replace("copies: 1", f"copies: {value}"), "utf-8")
    out = CliRunner().invoke(main, ["validate", "mymod", "--no-cache"]).output
    assert out.endswith("1 error, 0 warnings\n"), out
    assert re.search(r"error\[E0604\]: `copies` must be a whole number, not the number", out)
    assert "(1 to 10: the base game prints at most 3 copies of a card)" in out, out


@pytest.mark.parametrize("players", [1, 5])
def test_a_setup_for_a_player_count_the_game_never_seats_is_refused(
    tmp_path: Path, players: int
) -> None:
    """A 1-player setup validated clean (the schema took 1 to 6) and `play --seats random`
    then refused the count: the setup could never be used. Last Light seats 2 to 4, so a
    setup for another count is out of range at its `players`."""
    pack = tmp_path / "lastlight"
    shutil.copytree(bundled_pack(), pack)
    setups = pack / "setups.yaml"
    text = setups.read_text("utf-8")
    two = text[text.index("  - players: 2") :]
    setups.write_text(text + "\n" + two.replace("players: 2", f"players: {players}", 1), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert re.search(
        rf"setups\.yaml:\d+:14: error\[E0606\]: `players` is {players}, out of range: it must "
        r"be 2 to 4\n",
        result.output,
    ), result.output
    assert '= help: 000 "Setup": Last Light is for 2 to 4 players' in result.output
