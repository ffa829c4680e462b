"""Whether a balance report's findings survive other players (``simulate --robust AGENTS``).

A faction that wins 70% of heuristic games may be strong, or the heuristic may play it well
and the others badly. The same batch (same seeds, packs and options) is played again with the
agents of ``--robust``, and each table of findings is compared between the two:

* the **rank correlation** (Spearman's rho, ties given their mean rank) of the rates over the
  rows both batches have: Last Light's faction win rates and techs' owners' win rates,
  Starlight's win rates of the seats keeping each god;
* the **findings that flip**: a row significant in one batch and not in the other, or
  significant in both on opposite sides (of the fair share; for a tech, of the non-owners).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from whitedwarf.dsl.counts import counted

#: The tables compared: (summary key, the rate compared, what the rate is measured against,
#: what a row is called in a sentence).
TABLES = (
    ("factions", "rate", "fair", "faction"),
    ("techs", "win_owned", "win_not_owned", "tech"),
)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation of two paired samples (Pearson's r of their ranks, ties
    at their mean rank); None under 3 pairs or when one side is constant."""
    if len(xs) < 3:
        return None
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _tables(summary: dict[str, Any]) -> list[tuple[str, str, str, str, list[dict[str, Any]]]]:
    found = [(key, rate, against, noun, summary[key]) for key, rate, against, noun in TABLES
             if key in summary]  # fmt: skip
    for kind, rows in summary.get("picks", {}).items():
        found.append((f"picks {kind}", "rate", "fair", kind, rows))
    return found


def _side(row: dict[str, Any], rate: str, against: str, fair: float) -> int:
    """+1 above, -1 below what the rate is measured against, 0 not significant."""
    if not row.get("significant") or row.get(rate) is None:
        return 0
    base = fair if against == "fair" else row.get(against)
    if base is None:
        return 0
    return 1 if row[rate] > base else -1


def robustness(
    first: dict[str, Any], second: dict[str, Any], agents: tuple[str, str]
) -> dict[str, Any]:
    """Each table's rank correlation and flipped findings between the summaries of the same
    batch played by ``agents[0]`` and by ``agents[1]`` (their ``--agents`` texts)."""
    theirs = {key: rows for key, *_, rows in _tables(second)}
    tables = []
    for key, rate, against, noun, rows in _tables(first):
        other = {row["name"]: row for row in theirs.get(key, [])}
        pairs = [
            (row, other[row["name"]])
            for row in rows
            if row["name"] in other
            and row.get(rate) is not None
            and other[row["name"]].get(rate) is not None
        ]
        flips = []
        for one, two in pairs:
            a = _side(one, rate, against, first["fair_share"])
            b = _side(two, rate, against, second["fair_share"])
            if a != b:
                flips.append({"name": one["name"], "first": a, "second": b,
                              "first_rate": one[rate], "second_rate": two[rate]})  # fmt: skip
        tables.append(
            {
                "table": key,
                "noun": noun,
                "rows": len(pairs),
                "rho": spearman([p[0][rate] for p in pairs], [p[1][rate] for p in pairs]),
                "flips": flips,
            }
        )
    return {"agents": list(agents), "tables": tables}


_SIDE = {1: "significantly above", -1: "significantly below", 0: "not significant"}

#: Said when the batch has no table of findings to compare (Starlight without gods: its
#: only cards kept from a deal are the gods), so the report does not end on nothing.
_NO_TABLES = (
    "No findings to compare with {one} and with {two}: this batch has no table of them "
    "(Last Light's factions and techs; Starlight's gods, with --option gods=true); each "
    "batch's own report gives its win rates."
)


def robustness_sentences(result: dict[str, Any], names: dict[str, str] | None = None) -> list[str]:
    """Whether the findings hold with both sets of agents, a sentence a table."""
    one, two = result["agents"]
    if not result["tables"]:
        return [_NO_TABLES.format(one=one, two=two)]
    out = []
    for table in result["tables"]:
        rho = table["rho"]
        said = (
            "no rank correlation (too few rows)" if rho is None else f"rank correlation {rho:.2f}"
        )
        noun = table["noun"]
        head = f"The {noun} findings with {one} and with {two}: {said} over {table['rows']} {noun}s"
        flips = table["flips"]
        if not flips:
            out.append(f"{head}; no finding flips.")
            continue
        listed = "; ".join(
            f"{(names or {}).get(f['name'], f['name'])} {_SIDE[f['first']]} with {one} "
            f"({100 * f['first_rate']:.0f}%), {_SIDE[f['second']]} with {two} "
            f"({100 * f['second_rate']:.0f}%)"
            for f in flips[:5]
        )
        more = f" and {len(flips) - 5} more" if len(flips) > 5 else ""
        verb = "flips" if len(flips) == 1 else "flip"
        out.append(f"{head}; {counted(len(flips), 'finding')} {verb}: {listed}{more}.")
    return out
