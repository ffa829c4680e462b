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
import statistics
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from whitedwarf.dsl.counts import counted, noun_for
from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.labels import label
from whitedwarf.interpreter.simulation.tally import summarise

Record = dict[str, Any]

TEST = (
    "two-proportion z-test (Fisher's exact test where a cell expects under 5), "
    "{correction}-corrected"
)


def compare(
    base: Sequence[Record],
    variant: Sequence[Record],
    summaries: tuple[dict[str, Any], dict[str, Any]] | None = None,
    changed: list[dict[str, str]] | None = None,
    in_both: set[str] | None = None,
    revalued: dict[str, dict[str, float | None]] | None = None,
    edits: dict[str, list[dict[str, str]]] | None = None,
) -> dict[str, Any]:
    """The comparison's numbers (``comparison.json``, docs/simulate.md) of two lists of
    records. ``summaries``: the two batches' summaries when already made (with their
    ``packs`` and ``names``); ``changed``: the cards the variant defines differently
    (:func:`changed_cards`); ``in_both``: the cards both packs define (:func:`cards_in_both`);
    ``revalued`` and ``edits``: as :func:`compare_summaries` takes them."""
    a, b = summaries or (summarise(base), summarise(variant))
    by_index = sorted(base, key=lambda r: r["index"]), sorted(variant, key=lambda r: r["index"])
    return compare_summaries(a, b, paired_rounds(*by_index), changed, in_both, revalued, edits)


def compare_summaries(
    a: dict[str, Any],
    b: dict[str, Any],
    rounds: dict[str, Any],
    changed: list[dict[str, str]] | None = None,
    in_both: set[str] | None = None,
    revalued: dict[str, dict[str, float | None]] | None = None,
    edits: dict[str, list[dict[str, str]]] | None = None,
) -> dict[str, Any]:
    """The comparison of two batches' summaries (``Tally.summary``) and the paired change
    of their games' length (:func:`paired_rounds`): no record is held. ``in_both``: the ids
    of the cards both merged packs define (:func:`cards_in_both`), so that a card one batch
    never dealt is not called new or removed when the other pack holds it too. ``revalued``:
    the cards the agents of the two sides value differently (their learned worth to build,
    ``base`` and ``variant``, None for the hand weights: S21), which a build rate's sentence
    names when the variant does not change that card. ``edits``: the cards the variant
    adds and removes (:func:`added_and_removed`), named with the changed ones first."""
    result: dict[str, Any] = {
        "games": min(a["games"], b["games"]),
        "players": a["players"],
        # Which packs each side played, and the cards' names of both (the variant's new ones).
        "packs": {"base": a.get("packs", []), "variant": b.get("packs", [])},
        "names": {**a.get("names", {}), **b.get("names", {})},
        "changed": changed or [],
        "added": (edits or {}).get("added", []),
        "removed": (edits or {}).get("removed", []),
        "base": a,
        "variant": b,
        # Games an engine limit stopped, per pack: said first, never compared away.
        "errors": {"base": a["errors"], "variant": b["errors"]},
        "seats": _differences(a["seats"], b["seats"], "rate", "wins", "games", "Holm"),
        "rounds": rounds,
        "only_in": _only_in(a, b, in_both or set())
        if a["games"] and b["games"]
        else {"variant": [], "base": []},
    }
    if not (a["games"] and b["games"]):
        pass  # a pack with no finished game: nothing to compare (its errors are said)
    elif "factions" in a and "factions" in b:  # Last Light's own tables (summary.py)
        result["factions"] = _differences(
            a["factions"], b["factions"], "rate", "wins", "games", "Holm"
        )
        result["techs"] = _tech_differences(a["techs"], b["techs"])
        result["techs_built"] = _built_differences(a, b)
        said = {r["name"] for r in result["techs_built"] if r["significant"]}
        result["revalued"] = {c: w for c, w in (revalued or {}).items() if c in said}
        result["deal"] = deal(a, b, in_both or set())
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


def _only_in(
    a: dict[str, Any], b: dict[str, Any], in_both: set[str]
) -> dict[str, list[dict[str, Any]]]:
    """The factions, gods (any kind kept) and techs that one batch played and the other
    did not, each with its row of that batch's report: ``variant`` (what the change adds)
    and ``base`` (what it removes). A row whose card both packs define is marked
    ``in_both``: the other batch's games never dealt it, the change did not add or remove it."""

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
            {"kind": kind, **row, "in_both": row["name"] in in_both}
            for kind, rows in tables(one)
            for row in rows
            if (kind, row["name"]) not in there
        ]

    return {"variant": missing(b, a), "base": missing(a, b)}


def paired_rounds(base: Iterable[Record], variant: Iterable[Record]) -> dict[str, Any]:
    """Mean change of game length, game by game (same index, same seed), with its 95%
    interval (the paired t interval).

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
    # Student's t on pairs - 1 degrees of freedom, as the ablation's paired t (S20): the
    # normal 1.96 made a short comparison's interval too narrow (12 pairs: 2.20, not 1.96)
    half = stats.t_quantile(0.975, pairs - 1) * math.sqrt(variance) / math.sqrt(pairs)
    return {"pairs": pairs, "mean": mean, "low": mean - half, "high": mean + half}


#: A card's fields that change nothing in play (where it comes from, its story, the notes).
_UNPLAYED = {"source", "lore", "notes", "replace"}


def changed_cards(base: dict[str, Any], variant: dict[str, Any]) -> list[dict[str, str]]:
    """The cards both merged packs define, but differently (``kind``: the table's name in
    the singular, ``name``: the id): what the designer changed, which a comparison names
    first and never counts as a mere effect of another game length."""
    found = []
    for table in sorted(set(base) & set(variant)):
        if not (isinstance(base[table], list) and isinstance(variant[table], list)):
            continue
        ours = {r["id"]: r for r in base[table] if isinstance(r, dict) and "id" in r}
        for row in variant[table]:
            if not isinstance(row, dict) or row.get("id") not in ours:
                continue
            before = {k: v for k, v in ours[row["id"]].items() if k not in _UNPLAYED}
            if before != {k: v for k, v in row.items() if k not in _UNPLAYED}:
                found.append({"kind": table.removesuffix("s"), "name": str(row["id"])})
    return found


def added_and_removed(
    base: dict[str, Any], variant: dict[str, Any]
) -> dict[str, list[dict[str, str]]]:
    """The cards only the variant defines (``added``) and only the base (``removed``), each
    as :func:`changed_cards` names one: a mod's new and removed cards, which the comparison
    names with the changed ones (a mod that added a faction and removed a tech led with
    "The variant changes tech Warp Drive" alone)."""

    def cards(pack: dict[str, Any]) -> dict[tuple[str, str], None]:
        return {
            (table.removesuffix("s"), str(row["id"])): None
            for table, rows in sorted(pack.items())
            if isinstance(rows, list)
            for row in rows
            if isinstance(row, dict) and "id" in row
        }

    ours, theirs = cards(base), cards(variant)
    return {
        "added": [{"kind": k, "name": n} for k, n in theirs if (k, n) not in ours],
        "removed": [{"kind": k, "name": n} for k, n in ours if (k, n) not in theirs],
    }


def cards_in_both(base: dict[str, Any], variant: dict[str, Any]) -> set[str]:
    """The ids of the cards both merged packs define, in any table."""

    def ids(pack: dict[str, Any]) -> set[str]:
        return {
            str(row["id"])
            for rows in pack.values()
            if isinstance(rows, list)
            for row in rows
            if isinstance(row, dict) and "id" in row
        }

    return ids(base) & ids(variant)


def deal(
    a: dict[str, Any], b: dict[str, Any], in_both: set[str] | None = None
) -> dict[str, list[dict[str, Any]]]:
    """How often each faction was dealt, base against variant: the share of games it played
    in (``base``, ``variant``; None where that batch never dealt it; ``in_both``: whether
    both packs define it). A variant that adds (or removes) a faction changes every other
    faction's share too."""
    shares = {
        side: {r["name"]: r["games"] / s["games"] for r in s.get("factions", []) if r["games"]}
        for side, s in (("base", a), ("variant", b))
        if s["games"]
    }
    if len(shares) < 2:
        return {"factions": []}
    names = sorted({*shares["base"], *shares["variant"]})
    return {
        "factions": [
            {
                "name": n,
                "base": shares["base"].get(n),
                "variant": shares["variant"].get(n),
                "in_both": n in (in_both or set()),
            }
            for n in names
        ]
    }


def sentences(result: dict[str, Any]) -> list[str]:
    """Plain sentences, the most important first: games that failed, then what happened to
    the factions (a change of the deal, win rates), seats and agents, then game length, then
    cards; a build rate that moved with the game's length is counted there, not said one by
    one (comparison.html lists each)."""
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
    names = result.get("names", {})
    out += list(_changed_sentences(result, names))
    out += list(_deal_sentences(result, names))
    out += list(_only_in_sentences(result, ("faction",), names))
    changed = list(_win_sentences(result, names, cards=False))
    cards = list(_win_sentences(result, names, cards=True))
    built = [r for r in result.get("techs_built", []) if r["significant"]]
    among = "Of what both packs play, nothing" if any(result["only_in"].values()) else "Nothing"
    shorter = _length_change(result["rounds"])
    if not (changed or cards or built):
        out.append(_nothing_changed(among, "agents" in result, bool(shorter)))
    elif result.get("factions") and not any(r["significant"] for r in result["factions"]):
        out.append("No faction's win rate changed significantly.")
    out += changed
    edited = {c["name"] for c in result.get("changed", []) if c["kind"] == "tech"}
    with_length = [
        r
        for r in built
        if shorter and (r["difference"] > 0) == (shorter > 0) and r["name"] not in edited
    ]
    out.append(_length_sentence(result["rounds"], with_length))
    out += list(_only_in_sentences(result, None, names))
    out += list(_offered_sentences(result, names))
    revalued = result.get("revalued", {})
    told = [row for row in built if row not in with_length]
    anew = [row for row in told if _revalued(row["name"], edited, revalued)]
    if len(anew) <= MOST_REVALUED_SAID:
        anew = []
    for row in told:
        if row not in anew:
            why = _revalued(row["name"], edited, revalued)
            out.append(
                f"{label(row['name'], names)} is now built by {_pct(row['variant'])} of players "
                f"instead of {_pct(row['base'])} ({_signed(row['difference'])}; significant)"
                f"{why}."
            )
    if anew:
        out.append(_revalued_sentence(anew, revalued, names))
    out += cards
    return out


#: More build rates than this moved by the agents' values alone are said in one sentence: a
#: mod adding three cards had 34 such sentences, which buried what the mod itself did.
MOST_REVALUED_SAID = 3


def _revalued_sentence(
    rows: list[dict[str, Any]], revalued: dict[str, dict[str, float | None]], names: dict[str, str]
) -> str:
    """Many build rates of cards the variant does not change moved because each pack's agents
    value the cards anew (S21): one sentence, counting them and naming the largest moves."""
    largest = sorted(rows, key=lambda r: (-abs(r["difference"]), r["name"]))[:MOST_REVALUED_SAID]

    def worth(value: float | None) -> str:
        return "their hand weight" if value is None else f"{value:+.1f} light"

    named = "; ".join(
        f"{label(r['name'], names)} {_pct(r['variant'])} instead of {_pct(r['base'])} "
        f"({worth(revalued[r['name']]['variant'])} to build, "
        f"{worth(revalued[r['name']]['base'])} on the base)"
        for r in largest
    )
    rest = len(rows) - len(largest)
    return (
        f"{counted(len(rows), 'tech')} the variant does not change "
        "are built significantly more or less often, and its agents value them anew (each "
        "pack's card values are learned from its own play, docs/simulate.md S21): they may "
        f"have moved for that alone, not for what the change does; the largest: {named}"
        + (f"; {rest} more in comparison.html." if rest else ".")
    )


def _revalued(card: str, edited: set[str], revalued: dict[str, dict[str, float | None]]) -> str:
    """Why a card the variant does not change may be built more or less: its agents value it
    anew, each pack's card values being learned from its own play (S21). Said, since a
    designer reads a moved build rate as the change's doing."""
    worth = revalued.get(card)
    if card in edited or worth is None:
        return ""

    def said(value: float | None) -> str:
        return "their hand weight" if value is None else f"{value:+.1f} light"

    return (
        f"; the variant does not change it: its agents value it anew ({said(worth['variant'])} "
        f"to build, {said(worth['base'])} on the base; each pack's card values are learned from "
        "its own play, docs/simulate.md S21)"
    )


def _nothing_changed(among: str, agents: bool, length_changed: bool) -> str:
    """No rate moved beyond chance. When the game's length did (said next), "nothing changed"
    would contradict it: the sentence then names the rates only."""
    rates = (
        "no agent's win rate moved beyond chance, nor a seat's, nor the win rate of a kept "
        "card's seats"
        if agents
        else "no faction or seat win rate, tech build rate or tech owners' win rate moved "
        "beyond chance"
    )
    if length_changed:
        said = rates if among == "Nothing" else f"of what both packs play, {rates}"
        return f"{said[0].upper()}{said[1:]}; the games' length did (below)."
    return f"{among} changed significantly: {rates}."


#: A card table's name, in the singular, as a sentence names one of its cards.
_KIND_WORDS = {"exploration": "exploration token"}


def _changed_sentences(result: dict[str, Any], names: dict[str, str]) -> Iterable[str]:
    """The cards the variant changed, adds and removes, first: the cause to read every
    change against."""
    parts = []
    for verb, key in (("changes", "changed"), ("adds", "added"), ("removes", "removed")):
        cards = result.get(key, [])
        if cards:
            shown = [f"{_KIND_WORDS.get(c['kind'], c['kind'])} {label(c['name'], names)}"
                     for c in cards[:5]]  # fmt: skip
            more = len(cards) - len(shown)
            tail = f" and {more} more (comparison.json lists them)" if more else ""
            parts.append(f"{verb} {', '.join(shown)}{tail}")
    if parts:
        yield f"The variant {'; '.join(parts)}."


def _length_change(rounds: dict[str, Any]) -> int:
    """+1 when games are significantly longer (the interval misses 0), -1 shorter, else 0."""
    if rounds["pairs"] >= 2 and rounds["low"] > 0:
        return 1
    if rounds["pairs"] >= 2 and rounds["high"] < 0:
        return -1
    return 0


def _length_sentence(rounds: dict[str, Any], with_length: list[dict[str, Any]]) -> str:
    """The mean change of game length; the build rates that moved the same way are counted
    here: a shorter game builds fewer techs, whatever the change was."""
    longer = "longer" if rounds["mean"] >= 0 else "shorter"
    interval = f"95% interval {_tenths(rounds['low'])} to {_tenths(rounds['high'])}"
    if f"{abs(rounds['mean']):.1f}" == "0.0":  # not "0.0 rounds longer"
        said = f"Games are as long on average (a change of 0.0 rounds, {interval})"
    else:
        # said as the other changes are: a mean whose interval holds 0 is no finding
        verdict = "significant" if _length_change(rounds) else "not significant"
        said = (
            f"Games are {abs(rounds['mean']):.1f} rounds {longer} on average ({interval}; "
            f"{verdict})"
        )
    if not with_length:
        return said + "."
    more = "more" if with_length[0]["difference"] > 0 else "less"
    return (
        f"{said}; with them {counted(len(with_length), 'tech')} "
        f"{'is' if len(with_length) == 1 else 'are'} built significantly {more} often "
        "(the table of build rates in the report lists each)."
    )


def _win_sentences(
    result: dict[str, Any], names: dict[str, str], cards: bool, shown: int = 5
) -> Iterable[str]:
    """The significant changes of win rate: of factions, seats and agents (``cards`` False),
    or of the owners of a tech and the keepers of a card (``cards`` True, at most ``shown``,
    the largest first, and how many more)."""
    if cards:
        tables = [("owner of", result.get("techs", []))]
        tables += [(kind, rows) for kind, rows in result.get("picks", {}).items()]
    else:
        tables = [("faction", result.get("factions", [])), ("seat", result["seats"])]
        tables += [("agent", result["agents"])] if "agents" in result else []
    rows = [(what, row) for what, table in tables for row in table if row["significant"]]
    if cards:
        rows.sort(key=lambda pair: -abs(pair[1]["difference"]))
    limit = shown if cards else len(rows)
    for what, row in rows[:limit]:
        yield (
            f"{_subject(what, row['name'], names)} now wins {_pct(row['variant'])} instead of "
            f"{_pct(row['base'])} ({_signed(row['difference'])}, 95% interval "
            f"{_signed(row['low'])} to {_signed(row['high'])}; significant)."
        )
    if len(rows) > limit:
        yield (
            f"{counted(len(rows) - limit, 'more card')} changed significantly: see the "
            "report's tables."
        )


def _deal_sentences(result: dict[str, Any], names: dict[str, str]) -> Iterable[str]:
    """A faction the variant adds (or removes) changes which factions are dealt: how often
    the new ones play, and how often the others do now against before."""
    rows = result.get("deal", {}).get("factions", [])
    # A faction both packs hold that one batch never dealt is chance, not the change.
    new = [r for r in rows if r["base"] is None and not r.get("in_both")]
    gone = [r for r in rows if r["variant"] is None and not r.get("in_both")]
    kept = [r for r in rows if r["base"] is not None and r["variant"] is not None]
    if not (new or gone):
        return
    parts = []
    if new:
        parts.append(
            f"new {'faction' if len(new) == 1 else 'factions'} "
            + ", ".join(label(r["name"], names) for r in new)
            + f" {'is' if len(new) == 1 else 'are'} in "
            + _span([r["variant"] for r in new])
            + " of games"
        )
    if gone:
        parts.append(
            ", ".join(label(r["name"], names) for r in gone)
            + f" {'is' if len(gone) == 1 else 'are'} no longer dealt (in "
            + _span([r["base"] for r in gone])
            + " of the base's games)"
        )
    if len(kept) == 1:
        parts.append(
            f"{label(kept[0]['name'], names)}, played by both packs, is in "
            f"{_span([kept[0]['variant']])} of games instead of {_span([kept[0]['base']])}"
        )
    elif kept:
        before = statistics.fmean(r["base"] for r in kept)
        after = statistics.fmean(r["variant"] for r in kept)
        parts.append(
            f"the {len(kept)} factions of both packs are in {_pct(after)} of games on average "
            f"instead of {_pct(before)} ({_span([r['variant'] for r in kept])} each, instead of "
            f"{_span([r['base'] for r in kept])})"
        )
    yield "The deal changed which factions play: " + "; ".join(parts) + "."


def _span(shares: list[float]) -> str:
    """``44%``, or ``40-46%`` for several shares."""
    low, high = round(100 * min(shares)), round(100 * max(shares))
    return f"{low}%" if low == high else f"{low}-{high}%"


def _subject(what: str, name: str, names: dict[str, str] | None = None) -> str:
    if what == "agent":
        return f"Agent {name}"
    if what == "seat":
        return name.capitalize()
    if what == "faction":
        return f"Faction {label(name, names)}"
    if what == "owner of":
        return f"The owner of {label(name, names)}"
    return f"A seat keeping {what} {label(name, names)}"


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


def _only_in_sentences(
    result: dict[str, Any], kinds: tuple[str, ...] | None, names: dict[str, str] | None = None
) -> Iterable[str]:
    """What only one pack played: a new faction's win rate is news, not "no change".
    ``kinds``: only cards of these kinds (the factions lead); None: every other kind."""
    words = {"variant": "New in the variant", "base": "Only in the base"}
    for side, rows in result.get("only_in", {}).items():
        for row in rows:
            if (row["kind"] not in kinds) if kinds else (row["kind"] == "faction"):
                continue
            head = f"{words[side]}: {row['kind']} {label(row['name'], names)}"
            if row.get("in_both"):  # both packs hold it: the deal, not the change, left it out
                other = "base" if side == "variant" else "variant"
                head = (
                    f"Only in the {side}'s games: {row['kind']} {label(row['name'], names)} "
                    f"(both packs hold it; the {other}'s games never dealt it)"
                )
            if row["kind"] == "tech":
                yield f"{head}, built by {_pct(row['built'])} of players; {_owners(row)}."
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


def _owners(row: dict[str, Any]) -> str:
    """How a tech's owners fared in the one batch that played it, as its report's sentence
    says it (interval, against the players without it, significant or not): "its 398 owners
    win 27%" left out that this was significantly below the 34% of the others."""
    owners = row["owned_games"]
    if not owners:
        return "nobody had it in play at the end"
    verb = "wins" if owners == 1 else "win"
    said = f"its {counted(owners, 'owner')} {verb} {_pct(row['win_owned'])}"
    if row.get("win_owned_low") is None or row.get("win_not_owned") is None:
        return said
    verdict = "significant" if row.get("significant") else "not significant"
    return (
        f"{said} (95% interval {100 * row['win_owned_low']:.0f}-"
        f"{100 * row['win_owned_high']:.0f}%) against {_pct(row['win_not_owned'])} without it "
        f"({verdict})"
    )


def _offered_sentences(result: dict[str, Any], names: dict[str, str]) -> Iterable[str]:
    """A card the variant adds (or removes) that has no win-rate row of its own (a Starlight
    flare, a Last Light achievement): how often its pack's agents took it when it was
    offered, from that batch's ``offers``. A new flare was named among the cards added and
    then never again."""
    listed = {r["name"] for rows in result.get("only_in", {}).values() for r in rows}
    for key, side, head in (("added", "variant", "New in the variant"),
                            ("removed", "base", "Only in the base")):  # fmt: skip
        offers = result.get(side, {}).get("offers", [])
        for card in result.get(key, []):
            if card["name"] in listed:
                continue
            rows = [o for o in offers if o["name"] == card["name"] and o.get("offered")]
            kind = _KIND_WORDS.get(card["kind"], card["kind"])
            if not rows:  # never a seat's choice (an exploration token is revealed, not taken)
                continue
            taken = ", ".join(
                f"{o['verb']}: {o['chosen']} of {counted(o['offered'], 'chance')}" for o in rows
            )
            # "taken when offered (achievement: 0 of 7 chances)" read as if it was taken
            yield (
                f"{head}: {kind} {label(card['name'], names)}, how often taken when offered "
                f"({taken}); "
                f"what it does to its holder: `simulate --give 0:{card['name']} --ablate "
                f"{card['name']}`."
            )


def _tenths(value: float) -> str:
    """``+0.2``, ``-0.1``; a value that rounds to zero is ``0.0``, never ``-0.0``."""
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.0f}%"


def _signed(value: float) -> str:
    return f"{100 * value:+.0f} {noun_for(abs(round(100 * value)), 'point')}"  # +1 point
