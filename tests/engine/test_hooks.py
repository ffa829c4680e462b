"""Every timing point of the vocabulary is fired by the engine (DESIGN "hooks")."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight import events, hooks, versions
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.vocabulary import registry

from tests.base_content import base_content
from tests.engine.positions import empty_board, game, ship, started

MODULES = (
    "game",
    "setup",
    "research",
    "mine",
    "construct",
    "trade",
    "refresh",
    "command",
    "combat",
    "graveyard",
    "rotation",
)


def test_every_vocabulary_hook_is_fired(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random games reach every hook of ``vocabulary._hooks()`` with a valid player."""
    seen: set[str] = set()

    def record(state: dict[str, Any], hook: str, player: int, context: dict[str, Any]) -> None:
        assert 0 <= player < state["n"], (hook, player)
        seen.add(hook)

    def record_each(state: dict[str, Any], hook: str, seats: list[int]) -> None:
        for seat in seats:  # hooks.fire_each: the hook offered to each seat in order
            record(state, hook, seat, {})

    for name in MODULES:
        module = importlib.import_module(f"whitedwarf.interpreter.lastlight.{name}")
        if hasattr(module, "fire"):
            monkeypatch.setattr(module, "fire", record)
        if hasattr(module, "fire_each"):
            monkeypatch.setattr(module, "fire_each", record_each)
    # `light_gained` is heard only in a content with a card hearing it (docs/rules-decisions.md
    # E141: the base game plays as before); tests/engine/test_light_gained.py fires it.
    # An extractor is destroyed in few random games (a bombard ship and no enemy ship left):
    # tests/engine/test_destroyed_by_type.py fires `extractor_destroyed` and `extractor_lost`
    # (docs/rules-decisions.md E143), as graveyard.destroy does for any extractor.
    wanted = set(registry().hooks) - {"light_gained", "extractor_destroyed", "extractor_lost"}
    # A graveyard fills (4 units) in few random games: 4-player seed 60 is one of them (the
    # first after 17, which was until the 4-player map changed, docs/rules-decisions.md K16).
    for players, seed in [(4, 0), (4, 1), (2, 2), (3, 3), (4, 4), (4, 5), (4, 60)]:
        g = game(players)
        state = g.new_state(seed)
        agent = random.Random(seed)
        while not g.is_terminal(state) and not wanted <= seen:
            seat = agent.choice(g.current_players(state))
            g.apply(state, seat, agent.choice(g.legal_options(state, seat)).id, check=False)
    assert sorted(wanted - seen) == []


@pytest.mark.parametrize("heard", [False, True])
@pytest.mark.parametrize("enemies", [0, 1])
def test_a_when_if_clause_that_asks_is_asked_only_when_its_condition_holds(
    heard: bool, enemies: int
) -> None:
    """Khet (factions.yaml): "When one of your ships moves, if the number of enemy ships here
    is at least 1: you may pay 1 [common] to deal 1 damage to an enemy ship here." The
    condition is tested when the hook fires (hooks.py); its owner is asked only when it
    holds. A listened game fires through the general path, an unheard one through the
    firer of a single clause that asks: the same outcome."""
    g = Game.from_content(base_content(), 4)
    state = empty_board(started(g))
    state["players"][0]["faction"] = "khet"
    state["players"][0]["res"]["common"] = 1
    versions.forget(state)  # the faction was set in place
    mover = ship(state, 0, "small", "outer_02")
    for _ in range(enemies):
        ship(state, 1, "small", "outer_02")
    heard_events: list[dict[str, Any]] = []
    with events.listening(heard_events.append if heard else None):
        hooks.fire(state, "ship_moved", 0, {"ship": mover, "sector": "outer_02"})
    if enemies:
        assert [f["card"] for f in state["frames"]] == ["khet"]  # the owner is asked
        assert [o.id for o in g.legal_options(state, 0)] == ["yes", "no"]
    else:
        assert state["frames"] == []  # nothing asked, nothing paid
        assert state["players"][0]["res"]["common"] == 1
