"""The numbers of a balance report, counted from a batch's game records.

A win is shared between tied winners (1/k each), so win rates add up to 1 per game. Every
rate has its 95% Wilson interval; win rates are tested against a fair share (1/players) with
the exact binomial test, and a tech's win rate when owned against when not owned with the
two-proportion z-test. p-values are corrected for the number of tests in the table: Holm for
the short tables (factions, seats, agents), Benjamini-Hochberg for the long one (techs).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from whitedwarf.interpreter.simulation import stats

Record = dict[str, Any]

BINOMIAL = "exact binomial test against a fair share, Holm-corrected"
OWNED = "two-proportion z-test (owned vs not owned), Benjamini-Hochberg-corrected"


def summarise(records: Sequence[Record]) -> dict[str, Any]:
    """The report's numbers (the layout of ``summary.json``, docs/simulate.md): what every
    game has (win rates per seat and agent, length, why games ended), then what the game
    played has: Last Light's factions, light, techs, achievements and tokens
    (:func:`last_light_parts`), or a game's points and picked cards, from its result
    (:func:`result_parts`: Starlight). A batch with no finished game has only the first."""
    games = [r for r in records if "error" not in r]
    players = games[0]["players"] if games else 0
    summary: dict[str, Any] = {
        "games": len(games),
        "errors": [r for r in records if "error" in r],
        "players": players,
        "fair_share": 1 / players if players else 0.0,
        "seats": share_table(games, lambda r, s: f"seat {s}", players),
        "agents": share_table(games, lambda r, s: r["agents"][s], players),
        "rounds": rounds(games),
        "reasons": dict(Counter(r["reason"] for r in games)),
    }
    if is_result_batch(games):
        summary.update(result_parts(games, players))
    elif games:
        summary.update(last_light_parts(games, players))
    summary["first_player"] = next(
        (row for row in summary["seats"] if row["name"] == "seat 0"), None
    )
    summary["sentences"] = sentences(summary)
    return summary


def is_result_batch(games: Sequence[Record]) -> bool:
    """Whether the games are recorded from their result (a game other than Last Light:
    records.py ``result_record``), not Last Light's own record."""
    return any("points" in r for r in games)


def last_light_parts(games: Sequence[Record], players: int) -> dict[str, Any]:
    """Last Light's own tables: factions, light by source, techs, achievements, tokens."""
    return {
        "factions": share_table(games, _faction, players),
        "light_sources": light_sources(games),
        "techs": techs(games),
        "achievements": achievements(games),
        "exploration": exploration(games),
    }


def result_parts(games: Sequence[Record], players: int) -> dict[str, Any]:
    """A result game's tables (Starlight): mean points and their parts, points by source,
    and per kind of card dealt to keep one (Starlight's gods), its pick and win rates."""
    return {
        "points": points(games),
        "picks": {kind: pick_table(games, kind, players) for kind in _kinds(games)},
        "point_sources": light_sources(games, "sources"),
    }


def _faction(record: Record, seat: int) -> str | None:
    """Last Light's faction of a seat; None (not counted) for a game without factions."""
    return record["factions"][seat] if "factions" in record else None


def points(games: Sequence[Record]) -> dict[str, Any]:
    """Mean points per seat-game, for everyone and for winners, and of the result's other
    per-seat numbers (a game other than Last Light: records.py ``result_record``)."""
    totals: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    seats = winning_seats = 0
    for record in games:
        for seat, score in enumerate(record.get("points", [])):
            numbers = {"points": score} | {k: v[seat] for k, v in record.get("scores", {}).items()}
            seats += 1
            totals.update(numbers)
            if seat in record["winners"]:
                winning_seats += 1
                winners.update(numbers)
    names = ["points", *sorted(n for n in totals if n != "points")]
    return {
        "all": {n: totals[n] / seats if seats else 0.0 for n in names},
        "winners": {n: winners[n] / winning_seats if winning_seats else 0.0 for n in names},
    }


def win_shares(record: Record) -> list[float]:
    """Each seat's share of the win (1/k for k tied winners)."""
    shares = [0.0] * record["players"]
    for seat in record["winners"]:
        shares[seat] = 1 / len(record["winners"])
    return shares


def share_table(games: Sequence[Record], key: Any, players: int) -> list[dict[str, Any]]:
    """Win rate per group (faction, seat, agent) with interval and a binomial test."""
    plays: Counter[str] = Counter()
    wins: defaultdict[str, float] = defaultdict(float)
    for record in games:
        shares = win_shares(record)
        for seat in range(record["players"]):
            name = key(record, seat)
            if name is None:
                continue
            plays[name] += 1
            wins[name] += shares[seat]
    fair = 1 / players if players else 0.0
    rows = [_share_row(name, wins[name], plays[name], fair) for name in sorted(plays)]
    for row, adjusted in zip(rows, stats.holm([r["p"] for r in rows]), strict=True):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < stats.ALPHA
        row["test"] = BINOMIAL
    return rows


def _share_row(name: str, wins: float, plays: int, fair: float) -> dict[str, Any]:
    low, high = stats.wilson(wins, plays)
    return {
        "name": name,
        "games": plays,
        "wins": round(wins, 6),
        "rate": wins / plays if plays else 0.0,
        "low": low,
        "high": high,
        "p": stats.binomial_test(round(wins), plays, fair),
    }


def rounds(games: Sequence[Record]) -> dict[str, Any]:
    """Game length: distribution, mean, median and range."""
    lengths = [r["rounds"] for r in games]
    if not lengths:
        return {"histogram": {}, "mean": 0, "median": 0, "min": 0, "max": 0}
    return {
        "histogram": {str(k): v for k, v in sorted(Counter(lengths).items())},
        "mean": statistics.fmean(lengths),
        "median": statistics.median(lengths),
        "min": min(lengths),
        "max": max(lengths),
    }


def _kinds(games: Sequence[Record]) -> list[str]:
    """The kinds of card picked in these games (Starlight: ``god`` when gods are on)."""
    return sorted({kind for r in games for kind in r.get("picks", {})})


def pick_table(games: Sequence[Record], kind: str, players: int) -> list[dict[str, Any]]:
    """Per card of ``kind``: how often it was kept when offered (with its interval), and
    the win rate of the seats that kept it against a fair share (binomial, Holm)."""
    offered: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    for record in games:
        for entry in record.get("picks", {}).get(kind, []):
            offered.update(entry["offered"])
            if entry["kept"] is not None:
                kept[entry["kept"]] += 1
    wins = {row["name"]: row for row in share_table(games, lambda r, s: _kept(r, kind, s), players)}
    rows = []
    for name in sorted(offered):
        low, high = stats.wilson(kept[name], offered[name])
        row = wins.get(name) or _never_kept(name, players)
        rows.append(
            {
                **row,
                "offered": offered[name],
                "kept": kept[name],
                "pick_rate": kept[name] / offered[name],
                "pick_low": low,
                "pick_high": high,
            }
        )
    return rows


def _never_kept(name: str, players: int) -> dict[str, Any]:
    """The win-rate row of a card nobody kept: no games, nothing to test."""
    fair = 1 / players if players else 0.0
    row = _share_row(name, 0.0, 0, fair)
    return {**row, "p_adjusted": 1.0, "significant": False, "test": BINOMIAL}


def _kept(record: Record, kind: str, seat: int) -> str | None:
    entries = record.get("picks", {}).get(kind, [])
    return entries[seat]["kept"] if seat < len(entries) else None


def light_sources(games: Sequence[Record], key: str = "light_by_source") -> dict[str, Any]:
    """Mean light (or, with ``key="sources"``, points) per player per game from each
    source, for everyone and for winners."""
    everyone: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    seats = winning_seats = 0
    for record in games:
        for seat, sources in enumerate(record.get(key, [])):
            if not sources:
                continue
            seats += 1
            everyone.update(sources)
            if seat in record["winners"]:
                winning_seats += 1
                winners.update(sources)
    if not seats:
        return {"available": False}
    names = sorted(everyone, key=lambda s: (-everyone[s], s))
    return {
        "available": True,
        "all": {s: everyone[s] / seats for s in names},
        "winners": {s: winners[s] / winning_seats if winning_seats else 0.0 for s in names},
    }


def techs(games: Sequence[Record]) -> list[dict[str, Any]]:
    """Per tech: draw, keep and build rates per player-game, and win rate owned vs not."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    owned_wins: defaultdict[str, float] = defaultdict(float)
    seat_games = 0
    total_wins = 0.0
    for record in games:
        shares = win_shares(record)
        for seat, tech in enumerate(record.get("techs", [])):
            seat_games += 1
            total_wins += shares[seat]
            for what in ("drawn", "kept", "built"):
                for cid in tech.get(what, {}):
                    counts[cid][what] += 1
            for cid in set(tech["in_play"]):
                counts[cid]["owned"] += 1
                owned_wins[cid] += shares[seat]
    rows = [_tech_row(cid, counts[cid], owned_wins[cid], seat_games, total_wins) for cid in counts]
    rows.sort(key=lambda r: r["name"])
    for row, adjusted in zip(rows, stats.benjamini_hochberg([r["p"] for r in rows]), strict=True):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < stats.ALPHA
        row["test"] = OWNED
    return rows


def _tech_row(
    cid: str, count: Counter[str], owned_wins: float, seat_games: int, total_wins: float
) -> dict[str, Any]:
    owned = count["owned"]
    not_owned = seat_games - owned
    other_wins = total_wins - owned_wins
    return {
        "name": cid,
        "drawn": count["drawn"] / seat_games,
        "kept": count["kept"] / seat_games,
        "built": count["built"] / seat_games,
        "owned": owned / seat_games,
        "owned_games": owned,
        "win_owned": owned_wins / owned if owned else None,
        "win_not_owned": other_wins / not_owned if not_owned else None,
        "p": stats.two_proportion_test(owned_wins, owned, other_wins, not_owned),
    }


def achievements(games: Sequence[Record]) -> list[dict[str, Any]]:
    """Per achievement: how often it was kept and how often completed."""
    kept: Counter[str] = Counter()
    done: Counter[str] = Counter()
    for record in games:
        for entry in record.get("achievements", []):
            for cid in entry["done"]:
                done[cid] += 1
                kept[cid] += 1
            if entry["kept"]:
                kept[entry["kept"]] += 1
    return [
        {"name": cid, "kept": kept[cid], "done": done[cid], "rate": done[cid] / kept[cid]}
        for cid in sorted(kept)
    ]


def exploration(games: Sequence[Record]) -> list[dict[str, Any]]:
    """How often each exploration token was resolved (deep space) or revealed (planetary)."""
    explored: Counter[str] = Counter()
    revealed: Counter[str] = Counter()
    for record in games:
        explored.update(record.get("explored", []))
        revealed.update(record.get("revealed", []))
    names = sorted(set(explored) | set(revealed))
    n = len(games) or 1
    return [
        {
            "name": t,
            "explored": explored[t],
            "revealed": revealed[t],
            "per_game": (explored[t] + revealed[t]) / n,
        }
        for t in names
    ]


def sentences(summary: dict[str, Any]) -> list[str]:
    """Plain sentences for the top of the report: what a designer should look at first."""
    out = [
        f"{summary['games']} games of {summary['players']} players; a fair share of wins is "
        f"{_pct(summary['fair_share'])}."
    ]
    if "factions" in summary:  # Last Light's
        out += list(_share_sentences(summary["factions"], summary["fair_share"], "faction"))
    first = summary["first_player"]
    if first:
        verdict = (
            "a significant advantage"
            if first["significant"] and first["rate"] > summary["fair_share"]
            else "a significant disadvantage"
            if first["significant"]
            else "no significant advantage"
        )
        out.append(f"The first player wins {_pm(first)}: {verdict}.")
    for row in summary["seats"]:
        if row["significant"] and row["name"] != "seat 0":
            side = "above" if row["rate"] > summary["fair_share"] else "below"
            out.append(
                f"{row['name'].capitalize()} wins {_pm(row)}, {side} a fair share (significant)."
            )
    for row in summary["agents"]:
        if len(summary["agents"]) > 1:
            out.append(f"Agent {row['name']} wins {_pm(row)} of its seats.")
    for kind, rows in summary.get("picks", {}).items():
        out += list(_share_sentences([r for r in rows if r["games"]], summary["fair_share"], kind))
    strong = [t for t in summary.get("techs", []) if t["significant"]]
    for tech in strong[:5]:
        out.append(
            f"Owning {tech['name']} goes with {_pct(tech['win_owned'])} wins against "
            f"{_pct(tech['win_not_owned'])} without it (significant)."
        )
    rounds_ = summary["rounds"]
    out.append(
        f"Games last {rounds_['median']:g} rounds (median; {rounds_['min']}-{rounds_['max']})."
    )
    failed = summary["errors"]
    if failed:  # said, never averaged away: the numbers above leave these games out
        first = failed[0]
        out.append(
            f"{len(failed)} of {len(failed) + summary['games']} games stopped with an error and "
            f"are left out (game {first['index']}, seed {first['seed']}: {first['error']})."
        )
    return out


def _share_sentences(rows: Iterable[dict[str, Any]], fair: float, what: str) -> Iterable[str]:
    """A sentence per significant row, naming it by its id (``Faction iou_nell``), as the
    report's tables, the trace and the pack files do: a designer greps for it."""
    flagged = False
    for row in rows:
        if row["significant"]:
            flagged = True
            side = "above" if row["rate"] > fair else "below"
            yield (
                f"{what.capitalize()} {row['name']} wins {_pm(row)} of its games, well {side} the "
                f"{_pct(fair)} of a fair {what} (significant)."
            )
    if not flagged:
        yield f"No {what} wins significantly more or less than a fair share."


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.0f}%"


def _pm(row: dict[str, Any]) -> str:
    """``41% ± 3%`` from a row's rate and interval (the larger half-width, rounded)."""
    half = max(row["rate"] - row["low"], row["high"] - row["rate"])
    return f"{100 * row['rate']:.0f}% ± {100 * half:.0f}%"
