"""``whitedwarf validate`` and ``whitedwarf schema``: output formats and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

from .corpus import FIXTURES, SHARED


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_a_clean_pack_exits_0() -> None:
    code, out = run("validate", str(SHARED / "mini"))
    assert code == 0
    assert out.strip().endswith("0 errors, 0 warnings")


def test_errors_exit_1_with_located_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "dsl_errors")
    code, out = run("validate", "mod", "--pack-path", str(SHARED))
    assert code == 1
    assert "mod/techs.yaml:16:8: error[E0401]: unknown verb `gian`" in out
    assert "16 |     -> gian 1 light\n   |        ^^^^" in out
    assert "= help: did you mean `gain`?" in out
    assert out.strip().endswith("4 errors, 0 warnings")


def test_warnings_fail_only_with_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "warnings")
    assert run("validate", "mod", "--pack-path", str(SHARED))[0] == 0
    assert run("validate", "mod", "--pack-path", str(SHARED), "--strict")[0] == 1


def test_json_output_is_the_documented_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "mod_add_existing")
    code, out = run("validate", "mod/pack.yaml", "--format", "json", "--pack-path", str(SHARED))
    document = json.loads(out)
    assert code == 1
    assert document["version"] == 1
    assert document["summary"] == {"errors": 1, "warnings": 0}
    (item,) = document["diagnostics"]
    assert item["file"] == "mod/techs.yaml" and (item["line"], item["column"]) == (1, 7)
    assert set(item) == {
        "file",
        "line",
        "column",
        "end_line",
        "end_column",
        "severity",
        "code",
        "message",
        "hint",
    }


def test_usage_errors_exit_2() -> None:
    assert run("validate", "no/such/folder")[0] == 2
    assert run("validate", str(SHARED / "mini"), "--format", "yaml")[0] == 2


def test_an_internal_error_exits_3_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from whitedwarf.dsl.packs import loader

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(loader, "load_packs", broken)
    result = CliRunner().invoke(main, ["validate", "--no-cache", str(SHARED / "mini")])
    assert result.exit_code == 3
    assert "internal error: RuntimeError('boom')" in result.output
    assert "Traceback" not in result.output
    debug = CliRunner().invoke(main, ["validate", "--no-cache", str(SHARED / "mini"), "--debug"])
    assert "Traceback" in debug.output


def test_schema_prints_one_kind() -> None:
    code, out = run("schema", "techs")
    assert code == 0
    assert json.loads(out)["title"] == "techs.yaml"
    assert run("schema", "tech")[0] == 2


def test_schema_out_overwrites_its_own_files_only(tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    assert run("schema", "techs", "--out", str(out), "--game", "lastlight")[0] == 0
    assert run("schema", "techs", "--out", str(out), "--game", "lastlight")[0] == 0  # its own
    mine = out / "board.schema.json"
    mine.write_text('{"my": "notes"}\n', encoding="utf-8")
    code, text = run("schema", "--out", str(out), "--game", "lastlight")
    assert code == 2 and "board.schema.json exists and is not a schema whitedwarf wrote" in text
    assert mine.read_text(encoding="utf-8") == '{"my": "notes"}\n'
    assert not (out / "pack.schema.json").exists()  # refused before anything was written
    assert run("schema", "--out", str(out), "--game", "lastlight", "--force")[0] == 0
    assert json.loads(mine.read_text(encoding="utf-8"))["title"] == "board.yaml"


def test_help_promises_only_commands_that_exist() -> None:
    from whitedwarf.tools.cli import COMMANDS

    code, out = run("--help")
    summary = out.split("Options:")[0]
    assert code == 0
    for promised in ("simulate", "compare", "lint", "serve"):
        assert promised not in summary or promised in COMMANDS, promised
    for name in COMMANDS:
        assert f"  {name} " in out  # listed under Commands


def test_a_bundled_pack_is_named_by_its_id_from_any_folder(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A designer who pip-installed whitedwarf has no content/ folder to point at.
    monkeypatch.chdir(tmp_path)
    code, out = run("validate", "lastlight", "--no-cache")
    assert code == 0 and out.strip().endswith("0 errors, 0 warnings")
    code, out = run("validate", "lastlite")
    assert code == 2
    assert "'lastlite' is neither a pack folder nor a bundled pack (lastlight, starlight)" in out


def test_a_folder_of_the_same_name_wins_over_the_bundled_pack(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lastlight").mkdir()
    code, out = run("validate", "lastlight")
    assert code == 1 and "pack.yaml" in out


def test_a_version_written_as_a_number_says_to_quote_it(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mod").mkdir()
    (tmp_path / "mod" / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
    )
    code, out = run("validate", "mod", "--no-cache")
    assert code == 1
    assert "mod/pack.yaml:3:10: error[E0705]: `version` must be text, not the number 1.0" in out
    assert '= help: write `version: "1.0.0"`: a version is text, three numbers' in out
    # The hint said "write it in quotes", and `"1.0"` was then refused as no semantic version.
    (tmp_path / "mod" / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 2\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
    )
    assert '= help: write `version: "2.0.0"`' in run("validate", "mod", "--no-cache")[1]


def test_schema_of_a_misspelt_kind_gets_a_did_you_mean() -> None:
    code, out = run("schema", "tech")
    assert code == 2
    assert "unknown kind 'tech'" in out and "did you mean `techs`?" in out


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("gods", "`gods` is a file of starlight: `whitedwarf schema --game starlight gods`"),
        ("flare", "`flares` is a file of starlight: `whitedwarf schema --game starlight flares`"),
        ("setupz", "did you mean `setups`?"),
    ],
)
def test_schema_of_another_games_kind_names_the_game(kind: str, said: str) -> None:
    """`whitedwarf schema gods` (docs/packs.md lists gods.yaml) was told only Last Light's
    kinds: the schema is Starlight's, printed with `--game starlight`."""
    code, out = run("schema", kind)
    assert code == 2 and said in out, out


def write_self_trigger_mod(folder: Path) -> None:
    """A mod of three techs that trigger themselves: `loop` for ever (W0403, its effect a
    block whose second line is the loop), `maybe` by its owner's choice (W0404), `meant`
    until the supply runs out, allowed (W0404 silenced)."""
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902]\n"
    )
    card = "  kind: civilization\n  cost: {common: 1}\n  source: invented\n  text: T.\n"
    (folder / "techs.yaml").write_text(
        f"- id: loop\n  name: Loop\n{card}  allow: [W0430]\n"
        "  effect: |\n"
        "    when round_end -> gain 1 light\n"
        "    when ship_moved -> move this ship to an adjacent sector\n"
        f"- id: maybe\n  name: Maybe\n{card}  allow: [W0430]\n"
        "  effect: when trade_made -> may trade 1\n"
        f"- id: meant\n  name: Meant\n{card}  allow: [W0430, W0404]\n"
        "  effect: when ship_built -> build small ship in this sector\n"
    )


def test_a_card_that_triggers_itself_is_a_warning_at_its_verb(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """W0403/W0404 (dsl/retrigger.py): a trigger whose own effect fires its hook, found
    before a game ends at the trigger depth limit, at the verb inside the YAML block."""
    monkeypatch.chdir(tmp_path)
    write_self_trigger_mod(tmp_path / "mod")
    code, out = run("validate", "mod", "--no-cache")
    assert code == 0, out
    assert (
        "mod/techs.yaml:10:24: warning[W0403]: `move` fires `ship_moved`, the hook this card "
        "listens to, so the card triggers itself again and again until the engine's trigger "
        "depth limit stops the game"
    ) in out
    assert "10 |     when ship_moved -> move this ship to an adjacent sector\n   |" in out
    assert "^^^^\n" in out
    assert "= help: give the chain an end: a condition that its effect makes false" in out
    assert "mod/techs.yaml:18:34: warning[W0404]: `trade` fires `trade_made`" in out
    assert out.strip().endswith("0 errors, 2 warnings")  # `meant` allows its W0404


@pytest.mark.parametrize("pack", ["lastlight", "starlight"])
def test_the_base_packs_have_no_card_that_triggers_itself(pack: str) -> None:
    code, out = run("validate", pack, "--no-cache")
    assert code == 0 and out.strip().endswith("0 errors, 0 warnings"), out
