"""What ``tune`` says about its confirmation: the targets it set out to fix, before and after
on the fresh seeds, and a warning when the pack as it is met them there too.

Before, a planted +3 light on Quillari (21 seats on the search's seeds, 67% against a band
of 18-48%) met its band as it was on the fresh seeds (40%), and tune printed only "1 of 1
targets met after, 1 before" and a change of +13 common a trade, chosen on noise."""

from __future__ import annotations

from typing import Any

from whitedwarf.tools.tune import _sentences


def _row(value: float, n: int, met: bool) -> dict[str, Any]:
    return {
        "target": "fair", "what": "quillari", "players": 3, "value": value, "n": n,
        "band": [0.18, 0.48], "miss": 0.0 if met else abs(value - 0.48), "met": met,
        "consistent": met, "judged": True,
    }  # fmt: skip


def _result(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    baseline = {"values": [1], "rows": [_row(0.67, 21, False)], "miss": 0.19, "change": 0.0,
                "games": 60, "dropped": False}  # fmt: skip
    return {
        "search": {"baseline": baseline, "candidates": 6, "games": 375},
        "seconds": 47.0,
        "changes": [{"knob": "quillari:effect[1]", "from": 3, "to": 2}],
        "confirmation": {"games": 120, "seed": 1000003, "before": [before], "after": [after]},
    }


def test_a_pack_that_met_its_targets_on_fresh_games_as_it_is_is_said_so() -> None:
    said = _sentences(_result(_row(0.40, 43, True), _row(0.47, 43, True)))
    assert said[1] == (
        "As it is, on the search's 60 games: quillari wins 67% at 3 players (band 18-48%, "
        "21 seats)."
    )
    assert (
        said[3]
        == "On 120 fresh games a player count (seed 1000003): 1 of 1 targets met after, 1 before."
    )
    # the target the search set out to fix is said though met both times
    assert said[4] == (
        "quillari wins 40% at 3 players (band 18-48%, 43 seats) before; quillari wins 47% at 3 "
        "players (band 18-48%, 43 seats) after: met."
    )
    assert said[5].startswith("The pack as it is met every target on the fresh games too")
    assert "raise --games and --confirm-games before taking the change" in said[5]


def test_a_change_that_fixed_a_miss_on_fresh_games_gets_no_warning() -> None:
    said = _sentences(_result(_row(0.70, 43, False), _row(0.40, 43, True)))
    assert "1 of 1 targets met after, 0 before." in said[3]
    assert not any("met every target on the fresh games too" in line for line in said)
