"""Where the pieces are: the ships on the board by owner, by owner and size, and by sector;
the extractors by sector.

Combat and movement used to pick a player's ships out of every ship on the board at each
listing: a late game has some 25-35 ships, most of them another player's, and the same walk ran
for each Command player at each combat pick, group and target list (docs/engine-internals.md,
"Where the ships are"). These indexes are built once and kept with the state's versions:

* :class:`Fleet` (ships by owner, by ``(owner, size)``, and the ships a seat commands) depends
  only on which ships are on the board: ``versions.ships_placed_or_removed`` drops it when a
  ship is removed, and a ship placed is added to it (``versions.ship_placed``). Moves, damage
  and the ``fought``/``moved`` marks change fields of the same ship objects, which the lists
  hold, so they stay right through those.
* :func:`by_sector` (the ships in each sector) also depends on where they are: it is kept
  with the ``ships`` stamp, and each change of a ship brings it to the new stamp rather than
  dropping it: a ship placed, moved or removed is put in or taken out of its sector's list
  (``versions.ship_placed``, ``ship_moved``, ``ship_removed``), damage and repair leave it as
  it is (``versions.ship_damaged``). Built again, walking every ship, only after a change
  that renews the stamp another way (a Talorin extra move) or for a new state object. The
  extractors in each sector (:func:`extractors_by_sector`) and by owner
  (:func:`extractors_of`) are kept with the ``extractors`` stamp.

Every list is in board order (the order of ``state["ships"]``), so what is built from them
lists options in the same order as a walk over every ship would.
"""

from __future__ import annotations

from typing import Any, TypeVar

from whitedwarf.interpreter.lastlight import versions
from whitedwarf.interpreter.lastlight.records import Extractor, Ship, State
from whitedwarf.interpreter.lastlight.state import LUMOS

#: A piece on the board: what :func:`sectors_of` and :func:`owners_of` sort.
Piece = TypeVar("Piece", Ship, Extractor)

_NONE: tuple[Ship, ...] = ()


class Fleet:
    """The ships on the board by owner and by ``(owner, size)``, in board order."""

    __slots__ = ("_ships", "commanding", "kinds", "owned")

    def __init__(self, ships: dict[str, Ship]) -> None:
        self._ships = ships
        #: owner -> their ships.
        self.owned: dict[int, list[Ship]] = {}
        #: ``(owner, size)`` -> those ships (a key only for a kind on the board).
        self.kinds: dict[tuple[int, str], list[Ship]] = {}
        for ship in ships.values():
            owner = ship["owner"]
            self.owned.setdefault(owner, []).append(ship)
            self.kinds.setdefault((owner, ship["size"]), []).append(ship)
        #: seat -> its ships and the Lumos', in board order (for the Lumos' ally, 002).
        self.commanding: dict[int, list[Ship]] = {}

    def place(self, ship: Ship) -> None:
        """Take a ship just put on the board, last in board order (``versions.ship_placed``):
        each list it belongs to gets it at its end, as a fresh walk would list it. The lists
        are made anew, not appended to: a caller walking one meanwhile sees it unchanged."""
        owner = ship["owner"]
        self.owned[owner] = [*self.owned.get(owner, _NONE), ship]
        kind = (owner, ship["size"])
        self.kinds[kind] = [*self.kinds.get(kind, _NONE), ship]
        for seat, ships in self.commanding.items():
            if owner in (seat, LUMOS):
                self.commanding[seat] = [*ships, ship]

    def of(self, owner: int) -> list[Ship] | tuple[Ship, ...]:
        """The ships of one owner (a seat, or ``LUMOS``)."""
        return self.owned.get(owner, _NONE)

    def commanded(self, seat: int, ally: bool) -> list[Ship] | tuple[Ship, ...]:
        """The ships ``seat`` moves and attacks with: its own, and the Lumos' if it is their
        ally (002), in board order (the two owners' ships are interleaved on the board)."""
        if not ally or LUMOS not in self.owned:
            return self.owned.get(seat, _NONE)
        found = self.commanding.get(seat)
        if found is None:
            found = self.commanding[seat] = [
                s for s in self._ships.values() if s["owner"] == seat or s["owner"] == LUMOS
            ]
        return found

    def layout(self) -> dict[str, dict[Any, list[str]]]:
        """Every list by ship id (the audit compares it with a fresh index's)."""
        return {
            name: {key: [s["id"] for s in ships] for key, ships in table.items()}
            for name, table in (
                ("owned", self.owned), ("kinds", self.kinds), ("commanding", self.commanding)
            )
        }  # fmt: skip


def fleet(state: State) -> Fleet:
    """The state's :class:`Fleet`, built when first asked after a ship came or went."""
    kept = versions.of(state)
    found: Fleet | None = kept.ship_index
    if found is None:
        found = kept.ship_index = Fleet(state["ships"])
    return found


def by_sector(state: State) -> dict[str, list[Ship]]:
    """Sector -> the ships in it, in board order (no key for an empty sector), kept with
    the ``ships`` stamp and brought up to date by the changes of a ship (module docstring).
    Read only: the lists and the table are replaced, never changed, when a ship moves."""
    kept = versions.of(state)
    stamp = kept.stamps["ships"]
    found = kept.sectors
    if found is None or found[0] != stamp:
        found = kept.sectors = (stamp, sectors_of(state["ships"]))
    return found[1]


def extractors_by_sector(state: State) -> dict[str, list[Extractor]]:
    """Sector -> the extractors in it, in board order, kept with the ``extractors`` stamp
    (combat looks for extractors to bombard in each sector a bombarding ship reaches)."""
    kept = versions.of(state)
    stamp = kept.stamps["extractors"]
    found = kept.extractor_sectors
    if found is None or found[0] != stamp:
        found = kept.extractor_sectors = (stamp, sectors_of(state["extractors"]))
    return found[1]


def extractors_of(state: State, owner: int) -> list[Extractor] | tuple[()]:
    """An owner's extractors, in board order, kept with the ``extractors`` stamp (Mine,
    Refresh's claim and Construct's extractor step read one player's few extractors; a late
    board holds some 20 of every player's). Read only."""
    kept = versions.of(state)
    stamp = kept.stamps["extractors"]
    found = kept.extractor_owners
    if found is None or found[0] != stamp:
        found = kept.extractor_owners = (stamp, owners_of(state["extractors"]))
    return found[1].get(owner, ())


def owners_of(pieces: dict[str, Piece]) -> dict[int, list[Piece]]:
    """Owner -> the pieces they own, in board order, by walking them."""
    out: dict[int, list[Piece]] = {}
    for piece in pieces.values():
        out.setdefault(piece["owner"], []).append(piece)
    return out


def sectors_of(pieces: dict[str, Piece]) -> dict[str, list[Piece]]:
    """Sector -> the pieces (ships or extractors) in it, in board order, by walking them."""
    out: dict[str, list[Piece]] = {}
    for piece in pieces.values():
        out.setdefault(piece["sector"], []).append(piece)
    return out
