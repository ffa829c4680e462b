"""Effects that validate clean are played in real games: no traceback, no hang, no broken
invariant (DESIGN principles 2 and 3).

Each batch is a mod pack of generated effects (``texts.py``) for every card kind, loaded
through the validating loader and played by seeded random agents with every fuzzed card in
play from the start (``games.py``). The default run is fixed and takes some seconds; set
``WHITEDWARF_FUZZ_BATCHES`` (and optionally ``WHITEDWARF_FUZZ_FIRST``, the first batch seed)
for a longer one, e.g. ``WHITEDWARF_FUZZ_BATCHES=2000 pytest tests/fuzzgame -q``.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.fuzzgame.games import Report, run

BATCHES = int(os.environ.get("WHITEDWARF_FUZZ_BATCHES", "40"))
FIRST = int(os.environ.get("WHITEDWARF_FUZZ_FIRST", "0"))
#: Texts of each card kind in one pack, and games played on each pack (2, 3, 4 players).
PER_KIND = 8
GAMES = 6


def _summary(report: Report) -> str:
    lines = [f"{len(report.failures())} of {len(report.outcomes)} games failed:"]
    for o in report.failures()[:5]:
        lines.append(f"- batch {o.seed // 1000}, {o.players} players, seed {o.seed}: {o.detail}")
    return "\n".join(lines)


def test_fuzzed_cards_play_to_the_end(tmp_path: Path) -> None:
    """Every game ends, or stops in the engine's own limit error; none fails."""
    report = run(tmp_path, range(FIRST, FIRST + BATCHES), PER_KIND, GAMES)
    assert report.texts >= BATCHES * PER_KIND * 6, "the generator found too few valid texts"
    assert len(report.outcomes) == BATCHES * GAMES
    assert not report.failures(), _summary(report)
