"""The package's own front door: ``__version__`` and ``python -m whitedwarf`` (issue 7 item 4)."""

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import whitedwarf


def test_the_version_is_the_installed_distributions():
    assert whitedwarf.__version__ == version("whitedwarf")


def test_python_dash_m_whitedwarf_runs_the_command_line(tmp_path: Path):
    done = subprocess.run(
        [sys.executable, "-m", "whitedwarf", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # not the source tree: the installed package answers
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"whitedwarf, version {version('whitedwarf')}"


def test_every_package_says_it_is_typed():
    root = Path(__file__).parents[2]
    for folder in ("tools/root", "dsl", "dsl/packs", "interpreter", "interpreter/lastlight",
                   "tools", "tools/editor"):  # fmt: skip
        assert (root / folder / "py.typed").is_file(), folder
