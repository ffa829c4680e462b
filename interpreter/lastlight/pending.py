"""The ``as soon as`` conditions pending for a seat, indexed by the version stamps they read.

000 "Planetary Achievement": "Keep Hidden. Play immediately when you control 2 red planets";
000 "Graveyard": "As soon as you have 4 units in your graveyard, gain 1 light". So
``hooks.check_achievements`` looks at every pending condition after every step, decision
and verb of the rules (docs/rules-decisions.md E17). A condition is a pure function of the
domains it reads (``conditions.reads``), and every change to a domain renews its stamp and
names it in ``Versions.moved`` (``versions.py``). So a condition found false stays false
until a domain it reads moves: the check keeps those conditions in ``Versions.known_false``
and, at each check, drops from it only the conditions that read a domain that moved, found
through :attr:`Seat.readers`, and tests only the conditions not known false. A condition on
one seat's own things (``me``, ``cards``) reads that seat's domain keys, so a change to
another seat's resources leaves it alone.

A :class:`Seat` lists a seat's pending conditions once, and again only when its cards in
play (``versions.cards_changed``) or its kept achievement change, or one of its conditions
was met.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from whitedwarf.interpreter.lastlight import effects
from whitedwarf.interpreter.lastlight.conditions import reads
from whitedwarf.interpreter.lastlight.content import Runtime
from whitedwarf.interpreter.lastlight.records import Player
from whitedwarf.interpreter.lastlight.state import card_id
from whitedwarf.interpreter.lastlight.versions import PER_SEAT


class Key(NamedTuple):
    """A condition's key in ``Versions.known_false``."""

    #: The card instance whose clause it is (``"warp_drive#2"``).
    ref: str
    #: The clause's index in the card's effect.
    clause: int
    #: The seat it is pending for.
    seat: int


class Entry(NamedTuple):
    """A pending ``as soon as`` condition (a tuple: the check unpacks it in one step)."""

    key: Key
    #: The clause's index in the card's effect.
    clause: int
    #: The compiled condition (the effect machine's code).
    when: Any
    #: Its name in the player's ``once`` list (``"<ref>:<clause>"``).
    name: str
    #: The ``versions`` domain keys it reads (a domain, or ``(domain, seat)``), or None when
    #: it reads everything.
    domains: tuple[Any, ...] | None
    #: Whether its card is the kept planetary achievement (played, not run once).
    achievement: bool
    #: The card instance whose clause it is.
    ref: str


class Clause(NamedTuple):
    """An ``as_soon_as`` clause of a card, as listed for every seat that holds the card."""

    #: Its index in the card's effect.
    position: int
    #: The compiled condition.
    when: Any
    #: Its name in a ``once`` list (``"<ref>:<index>"``).
    name: str
    #: The domains it reads (``conditions.reads``), or None for everything.
    domains: tuple[str, ...] | None


class Seat:
    """A seat's pending ``as soon as`` conditions, in the order they are checked (the kept
    achievement, the faction, the techs in play in the order they came into play; each
    card's clauses in printed order), and which of them read each domain key."""

    __slots__ = ("achievement", "entries", "everything", "keys", "readers", "reads", "stale")

    def __init__(self, achievement: str | None, entries: tuple[Entry, ...]) -> None:
        #: The kept achievement these were listed with (another one lists them again).
        self.achievement = achievement
        self.entries = entries
        #: Domain key -> the keys of the conditions that read it.
        self.readers: dict[Any, list[Key]] = {}
        #: Every domain key some condition reads.
        self.reads: set[Any] = set()
        #: Whether some condition reads everything (never known false: always tested).
        self.everything = False
        #: The keys of every condition listed.
        self.keys = tuple(entry.key for entry in entries)
        #: Whether the seat's cards changed or a condition was met since (list them again).
        self.stale = False
        for entry in entries:
            domains = entry.domains
            if domains is None:
                self.everything = True
                continue
            for domain in domains:
                self.readers.setdefault(domain, []).append(entry.key)
            self.reads.update(domains)


def seat_pending(rt: Runtime, p: Player) -> Seat:
    """The pending ``as soon as`` conditions of a player (``p``, a player of the state):
    those of the kept achievement, and those of the faction and techs in play not yet run
    (their ``once`` list)."""
    seat = p["seat"]
    index = rt.as_soon_as
    done = p.get("once") or ()
    entries: list[Entry] = []
    refs = [(p["achievement"], True), (p["faction"], False)]
    refs += [(tech["ref"], False) for tech in p["techs"]]
    for ref, achievement in refs:
        if not ref:
            continue
        clauses = index.get(ref)
        if clauses is None:
            clauses = index[ref] = _clauses(rt, ref)
        for i, when, name, domains in clauses:
            if not achievement and name in done:
                continue
            keys = None if domains is None else _seat_keys(domains, seat)
            entries.append(Entry(Key(ref, i, seat), i, when, name, keys, achievement, ref))
    return Seat(p["achievement"], tuple(entries))


def _seat_keys(domains: tuple[str, ...], seat: int) -> tuple[Any, ...]:
    """The ``versions`` domain keys a condition reads as ``seat``."""
    return tuple((d, seat) if d in PER_SEAT else d for d in domains)


def _clauses(rt: Runtime, ref: str) -> tuple[Clause, ...]:
    """A card's ``as_soon_as`` clauses, memoised per content."""
    found = effects.card_effect(rt, card_id(ref))["clauses"]
    return tuple(
        Clause(i, c["when"], f"{ref}:{i}", reads(c["when"]))
        for i, c in enumerate(found)
        if c["form"] == "as_soon_as"
    )
