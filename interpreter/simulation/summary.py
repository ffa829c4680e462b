"""The numbers of a balance report, counted from a batch's game records, and the sentences
that say what a designer should look at first.

The numbers are counted by tally.py (as records arrive: memory bounded by the pack, not the
batch); :func:`summarise` is its shorthand for records at hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from whitedwarf.dsl.counts import counted, noun_for
from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.labels import label, short_label
from whitedwarf.interpreter.simulation.offers import offer_sentences

Record = dict[str, Any]


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
    names = summary.get("names")
    out += list(_gift_sentences(summary, names))
    out += list(_cut_off(summary))
    if "factions" in summary:  # Last Light's
        out += list(
            _share_sentences(summary["factions"], summary["fair_share"], "faction", "", names)
        )
        out += list(_precision(summary["factions"], summary["games"], "faction", names))
    out += list(_seat_sentences(summary))
    for row in summary["agents"]:
        if len(summary["agents"]) > 1:
            out.append(_agent_sentence(row, summary["fair_share"]))
    for kind, rows in summary.get("picks", {}).items():
        fair = summary.get("pick_fair", {}).get(kind, summary["fair_share"])
        played = [r for r in rows if r["games"]]
        out += list(_share_sentences(played, fair, kind, f"of all seats that kept a {kind}", names))
        out += list(_precision(played, summary["games"], kind, names))
    out += list(_tech_sentences(summary.get("techs", []), names))
    out += offer_sentences(summary.get("offers"), summary.get("offer_seat_games", 0), names)
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


def _agent_sentence(row: dict[str, Any], fair: float) -> str:
    """An agent's win rate, and, as a faction's, whether it is significantly off the fair
    share (it was the rate alone: "random wins 0% (0-11%)" read like any other)."""
    said = f"Agent {row['name']} wins {_rate(row)} of its seats"
    if not row.get("significant"):
        return said + "."
    side = "above" if row["rate"] > fair else "below"
    return f"{said}, {side} the fair {_pct(fair)} (significant)."


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


def _gift_sentences(summary: dict[str, Any], names: dict[str, str] | None) -> Iterable[str]:
    """What ``--give`` put in play, said before any number: a seat given a card wins as the
    card makes it, and a reader who did not run the batch must not take that for the deal."""
    gifts = summary.get("gifts")
    if not gifts:
        return
    games = summary["games"]
    parts = []
    for gift in gifts:
        when = "from the start" if gift["round"] <= 1 else f"from round {gift['round']}"
        held = (
            f"in every game ({gift['games']} of {games})"
            if gift["games"] == games
            else f"in {gift['games']} of {counted(games, 'game')}"
        )
        parts.append(f"{label(gift['card'], names)} to seat {gift['seat']} {when} {held}")
    yield (
        f"Given: {'; '.join(parts)}. A given card's numbers, and its seat's, are those of a "
        "card held by gift, not dealt."
    )


def _given_to(summary: dict[str, Any], seat: int) -> str:
    """``, given Helion`` for a seat ``--give`` gave cards to (its display names), else ``""``."""
    names = summary.get("names")
    cards = [short_label(g["card"], names) for g in summary.get("gifts") or [] if g["seat"] == seat]
    return f", given {', '.join(cards)}" if cards else ""


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
        given = _given_to(summary, 0)
        if given and first["significant"]:
            verdict += " with what it was given, not seat order alone"
        yield f"The starting player (seat 0{given}) wins {_rate(first)}: {verdict}."
    if summary["players"] == 2:  # seat 1's rate is the first player's, the other way round
        return
    for row in summary["seats"]:
        if row["significant"] and row["name"] != "seat 0":
            side = "above" if row["rate"] > summary["fair_share"] else "below"
            name = row["name"].capitalize()
            given = _given_to(summary, int(row["name"].split()[-1]))
            name = f"{name} ({given[2:]})" if given else name
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
