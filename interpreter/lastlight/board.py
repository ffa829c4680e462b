"""The Last Light board: rings of sectors, rotation, adjacency and movement reachability.

The geometry is data (``content/lastlight/board.yaml``); this module only knows the model:

* the board is concentric rings listed from the centre outwards; a ring has ``slots`` equal
  angular slots and turns ``degrees_per_rotation`` clockwise at each rotation;
* a sector occupies ``span`` consecutive slots of its ring and keeps its id (and so whatever sits
  on it) for the whole game; a rotation only changes its angular position;
* sectors of one ring are adjacent when they share a radial edge; sectors of neighbouring rings
  are adjacent when their angular intervals overlap with positive length. Intervals that meet
  in a single point touch only at a diagonal corner, which is not adjacency
  (000 "Action Card #6 - Command", "1. Move").

All angles are kept as integers in a common unit (``360 / lcm(slot counts)`` degrees), so
corner contacts are exact, and adjacency is precomputed for every rotation state: a lookup is
one tuple index and one dict access.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import gcd, lcm
from typing import Any

from whitedwarf.dsl.counts import counted

__all__ = [
    "RING_ORDER",
    "Board",
    "BoardError",
    "NeutralShips",
    "PlanetSlot",
    "Sector",
    "SetupLayout",
    "load_setup",
    "setup_entry",
]

#: The ring ids the engine understands, from the centre outwards
#: (000 "PLANETARY TERMINOLOGY": inner ring, outer ring, distant sectors).
RING_ORDER: tuple[str, ...] = ("centre", "inner", "outer", "distant")

#: Planetary exploration token piles (000 "setup": "shuffled in two face-down piles according
#: to their type").
TOKEN_TYPES: frozenset[str] = frozenset({"common", "rare"})

_REACH_CACHE_LIMIT = 1 << 16

# (start, steps, rotation state, blocked sectors): the inputs of one reachability search.
_ReachKey = tuple[str, int, int, frozenset[str]]


#: A place inside a board or setup entry: its keys and list indexes.
DataPath = tuple[str | int, ...]


class BoardError(ValueError):
    """Board or setup data that does not describe a valid board; ``hint`` says how to fix
    it, where the message alone does not; ``at`` is the path of the wrong value inside the
    data given (``board.yaml``'s, or the one entry of ``setups.yaml``), so the pack checker
    can point at it (empty: the whole)."""

    def __init__(self, message: str, hint: str | None = None, at: DataPath = ()) -> None:
        super().__init__(message)
        self.hint = hint
        self.at = at


@dataclass(frozen=True)
class Sector:
    """One sector of the board: its ring, its first slot at rotation 0 and its width in slots."""

    id: str
    ring: str
    slot: int
    span: int = 1


@dataclass(frozen=True)
class _Ring:
    """A ring's shape: slot count, slots turned per rotation and width of a slot in units."""

    id: str
    slots: int
    step: int
    unit: int

    def period(self) -> int:
        """Rotations after which this ring is back in its starting position."""
        return self.slots // gcd(self.slots, self.step) if self.step else 1

    def offset(self, rotation: int) -> int:
        """Slots this ring has turned clockwise after ``rotation`` rotations."""
        return (rotation * self.step) % self.slots


class Board:
    """The board geometry with adjacency precomputed for every rotation state.

    ``rotation`` arguments count the rotations since setup (0 at the start of the game); any
    integer is accepted and reduced modulo :meth:`rotations_cycle`.
    """

    sectors: dict[str, Sector]
    centre: str
    home_sectors: tuple[str, ...]
    outer_carries_inner: bool

    def __init__(
        self,
        sectors: Iterable[Sector],
        rings: Iterable[_Ring],
        centre: str,
        home_sectors: Sequence[str] = (),
        outer_carries_inner: bool = False,
    ) -> None:
        """Build a board from checked parts; use :meth:`from_data` for YAML data."""
        self.sectors = {s.id: s for s in sectors}
        self._rings = {r.id: r for r in rings}
        self.centre = centre
        self.home_sectors = tuple(home_sectors)
        self.outer_carries_inner = outer_carries_inner
        self._circle = _circle_units(self._rings.values())
        self._cycle = lcm(*(r.period() for r in self._rings.values()))
        self._ring_order = tuple(r for r in RING_ORDER if r in self._rings)
        # Built on first use: validating a pack never moves a ship, so it never pays for them.
        self._adjacency: list[dict[str, tuple[str, ...]] | None] = [None] * self._cycle
        self._reach_cache: dict[_ReachKey, tuple[tuple[str, int], ...]] = {}
        self._reach_ids_cache: dict[_ReachKey, tuple[str, ...]] = {}

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def from_data(cls, board: Mapping[str, Any], setup: Mapping[str, Any] | None = None) -> Board:
        """Build the board from ``board.yaml`` data and one entry of ``setups.yaml``.

        ``setup`` supplies the home sectors in seat order; without it the board has none.
        """
        carries = bool(board.get("outer_carries_inner", False))
        ring_data = _ring_data_by_id(board)
        degrees = _effective_degrees(ring_data, carries)
        if board.get("rotation_direction") == "counterclockwise":
            # The rings turn the other way: a clockwise turn by minus the degrees.
            degrees = {ring: -turn for ring, turn in degrees.items()}
        circle = lcm(*(int(r["slots"]) for r in ring_data.values()))
        places = _ring_places(board)
        rings = [
            _make_ring(rid, r, degrees[rid], circle, places[rid]) for rid, r in ring_data.items()
        ]
        placed = [
            (_make_sector(rid, s, r, at), at)
            for rid, r in ring_data.items()
            for k, s in enumerate(r["sectors"])
            for at in [(*places[rid], "sectors", k)]
        ]
        _check_sectors(placed, {r.id: r for r in rings})
        sectors = [sector for sector, _ in placed]
        ids = {s.id for s in sectors}
        centre = str(board.get("centre", "centre"))
        if centre not in ids:
            raise BoardError(
                f"centre sector {centre!r} is not a sector of the board", at=("centre",)
            )
        homes = tuple(setup.get("homes", ())) if setup else ()
        for k, home in enumerate(homes):
            if home not in ids:
                raise BoardError(
                    f"home sector {home!r} is not a sector of the board", at=("homes", k)
                )
        return cls(sectors, rings, centre, homes, carries)

    # -- geometry ----------------------------------------------------------------------------

    def rotations_cycle(self) -> int:
        """Number of rotations after which every ring, and so adjacency, repeats."""
        return self._cycle

    def ring_of(self, sector_id: str) -> str:
        """The ring a sector belongs to; it never changes, the ring carries its sectors."""
        return self.sectors[sector_id].ring

    def ring_degrees_per_rotation(self, ring: str) -> float:
        """Degrees a ring turns clockwise per rotation, relative to the fixed board."""
        r = self._rings[ring]
        return r.step * 360 / r.slots

    def angle_of(self, sector_id: str, rotation: int) -> float:
        """Clockwise angle in degrees, from north, of the sector's leading edge."""
        start, _ = self._interval(sector_id, rotation)
        return start * 360 / self._circle

    def interval_of(self, sector_id: str, rotation: int) -> tuple[float, float]:
        """The sector's angular interval ``(start, end)`` in degrees; ``end`` may exceed 360."""
        start, length = self._interval(sector_id, rotation)
        scale = 360 / self._circle
        return start * scale, (start + length) * scale

    def sectors_of_ring(self, ring: str) -> tuple[str, ...]:
        """Ids of the sectors of one ring, in slot order."""
        found = [s for s in self.sectors.values() if s.ring == ring]
        return tuple(s.id for s in sorted(found, key=lambda s: s.slot))

    def _interval(self, sector_id: str, rotation: int) -> tuple[int, int]:
        """Start and length of a sector's interval in units at a rotation."""
        sector = self.sectors[sector_id]
        ring = self._rings[sector.ring]
        slot = (sector.slot + ring.offset(rotation)) % ring.slots
        return slot * ring.unit, sector.span * ring.unit

    # -- adjacency ---------------------------------------------------------------------------

    def adjacent(self, sector_id: str, rotation: int) -> tuple[str, ...]:
        """Sectors a ship can move to in one step at this rotation state, sorted by id."""
        return self._table(rotation % self._cycle)[sector_id]

    def adjacency_table(self, rotation: int) -> Mapping[str, tuple[str, ...]]:
        """The whole adjacency table of one rotation state (shared; do not mutate)."""
        return self._table(rotation % self._cycle)

    def _table(self, rotation: int) -> dict[str, tuple[str, ...]]:
        table = self._adjacency[rotation]
        if table is None:
            table = self._adjacency[rotation] = self._build_adjacency(rotation)
        return table

    def _build_adjacency(self, rotation: int) -> dict[str, tuple[str, ...]]:
        """Adjacency of every sector at one rotation state."""
        spans = {sid: self._interval(sid, rotation) for sid in self.sectors}
        links: dict[str, set[str]] = {sid: set() for sid in self.sectors}
        ids = sorted(self.sectors)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                if self._touches(a, b, spans):
                    links[a].add(b)
                    links[b].add(a)
        return {sid: tuple(sorted(found)) for sid, found in links.items()}

    def _touches(self, a: str, b: str, spans: Mapping[str, tuple[int, int]]) -> bool:
        """Whether sectors ``a`` and ``b`` share an edge (not just a corner)."""
        ring_a, ring_b = self.ring_of(a), self.ring_of(b)
        if ring_a == ring_b:
            # Same ring: neighbours share a radial edge.
            return _share_endpoint(spans[a], spans[b], self._circle)
        gap = abs(self._ring_order.index(ring_a) - self._ring_order.index(ring_b))
        # 000 "1. Move": a contact at a diagonal corner only is a zero-length overlap.
        return gap == 1 and _overlap(spans[a], spans[b], self._circle) > 0

    # -- movement ----------------------------------------------------------------------------

    def reachable(
        self, start: str, steps: int, rotation: int, blocked: frozenset[str] = frozenset()
    ) -> dict[str, int]:
        """Sectors reachable from ``start`` in at most ``steps`` moves, with the fewest moves.

        ``blocked`` sectors cannot be entered (000 "1. Move": "Ships cannot enter a sector
        containing an asteroid"); ``start`` itself is always included at 0.
        """
        key = (start, steps, rotation % self._cycle, blocked)
        found = self._reach_cache.get(key)
        if found is None:
            found = tuple(self._bfs(start, steps, key[2], blocked).items())
            if len(self._reach_cache) >= _REACH_CACHE_LIMIT:
                self._reach_cache.clear()
            self._reach_cache[key] = found
        return dict(found)

    def reachable_ids(
        self, start: str, steps: int, rotation: int, blocked: frozenset[str] = frozenset()
    ) -> tuple[str, ...]:
        """The sectors of :meth:`reachable`, in the same order, as a shared tuple."""
        key = (start, steps, rotation % self._cycle, blocked)
        found = self._reach_ids_cache.get(key)
        if found is None:
            found = tuple(self.reachable(start, steps, rotation, blocked))
            if len(self._reach_ids_cache) >= _REACH_CACHE_LIMIT:
                self._reach_ids_cache.clear()
            self._reach_ids_cache[key] = found
        return found

    def _bfs(
        self, start: str, steps: int, rotation: int, blocked: frozenset[str]
    ) -> dict[str, int]:
        """Breadth-first search over one rotation state's adjacency table."""
        table = self._table(rotation)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if dist[here] >= steps:
                continue
            for there in table[here]:
                if there not in dist and there not in blocked:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def distance(
        self, start: str, goal: str, rotation: int, blocked: frozenset[str] = frozenset()
    ) -> int | None:
        """Fewest moves from ``start`` to ``goal`` avoiding ``blocked``, or None if cut off."""
        return self.reachable(start, len(self.sectors), rotation, blocked).get(goal)


# -- board data helpers ------------------------------------------------------------------------


def _ring_data_by_id(board: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The board's rings keyed by id, in centre-outwards order, checked against RING_ORDER."""
    rings = {str(r["id"]): r for r in board.get("rings", ())}
    if not rings:
        raise BoardError("the board has no rings")
    unknown = sorted(set(rings) - set(RING_ORDER))
    if unknown:
        raise BoardError(f"unknown ring {unknown[0]!r}; rings are {', '.join(RING_ORDER)}")
    listed = [r for r in rings if r in RING_ORDER]
    expected = [r for r in RING_ORDER if r in rings]
    if listed != expected:
        first = next(
            k for k, (got, want) in enumerate(zip(listed, expected, strict=True)) if got != want
        )
        raise BoardError(
            f"rings must be listed centre outwards: {', '.join(RING_ORDER)}",
            f"list ring {expected[first]!r} here, before {listed[first]!r}",
            at=(*_ring_places(board)[listed[first]], "id"),
        )
    return rings


def _ring_places(board: Mapping[str, Any]) -> dict[str, DataPath]:
    """Each ring id -> its place in ``board.yaml`` (the last ring of an id, as the board
    reads them: a ring written twice is the pack checker's E0901)."""
    return {str(r["id"]): ("rings", k) for k, r in enumerate(board.get("rings", ()))}


def _effective_degrees(rings: Mapping[str, Mapping[str, Any]], carries: bool) -> dict[str, int]:
    """Degrees each ring turns per rotation relative to the fixed board.

    000 "Board Rotation" gives each ring's own turn; with ``outer_carries_inner`` (public rules
    FAQ report) the inner ring also turns with the outer ring that carries it.
    """
    degrees = {rid: int(r.get("degrees_per_rotation", 0)) for rid, r in rings.items()}
    if carries and "inner" in degrees and "outer" in degrees:
        degrees["inner"] += degrees["outer"]
    return degrees


def _make_ring(
    ring_id: str, data: Mapping[str, Any], degrees: int, circle: int, at: DataPath
) -> _Ring:
    """A ring from its data (at ``at`` in the board); its turn must be a whole number of
    slots."""
    slots = int(data["slots"])
    if slots <= 0:
        raise BoardError(f"ring {ring_id!r} needs at least one slot", at=(*at, "slots"))
    if (degrees * slots) % 360:
        step = Fraction(360, slots)
        raise BoardError(
            f"ring {ring_id!r} turns {degrees} degrees, not a whole number of its "
            f"{counted(slots, 'slot')}",
            f"a slot of ring {ring_id!r} is {_degrees(step)} degrees: turn it by a multiple of "
            f"that, such as {_degrees(step * max(1, round(degrees / step)))}, or give it a "
            "number of slots that divides its turn",
            at=(*at, "degrees_per_rotation"),
        )
    return _Ring(ring_id, slots, (degrees * slots // 360) % slots, circle // slots)


def _degrees(angle: Fraction) -> str:
    """An angle for a message: 45, or 22.5, or 360/7."""
    if angle.denominator == 1:
        return str(angle.numerator)
    as_float = float(angle)
    return f"{as_float:g}" if Fraction(as_float) == angle else str(angle)


def _make_sector(
    ring_id: str, data: Mapping[str, Any], ring: Mapping[str, Any], at: DataPath
) -> Sector:
    """A sector from its data (at ``at`` in the board), with its slot and span inside the
    ring."""
    sector = Sector(str(data["id"]), ring_id, int(data["slot"]), int(data.get("span", 1)))
    slots = int(ring["slots"])
    if not 0 <= sector.slot < slots:
        raise BoardError(
            f"sector {sector.id!r} does not fit in ring {ring_id!r} of "
            f"{counted(slots, 'slot')}: its slot is {sector.slot}",
            f"the slots of ring {ring_id!r} are 0 to {slots - 1}",
            at=(*at, "slot"),
        )
    if not 1 <= sector.span <= slots:
        raise BoardError(
            f"sector {sector.id!r} does not fit in ring {ring_id!r} of "
            f"{counted(slots, 'slot')}: its span is {sector.span}",
            f"a sector of ring {ring_id!r} spans 1 to {slots} slots",
            at=(*at, "span"),
        )
    return sector


def _check_sectors(placed: Sequence[tuple[Sector, DataPath]], rings: Mapping[str, _Ring]) -> None:
    """Sector ids are unique and no two sectors of a ring cover the same slot; ``placed``:
    each sector and its place in the board."""
    seen: set[str] = set()
    covered: dict[tuple[str, int], str] = {}
    for sector, at in placed:
        if sector.id in seen:
            raise BoardError(f"sector id {sector.id!r} is used twice", at=(*at, "id"))
        seen.add(sector.id)
        for k in range(sector.span):
            where = (sector.ring, (sector.slot + k) % rings[sector.ring].slots)
            if where in covered:
                raise BoardError(
                    f"sectors {covered[where]!r} and {sector.id!r} overlap at slot {where[1]} "
                    f"of ring {sector.ring!r}",
                    "give each sector slots of its own (a sector covers `span` slots from "
                    "its `slot`, default 1)",
                    at=(*at, "slot"),
                )
            covered[where] = sector.id


def _circle_units(rings: Iterable[_Ring]) -> int:
    """Units in a full turn; every ring's slot is a whole number of them."""
    circles = {r.unit * r.slots for r in rings}
    if len(circles) != 1:
        raise BoardError("rings disagree on the size of a full turn")
    return circles.pop()


def _overlap(a: tuple[int, int], b: tuple[int, int], circle: int) -> int:
    """Length shared by two circular intervals ``(start, length)``."""
    total = 0
    for shift in (-circle, 0, circle):
        lo = max(a[0], b[0] + shift)
        hi = min(a[0] + a[1], b[0] + shift + b[1])
        total += max(0, hi - lo)
    return total


def _share_endpoint(a: tuple[int, int], b: tuple[int, int], circle: int) -> bool:
    """Whether one interval ends where the other starts (a shared radial edge)."""
    return (a[0] + a[1]) % circle == b[0] % circle or (b[0] + b[1]) % circle == a[0] % circle


# -- setups ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlanetSlot:
    """A sector that receives a random planet stacked on a face-down planetary token."""

    sector: str
    token: str  # "common" | "rare": the pile the planetary exploration token is drawn from


@dataclass(frozen=True)
class NeutralShips:
    """Ships of a non-player faction placed at setup (002: the Lumos in a 2-player game)."""

    faction: str
    sector: str
    ships: Mapping[str, int]


@dataclass(frozen=True)
class SetupLayout:
    """What is placed where at setup for one player count (000 "setup", maps pp. 6-8)."""

    players: int
    white_dwarf: str
    homes: tuple[str, ...]
    planets: tuple[PlanetSlot, ...]
    deep_space: tuple[str, ...]
    asteroids: tuple[str, ...]
    neutral_ships: tuple[NeutralShips, ...] = ()

    @cached_property
    def blocked(self) -> frozenset[str]:
        """Sectors ships cannot enter: the asteroids (000 "1. Move")."""
        return frozenset(self.asteroids)

    def contents(self) -> dict[str, str]:
        """Sector id -> what starts there: white_dwarf, home, planet, deep_space, asteroid."""
        out = {self.white_dwarf: "white_dwarf"}
        out.update(dict.fromkeys(self.homes, "home"))
        out.update({p.sector: "planet" for p in self.planets})
        out.update(dict.fromkeys(self.deep_space, "deep_space"))
        out.update(dict.fromkeys(self.asteroids, "asteroid"))
        return out


def setup_entry(setups_data: Mapping[str, Any], players: int) -> Mapping[str, Any]:
    """The entry of ``setups.yaml`` for a player count."""
    setups: Sequence[Mapping[str, Any]] = setups_data.get("setups", ())
    for entry in setups:
        if int(entry["players"]) == players:
            return entry
    known = sorted(int(e["players"]) for e in setups_data.get("setups", ()))
    counts = " or ".join(str(n) for n in known) or "no player count"
    raise BoardError(
        f"the pack's setups.yaml has no setup for {counted(players, 'player')}: it sets up "
        f"{counts} (seat that many players, or add a setup for {players})"
    )


def load_setup(
    board_data: Mapping[str, Any], setups_data: Mapping[str, Any], players: int
) -> SetupLayout:
    """The checked setup layout for ``players`` players on the board of ``board_data``."""
    entry = setup_entry(setups_data, players)
    layout = SetupLayout(
        players=players,
        white_dwarf=str(entry.get("white_dwarf", board_data.get("centre", "centre"))),
        homes=tuple(entry.get("homes", ())),
        planets=tuple(PlanetSlot(str(p["sector"]), str(p["token"])) for p in entry["planets"]),
        deep_space=tuple(entry.get("deep_space", ())),
        asteroids=tuple(entry.get("asteroids", ())),
        neutral_ships=tuple(_neutral(n) for n in entry.get("neutral_ships", ())),
    )
    _check_layout(layout, Board.from_data(board_data, entry))
    return layout


def _neutral(data: Mapping[str, Any]) -> NeutralShips:
    """Neutral ships from setup data."""
    ships = {str(k): int(v) for k, v in data.get("ships", {}).items()}
    return NeutralShips(str(data["faction"]), str(data["sector"]), ships)


def _check_layout(layout: SetupLayout, board: Board) -> None:
    """Every placement is on a real sector of the right ring, one placement per sector. Each
    error says where in the setup entry it is (``BoardError.at``)."""
    if len(layout.homes) != layout.players:
        raise BoardError(
            f"it lists {counted(len(layout.homes), 'home')} for "
            f"{counted(layout.players, 'player')}",
            f"list one home per player, {layout.players} distant sectors (each a colony ship)",
            at=("homes",),
        )
    if board.ring_of(layout.white_dwarf) != "centre":
        raise BoardError(
            f"the white dwarf must be in the centre, not {layout.white_dwarf!r}",
            f'write `white_dwarf: {board.centre}` (000 "Board Rotation": the centre sector '
            "holds the white dwarf), or leave it out",
            at=("white_dwarf",),
        )
    for k, home in enumerate(layout.homes):
        # Public rules FAQ: the colony ships start in the distant sectors, which do not move.
        if board.ring_of(home) != "distant":
            distant = [s for s in sorted(board.sectors) if board.ring_of(s) == "distant"]
            raise BoardError(
                f"home sector {home!r} is not a distant sector",
                "colony ships start in the distant sectors, which do not turn: one of "
                + ", ".join(distant[:4])
                + (", ..." if len(distant) > 4 else ""),
                at=("homes", k),
            )
    for k, slot in enumerate(layout.planets):
        if slot.token not in TOKEN_TYPES:
            raise BoardError(
                f"planet slot {slot.sector!r} has unknown token type {slot.token!r}",
                f"a planet's token is one of: {', '.join(sorted(TOKEN_TYPES))}",
                at=("planets", k, "token"),
            )
    placed = _placements(layout)
    for sector, _, at in placed:
        if sector not in board.sectors:
            raise BoardError(f"it uses unknown sector {sector!r}", at=at)
    first: dict[str, str] = {}
    for sector, what, at in placed:
        if sector in first:
            raise BoardError(
                f"it places {what} on {sector!r}, which already has {first[sector]}",
                "put one thing on a sector: move one of them to an empty sector",
                at=at,
            )
        first[sector] = what


def _placements(layout: SetupLayout) -> list[tuple[str, str, DataPath]]:
    """Each thing a setup places: its sector, what it is, and where the setup says so."""
    return [
        (layout.white_dwarf, "the white dwarf", ("white_dwarf",)),
        *((s, "a home", ("homes", k)) for k, s in enumerate(layout.homes)),
        *((p.sector, "a planet", ("planets", k, "sector")) for k, p in enumerate(layout.planets)),
        *((s, "a deep space token", ("deep_space", k)) for k, s in enumerate(layout.deep_space)),
        *((s, "an asteroid", ("asteroids", k)) for k, s in enumerate(layout.asteroids)),
    ]
