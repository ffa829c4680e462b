"""Agents: seat controllers that play on purpose, deciding from their own observation.

``AGENTS`` names every seat kind a batch or a game can use: the simple bots of
:mod:`whitedwarf.interpreter.bots` (``random``, ``first``) and the agents of this package
(``heuristic``, ``search``), as Last Light seats them. Each is made from one integer seed, so
a seeded game with agent seats is reproducible decision by decision. The ``search`` agent
itself knows no game (:mod:`~whitedwarf.interpreter.agents.search`): Last Light's is made
with its rules here, another game's through its engine's ``game_agents``.
"""

from __future__ import annotations

from collections.abc import Callable

from whitedwarf.interpreter.agents.heuristic import HeuristicAgent
from whitedwarf.interpreter.agents.lastlight_search import last_light_search
from whitedwarf.interpreter.bots import BOTS, Bot

AGENTS: dict[str, Callable[[int], Bot]] = {
    **BOTS,
    "heuristic": HeuristicAgent,
    "search": last_light_search,
}


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of a seat's agent: from the game's seed and the seat."""
    return game_seed * 1009 + seat * 7919 + 1


def make_agent(kind: str, game_seed: int, seat: int) -> Bot:
    """An agent of ``kind`` for ``seat``, seeded from the game's seed and the seat (a game's
    own agents are made by its engine: ``GameEngine.make_agent``)."""
    return AGENTS[kind](agent_seed(game_seed, seat))
