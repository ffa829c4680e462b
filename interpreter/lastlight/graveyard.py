"""Graveyards: destroyed units go to the destroyer, who cashes in 4 of them for light.

000 "Graveyard": "When you destroy an enemy ship or extractor, place it in your graveyard. As
soon as you have 4 units in your graveyard, gain 1 light from the supply and return the units
to their original owners. (In a 2-player game, you gain 2 light ...)" 000 "Attack": a
destroyed ship is "placed on the graveyard card of the player who assigned the final damage".
002: Lumos ships removed from a graveyard go back to the box.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, cast

from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.hooks import check_achievements, fire
from whitedwarf.interpreter.lastlight.records import Ship, State, Unit
from whitedwarf.interpreter.lastlight.state import (
    LUMOS,
    from_graveyard,
    gain,
    remove_piece,
    return_piece,
    to_graveyard,
)
from whitedwarf.interpreter.lastlight.stats import stat

#: A player's graveyard (read for every player in one call by :func:`check_all`).
_GRAVEYARD = itemgetter("graveyard")


def destroy(state: State, unit_id: str, by: int | None, by_type: str | None = None) -> None:
    """Remove a ship or extractor from the board; it goes to ``by``'s graveyard.

    A unit destroyed by nobody, or by its own owner, goes back to its owner's supply.
    ``by_type``: the ship type of ``by`` whose roll dealt the final damage (combat only),
    which ``unit_destroyed_by_type`` tells that type's ship techs.
    """
    ship = unit_id in state["ships"]
    piece = remove_piece(state, unit_id)
    unit: Unit
    if ship:
        size = cast(Ship, piece)["size"]  # the piece taken from the ships
        unit = {"kind": "ship", "owner": piece["owner"], "size": size}
    else:
        unit = {"kind": "extractor", "owner": piece["owner"], "size": None}
    ctx: dict[str, Any] = {"sector": piece["sector"], "owner": unit["owner"]}
    if unit["kind"] == "ship":
        # issue 29: `this ship` is the unit (gone from the board, so its size is kept for
        # `this ship is large`), `the owner` whose it was, `the destroyer` who destroyed it
        ctx.update(ship=unit_id, size=unit["size"])
    if events.ON:
        events.emit(
            state, "destroyed", by, None, unit=unit_id, what=unit["kind"],
            owner=unit["owner"], sector=piece["sector"],
        )  # fmt: skip
    if by is None or by == unit["owner"] or by < 0:
        release(state, unit)
    else:
        to_graveyard(state, by, unit)
        fire(state, "unit_destroyed", by, ctx)
        if by_type is not None:  # E127: a ship tech hears its own ship type only
            fire(state, "unit_destroyed_by_type", by, {**ctx, "ship_type": by_type})
        if unit["kind"] == "extractor":  # E143: "when you destroy an enemy extractor"
            fire(state, "extractor_destroyed", by, ctx)
    if unit["owner"] != LUMOS:
        # A ship tech hears the loss of a ship of its own type only (E127): the lost unit's
        # size is the type the hook is about, and an extractor is no ship type at all.
        lost = {**ctx, "ship_type": unit["size"] or "extractor"}
        if by is not None and by >= 0 and by != unit["owner"]:
            lost["destroyer"] = by
        fire(state, "unit_lost", unit["owner"], lost)
        if unit["kind"] == "extractor":  # E143; a ship tech never hears it (E127)
            fire(state, "extractor_lost", unit["owner"], lost)
    # A unit destroyed is a change of its own (docs/rules-decisions.md E17): checked here,
    # before a full graveyard pays out and while the rest of a sector's damage is applied.
    check_achievements(state)


def release(state: State, unit: Unit) -> None:
    """Return a unit to its owner's supply (Lumos ships go to the box, 002)."""
    size = unit["size"]  # None for an extractor only
    key = "extractor" if unit["kind"] == "extractor" or size is None else size
    return_piece(state, unit["owner"], key)


def _payout(state: State) -> int:
    """Units a graveyard pays out for (000 "Graveyard": 4); at least one, or an empty
    graveyard would pay out for ever."""
    return max(1, int(runtime(state).rules.get("graveyard_units", 4)))


def check(state: State, seat: int) -> None:
    """Pay out a full graveyard: light, then every unit goes home (000 "Graveyard")."""
    size = _payout(state)
    grave = state["players"][seat]["graveyard"]
    while len(grave) >= size:
        if events.ON:
            events.emit(state, "graveyard", seat, units=size)
        for unit in grave[:size]:
            release(state, unit)
        from_graveyard(state, seat, size)
        gain(state, seat, "light", stat(state, seat, "graveyard_light"), "graveyard")
        fire(state, "graveyard_filled", seat, {})


def check_all(state: State) -> None:
    """Check every player's graveyard, in seat order (after each sector's damage: most hold
    fewer units than a payout, and are passed over)."""
    size = _payout(state)
    players = state["players"]
    if max(map(len, map(_GRAVEYARD, players))) < size:
        return  # the usual case: every graveyard's size read in one call
    for seat in range(state["n"]):
        # Read when the seat's turn comes: a payout's hooks may destroy units for later seats.
        if len(players[seat]["graveyard"]) >= size:
            check(state, seat)
