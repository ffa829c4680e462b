"""Issue 25 item 3: ``tune`` judges a Last Light seat's kept achievement as a side (the card
it kept of its achievement set), and plays a candidate on the card values learned on the
pack as it is instead of learning them again (minutes) for every candidate."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.simulation.batch import BatchConfig, content_for
from whitedwarf.interpreter.simulation.tuning import Targets, measure
from whitedwarf.tools.tune import _values_as_it_is


def _record(winner: int, kept: list[str | None], done: list[list[str]]) -> dict[str, object]:
    return {
        "players": 2,
        "winners": [winner],
        "rounds": 20,
        "factions": ["hexan", "myrr"],
        "achievements": [{"kept": k, "done": d} for k, d in zip(kept, done, strict=True)],
    }


def test_a_kept_or_played_achievement_is_a_side() -> None:
    records = [_record(0, ["outer_reach", "dominion"], [[], []]) for _ in range(4)] + [
        _record(0, [None, "dominion"], [["outer_reach"], []]) for _ in range(4)
    ]
    targets = Targets(players=(2,), fair=0.1, sides=("outer_reach", "dominion"))
    rows = {row["what"]: row for row in measure(records, targets, 2)}
    assert rows["outer_reach"]["n"] == 8 and rows["outer_reach"]["value"] == 1.0
    assert rows["dominion"]["n"] == 8 and rows["dominion"]["value"] == 0.0


def test_a_candidate_plays_on_the_values_of_the_pack_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WHITEDWARF_CARD_VALUES", "learn")
    mod = tmp_path / "candidate"
    shutil.copytree(bundled_pack("lastlight"), mod)
    factions = mod / "factions.yaml"
    text = factions.read_text(encoding="utf-8")
    factions.write_text(text.replace("you have +1 starting_common", "you have +2 starting_common"))
    base = BatchConfig(packs=(), players=3, games=1, agents=("heuristic",), seed=0)
    candidate = BatchConfig(packs=(str(mod),), players=3, games=1, agents=("heuristic",), seed=0)
    digest = content_for(candidate).content.digest()
    values.forget()
    try:
        _values_as_it_is(base, candidate)
        # the shipped values, known in memory for the candidate: its agents learn nothing
        shipped = values.known("lastlight", content_for(base).content.digest())
        assert shipped is not None
        assert values.known("lastlight", digest) is shipped
    finally:
        values.forget()
