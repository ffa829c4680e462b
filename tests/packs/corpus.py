"""The broken-pack corpus: tests/fixtures/packs/<case>/ with an expected.txt each.

A case folder holds one or more pack folders and ``expected.txt``: one
``file:line:col: CODE`` per expected diagnostic (paths relative to the case folder; ``#``
starts a comment). Every pack folder of the case is validated together, with the shared
valid base packs of ``_shared/`` on the search path.
"""

from __future__ import annotations

from pathlib import Path

from whitedwarf.dsl.packs.loader import LoadResult, load_packs

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "packs"
SHARED = FIXTURES / "_shared"


def cases() -> list[Path]:
    """Every case folder, by name."""
    return sorted(p for p in FIXTURES.iterdir() if p.is_dir() and not p.name.startswith("_"))


def pack_folders(case: Path) -> list[Path]:
    """The pack folders of a case (folders with a pack.yaml, or any folder when none has)."""
    folders = sorted(p for p in case.iterdir() if p.is_dir())
    with_manifest = [p for p in folders if (p / "pack.yaml").exists()]
    return with_manifest or folders


def expected(case: Path) -> list[str]:
    """The ``file:line:col: CODE`` lines of a case's expected.txt."""
    lines = (case / "expected.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def run_case(case: Path) -> LoadResult:
    """Validate a case (the current directory must be the case folder)."""
    return load_packs([p.relative_to(case) for p in pack_folders(case)], [SHARED], bundled=False)


def actual(result: LoadResult) -> list[str]:
    """The result as ``file:line:col: CODE`` lines, sorted."""
    out = []
    for diagnostic in result.diagnostics:
        span = diagnostic.span
        where = f"{span.path}:{span.line}:{span.column}" if span else "<unknown>"
        out.append(f"{where}: {diagnostic.code}")
    return sorted(out)
