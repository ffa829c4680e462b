"""Last Light's game summary: what ``play`` and ``replay`` print when a game ends.

The ``--format json`` object (docs/replays.md): the winners, light and techs in play per
player, rounds, the reason the game ended, and per player the light by source, the techs
drawn, kept and built, the action cards played and the card effects that fired (counted from
the engine's events by :class:`Tally`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.engines import winner_line
from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.records import Player, State


class Tally:
    """Counts, per seat, the action cards played and the card effects that took effect
    (the ``played`` part of the ``--format json`` summary), from the engine's events."""

    def __init__(self) -> None:
        self.actions: dict[int, dict[str, int]] = {}
        self.effects: dict[int, dict[str, int]] = {}

    def __call__(self, event: events.Event) -> None:
        kind = event["kind"]
        if kind == "reveal":
            for seat, card in event["cards"].items():
                _count(self.actions.setdefault(seat, {}), card)
        elif kind == "effect" and event["seat"] is not None and event["seat"] >= 0:
            _count(self.effects.setdefault(event["seat"], {}), event["card"])


def _count(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1


def summarise(
    game: Game,
    state: State,
    decisions: int,
    final_hash: str,
    tally: Tally | None = None,
) -> dict[str, Any]:
    """The result as one JSON-able object (the documented `--format json` output)."""
    result: Mapping[str, Any] = game.result(state) or {}
    players = state["players"]
    tally = tally or Tally()
    return {
        "players": [_player_summary(p, tally) for p in players],
        "winner": result.get("winners", [None])[0] if len(result.get("winners", [])) == 1 else None,
        "winners": result.get("winners", []),
        "light": [p["light"] for p in players],
        "techs_in_play": [len(p["techs"]) for p in players],
        "factions": [p["faction"] for p in players],
        "rounds": state["round"],
        "reason": result.get("reason"),
        "tiebreak": result.get("tiebreak"),
        "decisions": decisions,
        "final_hash": final_hash,
    }


def _player_summary(player: Player, tally: Tally) -> dict[str, Any]:
    """One seat's light by source and cards kept, built and played (docs/replays.md)."""
    seat = player["seat"]
    stats = player["tech_stats"]
    return {
        "seat": seat,
        "light": player["light"],
        "light_by_source": dict(player["light_by_source"]),
        "techs_drawn": dict(sorted(stats["drawn"].items())),
        "techs_kept": dict(sorted(stats["kept"].items())),
        "techs_built": dict(sorted(stats["built"].items())),
        "achievements_played": list(player["achievements_done"]),
        "actions_played": dict(sorted(tally.actions.get(seat, {}).items())),
        "effects": dict(sorted(tally.effects.get(seat, {}).items())),
    }


def summary_text(summary: dict[str, Any]) -> str:
    """The summary for people: the winner, then light and techs in play per seat."""
    head = winner_line(summary["winners"])
    lines = [f"{head} after {counted(summary['rounds'], 'round')} ({summary['reason']})"]
    for seat, light in enumerate(summary["light"]):
        techs = summary["techs_in_play"][seat]
        lines.append(
            f"  seat {seat} ({summary['factions'][seat]}): {light} light, "
            f"{counted(techs, 'tech')} in play"
        )
    lines.append(f"final state hash: {summary['final_hash']}")
    return "\n".join(lines)
