"""The report's numbers counted as records arrive: memory bounded by the pack, not the batch.

A :class:`Tally` keeps counts, sums and a histogram of game lengths (never the records), so
a batch of a million games is summarised in the memory of a batch of a thousand.
``Tally.add`` takes one record at a time, ``Tally.merge`` adds another tally (a batch run on
another machine, or another day), and ``Tally.summary`` gives the dict ``summary.json`` holds
(docs/simulate.md). Records added one by one in a batch's order give the very numbers the
same records gave when they were summarised as a list (tests/simulation/test_tally.py): the
sums of win shares are added in the same order.

A win is shared between tied winners (1/k each), so win rates add up to 1 per game. Every
rate has its 95% Wilson interval; win rates are tested against a fair share (1/players) with
the exact binomial test, and a tech's win rate when owned against when not owned with the
two-proportion z-test. p-values are corrected for the number of tests in the table: Holm for
the short tables (factions, seats, agents), Benjamini-Hochberg for the long one (techs).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.offers import Offers
from whitedwarf.interpreter.simulation.records import held_card
from whitedwarf.interpreter.simulation.summary import achievement_tests, sentences

Record = dict[str, Any]

BINOMIAL = "exact binomial test against a fair share, Holm-corrected"
OWNED = (
    "two-proportion z-test (owned vs not owned; Fisher's exact test where a cell expects under 5), "
    "Benjamini-Hochberg-corrected"
)


def win_shares(record: Record) -> list[float]:
    """Each seat's share of the win (1/k for k tied winners)."""
    shares = [0.0] * record["players"]
    for seat in record["winners"]:
        shares[seat] = 1 / len(record["winners"])
    return shares


def _add_counts(mine: Counter[Any], theirs: Counter[Any]) -> None:
    """Add ``theirs`` into ``mine`` keeping every key (``Counter.update`` keeps zeros too,
    ``+=`` would drop them)."""
    mine.update(theirs)


def _add_sums(mine: defaultdict[str, float], theirs: dict[str, float]) -> None:
    for name, value in theirs.items():
        mine[name] += value


class Shares:
    """Win shares per group (faction, seat, agent, a kept card): seat-games and wins."""

    def __init__(self) -> None:
        self.plays: Counter[str] = Counter()
        self.wins: defaultdict[str, float] = defaultdict(float)

    def add(self, name: str | None, share: float) -> None:
        """One seat of one game, in the group ``name`` (None: in no group, not counted)."""
        if name is not None:
            self.plays[name] += 1
            self.wins[name] += share

    def merge(self, other: Shares) -> None:
        _add_counts(self.plays, other.plays)
        _add_sums(self.wins, other.wins)

    def rows(self, fair: float) -> list[dict[str, Any]]:
        """Win rate per group with interval and a binomial test against ``fair``, Holm."""
        rows = [
            share_row(name, self.wins[name], self.plays[name], fair) for name in sorted(self.plays)
        ]
        for row, adjusted in zip(rows, stats.holm([r["p"] for r in rows]), strict=True):
            row["p_adjusted"] = adjusted
            row["significant"] = adjusted < stats.ALPHA
            row["test"] = BINOMIAL
        return rows


def share_row(name: str, wins: float, plays: int, fair: float) -> dict[str, Any]:
    """One group's win rate, its Wilson interval and binomial p-value against ``fair``."""
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


class Sources:
    """Mean light (or points) per seat-game by source, for everyone and for winners."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.everyone: Counter[str] = Counter()
        self.winners: Counter[str] = Counter()
        self.seats = self.winning_seats = 0

    def add(self, record: Record) -> None:
        for seat, sources in enumerate(record.get(self.key, [])):
            if not sources:
                continue
            self.seats += 1
            self.everyone.update(sources)
            if seat in record["winners"]:
                self.winning_seats += 1
                self.winners.update(sources)

    def merge(self, other: Sources) -> None:
        _add_counts(self.everyone, other.everyone)
        _add_counts(self.winners, other.winners)
        self.seats += other.seats
        self.winning_seats += other.winning_seats

    def table(self) -> dict[str, Any]:
        if not self.seats:
            return {"available": False}
        names = sorted(self.everyone, key=lambda s: (-self.everyone[s], s))
        won = self.winning_seats
        return {
            "available": True,
            "all": {s: self.everyone[s] / self.seats for s in names},
            "winners": {s: self.winners[s] / won if won else 0.0 for s in names},
        }


class Points:
    """Mean points per seat-game and the result's other per-seat numbers (a result game)."""

    def __init__(self) -> None:
        self.totals: Counter[str] = Counter()
        self.winners: Counter[str] = Counter()
        self.seats = self.winning_seats = 0

    def add(self, record: Record) -> None:
        for seat, score in enumerate(record.get("points", [])):
            numbers = {"points": score} | {k: v[seat] for k, v in record.get("scores", {}).items()}
            self.seats += 1
            self.totals.update(numbers)
            if seat in record["winners"]:
                self.winning_seats += 1
                self.winners.update(numbers)

    def merge(self, other: Points) -> None:
        _add_counts(self.totals, other.totals)
        _add_counts(self.winners, other.winners)
        self.seats += other.seats
        self.winning_seats += other.winning_seats

    def table(self) -> dict[str, Any]:
        names = ["points", *sorted(n for n in self.totals if n != "points")]
        seats, won = self.seats, self.winning_seats
        return {
            "all": {n: self.totals[n] / seats if seats else 0.0 for n in names},
            "winners": {n: self.winners[n] / won if won else 0.0 for n in names},
        }


class Picks:
    """One kind of card dealt to keep one of (Starlight's gods): offers, keeps, keepers' wins."""

    def __init__(self) -> None:
        self.offered: Counter[str] = Counter()
        self.kept: Counter[str] = Counter()
        self.keepers = Shares()
        #: All the seats that held a card of this kind, and their wins: a card's fair share.
        self.seats = 0
        self.wins = 0.0

    def add(self, entries: list[dict[str, Any]], shares: list[float]) -> None:
        """One game's picks (``records.picks``): the deals and keeps of the seats that chose
        (a seat given a card of the kind chose nothing: ``records.mark_given``), and the
        win share of every seat for the card it held, however it came."""
        for entry in entries:
            if entry.get("given"):
                continue
            self.offered.update(entry["offered"])
            if entry["kept"] is not None:
                self.kept[entry["kept"]] += 1
        for seat, share in enumerate(shares):
            card = held_card(entries[seat]) if seat < len(entries) else None
            self.keepers.add(card, share)
            if card is not None:
                self.seats += 1
                self.wins += share

    def merge(self, other: Picks) -> None:
        _add_counts(self.offered, other.offered)
        _add_counts(self.kept, other.kept)
        self.keepers.merge(other.keepers)
        self.seats += other.seats
        self.wins += other.wins

    def fair(self) -> float:
        """The win rate of all the seats that held a card of this kind, kept or given
        (docs/simulate.md S16)."""
        return self.wins / self.seats if self.seats else 0.0

    def table(self) -> list[dict[str, Any]]:
        """Per card: its pick rate when offered, and its keepers' win rate against the fair."""
        fair = self.fair()
        wins = {row["name"]: row for row in self.keepers.rows(fair)}
        rows = []
        for name in sorted({*self.offered, *self.keepers.plays}):
            offered = self.offered[name]
            low, high = stats.wilson(self.kept[name], offered) if offered else (None, None)
            row = wins.get(name) or _never_kept(name, fair)
            rows.append(
                {
                    **row,
                    "offered": offered,
                    "kept": self.kept[name],
                    # A card only ever given (never dealt to a seat that chose) has no rate.
                    "pick_rate": self.kept[name] / offered if offered else None,
                    "pick_low": low,
                    "pick_high": high,
                }
            )
        return rows


def _never_kept(name: str, fair: float) -> dict[str, Any]:
    """The win-rate row of a card nobody kept: no games, nothing to test."""
    row = share_row(name, 0.0, 0, fair)
    return {**row, "p_adjusted": 1.0, "significant": False, "test": BINOMIAL}


class Techs:
    """Per tech (Last Light): seat-games that drew, kept, built and owned it; copies; wins."""

    def __init__(self) -> None:
        self.counts: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.copies: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.owned_wins: defaultdict[str, float] = defaultdict(float)
        self.seat_games = 0
        self.total_wins = 0.0

    def add(self, record: Record, shares: list[float]) -> None:
        for seat, tech in enumerate(record.get("techs", [])):
            self.seat_games += 1
            self.total_wins += shares[seat]
            for what in ("drawn", "kept", "built"):
                for cid, n in tech.get(what, {}).items():
                    self.counts[cid][what] += 1
                    self.copies[cid][what] += n
            for cid in set(tech["in_play"]):
                self.counts[cid]["owned"] += 1
                self.owned_wins[cid] += shares[seat]

    def merge(self, other: Techs) -> None:
        for cid in other.counts:
            _add_counts(self.counts[cid], other.counts[cid])
            _add_counts(self.copies[cid], other.copies[cid])
        _add_sums(self.owned_wins, other.owned_wins)
        self.seat_games += other.seat_games
        self.total_wins += other.total_wins

    def table(self) -> list[dict[str, Any]]:
        """The techs table, by name, its owners' win rate tested (Benjamini-Hochberg).

        The family is the techs that were tested: a tech no player owned at the end (or every
        player did) has nothing to compare and counts as no test (``p`` 1, ``p_adjusted``
        1); counted, it made every other tech's correction stricter (68 tests for 66)."""
        rows = sorted((self._row(cid) for cid in self.counts), key=lambda r: r["name"])
        tested = [r for r in rows if 0 < r["owned_games"] < self.seat_games]
        p_values = stats.benjamini_hochberg([r["p"] for r in tested])
        adjusted_by_name = {r["name"]: a for r, a in zip(tested, p_values, strict=True)}
        for row in rows:
            row["p_adjusted"] = adjusted_by_name.get(row["name"], 1.0)
            row["significant"] = row["p_adjusted"] < stats.ALPHA
            row["test"] = OWNED
        return rows

    def _row(self, cid: str) -> dict[str, Any]:
        count, copies, seat_games = self.counts[cid], self.copies[cid], self.seat_games
        owned, owned_wins = count["owned"], self.owned_wins[cid]
        not_owned = seat_games - owned
        other_wins = self.total_wins - owned_wins
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


class Gifts:
    """The cards ``simulate --give`` put in play (each record's ``gifts``): in how many games
    each seat was given each card, and from which round, so the report says its batch was not
    a plain deal."""

    def __init__(self) -> None:
        self.games: Counter[tuple[int, str]] = Counter()
        self.first_round: dict[tuple[int, str], int] = {}

    def add(self, record: Record) -> None:
        for gift in record.get("gifts", []):
            key = (gift["seat"], gift["card"])
            self.games[key] += 1
            # round 0 is the setup (a faction dealt): the start, as round 1
            when = max(1, gift["round"])
            self.first_round[key] = min(self.first_round.get(key, when), when)

    def merge(self, other: Gifts) -> None:
        _add_counts(self.games, other.games)
        for key, when in other.first_round.items():
            self.first_round[key] = min(self.first_round.get(key, when), when)

    def table(self) -> list[dict[str, Any]]:
        """A row per seat and card given: ``seat``, ``card``, ``round`` (the first round it
        was given in: 1 is the start) and ``games`` (how many games it was given in)."""
        return [
            {"seat": seat, "card": card, "round": self.first_round[seat, card], "games": n}
            for (seat, card), n in sorted(self.games.items())
        ]


def rounds_table(histogram: Counter[int]) -> dict[str, Any]:
    """Game length from its histogram: distribution, mean, median and range (the median is
    ``statistics.median``'s: the middle length, or the mean of the two middle ones)."""
    n = sum(histogram.values())
    if not n:
        return {"histogram": {}, "mean": 0, "median": 0, "min": 0, "max": 0}
    lengths = sorted(histogram)
    total = sum(length * count for length, count in histogram.items())
    middle = (_nth(histogram, lengths, n // 2 - 1) + _nth(histogram, lengths, n // 2)) / 2
    return {
        "histogram": {str(k): histogram[k] for k in lengths},
        "mean": float(total) / n,  # statistics.fmean's division, to the last bit
        "median": _nth(histogram, lengths, n // 2) if n % 2 else middle,
        "min": lengths[0],
        "max": lengths[-1],
    }


def _nth(histogram: Counter[int], lengths: list[int], position: int) -> int:
    """The length at ``position`` (from 0) of the sorted lengths the histogram counts."""
    seen = 0
    for length in lengths:
        seen += histogram[length]
        if position < seen:
            return length
    return lengths[-1]


class Tally:
    """The counts a balance report is made of, added to one record at a time."""

    def __init__(self) -> None:
        self.records = 0  # every record, a game stopped by an error too
        self.games = 0
        #: Games an engine error stopped, kept whole: each is a bug to read, and few.
        self.errors: list[Record] = []
        self.players = 0
        self.lineup: tuple[str, ...] | None = None
        self.one_lineup = True
        self.result_batch = False
        self.seats = Shares()
        self.agents = Shares()
        self.factions = Shares()
        self.lengths: Counter[int] = Counter()
        self.reasons: Counter[Any] = Counter()
        self.points = Points()
        self.point_sources = Sources("sources")
        self.picks: dict[str, Picks] = {}
        self.light = Sources("light_by_source")
        self.techs = Techs()
        self.offers = Offers()
        self.kept: Counter[str] = Counter()
        self.done: Counter[str] = Counter()
        self.explored: Counter[str] = Counter()
        self.revealed: Counter[str] = Counter()
        self.gifts = Gifts()

    @classmethod
    def of(cls, records: Iterable[Record]) -> Tally:
        """The tally of ``records``, added in order."""
        tally = cls()
        for record in records:
            tally.add(record)
        return tally

    def add(self, record: Record) -> None:
        """Count one game's record (a game stopped by an error is kept apart)."""
        self.records += 1
        if "error" in record:
            self.errors.append(record)
            return
        if not self.games:
            self.players = record["players"]
        self.games += 1
        lineup = tuple(record["agents"])
        if self.lineup is None:
            self.lineup = lineup
        elif lineup != self.lineup:
            self.one_lineup = False
        self.result_batch = self.result_batch or "points" in record
        shares = win_shares(record)
        for seat in range(record["players"]):
            self.seats.add(f"seat {seat}", shares[seat])
        for seat in range(record["players"]):
            self.agents.add(record["agents"][seat], shares[seat])
        self.lengths[record["rounds"]] += 1
        self.reasons[record["reason"]] += 1
        self._add_result(record, shares)
        self._add_last_light(record, shares)
        self.offers.add(record)
        self.gifts.add(record)

    def _add_result(self, record: Record, shares: list[float]) -> None:
        """A result game's numbers (records.py ``result_record``: Starlight)."""
        self.points.add(record)
        self.point_sources.add(record)
        for kind, entries in record.get("picks", {}).items():
            self.picks.setdefault(kind, Picks()).add(entries, shares)

    def _add_last_light(self, record: Record, shares: list[float]) -> None:
        """Last Light's own numbers: factions, light, techs, achievements, tokens."""
        if "factions" in record:
            for seat in range(record["players"]):
                self.factions.add(record["factions"][seat], shares[seat])
        self.light.add(record)
        self.techs.add(record, shares)
        for entry in record.get("achievements", []):
            for cid in entry["done"]:
                self.done[cid] += 1
                self.kept[cid] += 1
            if entry["kept"]:
                self.kept[entry["kept"]] += 1
        self.explored.update(record.get("explored", []))
        self.revealed.update(record.get("revealed", []))

    def merge(self, other: Tally) -> None:
        """Add the counts of ``other`` (records that come after this tally's)."""
        if not self.games:
            self.players = other.players
        self.records += other.records
        self.games += other.games
        self.errors += other.errors
        if self.lineup is None:
            self.lineup = other.lineup
        one = other.lineup is None or other.lineup == self.lineup
        self.one_lineup = self.one_lineup and other.one_lineup and one
        self.result_batch = self.result_batch or other.result_batch
        for mine, theirs in (
            (self.seats, other.seats),
            (self.agents, other.agents),
            (self.factions, other.factions),
        ):
            mine.merge(theirs)
        for counts, more in (
            (self.lengths, other.lengths),
            (self.reasons, other.reasons),
            (self.kept, other.kept),
            (self.done, other.done),
            (self.explored, other.explored),
            (self.revealed, other.revealed),
        ):
            _add_counts(counts, more)
        self.points.merge(other.points)
        self.point_sources.merge(other.point_sources)
        for kind, picks in other.picks.items():
            self.picks.setdefault(kind, Picks()).merge(picks)
        self.light.merge(other.light)
        self.techs.merge(other.techs)
        self.offers.merge(other.offers)
        self.gifts.merge(other.gifts)

    def summary(self) -> dict[str, Any]:
        """The report's numbers (the layout of ``summary.json``, docs/simulate.md): what every
        game has (win rates per seat and agent, length, why games ended), then what the game
        played has: Last Light's factions, light, techs, achievements and tokens, or a game's
        points and picked cards, from its result (Starlight). A batch with no finished game
        has only the first."""
        players = self.players
        fair = 1 / players if players else 0.0
        summary: dict[str, Any] = {
            "games": self.games,
            "errors": list(self.errors),
            "players": players,
            "fair_share": fair,
            "seats": self.seats.rows(fair),
            "agents": self.agents.rows(fair),
            "rounds": rounds_table(self.lengths),
            "reasons": dict(self.reasons),
        }
        lineup = self.lineup if self.one_lineup else None
        summary["seat_agents"] = list(lineup) if lineup and len(set(lineup)) > 1 else None
        if self.result_batch:
            summary.update(self._result_parts())
        elif self.games:
            summary.update(self._last_light_parts(fair))
        drawn = [row["name"] for row in summary.get("techs", [])]  # Last Light's techs
        offers = self.offers.table({"make": drawn} if drawn else None)
        if offers is not None:  # the chances to play each card (offers.py)
            summary["offers"] = offers
            summary["offer_seat_games"] = self.offers.seat_games
        if self.gifts.games:  # a batch with --give: said first, since it is not a deal
            summary["gifts"] = self.gifts.table()
        summary["first_player"] = next(
            (row for row in summary["seats"] if row["name"] == "seat 0"), None
        )
        summary["sentences"] = sentences(summary)
        return summary

    def _result_parts(self) -> dict[str, Any]:
        """A result game's tables (Starlight): mean points and their parts, points by source,
        and per kind of card dealt to keep one (Starlight's gods), its pick and win rates,
        each against the win rate of all seats that kept one (``pick_fair``)."""
        kinds = sorted(self.picks)
        return {
            "points": self.points.table(),
            "pick_fair": {kind: self.picks[kind].fair() for kind in kinds},
            "picks": {kind: self.picks[kind].table() for kind in kinds},
            "point_sources": self.point_sources.table(),
        }

    def _last_light_parts(self, fair: float) -> dict[str, Any]:
        """Last Light's own tables: factions, light by source, techs, achievements, tokens."""
        names = sorted(set(self.explored) | set(self.revealed))
        n = self.games or 1
        return {
            "factions": self.factions.rows(fair),
            "light_sources": self.light.table(),
            "techs": self.techs.table(),
            "achievements": achievement_tests(
                [
                    {
                        "name": c,
                        "kept": self.kept[c],
                        "done": self.done[c],
                        "rate": self.done[c] / self.kept[c],
                    }
                    for c in sorted(self.kept)
                ]
            ),
            "exploration": [
                {
                    "name": t,
                    "explored": self.explored[t],
                    "revealed": self.revealed[t],
                    "per_game": (self.explored[t] + self.revealed[t]) / n,
                }
                for t in names
            ],
        }


def summarise(records: Iterable[Record]) -> dict[str, Any]:
    """The report's numbers (the layout of ``summary.json``, docs/simulate.md), counted from
    ``records`` one at a time by a :class:`Tally`
    (a batch's records are streamed from its file, never all held at once)."""
    return Tally.of(records).summary()
