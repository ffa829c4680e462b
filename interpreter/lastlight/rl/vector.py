"""Last Light's observation vector read from the state itself, fast (issue 27: the
environment's speed with the vector, BENCHMARKS.md "RL environment").

:meth:`LastLightSpec.encode <.spec.LastLightSpec.encode>` is the reference:
it encodes ``Game.observation(state, seat)``. This encoder gives the same vector (``tests/rl``
compares the two for every seat at every decision of whole games) without building the
observation, and it makes again only what changed since it last looked:

* the vector is its blocks joined in C, copied into an array nobody else holds (a new one,
  or one handed out before and dropped since: ``whitedwarf/rl/recycle.py``; the agent may
  keep the arrays it is given): the global numbers (round, phase, the task on top, dice,
  first player, asked now), kept by what they show;
  each seat's row of the seats block, made once for every seat; the pieces and the board as
  the seat sees them; its own block;
* what changed is read from the engine's version stamps (``interpreter/lastlight/
  versions.py``, read, never written): a seat's row (light, resources, supply, action cards,
  faction, techs in play) with the stamps of what it reads (``me``; ``techs_of``: faction,
  techs in hand and in play, exhausted or not; ``cards``; ``choice``, the chosen card;
  ``supply``, a piece taken from the supply or put back), its parts made again only when
  theirs change; another seat's chosen card shows only that it chose, the seat's own row is
  a copy of its row with its card (kept with the row's version);
* the ships, damage and extractors blocks by owner in seat order are kept up in place at a
  new ``ships`` or ``extractors`` stamp (``state.py``: "A ship's owner, size, sector and
  damage change only through these functions"): each ship's cell is compared with the one
  the block shows (a move changes one) and only the cells whose counts changed are written;
  their owners' parts are kept twice over, so that each seat's vector takes them turned to
  start at its own part as one view of each, which stays valid as the block changes; the
  sectors and planets blocks, the same for every seat, at a new ``tokens`` stamp (a token
  revealed: the only change they can see, tokens being laid at setup); the Lumos block by
  the ``lumos`` stamp; a seat's own block with its ``techs_of`` stamp, kept achievement and
  the cards dealt to it.

A stamp is unique in the process, so a block kept from one state is never taken for
another's; the blocks kept up in place are brought to whichever state is observed (a
ship's cells are compared with those of the last state observed, any state's).
"""

from __future__ import annotations

from array import array
from collections import Counter
from itertools import count
from operator import itemgetter, ne
from sys import getrefcount
from typing import TYPE_CHECKING, Any

import numpy as np
from whitedwarf.interpreter.lastlight import versions
from whitedwarf.interpreter.lastlight.records import Player, State
from whitedwarf.interpreter.lastlight.state import ACTIONS, LUMOS, SIZES
from whitedwarf.rl.recycle import FREE, Pool

if TYPE_CHECKING:
    from whitedwarf.interpreter.lastlight.rl.spec import LastLightSpec

#: numpy reads a dtype given as an object, by position, a microsecond sooner than by name.
_FLOAT32 = np.dtype(np.float32)

_RESOURCE = {"common": 0, "uncommon": 1, "rare": 2}
#: A seat's resources and the pieces in its supply, in the row's order.
_RESOURCES = itemgetter(*_RESOURCE)
_PIECES = ("small", "medium", "large", "extractor")
_SUPPLY = itemgetter(*_PIECES)
#: The per-seat stamps a seat's numbers read (``versions.PER_SEAT``).
_SEAT_DOMAINS = ("me", "techs_of", "cards", "supply", "choice")
#: Row versions, unique in the process (0: none placed yet).
_VERSIONS = count(1)
#: A ship's owner, size and sector; its damage.
_WHERE = itemgetter("owner", "size", "sector")
_DAMAGE = itemgetter("damage")
#: Whether a tech in play is exhausted.
_EXHAUSTED = itemgetter("exhausted")
#: The stamps of the blocks after the seats (:meth:`StateEncoder._board_changed`).
_BOARD_KEYS = ("ships", "extractors", "tokens", "lumos")
#: What a seat's own block reads beside its ``techs_of`` stamp.
_OWN_READS = itemgetter("achievement", "achievements_dealt", "factions_dealt")
#: A tech's card.
_REF = itemgetter("ref")
#: A die's face.
_FACE = itemgetter("face")
#: How many parts of a kind are kept at most (then forgotten, all at once).
_KEEP = 4096
#: An extractor's owner and sector.
_PLACED = itemgetter("owner", "sector")
#: What the sectors block shows of a sector: its token revealed, a token lying there.
_SEEN = itemgetter("revealed", "token")


def _sum(scale: float, many: int) -> float:
    """``scale`` added ``many`` times from 0 (the reference's sum of as many items)."""
    total = 0.0
    for _ in range(many):
        total += scale
    return total


def _sums(scale: float, many: int) -> list[float]:
    """``_sum(scale, k)`` for every k below ``many`` (each the one before plus ``scale``)."""
    total, out = 0.0, []
    for _ in range(many):
        out.append(total)
        total += scale
    return out


#: k ships in one cell: the reference's sum of k thirds (a board holds at most some dozens).
_THIRDS = _sums(1 / 3, 64)


def _zeros(size: int) -> array[float]:
    """``size`` float32 zeros: the vector's numbers, each rounded once as it is stored (as
    numpy's ``astype(np.float32)`` of the float64 it was worked out in would round it)."""
    return array("f", bytes(4 * size))


class StateEncoder:
    """The observation vector of a seat, read from a Last Light state (see the module)."""

    def __init__(self, spec: LastLightSpec) -> None:
        self.spec = spec
        n, off = spec.n, spec.layout.offset
        self.n = n
        self.size = spec.layout.size
        self._phase = {p: i for i, p in enumerate(spec.phases)}
        self._goal = spec.light_goal
        self._ntech = max(1, len(spec.techs))
        phases = len(spec.phases)
        assert off["global"] == 0
        self._waiting = 4 + phases  # an effect waiting
        self._top = 5 + phases  # the task on top, one-hot
        self._asked = 5 + phases + len(spec.tasks)
        self._task, self._face = spec._task, spec._face
        self._first, self._faces, self._seats_at = off["first"], off["faces"], off["seats"]
        #: the global, first and faces blocks, written afresh: zeros to start them from
        self._head = _zeros(self._seats_at)
        self._width = spec._width
        self._choice = 11 + 2 * len(ACTIONS)  # the chosen card's place in a seat's numbers
        #: the global, first and faces blocks by what they show (:meth:`_head_of`)
        self._heads: dict[tuple[Any, ...], array[float]] = {}
        #: seat -> its own row (its chosen card by card) with the row's version then
        self._mine: list[tuple[int, array[float]] | None] = [None] * n
        #: the Lumos block, by the ally's place from the seat (the last: none)
        self._allies = [_zeros(n + 1) for _ in range(n + 1)]
        for k, block in enumerate(self._allies):
            block[k] = 1.0
        #: seat -> its own block, with what it was made from; the blocks by what they show
        self._owns = [_zeros(self.size - off["own"]) for _ in range(n)]
        self._own_blocks: dict[tuple[Any, ...], array[float]] = {}
        self._placed_own: list[Any] = [None] * n
        #: the vector's parts joined into one buffer (one C call), then copied into an
        #: array of the pool
        self._join = bytearray().join
        self._arrays = Pool(self.size, _FLOAT32)
        #: seat -> the stamps its numbers read, in :data:`_SEAT_DOMAINS` order
        self._seat_keys = [tuple((d, s) for d in _SEAT_DOMAINS) for s in range(n)]
        #: seat -> the stamps its numbers read, taken by position from all of them
        self._seat_stamps: list[Any] = []
        #: the pieces' stamps (``ships``, ``extractors``, ``tokens``, ``lumos``), alike
        self._board_stamps: Any = None
        #: the stamps the getters were made for (:meth:`_new_stamps`), how many there were
        #: then, and all their values at the last observation
        self._stamps_of: Any = None
        self._count = 0
        self._now: tuple[int, ...] = ()
        #: seat -> its numbers as another seat sees them (its chosen card only as chosen),
        #: made once for every seat and kept up part by part (:meth:`_refresh_rows`)
        self._rows = [_zeros(self._width) for _ in range(n)]
        #: seat -> the stamps its row read
        self._row_stamps: list[Any] = [None] * n
        #: seat -> its row's version (new at each change; unique in the process)
        self._row_version = [0] * n
        ncard = len(ACTIONS)
        #: a row's parts: the numbers, the action cards, the faction and techs in play
        self._cards_part = (11, 11 + 3 * ncard)
        self._faction_part = (11 + 3 * ncard, self._width)
        #: a row's action cards part and its faction part, by what they show (a few recur)
        self._card_parts: dict[tuple[Any, ...], array[float]] = {}
        self._faction_parts: dict[tuple[Any, ...], array[float]] = {}
        self._no_own = _zeros(self.size - off["own"])
        nsec = len(spec.sectors)
        self._per_owner = len(SIZES) * nsec
        self._nsec = nsec
        #: a ship's (owner, size, sector) -> its cell in the ships block by owner in seat order
        self._ship_cell: dict[tuple[int, str, str], int] = {}
        self._board = (off["sectors"], off["lumos"])  # sectors and planets
        #: the pieces' blocks, kept up in place (:meth:`_board_changed`): the ships and the
        #: damage by owner in seat order, each owners' part twice over (a seat's view is one
        #: slice, its own part first), the Lumos' part apart; the extractors alike (no
        #: Lumos part); the sectors and planets, the same for every seat
        self._ships = _Twice(n, self._per_owner, lumos=True)
        self._damage = _Twice(n, nsec, lumos=True)
        self._extractors = _Twice(n, nsec, lumos=False)
        self._board_block = _zeros(self._board[1] - self._board[0])
        #: what the sectors and planets blocks were brought to (:meth:`_board_blocks`)
        self._kept_board: _Board | None = None
        #: the board stamps (``ships``, ``extractors``, ``tokens``, ``lumos``) the blocks
        #: show now
        self._board_now: tuple[int, ...] = ()
        #: each ship's cell, in board order, and each cell's ships, as the ships block shows
        #: them; each ship's damage then, and whether any was damaged
        self._cells: list[int] = []
        self._counts = [0] * ((n + 1) * self._per_owner)
        self._damages: list[int] = []
        self._hurt = False
        #: seat -> the ships, damage, extractors, sectors, planets and Lumos blocks as it
        #: sees them (views of the blocks above, which change in place; to join), the Lumos
        #: block (the last) set at each ``lumos`` stamp
        self._seat_pieces: list[list[Any]] = [
            [
                self._ships.seen_by(seat),
                self._ships.lumos,
                self._damage.seen_by(seat),
                self._damage.lumos,
                self._extractors.seen_by(seat),
                self._board_block,
                self._allies[n],
            ]
            for seat in range(n)
        ]
        self._board = (off["sectors"], off["lumos"])  # sectors and planets

    def observe(self, state: State, seat: int, asked: bool) -> np.ndarray:
        """``seat``'s vector (float32), equal to ``spec.encode(Game.observation(state, seat))``."""
        deck, dice, stack = state["deck"], state["dice"], state["stack"]
        try:
            faces = tuple(map(_FACE, dice))
        except KeyError:  # a die not rolled yet
            faces = tuple(die.get("face") for die in dice)
        # the global, first and faces blocks, kept by what they show (a few recur all game)
        key = (
            state["round"],
            state["round_limit"],
            state["rotation"],
            deck if isinstance(deck, int) else len(deck),
            state["phase"],
            not state["frames"],
            stack[-1]["kind"] if stack else None,
            asked,
            self.spec._rels[seat][state["first"]],
            faces,
        )
        head = self._heads.get(key)
        if head is None:
            head = self._head_of(key)
        memo = getattr(state, "memo", None)  # (:func:`versions.of` written out)
        stamps = (memo or versions.of(state)).stamps
        # every stamp at once, in the dict's order (one C call; no key hashed): the rows
        # and pieces compare theirs by position (:meth:`_new_stamps`)
        now = tuple(stamps.values())
        players = state["players"]
        if now != self._now:  # something changed since the last observation, any seat's
            if self._stamps_of is not stamps or len(now) != self._count:
                self._new_stamps(stamps)
            self._refresh_rows(players, now)
            self._now = now
        rows = self._rows
        parts: list[Any] = [head]
        choice = players[seat]["choice"]
        if choice is None:
            parts += rows[seat:]
        else:  # yours by card, not only that you chose
            parts.append(self._own_row(seat, choice))
            parts += rows[seat + 1 :]
        parts += rows[:seat]
        board = self._board_stamps(now)
        if board != self._board_now:  # (the blocks change in place: the views stay)
            self._board_changed(state, board)
        parts += self._seat_pieces[seat]
        me = players[seat]
        own = self._placed_own[seat]
        if own is None or own[0] != self._row_stamps[seat][1] or own[1] != _OWN_READS(me):
            self._own(seat, me)
        parts.append(self._owns[seat])
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
        """The global, first and faces blocks for what :meth:`observe` read (``key``),
        kept by it."""
        rounds, limit, rotation, deck, phase, idle, task, asked, first, faces = key
        buf = array("f", self._head)
        buf[0] = rounds / max(1, limit)
        buf[1] = rotation / 16
        buf[2] = deck / self._ntech
        buf[3] = len(faces) / 6
        buf[4 + self._phase[phase]] = 1.0
        if not idle:
            buf[self._waiting] = 1.0
        if task is not None:
            buf[self._top + self._task.get(task, 0)] = 1.0
        if asked:
            buf[self._asked] = 1.0
        buf[self._first + first] = 1.0
        if faces:  # summed in float64, then stored (rounded) once
            index, at = self._face, self._faces
            seen: dict[int, float] = {}
            for face in faces:
                k = index.get(face)
                if k is not None:
                    seen[k] = seen.get(k, 0.0) + 1 / 6
            for k, value in seen.items():
                buf[at + k] = value
        if len(self._heads) > _KEEP:
            self._heads.clear()
        self._heads[key] = buf
        return buf

    # -- the seats block -------------------------------------------------------------------

    def _new_stamps(self, stamps: dict[Any, int]) -> None:
        """Each seat's stamp getter, and the pieces', for a new state's stamps (or one that
        gained a key): by each key's position in the dict. The engine only renews a stamp
        (``versions.py``: its keys are set when the versions are made and none is ever
        removed), so a key keeps its position and ``tuple(stamps.values())`` reads them all
        in one call without hashing a key."""
        at = {k: i for i, k in enumerate(stamps)}
        self._seat_stamps = [itemgetter(*(at[k] for k in keys)) for keys in self._seat_keys]
        self._board_stamps = itemgetter(*(at[k] for k in _BOARD_KEYS))
        self._stamps_of = stamps
        self._count = len(at)

    def _refresh_rows(self, players: list[Player], stamps: tuple[int, ...]) -> None:
        """Bring each seat's row up to date (made once for every seat): only the parts whose
        sources changed are made again (its numbers with ``me``, only its techs' with
        ``techs_of``, its supply with ``supply``; its action cards with
        ``cards``, only whether it chose with ``choice``; its faction, exhausted or not, and
        techs in play with ``techs_of``).
        ``stamps``: every stamp's value, in the order :meth:`_new_stamps` read."""
        row_stamps = self._row_stamps
        for s, getter in enumerate(self._seat_stamps):
            now, was = getter(stamps), row_stamps[s]
            if now == was:
                continue
            p = players[s]
            if was is None:
                self._numbers(p)
                self._supply(p)
                self._cards(p)
                self._faction(p)
            else:
                me, techs_of, cards, supply, choice = now
                if me != was[0]:
                    self._numbers(p)
                elif techs_of != was[1]:
                    self._techs(p)
                if supply != was[3]:
                    # (``state.take_piece`` and ``return_piece``: a unit paid out of another
                    # seat's graveyard comes home with no stamp of this seat's else)
                    self._supply(p)
                if cards != was[2]:
                    self._cards(p)
                elif choice != was[4]:  # a card chosen (or not): one number of the part
                    self._rows[s][self._choice] = 0.0 if p["choice"] is None else 1.0
                if techs_of != was[1]:
                    self._faction(p)
            row_stamps[s] = now
            self._row_version[s] = next(_VERSIONS)

    def _own_row(self, seat: int, choice: str) -> array[float]:
        """The seat's own row, its chosen card by card (another seat's row shows only that
        it chose), kept with the row's version."""
        version = self._row_version[seat]
        kept = self._mine[seat]
        if kept is not None and kept[0] == version:
            return kept[1]
        row = array("f", self._rows[seat])
        row[self._choice] = 0.0
        row[self._choice + self.spec._action[choice]] = 1.0
        self._mine[seat] = (version, row)
        return row

    def _numbers(self, p: Player) -> None:
        """A row's first seven numbers (its ``me`` stamp moved): light, resources, techs
        in hand and exhausted in play, graveyard; the supply is :meth:`_supply`'s."""
        row = self._rows[p["seat"]]
        res = p["res"]
        try:  # (read in C; a resource missing is read as 0)
            common, uncommon, rare = _RESOURCES(res)
        except KeyError:
            common, uncommon, rare = (res.get(k, 0) for k in _RESOURCE)
        row[0] = p["light"] / self._goal
        row[1] = common / 10
        row[2] = uncommon / 10
        row[3] = rare / 10
        self._techs(p)
        row[6] = len(p["graveyard"]) / 4

    def _techs(self, p: Player) -> None:
        """A row's techs in hand and techs exhausted in play (its ``techs_of`` stamp)."""
        row = self._rows[p["seat"]]
        hand = p["techs_hand"]
        row[4] = (hand if isinstance(hand, int) else len(hand)) / 10
        row[5] = sum(map(bool, map(_EXHAUSTED, p["techs"]))) / 10

    def _supply(self, p: Player) -> None:
        """A row's supply numbers (the four after :meth:`_numbers`' seven): its ``supply``
        stamp moved (``state.take_piece``, ``return_piece``)."""
        row = self._rows[p["seat"]]
        supply = p["supply"]
        try:
            small, medium, large, extractor = _SUPPLY(supply)
        except KeyError:
            small, medium, large, extractor = (supply.get(k, 0) for k in _PIECES)
        row[7] = small / 5
        row[8] = medium / 5
        row[9] = large / 5
        row[10] = extractor / 5

    def _cards(self, p: Player) -> None:
        """A row's action cards in hand, played and chosen (only that it chose): a few
        hands and plays recur all game long, so each part made is kept by what it shows."""
        key = (*p["hand"], None, *p["played"], p["choice"] is not None)
        part = self._card_parts.get(key)
        if part is None:
            part = self._card_part(p)
            if len(self._card_parts) > _KEEP:
                self._card_parts.clear()
            self._card_parts[key] = part
        start, end = self._cards_part
        self._rows[p["seat"]][start:end] = part

    def _card_part(self, p: Player) -> array[float]:
        part = _zeros(3 * len(ACTIONS))
        ncard, action = len(ACTIONS), self.spec._action
        for c in p["hand"]:
            part[action[c]] += 1.0
        for c in p["played"]:
            part[ncard + action[c]] += 1.0
        if p["choice"] is not None:
            part[2 * ncard] += 1.0
        return part

    def _faction(self, p: Player) -> None:
        """A row's faction, whether it is exhausted, and the techs in play by card, kept by
        what it shows (a seat's techs in play only grow: a few parts a seat and game)."""
        key = (p["faction"], p["faction_exhausted"], *map(_REF, p["techs"]))
        part = self._faction_parts.get(key)
        if part is None:
            part = self._faction_part_of(p)
            if len(self._faction_parts) > _KEEP:
                self._faction_parts.clear()
            self._faction_parts[key] = part
        start, end = self._faction_part
        self._rows[p["seat"]][start:end] = part

    def _faction_part_of(self, p: Player) -> array[float]:
        spec = self.spec
        part = _zeros(self._width - self._faction_part[0])
        k = spec._faction.get(p["faction"])  # type: ignore[arg-type]  # None: no faction yet
        if k is not None:
            part[k] += 1.0
        if p["faction_exhausted"]:
            part[len(spec.factions)] += 1.0
        first, refs = len(spec.factions) + 1, spec._refs
        for t in p["techs"]:
            ref = t["ref"]
            k = refs.get(ref)
            part[first + (spec._ref(ref) if k is None else k)] += 1.0
        return part

    def _own(self, seat: int, me: Player) -> None:
        """Take the seat's own block (its techs in hand, achievement kept, cards dealt) at a
        change of its ``techs_of`` stamp, kept achievement or cards dealt: kept by what it
        shows, for every seat (a hand recurs as techs come and go)."""
        achievement, achievements, factions = _OWN_READS(me)
        self._placed_own[seat] = (
            self._row_stamps[seat][1],
            (achievement, list(achievements), list(factions)),
        )
        key = (*me["techs_hand"], None, achievement, *achievements, None, *factions)
        block = self._own_blocks.get(key)
        if block is None:
            block = self._own_block(me)
            if len(self._own_blocks) > _KEEP:
                self._own_blocks.clear()
            self._own_blocks[key] = block
        self._owns[seat] = block

    def _own_block(self, me: Player) -> array[float]:
        spec = self.spec
        own = 0
        buf = array("f", self._no_own)
        ref_tech, achievement = spec._ref, spec._achievement
        for ref in me["techs_hand"]:
            buf[own + ref_tech(ref)] += 1.0
        ach = own + len(spec.techs)
        k = achievement.get(me["achievement"])  # type: ignore[arg-type]  # None: none kept
        if k is not None:
            buf[ach + k] += 1.0
        dealt = ach + len(spec.achievements)
        for a in me["achievements_dealt"]:
            buf[dealt + achievement[a]] += 1.0
        factions = ach + 2 * len(spec.achievements)
        for f in me["factions_dealt"]:
            buf[factions + spec._faction[f]] += 1.0
        return buf

    # -- the pieces, by owner in seat order, kept up in place -------------------------------

    def _board_changed(self, state: State, stamps: tuple[int, ...]) -> None:
        """Bring the pieces' blocks up to the ``ships``, ``extractors``, ``tokens`` and
        ``lumos`` stamps (each block written again only at its own stamp's change; a stamp is
        unique in the process, so another state's are others, and each block is then
        brought to that state's pieces)."""
        ships, extractors, tokens, lumos = stamps
        was = self._board_now or (0, 0, 0, 0)
        if ships != was[0]:
            self._ships_changed(state)
        if extractors != was[1]:
            self._extractors_changed(state)
        if tokens != was[2]:
            self._board_blocks(state, tokens)
        if lumos != was[3]:
            lumos_of = state["lumos"]
            ally = lumos_of.get("ally") if lumos_of else None
            rels, allies, n = self.spec._rels, self._allies, self.n
            for seat, pieces in enumerate(self._seat_pieces):
                pieces[-1] = allies[n if ally is None else rels[seat][ally]]
        self._board_now = stamps

    def _ships_changed(self, state: State) -> None:
        """The ships and damage blocks at a new ``ships`` stamp: each ship's cell found in
        C and compared with the cells the block shows (in C: a move changes one), the
        count of each cell that changed written again as the reference's sum of as many
        thirds (:data:`_THIRDS`); the damage block made again when a damage or a damaged
        ship's cell changed, summed in board order as the reference sums it."""
        ships = state["ships"].values()
        cell = self._ship_cell
        try:
            cells = list(map(cell.__getitem__, map(_WHERE, ships)))
        except KeyError:  # a cell not seen yet: remembered, then all found again
            for where in map(_WHERE, ships):
                if where not in cell:
                    self._new_ship_cell(where)
            cells = list(map(cell.__getitem__, map(_WHERE, ships)))
        old = self._cells
        moved = cells != old
        if moved:
            self._count_cells(cells, old)
            self._cells = cells
        damages = list(map(_DAMAGE, ships))
        if damages != self._damages or (moved and self._hurt):
            self._damages = damages
            self._hurt = any(damages)
            self._damage_block(cells, damages)

    def _count_cells(self, cells: list[int], old: list[int]) -> None:
        """Count the ships of each cell anew from the cells the block shows (``old``: any
        state's, the last one observed): the cells that differ by place are taken out and
        put in (the counts are the same whatever the order), and their numbers written."""
        counts = self._counts
        touched: list[int] = []
        common = min(len(cells), len(old))
        diff = list(map(ne, cells, old))
        at = -1
        for _ in range(diff.count(True)):
            at = diff.index(True, at + 1)
            counts[old[at]] -= 1
            counts[cells[at]] += 1
            touched += (old[at], cells[at])
        for c in old[common:]:
            counts[c] -= 1
            touched.append(c)
        for c in cells[common:]:
            counts[c] += 1
            touched.append(c)
        put = self._ships.put
        for c in touched:
            many = counts[c]
            put(c, _THIRDS[many] if many < len(_THIRDS) else _sum(1 / 3, many))

    def _damage_block(self, cells: list[int], damages: list[int]) -> None:
        """The damage block by owner in seat order (the Lumos last), summed in board order
        as the reference sums it, then stored (rounded) once."""
        per_owner, nsec = self._per_owner, self._nsec
        damage = _zeros((self.n + 1) * nsec)
        if self._hurt:
            hurt: dict[int, float] = {}  # summed in float64
            for at, many in zip(cells, damages, strict=True):
                if many:
                    at = at // per_owner * nsec + at % nsec  # owner, sector
                    hurt[at] = hurt.get(at, 0.0) + many / 3
            for at, value in hurt.items():
                damage[at] = value
        self._damage.write(damage)

    def _new_ship_cell(self, where: tuple[int, str, str]) -> int:
        """A ship's cell in the ships block by owner in seat order (remembered)."""
        owner, size, sector = where
        spec, nsec = self.spec, self._nsec
        o = self.n if owner == LUMOS else owner
        at = o * self._per_owner + spec._size[size] * nsec + spec._sector[sector]
        self._ship_cell[where] = at
        return at

    def _extractors_changed(self, state: State) -> None:
        """The extractors block by owner in seat order, made again at a new ``extractors``
        stamp."""
        nsec, sectors = self._nsec, self.spec._sector
        block = _zeros(self.n * nsec)
        for (owner, sector), many in Counter(map(_PLACED, state["extractors"].values())).items():
            if owner != LUMOS:
                block[owner * nsec + sectors[sector]] = (
                    _THIRDS[many] if many < len(_THIRDS) else _sum(1 / 3, many)
                )
        self._extractors.write(block)

    # -- the board, the same for every seat ----------------------------------------------------

    def _board_blocks(self, state: State, stamp: int) -> None:
        """Bring the sectors and planets blocks (the same for every seat, written in place)
        to the ``tokens`` stamp: a token revealed is the only change they can see (a deep
        space one leaves the board, a planetary one turns face up, ``state.reveal_token``;
        tokens are laid at setup, before the state is first observed). At a new stamp of
        the same state only the sectors whose token changed (found in C) are written again,
        with their planets (a game reveals some fifteen, one at a time)."""
        kept = self._kept_board
        if kept is not None and kept[0] == stamp:
            return
        seen = state["sectors"]
        flags = list(map(_SEEN, seen.values()))
        planets = state["planets"]
        block = self._board_block
        if (
            kept is None
            or kept[2] is not seen
            or kept[5] is not planets
            or len(flags) != len(kept[1])
        ):
            block[:] = self._board_of(state)  # (another state: kept holds its sectors alive)
            ids = list(seen)
            by_sector: dict[str, list[str]] = {}
            for pid, planet in planets.items():
                by_sector.setdefault(planet["sector"], []).append(pid)
        else:
            ids, by_sector = kept[3], kept[4]
            diff = list(map(ne, flags, kept[1]))
            at = -1
            for _ in range(diff.count(True)):
                at = diff.index(True, at + 1)
                self._sector_changed(block, state, ids[at], by_sector.get(ids[at], ()))
        self._kept_board = (stamp, flags, seen, ids, by_sector, planets)

    def _sector_changed(
        self, block: array[float], state: State, sid: str, planets: list[str] | tuple[()]
    ) -> None:
        """Write again one sector's two numbers and its planets' in the board block (as
        :meth:`_board_of` writes them)."""
        spec = self.spec
        s = state["sectors"][sid]
        at = 2 * spec._sector[sid]
        block[at] = 1.0 if s["revealed"] else 0.0
        block[at + 1] = 1.0 if s["token"] else 0.0
        first = spec.layout.offset["planets"] - self._board[0]
        for pid in planets:
            planet = state["planets"][pid]
            place = first + 4 * spec._planet[pid]
            k = _RESOURCE.get(planet["resource"], 3) if s["revealed"] else 3
            block[place : place + 4] = _ONE_OF_FOUR[k]

    def _board_of(self, state: State) -> array[float]:
        """The sectors and planets blocks made from the whole board."""
        spec = self.spec
        sectors = spec._sector
        start, end = self._board
        block = _zeros(end - start)
        seen = state["sectors"]
        for sid, s in seen.items():
            if s["revealed"]:
                block[2 * sectors[sid]] += 1.0
            if s["token"]:
                block[2 * sectors[sid] + 1] += 1.0
        at, planet_index = spec.layout.offset["planets"] - start, spec._planet
        for pid, planet in state["planets"].items():
            shown = seen[planet["sector"]]["revealed"]
            k = _RESOURCE.get(planet["resource"], 3) if shown else 3
            block[at + 4 * planet_index[pid] + k] += 1.0
        return block


#: What the board block was brought to (:meth:`StateEncoder._board_blocks`): the tokens
#: stamp, what it showed of each sector (:data:`_SEEN`, in the state's order), the state's
#: sectors, its sector ids in that order, its planets by sector, and its planets.
_Board = tuple[int, list[Any], Any, list[str], dict[str, list[str]], Any]
#: A planet's four numbers with a 1 at each place (its resource, or not yet seen).
_ONE_OF_FOUR = [array("f", [1.0 if i == k else 0.0 for i in range(4)]) for k in range(4)]


class _Twice:
    """A block by owner in seat order (``n`` owners' parts of ``part`` float32 numbers, then
    the Lumos' part or none), kept so that every seat's view of it, its own part first, then
    the next seat's ..., is one slice of bytes that stays valid as the block changes: the
    owners' parts twice over, then the Lumos' part apart. Each number is written in both
    places (:meth:`put`) or the whole block again (:meth:`write`); the bytes never move."""

    def __init__(self, n: int, part: int, *, lumos: bool) -> None:
        self.owners = n * part  # numbers
        self._part = 4 * part  # bytes
        self._twice = bytearray(8 * self.owners)
        self._numbers = memoryview(self._twice).cast("f")
        lumos_part = bytearray(4 * part if lumos else 0)
        self._lumos_numbers = memoryview(lumos_part).cast("f")
        #: the Lumos' part (bytes, to join)
        self.lumos = memoryview(lumos_part)

    def seen_by(self, seat: int) -> memoryview:
        """The owners' parts as ``seat`` sees them (a view: it shows every later change)."""
        start = seat * self._part
        return memoryview(self._twice)[start : start + 4 * self.owners]

    def put(self, at: int, value: float) -> None:
        """Number ``at`` of the block (by owner in seat order, the Lumos' last) is ``value``
        (stored as float32)."""
        owners = self.owners
        if at < owners:
            numbers = self._numbers
            numbers[at] = value
            numbers[at + owners] = value
        else:
            self._lumos_numbers[at - owners] = value

    def write(self, block: array[float]) -> None:
        """The whole block again (``owners`` numbers in seat order, then the Lumos')."""
        data = memoryview(block).cast("B")
        size = 4 * self.owners
        self._twice[:size] = data[:size]
        self._twice[size:] = data[:size]
        self.lumos[:] = data[size:]
