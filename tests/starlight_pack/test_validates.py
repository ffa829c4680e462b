"""The Starlight base pack validates clean, holds the box of 003, and marks its provenance.

003 "Components": 10 Gods, 35 Flares, 43 Laurels, 5 Accolades, 48 Cores, 8 Starters, 28
Starbots. The card almanac is not in the seeds, so every card but the six privileges and the
cornucopia aspect is `source: invented` (DESIGN principle 6; docs/rules-decisions.md SL50+).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.dsl.packs.games import game_spec
from whitedwarf.dsl.packs.loader import load_pack

from .data import PACK, read

BOX = {
    "gods": 10,
    "flares": 35,
    "laurels": 43,
    "accolades": 5,
    "cores": 48,
    "starters": 8,
    "starbots": 28,
    "privileges": 6,
    "aspects": 8,
}
#: The only items whose content 003 prints.
RULEBOOK = {("privileges", p) for p in [p["id"] for p in read("privileges")]} | {
    ("aspects", "cornucopia"),
    ("laurels", "four_constellations"),  # 003 "Laurels": the sample laurel (SL69)
}
#: Files that are one component, not a list of cards: each is marked as a whole.
WHOLE_FILES = ("setup", "rondel", "rays", "sky")


def test_the_pack_validates_with_no_errors_and_no_warnings() -> None:
    result = load_pack(PACK, bundled=False)
    assert [str(d.message) for d in result.diagnostics] == []
    assert result.pack is not None


@pytest.mark.parametrize(("stem", "count"), sorted(BOX.items()))
def test_box_counts(stem: str, count: int) -> None:
    cards = read(stem)
    assert len(cards) == count
    assert len({card["id"] for card in cards}) == count, "ids are unique"


def test_every_item_is_marked_rulebook_or_invented() -> None:
    for stem in BOX:
        for card in read(stem):
            expected = "rulebook" if (stem, card["id"]) in RULEBOOK else "invented"
            assert card.get("source") == expected, (stem, card["id"])
    for stem in WHOLE_FILES:
        assert read(stem)["source"] == "invented", stem
    for constellation in read("sky")["constellations"]:
        assert constellation["source"] == "invented", constellation["id"]


def test_every_file_of_the_pack_is_read() -> None:
    files = {p.stem for p in Path(PACK).glob("*.yaml")} - {"pack"}
    assert files == set(BOX) | set(WHOLE_FILES)


def test_docs_packs_lists_every_starlight_file_with_its_fields() -> None:
    """docs/packs.md is where a stranger learns which files a Starlight mod may hold."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "packs.md").read_text("utf-8")
    section = page[page.index("A Starlight pack") : page.index("## Mods")]
    rows = {line.split("|")[1]: line for line in section.splitlines() if line.startswith("| `")}
    for name, kind in game_spec("starlight").kinds.items():
        row = next((line for cell, line in rows.items() if f"`{name}.yaml`" in cell), None)
        assert row is not None, f"{name}.yaml is not in docs/packs.md"
        if kind.cards and name not in ("aspects", "privileges"):
            fields = kind.schema.get("properties", {})
            for field in fields.keys() - {"allow", "notes", "replace"}:
                assert field in row, f"{name}.yaml's `{field}` is not in docs/packs.md"
