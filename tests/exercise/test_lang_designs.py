"""The second design exercise (tests/exercise/lang_designs.yaml): every card written from
the docs validates cleanly in a pack of its own and does in play exactly what its English
says, and no more (the same checks as test_designs.py, docs/design-exercise.md)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.exercise.compare import run_check
from tests.exercise.designs import HERE, Design, load
from tests.exercise.packs import diagnostics, write_pack

DESIGNS = load(HERE / "lang_designs.yaml")
WRITTEN = [d for d in DESIGNS if d.written]
CHECKS = [
    pytest.param(d, n, id=f"{d.id}-{check.get('name', n)}")
    for d in WRITTEN
    for n, check in enumerate(d.checks)
]


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("lang_exercise")
    return {d.id: write_pack(d, root) for d in WRITTEN}


@pytest.mark.parametrize("design", WRITTEN, ids=[d.id for d in WRITTEN])
def test_the_card_validates_cleanly(design: Design, packs: dict[str, Path]) -> None:
    found = diagnostics(packs[design.id])
    assert sorted({d.split()[0] for d in found}) == sorted(design.warnings), found


@pytest.mark.parametrize(("design", "n"), CHECKS)
def test_the_card_does_what_the_english_says(
    design: Design, n: int, packs: dict[str, Path]
) -> None:
    run_check(design, packs[design.id], design.checks[n])


NOT_YET = [d for d in DESIGNS if not d.written]


@pytest.mark.parametrize("design", NOT_YET, ids=[d.id for d in NOT_YET])
def test_a_design_not_written_yet_is_still_refused(design: Design, tmp_path: Path) -> None:
    """The card a designer tried for a design the language cannot say yet is refused with a
    located error; when the language gains the construct this fails: write the card."""
    tried = replace(design, status="exact", effect=design.tried)
    found = diagnostics(write_pack(tried, tmp_path))
    assert any(d.split()[0].startswith("E") for d in found), found
