"""docs/new-game.md names real files: every Starlight file it lists exists (issue 10 item 5)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE = (REPO / "docs" / "new-game.md").read_text(encoding="utf-8")


def test_every_file_the_page_names_exists_for_starlight() -> None:
    named = set(re.findall(r"`((?:interpreter|content|tests|docs|schemas)/[^`\s]+)`", PAGE))
    named = {path.replace("<game>", "starlight") for path in named}
    missing = [path for path in sorted(named) if not (REPO / path).exists()]
    assert missing == [], missing
    assert len(named) >= 12


def test_every_rule_module_and_pack_file_listed_exists() -> None:
    modules = re.findall(r"`(\w+\.py)` \d+", PAGE)
    files = re.findall(r"`(\w+\.yaml)` \d+", PAGE)
    assert modules and files
    for module in modules:
        assert (REPO / "interpreter" / "starlight" / module).is_file(), module
    for name in files:
        assert (REPO / "content" / "starlight" / name).is_file(), name
