"""Action card #3, Construct: build ships, then one free extractor.

000 "Action Card #3 - construct": "1. Ships: To build a ship, pay the cost indicated on your
player board ... You can build as many ships as you can afford ... Built ships are placed in
your home sector ... *If you wish to build a ship that is in an opponent's graveyard, you must
pay the ship build cost to that opponent instead of the bank ... You cannot build an extractor
from an opponent's graveyard." "2. Extractor: Place an extractor either on a sector of your
colony ship that does not yet contain an extractor or in the sector of a planet containing
only your ships and not containing a previously built extractor belonging to any player. You
may only build a single extractor with this action. Building an extractor does not require you
to pay any resources."

Task ``construct`` fields: ``left`` (extractors still allowed). Steps: ``start`` -> ``ships``
(decisions ``build:<size>``, ``build:<size>@<seat>`` from that seat's graveyard, ``done``) ->
``extractor`` (decisions ``extractor:<colony space>``, ``extractor:<planet>``, ``skip``) ->
``end``.
"""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import lasting, versions
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    IllegalOption,
    Option,
    ask,
    task,
)
from whitedwarf.interpreter.lastlight.fleet import (
    by_sector,
    extractors_by_sector,
    extractors_of,
    fleet,
)
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.records import State, Task
from whitedwarf.interpreter.lastlight.state import (
    SIZES,
    can_pay,
    discounted,
    home_of,
    pay,
    place_extractor,
    place_ship,
    take_from_graveyard,
    take_piece,
)
from whitedwarf.interpreter.lastlight.stats import stat


def new_task(seat: int) -> Task:
    """The Construct resolution of one player."""
    return task("construct", seat, "start", left=0)


def ship_cost(state: State, seat: int, size: str) -> dict[str, int]:
    """A ship's cost from the player board, less the player's ``ship_discount``, the ship
    type's ``cost`` (`your large ships have -1 cost`, docs/rules-decisions.md R12) and a
    one-shot ``your next ship costs 1 less`` (lasting.py)."""
    once = lasting.pending(state, seat, "ship", size)
    return discounted(runtime(state).ship_cost[size], _discount(state, seat, size) + once)


def _discount(state: State, seat: int, size: str, every: int | None = None) -> int:
    """Resources off a ship of ``size``: ``ship_discount`` for every ship (``every`` if
    read already), and the type's ``cost`` (only ever lowered: its range is -4 to 0) for
    that type."""
    if every is None:
        every = stat(state, seat, "ship_discount")
    return every - stat(state, seat, "cost", size)


def ship_options(state: State, seat: int) -> list[Option]:
    """Ships the player can build now, from their supply or an opponent's graveyard."""
    player = state["players"][seat]
    costs = runtime(state).ship_cost
    held = _graveyard_sizes(state, seat)
    # The same for every size, read once a listing (a third of the stat reads were these).
    every = stat(state, seat, "ship_discount")
    out = []
    for size in SIZES:
        once = lasting.pending(state, seat, "ship", size)  # `your next ship costs 1 less`
        off = _discount(state, seat, size, every) + once
        if not can_pay(player, discounted(costs[size], off)):
            continue
        if player["supply"][size] > 0:
            out.append(_build_option(size, None))
        for holder, sizes in held:
            if size in sizes:
                out.append(_build_option(size, holder))
    return out


def _graveyard_sizes(state: State, seat: int) -> list[tuple[int, set[str | None]]]:
    """Each opponent whose graveyard holds ships of ``seat``, in seat order, with their
    sizes: one walk over each graveyard (they fill up in a long game), not one per size."""
    out = []
    for other in state["players"]:
        if other["graveyard"] and other["seat"] != seat:
            sizes = {
                u["size"] for u in other["graveyard"] if u["kind"] == "ship" and u["owner"] == seat
            }
            if sizes:
                out.append((other["seat"], sizes))
    return out


def _build_option(size: str, source: int | None) -> Option:
    """The option to build a ship of ``size`` from the supply or ``source``'s graveyard."""
    key = (size, source)
    found = _BUILD.get(key)
    if found is None:
        if source is None:
            found = Option(f"build:{size}", f"build a {size} ship")
        else:
            found = Option(
                f"build:{size}@{source}", f"build a {size} ship from {source}'s graveyard"
            )
        _BUILD[key] = found
    return found


#: (size, graveyard seat or None) -> build option.
_BUILD: dict[tuple[str, int | None], Option] = {}


def build_ship(state: State, seat: int, size: str, graveyard: int | None, sector: str) -> str:
    """Pay for and place a ship (000 "1. Ships"); from a graveyard the cost goes to its owner."""
    cost = ship_cost(state, seat, size)
    if graveyard is None:
        take_piece(state, seat, size)
    else:
        # The graveyard is part of its holder's `me` (conditions count it): renewed there,
        # as the payment below renews it only when the ship costs something.
        take_from_graveyard(state, graveyard, {"kind": "ship", "owner": seat, "size": size})
    pay(state, seat, cost, to=graveyard)
    lasting.take(state, seat, "ship", size, f"a {size} ship")  # a one-shot discount is used
    sid = place_ship(state, seat, size, sector)
    fire(state, "ship_built", seat, {"ship": sid, "sector": sector})
    return sid


def extractor_options(state: State, seat: int) -> list[Option]:
    """000 "2. Extractor": an empty colony ship space, or a planet with only your ships."""
    if state["players"][seat]["supply"]["extractor"] <= 0:
        return []
    used = {x["space"] for x in extractors_of(state, seat) if x["space"]}
    out = [
        _extractor_option(space, True)
        for space, _ in runtime(state).colony_spaces
        if space not in used
    ]
    return out + [_extractor_option(p, False) for p in annexed(state, seat)]


def _extractor_option(where: str, colony: bool) -> Option:
    """The option to build an extractor on a colony ship space or a planet."""
    found = _EXTRACTOR.get((where, colony))
    if found is None:
        text = f"extractor on colony space {where}" if colony else f"extractor on {where}"
        found = _EXTRACTOR[where, colony] = Option(f"extractor:{where}", text)
    return found


#: (colony space or planet id, whether a colony space) -> extractor option.
_EXTRACTOR: dict[tuple[str, bool], Option] = {}


def annexed(state: State, seat: int) -> list[str]:
    """Planets whose sector holds at least one of your ships, no other ship, no extractor."""
    # The seat's few ships, and the ships in their sectors, from the kept indexes (a ship
    # just built is added to both, ``versions.ship_placed``) rather than a walk over every
    # ship on the board.
    ships = by_sector(state)
    mine = {ship["sector"] for ship in fleet(state).of(seat)}
    mine = {s for s in mine if all(ship["owner"] == seat for ship in ships[s])}
    if not mine:
        return []
    # The extractors by sector are kept until one is built or destroyed.
    extractors = extractors_by_sector(state)
    return [
        pid
        for pid, planet in state["planets"].items()
        if planet["sector"] in mine
        and not any(x["planet"] == pid for x in extractors.get(planet["sector"], ()))
    ]


def build_extractor(state: State, seat: int, where: str) -> str:
    """Place a free extractor on a colony ship space or a planet (the ``build`` verb too)."""
    take_piece(state, seat, "extractor")
    if where in state["planets"]:
        sector = state["planets"][where]["sector"]
        xid = place_extractor(state, seat, sector, where, None)
        fire(state, "extractor_built", seat, {"planet": where, "sector": sector})
    else:
        sector = home_of(state, seat)
        xid = place_extractor(state, seat, sector, None, where)
        fire(state, "extractor_built", seat, {"planet": None, "sector": sector})
    return xid


def _run(state: State, t: Task) -> None:
    # Every step of Construct is quiet (``game.QUIET_STEPS``: no achievement check follows):
    # ``game.advance`` would run the next one straight after, so each runs on into the next
    # here (a round trip of the engine loop less), unless a hook's effect waits for a
    # decision (a frame) or another task is on top.
    seat, pc = t["seat"], t["pc"]
    if pc == "start":
        fire(state, "before_build_ships", seat, {})
        t["pc"] = pc = "ships"
        if state["frames"] or not state["stack"] or state["stack"][-1] is not t:
            return
    if pc == "ships":
        found = ship_options(state, seat)
        if found:
            versions.remember_asked(state, t, found)  # the decision's list (not worked twice)
            ask(t, seat)
            return
        _to_extractor(state, t)
        if state["frames"] or not state["stack"] or state["stack"][-1] is not t:
            return
        pc = "extractor"
    if pc == "extractor":
        spots = extractor_options(state, seat) if t["left"] > 0 else None
        if spots:
            versions.remember_asked(state, t, spots)
            ask(t, seat)
            return
        t["pc"] = pc = "end"
    if pc == "end":
        fire(state, "after_build_extractor", seat, {})
        t["pc"] = "done"


def _to_extractor(state: State, t: Task) -> None:
    seat = t["seat"]
    fire(state, "after_build_ships", seat, {})
    fire(state, "before_build_extractor", seat, {})
    # 000 "You may only build a single extractor with this action" (extractor_builds).
    t["left"] = stat(state, seat, "extractor_builds")
    t["pc"] = "extractor"


#: The options that end the ship step and skip the extractor (shared, immutable).
_DONE = Option("done", "stop building ships")
_SKIP = Option("skip", "build no extractor")


def _options(state: State, t: Task) -> list[Option]:
    seat = t["seat"]
    found = versions.asked_options(state, t)
    if t["pc"] == "ships":
        return [*(ship_options(state, seat) if found is None else found), _DONE]
    return [*(extractor_options(state, seat) if found is None else found), _SKIP]


def _choose(state: State, t: Task, option_id: str) -> None:
    seat, pc = t["seat"], t["pc"]
    verb, _, arg = option_id.partition(":")
    t["ask"] = None
    if pc == "ships" and verb == "done":
        _to_extractor(state, t)
    elif pc == "ships" and verb == "build":
        size, _, source = arg.partition("@")
        if size not in SIZES:
            raise IllegalOption(f"no ship size {size!r}")
        if source and not source.isdigit():  # an id bent out of shape ("build:small@2:x")
            raise IllegalOption(f"no ship source {source!r}")
        build_ship(state, seat, size, int(source) if source else None, home_of(state, seat))
    elif pc == "extractor" and verb == "skip":
        t["pc"] = "end"
    elif pc == "extractor" and verb == "extractor":
        build_extractor(state, seat, arg)
        t["left"] -= 1
    else:
        raise IllegalOption(f"construct cannot take {option_id!r} now")


#: What runs the ``construct`` task (``game.HANDLERS``).
HANDLER = Handler(_run, _options, _choose)
