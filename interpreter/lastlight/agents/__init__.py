"""Last Light's agents: the ``heuristic`` agent (rules of thumb, :mod:`.heuristic`, steering
towards its kept achievement with :mod:`.aim`) and Last Light's part of the shared ``search``
agent (:mod:`.search`). The game's engine (``interpreter/lastlight/engine.py``) seats them
through :attr:`~whitedwarf.interpreter.engines.GameEngine.game_agents`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.agents.strong import StrongAgent
from whitedwarf.interpreter.lastlight.agents.heuristic import HeuristicAgent
from whitedwarf.interpreter.lastlight.agents.search import last_light_search
from whitedwarf.interpreter.lastlight.agents.strong import last_light_strong


def heuristic_agent(seed: int, game: Any) -> HeuristicAgent:
    """The ``heuristic`` agent of a seat, seeded (it reads the game from its observation)."""
    del game
    return HeuristicAgent(seed)


def search_agent(seed: int, game: Any) -> SearchAgent:
    """The ``search`` agent of a seat, seeded."""
    del game
    return last_light_search(seed)


def strong_agent(seed: int, game: Any) -> StrongAgent:
    """The ``strong`` agent of a seat, seeded (searching every real choice)."""
    del game
    return last_light_strong(seed)


#: The agents the engine seats, by kind (``--agents heuristic,search``).
AGENTS: dict[str, Callable[[int, Any], Any]] = {
    "heuristic": heuristic_agent,
    "search": search_agent,
    "strong": strong_agent,
}
