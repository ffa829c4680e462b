"""Starlight's observation vector read from the state itself, writing only what changed
(issue 27: the environment's speed with the vector, BENCHMARKS.md "RL environment").

:meth:`StarlightSpec.encode <.spec.StarlightSpec.encode>` is the reference; this encoder gives
the same vector (``tests/rl`` compares the two for every seat at every decision of whole
games). Starlight's state has no version stamps, so what changed is found by comparing what
is read now (in C: ``itemgetter``, the lists and dicts themselves) with copies kept of what
was read last, copied again only when it changed:

* each seat's last vector is kept (a float32 ``array``); an observation writes into it the
  blocks whose sources changed and hands out numpy's copy of it (the agent may keep it);
* a seat's numbers (the seats block) are made once for every seat, kept with a snapshot of
  what they read (its scalars and its lists of cards, rays, stars ...), and placed in a
  seat's vector where it holds older ones; its god is put in afresh where it may be seen;
* the pools and bags (the same for every seat) are kept with their contents, the slots and
  accolades per seat with their owners, the own block with the seat's laurels, flares, used
  flares and gods dealt;
* the global and whose-turn numbers are written afresh at every observation.

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
from typing import TYPE_CHECKING, Any

import numpy as np
from whitedwarf.interpreter.starlight.records import State

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.rl.spec import StarlightSpec

#: numpy reads a dtype given as an object, by position, a microsecond sooner than by name.
_FLOAT32 = np.dtype(np.float32)

#: Row versions, unique in the process (0: none placed yet).
_VERSIONS = count(1)
#: What a seat's numbers read, in one call: its scalars and four lists it shows by size (the
#: first part of its row: :data:`_NUMBERS` items), then the cards, rays, privileges and
#: aspects it holds, by content (the rest). The lists are read live and compared with the
#: copies kept: no copy is made while they are the same.
_READS = itemgetter(
    "kind", "ap", "saved", "night", "day", "turns", "marker",
    "flares", "laurels", "stars", "used_flares",
    "cores", "rays", "privileges", "aspects",
)  # fmt: skip
_NUMBERS = 11
#: The scalars (the rest are lists, and the privileges a dict, kept as copies: ``_seats``).
_SCALARS = 7
#: A list's or a dict's copy (kept, to compare the next read with).
_COPY = methodcaller("copy")
_OWN = itemgetter("laurels", "flares", "used_flares")
#: The pools' and bags' lists (a missing one read as an empty list).
_NONE: list[Any] = []
_ACCOLADE = itemgetter("id", "owner")


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
        self._head = _zeros(off["pools"])  # the global and turn blocks, written afresh
        self._bufs = [_zeros(self.size) for _ in range(n)]
        #: seat -> numpy's view of its vector (a copy of it is handed out: one C call); an
        #: array numpy views refuses any resizing, even an empty slice assigned to an empty one
        self._views = [np.frombuffer(buf, _FLOAT32) for buf in self._bufs]
        self._width = spec._width
        #: where a seat's god goes in its numbers
        self._god_at = self._width - len(spec.gods)
        #: zeros to start a row's parts from
        self._no_numbers = _zeros(10 + spec.spaces)
        self._no_held = _zeros(self._god_at - 10 - spec.spaces)
        #: seat -> each seat's row placed in its vector: (the row's version, the god shown)
        self._placed: list[list[Any]] = [[None] * n for _ in range(n)]
        #: seat -> its numbers as the others see them (no god), what they were made from
        #: (its scalars and list sizes, the cards, rays, privileges and aspects it holds), and
        #: their version
        self._rows = [_zeros(self._width) for _ in range(n)]
        self._row_snap: list[Any] = [None] * n
        self._row_version = [0] * n
        #: (the pools' and bags' contents, their blocks then), the same for every seat
        self._supply: tuple[tuple[Any, ...], array[float]] | None = None
        self._placed_supply: list[Any] = [None] * n
        #: seat -> what its slots, accolades and own blocks were made from
        self._placed_slots: list[Any] = [None] * n
        self._placed_accolades: list[Any] = [None] * n
        self._placed_own: list[Any] = [None] * n

    def observe(self, state: State, seat: int, asked: bool) -> np.ndarray:
        """``seat``'s vector (float32), equal to ``spec.encode(state, seat, asked, whole=True)``."""
        spec, off, n = self.spec, self._off, self.n
        buf = self._bufs[seat]
        rel = spec._rels[seat]
        buf[: off["pools"]] = self._head
        g = off["global"]
        buf[g] = state["round"] / 60
        buf[g + 1] = len(state["core_deck"]) / max(1, len(spec.cores))
        buf[g + 2] = len(state["flare_deck"]) / max(1, len(spec.flares))
        buf[g + 3] = float(state.get("daybreak") is not None)
        buf[g + 4] = float(state.get("last_round") is not None)
        phase = state["phase"]
        buf[g + 5 + spec._phase[phase]] = 1.0
        if asked:
            buf[g + 5 + len(spec._phase)] = 1.0
        turn = state.get("turn")
        if isinstance(turn, int) and 0 <= turn < n:
            buf[off["turn"] + rel[turn]] = 1.0
        self._supply_blocks(state, seat, buf)
        self._slots(state, seat, buf, rel)
        self._accolades(state, seat, buf, rel)
        self._seats(state, seat, buf, rel, phase == "gods")
        self._own(state["players"][seat], seat, buf)
        # a copy (the agent may keep it; this buffer is written again at the next step)
        return self._views[seat].copy()

    # -- the blocks every seat sees alike -----------------------------------------------------

    def _supply_blocks(self, state: State, seat: int, buf: array[float]) -> None:
        """The pools and bags blocks, kept while their contents are the same."""
        pools, bags = state["pools"], state["bags"]
        held = (
            pools.get("long", _NONE),
            pools.get("short", _NONE),
            pools.get("cores", _NONE),
            pools.get("flares", _NONE),
            bags.get("long", _NONE),
            bags.get("short", _NONE),
        )
        kept = self._supply
        if kept is None or kept[0] != held:
            kept = self._supply = (tuple(map(_COPY, held)), self._supply_block(held))
        if self._placed_supply[seat] is not kept:
            start = self._off["pools"]
            buf[start : start + len(kept[1])] = kept[1]
            self._placed_supply[seat] = kept

    def _supply_block(self, held: tuple[Any, ...]) -> array[float]:
        spec, nr = self.spec, self._nr
        block = _zeros(self._off["bags"] + 2 * nr - self._off["pools"])
        _count(block, 0, held[0], spec._ray, 1 / 8)
        _count(block, nr, held[1], spec._ray, 1 / 8)
        _count(block, 2 * nr, held[2], spec._core, 1.0)
        _count(block, 2 * nr + len(spec.cores), held[3], spec._flare, 1.0)
        bags = self._off["bags"] - self._off["pools"]
        for at, bag in ((bags, held[4]), (bags + nr, held[5])):
            for ray, many in Counter(bag).items():
                k = spec._ray.get(ray)
                if k is not None:
                    block[at + k] = _sum(1 / 20, many)
        return block

    # -- the blocks seen from the seat ------------------------------------------------------------

    def _slots(self, state: State, seat: int, buf: array[float], rel: list[int]) -> None:
        """Each slot's star by seat from ``seat``, kept while the owners are the same."""
        slots = state["slots"]
        kept = self._placed_slots[seat]
        if kept is not None and kept[0] is slots and kept[1] == slots:
            return
        spec = self.spec
        nslot, index = len(spec.slots), spec._slot
        start = self._off["slots"]
        if nslot:  # (an array numpy views refuses an empty slice assigned, :meth:`__init__`)
            buf[start : start + self.n * nslot] = _zeros(self.n * nslot)
        for slot, owner in slots.items():
            if isinstance(owner, int) and slot in index:
                buf[start + rel[owner] * nslot + index[slot]] = 1.0
        self._placed_slots[seat] = (slots, dict(slots))

    def _accolades(self, state: State, seat: int, buf: array[float], rel: list[int]) -> None:
        """Each accolade's owner by seat from ``seat``, or none."""
        now = tuple(map(_ACCOLADE, state["accolades"]))
        if self._placed_accolades[seat] == now:
            return
        spec, n = self.spec, self.n
        many = len(spec.accolades)
        start = self._off["accolades"]
        if many:
            buf[start : start + (n + 1) * many] = _zeros((n + 1) * many)
        for ident, owner in now:
            k = spec._accolade.get(ident)
            if k is not None:
                who = rel[owner] if isinstance(owner, int) else n
                buf[start + who * many + k] = 1.0
        self._placed_accolades[seat] = now

    def _seats(
        self, state: State, seat: int, buf: array[float], rel: list[int], hide_gods: bool
    ) -> None:
        """Each seat's numbers where ``seat``'s vector holds older ones (made once for every
        seat, :meth:`_row`), with its god where ``seat`` may see it (another seat's only once
        every seat has kept one)."""
        placed, rows, versions, snaps = (
            self._placed[seat],
            self._rows,
            self._row_version,
            self._row_snap,
        )
        width, start, gods = self._width, self._off["seats"], self.spec._god
        for p in state["players"]:
            s = p["seat"]
            now, kept = _READS(p), snaps[s]
            if kept != now:
                if kept is None or kept[:_NUMBERS] != now[:_NUMBERS]:
                    self._numbers(p, rows[s])
                if kept is None or kept[_NUMBERS:] != now[_NUMBERS:]:
                    self._held(now[_NUMBERS:], rows[s])
                snaps[s] = (*now[:_SCALARS], *map(_COPY, now[_SCALARS:]))
                versions[s] = next(_VERSIONS)
            god = p.get("god")
            shown = None if (hide_gods and s != seat) or god not in gods else god
            if placed[s] == (versions[s], shown):
                continue
            base = start + rel[s] * width
            buf[base : base + width] = rows[s]
            if shown is not None:
                buf[base + self._god_at + gods[shown]] = 1.0
            placed[s] = (versions[s], shown)

    def _numbers(self, p: Any, row: array[float]) -> None:
        """A seat's first numbers (``spec.encode``'s seats block): starbot, AP, saved, night,
        day, flares, laurels, stars, turns, used flares; its marker on the rondel."""
        spaces = self.spec.spaces
        row[: 10 + spaces] = self._no_numbers
        row[0] = float(p["kind"] == "starbot")
        row[1] = p["ap"] / 10
        row[2] = p["saved"] / 10
        row[3] = p["night"] / 50
        row[4] = p["day"] / 50
        row[5] = _size(p["flares"]) / 5
        row[6] = _size(p["laurels"]) / 5
        row[7] = len(p["stars"]) / 10
        row[8] = p["turns"] / 60
        row[9] = len(p["used_flares"]) / 10
        marker = p["marker"]
        if isinstance(marker, int) and 0 <= marker < spaces:
            row[10 + marker] = 1.0

    def _held(self, held: tuple[Any, ...], row: array[float]) -> None:
        """The cores, rays (by quarters), privileges and aspects a seat holds (sums of
        quarters and ones: exact in float32 as in float64)."""
        spec = self.spec
        at = 10 + spec.spaces
        row[at : self._god_at] = self._no_held
        cores, rays, privileges, aspects = held
        _count(row, at, cores, spec._core, 1.0)
        at += len(spec.cores)
        _count(row, at, rays, spec._ray, 1 / 4)
        at += self._nr
        _count(row, at, privileges, spec._privilege, 1.0)
        at += len(spec.privileges)
        _count(row, at, aspects, spec._aspect, 1.0)

    def _own(self, me: Any, seat: int, buf: array[float]) -> None:
        """The seat's laurels, flares, used flares and gods dealt."""
        now = (*_OWN(me), me.get("gods_dealt"))
        if self._placed_own[seat] == now:
            return
        spec = self.spec
        own = self._off["own"]
        if own < self.size:
            buf[own:] = _zeros(self.size - own)
        laurels, flares, used, dealt = now
        _count(buf, own, laurels, spec._laurel, 1.0)
        own += len(spec.laurels)
        _count(buf, own, flares, spec._flare, 1.0)
        _count(buf, own + len(spec.flares), used, spec._flare, 1.0)
        if isinstance(dealt, list):
            _count(buf, own + 2 * len(spec.flares), dealt, spec._god, 1.0)
        self._placed_own[seat] = (
            *map(_COPY, now[:3]),
            [*dealt] if isinstance(dealt, list) else dealt,
        )


def _count(buf: array[float], base: int, items: Any, index: dict[str, int], scale: float) -> None:
    """Add ``scale`` at ``base`` + each item's index (items without one are left out)."""
    for item in items:
        k = index.get(item)
        if k is not None:
            buf[base + k] += scale


def _size(value: Any) -> int:
    """A hidden list's length (the observation shows it as its length)."""
    return value if isinstance(value, int) else len(value)


@cache
def _sum(scale: float, many: int) -> float:
    """``scale`` added ``many`` times from 0 (an encoder's sum of as many items, to the bit)."""
    total = 0.0
    for _ in range(many):
        total += scale
    return total
