"""A test for every card of the base pack showing its effect happen in play (cases.py)."""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.lastlight.content import runtime

from tests.base_content import base_content
from tests.cards.cases import CASES, PLANET, SPACE
from tests.cards.harness import Case, check, run
from tests.effects.scenario import fresh, home

CARD_FILES = ("techs", "factions", "exploration", "achievements")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_card_effect_happens_in_play(case: Case) -> None:
    state, units, before = run(case)
    check(case, state, units, before)


def test_the_board_facts_the_cases_use_hold() -> None:
    """The map facts cases.py's docstring lists, so that a new map fails here, not in a case
    that would still pass without testing its rule (a ship "crossing" an asteroid that is gone)."""
    _g, s = fresh()
    board, sectors = runtime(s).board, s["sectors"]

    def near(sector: str) -> set[str]:
        return set(board.adjacent(sector, 0))

    assert home(s, 0) == "distant_00"
    assert near("distant_00") == {"distant_01", "distant_15", "outer_00"}
    for empty in ("outer_15", "centre", SPACE):
        assert sectors[empty]["token"] is None and not sectors[empty]["asteroid"], empty
    assert sectors[SPACE]["planet"] is None and sectors[PLANET]["planet"] == "cinder"
    assert sectors["outer_03"]["asteroid"] and "outer_03" in near("outer_04")
    assert sectors["outer_05"]["planet"] and not sectors["outer_05"]["asteroid"]
    assert {"outer_04", "outer_06"} <= near("outer_05") and "outer_06" not in near("outer_04")
    assert "outer_13" in near("outer_12") and "outer_09" in near("outer_08")
    assert sectors["outer_10"]["token_kind"] == "deep_space"
    rings = {
        "outer": ("ashfall", "azure_deep", "glacis", "canopy"),
        "distant": ("cinder", "mossreach"),
        "inner": ("thornhold", "verdance", "tidewell", "wildroot"),
    }
    for ring, planets in rings.items():
        assert {board.ring_of(s["planets"][p]["sector"]) for p in planets} == {ring}, planets


def test_every_card_of_the_base_pack_has_a_case() -> None:
    files = base_content().files
    cards = {c["id"]: stem for stem in CARD_FILES for c in files[stem]}
    covered = {c.card for c in CASES}
    assert sorted(set(cards) - covered) == []
    assert sorted(covered - set(cards)) == []


def test_case_ids_are_unique_and_rulebook_cards_cite_the_rulebook() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))
    files = base_content().files
    rulebook = {
        c["id"] for stem in CARD_FILES for c in files[stem] if c.get("source") == "rulebook"
    }
    missing = sorted({c.card for c in CASES if c.card in rulebook and not c.cite.startswith("00")})
    assert missing == []
