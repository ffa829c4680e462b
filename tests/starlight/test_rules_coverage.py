"""docs/rules-coverage.md stays true: every test file it names exists, and its Starlight part
cites every rules section of 003 that a test can check (the Table of Contents's sections and
the launch and turn rules inside them)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE = (REPO / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
STARLIGHT = PAGE[PAGE.index("# Starlight (003)") :]

#: 003's sections with rules in them (its Table of Contents, and the headings under
#: "Basics of Play", "Launching Stars" and "End of Game").
SECTIONS_003 = (
    "Components", "Live and Starbot Players", "The Gods", "Using the Rondel", "Action Points",
    "Your First Turn", "Launching Stars", "Star Plans", "Choosing a Destination Slot",
    "Actions", "End of Game", "Your Last Turn", "Scoring", "Privileges", "Flares", "Laurels",
    "Accolades", "Example of Play", "Starbot Play", "Clarifications",
)  # fmt: skip


def test_every_test_file_named_exists() -> None:
    named = set(re.findall(r"`((?:[a-z_]+/)+[a-z_]+\.py)`", PAGE))
    assert len(named) >= 30
    missing = sorted(path for path in named if not (REPO / "tests" / path).is_file())
    assert missing == []


def test_the_starlight_part_cites_every_section_of_003() -> None:
    cited = set(re.findall(r'"([^"]+)"', STARLIGHT))
    assert [section for section in SECTIONS_003 if section not in cited] == []
