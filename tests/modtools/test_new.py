"""`whitedwarf new`: scaffolds validate clean and nothing is ever overwritten (issue 11)."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.schemas import schema_dir
from whitedwarf.tools.cli import main
from whitedwarf.tools.scaffold import CARD_KINDS


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_new_pack_validates_clean_and_plays_its_cards(tmp_path: Path) -> None:
    pack = tmp_path / "space_pirates"
    status, output = run("new", "pack", str(pack))
    assert status == 0, output
    result = load_packs([pack])
    assert result.diagnostics == []
    ids = {
        card["id"]
        for file in ("techs", "factions", "exploration", "achievements")
        for card in result.pack.data[file]
    }
    assert {f"space_pirates_{kind}" for kind in CARD_KINDS} <= ids
    manifest = (pack / "pack.yaml").read_text()
    assert 'lastlight: ">=1.0,<2"' in manifest
    assert manifest.startswith("# yaml-language-server: $schema=")
    schema = manifest.splitlines()[0].split("$schema=")[1]
    assert (pack / schema).resolve().is_file()


def test_new_pack_empty_writes_no_sample_cards(tmp_path: Path) -> None:
    """Issue 23 item 13: a designer adding only a faction no longer deletes placeholders."""
    pack = tmp_path / "rebellion"
    status, output = run("new", "pack", str(pack), "--empty")
    assert status == 0, output
    assert sorted(p.name for p in pack.iterdir()) == ["pack.yaml", "schemas"]
    assert f"wrote {pack}/pack.yaml" in output and "edit the cards" not in output
    assert f"next: add cards with `whitedwarf new card {pack} KIND ID`" in output
    assert load_packs([pack]).diagnostics == []
    status, output = run("new", "faction", str(pack), "rebels")
    assert status == 0, output
    result = load_packs([pack])
    assert result.diagnostics == []  # the box count (W0902) is still allowed in pack.yaml
    assert [c["id"] for c in result.pack.data["factions"] if c["id"] == "rebels"] == ["rebels"]
    assert sorted(p.name for p in pack.glob("*.yaml")) == ["factions.yaml", "pack.yaml"]


def test_every_card_kind_appends_a_card_that_validates(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    run("new", "pack", str(pack))
    (pack / "techs.yaml").write_text(
        (pack / "techs.yaml").read_text() + "# a comment the designer wrote\n"
    )
    for kind in CARD_KINDS:
        status, output = run("new", kind, str(pack), f"extra_{kind}", "--name", "Extra: One")
        assert status == 0, output
    assert "# a comment the designer wrote" in (pack / "techs.yaml").read_text()
    assert load_packs([pack]).diagnostics == []


def test_new_never_overwrites(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    run("new", "pack", str(pack))
    before = {str(p.relative_to(pack)): p.read_text() for p in pack.rglob("*") if p.is_file()}
    status, output = run("new", "pack", str(pack))
    assert status == 2 and "not empty" in output  # the command line asks it (README)
    status, output = run("new", "tech", str(pack), "mod_tech")
    assert status == 2 and "already has a card with id `mod_tech`" in output
    assert {
        str(p.relative_to(pack)): p.read_text() for p in pack.rglob("*") if p.is_file()
    } == before


@pytest.mark.parametrize(
    ("game", "word", "card_id", "file"),
    [
        ("lastlight", "tech", "warp_drive", "techs.yaml"),
        ("lastlight", "faction", "zhur", "factions.yaml"),
        ("lastlight", "planet", "emberlyn", "planets.yaml"),
        ("starlight", "god", "helion", "gods.yaml"),
    ],
)
def test_new_refuses_an_id_the_base_pack_has(
    tmp_path: Path, game: str, word: str, card_id: str, file: str
) -> None:
    """`new tech mymod warp_drive` wrote a second Warp Drive, which validate then refused
    (E0801: the base pack has it); Starlight's `new god` refused it, but as a content error
    (exit 1). An id `new` finds taken is a command-line problem (README "Exit codes"): both
    now say so before writing anything, with the two ways on."""
    pack = tmp_path / "mod"
    status, output = run("new", "pack", str(pack), "--game", game, "--empty")
    assert status == 0, output
    before = {str(p.relative_to(pack)): p.read_text() for p in pack.rglob("*") if p.is_file()}
    status, output = run("new", word, str(pack), card_id)
    assert status == 2, output
    assert output.strip().endswith(
        f"{game}'s {file} already has a card with id `{card_id}`: choose a new id, or to "
        f"change that card copy it into {pack / file} with `replace: true` (docs/packs.md)"
    ), output
    after = {str(p.relative_to(pack)): p.read_text() for p in pack.rglob("*") if p.is_file()}
    assert after == before


def test_new_refuses_an_id_a_dependency_of_a_mod_of_a_mod_has(tmp_path: Path) -> None:
    """A mod of a mod (`depends: {corsairs: ...}`) took `new tech chain warp_drive` and
    `new tech chain boarding_hooks` (an id of corsairs): only a mod depending on the bundled
    pack by name was checked, so both were written and then refused by validate (E0801).
    Every dependency, as validate finds it, is checked now, and named."""
    corsairs, chain = tmp_path / "corsairs", tmp_path / "chain"
    assert run("new", "pack", str(corsairs), "--empty")[0] == 0
    assert run("new", "tech", str(corsairs), "boarding_hooks")[0] == 0
    assert run("new", "pack", str(chain), "--empty")[0] == 0
    manifest = chain / "pack.yaml"
    manifest.write_text(
        manifest.read_text().replace('  lastlight: ">=1.0,<2"', '  corsairs: ">=0.1"')
    )
    for card_id, owner in (("warp_drive", "lastlight"), ("boarding_hooks", "corsairs")):
        status, output = run("new", "tech", str(chain), card_id)
        assert status == 2, output
        assert f"{owner}'s techs.yaml already has a card with id `{card_id}`" in output
    assert not (chain / "techs.yaml").exists()
    assert run("new", "tech", str(chain), "grappling_beam")[0] == 0
    assert [d for d in load_packs([chain]).diagnostics if d.is_error] == []


@pytest.mark.parametrize("what", ["file", "device", "fifo", "dangling link"])
def test_new_pack_over_something_not_a_folder_says_so(tmp_path: Path, what: str) -> None:
    """`new pack /dev/null` said "/dev/null exists and is not empty", `new pack afile` gave
    click's usage banner, and a link to nothing "cannot write in mod: File exists"."""
    target = tmp_path / "mod"
    if what == "file":
        target.write_text("notes\n")
    elif what == "fifo":
        os.mkfifo(target)
    elif what == "dangling link":
        target.symlink_to(tmp_path / "nowhere")
    else:
        target = Path("/dev/null")
    status, output = run("new", "pack", str(target), "--id", "mod")
    said = "is a link to nothing" if what == "dangling link" else "exists and is not a folder"
    assert status == 2 and output == f"Error: {target} {said}; choose a new folder\n", output
    assert "Usage:" not in output


def test_bad_requests_are_refused_in_words(tmp_path: Path) -> None:
    status, output = run("new", "pack", str(tmp_path / "Bad-Name!"))
    assert status == 2 and "not a valid id" in output
    status, output = run("new", "tech", str(tmp_path), "laser")
    assert status == 2 and "no pack.yaml" in output
    run("new", "pack", str(tmp_path / "mod"))
    status, output = run("new", "tech", str(tmp_path / "mod"), "Laser Grid")
    assert status == 2 and "not a valid id" in output
    # A mod named like a bundled pack would depend on itself (E0706, "lastlight -> lastlight").
    for game in ("lastlight", "starlight"):
        status, output = run("new", "pack", str(tmp_path / "mine" / game), "--game", game)
        assert status == 2 and f"`{game}` is the id of the {game} pack shipped" in output
        assert not (tmp_path / "mine" / game).exists()
    status, output = run("new", "pack", str(tmp_path / "mine" / "lastlight"), "--id", "my_mod")
    assert status == 0, output


def test_a_new_pack_is_already_in_fmt_layout(tmp_path: Path) -> None:
    """What `new` writes passes `fmt --check`, so a modder's CI is green from the start."""
    pack = tmp_path / "mod"
    run("new", "pack", str(pack))
    for kind in CARD_KINDS:
        run("new", kind, str(pack), f"extra_{kind}")
    status, output = run("fmt", str(pack), "--check")
    assert status == 0, output


def test_new_never_writes_through_a_link_out_of_the_pack(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    run("new", "pack", str(pack))
    outside = tmp_path / "outside.yaml"
    outside.write_text((pack / "techs.yaml").read_text())
    before = outside.read_bytes()
    (pack / "techs.yaml").unlink()
    (pack / "techs.yaml").symlink_to(outside)
    status, output = run("new", "tech", str(pack), "stray_tech")
    assert status == 1 and "is a link that leads outside the pack folder" in output, output
    assert outside.read_bytes() == before
    (pack / "techs.yaml").unlink()
    (pack / "techs.yaml").symlink_to(tmp_path / "missing.yaml")  # would create it outside
    status, output = run("new", "tech", str(pack), "stray_tech")
    assert status == 1 and not (tmp_path / "missing.yaml").exists(), output


MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def test_nothing_new_writes_names_a_path_of_this_machine(tmp_path: Path) -> None:
    """A mod is shared: a stranger clones it elsewhere. Every file `new` writes (the pack, its
    cards, the schemas it copies in) holds no absolute path, and each file's schema line
    names a schema inside the pack, which is still there after the pack is moved."""
    made = tmp_path / "made"
    for game, cards in (("lastlight", [("planet", "teal")]), ("starlight", [("god", "apollo")])):
        pack = made / f"{game}_mod"
        status, output = run("new", "pack", str(pack), "--game", game)
        assert status == 0, output
        assert f"wrote {pack / 'schemas'}/ (" in output
        for kind, card_id in cards:
            assert run("new", kind, str(pack), card_id)[0] == 0
    machine = {str(tmp_path), str(schema_dir()), str(Path(__file__).resolve().parents[2])}
    moved = shutil.copytree(made, tmp_path / "elsewhere" / "clone")
    files = [p for p in moved.rglob("*") if p.is_file()]
    assert len([p for p in files if p.suffix == ".yaml"]) == 5 + 1 + 2  # and the cards added
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not [m for m in machine if m in text], path
        assert "/work/" not in text and "site-packages" not in text, path
        if path.suffix == ".yaml":
            found = MODELINE.match(text.splitlines()[0])
            assert found and found.group(1).startswith("schemas/"), (path, text.splitlines()[0])
            schema = json.loads((path.parent / found.group(1)).read_text(encoding="utf-8"))
            assert schema["$id"].endswith(f"/{path.stem}.schema.json")
    for pack in moved.iterdir():
        assert load_packs([pack]).diagnostics == []  # the schemas/ folder is not content


def test_a_pack_without_the_schemas_gets_no_schema_line(tmp_path: Path) -> None:
    """A line naming a schema that is not there would be an error in the editor."""
    pack = tmp_path / "mod"
    run("new", "pack", str(pack))
    shutil.rmtree(pack / "schemas")
    assert run("new", "planet", str(pack), "teal")[0] == 0
    assert (pack / "planets.yaml").read_text().startswith("- id: teal\n")


def test_every_kind_of_every_game_is_already_in_fmt_layout(tmp_path: Path) -> None:
    """docs/modding-tools.md: `new card PACK KIND ID` writes any card kind. A planet came out
    `source` before `colour` and a Starbot card with `accolade: null`, both of which `fmt
    --check` then failed on, in a pack nobody had edited yet."""
    from whitedwarf.tools.card_skeleton import card_files

    # A privilege's id is a rule of 003, an action card's of 000: only replaced.
    fixed = {"privilege": "refill_rays", "action_card": "command"}
    for game in ("lastlight", "starlight"):
        pack = tmp_path / f"{game}_mod"
        assert run("new", "pack", str(pack), "--game", game)[0] == 0
        for word in card_files(game):
            status, output = run("new", "card", str(pack), word, fixed.get(word, f"new_{word}"))
            assert status == 0, output
        # The skeleton of a card that may only be replaced is the card it replaces, unchanged
        # until edited (W0906).
        said = [(d.code, d.message.split(" ")[0]) for d in load_packs([pack]).diagnostics]
        only = "command" if game == "lastlight" else "refill_rays"
        assert said == [("W0906", f"`{only}`")], said
        status, output = run("fmt", str(pack), "--check")
        assert status == 0, output


def test_new_card_takes_the_kind_words_new_kind_does(tmp_path: Path) -> None:
    """`whitedwarf new token PACK ID` and `new card PACK token ID` are the same command
    (docs/modding-tools.md: "`new card PACK KIND ID` (or `new KIND PACK ID`)")."""
    pack = tmp_path / "mod"
    run("new", "pack", str(pack))
    for kind in CARD_KINDS:
        status, output = run("new", "card", str(pack), kind, f"card_{kind}")
        assert status == 0, output
    assert load_packs([pack]).diagnostics == []


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("tech", "{pack}", "x" * 65), "the id is 65 characters long; the limit is 64"),
        (("card", "{pack}", "tech", "t", "--name", "N" * 61),
         "the name is 61 characters long; the limit is 60"),
        (("card", "{pack}", "tech", "t", "--name", "a\x1b[2Jb"),
         "holds the invisible character U+001B"),
        (("card", "{pack}", "faction", "t", "--name", "a\tb"), "holds the character '\\t'"),
        (("tech", "{pack}", "t\u0435ch"), "U+0435 (CYRILLIC SMALL LETTER IE)"),
    ],
)  # fmt: skip
def test_new_refuses_an_id_or_name_the_pack_would_refuse(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    """`new` wrote a 100-character id, a 500-character name and a name with a raw ESC, each a
    card that then failed validate (the ESC made the whole file unreadable YAML)."""
    pack = tmp_path / "mod"
    assert run("new", "pack", str(pack), "--empty")[0] == 0
    before = sorted(p.name for p in pack.iterdir())
    status, output = run("new", *(a.format(pack=pack) for a in args))
    assert status == 2 and said in output, output
    assert sorted(p.name for p in pack.iterdir()) == before  # nothing written
