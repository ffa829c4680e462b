"""Effects that validate clean are played in real games: no traceback, no hang, no broken
invariant (DESIGN principles 2 and 3).

Each batch is a mod pack of generated effects (``texts.py``) for every card kind, loaded
through the validating loader and played by seeded random agents with every fuzzed card in
play from the start (Last Light: ``games.py``; Starlight: ``starlight.py``). The default run
is fixed (the same texts and games on every machine) and takes some seconds; a longer one:
``WHITEDWARF_FUZZ_BATCHES=2000 pytest tests/fuzzgame -q`` (``WHITEDWARF_FUZZ_FIRST`` moves
the first batch seed), or ``python benchmarks/fuzz_games.py``, which reports every failure.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.fuzzgame import games, starlight
from tests.fuzzgame.games import Report

BATCHES = int(os.environ.get("WHITEDWARF_FUZZ_BATCHES", "60"))
FIRST = int(os.environ.get("WHITEDWARF_FUZZ_FIRST", "0"))
#: Texts of each card kind in one pack, and games played on each pack.
PER_KIND = 8
GAMES = 6
STARLIGHT_GAMES = 10


def _limits_name_their_card(report: Report) -> None:
    """A game the engine stopped at a limit was stopped by its own error, naming the card."""
    for o in report.outcomes:
        if o.kind == "limit":
            card, _, message = o.detail.partition(": ")
            assert card and card in message, o.detail


def _summary(report: Report) -> str:
    lines = [f"{len(report.failures())} of {len(report.outcomes)} games failed:"]
    for o in report.failures()[:5]:
        lines.append(f"- batch {o.seed // 1000}, {o.players} players, seed {o.seed}: {o.detail}")
    return "\n".join(lines)


def test_fuzzed_last_light_cards_play_to_the_end(tmp_path: Path) -> None:
    """Every game ends, or stops in the engine's own limit error; none fails. Each batch has
    8 texts of each of the 7 card kinds (some kinds find fewer distinct ones)."""
    report = games.run(tmp_path, range(FIRST, FIRST + BATCHES), PER_KIND, GAMES)
    assert report.texts >= BATCHES * PER_KIND * 6, "the generator found too few valid texts"
    assert len(report.outcomes) == BATCHES * GAMES
    assert not report.failures(), _summary(report)
    _limits_name_their_card(report)


def test_fuzzed_starlight_cards_play_to_the_end(tmp_path: Path) -> None:
    """Every game with every god, flare, laurel and accolade fuzzed ends, and none fails."""
    report = starlight.run(tmp_path, range(FIRST, FIRST + BATCHES), PER_KIND, STARLIGHT_GAMES)
    assert report.texts >= BATCHES * PER_KIND * 4, "the generator found too few valid texts"
    assert len(report.outcomes) == BATCHES * STARLIGHT_GAMES
    assert not report.failures(), _summary(report)
    _limits_name_their_card(report)
