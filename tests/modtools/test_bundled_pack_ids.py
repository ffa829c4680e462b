"""The rewriters take a bundled pack's id as `validate` and `cards` do (`text lastlight`),
to read it; none writes into the pack installed with whitedwarf (docs/modding-tools.md)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def digest(folder: Path) -> str:
    """One hash of every file under ``folder``, names and bytes."""
    sha = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        sha.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


@pytest.mark.parametrize(
    "args",
    [
        ("text", "lastlight"),
        ("text", "starlight", "--check"),
        ("fix", "lastlight", "--dry-run"),
        ("fix", "starlight", "--dry-run"),
        ("fmt", "lastlight", "--check"),
        ("fmt", "starlight", "--diff"),
    ],
)
def test_reading_a_bundled_pack_by_its_id(args: tuple[str, ...]) -> None:
    status, output = run(*args)
    assert status == 0, output
    assert "does not exist" not in output


@pytest.mark.parametrize(
    ("args", "instead"),
    [
        (("text", "lastlight", "--write"), "use `text --check`"),
        (("fix", "starlight"), "use `fix --dry-run`"),
        (("fix", "lastlight", "--no-backup"), "use `fix --dry-run`"),
        (("fmt", "lastlight"), "use --check or --diff"),
        (("new", "tech", "lastlight", "laser"), "To change it"),
        (("new", "card", "starlight", "god", "apollo"), "To change it"),
        (("new", "god", "starlight", "apollo"), "To change it"),
    ],
)
def test_writing_into_a_bundled_pack_is_refused(args: tuple[str, ...], instead: str) -> None:
    game = args[2] if args[0] == "new" else args[1]
    before = digest(bundled_pack(game))
    status, output = run(*args)
    assert status == 1, output
    assert f"`{game}` names the pack installed with whitedwarf ({bundled_pack(game)})" in output
    assert "never writes into it" in output and instead in output
    assert f"cp -r {bundled_pack(game)} my_{game}" in output
    assert f"whitedwarf new pack my_mod --game {game}" in output
    assert digest(bundled_pack(game)) == before


def test_fmt_refuses_before_writing_any_pack(tmp_path: Path, monkeypatch) -> None:
    """`fmt mymod lastlight` writes neither: the refusal comes before the first file."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "pack", "mymod")[0] == 0
    techs = tmp_path / "mymod" / "techs.yaml"
    techs.write_text(techs.read_text().replace("  name:", "  notes: Mine.\n  name:"))
    before = techs.read_text()
    status, output = run("fmt", "mymod", "lastlight")
    assert status == 1 and "never writes into it" in output
    assert techs.read_text() == before


def test_a_folder_of_that_name_is_the_users_to_write(tmp_path: Path, monkeypatch) -> None:
    """A folder `lastlight` in the working directory wins over the id, as in `validate`."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "pack", "lastlight", "--id", "mine")[0] == 0
    techs = tmp_path / "lastlight" / "techs.yaml"
    techs.write_text(techs.read_text().replace("  name:", "  notes: Mine.\n  name:"))
    status, output = run("fmt", "lastlight")
    assert status == 0 and "lastlight/techs.yaml: reformatted" in output, output
    assert techs.read_text().index("  name:") < techs.read_text().index("  notes:")
