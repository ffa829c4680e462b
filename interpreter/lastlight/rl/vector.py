"""Last Light's observation vector read from the state itself, fast (issue 27: the
environment's speed with the vector, BENCHMARKS.md "RL environment").

:meth:`LastLightSpec.encode <.spec.LastLightSpec.encode>` is the reference:
it encodes ``Game.observation(state, seat)``. This encoder gives the same vector (``tests/rl``
compares the two for every seat at every decision of whole games) without building the
observation and with far fewer Python steps:

* it writes into a copy of a zeroed ``array('d')`` (a memory copy) and hands numpy the buffer,
  instead of collecting index and value lists for ``np.bincount``;
* the ships and damage blocks change only when a ship is placed, moved, damaged, repaired or
  removed, and the extractors block only when an extractor is placed or removed: the engine
  renews its ``ships`` and ``extractors`` version stamps at each such change
  (``interpreter/lastlight/versions.py``; ``state.py``: "A ship's owner, size, sector and
  damage change only through these functions"), so each seat's blocks are kept with the stamp
  they were made at and copied back while it is unchanged;
* each seat's numbers in the seats block are kept with the stamps of what they read (``me``:
  light, resources, techs in play, graveyard; ``techs_of``: faction, techs in hand and in play,
  exhausted or not; ``cards``: action cards; ``fleet`` and ``holdings``: its pieces, so its
  supply) and its chosen card and exhausted faction; the seat's own block with its
  ``techs_of`` stamp, kept achievement and the cards dealt to it;
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

import weakref
from array import array
from typing import TYPE_CHECKING, Any

import numpy as np
from whitedwarf.interpreter.lastlight import versions
from whitedwarf.interpreter.lastlight.records import Player, State
from whitedwarf.interpreter.lastlight.state import ACTIONS, LUMOS, SIZES

if TYPE_CHECKING:
    from whitedwarf.interpreter.lastlight.rl.spec import LastLightSpec

_RESOURCE = {"common": 0, "uncommon": 1, "rare": 2}


class StateEncoder:
    """The observation vector of a seat, read from a Last Light state (see the module)."""

    def __init__(self, spec: LastLightSpec) -> None:
        self.spec = spec
        n, off = spec.n, spec.layout.offset
        self.n = n
        self.size = spec.layout.size
        self._zeros = array("d", bytes(8 * self.size))
        self._phase = {p: i for i, p in enumerate(spec.phases)}
        self._tasks = len(spec.tasks)
        self._goal = spec.light_goal
        self._ntech = max(1, len(spec.techs))
        phases = len(spec.phases)
        assert off["global"] == 0
        self._waiting = 4 + phases  # an effect waiting
        self._top = 5 + phases  # the task on top, one-hot
        self._asked = 5 + phases + len(spec.tasks)
        self._task, self._face = spec._task, spec._face
        self._first, self._faces, self._seats_at = off["first"], off["faces"], off["seats"]
        self._lumos = off["lumos"]
        #: seat -> the stamp keys its numbers in the seats block read
        self._seat_keys = [
            (("me", s), ("techs_of", s), ("cards", s), ("fleet", s), ("holdings", s))
            for s in range(n)
        ]
        #: the blocks kept between observations: [start, end) of each
        self._ships = (off["ships"], off["extractors"])  # ships and damage
        self._extractors = (off["extractors"], off["sectors"])
        self._board = (off["sectors"], off["lumos"])  # sectors and planets
        #: seat -> (ships stamp, the ships and damage blocks then)
        self._kept_ships: dict[int, tuple[int, array[float]]] = {}
        #: seat -> (extractors stamp, the extractors block then)
        self._kept_extractors: dict[int, tuple[int, array[float]]] = {}
        #: seat -> each seat's numbers as it sees them: (the stamps and values they read,
        #: the numbers then)
        self._kept_seats: list[list[tuple[tuple[Any, ...], array[float]] | None]] = [
            [None] * n for _ in range(n)
        ]
        #: seat -> (its techs_of stamp, kept achievement, achievements and factions dealt,
        #: the own block then)
        self._kept_own: dict[int, tuple[tuple[Any, ...], array[float]]] = {}
        self._own_span = (off["own"], self.size)
        #: (the state's versions, the sectors holding a token then with whether each was
        #: revealed, the blocks then)
        self._kept_board: tuple[Any, list[tuple[str, bool]], array[float]] | None = None

    def observe(self, state: State, seat: int, asked: bool) -> np.ndarray:
        """``seat``'s vector (float32), equal to ``spec.encode(Game.observation(state, seat))``."""
        buf = self._zeros[:]
        rel = self.spec._rels[seat]
        g = 0  # the global block comes first
        deck = state["deck"]
        buf[g] = state["round"] / max(1, state["round_limit"])
        buf[g + 1] = state["rotation"] / 16
        buf[g + 2] = (deck if isinstance(deck, int) else len(deck)) / self._ntech
        dice = state["dice"]
        buf[g + 3] = len(dice) / 6
        buf[g + 4 + self._phase[state["phase"]]] = 1.0
        if state["frames"]:
            buf[self._waiting] = 1.0
        if state["stack"]:
            buf[self._top + self._task.get(state["stack"][-1]["kind"], 0)] = 1.0
        if asked:
            buf[self._asked] = 1.0
        buf[self._first + rel[state["first"]]] = 1.0
        if dice:
            faces, at = self._face, self._faces
            for die in dice:
                k = faces.get(die.get("face"))
                if k is not None:
                    buf[at + k] += 1 / 6
        found = versions.of(state)
        stamps = found.stamps
        self._seats(state, seat, buf, rel, self._seats_at, stamps)
        start, end = self._ships
        kept = self._kept_ships.get(seat)
        stamp = stamps["ships"]
        if kept is not None and kept[0] == stamp:
            buf[start:end] = kept[1]
        else:
            self._write_ships(buf, state, rel)
            self._kept_ships[seat] = (stamp, buf[start:end])
        start, end = self._extractors
        kept = self._kept_extractors.get(seat)
        stamp = stamps["extractors"]
        if kept is not None and kept[0] == stamp:
            buf[start:end] = kept[1]
        else:
            self._write_extractors(buf, state, rel)
            self._kept_extractors[seat] = (stamp, buf[start:end])
        self._board_blocks(buf, state, found)
        lumos = state["lumos"]
        ally = lumos.get("ally") if lumos else None
        buf[self._lumos + (self.n if ally is None else rel[ally])] = 1.0
        me = state["players"][seat]
        key = (
            stamps["techs_of", seat],
            me["achievement"],
            tuple(me["achievements_dealt"]),
            tuple(me["factions_dealt"]),
        )
        start, end = self._own_span
        kept_own = self._kept_own.get(seat)
        if kept_own is not None and kept_own[0] == key:
            buf[start:end] = kept_own[1]
        else:
            self._own(buf, me, start)
            self._kept_own[seat] = (key, buf[start:end])
        return np.frombuffer(buf, dtype=np.float64).astype(np.float32)

    # -- the blocks written afresh ---------------------------------------------------------

    def _seats(
        self,
        state: State,
        seat: int,
        buf: array[float],
        rel: list[int],
        at: int,
        stamps: dict[Any, int],
    ) -> None:
        """Each seat's numbers as ``seat`` sees them, kept per seat with the stamps of what
        they read: its light, resources, techs in play, graveyard (``me``), techs in hand and
        in play, exhausted or not, and faction (``techs_of``), action cards (``cards``),
        pieces in supply (``fleet``, ``holdings``), and its chosen card and exhausted faction
        themselves."""
        spec = self.spec
        width, ncard = spec._width, len(ACTIONS)
        action, ref_tech, faction = spec._action, spec._ref, spec._faction
        nfac, goal = len(spec.factions), self._goal
        kept = self._kept_seats[seat]
        for p in state["players"]:
            s = p["seat"]
            base = at + rel[s] * width
            k1, k2, k3, k4, k5 = self._seat_keys[s]
            key = (
                stamps[k1],
                stamps[k2],
                stamps[k3],
                stamps[k4],
                stamps[k5],
                p["choice"],
                p["faction_exhausted"],
            )
            found = kept[s]
            if found is not None and found[0] == key:
                buf[base : base + width] = found[1]
                continue
            res, supply, hand, techs = p["res"], p["supply"], p["techs_hand"], p["techs"]
            buf[base] = p["light"] / goal
            buf[base + 1] = res.get("common", 0) / 10
            buf[base + 2] = res.get("uncommon", 0) / 10
            buf[base + 3] = res.get("rare", 0) / 10
            buf[base + 4] = (hand if isinstance(hand, int) else len(hand)) / 10
            buf[base + 5] = sum(1 for t in techs if t["exhausted"]) / 10
            buf[base + 6] = len(p["graveyard"]) / 4
            buf[base + 7] = supply.get("small", 0) / 5
            buf[base + 8] = supply.get("medium", 0) / 5
            buf[base + 9] = supply.get("large", 0) / 5
            buf[base + 10] = supply.get("extractor", 0) / 5
            cards = base + 11
            for c in p["hand"]:
                buf[cards + action[c]] += 1.0
            for c in p["played"]:
                buf[cards + ncard + action[c]] += 1.0
            choice = p["choice"]
            if choice is not None:  # another seat's card is hidden: only that it chose
                buf[cards + 2 * ncard + (action[choice] if p["seat"] == seat else 0)] += 1.0
            fac = cards + 3 * ncard
            k = faction.get(p["faction"])  # type: ignore[arg-type]  # None: no faction yet
            if k is not None:
                buf[fac + k] += 1.0
            if p["faction_exhausted"]:
                buf[fac + nfac] += 1.0
            first = fac + nfac + 1
            for t in techs:
                buf[first + ref_tech(t["ref"])] += 1.0
            kept[s] = (key, buf[base : base + width])

    def _own(self, buf: array[float], me: Player, own: int) -> None:
        spec = self.spec
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

    # -- the blocks kept ---------------------------------------------------------------------

    def _write_ships(self, buf: array[float], state: State, rel: list[int]) -> None:
        spec, n = self.spec, self.n
        off = spec.layout.offset
        nsec = len(spec.sectors)
        per_owner = len(SIZES) * nsec
        sectors, sizes = spec._sector, spec._size
        ships, damage = off["ships"], off["damage"]
        for ship in state["ships"].values():
            o = n if ship["owner"] == LUMOS else rel[ship["owner"]]
            sec = sectors[ship["sector"]]
            buf[ships + o * per_owner + sizes[ship["size"]] * nsec + sec] += 1 / 3
            if ship["damage"]:
                buf[damage + o * nsec + sec] += ship["damage"] / 3

    def _write_extractors(self, buf: array[float], state: State, rel: list[int]) -> None:
        spec = self.spec
        nsec, sectors = len(spec.sectors), spec._sector
        at = spec.layout.offset["extractors"]
        for ex in state["extractors"].values():
            if ex["owner"] != LUMOS:
                buf[at + rel[ex["owner"]] * nsec + sectors[ex["sector"]]] += 1 / 3

    def _board_blocks(self, buf: array[float], state: State, found: Any) -> None:
        """The sectors and planets blocks (the same for every seat)."""
        start, end = self._board
        seen = state["sectors"]
        kept = self._kept_board
        if kept is not None and kept[0]() is found:
            for sid, revealed in kept[1]:
                s = seen[sid]
                if s["revealed"] != revealed or not s["token"]:
                    break
            else:
                buf[start:end] = kept[2]
                return
        spec = self.spec
        sectors = spec._sector
        live = []
        for sid, s in seen.items():
            revealed = bool(s["revealed"])
            if revealed:
                buf[start + 2 * sectors[sid]] += 1.0
            if s["token"]:
                buf[start + 2 * sectors[sid] + 1] += 1.0
                live.append((sid, revealed))
        at, planet_index = spec.layout.offset["planets"], spec._planet
        for pid, planet in state["planets"].items():
            shown = seen[planet["sector"]]["revealed"]
            k = _RESOURCE.get(planet["resource"], 3) if shown else 3
            buf[at + 4 * planet_index[pid] + k] += 1.0
        self._kept_board = (weakref.ref(found), live, buf[start:end])
