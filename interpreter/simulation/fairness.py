"""Is a pack fair? Each side a seat holds against its fair share, and the first seat's edge.

A *side* is what a seat holds for the whole game, dealt and kept or given (``simulate
--give``): a Last Light faction and achievement set (000 "setup": each player receives one
set of 4 planetary achievements and keeps 1), a Starlight god (003 "The Gods"). A side's
fair share is the win rate of all the
seats that held a side of its kind (docs/simulate.md S16: with every seat holding one, it is
1/players). Every side of a batch is tested against its share by the exact binomial test
(docs/simulate.md S4), and the whole batch's tests are one family, Holm-corrected (S5): a
pack is *fair* at a player count when no invented side differs significantly (95%) and the
first seat's advantage (seat 0's win rate minus 1/players) is within the tolerance, 5
points by default (issue 25). Printed sides (`source: rulebook`) are tested and reported
too, since a designer wants to know, but they are not the pack's to change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.records import held_card
from whitedwarf.interpreter.simulation.tally import Shares, share_row, win_shares

Record = dict[str, Any]

#: The first seat's advantage the check allows, in points of win rate (issue 25).
FIRST_SEAT_POINTS = 5.0

#: Kinds of side, as the report names them, in the order they are reported.
KINDS = ("faction", "achievement set", "god")


class SideTally:
    """The seats and wins of each side of one batch, counted record by record."""

    def __init__(self, pack: Mapping[str, Any]) -> None:
        self.sets = {
            card["id"]: str(card["set"]) for card in pack.get("achievements", []) if "set" in card
        }
        self.kinds: dict[str, Shares] = {}
        self.seats = Shares()
        self.games = 0
        self.players = 0
        self.errors = 0

    def add(self, record: Record) -> None:
        """Count one game (a game an engine limit stopped is counted apart)."""
        if "error" in record:
            self.errors += 1
            return
        self.games += 1
        self.players = record["players"]
        shares = win_shares(record)
        for seat, share in enumerate(shares):
            self.seats.add(f"seat {seat}", share)
            for kind, side in self._sides(record, seat):
                self.kinds.setdefault(kind, Shares()).add(side, share)

    def _sides(self, record: Record, seat: int) -> Iterable[tuple[str, str | None]]:
        """The sides ``seat`` held in the game of ``record``, by kind."""
        if "factions" in record:
            yield "faction", record["factions"][seat]
        held = record.get("achievements") or []
        if seat < len(held):
            entry = held[seat]
            card = entry.get("kept") or next(iter(entry.get("done") or []), None)
            yield "achievement set", self.sets.get(card) if card else None
        gods = (record.get("picks") or {}).get("god") or []
        if seat < len(gods):
            yield "god", held_card(gods[seat])  # kept from the deal or given (--give)


def sources(pack: Mapping[str, Any]) -> dict[tuple[str, str], str]:
    """Each side's source, ``rulebook`` or ``invented``, by (kind, side): a set is invented
    when any of its cards is (its printed cards stay as printed; its invented ones may move)."""
    found: dict[tuple[str, str], str] = {}
    for card in pack.get("factions", []):
        found["faction", card["id"]] = card.get("source", "invented")
    for card in pack.get("gods", []):
        found["god", card["id"]] = card.get("source", "invented")
    for card in pack.get("achievements", []):
        if "set" in card:
            key = ("achievement set", str(card["set"]))
            if found.get(key) != "invented":
                found[key] = card.get("source", "invented")
    return found


def judge(
    tally: SideTally,
    pack: Mapping[str, Any],
    first_seat_points: float = FIRST_SEAT_POINTS,
) -> dict[str, Any]:
    """The fairness of one batch: a row a side (win rate, interval, fair share, p-value,
    Holm-adjusted over every side of the batch, significant, source), the first seat's
    advantage, the largest seat deviation, and ``fair``: no invented side significant and
    the first seat within ``first_seat_points``."""
    known = sources(pack)
    rows: list[dict[str, Any]] = []
    for kind in KINDS:
        shares = tally.kinds.get(kind)
        if shares is None or not shares.plays:
            continue
        share = sum(shares.wins.values()) / sum(shares.plays.values())
        for side in sorted(shares.plays):
            row = share_row(side, shares.wins[side], shares.plays[side], share)
            row.update(kind=kind, fair=share, source=known.get((kind, side), "invented"))
            rows.append(row)
    for row, adjusted in zip(rows, stats.holm([r["p"] for r in rows]), strict=True):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < stats.ALPHA
    seats = tally.seats.rows(1 / tally.players) if tally.players else []
    first = _first_seat(seats, tally.players)
    off = [r for r in rows if r["significant"] and r["source"] == "invented"]
    held = {(r["kind"], r["name"]) for r in rows}
    return {
        "games": tally.games,
        "errors": tally.errors,
        "players": tally.players,
        "sides": rows,
        "seats": seats,
        "first_seat": first,
        "first_seat_limit": first_seat_points,
        "widest_seat": max((abs(r["rate"] - 1 / tally.players) * 100 for r in seats), default=0.0),
        "never_held": [{"kind": kind, "name": side} for kind, side in sorted(set(known) - held)],
        "invented_off": [r["name"] for r in off],
        "printed_off": [r["name"] for r in rows if r["significant"] and r["source"] != "invented"],
        # one seat (Starlight solo) has no seat order to judge
        "fair": not off and (first is None or abs(first["points"]) <= first_seat_points),
    }


def _first_seat(seats: list[dict[str, Any]], players: int) -> dict[str, Any] | None:
    """Seat 0's win rate less the fair share 1/players, in points, with its interval."""
    if not seats or players < 2:
        return None
    row = seats[0]
    fair = 1 / players
    return {
        "rate": row["rate"],
        "points": (row["rate"] - fair) * 100,
        "low": (row["low"] - fair) * 100,
        "high": (row["high"] - fair) * 100,
        "p": row["p"],
    }


def sentences(result: dict[str, Any], names: Mapping[str, str] | None = None) -> list[str]:
    """What a designer reads first about one batch: the verdict, then why."""
    names = names or {}
    players = result["players"]
    head = f"{players} players, {result['games']} games"
    lines = []
    first = result["first_seat"]
    off = [r for r in result["sides"] if r["significant"]]
    if result["fair"]:
        seat = (
            f"the first seat within {result['first_seat_limit']:g} points"
            if first is not None
            else "one seat: no seat order to judge"
        )
        lines.append(f"{head}: fair (no invented side significantly off its fair share, {seat}).")
    else:
        lines.append(f"{head}: NOT fair.")
    for row in off:
        label = _label(row, names)
        printed = " (printed: stays as printed)" if row["source"] != "invented" else ""
        lines.append(
            f"  {label}{printed} wins {row['rate']:.1%} of {row['games']} seats "
            f"(95% interval {row['low']:.1%}-{row['high']:.1%}; fair share {row['fair']:.1%}; "
            f"Holm-adjusted p {row['p_adjusted']:.2g})."
        )
    if first is not None:
        limit = result["first_seat_limit"]
        verdict = "within" if abs(first["points"]) <= limit else "outside"
        lines.append(
            f"  first seat: {first['points']:+.1f} points against the fair share "
            f"{1 / players:.1%} (95% interval {first['low']:+.1f} to {first['high']:+.1f}), "
            f"{verdict} {limit:g} points; the largest seat deviation is "
            f"{result['widest_seat']:.1f} points."
        )
        if _undecided(first, limit):
            lines.append(
                f"  the first seat's interval reaches both within and outside {limit:g} points: "
                f"at {result['games']} games the verdict on it may be chance; more games would "
                "tell (2,000 give about +-2 points)."
            )
    if result["never_held"]:
        lines.append(
            "  not judged, held by no seat (not dealt at this player count, or always passed "
            "up): " + ", ".join(_label(row, names) for row in result["never_held"]) + "."
        )
    return lines


def _undecided(first: dict[str, Any], limit: float) -> bool:
    """Whether the first seat's 95% interval holds both an advantage within ``limit`` points
    and one outside it: the point estimate's verdict is then not yet to be trusted (60 games
    judged -8.3 points "NOT fair" with an interval of -17.6 to +3.9)."""
    low, high = float(first["low"]), float(first["high"])
    reaches_inside = low <= limit and high >= -limit
    reaches_outside = low < -limit or high > limit
    return reaches_inside and reaches_outside


def _label(row: dict[str, Any], names: Mapping[str, str]) -> str:
    """``faction Iou'Nell``, ``achievement set 2``, ``god Helion the Tireless``."""
    return f"{row['kind']} {names.get(row['name'], row['name'])}"


def table(result: dict[str, Any], names: Mapping[str, str] | None = None) -> list[str]:
    """Every side of one batch as Markdown rows (the benchmark's table)."""
    names = names or {}
    lines = [
        "| side | source | seats | win rate (95% interval) | fair | Holm p |",
        "| --- | --- | ---: | --- | ---: | ---: |",
    ]
    for row in result["sides"]:
        mark = " ★" if row["significant"] else ""
        lines.append(
            f"| {_label(row, names)} | {row['source']} | {row['games']} | "
            f"{row['rate']:.1%} ({row['low']:.1%}-{row['high']:.1%}){mark} | "
            f"{row['fair']:.1%} | {row['p_adjusted']:.3g} |"
        )
    return lines
