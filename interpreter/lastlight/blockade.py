"""Blockades (000 "2. Claim"; 002 for the Lumos): read by Refresh's claim and by the
``blockaded`` filter of the effect language, so it sits below both."""

from __future__ import annotations

from collections.abc import Iterable

from whitedwarf.interpreter.lastlight.fleet import by_sector
from whitedwarf.interpreter.lastlight.records import Ship, State
from whitedwarf.interpreter.lastlight.state import LUMOS


def blockaded(state: State, sector: str, owner: int) -> bool:
    """000 "2. Claim": any ship of a different colour in the sector; 002 for the Lumos."""
    ally = state["lumos"]["ally"] if state["lumos"] else None
    return blocks(by_sector(state).get(sector, ()), owner, ally)


def blocks(ships: Iterable[Ship], owner: int, ally: int | None) -> bool:
    """Whether any of ``ships`` (one sector's) blockades ``owner``'s planet there: a ship of a
    different colour, the Lumos' only if ``owner`` is not their ``ally`` (002)."""
    for ship in ships:
        other = ship["owner"]
        if other != owner and not (other == LUMOS and ally == owner):
            return True
    return False
