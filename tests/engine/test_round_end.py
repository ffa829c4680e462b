"""Graveyards, end of round, rotation, game end and the Lumos (000, 002)."""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import graveyard, lumos, rotation
from whitedwarf.interpreter.lastlight.state import LUMOS

from tests.engine.positions import choose_all, empty_board, game, resolve, ship, started


def test_000_graveyard_four_units_pay_light_and_go_home() -> None:
    """000 "Graveyard": at 4 units gain 1 light and return them to their owners."""
    g = game(3)
    state = empty_board(started(g))
    victims = [ship(state, 1, "small", "outer_00") for _ in range(3)] + [
        ship(state, 2, "medium", "outer_00")
    ]
    before = state["players"][1]["supply"]["small"]
    for v in victims:
        graveyard.destroy(state, v, 0)
    graveyard.check(state, 0)
    assert state["players"][0]["light"] == 1 and state["players"][0]["graveyard"] == []
    assert state["players"][1]["supply"]["small"] == before + 3
    assert state["players"][2]["supply"]["medium"] == 3 + 1


def test_000_graveyard_pays_two_light_with_two_players_and_lumos_go_to_the_box() -> None:
    """000 "Graveyard" (2 players: 2 light); 002: Lumos ships leaving a graveyard are boxed."""
    g = game(2)
    state = empty_board(started(g))
    for _ in range(4):
        graveyard.destroy(state, ship(state, LUMOS, "small", "centre"), 1)
    graveyard.check(state, 1)
    assert state["players"][1]["light"] == 2
    assert state["lumos"]["box"] == 4


def test_000_rotation_when_every_refresh_is_down() -> None:
    """000 "Board Rotation": rotate, 1 light per ship in the centre, Refresh cards return,
    the first player token passes."""
    g = game(3)
    state = empty_board(started(g))
    ship(state, 0, "small", "centre")
    ship(state, 0, "large", "centre")
    ship(state, 2, "small", "centre")
    for p in state["players"]:
        p["played"] = ["research", "mine"]
        p["hand"] = ["construct", "trade", "refresh", "command"]
    choose_all(g, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["rotation"] == 1 and state["round"] == 2 and state["first"] == 1
    assert [p["light"] for p in state["players"]] == [2, 0, 1]
    assert all("refresh" in p["hand"] and "refresh" not in p["played"] for p in state["players"])


def test_000_no_rotation_but_the_token_still_passes() -> None:
    """000 "end of round": "If the game continues, the start player token passes clockwise"
    every round (E2); without every Refresh down the board does not turn."""
    g = game(4)
    state = started(g)
    choose_all(g, state, {0: "refresh", 1: "mine", 2: "mine", 3: "mine"})
    assert state["rotation"] == 0 and state["first"] == 1 and state["round"] == 2
    assert state["players"][0]["played"] == ["refresh"]


def test_000_game_ends_at_end_of_round_with_20_light_ties_by_techs_then_resources() -> None:
    """000 "Game End": most light; tie: most techs in play; then most resources."""
    g = game(3)
    state = started(g)
    for seat, light in enumerate([20, 20, 20]):
        state["players"][seat]["light"] = light
    state["players"][1]["techs"] = [
        {"ref": "galactic_monument#1", "exhausted": True, "ship_type": None}
    ]
    state["players"][2]["techs"] = [
        {"ref": "galactic_monument#2", "exhausted": False, "ship_type": None}
    ]
    state["players"][2]["res"]["rare"] = 3
    choose_all(g, state, {0: "mine", 1: "mine", 2: "mine"})
    assert g.is_terminal(state)
    result = g.result(state)
    assert (
        result["winners"] == [2]
        and result["reason"] == "light"
        and result["tiebreak"] == "resources"
    )
    assert g.returns(state) == [0.0, 0.0, 1.0]


def test_still_tied_players_share_the_win() -> None:
    """E10: still tied after both tiebreakers: a shared win."""
    g = game(2)
    state = started(g)
    state["players"][0]["light"] = state["players"][1]["light"] = 21
    state["players"][0]["res"] = dict(state["players"][1]["res"])
    state["players"][0]["techs"] = state["players"][1]["techs"] = []
    rotation.finish_game(state, "light")
    assert state["result"]["winners"] == [0, 1] and state["result"]["tiebreak"] == "shared"
    assert g.returns(state) == [0.5, 0.5]


def test_round_limit_ends_every_game() -> None:
    """E10: the game ends by "round limit" after the last allowed round."""
    g = game(3, round_limit=1)
    state = started(g)
    choose_all(g, state, {0: "mine", 1: "mine", 2: "mine"})
    assert g.is_terminal(state) and state["result"]["reason"] == "round limit"


def test_002_lumos_ally_is_least_light_and_nobody_on_a_tie() -> None:
    """002: allied to the player with least light; "If players are tied ... not allied"."""
    g = game(2)
    state = started(g)
    state["players"][0]["light"] = 3
    lumos.reevaluate(state)
    assert state["lumos"]["ally"] == 1
    state["players"][1]["light"] = 3
    lumos.reevaluate(state)
    assert state["lumos"]["ally"] is None


def test_002_allegiance_changes_only_at_the_end_of_a_card() -> None:
    """002: "The Lumos change allegiance only at the end of an action card resolution." """
    g = game(2)
    state = started(g)
    state["players"][0]["light"] = 1
    state["players"][1]["res"]["rare"] = 2
    state["players"][1]["res"]["common"] = 0
    resolve(g, state, [["trade", 1]])
    g.apply(state, 1, "trade:rare_to_light")  # 1 light each now, mid-card
    assert state["lumos"]["ally"] is None  # still the setup value until the card ends
    g.apply(state, 1, "trade:gain_common")  # card over: player 0 got the gift (2 vs 1)
    assert state["lumos"]["ally"] == 1


def test_002_lumos_reinforce_two_smallest_at_rotation_from_a_finite_supply() -> None:
    """002: "add the two smallest ships available"; none once the supply is out."""
    g = game(2)
    state = empty_board(started(g))
    state["lumos"]["supply"] = {"small": 1, "medium": 0, "large": 2}
    lumos.reinforce(state)
    assert sorted(s["size"] for s in state["ships"].values()) == ["large", "small"]
    state["lumos"]["supply"] = {"small": 0, "medium": 0, "large": 0}
    lumos.reinforce(state)
    assert len(state["ships"]) == 2
