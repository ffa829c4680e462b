"""Starlight's observation vector read from the state itself, making again only what changed
(issue 27: the environment's speed with the vector, BENCHMARKS.md "RL environment").

:meth:`StarlightSpec.encode <.spec.StarlightSpec.encode>` is the reference; this encoder gives
the same vector (``tests/rl`` compares the two for every seat at every decision of whole
games). Starlight's state has no version stamps, so what changed is found by comparing what
is read now (in C: ``itemgetter``, the lists and dicts themselves) with copies kept
of what was read last, copied again only when it changed:

* the vector is its blocks joined in C, copied into an array nobody else holds (a new one,
  or one handed out before and dropped since: ``whitedwarf/rl/recycle.py``; the agent may
  keep the arrays it is given): the global and whose-turn numbers, kept by what they show;
  the pools and bags (the same for every seat), kept with their contents, each pool's part
  and each bag's made again apart; the slots and accolades blocks per seat, kept with the
  version of the table they show (renewed when a seat's stars or accolades list changes,
  which the rows compare anyway: a slot's or an accolade's owner is written only beside
  them), and the own block per seat, kept with what it shows; the seats block, each
  seat's row in turn from the seat's own;
* a seat's row is made once for every seat, kept with what it reads (its scalars, and
  copies of its lists of cards, rays, stars ...): only the rows whose reads differ from
  their snapshots are made again (the numbers or the held cards, whichever changed); a row
  with its god shown is a copy of it with the god set, made when the row or the god changes
  (another seat's god is hidden until every seat has kept one: ``persist.observation``).

Every number is the float64 the reference works out, rounded once to float32 as it is
stored (``array("f")``), as numpy's ``astype(np.float32)`` rounds it; the sums (rays by
eighths and quarters, cards by ones) are exact in both.
"""

from __future__ import annotations

from array import array
from collections import Counter
from functools import cache
from itertools import count
from operator import itemgetter, methodcaller
from sys import getrefcount
from typing import TYPE_CHECKING, Any

import numpy as np
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.rl.recycle import FREE, Pool

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.rl.spec import StarlightSpec

#: numpy reads a dtype given as an object, by position, a microsecond sooner than by name.
_FLOAT32 = np.dtype(np.float32)

#: A seat's first numbers in its row, before its marker (:meth:`StateEncoder._numbers`; the
#: last, the AP waiting for its next turn, is read apart from :data:`_READS`).
NUMBERS = 11
#: Where in a seat's row the AP waiting for its next turn is (SL155).
_WAITING_AT = NUMBERS - 1

#: What a seat's row reads: its scalars (compared as they are), then the four lists it
#: shows by size (the first part of its row with the scalars) and the cards, rays,
#: privileges and aspects it holds, by content (the rest; compared with the copies kept: no
#: copy is made while they are the same), then the accolades it won (not in its row: read
#: to know when the accolades block may have changed, see :meth:`StateEncoder.observe`),
#: then its god.
_SCALAR_KEYS = ("kind", "ap", "saved", "night", "day", "turns", "marker")
_LIST_KEYS = (
    "flares", "laurels", "stars", "used_flares", "cores", "rays", "privileges", "aspects",
    "accolades",
)  # fmt: skip
_SCALARS = itemgetter(*_SCALAR_KEYS)
_SHOWN_LISTS = itemgetter(*_LIST_KEYS[:-1])
#: All of it in one call (one compare with what a row was made from, most steps equal).
_READS = itemgetter(*_SCALAR_KEYS, *_LIST_KEYS, "god")
#: How many of the lists are shown by size (the rest are the cards held, then the
#: accolades won).
_SIZED = 4
#: Where, in what :data:`_READS` reads, the lists start, the held cards end and the god is.
_LISTED = len(_SCALAR_KEYS)
_GOD = _LISTED + len(_LIST_KEYS)
#: Where, among the lists, the cards held end, and the stars (slot ids) and accolades are:
#: a change of either may change the table (the slots' and accolades' owners).
_HELD_END = _LIST_KEYS.index("accolades")
_STARS = _LIST_KEYS.index("stars")
_WON = _LIST_KEYS.index("accolades")
#: A list's or a dict's copy (kept, to compare the next read with).
_COPY = methodcaller("copy")
_OWN = itemgetter("laurels", "flares", "used_flares")
#: The pools' and bags' lists (a missing one read as an empty list).
_NONE: list[Any] = []
#: What the global and turn blocks read of the state (with the decks' sizes, the seat and
#: whether it is asked: :meth:`StateEncoder.observe`'s key).
_HEAD = itemgetter("round", "phase", "daybreak", "last_round", "turn")
#: The pools and the bags, in :meth:`StateEncoder._supply_block`'s order.
_POOLS = itemgetter("long", "short", "cores", "flares")
_BAGS = itemgetter("long", "short")
#: Versions of the rows' lists, unique in the process (0: none made yet).
_MADE = count(1)
#: How many global-and-turn blocks are kept at most (then forgotten, all at once).
_KEEP = 4096


def _zeros(size: int) -> array[float]:
    return array("f", bytes(4 * size))


class StateEncoder:
    """The observation vector of a seat, read from a Starlight state (see the module)."""

    def __init__(self, spec: StarlightSpec) -> None:
        self.spec = spec
        n, off = spec.n, spec.layout.offset
        self.n = n
        self.size = spec.layout.size
        self._off = off
        self._nr = len(spec.rays)
        assert off["global"] == 0
        self._pools_at = off["pools"]
        #: the global and turn blocks: zeros to start them from; the blocks by what they
        #: show (:meth:`_head_of`: a few hundred a game, each shown again and again)
        self._head = _zeros(off["pools"])
        self._heads: dict[tuple[Any, ...], array[float]] = {}
        #: the divisors of the decks' sizes (the reference's ``max(1, ...)``)
        self._ncores, self._nflares = max(1, len(spec.cores)), max(1, len(spec.flares))
        #: each phase's place in the global block, and the asked flag's
        self._phase_at = {p: 5 + i for p, i in spec._phase.items()}
        self._asked_at = 5 + len(spec._phase)
        #: seat -> the place of each seat's turn, seen from it
        self._turn_at = [[off["turn"] + r for r in spec._rels[s]] for s in range(n)]
        #: a god -> itself, for the gods the layout names (any other shows none)
        self._shown_god: dict[Any, str] = {g: g for g in spec.gods}
        #: the vector's parts joined into one buffer (one C call), then copied into an
        #: array of the pool
        self._join = bytearray().join
        self._arrays = Pool(self.size, _FLOAT32)
        self._width = spec._width
        #: where a seat's god goes in its row
        self._god_at = self._width - len(spec.gods)
        #: zeros to start a row's parts from
        self._no_marker = _zeros(spec.spaces)
        self._no_held = _zeros(self._god_at - NUMBERS - spec.spaces)
        #: seat -> its row (no god), what it was made from (:data:`_READS`, its lists
        #: copied), those copies alone, and its row as shown (with its god, if any shown: a
        #: copy)
        self._rows = [_zeros(self._width) for _ in range(n)]
        self._reads: list[Any] = [None] * n
        #: seat -> what its row was made from after its scalars (its lists' copies, its god)
        self._rests: list[Any] = [None] * n
        #: seat -> the AP waiting for its next turn its row shows (SL155)
        self._waits: list[int] = [0] * n
        self._lists: list[Any] = [None] * n
        self._shown: list[array[float]] = list(self._rows)
        #: copies of the pools and the bags (:meth:`_supply_blocks`), and their blocks' six
        #: parts then, and the parts joined, the same for every seat
        self._supply_seen: tuple[Any, ...] = ()
        self._supply_parts: list[array[float]] = [_zeros(0)] * 6
        self._supply_joined = bytearray()
        #: the state observed last (held: a new one is another game, or a save or branch)
        #: and the version of its table (slots' and accolades' owners: :meth:`observe`),
        #: renewed when a seat's stars or accolades change (unique in the process)
        self._state: Any = None
        self._table = next(_MADE)
        #: seat -> (the table's version its slots and accolades blocks show, the blocks)
        self._table_blocks: list[Any] = [None] * n
        #: seat -> (what its own block was made from ..., the block)
        self._own_blocks: list[Any] = [None] * n
        #: seat -> the version of its row's lists shown by size (flares, laurels, stars,
        #: used flares: new at each change of them, unique in the process), which its own
        #: block is kept with
        self._lists_made = [0] * n

    def observe(self, state: State, seat: int, asked: bool) -> np.ndarray:
        """``seat``'s vector (float32), equal to ``spec.encode(state, seat, asked, whole=True)``."""
        # the global and turn blocks, kept by what they show
        try:  # (read in C; a state without the keys read with ``get`` shows none)
            key = (
                *_HEAD(state), len(state["core_deck"]), len(state["flare_deck"]), seat, asked
            )  # fmt: skip
        except KeyError:
            key = (
                state["round"],
                state["phase"],
                state.get("daybreak"),
                state.get("last_round"),
                state.get("turn"),
                len(state["core_deck"]),
                len(state["flare_deck"]),
                seat,
                asked,
            )
        phase = key[1]
        top = self._heads.get(key)
        if top is None:
            top = self._head_of(key)
        players = state["players"]
        shown = self._refresh_rows(players)  # (first: it renews the table's version)
        if state is not self._state:  # (another game, or a save or branch of one)
            self._state = state
            self._table = next(_MADE)
        # the slots and accolades blocks, made again only at a new version of the table: a
        # slot's or an accolade's owner is written only beside the seat's own list of them
        # (its stars, its accolades: ``launch.py``, ``starbots.py``, ``goals.py``,
        # ``scenario.py``), which the rows compare at every observation anyway
        # (``tests/rl/test_incremental_vector.py`` audits it at every decision)
        table = self._table_blocks[seat]
        if table is None or table[0] != self._table:
            table = self._table_of(state, seat)
        parts: list[Any] = [top, self._supply_blocks(state), table[1]]
        if phase == "gods":  # another seat's god is hidden until every seat has kept one
            shown = list(self._rows)
            shown[seat] = self._shown[seat]
        parts += shown[seat:]
        parts += shown[:seat]
        me = players[seat]
        own = self._own_blocks[seat]
        # (the laurels, flares and used flares it shows are among the lists the seat's row
        # shows by size: the same while those are; the gods dealt are read here)
        if own is None or own[0] != self._lists_made[seat] or own[1] != me.get("gods_dealt"):
            own = self._own(me, seat)
        parts.append(own[2])
        # the parts, in the layout's order, joined in C into an array nobody holds (the
        # agent may keep the ones it was given: those are never written, ``recycle.py``)
        for entry in self._arrays.entries:  # (:meth:`Pool.take` written out: a call less)
            if getrefcount(entry[0]) == FREE:
                break
        else:
            entry = self._arrays.take()
        entry[1][:] = self._join(parts)
        return entry[0]  # type: ignore[no-any-return]

    def _head_of(self, key: tuple[Any, ...]) -> array[float]:
        """The global and turn blocks for what :meth:`observe` read (``key``), kept by it."""
        rounds, phase, daybreak, last_round, turn, cores, flares, seat, asked = key
        top = array("f", self._head)
        top[0] = rounds / 60
        top[1] = cores / self._ncores
        top[2] = flares / self._nflares
        if daybreak is not None:
            top[3] = 1.0
        if last_round is not None:
            top[4] = 1.0
        top[self._phase_at[phase]] = 1.0
        if asked:
            top[self._asked_at] = 1.0
        if isinstance(turn, int) and 0 <= turn < self.n:
            top[self._turn_at[seat][turn]] = 1.0
        if len(self._heads) > _KEEP:
            self._heads.clear()
        self._heads[key] = top
        return top

    # -- the blocks every seat sees alike -----------------------------------------------------

    def _supply_blocks(self, state: State) -> bytearray:
        """The pools and bags blocks, joined from six parts (the long and short ray pools,
        the cores and the flares in the pool, the long and short bags), each kept while its
        pool or bag is the same: one compare of all six with their kept copies (in C), then
        only the parts whose pool or bag changed are made again, and joined again."""
        pools, bags = state["pools"], state["bags"]
        try:  # (read in C; a pool or bag missing is read as empty)
            held = _POOLS(pools) + _BAGS(bags)
        except KeyError:
            held = (
                *(pools.get(k, _NONE) for k in ("long", "short", "cores", "flares")),
                bags.get("long", _NONE),
                bags.get("short", _NONE),
            )
        if held != self._supply_seen:
            self._supply_parts_of(held)
        return self._supply_joined

    def _supply_parts_of(self, held: tuple[Any, ...]) -> None:
        """Make again the parts whose pool or bag differs from its kept copy (a bag holds
        some seventy rays: counted in C, each count standing for its rays added one by one
        as the reference adds them, :data:`_TWENTIETHS`)."""
        spec = self.spec
        seen = self._supply_seen
        parts = self._supply_parts
        indexes = (spec._ray, spec._ray, spec._core, spec._flare)
        copies = list(seen) if seen else [None] * len(held)
        for i, now in enumerate(held):
            if seen and seen[i] == now:
                continue
            copies[i] = now.copy()  # (the others' copies kept: a bag holds some seventy)
            if i < 4:  # a pool: its items by ones (rays by eighths: exact in float32)
                part = _zeros(len(indexes[i]))
                _count(part, 0, now, indexes[i], 1 / 8 if i < 2 else 1.0)
            else:  # a bag
                part = _zeros(self._nr)
                index = spec._ray
                for ray, many in Counter(now).items():
                    k = index.get(ray)
                    if k is not None:
                        part[k] = (
                            _TWENTIETHS[many] if many < len(_TWENTIETHS) else _sum(1 / 20, many)
                        )
            parts[i] = part
        self._supply_seen = tuple(copies)
        self._supply_joined = self._join(parts)

    # -- the blocks seen from the seat ------------------------------------------------------------

    def _table_of(self, state: State, seat: int) -> tuple[int, array[float]]:
        """The slots and accolades blocks (adjacent in the layout) seen from ``seat``: each
        slot's star by seat, each accolade's owner by seat or none; kept with the table's
        version (:meth:`observe`)."""
        spec, n, rel = self.spec, self.n, self.spec._rels[seat]
        nslot, index = len(spec.slots), spec._slot
        block = _zeros(n * nslot + (n + 1) * len(spec.accolades))
        for slot, owner in state["slots"].items():
            if isinstance(owner, int) and slot in index:
                block[rel[owner] * nslot + index[slot]] = 1.0
        at, many = n * nslot, len(spec.accolades)
        for accolade in state["accolades"]:
            k = spec._accolade.get(accolade["id"])
            if k is not None:
                owner = accolade.get("owner")
                who = rel[owner] if isinstance(owner, int) else n
                block[at + who * many + k] = 1.0
        made = self._table_blocks[seat] = (self._table, block)
        return made

    def _own(self, me: Any, seat: int) -> tuple[int, Any, array[float]]:
        """The seat's laurels, flares, used flares and gods dealt, with the version of its
        row's lists shown by size (:meth:`_row_changed`) and a copy of the gods dealt."""
        now = (*_OWN(me), me.get("gods_dealt"))
        spec = self.spec
        block = _zeros(self.size - self._off["own"])
        laurels, flares, used, dealt = now
        _count(block, 0, laurels, spec._laurel, 1.0)
        at = len(spec.laurels)
        _count(block, at, flares, spec._flare, 1.0)
        _count(block, at + len(spec.flares), used, spec._flare, 1.0)
        if isinstance(dealt, list):
            _count(block, at + 2 * len(spec.flares), dealt, spec._god, 1.0)
        dealt = [*dealt] if isinstance(dealt, list) else dealt
        kept = self._own_blocks[seat] = (self._lists_made[seat], dealt, block)
        return kept

    # -- the seats block --------------------------------------------------------------------------

    def _refresh_rows(self, players: list[Any]) -> list[array[float]]:
        """Bring each seat's row up to date, and its row as shown (its god set, if it kept
        one); returns the rows as shown, by seat. Everything a row reads is read in one call
        (:data:`_READS`) and compared with what it was made from in one compare: most steps
        change one seat's scalars (its AP) and leave every other seat as it was."""
        reads, waits = self._reads, self._waits
        for s, p in enumerate(players):
            try:
                now = _READS(p)
            except KeyError:  # (a record without a god or accolades: none shown)
                now = (*_SCALARS(p), *_SHOWN_LISTS(p), p.get("accolades", _NONE), p.get("god"))
            # SL155: a key only in a game where some seat waited, so read apart, with a default
            waiting = p.get("ap_waiting", 0)
            if now != reads[s] or waiting != waits[s]:
                self._row_changed(s, now, waiting)
        return self._shown

    def _row_changed(self, s: int, now: tuple[Any, ...], waiting: int) -> None:
        """Make again the parts of seat ``s``'s row whose reads differ from what it was made
        from (the numbers, or only the scalars among them, or the held cards, or the AP
        waiting for its next turn), and its row as shown; keep copies of the lists it read
        (the state's own lists change in place). A change of its stars or accolades renews
        the table's version (:meth:`observe`)."""
        kept, row = self._reads[s], self._rows[s]
        if waiting != self._waits[s]:  # (SL155; kept apart from the reads: see above)
            self._waits[s] = waiting
            row[_WAITING_AT] = waiting / 10
        if kept is not None:
            rest = self._rests[s]
            if now[_LISTED:] == rest:  # (most changes: a scalar alone, its AP)
                self._scalars_changed(now, kept, row)
                self._reads[s] = now[:_LISTED] + rest
                if self._shown[s] is not row:  # (its god shown: the copy made again)
                    self._shown[s] = self._with_god(row, self._shown_god[now[_GOD]])
                return
        held = now[_LISTED:_GOD]
        if kept is None:
            self._numbers(now[:_LISTED], held[:_SIZED], row)
            self._held(held[_SIZED:_HELD_END], row)
            lists = tuple(map(_COPY, held))
            self._lists_made[s] = next(_MADE)
            self._table = next(_MADE)
        else:
            lists = self._lists[s]
            if held == lists:  # (the god changed, or a scalar with it)
                self._scalars_changed(now, kept, row)
            else:
                if held[:_SIZED] != lists[:_SIZED]:
                    self._numbers(now[:_LISTED], held[:_SIZED], row)
                    self._lists_made[s] = next(_MADE)
                else:  # (the lists' sizes as they were: the scalars' places)
                    self._scalars_changed(now, kept, row)
                if held[_SIZED:_HELD_END] != lists[_SIZED:_HELD_END]:
                    self._held(held[_SIZED:_HELD_END], row)
                if held[_STARS] != lists[_STARS] or held[_WON] != lists[_WON]:
                    self._table = next(_MADE)
                lists = tuple(map(_COPY, held))
        self._lists[s] = lists
        rest = self._rests[s] = lists + now[_GOD:]
        self._reads[s] = now[:_LISTED] + rest
        shown = self._shown_god.get(now[_GOD])
        # (most games show no god: the row itself, without a call)
        self._shown[s] = row if shown is None else self._with_god(row, shown)

    def _with_god(self, row: array[float], god: str | None) -> array[float]:
        """A seat's row as shown: itself, or a copy with its god set."""
        if god is None:
            return row
        copy = array("f", row)
        copy[self._god_at + self.spec._god[god]] = 1.0
        return copy

    def _numbers(self, now: tuple[Any, ...], held: tuple[Any, ...], row: array[float]) -> None:
        """A seat's first numbers (``spec.encode``'s seats block) from what :data:`_SCALARS`
        and :data:`_LISTS` read: starbot, AP, saved, night, day, flares, laurels, stars,
        turns, used flares; its marker on the rondel (the AP waiting, its eleventh number, is
        written by :meth:`_row_changed` itself)."""
        kind, ap, saved, night, day, turns, marker = now
        flares, laurels, stars, used = held
        # one by one: ten stores beat making an array of ten and assigning a slice
        row[0] = float(kind == "starbot")
        row[1] = ap / 10
        row[2] = saved / 10
        row[3] = night / 50
        row[4] = day / 50
        # (a hidden list is shown by its length: :func:`_size`, written out)
        row[5] = (flares if flares.__class__ is int else len(flares)) / 5
        row[6] = (laurels if laurels.__class__ is int else len(laurels)) / 5
        row[7] = len(stars) / 10
        row[8] = turns / 60
        row[9] = len(used) / 10
        self._marker(marker, row)

    def _scalars_changed(
        self, now: tuple[Any, ...], was: tuple[Any, ...], row: array[float]
    ) -> None:
        """Write again only the numbers of :meth:`_numbers` whose scalar changed from
        ``was`` (its lists unchanged): most steps change a seat's AP and nothing else.
        ``now`` and ``was``: what :data:`_READS` read, the scalars first (read by place)."""
        ap = now[1]
        if ap != was[1]:
            row[1] = ap / 10
        saved = now[2]
        if saved != was[2]:
            row[2] = saved / 10
        if now[3] != was[3]:
            row[3] = now[3] / 50
        if now[4] != was[4]:
            row[4] = now[4] / 50
        if now[5] != was[5]:
            row[8] = now[5] / 60
        if now[0] != was[0]:
            row[0] = float(now[0] == "starbot")
        marker = now[6]
        if marker != was[6]:  # (the old place cleared, the new one set)
            spaces = self.spec.spaces
            old = was[6]
            if isinstance(old, int) and 0 <= old < spaces:
                row[NUMBERS + old] = 0.0
            if isinstance(marker, int) and 0 <= marker < spaces:
                row[NUMBERS + marker] = 1.0

    def _marker(self, marker: Any, row: array[float]) -> None:
        """A seat's marker on the rondel, one-hot after its first numbers (none: zeros)."""
        spaces = self.spec.spaces
        row[NUMBERS : NUMBERS + spaces] = self._no_marker
        if isinstance(marker, int) and 0 <= marker < spaces:
            row[NUMBERS + marker] = 1.0

    def _held(self, held: tuple[Any, ...], row: array[float]) -> None:
        """The cores, rays (by quarters), privileges and aspects a seat holds (sums of
        quarters and ones: exact in float32 as in float64)."""
        spec = self.spec
        at = NUMBERS + spec.spaces
        row[at : self._god_at] = self._no_held
        cores, rays, privileges, aspects = held
        _count(row, at, cores, spec._core, 1.0)
        at += len(spec.cores)
        _count(row, at, rays, spec._ray, 1 / 4)
        at += self._nr
        _count(row, at, privileges, spec._privilege, 1.0)
        at += len(spec.privileges)
        _count(row, at, aspects, spec._aspect, 1.0)


def _count(buf: array[float], base: int, items: Any, index: dict[str, int], scale: float) -> None:
    """Add ``scale`` at ``base`` + each item's index (items without one are left out). A
    plain loop: for a few items it beats ``map`` and ``filter`` in C (their calls cost more
    than the interpreter's specialised bytecodes)."""
    for item in items:
        k = index.get(item)
        if k is not None:
            buf[base + k] += scale


@cache
def _sum(scale: float, many: int) -> float:
    """``scale`` added ``many`` times from 0 (an encoder's sum of as many items, to the bit)."""
    total = 0.0
    for _ in range(many):
        total += scale
    return total


#: k rays of a kind in a bag: the reference's sum of k twentieths (a bag holds some seventy).
_TWENTIETHS = [_sum(1 / 20, k) for k in range(128)]
