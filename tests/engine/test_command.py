"""Action card #6 Command: move and reveal (000/004 "1. Move"), attack (004 "2. Attack")."""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.decisions import IllegalOption
from whitedwarf.interpreter.lastlight.state import LUMOS, home_of

from tests.engine.positions import (
    empty_board,
    extractor,
    force_faces,
    game,
    ids,
    planet_at,
    resolve,
    ship,
    started,
)


def _moves(options: list[Any], ship_id: str) -> list[str]:
    return sorted(o.id.split(":")[2] for o in options if o.id.startswith(f"move:{ship_id}:"))


def test_000_move_one_adjacent_sector_no_asteroids_no_corners() -> None:
    """000 "1. Move": 1 adjacent sector by default; asteroids block; corners do not connect."""
    g = game(4)
    state = empty_board(started(g))
    s = ship(state, 0, "small", "outer_02")
    resolve(g, state, [["move", 0]])
    # outer_03 and distant_02 hold asteroids; inner_0, distant_01 and distant_03 touch
    # outer_02 only at a corner.
    assert state["sectors"]["outer_03"]["asteroid"] and state["sectors"]["distant_02"]["asteroid"]
    assert _moves(g.legal_options(state, 0), s) == ["inner_1", "outer_01"]


def test_000_a_ship_moves_once_and_only_within_its_reach() -> None:
    """000 "Move each of your ships": once each, within its movement; a moved ship, a
    sector out of reach, an asteroid or another player's ship are refused (the step's
    options are kept from one move to the next: a refusal changes nothing)."""
    g = game(4)
    state = empty_board(started(g))
    a = ship(state, 0, "small", "inner_0")
    b = ship(state, 0, "small", "outer_02")
    other = ship(state, 1, "small", "outer_01")
    resolve(g, state, [["move", 0]])
    g.apply(state, 0, f"move:{a}:inner_1")
    assert _moves(g.legal_options(state, 0), a) == []
    # outer_03 holds an asteroid; outer_01 another player's ship, which does not stop a move.
    assert _moves(g.legal_options(state, 0), b) == ["inner_1", "outer_01"]
    refused = (
        f"move:{a}:inner_2",
        f"move:{b}:outer_05",
        f"move:{b}:outer_03",
        f"move:{other}:outer_00",
    )
    for option in refused:
        with pytest.raises(IllegalOption):
            g.apply(state, 0, option)
    for option in refused:  # the engine's own check, without the legal options listed first
        with pytest.raises(IllegalOption):
            g.apply(state, 0, option, check=False)
    assert g.current_players(state) == [0]  # still asked, the same options
    assert _moves(g.legal_options(state, 0), b) == ["inner_1", "outer_01"]
    assert [state["ships"][s]["sector"] for s in (a, b, other)] == [
        "inner_1",
        "outer_02",
        "outer_01",
    ]


def test_000_move_each_ship_once_then_reveal_in_chosen_order() -> None:
    """000: reveal tokens in sectors you occupy, in any order, one at a time; deep space
    tokens leave the board, planetary tokens stay face up."""
    g = game(4)
    state = empty_board(started(g))
    a = ship(state, 0, "small", "outer_01")
    ship(state, 0, "small", "outer_04")
    assert state["sectors"]["outer_02"]["token_kind"] == "deep_space"
    assert state["sectors"]["outer_04"]["token_kind"] == "planetary"
    deep = state["sectors"]["outer_02"]["token"]
    resolve(g, state, [["move", 0]])
    g.apply(state, 0, f"move:{a}:outer_02")
    assert not _moves(g.legal_options(state, 0), a)
    g.apply(state, 0, "done")
    # outer_01, which the ship left, is not revealed.
    assert ids(g.legal_options(state, 0)) == ["reveal:outer_02", "reveal:outer_04"]
    g.apply(state, 0, "reveal:outer_04")
    assert state["sectors"]["outer_04"]["revealed"] and state["sectors"]["outer_04"]["token"]
    # The last token is revealed without asking.
    assert state["sectors"]["outer_02"]["token"] is None and state["explored"] == [deep]


def test_000_reveal_calls_token_revealed_then_run_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """000: a revealed token's effect resolves completely before the next one (run_card)."""
    from whitedwarf.interpreter.lastlight import command

    calls: list[tuple[str, Any]] = []
    monkeypatch.setattr(
        command, "fire", lambda st, hook, p, ctx: calls.append((hook, ctx.get("sector")))
    )
    monkeypatch.setattr(command, "run_card", lambda st, p, ref, ctx: calls.append(("run", ref)))
    g = game(4)
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_02")
    token = state["sectors"]["outer_02"]["token"]
    resolve(g, state, [["move", 0]])
    g.apply(state, 0, "done")
    assert ("token_revealed", "outer_02") in calls and ("run", token) in calls
    assert calls.index(("token_revealed", "outer_02")) < calls.index(("run", token))


def test_002_lumos_ally_moves_lumos_ships_which_reveal_nothing() -> None:
    """002: the ally may command the Lumos; "Lumos ships do not reveal exploration tiles"."""
    g = game(2)
    state = empty_board(started(g))
    lum = ship(state, LUMOS, "small", "inner_0")
    ship(state, 0, "small", "distant_00")
    state["lumos"]["ally"] = 1
    resolve(g, state, [["move", 0]])
    assert not _moves(g.legal_options(state, 0), lum)
    g.apply(state, 0, "done")
    resolve(g, state, [["move", 1]])
    g.apply(state, 1, f"move:{lum}:outer_00")  # its last ship: the move step ends
    assert state["ships"][lum]["sector"] == "outer_00"
    assert not state["sectors"]["outer_00"]["revealed"]


# -- attack -----------------------------------------------------------------------------------


def _attack(g: Any, state: dict[str, Any], seats: list[int]) -> None:
    resolve(g, state, [["attack", seats]])


def test_004_ships_without_bombardment_attack_only_enemy_ships() -> None:
    """004: "Ships without bombardment can only attack if there is an enemy ship present"."""
    g = game(4)
    state = empty_board(started(g))
    ship(state, 0, "large", "outer_00")
    extractor(state, 1, planet=planet_at(state, "outer_00"))
    _attack(g, state, [0])
    assert state["phase"] == "choose"  # nothing to fight: the attack step ended


def test_004_attack_is_optional_and_only_command_players_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """004: "Attacking is optional"; ships of players without Command do not attack."""
    force_faces(monkeypatch, ["hit"])
    g = game(4)
    state = empty_board(started(g))
    mine_ = ship(state, 0, "small", "outer_00")
    theirs = ship(state, 1, "small", "outer_00")
    _attack(g, state, [0])
    assert ids(g.legal_options(state, 0)) == ["roll:small", "done"]
    g.apply(state, 0, "roll:small")
    assert theirs not in state["ships"] and mine_ in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]


def test_000_damage_is_simultaneous_and_destroyed_ships_still_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """000: "all damage is resolved simultaneously. A ship that takes enough damage to be
    destroyed will still roll attack dice"."""
    force_faces(monkeypatch, ["hit", "hit"])
    g = game(4)
    state = empty_board(started(g))
    a = ship(state, 0, "small", "outer_00")
    b = ship(state, 1, "small", "outer_00")
    state["first"] = 0
    _attack(g, state, [0, 1])
    g.apply(state, 0, "roll:small")
    assert b in state["ships"]  # not removed before seat 1 rolls
    g.apply(state, 1, "roll:small")
    assert a not in state["ships"] and b not in state["ships"]
    assert len(state["players"][0]["graveyard"]) == len(state["players"][1]["graveyard"]) == 1


def test_000_exploding_face_rolls_again_and_roller_assigns(monkeypatch: pytest.MonkeyPatch) -> None:
    """000: explode = 1 damage and another die; "Damage is assigned ... by the player rolling"."""
    force_faces(monkeypatch, ["explode", "hit"])
    g = game(4)
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    c = ship(state, 1, "small", "outer_00")
    d = ship(state, 2, "medium", "outer_00")
    _attack(g, state, [0])
    g.apply(state, 0, "roll:small")
    assert ids(g.legal_options(state, 0)) == [f"assign:{c}", f"assign:{d}"]
    g.apply(state, 0, f"assign:{d}")
    # Two hits: the second also goes to the roller's choice; d can take one more (2 shields).
    g.apply(state, 0, f"assign:{d}")
    assert d not in state["ships"] and c in state["ships"]


def test_004_bombard_extractors_only_when_no_enemy_ship_remains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """004: "Extractors may be targeted by ships with bombardment but only if there are no
    enemy ships remaining in the sector"; colony ship extractors never (public FAQ)."""
    from whitedwarf.interpreter.lastlight import combat, stats

    def bombard(st: dict, p: int, name: str, size: str | None = None) -> bool:
        return name == "bombard" and p == 0

    # Combat reads flags itself and through the ship type's numbers (stats.ship_type).
    monkeypatch.setattr(combat, "flag", bombard)
    monkeypatch.setattr(stats, "flag", bombard)
    force_faces(monkeypatch, ["hit", "hit", "hit"])
    g = game(4)
    state = empty_board(started(g))
    ship(state, 0, "large", "outer_00")
    enemy = ship(state, 1, "small", "outer_00")
    x = extractor(state, 1, planet=planet_at(state, "outer_00"))
    _attack(g, state, [0])
    g.apply(state, 0, "roll:large")
    # Hit 1 must go to the ship (auto: one target), hit 2 then to the extractor, hit 3 is lost.
    assert enemy not in state["ships"] and x not in state["extractors"]
    assert len(state["players"][0]["graveyard"]) == 2
    state2 = empty_board(started(g))
    ship(state2, 0, "large", home_of(state2, 1))
    extractor(state2, 1, space="common_b", sector=home_of(state2, 1))
    _attack(g, state2, [0])
    assert state2["phase"] == "choose"


def test_000_each_ship_fights_once_per_turn_and_first_player_orders(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """000: the first player chooses the sector order; each ship fights at most once (range 1
    ships could otherwise join a second sector)."""
    from whitedwarf.interpreter.lastlight import combat, stats

    real = stats.stat

    def range_1(st: dict, p: int, n: str, t: str | None = None) -> int:
        return 1 if n == "range" else real(st, p, n, t)

    # Combat reads stats itself and through the ship type's numbers (stats.ship_type).
    monkeypatch.setattr(combat, "stat", range_1)
    monkeypatch.setattr(stats, "stat", range_1)
    force_faces(monkeypatch, [])
    g = game(4)
    state = empty_board(started(g))
    state["first"] = 3
    ship(state, 0, "small", "outer_00")
    ship(state, 1, "small", "outer_00")
    ship(state, 2, "small", "outer_01")
    _attack(g, state, [0])
    assert g.current_players(state) == [3]
    assert ids(g.legal_options(state, 3)) == ["sector:outer_00", "sector:outer_01"]
    g.apply(state, 3, "sector:outer_01")
    g.apply(state, 0, "roll:small")
    assert state["phase"] == "choose"  # the ship has fought: no combat left in outer_00


def test_002_lumos_roll_separately_and_kills_go_to_the_ally(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """002: the ally rolls Lumos ships separately with base stats; their kills are the ally's."""
    force_faces(monkeypatch, ["hit"])
    g = game(2)
    state = empty_board(started(g))
    ship(state, LUMOS, "small", "outer_00")
    victim = ship(state, 1, "small", "outer_00")
    state["lumos"]["ally"] = 0
    _attack(g, state, [0])
    assert ids(g.legal_options(state, 0)) == ["roll:lumos:small", "done"]
    g.apply(state, 0, "roll:lumos:small")
    assert victim not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]
