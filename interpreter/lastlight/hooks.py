"""Where the engine hands control to card effects: hooks, exploration tokens, achievements.

The core engine calls these three functions at the timing points named in
``vocabulary._hooks()`` (000: every action card's before/after and sub-steps, dice faces,
damage, destruction, building, claiming, rotation, centre light, round start/end, game
start). They are no-ops here; the effects module replaces their bodies. An effect that
needs a player's choice pushes a frame onto ``state["frames"]`` and returns: the engine
resolves frames (their decisions) before its next step.
"""

from __future__ import annotations

from typing import Any


def fire(state: dict[str, Any], hook: str, player: int, context: dict[str, Any]) -> None:
    """Run every effect of ``player``'s cards bound to ``hook`` (a vocabulary hook name).

    ``context`` carries what ``this <noun>`` means for the hook: ``sector``, ``planet``,
    ``ship``, ``ship_type``, ``die`` (an index into ``state["dice"]``), ``card``.
    """


def run_card(state: dict[str, Any], player: int, card_ref: str, context: dict[str, Any]) -> None:
    """Resolve a card's ``immediate`` clauses for ``player`` (a revealed exploration token)."""


def check_achievements(state: dict[str, Any]) -> None:
    """Play every hidden achievement whose condition now holds (000 "Planetary Achievement")."""
