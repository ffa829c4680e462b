"""Compile the engine's hot path with mypyc, in place, to measure it (issue 26, "Speed").

Run: ``python benchmarks/mypyc_build.py [--clean] [--list]``, with mypy (the ``test`` extra
has it), a C compiler and the Python headers. It compiles :data:`MODULES` (Last Light's
rules, both games' search and heuristic agents, Starlight's rules, the effect VM) into one
extension group next to the sources: ``interpreter/engine__mypyc*.so`` and one small
``<module>*.so`` beside each ``<module>.py``, which Python then imports instead of the
source. ``--clean`` removes them all, and with them the compiled code: **a build is not
renewed when a source changes**, so clean (or rebuild) after any edit, or the edit does not
run. An experiment for BENCHMARKS.md ("Issue 26"), not part of the install. A build takes
4 to 4.5 minutes of CPU on the development machine (one C file of some 30 MB), 10 to 21
minutes of waiting there on a day its two cores were shared by seven sessions.

Built in the installed checkout, the compiled files are what that install imports. Built
in a copy of the tree, they run with ``PYTHONPATH=<copy>/build/mypyc-src`` (the link tree
below), the checkout's own install left pure Python: how BENCHMARKS.md's figures were taken.

The top-level folders are mapped into the ``whitedwarf`` package only by the installer, so
mypyc (like ``.ci/typecheck``) reads them through a tree of links named as the package is,
and the compiled modules get their full names (``whitedwarf.interpreter.vm``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "mypyc-src"

#: Folders compiled whole (the modules of :data:`LEFT_OUT` aside).
FOLDERS = ("interpreter/lastlight", "interpreter/starlight", "interpreter/agents")
#: Single modules of the shared engine on the hot path.
SHARED = (
    "interpreter/vm.py", "interpreter/state.py", "interpreter/rng.py", "interpreter/bots.py",
    "interpreter/card_state.py", "interpreter/card_uses.py", "interpreter/runner.py",
)  # fmt: skip
#: Left as Python, and why.
LEFT_OUT = {
    # A compiled class cannot be weakly referenced, and these are (Runtime, Versions).
    # Marked ``state.interpreted`` (left Python classes in a compiled module), Last Light's
    # content.py compiled but crashed the interpreter on import (mypyc 2.4.1, 2026-12-06).
    "interpreter/lastlight/content.py": "weak references",
    "interpreter/lastlight/versions.py": "weak references",
    "interpreter/starlight/content.py": "weak references",
    # Not on the hot path: content checks and scenario building.
    "interpreter/lastlight/content_schema.py": "cold",
    "interpreter/starlight/content_schema.py": "cold",
    "interpreter/lastlight/scenario.py": "cold",
    "interpreter/starlight/scenario.py": "cold",
}


def modules() -> list[str]:
    """The sources compiled, relative to the project root."""
    found = list(SHARED)
    for folder in FOLDERS:
        found += sorted(
            str(p.relative_to(ROOT))
            for p in (ROOT / folder).glob("*.py")
            if p.name != "__init__.py"
        )
    return [m for m in found if m not in LEFT_OUT and (ROOT / m).exists()]


def link_tree() -> None:
    """``build/mypyc-src/whitedwarf/<folder>`` -> ``<folder>``, as the installer maps them."""
    package = TREE / "whitedwarf"
    package.mkdir(parents=True, exist_ok=True)
    links = {f: f for f in ("dsl", "interpreter", "tools", "content", "schemas")}
    links["rl"] = "interpreter/rl"
    for name, target in links.items():
        link = package / name
        if not link.is_symlink():
            link.symlink_to(ROOT / target)
    (package / "__init__.py").write_text((ROOT / "tools/root/__init__.py").read_text())


def built() -> list[Path]:
    """The compiled files in the source tree."""
    return sorted((ROOT / "interpreter").rglob("*.so"))


def build() -> None:
    """Translate with mypyc and compile, in place."""
    from mypyc.build import mypycify
    from setuptools import setup

    link_tree()
    os.chdir(TREE)
    extensions = mypycify(
        [f"whitedwarf/{m}" for m in modules()],
        group_name="whitedwarf.interpreter.engine",
        target_dir=str(ROOT / "build" / "mypyc-c"),
    )
    # Built from the link tree too, not from the project root: setuptools reads the root's
    # pyproject.toml there, which a venv's older setuptools refuses (the installer meets it
    # in its own isolated setuptools, at least the version the file asks for). In place, the
    # files land in ``whitedwarf/<folder>``, the links: next to the sources.
    jobs = str(os.cpu_count() or 1)
    try:
        setup(ext_modules=extensions, script_args=["build_ext", "--inplace", "-j", jobs])
    finally:
        os.chdir(ROOT)


def main(argv: list[str] | None = None) -> None:
    """Build, clean or list."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled files")
    parser.add_argument("--list", action="store_true", help="print the modules compiled")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(modules()))
    elif args.clean:
        for path in built():
            path.unlink()
            print(f"removed {path.relative_to(ROOT)}")
    else:
        build()


if __name__ == "__main__":
    sys.exit(main())
