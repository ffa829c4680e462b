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

from whitedwarf.dsl.counts import counted, noun_for
from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.labels import label

Record = dict[str, Any]

BINOMIAL = "exact binomial test against a fair share, Holm-corrected"
OWNED = (
    "two-proportion z-test (owned vs not owned; Fisher's exact test where a cell expects under 5), "
    "Benjamini-Hochberg-corrected"
)


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
    summary["seat_agents"] = seat_agents(games)
    if is_result_batch(games):
        summary.update(result_parts(games))
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
        "achievements": achievement_tests(achievements(games)),
        "exploration": exploration(games),
    }


def result_parts(games: Sequence[Record]) -> dict[str, Any]:
    """A result game's tables (Starlight): mean points and their parts, points by source,
    and per kind of card dealt to keep one (Starlight's gods), its pick and win rates, each
    against the win rate of all seats that kept one (``pick_fair``)."""
    fair = {kind: keepers_share(games, kind) for kind in _kinds(games)}
    return {
        "points": points(games),
        "pick_fair": fair,
        "picks": {kind: pick_table(games, kind, fair[kind]) for kind in _kinds(games)},
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


def seat_agents(games: Sequence[Record]) -> list[str] | None:
    """The agent of each seat when every game seated the same agents and they differ
    (``--agents heuristic,random,starbot``), else None. Then a seat's win rate is its agent's
    and says nothing about seat order (docs/simulate.md S15)."""
    lineups = {tuple(r["agents"]) for r in games}
    if len(lineups) != 1:
        return None
    (lineup,) = lineups
    return list(lineup) if len(set(lineup)) > 1 else None


def win_shares(record: Record) -> list[float]:
    """Each seat's share of the win (1/k for k tied winners)."""
    shares = [0.0] * record["players"]
    for seat in record["winners"]:
        shares[seat] = 1 / len(record["winners"])
    return shares


def share_table(
    games: Sequence[Record], key: Any, players: int, fair: float | None = None
) -> list[dict[str, Any]]:
    """Win rate per group (faction, seat, agent) with interval and a binomial test against
    ``fair`` (by default the fair share 1/players)."""
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
    if fair is None:
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


def keepers_share(games: Sequence[Record], kind: str) -> float:
    """The win rate of all the seats that kept a card of ``kind``: the fair share of one card.

    It is 1/players when every seat keeps one; when some seats keep none (a Starbot is dealt
    no god) a card is measured against the seats that could have kept it, not against seats
    that never could (docs/simulate.md S16)."""
    seats = 0
    wins = 0.0
    for record in games:
        shares = win_shares(record)
        for seat in range(record["players"]):
            if _kept(record, kind, seat) is not None:
                seats += 1
                wins += shares[seat]
    return wins / seats if seats else 0.0


def pick_table(games: Sequence[Record], kind: str, fair: float) -> list[dict[str, Any]]:
    """Per card of ``kind``: how often it was kept when offered (with its interval), and
    the win rate of the seats that kept it against ``fair``, the win rate of all keepers
    (binomial, Holm)."""
    offered: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    for record in games:
        for entry in record.get("picks", {}).get(kind, []):
            offered.update(entry["offered"])
            if entry["kept"] is not None:
                kept[entry["kept"]] += 1
    keepers = share_table(games, lambda r, s: _kept(r, kind, s), 0, fair)
    wins = {row["name"]: row for row in keepers}
    rows = []
    for name in sorted(offered):
        low, high = stats.wilson(kept[name], offered[name])
        row = wins.get(name) or _never_kept(name, fair)
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


def _never_kept(name: str, fair: float) -> dict[str, Any]:
    """The win-rate row of a card nobody kept: no games, nothing to test."""
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
    """Per tech: the share of player-games that drew, kept and built it at least once and
    owned it at the end; its pick rate (copies kept of copies drawn); the win rate of its
    owners against everyone else's."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    copies: dict[str, Counter[str]] = defaultdict(Counter)
    owned_wins: defaultdict[str, float] = defaultdict(float)
    seat_games = 0
    total_wins = 0.0
    for record in games:
        shares = win_shares(record)
        for seat, tech in enumerate(record.get("techs", [])):
            seat_games += 1
            total_wins += shares[seat]
            for what in ("drawn", "kept", "built"):
                for cid, n in tech.get(what, {}).items():
                    counts[cid][what] += 1
                    copies[cid][what] += n
            for cid in set(tech["in_play"]):
                counts[cid]["owned"] += 1
                owned_wins[cid] += shares[seat]
    rows = [
        _tech_row(cid, counts[cid], copies[cid], owned_wins[cid], seat_games, total_wins)
        for cid in counts
    ]
    rows.sort(key=lambda r: r["name"])
    for row, adjusted in zip(rows, stats.benjamini_hochberg([r["p"] for r in rows]), strict=True):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < stats.ALPHA
        row["test"] = OWNED
    return rows


def _tech_row(
    cid: str,
    count: Counter[str],
    copies: Counter[str],
    owned_wins: float,
    seat_games: int,
    total_wins: float,
) -> dict[str, Any]:
    owned = count["owned"]
    not_owned = seat_games - owned
    other_wins = total_wins - owned_wins
    pick_low, pick_high = stats.wilson(copies["kept"], copies["drawn"])
    win_low, win_high = stats.wilson(owned_wins, owned)
    return {
        "name": cid,
        "drawn": count["drawn"] / seat_games,
        "kept": count["kept"] / seat_games,
        "built": count["built"] / seat_games,
        "owned": owned / seat_games,
        "owned_games": owned,
        "copies_drawn": copies["drawn"],
        "copies_kept": copies["kept"],
        "pick_rate": copies["kept"] / copies["drawn"] if copies["drawn"] else None,
        "pick_low": pick_low,
        "pick_high": pick_high,
        "win_owned": owned_wins / owned if owned else None,
        "win_owned_low": win_low,
        "win_owned_high": win_high,
        "win_not_owned": other_wins / not_owned if not_owned else None,
        "p": stats.proportions_test(owned_wins, owned, other_wins, not_owned),
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


#: How far (in points) an achievement's completion rate must lie from the others' for the
#: report to say so in a sentence: with hundreds of games a few points are significant, and
#: a designer wants the card every player completes, or nobody does, not those.
FAR = 0.25

ACHIEVED = (
    "two-proportion z-test against all the other achievements together (Fisher's exact test "
    "where a cell expects under 5), Holm-corrected"
)


def achievement_tests(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each achievement row of :func:`achievements` with its completion rate's Wilson interval
    (``low``, ``high``), the completion rate of all the other achievements together
    (``others``), the test of the two (``p``, ``p_adjusted``: Holm over the table, ``test``)
    and ``far``: significant and at least :data:`FAR` from the others. Only the counts
    ``kept`` and ``done`` are read."""
    kept = sum(r["kept"] for r in rows)
    done = sum(r["done"] for r in rows)
    out = []
    for row in rows:
        low, high = stats.wilson(row["done"], row["kept"])
        rest_done, rest_kept = done - row["done"], kept - row["kept"]
        others = rest_done / rest_kept if rest_kept else None
        p = stats.proportions_test(row["done"], row["kept"], rest_done, rest_kept)
        out.append({**row, "low": low, "high": high, "others": others, "p": p})
    for row, adjusted in zip(out, stats.holm([r["p"] for r in out]), strict=True):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < stats.ALPHA
        row["far"] = (
            row["significant"]
            and row["others"] is not None
            and abs(row["rate"] - row["others"]) >= FAR
        )
        row["test"] = ACHIEVED
    return out


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
    failed = summary["errors"]
    if not summary["games"] and failed:  # no "0 games of 0 players", no "last 0 rounds"
        first = failed[0]
        return [
            f"No game of the {len(failed)} finished: each stopped with an error (game "
            f"{first['index']}, seed {first['seed']}: {first['error']})."
        ]
    # Said first, never averaged away (a `| head` must not hide them): the numbers below
    # leave these games out.
    out = list(_failed(summary))
    if summary["players"] == 1:  # a solo game has no fair share and no seat order
        out.append(f"{counted(summary['games'], 'solo game')}.")
    else:
        out.append(
            f"{counted(summary['games'], 'game')} of {summary['players']} players; "
            f"a fair share of wins is {_pct(summary['fair_share'])}."
        )
    out += list(_cut_off(summary))
    names = summary.get("names")
    if "factions" in summary:  # Last Light's
        out += list(
            _share_sentences(summary["factions"], summary["fair_share"], "faction", "", names)
        )
        out += list(_precision(summary["factions"], summary["games"], "faction", names))
    out += list(_seat_sentences(summary))
    for row in summary["agents"]:
        if len(summary["agents"]) > 1:
            out.append(f"Agent {row['name']} wins {_rate(row)} of its seats.")
    for kind, rows in summary.get("picks", {}).items():
        fair = summary.get("pick_fair", {}).get(kind, summary["fair_share"])
        played = [r for r in rows if r["games"]]
        out += list(_share_sentences(played, fair, kind, f"of all seats that kept a {kind}", names))
        out += list(_precision(played, summary["games"], kind, names))
    out += list(_tech_sentences(summary.get("techs", []), names))
    out += list(_achievement_sentences(summary.get("achievements", []), names))
    rounds_ = summary["rounds"]
    out.append(
        f"Games last {rounds_['median']:g} {noun_for(rounds_['median'], 'round')} "
        f"(median; shortest {rounds_['min']}, longest {rounds_['max']})."
    )
    return out


def _failed(summary: dict[str, Any]) -> Iterable[str]:
    """The games an engine limit stopped (a mod's runaway card), with the first one's error."""
    failed = summary["errors"]
    if failed:
        first = failed[0]
        yield (
            f"{len(failed)} of {counted(len(failed) + summary['games'], 'game')} stopped with "
            f"an error and are left out (game {first['index']}, seed {first['seed']}: "
            f"{first['error']})."
        )


def _achievement_sentences(
    rows: Sequence[dict[str, Any]], names: dict[str, str] | None
) -> Iterable[str]:
    """The achievements completed far more often, then far less often, than the others
    (``far``: :func:`achievement_tests`), the furthest first: one every player completes, or
    nobody does, is a card to rework."""
    kept = sum(r["kept"] for r in rows)
    overall = sum(r["done"] for r in rows) / kept if kept else 0.0
    for side, word in ((1, "more"), (-1, "less")):
        far = sorted(
            (r for r in rows if r.get("far") and (r["rate"] - r["others"]) * side > 0),
            key=lambda r: (-abs(r["rate"] - r["others"]), r["name"]),
        )
        if far:
            listed = ", ".join(
                f"{label(r['name'], names)} {r['done']} of {r['kept']} "
                f"({100 * r['low']:.0f}-{100 * r['high']:.0f}%)"
                for r in far
            )
            yield (
                f"Achievements completed far {word} often than the others when kept (all "
                f"achievements: {_pct(overall)}; 95% intervals, significant): {listed}."
            )


def _cut_off(summary: dict[str, Any]) -> Iterable[str]:
    """Games a round limit stopped (Last Light's ``--round-limit``, Starlight's 60 rounds,
    SL17) did not end by the rules: their winner led when play stopped. A designer whose new
    numbers keep games from ending must read that first, not infer it from a histogram."""
    stopped = summary.get("reasons", {}).get("round limit", 0)
    if not stopped:
        return
    every = (
        "Every game"
        if stopped == summary["games"]
        else f"{stopped} of {counted(summary['games'], 'game')}"
    )
    yield (
        f"{every} stopped at a round limit instead of ending by the rules: the winner of such a "
        "game is whoever led when play stopped, so its win rates describe a cut-off game. A "
        "pack whose games rarely end may be unable to end."
    )


def _seat_sentences(summary: dict[str, Any]) -> Iterable[str]:
    """The first player's advantage and any other seat off its fair share; when each seat
    always had the same agent, that a seat's rate is its agent's (S15)."""
    lineup = summary.get("seat_agents")
    if summary["players"] == 1:
        if summary["first_player"]:
            games = noun_for(summary["games"], "game")
            yield f"The player wins {_rate(summary['first_player'])} of the {games}."
        return
    if lineup:
        seated = ", ".join(f"seat {seat} {agent}" for seat, agent in enumerate(lineup))
        yield (
            f"Seat win rates are the agents' here ({seated} in every game), so they say nothing "
            "about seat order: give every seat the same agent, or a pool, to measure it."
        )
        return
    first = summary["first_player"]
    if first:
        verdict = (
            "a significant advantage"
            if first["significant"] and first["rate"] > summary["fair_share"]
            else "a significant disadvantage"
            if first["significant"]
            else "no significant advantage"
        )
        yield f"The starting player (seat 0) wins {_rate(first)}: {verdict}."
    if summary["players"] == 2:  # seat 1's rate is the first player's, the other way round
        return
    for row in summary["seats"]:
        if row["significant"] and row["name"] != "seat 0":
            side = "above" if row["rate"] > summary["fair_share"] else "below"
            name = row["name"].capitalize()
            yield f"{name} wins {_rate(row)}, {side} a fair share (significant)."


def _tech_sentences(
    rows: Sequence[dict[str, Any]], names: dict[str, str] | None = None, shown: int = 5
) -> Iterable[str]:
    """The techs whose owners' win rate differs most from everyone else's, largest first."""
    strong = sorted(
        (t for t in rows if t["significant"]),
        key=lambda t: (-abs(t["win_owned"] - t["win_not_owned"]), t["name"]),
    )
    for tech in strong[:shown]:
        yield (
            f"Owning {label(tech['name'], names)} goes with {_pct(tech['win_owned'])} wins "
            f"({_interval(tech['win_owned_low'], tech['win_owned_high'])}, "
            f"{counted(tech['owned_games'], 'owner')}) against {_pct(tech['win_not_owned'])} "
            "without it (significant)."
        )
    if len(strong) > shown:
        more = len(strong) - shown
        differ = "differs" if more == 1 else "differ"
        yield f"{counted(more, 'more tech')} {differ} significantly: see the Techs table."
    if strong:  # S7: a designer must not read these as what the tech does
        yield (
            "Owning a tech goes with winning partly because strong players build more: "
            "`whitedwarf compare` measures what a change to a tech does."
        )


def _precision(
    rows: Sequence[dict[str, Any]], games: int, what: str, names: dict[str, str] | None = None
) -> Iterable[str]:
    """How precisely this many games measure a faction (or a god): the widest and narrowest
    intervals, and what more games would buy (an interval narrows as 1/sqrt(games))."""
    measured = [r for r in rows if r["games"]]
    if not measured:
        return
    widths = [(r["high"] - r["low"], r["name"], r["games"]) for r in measured]
    narrow, wide = min(widths), max(widths)
    yield (
        f"At {counted(games, 'game')} a {what}'s 95% interval is {100 * narrow[0]:.0f} to "
        f"{counted(round(100 * wide[0]), 'point')} wide (widest: {label(wide[1], names)}, in "
        f"{counted(wide[2], 'game')}); "
        f"four times as many games halve it."
    )


def _share_sentences(
    rows: Iterable[dict[str, Any]],
    fair: float,
    what: str,
    baseline: str = "",
    names: dict[str, str] | None = None,
) -> Iterable[str]:
    """A sentence per significant row, naming it by its name and its id (``Faction Iou'Nell
    (iou_nell)``): the name is what a designer knows, the id what the trace and the pack
    files use, and what a designer greps for."""
    flagged = False
    against = baseline or f"of a fair {what}"
    for row in rows:
        if row["significant"]:
            flagged = True
            side = "above" if row["rate"] > fair else "below"
            yield (
                f"{what.capitalize()} {label(row['name'], names)} wins {_rate(row)} of its "
                f"games, {side} the {_pct(fair)} {against} (significant)."
            )
    if not flagged:
        yield f"No {what} wins significantly more or less than a fair share."


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.0f}%"


def _interval(low: float, high: float) -> str:
    """``95% interval 44-63%``: the interval as it is (a Wilson interval is not symmetric
    about the rate, least of all near 0% or 100%, so it is never written as ``± x``)."""
    return f"95% interval {100 * low:.0f}-{100 * high:.0f}%"


def _rate(row: dict[str, Any]) -> str:
    """``54% (95% interval 44-63%)`` from a row's rate and Wilson interval."""
    return f"{_pct(row['rate'])} ({_interval(row['low'], row['high'])})"
