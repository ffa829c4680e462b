"""Action choice and resolution order (000 "playing the game", 002)."""

from __future__ import annotations

from tests.engine.positions import choose_all, game, ids, started


def test_000_simultaneous_choice_hidden_until_all_chose() -> None:
    """000: cards are chosen secretly and simultaneously; revealed together."""
    g = game(3)
    state = started(g)
    g.apply(state, 1, "play:mine")
    assert g.current_players(state) == [0, 2]
    assert g.observation(state, 0)["players"][1]["choice"] == "?"
    assert g.observation(state, 1)["players"][1]["choice"] == "mine"


def test_000_resolution_order_lower_number_then_turn_order() -> None:
    """000: lower card number first; same card from the first player clockwise; Command last."""
    g = game(4)
    state = started(g)
    state["first"] = 2
    # Pause the first resolution on a decision: seat 3 trades first (lowest card).
    state["players"][3]["res"]["common"] = 0
    choose_all(g, state, {0: "command", 1: "trade", 2: "command", 3: "trade"})
    assert state["stack"][-1]["kind"] == "trade" and state["stack"][-1]["seat"] == 3
    assert state["queue"] == [["trade", 1], ["move", 2], ["move", 0], ["attack", [2, 0]]]


def test_000_hand_rule_take_back_all_but_refresh() -> None:
    """000: "If—at the start of a round—you have no action cards in your hand, pick up all
    your action cards except Refresh." """
    g = game(3)
    state = started(g)
    state["players"][0]["hand"] = ["mine"]
    state["players"][0]["played"] = ["research", "construct", "trade", "refresh", "command"]
    choose_all(g, state, {0: "mine", 1: "mine", 2: "mine"})
    assert state["phase"] == "choose"
    assert sorted(state["players"][0]["hand"]) == [
        "command",
        "construct",
        "mine",
        "research",
        "trade",
    ]
    assert state["players"][0]["played"] == ["refresh"]


def test_002_refresh_needs_a_card_already_played() -> None:
    """002: "you must have at least 1 action card already played ... before you may play your
    Refresh card"."""
    g = game(2)
    state = started(g)
    assert "play:refresh" not in ids(g.legal_options(state, 0))
    choose_all(g, state, {0: "mine", 1: "mine"})
    assert "play:refresh" in ids(g.legal_options(state, 0))


def test_refresh_playable_in_bigger_games_from_round_one() -> None:
    """000: no restriction on Refresh outside the 2-player variant."""
    g = game(3)
    state = started(g)
    assert "play:refresh" in ids(g.legal_options(state, 0))
