"""Activated abilities are offered during your own action resolution only (001 FAQ: "Can I
activate techs in response to others? No. Techs are activated during your action resolution
only."), and an exhausted card waits for Refresh (000 "Civilization technology cards")."""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.decisions import IllegalOption
from whitedwarf.interpreter.lastlight.game import Game

from tests.engine.positions import TECHS, content, ids, resolve, ship, started

MONUMENT = "galactic_monument#1"
RESOURCEFUL = "resourcefulness#1"

#: The printed texts as the base pack writes them (docs/rules-decisions.md K2).
EFFECTS = {
    "galactic_monument": "activated: exhaust this card -> gain 1 light",
    "resourcefulness": "activated: exhaust this card -> unexhaust another exhausted tech of yours",
}


def game(players: int = 4) -> Game:
    """The test content with the two printed activated abilities."""
    techs = [{**t, "effect": EFFECTS[t["id"]]} if t["id"] in EFFECTS else t for t in TECHS]
    return Game.from_content(content(techs=techs), players, {})


def holding(g: Game, *refs: str, exhausted: tuple[str, ...] = ()) -> dict[str, Any]:
    """A started game where seat 0 has ``refs`` in play."""
    state = started(g)
    state["players"][0]["techs"] = [
        {"ref": r, "exhausted": r in exhausted, "ship_type": None} for r in refs
    ]
    return state


def use(ref: str) -> str:
    return f"use:{ref}"


def test_001_monument_is_offered_during_your_research_and_gains_light() -> None:
    g = game()
    state = holding(g, MONUMENT)
    resolve(g, state, [["research", 0]])
    assert g.current_players(state) == [0]
    options = ids(g.legal_options(state, 0))
    # 000 #1: three drawn, two kept: the discard decision, then the ability.
    assert options[:-1] == [o for o in options if o.startswith("discard:")]
    assert options[-1] == use(MONUMENT)
    light = state["players"][0]["light"]
    g.apply(state, 0, use(MONUMENT))
    assert state["players"][0]["light"] == light + 1
    assert state["players"][0]["techs"][0]["exhausted"]
    # The same decision is asked again, without the exhausted card.
    options = ids(g.legal_options(state, 0))
    assert options and all(o.startswith("discard:") for o in options)


def test_001_not_offered_during_an_opponents_resolution_nor_the_secret_choice() -> None:
    g = game()
    state = holding(g, MONUMENT)
    assert all(o.startswith("play:") for o in ids(g.legal_options(state, 0)))
    with pytest.raises(IllegalOption):
        g.apply(state, 0, use(MONUMENT))
    resolve(g, state, [["research", 1]])
    assert g.current_players(state) == [1]
    assert g.legal_options(state, 0) == []
    assert not any(o.startswith("use:") for o in ids(g.legal_options(state, 1)))
    with pytest.raises(IllegalOption):
        g.apply(state, 0, use(MONUMENT))
    assert not state["players"][0]["techs"][0]["exhausted"]


def test_001_mine_has_a_closing_window_and_resourcefulness_readies_another_tech() -> None:
    """Mine asks nothing, so abilities get a window when the card's resolution ends."""
    g = game()
    state = holding(g, MONUMENT, RESOURCEFUL, exhausted=(MONUMENT,))
    resolve(g, state, [["mine", 0], ["mine", 1]])
    assert g.current_players(state) == [0]
    assert ids(g.legal_options(state, 0)) == [use(RESOURCEFUL), "done"]
    g.apply(state, 0, use(RESOURCEFUL))
    # 000 resourcefulness: "Exhaust this card to unexhaust another technology card."
    assert [t["exhausted"] for t in state["players"][0]["techs"]] == [False, True]
    assert ids(g.legal_options(state, 0)) == [use(MONUMENT), "done"]
    g.apply(state, 0, use(MONUMENT))
    assert state["players"][0]["light"] == 1
    # Nothing left to use: the window closes by itself and seat 1's Mine resolves.
    assert [t["exhausted"] for t in state["players"][0]["techs"]] == [True, True]
    assert not any(t["kind"] == "mine" and t["seat"] == 0 for t in state["stack"])


def test_001_done_closes_the_window_without_using() -> None:
    g = game()
    state = holding(g, MONUMENT)
    resolve(g, state, [["mine", 0]])
    g.apply(state, 0, "done")
    assert not state["players"][0]["techs"][0]["exhausted"]
    assert not any(t["kind"] == "mine" for t in state["stack"])


def test_000_an_exhausted_card_is_not_offered_again_until_refresh() -> None:
    g = game()
    state = holding(g, MONUMENT)
    resolve(g, state, [["mine", 0], ["trade", 0], ["refresh", 0]])
    g.apply(state, 0, use(MONUMENT))
    # Trade: two trades and the gift, none offering the exhausted monument.
    while state["stack"] and state["stack"][-1]["kind"] == "trade":
        options = ids(g.legal_options(state, 0))
        assert use(MONUMENT) not in options
        g.apply(state, 0, options[0])
    # Refresh readies it (000 #5), and its closing window offers it again.
    assert state["stack"][-1]["kind"] == "refresh"
    assert ids(g.legal_options(state, 0)) == [use(MONUMENT), "done"]
    assert not state["players"][0]["techs"][0]["exhausted"]


def test_001_offered_with_a_command_players_roll_but_not_to_others() -> None:
    g = game()
    state = holding(g, MONUMENT)
    sectors = sorted(state["sectors"])
    target = next(s for s in sectors if s.startswith("outer"))
    state["ships"].clear()
    ship(state, 0, "small", target)
    ship(state, 1, "small", target)
    resolve(g, state, [["attack", [0]]])
    top = state["stack"][-1]
    assert top["kind"] == "attack" and top["pc"] == "roll" and top["ask"] == 0
    assert ids(g.legal_options(state, 0)) == ["roll:small", "done", use(MONUMENT)]
