"""Named parties: the players an effect names by their part in what happened (issue 29).

``the destroyer``, ``the owner``, ``the owner of this planet``, ``the opponent in this
combat``, ``the leader``, ``the player to your left`` (E140) and, in a reaction, ``the
player who played research`` compile to a ``{"party": ...}`` operand
(docs/effect-ir.md). Each is read here, when the verb runs, from
the hook's context (what :func:`hooks.fire` was given: plain data, saved with a waiting
frame) and the board (``the leader``: the light of each seat, E136). A party that is not
there (an unowned planet, a unit its owner destroyed, a combat against the Lumos alone) is
None: the verb does nothing and the trace says so (``effects.absent``; docs/rules-decisions.md
E132).
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.state import LUMOS
from whitedwarf.interpreter.vm import SIDE_STEPS, Frame, seat_beside


def party(state: State, frame: Frame, operand: dict[str, Any]) -> str | None:
    """The player (``"p<seat>"``) a party operand names now, or None."""
    key = operand["party"]
    context = frame["context"]
    if key == "owner_of":
        seat = owner_of(state, operand["of"], context)
    elif key == "combat":
        seat = combat_opponent(state, frame)
    elif key == "leader":
        seat = leader(state, frame["owner"])
    elif key in SIDE_STEPS:  # `the player to your left` (E140)
        seat = seat_beside(frame["owner"], key, state["n"])
    else:  # `destroyer`, `owner`, `actor`: written into the context when the hook fired
        seat = context.get(key)
    if seat is None or seat == LUMOS or seat < 0:
        return None
    return f"p{seat}"


def owner_of(state: State, what: str, context: dict[str, Any]) -> int | None:
    """The owner of the hook's planet (000 "2. Extractor": the player with an extractor on
    it), ship (its owner, read when the hook fired if the ship is gone), or sector (its
    planet's owner)."""
    if what == "ship":
        ship = state["ships"].get(context.get("ship", ""))  # "": no ship's id
        return ship["owner"] if ship is not None else context.get("owner")
    planet = context.get("planet")
    if what == "sector":
        sector = context.get("sector")
        planet = next((p for p, info in state["planets"].items() if info["sector"] == sector), None)
    if planet is None:
        return None
    for extractor in state["extractors"].values():
        if extractor.get("planet") == planet:
            return int(extractor["owner"])
    return None


def leader(state: State, me: int) -> int | None:
    """``the leader``: the opponent with the most light now, the first of them after ``me``
    in turn order on a tie (docs/rules-decisions.md E136); None with no opponent."""
    n: int = state["n"]
    opponents = [(me + step) % n for step in range(1, n)]
    if not opponents:
        return None
    return max(opponents, key=lambda seat: state["players"][seat]["light"])


def combat_opponent(state: State, frame: Frame) -> int | None:
    """The player the effect's owner fights in the hook's combat: the owner of the damaged
    ship (``damage_dealt``, kept in the context as it fired), else an enemy player with units
    in the combat's sector, the first after the effect's owner in turn order when there are
    several (docs/rules-decisions.md E132)."""
    context = frame["context"]
    if "combat" in context:
        found: int | None = context["combat"]
        return found
    sector = context.get("sector")
    me: int = frame["owner"]
    n: int = state["n"]
    present = {s["owner"] for s in state["ships"].values() if s["sector"] == sector}
    present |= {x["owner"] for x in state["extractors"].values() if x["sector"] == sector}
    for step in range(1, n):
        seat = (me + step) % n
        if seat in present:
            return seat
    return None
