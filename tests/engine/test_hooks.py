"""Every timing point of the vocabulary is fired by the engine (DESIGN "hooks")."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.vocabulary import registry

from tests.engine.positions import game

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

    for name in MODULES:
        module = importlib.import_module(f"whitedwarf.interpreter.lastlight.{name}")
        if hasattr(module, "fire"):
            monkeypatch.setattr(module, "fire", record)
    wanted = set(registry().hooks)
    for players, seed in [(4, 0), (4, 1), (2, 2), (3, 3), (4, 4), (4, 5)]:
        g = game(players)
        state = g.new_state(seed)
        agent = random.Random(seed)
        while not g.is_terminal(state) and not wanted <= seen:
            seat = agent.choice(g.current_players(state))
            g.apply(state, seat, agent.choice(g.legal_options(state, seat)).id, check=False)
    assert sorted(wanted - seen) == []
