"""Last Light's typed records (``interpreter/lastlight/records.py``) describe the states the
rules make and the saves they write: mypy checks the rules against the records, these tests
check the records against seeded random games."""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.records import State

from tests.base_content import base_content
from tests.records_check import mismatches, played_mismatches


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_state_of_a_game_matches_the_records(players: int, seed: int) -> None:
    game = Game.from_content(base_content(), players)
    # checked every 7 decisions: tasks, frames and dice of every kind come and go
    found, state = played_mismatches(
        game, seed, State, lambda s: persist.load(persist.save(s)), every=7
    )
    assert not found, "\n".join(sorted(set(found))[:20])
    assert state["result"] is not None


def test_a_field_the_records_do_not_name_is_found() -> None:
    state = Game.from_content(base_content(), 2).new_state(5)
    ship = next(iter(state["ships"].values()))
    ship["sectr"] = ship.pop("sector")  # type: ignore[typeddict-unknown-key,misc]
    assert mismatches(state, State) == [
        f"state['ships'][{ship['id']!r}]: no 'sector'",
        f"state['ships'][{ship['id']!r}]: 'sectr' is not in Ship",
    ]
