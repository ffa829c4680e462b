"""Starlight's agents: its ``heuristic`` agent and its part of the shared ``search`` agent
(:mod:`.agent`). The game's engine (``interpreter/starlight/engine.py``) seats them through
:attr:`~whitedwarf.interpreter.engines.GameEngine.game_agents`; the Starbots are no agent but
the rules' automated seats (``interpreter/starlight/starbots.py``, 003 "Starbot Play")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitedwarf.interpreter.starlight.agents.agent import StarlightHeuristic, starlight_search
from whitedwarf.interpreter.starlight.agents.strong import starlight_strong

#: The agents the engine seats, by kind (``--agents heuristic,search``).
AGENTS: dict[str, Callable[[int, Any], Any]] = {
    "heuristic": StarlightHeuristic,
    "search": starlight_search,
    "strong": starlight_strong,
}
