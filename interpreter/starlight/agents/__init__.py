"""Starlight's agents: its ``heuristic`` agent and its part of the shared ``search`` agent
(:mod:`.agent`). The game's engine (``interpreter/starlight/engine.py``) seats them through
:attr:`~whitedwarf.interpreter.engines.GameEngine.game_agents`; the Starbots are no agent but
the rules' automated seats (``interpreter/starlight/starbots.py``, 003 "Starbot Play"). Their
card values are learned from play the first time a pack needs them (:mod:`.learning`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.agents.strong import StrongAgent
from whitedwarf.interpreter.starlight.agents.agent import StarlightHeuristic, starlight_search
from whitedwarf.interpreter.starlight.agents.learning import learned
from whitedwarf.interpreter.starlight.agents.strong import starlight_strong


def heuristic_agent(seed: int, game: Any) -> StarlightHeuristic:
    """The ``heuristic`` agent of a seat, seeded."""
    if game is not None:  # a game to seat it in (not a bare check of the kind)
        learned(game.content)
    return StarlightHeuristic(seed, game)


def search_agent(seed: int, game: Any) -> SearchAgent:
    """The ``search`` agent of a seat, seeded (its rollouts play the heuristic)."""
    if game is not None:  # a game to seat it in (not a bare check of the kind)
        learned(game.content)
    return starlight_search(seed, game)


def strong_agent(seed: int, game: Any) -> StrongAgent:
    """The ``strong`` agent of a seat, seeded (its lines play and score with the heuristic)."""
    if game is not None:  # a game to seat it in (not a bare check of the kind)
        learned(game.content)
    return starlight_strong(seed, game)


#: The agents the engine seats, by kind (``--agents heuristic,search``).
AGENTS: dict[str, Callable[[int, Any], Any]] = {
    "heuristic": heuristic_agent,
    "search": search_agent,
    "strong": strong_agent,
}
