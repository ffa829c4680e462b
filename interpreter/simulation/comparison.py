"""What a change did: two batches with the same seeds and agents, base against variant.

Both batches play game ``i`` from the same seed with the same agents in the same seats, so
every difference comes from the packs (or from where the games diverge because of them).
Per faction, seat and tech the report gives the change of the win rate with a 95% interval
(Newcombe's difference of Wilson intervals) and a two-proportion z-test, corrected with Holm
(factions, seats) and Benjamini-Hochberg (techs); the game length is compared game by game.
A card played in only one of the two batches (a faction or god the variant adds, a tech it
removes) has no change to measure: it is listed apart with its own win rate (S17).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from whitedwarf.dsl.counts import counted, noun_for
from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.summary import summarise

Record = dict[str, Any]

TEST = (
    "two-proportion z-test (Fisher's exact test where a cell expects under 5), "
    "{correction}-corrected"
)


def compare(base: Sequence[Record], variant: Sequence[Record]) -> dict[str, Any]:
    """The comparison's numbers (``comparison.json``, docs/simulate.md)."""
    by_index = sorted(base, key=lambda r: r["index"]), sorted(variant, key=lambda r: r["index"])
    return compare_summaries(summarise(base), summarise(variant), paired_rounds(*by_index))


def compare_summaries(
    a: dict[str, Any], b: dict[str, Any], rounds: dict[str, Any]
) -> dict[str, Any]:
    """The comparison of two batches' summaries (``Tally.summary``) and the paired change
    of their games' length (:func:`paired_rounds`): no record is held."""
    result: dict[str, Any] = {
        "games": min(a["games"], b["games"]),
        "players": a["players"],
        "base": a,
        "variant": b,
        # Games an engine limit stopped, per pack: said first, never compared away.
        "errors": {"base": a["errors"], "variant": b["errors"]},
        "seats": _differences(a["seats"], b["seats"], "rate", "wins", "games", "Holm"),
        "rounds": rounds,
        "only_in": _only_in(a, b) if a["games"] and b["games"] else {"variant": [], "base": []},
    }
    if not (a["games"] and b["games"]):
        pass  # a pack with no finished game: nothing to compare (its errors are said)
    elif "factions" in a and "factions" in b:  # Last Light's own tables (summary.py)
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
    """The change of each row played in both batches; a row one batch never played has no
    change to measure (it is in ``only_in``)."""
    by_a = {r["name"]: r for r in rows_a if r[games]}
    by_b = {r["name"]: r for r in rows_b if r[games]}
    out = []
    for name in sorted(set(by_a) & set(by_b)):
        ra, rb = by_a[name], by_b[name]
        ka, na = ra[wins], ra[games]
        kb, nb = rb[wins], rb[games]
        low, high = stats.difference_interval(kb, nb, ka, na)
        out.append(
            {
                "name": name,
                "base": ka / na,
                "variant": kb / nb,
                "base_games": na,
                "variant_games": nb,
                "difference": kb / nb - ka / na,
                "low": low,
                "high": high,
                "p": stats.proportions_test(kb, nb, ka, na),
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

    def built(summary: dict[str, Any], other: dict[str, Any]) -> list[dict[str, Any]]:
        # A tech never drawn in the other batch is not in it (only_in), not built by 0%.
        n = summary["games"] * summary["players"]
        names = {r["name"] for r in other["techs"]}
        return [
            {"name": r["name"], "wins": r["built"] * n, "games": n}
            for r in summary["techs"]
            if r["name"] in names
        ]

    return _differences(built(a, b), built(b, a), "rate", "wins", "games", "Benjamini-Hochberg")


def _only_in(a: dict[str, Any], b: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The factions, gods (any kind kept) and techs that one batch played and the other
    did not, each with its row of that batch's report: ``variant`` (what the change adds)
    and ``base`` (what it removes)."""

    def tables(summary: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
        fair = summary["fair_share"]
        factions = summary.get("factions", [])
        found = [("faction", [{"fair": fair, **r} for r in factions if r["games"]])]
        found += [("tech", summary.get("techs", []))]
        found += [
            (k, [{"fair": summary["pick_fair"][k], **r} for r in rows if r["games"]])
            for k, rows in summary.get("picks", {}).items()
        ]
        return found

    def missing(one: dict[str, Any], other: dict[str, Any]) -> list[dict[str, Any]]:
        there = {(kind, r["name"]) for kind, rows in tables(other) for r in rows}
        return [
            {"kind": kind, **row}
            for kind, rows in tables(one)
            for row in rows
            if (kind, row["name"]) not in there
        ]

    return {"variant": missing(b, a), "base": missing(a, b)}


def paired_rounds(base: Iterable[Record], variant: Iterable[Record]) -> dict[str, Any]:
    """Mean change of game length, game by game (same index, same seed), with a 95% interval.

    Both batches' records come in game order (as their files hold them) and are paired by
    index as they are read: only the count, sum and sum of squares of the changes are kept
    (whole numbers, so the mean and spread are those of the list of changes)."""
    pairs = total = squares = 0
    theirs = iter(variant)
    other = next(theirs, None)
    for record in base:
        while other is not None and other["index"] < record["index"]:
            other = next(theirs, None)
        if other is None:
            break
        if other["index"] == record["index"] and "error" not in record and "error" not in other:
            diff = other["rounds"] - record["rounds"]
            pairs, total, squares = pairs + 1, total + diff, squares + diff * diff
    if pairs < 2:
        return {"pairs": pairs, "mean": 0.0, "low": 0.0, "high": 0.0}
    mean = float(total) / pairs  # statistics.fmean's division
    variance = Fraction(pairs * squares - total * total, pairs * (pairs - 1))
    half = stats.Z95 * math.sqrt(variance) / math.sqrt(pairs)
    return {"pairs": pairs, "mean": mean, "low": mean - half, "high": mean + half}


def sentences(result: dict[str, Any]) -> list[str]:
    """Plain sentences: what changed significantly, or that nothing did."""
    played = {side: result[side]["games"] for side in ("base", "variant")}
    if played["base"] == played["variant"]:
        out = [f"{counted(result['games'], 'game')} on each pack, the same seeds and agents."]
    else:
        out = [
            f"{counted(played['base'], 'game')} finished on the base pack and "
            f"{played['variant']} on the variant, of the same seeds and agents."
        ]
    out += list(_error_sentences(result))
    if not all(played.values()):
        return [*out, "Nothing can be compared: a pack with no finished game has no numbers."]
    out += list(_only_in_sentences(result))
    found = False
    for row in result.get("techs_built", []):
        if row["significant"]:
            found = True
            out.append(
                f"{row['name']} is now built by {_pct(row['variant'])} of players instead of "
                f"{_pct(row['base'])} ({_signed(row['difference'])}; significant)."
            )
    tables = [("faction", result.get("factions", [])), ("seat", result["seats"])]
    tables += [("owner of", result.get("techs", []))]
    tables += [("agent", result["agents"])] if "agents" in result else []
    tables += [(kind, rows) for kind, rows in result.get("picks", {}).items()]
    for what, rows in tables:
        for row in rows:
            if row["significant"]:
                found = True
                out.append(
                    f"{_subject(what, row['name'])} now wins {_pct(row['variant'])} instead of "
                    f"{_pct(row['base'])} ({_signed(row['difference'])}, 95% interval "
                    f"{_signed(row['low'])} to {_signed(row['high'])}; significant)."
                )
    among = "Of what both packs play, nothing" if any(result["only_in"].values()) else "Nothing"
    if not found and "agents" in result:
        out.append(
            f"{among} changed significantly: no agent's win rate moved beyond chance, nor a "
            "seat's, nor the win rate of a kept card's seats."
        )
    elif not found:
        out.append(
            f"{among} changed significantly: no faction or seat win rate, tech build rate or "
            "tech owners' win rate moved beyond chance."
        )
    elif result.get("factions") and not any(r["significant"] for r in result["factions"]):
        out.append("No faction's win rate changed significantly.")
    rounds = result["rounds"]
    longer = "longer" if rounds["mean"] >= 0 else "shorter"
    out.append(
        f"Games are {abs(rounds['mean']):.1f} rounds {longer} "
        f"on average (95% interval {_tenths(rounds['low'])} to {_tenths(rounds['high'])})."
    )
    return out


def _subject(what: str, name: str) -> str:
    if what in ("faction", "agent"):
        return f"{what.capitalize()} {name}"
    if what == "seat":
        return name.capitalize()
    if what == "owner of":
        return f"The owner of {name}"
    return f"A seat keeping {what} {name}"


def _error_sentences(result: dict[str, Any]) -> Iterable[str]:
    """Games of either pack that an engine limit stopped (a runaway card of a mod): the
    numbers leave them out, so a designer must read it first (as `simulate` says it)."""
    for side, words in (("base", "the base pack"), ("variant", "the variant")):
        failed = result["errors"][side]
        if not failed:
            continue
        first = failed[0]
        total = len(failed) + result[side]["games"]
        yield (
            f"On {words}, {len(failed)} of {total} games stopped with an error and are left out "
            f"(game {first['index']}, seed {first['seed']}: {first['error']})."
        )


def _only_in_sentences(result: dict[str, Any]) -> Iterable[str]:
    """What only one pack played: a new faction's win rate is news, not "no change"."""
    words = {"variant": "New in the variant", "base": "Only in the base"}
    for side, rows in result.get("only_in", {}).items():
        for row in rows:
            head = f"{words[side]}: {row['kind']} {row['name']}"
            if row["kind"] == "tech":
                owners = row["owned_games"]
                yield f"{head}, built by {_pct(row['built'])} of players; " + (
                    f"its {counted(owners, 'owner')} {'wins' if owners == 1 else 'win'} "
                    f"{_pct(row['win_owned'])}."
                    if owners
                    else "nobody had it in play at the end."
                )
                continue
            direction = "above" if row["rate"] > row["fair"] else "below"
            verdict = (
                f"{direction} the fair {_pct(row['fair'])} (significant)"
                if row["significant"]
                else f"not significantly off the fair {_pct(row['fair'])}"
            )
            games = counted(row["games"], "game")
            yield (
                f"{head} wins {_pct(row['rate'])} of its {games} (95% interval "
                f"{100 * row['low']:.0f}-{100 * row['high']:.0f}%), {verdict}."
            )


def _tenths(value: float) -> str:
    """``+0.2``, ``-0.1``; a value that rounds to zero is ``0.0``, never ``-0.0``."""
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.0f}%"


def _signed(value: float) -> str:
    return f"{100 * value:+.0f} {noun_for(abs(round(100 * value)), 'point')}"  # +1 point
