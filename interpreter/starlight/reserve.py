"""The AP a launch under way holds back (docs/rules-decisions.md SL142).

A launch pays its cost when its star is placed; effects that run before (a boon, SL13) may
not spend those AP. Read by the ``pay`` verb, by the effect machine's check that a cost can be
paid, and by the launch itself, so it sits below all three.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whitedwarf.interpreter.starlight.state import State

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


def reserved_ap(game: Game, state: State, seat: int) -> int:
    """The AP the launch ``seat`` has begun will pay when its star is placed (0 without one):
    effects run during the launch (a boon, SL13) cannot spend them (docs/rules-decisions.md
    SL142)."""
    action = state["action"]
    if action is None or action["kind"] != "launch" or action["seat"] != seat:
        return 0
    if action["placed"]:
        return 0
    return int(game.stat(state, seat, "launch_cost")) + int(action["surcharge"])
