"""docs/design-exercise.md describes the designs file and the check keys the runners read."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.exercise.designs import SETUP_KEYS, STEP_KEYS, Design

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "design-exercise.md").read_text("utf-8")


def test_the_page_names_every_field_of_a_design() -> None:
    fields = [f.name for f in dataclasses.fields(Design) if f.name != "bug"]
    missing = [f for f in fields if f"`{f}`" not in PAGE]
    assert missing == []
    assert "`bug:`" in PAGE


def test_the_page_names_every_setup_and_step_key() -> None:
    keys = {k for game in ("lastlight", "starlight") for k in SETUP_KEYS[game] | STEP_KEYS[game]}
    assert sorted(k for k in keys if f"`{k}`" not in PAGE) == []
