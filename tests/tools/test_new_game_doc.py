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


def test_the_contract_the_page_shows_is_the_protocol_games_are_held_to() -> None:
    """Every call the page's contract example shows is a member of ``GameRules`` (or the
    optional ``next_decision``), and every member is shown (issue 26 item 3)."""
    from whitedwarf.interpreter.contract import AsksOnce, Decisions, GameRules

    start = PAGE.index("The game contract is the typed Protocol `GameRules`")
    example = PAGE[PAGE.index("```python", start) : PAGE.index("```\n", start + 1)]
    shown = set(re.findall(r"\b[Gg]ame\.(\w+)", example))
    protocols = (GameRules, Decisions, AsksOnce)
    members = {name for p in protocols for name in vars(p) if not name.startswith("_")}
    assert len(members) >= 16
    assert shown == members
