"""Combat damage is simultaneous (004 "2. Attack", E7 of docs/rules-decisions.md).

004: "Attack rolls should be in turn order, but all damage is resolved simultaneously. A ship
that takes enough damage to be destroyed will still roll attack dice before being removed from
the board." and "Ships without bombardment can only attack if there is an enemy ship present."
A ship already assigned lethal damage is still present until the sector's damage resolves, so
it does not stop the attacker's other groups from rolling, nor their abilities from firing.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.game import Game

from tests.engine.positions import (
    TECHS,
    content,
    empty_board,
    extractor,
    force_faces,
    ids,
    planet_at,
    resolve,
    ship,
    started,
)

#: A ship ability on the medium ships: 1 common each time its die shows the ability icon.
SCANNER = {
    "id": "scanner",
    "name": "Scanner",
    "kind": "ship_ability",
    "cost": {"common": 1},
    "copies": 1,
    "effect": "when ability_rolled -> gain 1 common",
}


def _game(players: int = 4) -> Game:
    return Game.from_content(content(techs=[*TECHS, SCANNER]), players)


def _with_scanner(state: dict[str, Any], seat: int) -> None:
    state["players"][seat]["techs"].append(
        {"ref": "scanner#1", "exhausted": False, "ship_type": "medium"}
    )


def test_004_a_doomed_ship_still_lets_the_other_groups_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 0's small ship dooms the only enemy ship; the medium ships still roll against it
    and their ship ability fires (004: damage is resolved simultaneously)."""
    force_faces(monkeypatch, ["hit", "ability", "miss"])
    g = _game()
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    ship(state, 0, "medium", "outer_00")
    enemy = ship(state, 1, "small", "outer_00")  # 1 shield: one hit dooms it
    _with_scanner(state, 0)
    common = state["players"][0]["res"]["common"]
    resolve(g, state, [["attack", [0]]])
    assert ids(g.legal_options(state, 0)) == ["roll:small", "roll:medium", "done"]
    g.apply(state, 0, "roll:small")  # the hit is assigned to the enemy at once (one target)
    assert enemy in state["ships"]  # doomed, not yet removed
    assert ids(g.legal_options(state, 0)) == ["roll:medium", "done"]
    g.apply(state, 0, "roll:medium")
    assert state["players"][0]["res"]["common"] == common + 1  # the ability fired
    assert enemy not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]


def test_004_hits_on_a_doomed_ship_are_lost_and_never_reach_an_extractor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without bombardment the medium ships' hits on an already doomed ship change nothing:
    the ship is destroyed once and the planet's extractor is untouched."""
    force_faces(monkeypatch, ["hit", "hit", "hit"])
    g = _game()
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    ship(state, 0, "medium", "outer_00")
    enemy = ship(state, 1, "small", "outer_00")
    x = extractor(state, 1, planet=planet_at(state, "outer_00"))
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    g.apply(state, 0, "roll:medium")
    assert enemy not in state["ships"] and x in state["extractors"]
    assert len(state["players"][0]["graveyard"]) == 1
    assert state["phase"] == "choose"


def test_004_a_second_command_player_still_rolls_at_a_doomed_fleet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 0 dooms seat 1's only ship in a sector where seat 2 also fights: seat 2 still
    rolls (the doomed ship is present), and the final damage names seat 0 as the destroyer."""
    force_faces(monkeypatch, ["hit", "miss", "miss"])
    g = _game()
    state = empty_board(started(g))
    state["first"] = 0
    ship(state, 0, "small", "outer_00")
    victim = ship(state, 1, "small", "outer_00")
    ship(state, 2, "small", "outer_00")
    resolve(g, state, [["attack", [0, 2]]])
    g.apply(state, 0, "roll:small")
    options = ids(g.legal_options(state, 0))
    assert options[0].startswith("assign:")  # seat 2's ship and seat 1's: seat 0 chooses
    g.apply(state, 0, f"assign:{victim}")
    assert g.current_players(state) == [2]
    assert ids(g.legal_options(state, 2)) == ["roll:small", "done"]
    g.apply(state, 2, "roll:small")
    assert victim not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]
