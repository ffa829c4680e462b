"""A rating ladder of agents: mixed-seat games and multiplayer ratings (``whitedwarf ladder``).

Each game seats every agent once, the list turned by one seat a game (``batch.rotated``), so
seats are balanced over the games. Each finished game is a ranking of its seats: the winners
first, the others by their light (Last Light) or points (Starlight), tied seats sharing a
place. The rankings are fed in game order to the Plackett-Luce model of ``openskill``
(Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011), whose
rating of an agent is a normal belief about its skill: ``mu`` and ``sigma``. The table gives
``mu`` with the interval ``mu ± 1.96 sigma`` and ranks by the conservative ``mu - 3 sigma``
(openskill's ``ordinal``). The rating is fitted online, one game after another; the win rates
beside it (Wilson intervals) are the plain counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.simulation import stats

Record = dict[str, Any]

#: The interval of a rating: mu ± Z sigma.
Z = stats.Z95


def ranks(record: Record) -> list[int]:
    """Each seat's place in a finished game (0 best): the winners first, then the others by
    their light or points, highest first; equal seats share a place."""
    score = record.get("light") or record.get("points") or [0] * len(record["agents"])
    winners = set(record["winners"])
    keys = [(seat in winners, score[seat]) for seat in range(len(record["agents"]))]
    order = sorted(set(keys), reverse=True)
    return [order.index(key) for key in keys]


def fit(records: Iterable[Record], agents: list[str]) -> dict[str, Any]:
    """The ladder of ``agents`` from the games' records (in game order): a row per agent,
    best first (``agent``, ``games``, ``wins``, ``win_rate`` with ``win_low``/``win_high``,
    ``mu``, ``sigma``, ``low``, ``high``, ``ordinal``), and the games counted and left out."""
    from openskill.models import PlackettLuce  # only when a ladder is fitted

    model = PlackettLuce()
    ratings = {agent: model.rating(name=agent) for agent in agents}
    games = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0.0)
    played = errors = 0
    for record in records:
        if "error" in record:
            errors += 1
            continue
        seated = record["agents"]
        teams = [[ratings[agent]] for agent in seated]
        updated = model.rate(teams, ranks=[float(place) for place in ranks(record)])
        for agent, (rating,) in zip(seated, updated, strict=True):
            ratings[agent] = rating
            games[agent] += 1
        for seat in record["winners"]:
            wins[seated[seat]] += 1 / len(record["winners"])
        played += 1
    rows: list[dict[str, Any]] = []
    for agent in agents:
        rating = ratings[agent]
        low, high = stats.wilson(wins[agent], games[agent])
        rows.append(
            {
                "agent": agent,
                "games": games[agent],
                "wins": wins[agent],
                "win_rate": wins[agent] / games[agent] if games[agent] else None,
                "win_low": low,
                "win_high": high,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "low": rating.mu - Z * rating.sigma,
                "high": rating.mu + Z * rating.sigma,
                "ordinal": rating.ordinal(),
            }
        )
    rows.sort(key=lambda row: -row["ordinal"])
    for place, row in enumerate(rows, 1):
        row["rank"] = place
    return {"games": played, "errors": errors, "model": "openskill PlackettLuce", "rows": rows}


def table_text(ladder: dict[str, Any]) -> str:
    """The ladder as a plain-text table, with a line saying how it was fitted."""
    head = ("rank", "agent", "games", "win rate (95%)", "rating mu (95%)", "mu - 3 sigma")
    lines = [
        (
            str(row["rank"]),
            row["agent"],
            str(row["games"]),
            "n/a"
            if row["win_rate"] is None
            else f"{100 * row['win_rate']:.0f}% ({100 * row['win_low']:.0f}-"
            f"{100 * row['win_high']:.0f}%)",
            f"{row['mu']:.1f} ({row['low']:.1f} to {row['high']:.1f})",
            f"{row['ordinal']:.1f}",
        )
        for row in ladder["rows"]
    ]
    widths = [max(len(cell) for cell in column) for column in zip(head, *lines, strict=True)]
    text = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in (head, *lines)
    ]
    left_out = ladder["errors"]
    note = f"{counted(ladder['games'], 'game')} rated ({ladder['model']}; ranked by mu - 3 sigma)"
    if left_out:
        note += f"; {counted(left_out, 'game')} stopped by an error left out"
    return "\n".join([*text, note])
