"""A test for every card of the base pack showing its effect happen in play (cases.py)."""

from __future__ import annotations

import pytest

from tests.base_content import base_content
from tests.cards.cases import CASES
from tests.cards.harness import Case, check, run

CARD_FILES = ("techs", "factions", "exploration", "achievements")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_card_effect_happens_in_play(case: Case) -> None:
    state, units, before = run(case)
    check(case, state, units, before)


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
