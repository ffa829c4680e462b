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
from whitedwarf.interpreter.lastlight.agents.learning import learned
from whitedwarf.interpreter.lastlight.agents.search import last_light_search
from whitedwarf.interpreter.lastlight.agents.strong import last_light_strong


def heuristic_agent(seed: int, game: Any) -> HeuristicAgent:
    """The ``heuristic`` agent of a seat, seeded (it reads the game from its observation).
    Its card values are learned from play the first time a pack needs them (:mod:`.learning`)."""
    if game is not None:  # a game to seat it in (not a bare check of the kind)
        learned(game.content)
    return HeuristicAgent(seed)


def search_agent(seed: int, game: Any) -> SearchAgent:
    """The ``search`` agent of a seat, seeded (its rollouts play the heuristic)."""
    if game is not None:  # a game to seat it in (not a bare check of the kind)
        learned(game.content)
    return last_light_search(seed)


def strong_agent(seed: int, game: Any) -> StrongAgent:
    """The ``strong`` agent of a seat, seeded (searching every real choice; its lines and
    leaves play and score with the heuristic, so it learns the pack's card values too)."""
    if game is not None:  # a game to seat it in (not a bare check of the kind)
        learned(game.content)
    return last_light_strong(seed)


#: The agents the engine seats, by kind (``--agents heuristic,search``).
AGENTS: dict[str, Callable[[int, Any], Any]] = {
    "heuristic": heuristic_agent,
    "search": search_agent,
    "strong": strong_agent,
}
