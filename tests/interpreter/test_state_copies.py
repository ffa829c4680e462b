"""Clone, save and hash of a state (``interpreter/state.py``) as a user of them sees them.

Clone copies with ``marshal`` (pickle for what marshal refuses) and rebuilds Last Light's
``GameState`` from its data; save and hash use encoders made once, without the cycle check
(issue 26 item 5, stop 44). What they give must be what they gave before: the same copy, the
same text, the same digest.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import persist, versions
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.state import Option, canonical_json, clone, state_hash, to_json

from tests.base_content import base_content


def _mid_game() -> Any:
    """A 4-player state 300 random decisions in, with its memos made."""
    game = Game.from_content(base_content(), 4)
    state = game.new_state(3)
    bots = [make_bot("random", 3, seat) for seat in range(4)]
    for _ in range(300):
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    versions.of(state)
    return state


def test_a_clone_is_an_equal_independent_game_state_with_empty_memos() -> None:
    state = _mid_game()
    state.running = (0, 1)
    copy_ = clone(state)
    assert type(copy_) is versions.GameState
    assert copy_ == state and list(copy_) == list(state)
    assert copy_.memo is None and copy_.running is None
    assert state.memo is not None and state.running == (0, 1)  # the original's are kept
    assert list(copy_["ships"]) == list(state["ships"])  # board order kept
    assert state_hash(copy_) == state_hash(state)
    copy_["players"][0]["res"]["common"] += 5
    copy_["stack"].append({"kind": "noted"})
    assert copy_ != state
    assert state == pickle.loads(pickle.dumps(dict(state)))  # the original untouched


def test_a_clone_of_what_marshal_refuses_is_pickled_as_before() -> None:
    data = {"options": [Option("a", "text a")], "n": 2, "nested": {"x": [1, (2, 3)]}}
    copy_ = clone(data)
    assert copy_ == data
    assert type(copy_["options"][0]) is Option
    assert copy_["nested"]["x"][1] == (2, 3)
    assert copy_["nested"] is not data["nested"]


def test_save_and_hash_write_what_json_dumps_writes() -> None:
    state = _mid_game()
    assert to_json(state) == json.dumps(state)
    assert to_json(state, indent=1) == json.dumps(state, indent=1)
    assert canonical_json(state) == json.dumps(state, sort_keys=True, separators=(",", ":"))
    assert persist.load(persist.save(state)) == state


def test_a_state_holding_itself_is_refused_not_written() -> None:
    state: dict[str, Any] = {"game": "lastlight"}
    state["self"] = [state]
    with pytest.raises(RecursionError):
        to_json(state)
    with pytest.raises(RecursionError):
        state_hash(state)
