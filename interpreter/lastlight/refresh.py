"""Action card #5, Refresh: ready cards, heal ships, take back cards, claim light.

000 "Action Card #5 - refresh": "1. Refresh: Ready all of your exhausted technology cards and
Alien faction cards ... Remove all damage tokens currently on your ships. Pick up all your
previously played action cards and return them to your hand. (Your Refresh card stays on the
table.)" "2. Claim: Collect 1 light for each extractor you have on a non-blockaded planet on
the outer ring. Collect 2 light for each extractor you have on a non-blockaded planet on the
inner ring. *A planet is considered blockaded if any ships of a different color than the
extractor occupy that sector." 002: Lumos ships blockade the planets of players they are not
allied with (so never their ally's).

Task ``refresh`` steps: ``refresh`` -> ``claim`` -> ``done``; no decisions.
"""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.blockade import blocks
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    no_choice,
    no_options,
    task,
)
from whitedwarf.interpreter.lastlight.fleet import by_sector, extractors_of, fleet
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.records import State, Task
from whitedwarf.interpreter.lastlight.state import (
    gain,
    pick_up_played,
    ready_cards,
    repair_ship,
)
from whitedwarf.interpreter.lastlight.stats import stat


def new_task(seat: int) -> Task:
    """The Refresh resolution of one player."""
    return task("refresh", seat, "refresh")


def refresh_cards(state: State, seat: int) -> None:
    """000 "1. Refresh": ready cards, heal ships, take back every played card but Refresh."""
    player = state["players"][seat]
    ready_cards(state, seat)
    for ship in fleet(state).of(seat):
        if ship["damage"]:  # most are not damaged: no call for those
            repair_ship(state, ship)
    back = [c for c in player["played"] if c != "refresh"]
    if events.ON:
        events.emit(state, "refreshed", seat, cards=back)
    pick_up_played(state, seat)


def claim(state: State, seat: int) -> int:
    """000 "2. Claim": light for each extractor on a non-blockaded ringed planet."""
    # The seat's own extractors (a handful) and the ships in their sectors, from the kept
    # indexes, rather than a walk over every extractor and every other player's ship.
    mine = [x for x in extractors_of(state, seat) if x["planet"] is not None]
    if not mine:
        return 0
    rings = runtime(state).ring
    per = {r: stat(state, seat, name) for r, name in _RING_LIGHT}
    ally = state["lumos"]["ally"] if state["lumos"] else None
    ships = by_sector(state)
    total = 0
    for x in mine:
        sector = x["sector"]
        light = per.get(rings[sector])
        if light and not blocks(ships.get(sector, ()), seat, ally):
            total += light
    return gain(state, seat, "light", total, "refresh")


#: Ring -> the stat of the light its planets give at Claim.
_RING_LIGHT = tuple((r, f"{r}_light") for r in ("inner", "outer", "distant"))


def _run(state: State, t: Task) -> None:
    seat = t["seat"]
    if t["pc"] == "refresh":
        refresh_cards(state, seat)
        fire(state, "before_claim", seat, {})
        t["pc"] = "claim"
    else:
        claim(state, seat)
        fire(state, "light_claimed", seat, {})
        fire(state, "after_claim", seat, {})
        t["pc"] = "done"


#: What runs the ``refresh`` task (``game.HANDLERS``).
HANDLER = Handler(_run, no_options, no_choice)
