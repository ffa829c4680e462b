"""Agents: seat controllers that play on purpose, deciding from their own observation.

This package holds what no game owns: the seeding of a seat's agent and the game-agnostic
``search`` agent (:mod:`~whitedwarf.interpreter.agents.search`), which a game hands its
rules. The simple bots (``random``, ``first``) are :mod:`whitedwarf.interpreter.bots`; each
game's own agents (``heuristic``, its part of ``search``) sit in its package
(``interpreter/lastlight/agents/``, ``interpreter/starlight/agents/``) and are seated through
its engine (``GameEngine.game_agents``, ``GameEngine.make_agent``). Each is made from one
integer seed, so a seeded game with agent seats is reproducible decision by decision.
"""

from __future__ import annotations

from collections.abc import Callable

from whitedwarf.interpreter.bots import BOTS, Bot

#: The seat kinds every game can seat: the simple bots.
AGENTS: dict[str, Callable[[int], Bot]] = dict(BOTS)


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of a seat's agent: from the game's seed and the seat."""
    return game_seed * 1009 + seat * 7919 + 1


def make_agent(kind: str, game_seed: int, seat: int) -> Bot:
    """A simple bot of ``kind`` for ``seat``, seeded from the game's seed and the seat (a
    game's own agents are made by its engine: ``GameEngine.make_agent``)."""
    return AGENTS[kind](agent_seed(game_seed, seat))
