"""The 2-player variant and the Lumos (002), as a tester reads them.

2-player map: homes ``distant_00`` (seat 0) and ``distant_08`` (seat 1); the centre holds the
white dwarf and 2 small Lumos ships at setup; planets in ``outer_00`` and ``outer_08``; a deep
space token in ``outer_02``.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import LUMOS

from tests.engine.positions import (
    TECHS,
    beacon_game,
    choose_all,
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

ACTIONS = ["research", "mine", "construct", "trade", "refresh", "command"]
SUPERSONIC = {
    "id": "supersonic", "name": "Supersonic", "kind": "ship_mod", "cost": {"common": 1},
    "copies": 1, "effect": "this ship type has +1 movement",
}  # fmt: skip


def _lumos(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in state["ships"].values() if s["owner"] == LUMOS]


def test_002_rotation_adds_two_lumos_ships_that_pay_nobody_centre_light() -> None:
    """002: "Every time the board rotates, add 2 more ships to the center sector. Add the two
    smallest ships available." 000 "Board Rotation": each player collects 1 light per ship
    *they* have in the centre: the Lumos' ships pay no player (E9)."""
    g = Game.from_content(content(), 2)
    state = started(g)
    ship(state, 0, "medium", "centre")
    for p in state["players"]:
        p["played"], p["hand"] = ["mine"], [a for a in ACTIONS if a != "mine"]
    choose_all(g, state, {0: "refresh", 1: "refresh"})
    assert state["rotation"] == 1
    assert sorted((s["size"], s["sector"]) for s in _lumos(state)) == [("small", "centre")] * 4
    assert [p["light"] for p in state["players"]] == [1, 0]


def test_002_unallied_lumos_blockade_both_players() -> None:
    """002: "Lumos ships blockade planets of the player(s) they are not allied with": with
    tied light they are allied with nobody, so they blockade everyone (000 "2. Claim")."""
    g = Game.from_content(content(), 2)
    state = empty_board(started(g))
    assert state["lumos"]["ally"] is None
    extractor(state, 0, planet=planet_at(state, "outer_00"))
    extractor(state, 1, planet=planet_at(state, "outer_08"))
    ship(state, LUMOS, "small", "outer_00")
    resolve(g, state, [["refresh", 0], ["refresh", 1]])
    assert [p["light"] for p in state["players"]] == [0, 1]


def test_002_the_ally_moves_lumos_ships_at_their_base_speed() -> None:
    """002: Lumos ships "do not use technologies associated with your civilization or your
    ships": the ally's +1 movement mod on small ships moves its own small ship 2 sectors, a
    Lumos small ship 1 (000 "1. Move": 1 adjacent sector by default)."""
    g = Game.from_content(content(techs=[*TECHS, SUPERSONIC]), 2)
    state = empty_board(started(g))
    state["lumos"]["ally"] = 0
    state["players"][0]["techs"].append(
        {"ref": "supersonic#1", "exhausted": False, "ship_type": "small"}
    )
    own = ship(state, 0, "small", "centre")
    lum = ship(state, LUMOS, "small", "centre")
    resolve(g, state, [["move", 0]])
    options = ids(g.legal_options(state, 0))
    own_reach = {o.split(":")[2] for o in options if o.startswith(f"move:{own}:")}
    lumos_reach = {o.split(":")[2] for o in options if o.startswith(f"move:{lum}:")}
    assert lumos_reach and all(s.startswith("inner_") for s in lumos_reach)
    assert any(s.startswith("outer_") for s in own_reach)


def test_002_allegiance_holds_through_the_whole_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """002: "If you were to discover a light during the move portion of command that would tie
    you with the other player, you would still finish commanding all the Lumos before the
    alliance ended." Seat 0 (0 light against 1) reveals a light while moving, then still
    rolls the Lumos ships in the attack; the alliance ends with the card."""
    force_faces(monkeypatch, ["hit"])
    g = beacon_game(2)
    state = empty_board(started(g))
    state["players"][1]["light"] = 1
    state["lumos"]["ally"] = 0
    ship(state, 0, "small", "outer_02")  # on a deep space token: revealed in the move step
    ship(state, LUMOS, "small", "outer_08")
    victim = ship(state, 1, "small", "outer_08")
    resolve(g, state, [["move", 0], ["attack", [0]]])
    g.apply(state, 0, "done")
    assert state["players"][0]["light"] == 1  # tied now, mid-card
    assert ids(g.legal_options(state, 0)) == ["roll:lumos:small", "done"]
    g.apply(state, 0, "roll:lumos:small")
    assert victim not in state["ships"]
    assert state["lumos"]["ally"] is None  # the card has ended: tied, so nobody's ally


def test_e101_lumos_damage_is_never_removed() -> None:
    """000 "1. Refresh": a player removes "all damage tokens currently on *your* ships"; the
    Lumos play no Refresh card (002: they "need no components other than their ships"), so a
    damaged Lumos ship keeps its damage through the ally's Refresh and the rotation (E101)."""
    g = Game.from_content(content(), 2)
    state = empty_board(started(g))
    state["lumos"]["ally"] = 0
    own = ship(state, 0, "medium", "centre", damage=1)
    lum = ship(state, LUMOS, "medium", "centre", damage=1)
    for p in state["players"]:
        p["played"], p["hand"] = ["mine"], [a for a in ACTIONS if a != "mine"]
    choose_all(g, state, {0: "refresh", 1: "refresh"})
    assert state["rotation"] == 1
    assert state["ships"][own]["damage"] == 0 and state["ships"][lum]["damage"] == 1
