"""The recorded playthrough matches the engine (regenerate: python -m tests.playthrough)."""

import pytest

from tests.playthrough import FOLDER, GAMES, record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_recorded_playthrough_is_reproduced(name: str) -> None:
    players, seed = GAMES[name]
    recorded = (FOLDER / name).read_text(encoding="utf-8")
    assert record(players, seed) == recorded, (
        "the engine no longer plays this game as recorded; if the rules change was "
        "intended, regenerate with `python -m tests.playthrough` and review the diff"
    )
