"""What a change did: two batches with the same seeds and agents, base against variant.

Both batches play game ``i`` from the same seed with the same agents in the same seats, so
every difference comes from the packs (or from where the games diverge because of them).
Per faction and per tech the report gives the change of the win rate with a 95% interval
(Newcombe's difference of Wilson intervals) and a two-proportion z-test, corrected with Holm
(factions) and Benjamini-Hochberg (techs); the game length is compared game by game.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.summary import summarise

Record = dict[str, Any]

TEST = "two-proportion z-test, {correction}-corrected"


def compare(base: Sequence[Record], variant: Sequence[Record]) -> dict[str, Any]:
    """The comparison's numbers (``comparison.json``, docs/simulate.md)."""
    a, b = summarise(base), summarise(variant)
    result: dict[str, Any] = {
        "games": min(a["games"], b["games"]),
        "players": a["players"],
        "base": a,
        "variant": b,
        "rounds": paired_rounds(base, variant),
    }
    if "factions" in a and "factions" in b:  # Last Light's own tables (summary.py)
        result["factions"] = _differences(
            a["factions"], b["factions"], "rate", "wins", "games", "Holm"
        )
        result["techs"] = _tech_differences(a["techs"], b["techs"])
        result["techs_built"] = _built_differences(a, b)
    else:  # a game without factions or techs (records.py ``result_record``)
        result["agents"] = _differences(a["agents"], b["agents"], "rate", "wins", "games", "Holm")
        result["picks"] = {
            kind: _differences(
                [r for r in a.get("picks", {}).get(kind, []) if r["games"]],
                [r for r in b.get("picks", {}).get(kind, []) if r["games"]],
                "rate",
                "wins",
                "games",
                "Holm",
            )
            for kind in sorted({*a.get("picks", {}), *b.get("picks", {})})
        }
    result["sentences"] = sentences(result)
    return result


def _differences(
    rows_a: list[dict[str, Any]],
    rows_b: list[dict[str, Any]],
    rate: str,
    wins: str,
    games: str,
    correction: str,
) -> list[dict[str, Any]]:
    by_a = {r["name"]: r for r in rows_a}
    by_b = {r["name"]: r for r in rows_b}
    out = []
    for name in sorted(set(by_a) | set(by_b)):
        ra, rb = by_a.get(name), by_b.get(name)
        ka, na = (ra[wins], ra[games]) if ra else (0.0, 0)
        kb, nb = (rb[wins], rb[games]) if rb else (0.0, 0)
        low, high = stats.difference_interval(kb, nb, ka, na)
        out.append(
            {
                "name": name,
                "base": ka / na if na else None,
                "variant": kb / nb if nb else None,
                "base_games": na,
                "variant_games": nb,
                "difference": (kb / nb if nb else 0.0) - (ka / na if na else 0.0),
                "low": low,
                "high": high,
                "p": stats.two_proportion_test(kb, nb, ka, na),
            }
        )
    correct = stats.holm if correction == "Holm" else stats.benjamini_hochberg
    for row, adjusted in zip(out, correct([r["p"] for r in out]), strict=True):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < stats.ALPHA
        row["test"] = TEST.format(correction=correction)
    return out


def _tech_differences(
    rows_a: list[dict[str, Any]], rows_b: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Win rate when owned, base against variant (owners are who changed most)."""

    def owned(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            {
                "name": r["name"],
                "wins": (r["win_owned"] or 0.0) * r["owned_games"],
                "games": r["owned_games"],
            }
            for r in rows
        ]

    return _differences(owned(rows_a), owned(rows_b), "rate", "wins", "games", "Benjamini-Hochberg")


def _built_differences(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """How often each tech is built, per player per game, base against variant."""

    def built(summary: dict[str, Any]) -> list[dict[str, Any]]:
        n = summary["games"] * summary["players"]
        return [{"name": r["name"], "wins": r["built"] * n, "games": n} for r in summary["techs"]]

    return _differences(built(a), built(b), "rate", "wins", "games", "Benjamini-Hochberg")


def paired_rounds(base: Sequence[Record], variant: Sequence[Record]) -> dict[str, Any]:
    """Mean change of game length, game by game (same index, same seed), with a 95% interval."""
    by_index = {r["index"]: r for r in base if "error" not in r}
    diffs = [
        r["rounds"] - by_index[r["index"]]["rounds"]
        for r in variant
        if "error" not in r and r["index"] in by_index
    ]
    if len(diffs) < 2:
        return {"pairs": len(diffs), "mean": 0.0, "low": 0.0, "high": 0.0}
    mean = statistics.fmean(diffs)
    half = stats.Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return {"pairs": len(diffs), "mean": mean, "low": mean - half, "high": mean + half}


def sentences(result: dict[str, Any]) -> list[str]:
    """Plain sentences: what changed significantly, or that nothing did."""
    out = [f"{result['games']} games on each pack, the same seeds and agents."]
    found = False
    for row in result.get("techs_built", []):
        if row["significant"]:
            found = True
            out.append(
                f"{row['name']} is now built by {_pct(row['variant'])} of players instead of "
                f"{_pct(row['base'])} ({_signed(row['difference'])}; significant)."
            )
    tables = [("faction", result.get("factions", [])), ("owner of", result.get("techs", []))]
    tables += [("agent", result["agents"])] if "agents" in result else []
    tables += [(kind, rows) for kind, rows in result.get("picks", {}).items()]
    for what, rows in tables:
        for row in rows:
            if row["significant"]:
                found = True
                subject = (
                    f"Faction {row['name']}"
                    if what == "faction"
                    else f"Agent {row['name']}"
                    if what == "agent"
                    else f"The owner of {row['name']}"
                    if what == "owner of"
                    else f"A seat keeping {what} {row['name']}"
                )
                out.append(
                    f"{subject} now wins {_pct(row['variant'])} instead of {_pct(row['base'])} "
                    f"({_signed(row['difference'])}, 95% interval {_signed(row['low'])} to "
                    f"{_signed(row['high'])}; significant)."
                )
    if not found and "agents" in result:
        out.append(
            "Nothing changed significantly: no agent's win rate moved beyond chance, nor "
            "the win rate of a kept card's seats."
        )
    elif not found:
        out.append(
            "Nothing changed significantly: no faction win rate, tech build rate or tech owners' "
            "win rate moved beyond chance."
        )
    rounds = result["rounds"]
    longer = "longer" if rounds["mean"] >= 0 else "shorter"
    out.append(
        f"Games are {abs(rounds['mean']):.1f} rounds {longer} "
        f"on average (95% interval {rounds['low']:+.1f} to {rounds['high']:+.1f})."
    )
    return out


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.0f}%"


def _signed(value: float) -> str:
    return f"{100 * value:+.0f} points"
