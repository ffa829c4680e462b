"""A behaviour check run twice, with the design's card and without it, and compared.

Both games' runners (``lastlight_run``, ``starlight_run``) build a :class:`Run`-like object
from the same check and seed: once with the card in play for seat 0, once without (the
baseline). After each ``expect`` step, what the card changed is the difference between the
two runs' changes since their setup; it must equal the ``expect`` map exactly (a number not
named must not have changed), so a card fails whether its effect is missing, early, late,
doubled or given to someone else.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Protocol

from tests.exercise.designs import Design


class Run(Protocol):
    """One run of a check (a game's runner)."""

    def changed(self) -> dict[str, int]:
        """How much each watched number changed since the setup."""

    def step(self, step: dict[str, Any]) -> None:
        """Do one step that is not an ``expect``."""


def compare(with_card: Run, without: Run, steps: list[dict[str, Any]]) -> None:
    """Run ``steps`` on both runs; assert each ``expect`` (module docstring)."""
    for n, step in enumerate(steps, start=1):
        if "expect" in step:
            got, base = with_card.changed(), without.changed()
            effect = {k: got[k] - base[k] for k in got if got[k] != base[k]}
            want = {k: v for k, v in step["expect"].items() if v != 0}
            assert effect == want, (
                f"step {n}: the card changed {effect or 'nothing'}, "
                f"the design says {want or 'nothing'}"
            )
            continue
        with_card.step(step)
        if not step.get("card_only"):
            without.step(step)


def run_check(design: Design, pack: Path, check: dict[str, Any]) -> None:
    """Run one of the design's behaviour checks with its game's runner."""
    if design.game == "lastlight":
        from tests.exercise.lastlight_run import LastLightRun as Runner
    else:
        from tests.exercise.starlight_run import StarlightRun as Runner  # type: ignore[assignment]
    compare(
        Runner(design, pack, check, card=True),
        Runner(design, pack, check, card=False),
        check["steps"],
    )


def run_baseline(design: Design, check: dict[str, Any]) -> None:
    """Run a check without the card only, on the base pack: the steps of a check written
    ahead of its card (a design not written yet) are at least ones the game can take."""
    if design.game == "lastlight":
        from tests.exercise.lastlight_run import LastLightRun as Runner
    else:
        from tests.exercise.starlight_run import StarlightRun as Runner  # type: ignore[assignment]
    run = Runner(design, None, check, card=False)
    for step in check["steps"]:
        if "expect" not in step and not step.get("card_only"):
            run.step(step)


def set_path(state: dict[str, Any], path: str, value: Any) -> None:
    """``state`` at a dotted path (``players.0.res.common``) set to a copy of ``value`` (the
    check's data is shared by both runs, and the game changes the lists it holds)."""
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
    where: Any = state
    for key in keys[:-1]:
        where = where[key]
    where[keys[-1]] = copy.deepcopy(value)
