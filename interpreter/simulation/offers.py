"""How often agents had the chance to play a card, and took it: "weak" apart from "unplayed".

A card rarely built may be weak, or the agents may never have been able to build it, or they
may have passed it up although it helps (a bot's valuation is only a guess). The record of a
game therefore counts, for each seat and card, the decisions in which an option naming the
card was offered and those in which the agent chose it, by the option's verb
(:data:`PLAYING`; Last Light: ``make`` a tech, ``use`` an activated one, ``build``,
``faction`` and ``achievement`` to keep; Starlight: ``god``, a Flare or a Core by name).
An option names a card when its id is ``verb:card`` or ``verb:card#copy`` with ``card`` a
card of the pack, or names a place of a pool holding one (Starlight's ``flare:0``: the card
in ``state["pools"]["flares"][0]``).

The report then flags, for each card and verb:

* **few chances**: offered to fewer than :data:`FEW_CHANCES` of the seat-games (and fewer
  than :data:`FEWEST` seat-games): how often it was played says little about it;
* **passed up**: offered in at least :data:`FEWEST` seat-games but chosen in fewer than
  :data:`PASSED_UP` of them: the agents judge it poor, which is a finding about the card
  *or* the agents (``simulate --give`` and ``--ablate`` tell which).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.bots import Bot
from whitedwarf.interpreter.contract import Option

Record = dict[str, Any]

#: The verbs of options that play a card or keep it for its holder, the ones counted (a
#: ``discard`` choosing what to give up is not: the records' ``kept`` counts say that).
PLAYING = ("make", "use", "build", "god", "faction", "achievement", "flare", "core", "boon")

#: Seat-games offered a card's option below which it has had too few chances (a share).
FEW_CHANCES = 0.05
#: ... and in absolute numbers: at least this many seat-games to judge a card by its play.
FEWEST = 20
#: Chosen in fewer than this share of the seat-games it was offered in: passed up.
PASSED_UP = 0.10


class Watcher:
    """Counts, for one game, the options naming a card offered to each seat and chosen;
    :meth:`seat` wraps a seat's bot (the bot sees exactly what it saw before)."""

    def __init__(self, cards: Collection[str], seats: int) -> None:
        self.cards = frozenset(cards)
        # seat -> card -> verb -> [decisions offered, decisions chosen]
        self.counts: list[dict[str, dict[str, list[int]]]] = [{} for _ in range(seats)]

    def seat(self, bot: Bot) -> Bot:
        """``bot`` with each of its decisions counted."""
        return _Watched(bot, self)

    def saw(self, seat: int, options: Sequence[Option], chosen: str, state: Any = None) -> None:
        """One decision of ``seat``: the ``options`` offered and the id ``chosen`` (``state``:
        where an option names a place in a pool, the card there)."""
        if seat >= len(self.counts):
            return
        mine = self.counts[seat]
        for option in options:
            oid = option.id if hasattr(option, "id") else str(option)
            verb, colon, target = oid.partition(":")
            if not colon or verb not in PLAYING:
                continue
            card = _in_pool(state, verb, target) or target.partition("#")[0]
            if card not in self.cards:
                continue
            entry = mine.setdefault(card, {}).setdefault(verb, [0, 0])
            entry[0] += 1
            entry[1] += oid == chosen

    def record(self) -> list[dict[str, dict[str, list[int]]]]:
        """The counts, for the game's record (``offers``)."""
        return self.counts


def _in_pool(state: Any, verb: str, target: str) -> str | None:
    """The card at place ``target`` of the pool of ``verb``s (Starlight's ``flare:0``: the
    Flare pool's cheapest place), or None when the option names no place of a pool."""
    if not target.isdigit() or not isinstance(state, dict):
        return None
    pools = state.get("pools")
    pool = pools.get(f"{verb}s") if isinstance(pools, dict) else None
    if not isinstance(pool, list) or int(target) >= len(pool):
        return None
    card = pool[int(target)]
    return card if isinstance(card, str) else None


class _Watched:
    def __init__(self, bot: Bot, watcher: Watcher) -> None:
        self.bot, self.watcher = bot, watcher

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def choose(self, state: Any, seat: int, options: Sequence[Option]) -> str:
        chosen = self.bot.choose(state, seat, options)
        self.watcher.saw(seat, options, chosen, state)
        return chosen


class Offers:
    """The ``offers`` of a batch's records: per card and verb, the seat-games in which it was
    offered and those in which it was chosen (at least once), and the decisions."""

    def __init__(self) -> None:
        # card -> verb -> [seat-games offered, seat-games chosen, decisions, chosen]
        self.counts: defaultdict[str, dict[str, list[int]]] = defaultdict(dict)
        self.seat_games = 0
        self.recorded = False

    def add(self, record: Record) -> None:
        seats = record.get("offers")
        if seats is None:
            return
        self.recorded = True
        self.seat_games += len(seats)
        for by_card in seats:
            for card, by_verb in by_card.items():
                for verb, (offered, chosen) in by_verb.items():
                    entry = self.counts[card].setdefault(verb, [0, 0, 0, 0])
                    entry[0] += offered > 0
                    entry[1] += chosen > 0
                    entry[2] += offered
                    entry[3] += chosen

    def merge(self, other: Offers) -> None:
        self.seat_games += other.seat_games
        self.recorded = self.recorded or other.recorded
        for card, by_verb in other.counts.items():
            for verb, numbers in by_verb.items():
                entry = self.counts[card].setdefault(verb, [0, 0, 0, 0])
                for i, n in enumerate(numbers):
                    entry[i] += n

    def table(self, known: dict[str, list[str]] | None = None) -> list[dict[str, Any]] | None:
        """A row per card and verb, sorted, with its flag (``few chances``, ``passed up`` or
        None); None when the records keep no offers (a batch played before they did).
        ``known``: cards by verb that get a row though never offered (Last Light's techs
        drawn, for ``make``: a tech no one could ever build is the first to flag)."""
        if not self.recorded:
            return None
        counts = {card: dict(by_verb) for card, by_verb in self.counts.items()}
        for verb, cards in (known or {}).items():
            for card in cards:
                counts.setdefault(card, {}).setdefault(verb, [0, 0, 0, 0])
        rows = []
        for card in sorted(counts):
            for verb in sorted(counts[card]):
                offered, chosen, decisions, taken = counts[card][verb]
                rows.append(
                    {
                        "name": card,
                        "verb": verb,
                        "offered": offered,
                        "chosen": chosen,
                        "chance": offered / self.seat_games if self.seat_games else 0.0,
                        "take_rate": chosen / offered if offered else None,
                        "decisions": decisions,
                        "decisions_chosen": taken,
                        "flag": flag(offered, chosen, self.seat_games, verb),
                    }
                )
        return rows


def flag(offered: int, chosen: int, seat_games: int, verb: str) -> str | None:
    """``few chances``, ``passed up`` or None (see the module's docstring)."""
    if offered < FEWEST and offered < FEW_CHANCES * seat_games:
        return "few chances"
    if offered >= FEWEST and chosen < PASSED_UP * offered:
        return "passed up"
    return None


def offer_sentences(
    rows: list[dict[str, Any]] | None, seat_games: int, names: dict[str, str] | None = None
) -> list[str]:
    """What the offers say about the cards rarely played: a sentence for the cards the agents
    seldom had the chance to play, one for those they passed up."""
    if not rows:
        return []
    named = names or {}
    out = []
    few = [r for r in rows if r["flag"] == "few chances"]
    passed = [r for r in rows if r["flag"] == "passed up"]
    if few:
        listed = ", ".join(
            f"{named.get(r['name'], r['name'])} ({r['verb']}: {r['offered']})" for r in few[:6]
        )
        more = f" and {len(few) - 6} more" if len(few) > 6 else ""
        out.append(
            f"Unplayed, not weak: agents seldom had the chance to play {listed}{more} "
            f"(seat-games offered, of {seat_games}); their numbers say little."
        )
    if passed:
        listed = ", ".join(
            f"{named.get(r['name'], r['name'])} ({r['verb']}: {r['chosen']} of "
            f"{counted(r['offered'], 'chance')})"
            for r in passed[:6]
        )
        more = f" and {len(passed) - 6} more" if len(passed) > 6 else ""
        out.append(
            f"Passed up: the agents seldom took {listed}{more} though offered; weak, or "
            "misjudged by the agents (simulate --give and --ablate tell which)."
        )
    return out
