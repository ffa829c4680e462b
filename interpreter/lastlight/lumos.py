"""The Lumos, the non-player faction of the 2-player variant (002).

002: "Add 2 small Lumos ships to the center sector ... Every time the board rotates, add 2
more ships to the center sector. Add the two smallest ships available." "When Lumos ships are
destroyed they go to the player's graveyard as normal. When they are removed from the
graveyard, they are returned to the box." "The Lumos are allied to whichever human player has
the least light. If players are tied for light the Lumos are not allied to any player." "The
Lumos change allegiance only at the end of an action card resolution."

``state["lumos"]`` is ``{"ally": seat | None, "supply": {size: int}, "box": int}``; Lumos ships
are ordinary ships owned by ``LUMOS``.
"""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.state import (
    LUMOS,
    SIZES,
    place_ship,
    set_ally,
    set_lumos,
    take_piece,
)


def setup(state: State, rt: Runtime) -> None:
    """Place the Lumos' starting ships (setups.yaml ``neutral_ships``; 002)."""
    neutral = [n for n in rt.layout.neutral_ships if n.faction == "lumos"]
    if state["n"] != 2 or not neutral:
        return
    supply = dict(rt.pieces)
    for group in neutral:
        for size, count in group.ships.items():
            for _ in range(min(count, supply[size])):
                supply[size] -= 1
                place_ship(state, LUMOS, size, group.sector)
    set_lumos(state, {"ally": None, "supply": supply, "box": 0})


def reevaluate(state: State) -> bool:
    """002: allied to the player with the least light; nobody on a tie. Whether the ally
    changed."""
    lumos = state["lumos"]
    if lumos is None:
        return False
    lights = [p["light"] for p in state["players"]]
    least = min(lights)
    ally = lights.index(least) if lights.count(least) == 1 else None
    if ally == lumos["ally"]:
        return False
    if events.ON:
        events.emit(state, "lumos", LUMOS, what="ally", ally=ally)
    set_ally(state, ally)
    return True


def reinforce(state: State) -> None:
    """002: at each rotation add the two smallest available ships to the centre."""
    lumos = state["lumos"]
    if lumos is None:
        return
    centre = runtime(state).board.centre
    per = int(runtime(state).rules.get("lumos_ships_per_rotation", 2))
    for _ in range(per):
        size = next((s for s in SIZES if lumos["supply"][s] > 0), None)
        if size is None:
            # 002: "If you run out of ships to add to the center sector, no new Lumos ships
            # will join the game."
            return
        take_piece(state, LUMOS, size)
        place_ship(state, LUMOS, size, centre)


def controller(state: State) -> int | None:
    """The seat that may command the Lumos (their ally), if any."""
    return state["lumos"]["ally"] if state["lumos"] else None
