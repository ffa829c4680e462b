"""A pack never reads, nor prints, what a link in it leads to outside it (issue 6 item 6).

DESIGN principle 3: loading a pack cannot read files outside the pack. A link leading out is
E0507 whatever its name (a content file, an unknown ``.yaml``, any other file, a folder, a
relative ``..`` path), in text and ``--format json`` alike, and the target is never opened:
an audit hook records every file the run opens.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

from .corpus import SHARED

SECRET = "TOP-SECRET first line of a file outside the pack"
_OPENED: list[str] | None = None


def _audit(event: str, args: tuple) -> None:
    if event == "open" and _OPENED is not None and isinstance(args[0], str | bytes | Path):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


@pytest.fixture
def opened() -> Iterator[list[str]]:
    """Every path opened while the test runs."""
    global _OPENED
    _OPENED = []
    try:
        yield _OPENED
    finally:
        _OPENED = None


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the mini pack and a secret file outside it; the current folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", "off")
    shutil.copytree(SHARED / "mini", tmp_path / "mini")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(f"{SECRET}\n- {{id: x}}\n")
    return tmp_path


def validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *args])
    return result.exit_code, result.output


def never_read(opened: list[str], world: Path) -> None:
    secret = str(world / "outside" / "secret.yaml")
    assert not [p for p in opened if os.path.abspath(p) == secret or "outside" in p]


def assert_refused(world: Path, opened: list[str], name: str) -> None:
    """Text and JSON reports refuse ``name`` with E0507 and show nothing of its target."""
    code, text = validate("mini")
    assert code == 1
    assert f"mini/{name}:1:1: error[E0507]: `{name}` " in text
    assert "leads outside the pack folder" in text
    assert SECRET not in text and "outside" not in text.replace("leads outside", "")
    assert "W0501" not in text
    code, out = validate("mini", "--format", "json")
    report = json.loads(out)
    assert code == 1
    assert [d["code"] for d in report["diagnostics"]] == ["E0507"]
    assert SECRET not in out
    never_read(opened, world)


def test_an_unknown_yaml_name_linking_out_is_an_error_not_a_warning(
    world: Path, opened: list[str]
) -> None:
    (world / "mini" / "zz_escape.yaml").symlink_to(world / "outside" / "secret.yaml")
    assert_refused(world, opened, "zz_escape.yaml")


def test_a_content_file_linking_out_shows_no_excerpt(world: Path, opened: list[str]) -> None:
    (world / "mini" / "planets.yaml").unlink()
    (world / "mini" / "planets.yaml").symlink_to(world / "outside" / "secret.yaml")
    assert_refused(world, opened, "planets.yaml")


def test_a_relative_link_climbing_out_with_dots(world: Path, opened: list[str]) -> None:
    (world / "mini" / "techs.yaml").unlink()
    (world / "mini" / "techs.yaml").symlink_to(Path("..") / "outside" / "secret.yaml")
    assert_refused(world, opened, "techs.yaml")


def test_a_linked_folder_leading_out(world: Path, opened: list[str]) -> None:
    (world / "mini" / "art").symlink_to(world / "outside", target_is_directory=True)
    assert_refused(world, opened, "art")


def test_any_file_name_linking_out(world: Path, opened: list[str]) -> None:
    (world / "mini" / "README.txt").symlink_to(world / "outside" / "secret.yaml")
    assert_refused(world, opened, "README.txt")


def test_a_dangling_link_leading_out(world: Path, opened: list[str]) -> None:
    (world / "mini" / "zz.yaml").symlink_to(world / "outside" / "gone.yaml")
    assert_refused(world, opened, "zz.yaml")


def test_a_manifest_linking_out_shows_no_excerpt(world: Path, opened: list[str]) -> None:
    (world / "outside" / "pack.yaml").write_text(f"# {SECRET}\nid: mini\n")
    (world / "mini" / "pack.yaml").unlink()
    (world / "mini" / "pack.yaml").symlink_to(world / "outside" / "pack.yaml")
    code, text = validate("mini")
    assert code == 1 and "error[E0507]: `pack.yaml` leads outside the pack folder" in text
    assert SECRET not in text


def test_a_link_inside_the_pack_is_fine(world: Path) -> None:
    parts = world / "mini" / "parts"
    parts.mkdir()
    (world / "mini" / "planets.yaml").rename(parts / "planets.yaml")
    (world / "mini" / "planets.yaml").symlink_to(Path("parts") / "planets.yaml")
    (world / "mini" / "more").symlink_to(parts, target_is_directory=True)
    assert validate("mini")[0] == 0


def test_the_cache_notices_a_link_replaced_by_a_file(
    world: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(world / "cache"))
    link = world / "mini" / "planets.yaml"
    real = link.read_text()
    link.unlink()
    link.symlink_to(world / "outside" / "secret.yaml")
    assert "E0507" in validate("mini")[1]
    link.unlink()
    link.write_text(real)
    assert validate("mini")[0] == 0


@pytest.mark.parametrize(
    ("file", "make", "said"),
    [
        ("techs.yaml", "fifo", "techs.yaml:1:1: error[E0507]: `techs.yaml` is not a regular file"),
        ("pack.yaml", "fifo", "pack.yaml:1:1: error[E0507]: `pack.yaml` is not a regular file"),
        ("pack.yaml", "folder", "pack.yaml:1:1: error[E0507]: `pack.yaml` is not a regular file"),
        ("pack.yaml", "link out", "pack.yaml:1:1: error[E0507]: `pack.yaml` leads outside"),
    ],
)
def test_a_pack_file_that_is_no_regular_file_is_told_without_hanging(
    tmp_path: Path, file: str, make: str, said: str
) -> None:
    """A FIFO named techs.yaml hung `validate` for ever: the loader refused it (E0507), then
    the report opened it to show its first line. A pack.yaml that was a FIFO, a folder or a
    link out of the pack was told "no pack.yaml in 'mod'"."""
    import subprocess

    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        'id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: ">=1"}\n'
    )
    target = pack / file
    target.unlink(missing_ok=True)
    if make == "fifo":
        os.mkfifo(target)
    elif make == "folder":
        target.mkdir()
    else:
        (tmp_path / "elsewhere.yaml").write_text(SECRET + "\n")
        target.symlink_to(tmp_path / "elsewhere.yaml")
    done = subprocess.run(
        [sys.executable, "-m", "whitedwarf", "validate", str(pack), "--no-cache"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert said in done.stdout and SECRET not in done.stdout, done.stdout
