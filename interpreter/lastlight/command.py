"""Action card #6, Command, step 1: move, then reveal exploration tokens.

000/004 "Action Card #6 - Command", "1. Move": "Move each of your ships. Ships of every size
can move into 1 adjacent sector by default. Ship mod technologies can increase a ship type's
movement." "Ships cannot enter a sector containing an asteroid. Ships cannot move to a sector
that is connected to their current sector only by a diagonal corner." "After moving all of
your ships, reveal any deep space exploration tokens or planetary exploration tokens in
sectors you now occupy with ships. Tokens can be revealed in any order you choose but you
must reveal them one at a time and completely resolve the effect of a revealed token before
moving on to the next one. Deep space exploration tokens are removed from the board after they
have been resolved. Planetary exploration tokens remain on the board".
002: the Lumos' ally may move the Lumos ships too; Lumos ships reveal nothing.

Task ``move`` fields: ``token`` (the sector whose token is being resolved). Steps: ``start`` ->
``move`` (decisions ``move:<ship>:<sector>`` once per ship, or ``done``) -> ``reveal``
(decision ``reveal:<sector>``, automatic when one is left) -> ``resolve`` -> ``end``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from whitedwarf.interpreter.lastlight import conditional, events, lumos, versions
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    IllegalOption,
    Option,
    ask,
    task,
)
from whitedwarf.interpreter.lastlight.fleet import fleet
from whitedwarf.interpreter.lastlight.hooks import fire, run_card
from whitedwarf.interpreter.lastlight.records import Ship, State, Task
from whitedwarf.interpreter.lastlight.state import (
    LUMOS,
    card_id,
    mark_moved,
    move_ship,
    reveal_token,
)
from whitedwarf.interpreter.lastlight.stats import flag, ship_type, stat
from whitedwarf.interpreter.lastlight.tokens import BLANK


def new_task(seat: int) -> Task:
    """One Command player's move step."""
    return task("move", seat, "start", token=None)


def movers(state: State, seat: int) -> list[Ship]:
    """Ships the player may still move: their own, and the Lumos' if allied (002)."""
    return [s for s in _commanded(state, seat) if not s["moved"]]


def _commanded(state: State, seat: int) -> list[Ship] | tuple[Ship, ...]:
    """The player's ships and the Lumos' if allied (002), in board order, from the index of
    ships by owner (``fleet.py``): a late game has some 25-35 ships, most of them others'."""
    return fleet(state).commanded(seat, lumos.controller(state) == seat)


def _may_move(state: State, seat: int, ship: Ship) -> bool:
    """Whether ``ship`` is one of :func:`movers` of ``seat``."""
    if ship["moved"]:
        return False
    owner = ship["owner"]
    return owner == seat or (owner == LUMOS and lumos.controller(state) == seat)


def _any_mover(state: State, t: Task) -> bool:
    """Whether :func:`movers` of the step's player is not empty: whether its kept listing
    has a ship (made here if need be: the step asks next), else by a walk over the ships."""
    listing = _listing(state, t)
    if listing is not None:
        return bool(listing.by_ship)
    return any(not s["moved"] for s in _commanded(state, t["seat"]))


def _speed(state: State, owner: int, size: str) -> tuple[int, frozenset[str]]:
    """A ship type's movement and the sectors it cannot enter."""
    numbers = ship_type(state, owner, size)  # kept until the owner's cards change
    if numbers is None:  # read one by one (events recorded, or temporary adds)
        crosses = flag(state, owner, "cross_asteroids", size)
        movement = stat(state, owner, "movement", size)
    else:
        crosses, movement = numbers.cross_asteroids, numbers.movement
    return movement, frozenset() if crosses else runtime(state).blocked


def destinations(state: State, ship: Ship, memo: dict[Any, Any] | None = None) -> list[str]:
    """Sectors a ship can end its move in (000 "1. Move"), its own sector excluded.

    ``memo`` caches the speed and blocked sectors per (owner, size) within one listing.
    """
    owner, size = ship["owner"], ship["size"]
    key = (owner, size)
    found = memo.get(key) if memo is not None else None
    if found is None:
        found = _speed(state, owner, size)
        if memo is not None:
            memo[key] = found
    speed, blocked = found
    return list(_reach(state, ship["sector"], speed + ship["extra_move"], blocked))


def _reach(state: State, here: str, speed: int, blocked: frozenset[str]) -> tuple[str, ...]:
    """Sorted sectors within ``speed`` moves of ``here`` (itself excluded), cached per content."""
    rt = runtime(state)
    board = rt.board
    turned = state["rotation"] % board.rotations_cycle()
    key = (here, speed, turned, blocked)
    cache = rt.destinations
    found = cache.get(key)
    if found is None:
        reach = board.reachable(here, speed, turned, blocked)
        found = cache[key] = tuple(sorted(s for s in reach if s != here))
    return found


#: Entries of the per-content cache of one ship's move options before it is emptied.
_OPTIONS_LIMIT = 1 << 15


def move_options(state: State, seat: int) -> list[Option]:
    """Every (ship, destination) pair still open to the player, listed afresh."""
    return [option for options in _by_ship(state, seat).values() for option in options]


def _by_ship(state: State, seat: int) -> dict[str, tuple[Option, ...]]:
    """Ship id -> its move options, for every ship the player may still move, in board
    order (a boxed-in ship has none, but is there: the player is still asked)."""
    rt = runtime(state)
    cache = rt.move_options
    if len(cache) >= _OPTIONS_LIMIT:
        cache.clear()
    rotation = state["rotation"] % rt.board.rotations_cycle()
    out: dict[str, tuple[Option, ...]] = {}
    memo: dict[Any, Any] = {}
    for ship in _commanded(state, seat):
        if ship["moved"]:
            continue
        owner, size = ship["owner"], ship["size"]
        found = memo.get((owner, size))
        if found is None:
            found = memo[owner, size] = _speed(state, owner, size)
        speed, blocked = found  # :func:`_speed`
        sid, sector, moves = ship["id"], ship["sector"], speed + ship["extra_move"]
        key = (sid, size, sector, moves, rotation, blocked)
        options = cache.get(key)
        if options is None:
            options = cache[key] = tuple(
                Option(f"move:{sid}:{dest}", f"move {size} {sid} to {dest}")
                for dest in _reach(state, sector, moves, blocked)
            )
        out[sid] = options
    return out


class Listing:
    """A move step's options, kept from one decision of the step to the next (in
    ``versions.Versions.moves``): the step asks once per ship moved, and listing every ship
    the player may still move at each ask grows with the fleet (a late game has 8-10 ships a
    seat, each with 5-10 destinations).

    A move changes one ship (it moves, so it is listed no more): :func:`_moved` drops its
    options. Anything else that could change a listing renews what :func:`_signature` reads:
    a ship placed, moved, damaged, removed or given an extra move (the ``ships`` stamp), the
    player's cards (``techs_of``, which ``versions.cards_changed`` renews), the board's
    rotation, the Lumos' ally. The ships' ``moved`` marks go back to unmoved only at the
    round's end, never within one step: a listing serves only its own task object.

    The listing is that of the player without temporary adds (``add``): it is not used while
    they have some, nor while events are recorded (each stat read then names its cards)."""

    __slots__ = ("by_ship", "options", "signature", "task")

    def __init__(self, task: Task, signature: tuple[Any, ...], by_ship: dict[str, Any]) -> None:
        self.task = task
        self.signature = signature
        #: ship id -> its options (:func:`_by_ship`).
        self.by_ship = by_ship
        #: The options of every ship, in board order.
        self.options: list[Option] = [o for options in by_ship.values() for o in options]


def _signature(state: State, kept: versions.Versions, seat: int) -> tuple[Any, ...]:
    """What a kept :class:`Listing` of ``seat`` was made under (see there)."""
    stamps = kept.stamps
    ally = state["lumos"]  # lumos.controller written out (three to four calls a move)
    return (
        stamps["ships"],
        stamps["techs_of", seat],
        state["rotation"],
        ally["ally"] if ally else None,
    )


def _listing(state: State, t: Task) -> Listing | None:
    """The kept :class:`Listing` of a move step, made when missing or out of date; None
    while it cannot be used (temporary adds, events recorded)."""
    seat = t["seat"]
    if events.ON or state["players"][seat]["temp"]:
        return None
    kept = versions.of(state)
    if conditional.moves_ships_of(kept):  # movement under `while` is read afresh (E137)
        return None
    signature = _signature(state, kept, seat)
    found: Listing | None = kept.moves
    if found is None or found.task is not t or found.signature != signature:
        found = kept.moves = Listing(t, signature, _by_ship(state, seat))
    return found


def _kept_listing(state: State, kept: versions.Versions, t: Task) -> Listing | None:
    """The kept :class:`Listing` of a move step if it is up to date (not made); ``kept``:
    the state's versions."""
    found = kept.moves
    if found is None or found.task is not t:
        return None
    return found if found.signature == _signature(state, kept, t["seat"]) else None


def _moved(kept: versions.Versions, listing: Listing, ship_id: str) -> None:
    """A ship of the listing moved (and is marked so): its options go, and the listing is
    up to date again. The move renewed the ``ships`` stamp alone of what the listing was
    made under (``versions.ships_changed``): the rest of its signature stands."""
    options = listing.by_ship.pop(ship_id)
    if options:
        start = listing.options.index(options[0])
        del listing.options[start : start + len(options)]
    listing.signature = (kept.stamps["ships"], *listing.signature[1:])


def to_reveal(state: State, seat: int) -> list[str]:
    """Sectors with a face-down token that the player's own ships occupy."""
    sectors = state["sectors"]
    occupied = {s["sector"] for s in fleet(state).of(seat)}  # each sector looked at once
    return sorted(x for x in occupied if sectors[x]["token"] and not sectors[x]["revealed"])


def reveal(state: State, seat: int, sector: str) -> dict[str, Any]:
    """Turn a token face up (deep space: off the board) and fire ``token_revealed``."""
    sec = state["sectors"][sector]
    ref = sec["token"]
    assert ref is not None  # its callers reveal a face-down token only
    ctx = {"sector": sector, "planet": sec["planet"], "card": ref}
    if events.ON:
        # The token by name (blank placeholders of setup have none: "blank").
        name = "blank" if ref.startswith(BLANK) else card_id(ref)
        events.emit(state, "token", seat, name, sector=sector)
    # 000: deep space tokens "are removed from the board after they have been resolved";
    # planetary tokens "remain on the board" and give the planet's resource.
    reveal_token(state, sector)
    fire(state, "token_revealed", seat, ctx)
    return ctx


def _run(state: State, t: Task) -> None:
    seat, pc = t["seat"], t["pc"]
    if pc == "start":
        fire(state, "before_move", seat, {})
        t["pc"] = pc = "move"
        if state["frames"] or not state["stack"] or state["stack"][-1] is not t:
            return  # a hook's effect waits for a decision: the move step runs after it
        # Both steps are quiet (``game.QUIET_STEPS``): ``game.advance`` would run the move
        # step next with nothing between, so it runs here (a round trip of the loop less).
    if pc == "move":
        # Any ship left to move: the player is asked (a boxed-in ship can only "done").
        if _any_mover(state, t):
            ask(t, seat)
        else:
            t["pc"] = "reveal"
    elif pc == "reveal":
        left = to_reveal(state, seat)
        if len(left) > 1:
            ask(t, seat)
        elif left:
            _reveal(state, t, left[0])
        else:
            t["pc"] = "end"
    elif pc == "resolve":
        ctx = t["token"]
        assert ctx is not None  # the token ``_reveal`` turned, which this step resolves
        if not ctx["card"].startswith(BLANK):
            run_card(state, seat, ctx["card"], ctx)
        t["token"] = None
        t["pc"] = "reveal"
    elif pc == "end":
        fire(state, "after_move", seat, {})
        t["pc"] = "done"


def _reveal(state: State, t: Task, sector: str) -> None:
    t["token"] = reveal(state, t["seat"], sector)
    t["pc"] = "resolve"


def _options(state: State, t: Task) -> list[Option]:
    seat = t["seat"]
    if t["pc"] == "move":
        listing = _listing(state, t)
        if listing is None:
            return [*move_options(state, seat), _DONE]
        return [*listing.options, _DONE]
    return [Option(f"reveal:{s}", f"reveal the token in {s}") for s in to_reveal(state, seat)]


#: The option that ends the move step (one shared, immutable).
_DONE = Option("done", "stop moving")


def _choose(state: State, t: Task, option_id: str) -> None:
    seat, pc = t["seat"], t["pc"]
    parts = option_id.split(":")
    t["ask"] = None
    if pc == "move" and parts[0] == "done":
        t["pc"] = "reveal"
    elif pc == "move" and parts[0] == "move" and len(parts) == 3:
        _move(state, t, option_id, parts[1], parts[2])
    elif pc == "reveal" and parts[0] == "reveal" and parts[1] in to_reveal(state, seat):
        _reveal(state, t, parts[1])
    else:
        raise IllegalOption(f"command cannot take {option_id!r} now")


def _move(state: State, t: Task, option_id: str, ship_id: str, sector: str) -> None:
    """Move a ship (``move:<ship>:<sector>``) and mark it moved (000 "1. Move")."""
    seat = t["seat"]
    ship = state["ships"].get(ship_id)
    kept = versions.of(state)  # the same object after the move: its stamps are renewed
    listing = _kept_listing(state, kept, t)
    if ship is None or not _legal_move(state, t, ship, option_id, sector, listing):
        raise IllegalOption(f"cannot {option_id!r}")
    move_ship(state, ship, sector)
    mark_moved(state, ship)
    if listing is not None:
        _moved(kept, listing, ship_id)
    if events.ON:
        events.emit(state, "ship_moved", seat, ship=ship_id, owner=ship["owner"], sector=sector)
    if ship["owner"] != LUMOS:
        fire(state, "ship_moved", seat, {"ship": ship_id, "sector": sector})


def _legal_move(
    state: State,
    t: Task,
    ship: Ship,
    option_id: str,
    sector: str,
    listing: Listing | None,
) -> bool:
    """Whether the step's player may move ``ship`` to ``sector``: one of the kept listing's
    options when it serves (a ship is listed while the player may still move it), else
    worked out (while events are recorded, each stat read is announced as before)."""
    if listing is not None and not events.ON and not state["players"][t["seat"]]["temp"]:
        options = listing.by_ship.get(ship["id"])
        return options is not None and option_id in map(_ID, options)
    return _may_move(state, t["seat"], ship) and sector in destinations(state, ship)


#: An option's id.
_ID = itemgetter(0)


#: What runs the ``move`` task (``game.HANDLERS``).
HANDLER = Handler(_run, _options, _choose)
