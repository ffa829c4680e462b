"""Last Light's record of one game of a ``simulate`` batch (``GameEngine.record``): who
played, who won, and where the light came from (the keys are documented in docs/simulate.md).

Light by source and the tech counts are read from the state's ``light_by_source`` and
``tech_stats`` (``state.py``); a state made before they existed gives empty dicts, and the
report says the data is missing rather than showing zeros.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.state import card_id

State = dict[str, Any]


def game_record(
    index: int, seed: int, agents: list[str], state: State, decisions: int
) -> dict[str, Any]:
    """The record of a finished game (the keys are documented in docs/simulate.md)."""
    result = state["result"] or {}
    players = state["players"]
    return {
        "index": index,
        "seed": seed,
        "players": state["n"],
        "seats": list(range(state["n"])),
        "agents": agents,
        "factions": [p["faction"] for p in players],
        "achievements": [_achievements(p) for p in players],
        "winners": list(result.get("winners", [])),
        "light": [p["light"] for p in players],
        "light_by_source": [dict(p.get("light_by_source", {})) for p in players],
        "techs": [_tech_counts(p) for p in players],
        "rounds": state["round"],
        "reason": result.get("reason"),
        "tiebreak": result.get("tiebreak"),
        "decisions": decisions,
        "explored": sorted(card_id(t) for t in state.get("explored", [])),
        "revealed": sorted(
            card_id(s["token"])
            for s in state["sectors"].values()
            if s.get("revealed") and s.get("token")
        ),
    }


def _achievements(player: dict[str, Any]) -> dict[str, Any]:
    kept = player.get("achievement")
    return {"kept": kept, "done": list(player.get("achievements_done", []))}


def _tech_counts(player: dict[str, Any]) -> dict[str, Any]:
    stats = player.get("tech_stats", {})
    return {
        "drawn": dict(stats.get("drawn", {})),
        "kept": dict(stats.get("kept", {})),
        "built": dict(stats.get("built", {})),
        "in_play": sorted(card_id(t["ref"]) for t in player["techs"]),
    }
