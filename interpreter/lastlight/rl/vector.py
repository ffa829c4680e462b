"""Last Light's observation vector read from the state itself, fast (issue 27: the
environment's speed with the vector, BENCHMARKS.md "RL environment").

:meth:`LastLightSpec.encode <.spec.LastLightSpec.encode>` is the reference:
it encodes ``Game.observation(state, seat)``. This encoder gives the same vector (``tests/rl``
compares the two for every seat at every decision of whole games) without building the
observation, and between two observations of a seat it writes only what changed:

* each seat's last vector is kept (a float64 ``array``) with what each block was made from;
  an observation writes the blocks whose sources changed into it and hands numpy the
  buffer (one conversion to float32, which copies it: the agent may keep its observations);
* what changed is read from the engine's version stamps (``interpreter/lastlight/
  versions.py``, read, never written): the ships and damage blocks change only when a ship
  is placed, moved, damaged, repaired or removed, the extractors block only when an
  extractor is placed or removed (the ``ships`` and ``extractors`` stamps; ``state.py``: "A
  ship's owner, size, sector and damage change only through these functions"); a seat's
  numbers in the seats block with the stamps of what they read (``me``: light, resources,
  techs in play, graveyard; ``techs_of``: faction, techs in hand and in play, exhausted or
  not; ``cards``: action cards; ``fleet`` and ``holdings``: its pieces, so its supply) and
  its chosen card and exhausted faction; the own block with the seat's ``techs_of`` stamp,
  kept achievement and the cards dealt to it;
* what every seat sees alike is worked out once for all of them: a seat's numbers (another
  seat's chosen card shows only that it chose; the seat's own is put right in its own
  vector), and the ships, damage and extractors by owner in seat order, which each seat's
  vector takes turned to start at its own;
* the sectors and planets blocks change only when a token is revealed or taken: a sector
  without a token never gets one in play (tokens are laid at setup), and a planet's resource
  is fixed at setup, so they are kept per state object (its ``Versions``, which a clone, a
  loaded state and a hand edit replace) with the sectors that still hold a token, and made
  again when one of those is revealed or emptied.

The global numbers (round, phase, the task on top, dice, first player, the Lumos' ally) are
written afresh at every observation. A stamp is unique in the process, so a block kept from
one state is never taken for another's.
"""

from __future__ import annotations

from array import array
from collections import Counter
from itertools import count
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np
from whitedwarf.interpreter.lastlight import versions
from whitedwarf.interpreter.lastlight.records import Player, State
from whitedwarf.interpreter.lastlight.state import ACTIONS, LUMOS, SIZES

if TYPE_CHECKING:
    from whitedwarf.interpreter.lastlight.rl.spec import LastLightSpec

#: numpy reads a dtype given as an object, by position, a microsecond sooner than by name.
_FLOAT32 = np.dtype(np.float32)

_RESOURCE = {"common": 0, "uncommon": 1, "rare": 2}
#: The per-seat stamps a seat's numbers read (``versions.PER_SEAT``).
_SEAT_DOMAINS = ("me", "techs_of", "cards", "fleet", "holdings", "choice")
#: Row versions, unique in the process (0: none placed yet).
_VERSIONS = count(1)
#: A ship's owner, size and sector; its damage.
_WHERE = itemgetter("owner", "size", "sector")
_DAMAGE = itemgetter("damage")
#: Whether a tech in play is exhausted.
_EXHAUSTED = itemgetter("exhausted")
#: An extractor's owner and sector.
_PLACED = itemgetter("owner", "sector")


def _sum(scale: float, many: int) -> float:
    """``scale`` added ``many`` times from 0 (the reference's sum of as many items)."""
    total = 0.0
    for _ in range(many):
        total += scale
    return total


#: k ships in one cell: the reference's sum of k thirds (a board holds at most some dozens).
_THIRDS = [_sum(1 / 3, k) for k in range(64)]


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
        self._lumos = off["lumos"]
        self._no_ally = _zeros(n + 1)
        self._width = spec._width
        self._choice = 11 + 2 * len(ACTIONS)  # the chosen card's place in a seat's numbers
        #: seat -> its last vector, and what each block of it was made from
        self._bufs = [_zeros(self.size) for _ in range(n)]
        #: seat -> numpy's view of its vector (a copy of it is handed out: one C call)
        self._views = [np.frombuffer(buf, _FLOAT32) for buf in self._bufs]
        #: seat -> each seat's numbers in its seats block: the version of the row placed
        self._placed: list[list[int]] = [[0] * n for _ in range(n)]
        #: seat -> the ships stamp, extractors stamp, board made, own key its blocks hold
        self._placed_ships: list[Any] = [None] * n
        self._placed_extractors: list[Any] = [None] * n
        self._placed_board: list[Any] = [None] * n
        self._placed_own: list[Any] = [None] * n
        #: seat -> the stamps its numbers read, in :data:`_SEAT_DOMAINS` order
        self._seat_keys = [tuple((d, s) for d in _SEAT_DOMAINS) for s in range(n)]
        self._seat_stamps = [itemgetter(*k) for k in self._seat_keys]
        #: the stamps the getters were made for (:meth:`_new_stamps`)
        self._stamps_of: Any = None
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
        #: zeros to start each part (and the own block) from
        self._no_cards = _zeros(3 * ncard)
        self._no_faction = _zeros(self._width - 11 - 3 * ncard)
        self._no_own = _zeros(self.size - off["own"])
        nsec = len(spec.sectors)
        self._per_owner = len(SIZES) * nsec
        self._nsec = nsec
        #: a ship's (owner, size, sector) -> its cell in the ships block by owner in seat order
        self._ship_cell: dict[tuple[int, str, str], int] = {}
        #: (ships stamp, the ships and damage blocks in seat order, Lumos last)
        self._ships_made: tuple[int, array[float], array[float]] | None = None
        #: (extractors stamp, the extractors block in seat order)
        self._extractors_made: tuple[int, array[float]] | None = None
        #: (the tokens stamp, the sectors and planets blocks then)
        self._kept_board: tuple[int, array[float]] | None = None
        self._board = (off["sectors"], off["lumos"])  # sectors and planets

    def observe(self, state: State, seat: int, asked: bool) -> np.ndarray:
        """``seat``'s vector (float32), equal to ``spec.encode(Game.observation(state, seat))``."""
        buf = self._bufs[seat]
        rel = self.spec._rels[seat]
        buf[: self._seats_at] = self._head  # the global block comes first
        deck = state["deck"]
        buf[0] = state["round"] / max(1, state["round_limit"])
        buf[1] = state["rotation"] / 16
        buf[2] = (deck if isinstance(deck, int) else len(deck)) / self._ntech
        dice = state["dice"]
        buf[3] = len(dice) / 6
        buf[4 + self._phase[state["phase"]]] = 1.0
        if state["frames"]:
            buf[self._waiting] = 1.0
        if state["stack"]:
            buf[self._top + self._task.get(state["stack"][-1]["kind"], 0)] = 1.0
        if asked:
            buf[self._asked] = 1.0
        buf[self._first + rel[state["first"]]] = 1.0
        if dice:  # summed in float64, then stored (rounded) once
            faces, at = self._face, self._faces
            seen: dict[int, float] = {}
            for die in dice:
                k = faces.get(die.get("face"))
                if k is not None:
                    seen[k] = seen.get(k, 0.0) + 1 / 6
            for k, value in seen.items():
                buf[at + k] = value
        found = versions.of(state)
        stamps = found.stamps
        if self._stamps_of is not stamps:  # a new state: its own keys, looked up by identity
            self._new_stamps(stamps)
        players = state["players"]
        self._refresh_rows(players, stamps)
        self._seats(seat, buf, rel, players)
        stamp = stamps["ships"]
        if self._placed_ships[seat] != stamp:
            self._place_ships(state, seat, buf, stamp)
        stamp = stamps["extractors"]
        if self._placed_extractors[seat] != stamp:
            self._place_extractors(state, seat, buf, stamp)
        stamp = stamps["tokens"]
        if self._placed_board[seat] != stamp:
            start, end = self._board
            buf[start:end] = self._board_blocks(state, stamp)
            self._placed_board[seat] = stamp
        at = self._lumos
        buf[at : at + self.n + 1] = self._no_ally
        lumos = state["lumos"]
        ally = lumos.get("ally") if lumos else None
        buf[at + (self.n if ally is None else rel[ally])] = 1.0
        me = players[seat]
        kept = self._placed_own[seat]
        if (
            kept is None
            or kept[0] != self._row_stamps[seat][1]  # its techs_of stamp
            or kept[1] != me["achievement"]
            or kept[2] != me["achievements_dealt"]
            or kept[3] != me["factions_dealt"]
        ):
            self._own(buf, me)
            self._placed_own[seat] = (
                self._row_stamps[seat][1],
                me["achievement"],
                list(me["achievements_dealt"]),
                list(me["factions_dealt"]),
            )
        # a copy (the agent may keep it; this buffer is written again at the next step)
        return self._views[seat].copy()

    # -- the seats block -------------------------------------------------------------------

    def _new_stamps(self, stamps: dict[Any, int]) -> None:
        """Each seat's stamp getter for a new state's stamps, made with their own keys (a
        look-up that finds its key by identity skips comparing the tuples)."""
        own = {k: k for k in stamps}
        self._seat_stamps = [itemgetter(*(own.get(k, k) for k in keys)) for keys in self._seat_keys]
        self._stamps_of = stamps

    def _refresh_rows(self, players: list[Player], stamps: dict[Any, int]) -> None:
        """Bring each seat's row up to date (made once for every seat): only the parts whose
        sources changed are made again (its numbers with the stamps ``me``, ``techs_of``,
        ``fleet``, ``holdings``; its action cards with ``cards`` and ``choice``, its chosen
        card; its faction, exhausted or not, and techs in play with ``techs_of``)."""
        row_stamps = self._row_stamps
        for s, getter in enumerate(self._seat_stamps):
            now, was = getter(stamps), row_stamps[s]
            if now == was:
                continue
            p = players[s]
            if was is None:
                self._numbers(p)
                self._cards(p)
                self._faction(p)
            else:
                me, techs_of, cards, fleet, holdings, choice = now
                if me != was[0] or techs_of != was[1] or fleet != was[3] or holdings != was[4]:
                    self._numbers(p)
                if cards != was[2] or choice != was[5]:
                    self._cards(p)
                if techs_of != was[1]:
                    self._faction(p)
            row_stamps[s] = now
            self._row_version[s] = next(_VERSIONS)

    def _seats(self, seat: int, buf: array[float], rel: list[int], players: list[Player]) -> None:
        """Each seat's row where ``seat``'s vector holds an older one; its own chosen card
        by card (another's shows only that it chose)."""
        placed, version = self._placed[seat], self._row_version
        width, at = self._width, self._seats_at
        for s in range(self.n):
            if placed[s] == version[s]:
                continue
            base = at + rel[s] * width
            buf[base : base + width] = self._rows[s]
            choice = players[s]["choice"] if s == seat else None
            if choice is not None:  # yours by card, not only that you chose
                cell = base + self._choice
                buf[cell] = 0.0
                buf[cell + self.spec._action[choice]] = 1.0
            placed[s] = version[s]

    def _numbers(self, p: Player) -> None:
        """A row's first eleven numbers: light, resources, techs, graveyard, supply."""
        row = self._rows[p["seat"]]
        res, supply, hand, techs = p["res"], p["supply"], p["techs_hand"], p["techs"]
        row[0] = p["light"] / self._goal
        row[1] = res.get("common", 0) / 10
        row[2] = res.get("uncommon", 0) / 10
        row[3] = res.get("rare", 0) / 10
        row[4] = (hand if isinstance(hand, int) else len(hand)) / 10
        row[5] = sum(map(bool, map(_EXHAUSTED, techs))) / 10
        row[6] = len(p["graveyard"]) / 4
        row[7] = supply.get("small", 0) / 5
        row[8] = supply.get("medium", 0) / 5
        row[9] = supply.get("large", 0) / 5
        row[10] = supply.get("extractor", 0) / 5

    def _cards(self, p: Player) -> None:
        """A row's action cards in hand, played and chosen (only that it chose)."""
        row = self._rows[p["seat"]]
        start, end = self._cards_part
        row[start:end] = self._no_cards
        ncard, action = len(ACTIONS), self.spec._action
        for c in p["hand"]:
            row[start + action[c]] += 1.0
        for c in p["played"]:
            row[start + ncard + action[c]] += 1.0
        if p["choice"] is not None:
            row[self._choice] += 1.0

    def _faction(self, p: Player) -> None:
        """A row's faction, whether it is exhausted, and the techs in play by card."""
        spec = self.spec
        row = self._rows[p["seat"]]
        start, end = self._faction_part
        row[start:end] = self._no_faction
        k = spec._faction.get(p["faction"])  # type: ignore[arg-type]  # None: no faction yet
        if k is not None:
            row[start + k] += 1.0
        if p["faction_exhausted"]:
            row[start + len(spec.factions)] += 1.0
        first, refs = start + len(spec.factions) + 1, spec._refs
        for t in p["techs"]:
            ref = t["ref"]
            k = refs.get(ref)
            row[first + (spec._ref(ref) if k is None else k)] += 1.0

    def _own(self, buf: array[float], me: Player) -> None:
        spec = self.spec
        own = spec.layout.offset["own"]
        buf[own:] = self._no_own
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

    # -- the pieces, by owner in seat order, turned to start at the seat -----------------------

    def _place_ships(self, state: State, seat: int, buf: array[float], stamp: int) -> None:
        """The ships and damage blocks: each owner's part in seat order, made once a stamp
        (:meth:`_ships_by_seat`), then taken from the seat's own on (you, next, ...)."""
        made = self._ships_made
        if made is None or made[0] != stamp:
            made = self._ships_made = (stamp, *self._ships_by_seat(state))
        off = self.spec.layout.offset
        _turn(buf, off["ships"], made[1], seat, self.n, self._per_owner)
        _turn(buf, off["damage"], made[2], seat, self.n, self._nsec)
        self._placed_ships[seat] = stamp

    def _ships_by_seat(self, state: State) -> tuple[array[float], array[float]]:
        """The ships block by owner in seat order (the Lumos last), and the damage block:
        the ships counted by owner, size and sector in C, each count then stored as the
        reference's sum of as many thirds; the damage summed in board order, as there."""
        n, nsec = self.n, self._nsec
        ships = state["ships"].values()
        block = _zeros((n + 1) * self._per_owner)
        cell, thirds = self._ship_cell, _THIRDS
        for where, many in Counter(map(_WHERE, ships)).items():
            at = cell.get(where)
            if at is None:
                at = self._new_ship_cell(where)
            block[at] = thirds[many] if many < len(thirds) else _sum(1 / 3, many)
        damage = _zeros((n + 1) * nsec)
        if any(map(_DAMAGE, ships)):
            hurt: dict[int, float] = {}  # summed in float64, then stored (rounded) once
            for ship in ships:
                if ship["damage"]:
                    at = cell.get(_WHERE(ship))
                    if at is None:
                        at = self._new_ship_cell(_WHERE(ship))
                    at = at // self._per_owner * nsec + at % nsec  # owner, sector
                    hurt[at] = hurt.get(at, 0.0) + ship["damage"] / 3
            for at, value in hurt.items():
                damage[at] = value
        return block, damage

    def _new_ship_cell(self, where: tuple[int, str, str]) -> int:
        """A ship's cell in the ships block by owner in seat order (remembered)."""
        owner, size, sector = where
        spec, nsec = self.spec, self._nsec
        o = self.n if owner == LUMOS else owner
        at = o * self._per_owner + spec._size[size] * nsec + spec._sector[sector]
        self._ship_cell[where] = at
        return at

    def _place_extractors(self, state: State, seat: int, buf: array[float], stamp: int) -> None:
        made = self._extractors_made
        if made is None or made[0] != stamp:
            nsec, sectors = self._nsec, self.spec._sector
            block = _zeros(self.n * nsec)
            for (owner, sector), many in Counter(
                map(_PLACED, state["extractors"].values())
            ).items():
                if owner != LUMOS:
                    block[owner * nsec + sectors[sector]] = (
                        _THIRDS[many] if many < len(_THIRDS) else _sum(1 / 3, many)
                    )
            made = self._extractors_made = (stamp, block)
        _turn(buf, self.spec.layout.offset["extractors"], made[1], seat, self.n, self._nsec, 0)
        self._placed_extractors[seat] = stamp

    # -- the board, the same for every seat ----------------------------------------------------

    def _board_blocks(self, state: State, stamp: int) -> array[float]:
        """The sectors and planets blocks (the same for every seat), kept with the
        ``tokens`` stamp: a token revealed is the only change they can see (a deep space
        one leaves the board, a planetary one turns face up, ``state.reveal_token``; tokens
        are laid at setup, before the state is first observed)."""
        kept = self._kept_board
        if kept is not None and kept[0] == stamp:
            return kept[1]
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
        self._kept_board = (stamp, block)
        return block


def _turn(
    buf: array[float], at: int, block: array[float], seat: int, n: int, part: int, extra: int = 1
) -> None:
    """Write ``block`` (``n`` owners' parts of ``part`` numbers in seat order, then ``extra``
    more, the Lumos') at ``at`` as ``seat`` sees it: its own part first, then the next
    seat's ..., the Lumos' last."""
    mine = seat * part
    rest = (n - seat) * part
    buf[at : at + rest] = block[mine : n * part]
    if mine:  # (an array numpy views refuses even an empty slice assigned to an empty one)
        buf[at + rest : at + n * part] = block[:mine]
    if extra:
        buf[at + n * part : at + (n + extra) * part] = block[n * part :]
