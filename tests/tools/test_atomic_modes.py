"""The permissions of the files whitedwarf writes for a user (tools/atomic.py): a file it
makes (a save, a replay, a report) gets what ``open()`` gives any new file, 0o666 less the
umask, not the 0o600 of the temporary file it is written through; a file it rewrites (a card
file ``fmt`` lays out, a save made again) keeps the mode its owner gave it."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.atomic import replaced_when_done, write_atomically
from whitedwarf.tools.cli import main

from tests.tools.test_tui import new_session


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask, whatever the test runner's: new files 0o644."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_save_gets_the_umask_permissions(tmp_path: Path, umask_022: None) -> None:
    save = tmp_path / "game.save"
    new_session(["human", "random"]).save(save)
    assert mode_of(save) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["game.save"]  # no temporary left


def test_a_save_made_again_keeps_its_owners_mode(tmp_path: Path, umask_022: None) -> None:
    save = tmp_path / "game.save"
    save.write_text("{}", "utf-8")
    save.chmod(0o640)
    new_session(["human", "random"]).save(save)
    assert mode_of(save) == 0o640 and save.read_text("utf-8") != "{}"


def test_a_new_replay_gets_the_umask_permissions(tmp_path: Path, umask_022: None) -> None:
    replay = tmp_path / "game.jsonl"
    args = ["play", "--seats", "random,random", "--seed", "3", "--replay", str(replay)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert mode_of(replay) == 0o644


def test_fmt_keeps_the_mode_of_the_card_file_it_lays_out(tmp_path: Path, umask_022: None) -> None:
    pack = tmp_path / "mymod"
    assert CliRunner().invoke(main, ["new", "pack", str(pack)]).exit_code == 0
    techs = pack / "techs.yaml"
    assert mode_of(techs) == 0o644  # made by `new pack`: the umask's
    techs.write_text(techs.read_text("utf-8").replace("cost: ", "cost:   "), "utf-8")
    techs.chmod(0o660)
    result = CliRunner().invoke(main, ["fmt", str(pack)])
    assert result.exit_code == 0, result.output
    assert "cost:   " not in techs.read_text("utf-8")  # rewritten
    assert mode_of(techs) == 0o660


def test_both_writers_share_one_rule(tmp_path: Path) -> None:
    """``write_atomically`` is ``replaced_when_done`` plus the file's style: the two give
    the same permissions under any umask."""
    before = os.umask(0o077)
    try:
        write_atomically(tmp_path / "a", "x\n")
        with replaced_when_done(tmp_path / "b") as stream:
            stream.write("x\n")
    finally:
        os.umask(before)
    assert mode_of(tmp_path / "a") == mode_of(tmp_path / "b") == 0o600
