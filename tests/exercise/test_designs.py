"""The design exercise (issue 29, docs/design-exercise.md): every design of designs.yaml
written as a card validates cleanly in a pack of its own and does in play exactly what its
plain English says, and no more."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.exercise.compare import run_baseline, run_check
from tests.exercise.designs import Design, load
from tests.exercise.packs import diagnostics, write_pack

DESIGNS = load()
WRITTEN = [d for d in DESIGNS if d.written]
CHECKS = [
    pytest.param(
        d,
        n,
        id=f"{d.id}-{check.get('name', n)}",
        marks=[pytest.mark.xfail(strict=True, reason=check.get("bug") or d.bug)]
        if (check.get("bug") or d.bug)
        else [],
    )
    for d in WRITTEN
    for n, check in enumerate(d.checks)
]


AHEAD = [
    pytest.param(d, n, id=f"{d.id}-{check.get('name', n)}")
    for d in DESIGNS
    if not d.written
    for n, check in enumerate(d.checks)
]


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("exercise")
    return {d.id: write_pack(d, root) for d in WRITTEN}


@pytest.mark.parametrize("design", WRITTEN, ids=[d.id for d in WRITTEN])
def test_the_card_validates_cleanly(design: Design, packs: dict[str, Path]) -> None:
    found = diagnostics(packs[design.id])
    unexpected = [d for d in found if d.split()[0] not in design.warnings]
    assert unexpected == []
    assert sorted({d.split()[0] for d in found}) == sorted(design.warnings)


@pytest.mark.parametrize(("design", "n"), CHECKS)
def test_the_card_does_what_the_english_says(
    design: Design, n: int, packs: dict[str, Path]
) -> None:
    run_check(design, packs[design.id], design.checks[n])


def test_the_exercise_covers_forty_and_twenty_designs() -> None:
    """Issue 29: forty Last Light designs and twenty Starlight ones."""
    games = [d.game for d in DESIGNS]
    assert (games.count("lastlight"), games.count("starlight")) == (40, 20)


@pytest.mark.parametrize("design", WRITTEN, ids=[d.id for d in WRITTEN])
def test_a_card_that_did_nothing_would_fail_a_check(design: Design) -> None:
    """Some check expects a change, or an option offered or not: a card that did nothing
    (a dropped clause, a hook never heard) cannot pass them all."""
    steps = [step for check in design.checks for step in check["steps"]]
    assert any(step.get("expect") or "has" in step or "lacks" in step for step in steps)


@pytest.mark.parametrize(("design", "n"), AHEAD)
def test_a_check_written_ahead_of_its_card_runs_without_it(design: Design, n: int) -> None:
    """A design not written yet may carry its checks already, so that writing the card is all
    that is left; without the card its steps must be ones the game takes."""
    run_baseline(design, design.checks[n])
