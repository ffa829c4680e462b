"""A card every game of whose arm stopped with an error was not measured, and is said so.

Seen with ``explain starmod --cards apollo`` (a god, without ``--option gods=true``): all six
games of its arm stopped with "apollo is a god: give it with --option gods=true", and the
report said "No card changes its holder's points significantly ...; the largest estimate is
Apollo +0.0 (95% interval +0.0 to +0.0)", an estimate of no game at all. (That card is now
refused up front; a mod's runaway card can still stop every game of an arm.)"""

from __future__ import annotations

from whitedwarf.interpreter.simulation.explaining import sentences


def _card(card: str, games: int, difference: float) -> dict:
    return {
        "card": card,
        "games": games,
        "errors": 0 if games else 6,
        "significant": False,
        "p_holm": 1.0,
        "score": {"difference": difference, "low": difference - 1, "high": difference + 1},
        "win": {"difference": 0.0},
    }


def _result(cards: list[dict]) -> dict:
    return {
        "score": "points", "games": 6, "players": 3, "cards": cards, "pairs": [],
        "probes": [], "agent": "heuristic", "played": 30, "first_seat": [], "errors": 6,
    }  # fmt: skip


def test_a_card_no_game_measured_is_said_not_measured_not_estimated() -> None:
    said = sentences(_result([_card("apollo", 0, 0.0)]), {"apollo": "Apollo"})
    assert said[1] == (
        "Not measured, every game of its arm stopped with an error: Apollo (explain.json "
        "`errors`; the arms' records in arms/ say which)."
    )
    assert not any("largest estimate" in line for line in said)


def test_the_largest_estimate_is_of_a_card_that_was_measured() -> None:
    said = sentences(_result([_card("apollo", 0, 0.0), _card("comet", 6, 2.0)]))
    assert "the largest estimate is comet +2.0 (95% interval +1.0 to +3.0)." in said[2]
