"""Starlight's typed records (``interpreter/starlight/records.py``) describe the states the
rules make and the saves they write: mypy checks the rules against the records, these tests
check the records against seeded random games (live seats, Starbots and gods)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.starlight import persist
from whitedwarf.interpreter.starlight.content import load_content
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.records import State

from tests.records_check import mismatches, played_mismatches


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (2, {}, 1),
        (3, {"seats": ["live", "starbot", "live"], "gods": True}, 2),
    ],
)
def test_every_state_of_a_game_matches_the_records(
    players: int, options: dict[str, Any], seed: int
) -> None:
    game = Game.from_content(load_content(), players, options)
    found, state = played_mismatches(
        game, seed, State, lambda s: persist.load(persist.save(s)), every=5
    )
    assert not found, "\n".join(sorted(set(found))[:20])
    assert state["result"] is not None


def test_a_field_the_records_do_not_name_is_found() -> None:
    state = Game.from_content(load_content(), 2, {}).new_state(5)
    state["players"][1]["nigth"] = 0  # type: ignore[typeddict-unknown-key]
    assert mismatches(state, State) == ["state['players'][1]: 'nigth' is not in Player"]


def test_a_state_counting_a_limited_clause_matches_the_records(tmp_path: Path) -> None:
    # No base-pack god has a use limit, so no seeded game above counts one: a mod's does.
    from tests.starlight.test_use_limits import _end_turn, _game, _position

    game = _game(tmp_path, "when turn_start, at most 2 times per game -> gain 1 night_point")
    state = _position(game)
    _end_turn(game, state)
    _end_turn(game, state)
    assert state["card_uses"]["tally/0"]["used"] == 1
    assert mismatches(persist.load(persist.save(state)), State) == []
