"""README.md's game examples print what the page shows, for a reader on a fresh machine who
types them in a folder of their own: the seeded bot game of each game and its replay."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: A fenced block of the README that is a session: `$ whitedwarf ...` lines and their output.
SESSION = re.compile(r"^```\n(\$ whitedwarf .*?)^```$", re.M | re.S)


def sessions(start: str) -> list[tuple[list[str], str]]:
    """The commands of the README session with a command starting ``start``, each with the
    output shown under it."""
    for found in SESSION.finditer(README):
        if f"$ whitedwarf {start}" in found.group(1):
            steps = re.split(r"^\$ ", found.group(1), flags=re.M)[1:]
            return [
                (shlex.split(step.split("\n", 1)[0])[1:], step.split("\n", 1)[1]) for step in steps
            ]
    raise AssertionError(f"README.md has no session with `whitedwarf {start}`")


@pytest.mark.parametrize(
    "start",
    ["play --seats random,random,random --seed 7", "play --pack content/starlight"],
)
def test_a_readme_game_and_its_replay_print_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, start: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content").symlink_to(ROOT / "content")  # the page runs in the repository
    for args, shown in sessions(start):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert result.stdout == shown, f"whitedwarf {' '.join(args)}"
