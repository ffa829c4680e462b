"""Action card #6, Command, step 2: attack, sector by sector.

004 "2. Attack" (the revised text, which replaces 000's): "All players that chose Command must
finish their movement before the attack phase occurs; at which point, all ships controlled by
those players may attack. ... Ships without bombardment can only attack if there is an enemy
ship present. Ships with bombardment can attack if there is an enemy ship or extractor
present. ... Attacks are resolved sector by sector. The player holding the first player token
chooses the order in which the sectors are resolved." "Attack rolls should be in turn order,
but all damage is resolved simultaneously. A ship that takes enough damage to be destroyed will
still roll attack dice before being removed from the board." "Dice should be rolled for all
ships of the same type simultaneously." "Attacking is optional, but once you have rolled attack
dice, assigning all rolled damage is mandatory. Damage is assigned to targets by the player
rolling the dice." "Any ship which receives damage equal to its shields is destroyed and placed
on the graveyard card of the player who assigned the final damage." "Extractors may be
targeted by ships with bombardment but only if there are no enemy ships remaining in the
sector." 000 "Combat Icons Explained": each ship may only participate in 1 combat per turn.
Public rules FAQ: the colony ship and the extractors on it cannot be attacked.
002: the Lumos' ally rolls the Lumos ships separately, with base stats; their kills are the
ally's.

Task ``attack`` fields: ``players`` (Command seats in turn order), ``done`` (sectors already
resolved), ``sector`` (the one being resolved), ``turn`` (index into ``players`` of the
roller), ``group`` (the group rolling: ``"small"`` or ``"lumos:small"``), ``die`` (next die of
``state["dice"]`` to resolve), ``fired`` (its hooks fired), ``hits`` (damage still to
assign), ``pending`` (``[target id, seat]`` assignments in order), ``dmg`` (target id ->
pending damage). Steps: ``start`` -> ``pick`` (decision ``sector:<id>`` for the first player)
-> ``roll`` (decisions ``roll:<group>`` or ``done``) -> ``dice`` -> ``assign`` (decision
``assign:<unit id>``) -> ... -> ``apply`` -> ``pick`` ... -> ``end``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from whitedwarf.interpreter import rng
from whitedwarf.interpreter.lastlight import (
    conditional,
    events,
    graveyard,
    limits,
    modifiers,
    versions,
)
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    IllegalOption,
    Option,
    ask,
    task,
)
from whitedwarf.interpreter.lastlight.fleet import by_sector, extractors_by_sector, fleet
from whitedwarf.interpreter.lastlight.hooks import NO_SHIP_TYPE, fire, fire_each
from whitedwarf.interpreter.lastlight.records import RolledDie, Ship, State, Task
from whitedwarf.interpreter.lastlight.state import LUMOS, SIZES, damage_ship, mark_fought
from whitedwarf.interpreter.lastlight.stats import flag, ship_type, stat


def new_task(seats: list[int]) -> Task:
    """The shared attack step of every Command player of the round."""
    return task(
        "attack", None, "start", players=list(seats), done=[], sector=None, turn=0,
        group=None, die=0, fired=False, hits=0, pending=[], dmg={},
    )  # fmt: skip


# -- who fights whom ---------------------------------------------------------------------------


def enemy(state: State, seat: int, owner: int) -> bool:
    """Whether units of ``owner`` are enemies of ``seat`` (and of the Lumos it commands)."""
    if owner == seat:
        return False
    if owner == LUMOS:
        lumos = state["lumos"]
        return not (lumos and lumos["ally"] == seat)
    return True


def _side(state: State, seat: int, group: str) -> tuple[int, str]:
    """The owner and size of a group id (``"medium"`` or ``"lumos:medium"``)."""
    if group.startswith("lumos:"):
        return LUMOS, group[6:]
    return seat, group


def _groups_of(state: State, seat: int) -> list[str]:
    """The group ids a Command player rolls: own sizes, and the Lumos' if allied (002)."""
    return [g for g, _, _ in _group_table(state, seat)]


def shield(state: State, ship: Ship) -> int:
    """Damage that destroys the ship (000 "Combat Icons Explained": Shields)."""
    return stat(state, ship["owner"], "shield", ship["size"])


def _can_fight(state: State, ship: Ship) -> bool:
    """000: "Each ship may only participate in 1 combat per turn" (unless a card says)."""
    limit = 2 if flag(state, ship["owner"], "fight_twice", ship["size"]) else 1
    fought: int = ship["fought"]
    return fought < limit


def _in_range(state: State, ship: Ship, sector: str) -> bool:
    """Range 0 fires in its own sector, range 1 also into adjacent ones (000 "Range")."""
    if ship["sector"] == sector:
        return True
    reach = stat(state, ship["owner"], "range", ship["size"])
    if reach <= 0:
        return False
    board = runtime(state).board
    return sector in board.reachable_ids(ship["sector"], reach, state["rotation"])


def _arms(state: State, owner: int, size: str) -> tuple[int, bool, int]:
    """A ship type's fight limit (000: "Each ship may only participate in 1 combat per turn"
    unless a card says), bombardment and range."""
    numbers = ship_type(state, owner, size)  # kept until the owner's cards change
    if numbers is not None:
        return numbers.fights, numbers.bombard, numbers.range
    # Read one by one (events recorded, or temporary adds), in the rules' order.
    return (
        2 if flag(state, owner, "fight_twice", size) else 1,
        flag(state, owner, "bombard", size),
        stat(state, owner, "range", size),
    )


def group_ships(state: State, seat: int, group: str, sector: str) -> list[Ship]:
    """Ships of a group that can still fight in ``sector``."""
    owner, size = _side(state, seat, group)
    # The group's ships from the index of ships by kind: most ships on the board are others'.
    ships = fleet(state).kinds.get((owner, size))
    if not ships:
        return []
    out = []
    limit = reach = None
    numbers = ship_type(state, owner, size)  # kept until the owner's cards change
    if numbers is not None:
        limit, reach = numbers.fights, numbers.range
        if reach <= 0:
            # Range 0 fires in its own sector only (000 "Range"): the few ships there, from
            # the index of ships by sector, in board order as the group's own list.
            return [
                s for s in by_sector(state).get(sector, ())
                if s["owner"] == owner and s["size"] == size and s["fought"] < limit
            ]  # fmt: skip
    for s in ships:
        # Every ship of a group has the same stats: read them once (one by one while events
        # are recorded, as the rules read them).
        if limit is None:
            limit = 2 if flag(state, owner, "fight_twice", size) else 1
        if s["fought"] >= limit:
            continue
        here = s["sector"]
        if here != sector:
            if reach is None:
                reach = stat(state, owner, "range", size)
            if reach <= 0:
                continue
            board = runtime(state).board
            if sector not in board.reachable_ids(here, reach, state["rotation"]):
                continue
        out.append(s)
    return out


def targets(
    state: State,
    t: Task,
    seat: int,
    bombard: bool,
    sector: str,
    memo: dict[Any, int] | None = None,
    here: list[Ship] | tuple[()] | None = None,
) -> list[str]:
    """Units a hit of ``seat``'s may be assigned to in ``sector`` now.

    Enemy ships not already doomed by pending damage; when none remain, enemy extractors on
    planets for bombarding ships (004). A doomed ship takes no more hits: a hit with no target
    left is lost (docs/rules-decisions.md "Engine rules"). ``memo`` keeps the shields per
    ship type within one listing; ``here``, the ships in ``sector`` in board order, if the
    caller has them (:func:`combat_sectors` looks at many sectors), else they come from the
    index of ships by sector (``fleet.by_sector``).
    """
    dmg = t["dmg"]
    if memo is None:
        memo = {}
    lumos = state["lumos"]
    friend = LUMOS if lumos and lumos["ally"] == seat else seat
    ships = []
    for s in by_sector(state).get(sector, ()) if here is None else here:
        owner = s["owner"]
        if owner in (seat, friend):
            continue  # not an enemy (the Lumos are their ally's friends, 002)
        key = (owner, s["size"])
        need = memo.get(key)
        if need is None:
            need = memo[key] = stat(state, owner, "shield", s["size"])
        if s["damage"] + dmg.get(s["id"], 0) < need:
            ships.append(s["id"])
    if ships or not bombard:
        return ships
    need = runtime(state).extractor_shield
    return [
        x["id"]
        for x in extractors_by_sector(state).get(sector, ())
        if x["planet"] is not None and enemy(state, seat, x["owner"])
        and dmg.get(x["id"], 0) < need
    ]  # fmt: skip


def hittable(
    state: State,
    t: Task,
    seat: int,
    bombard: bool,
    sector: str,
    memo: dict[Any, int],
    here: list[Ship] | tuple[()],
) -> bool:
    """Whether :func:`targets` lists a unit (``here``: the ships in ``sector``), stopping at
    the first: a pick asks only whether a hit could land in a sector, for each sector a
    Command player's ship reaches. While events are heard, :func:`targets` itself (each
    shield read names its cards, and it reads every enemy ship's)."""
    if events.ON:
        return bool(targets(state, t, seat, bombard, sector, memo, here))
    dmg = t["dmg"]
    lumos = state["lumos"]
    friend = LUMOS if lumos and lumos["ally"] == seat else seat
    for s in here:
        owner = s["owner"]
        if owner in (seat, friend):
            continue  # not an enemy (002)
        key = (owner, s["size"])
        need = memo.get(key)
        if need is None:
            need = memo[key] = stat(state, owner, "shield", s["size"])
        if s["damage"] + dmg.get(s["id"], 0) < need:
            return True  # an enemy ship not doomed: no extractor is a target while it stays
    if not bombard:
        return False
    need = runtime(state).extractor_shield
    return any(
        x["planet"] is not None and enemy(state, seat, x["owner"]) and dmg.get(x["id"], 0) < need
        for x in extractors_by_sector(state).get(sector, ())
    )


def _bombards(state: State, seat: int, group: str) -> bool:
    owner, size = _side(state, seat, group)
    return flag(state, owner, "bombard", size)


def present(
    state: State,
    seat: int,
    bombard: bool,
    sector: str,
    here: list[Ship] | tuple[()] | None = None,
) -> bool:
    """Whether ``seat`` has something to attack in ``sector`` (004: "Ships without
    bombardment can only attack if there is an enemy ship present. Ships with bombardment can
    attack if there is an enemy ship or extractor present").

    Damage already assigned does not count: it is "resolved simultaneously" (004), so a ship
    that will be destroyed is still present until the sector's damage is applied
    (docs/rules-decisions.md E7). ``here``: the ships in ``sector``, if the caller has them.
    """
    lumos = state["lumos"]
    friend = LUMOS if lumos and lumos["ally"] == seat else seat
    for s in by_sector(state).get(sector, ()) if here is None else here:
        if s["owner"] != seat and s["owner"] != friend:
            return True
    if not bombard:
        return False
    return any(
        x["planet"] is not None and enemy(state, seat, x["owner"])
        for x in extractors_by_sector(state).get(sector, ())
    )


#: A Command player's group ids, each with the owner it rolls for (None: the player) and its
#: size: the player's own sizes, and the Lumos' for their ally (002), as :func:`_groups_of`.
_OWN_GROUPS = tuple((size, None, size) for size in SIZES)
_ALLY_GROUPS = _OWN_GROUPS + tuple((f"lumos:{size}", LUMOS, size) for size in SIZES)


def groups(state: State, t: Task, seat: int, sector: str) -> list[str]:
    """Groups of ``seat`` that can roll in ``sector``: ships able to fight and an enemy
    present (004), even one already doomed by the damage assigned this sector (E7).

    While the attack's survey holds (:class:`KeptSectors`), from the groups of ships it found
    reaching the sector (:func:`_groups_kept`), else by walking the seat's ships
    (:func:`_groups_walk`).
    """
    # a `while` clause's number may change with anything: no kept survey (E137)
    if not events.ON and not conditional.moves_ships(runtime(state)):
        kept = versions.of(state)
        survey = kept.combat
        if survey is not None and survey.task is t and _unchanged(state, kept, survey):
            reaching = survey.candidates.get(sector)
            if reaching is not None:
                return _groups_kept(state, t, seat, sector, reaching)
    return _groups_walk(state, t, seat, sector)


def _groups_kept(
    state: State, t: Task, seat: int, sector: str, reaching: list[Reaching]
) -> list[str]:
    """:func:`groups` from the ships the attack's survey found reaching ``sector``.

    Nothing that could let another ship reach it has changed since the survey (no ship
    placed or moved, the same cards, adds, ally and rotation: :func:`_unchanged`), and a
    ship's fight count only grows during an attack, so the groups that can roll are among
    those the survey found: the ones with a ship still on the board that can still fight
    (000 "Combat Icons Explained": each ship may only participate in 1 combat per turn),
    with an enemy present now (004, E7). Listed in the groups' order (:func:`_groups_of`).
    """
    ships = state["ships"]
    able: dict[tuple[int, str], bool] = {}  # (owner, size) -> whether it bombards
    for who, bombard, fighters in reaching:
        if who == seat:
            for ship, limit in fighters:
                if ship["fought"] < limit and ship["id"] in ships:
                    able[ship["owner"], ship["size"]] = bombard
    if not able:
        return []
    rolling = []
    for g, side, size in _group_table(state, seat):
        bombards = able.get((seat if side is None else side, size))
        if bombards is not None:
            rolling.append((g, bombards))
    return _facing_enemies(state, seat, sector, rolling)


def _groups_walk(state: State, t: Task, seat: int, sector: str) -> list[str]:
    """:func:`groups` by walking the seat's ships of each group."""
    rolling = []
    kinds = fleet(state).kinds  # the kinds of ship on the board
    for g, side, size in _group_table(state, seat):
        owner = seat if side is None else side
        ships = kinds.get((owner, size))
        if not ships:
            continue
        numbers = ship_type(state, owner, size)  # kept until the owner's cards change
        if numbers is None:  # read one by one, in the rules' order (events, temporary adds)
            if not group_ships(state, seat, g, sector):
                continue
            bombard = _bombards(state, seat, g)
        elif _fights_in(state, ships, numbers, sector):
            bombard = numbers.bombard
        else:
            continue
        rolling.append((g, bombard))
    return _facing_enemies(state, seat, sector, rolling)


def _group_table(state: State, seat: int) -> tuple[tuple[str, int | None, str], ...]:
    """The groups ``seat`` may roll, with their owner and size (:data:`_OWN_GROUPS`, and the
    Lumos' too for their ally, 002)."""
    lumos = state["lumos"]
    return _ALLY_GROUPS if lumos is not None and lumos["ally"] == seat else _OWN_GROUPS


def _facing_enemies(
    state: State, seat: int, sector: str, rolling: list[tuple[str, bool]]
) -> list[str]:
    """The groups of ``rolling`` (``(group, whether it bombards)``) with something to attack
    in ``sector`` (:func:`present`, asked once per kind of group: 004)."""
    present_for: dict[bool, bool] = {}
    out = []
    for g, bombards in rolling:
        there = present_for.get(bombards)
        if there is None:
            there = present_for[bombards] = present(state, seat, bombards, sector)
        if there:
            out.append(g)
    return out


def _fights_in(state: State, ships: list[Ship], numbers: Any, sector: str) -> bool:
    """Whether :func:`group_ships` would find a ship of a group (``ships``, of one type with
    ``numbers``) in ``sector``, stopping at the first."""
    limit, reach = numbers.fights, numbers.range
    for s in ships:
        if s["fought"] >= limit:
            continue
        here = s["sector"]
        if here == sector:
            return True
        if reach > 0 and sector in runtime(state).board.reachable_ids(
            here, reach, state["rotation"]
        ):
            return True
    return False


def combat_sectors(state: State, t: Task) -> list[str]:
    """Sectors not yet resolved where some Command player's group can attack.

    The first pick of an attack surveys the board (:func:`_survey`); a later pick looks again
    only at the sectors that survey kept (:class:`KeptSectors`) while nothing that could add
    one has changed. While events are heard every pick surveys, so that the stats it reads
    (each read names the cards behind it) are the same at every pick.
    """
    # Read once: ``events.ON`` is the process's, and another thread's game may start or stop
    # listening between two reads of it (tests/engine/test_events_threads.py met that).
    if events.ON or conditional.moves_ships(runtime(state)):  # `while`: read afresh (E137)
        return _survey(state, t)[0]
    kept = versions.of(state)
    found = kept.combat
    if found is not None and found.task is t and _unchanged(state, kept, found):
        return _look_again(state, t, found)
    sectors, candidates, shields = _survey(state, t)
    if sectors:  # else the attack ends: no later pick
        kept.combat = KeptSectors(state, t, candidates, shields)
    return sectors


# -- the sectors a pick offers, kept between the picks of one attack ---------------------------

#: A ship's sector (read for every ship in one call by :func:`_positions`).
_SECTOR = itemgetter("sector")
#: A player's temporary adds (read for every player in one call by :func:`_unchanged`).
_TEMP = itemgetter("temp")


def _positions(ships: dict[str, Ship]) -> dict[str, str]:
    """Ship id -> its sector, every ship read in one call (about 40 ns a ship)."""
    return dict(zip(ships, map(_SECTOR, ships.values()), strict=True))


#: Ships of one Command player that reach a sector: ``(seat, bombard, [(ship, fight limit)])``,
#: every able ship of the same side, bombardment and range in the same sector.
Reaching = tuple[int, bool, list[tuple[Ship, int]]]


class KeptSectors:
    """What an attack's pick surveyed, kept for its next pick (:func:`combat_sectors`).

    Resolving a sector takes fighters away (the ships that rolled have fought, destroyed ones
    leave the board) and enemies (damage, destruction), and the sector is done: it never makes
    another sector able to host combat. So a later pick looks again only at the
    ``candidates``: the sectors not yet resolved that an able ship of a Command player reaches
    with an enemy present (doomed or not, E7), each with every group of ships reaching it.
    What could add a sector is compared with the survey's state, and any change means a new
    survey: a ship placed or moved (the ships' sectors), an extractor placed, a card in play
    changed (fight limit, bombardment, range, shields: ``Versions.card_changes``), a
    temporary add (range), the Lumos' ally (who commands them, who is an enemy) or the board's
    rotation (where a range reaches). A ship's fight count only grows during an attack (the
    round's end resets it). Kept in the state's versions, so a clone or loaded state surveys.
    The ``shields`` read by ship type are kept too: they change only with the cards in play
    and the temporary adds (000 "Combat Icons Explained": Shields).
    """

    __slots__ = (
        "ally", "candidates", "card_changes", "extractor_ids", "extractors_stamp",
        "positions", "rotation", "shields", "ships_stamp", "task", "temps",
    )  # fmt: skip

    def __init__(
        self,
        state: State,
        t: Task,
        candidates: dict[str, list[Reaching]],
        shields: dict[tuple[int, str], int],
    ) -> None:
        kept = versions.of(state)
        ships = state["ships"]
        lumos = state["lumos"]
        self.task = t  # the attack task object these picks belong to
        self.candidates = candidates
        #: ``(owner, size)`` -> the ship type's shields, as read so far.
        self.shields = shields
        #: ship id -> its sector at the survey.
        self.positions = _positions(ships)
        self.ships_stamp = kept.stamps["ships"]  # positions known to hold under this stamp
        self.extractor_ids = set(state["extractors"])
        self.extractors_stamp = kept.stamps["extractors"]
        self.card_changes = kept.card_changes
        self.temps = [dict(p["temp"]) for p in state["players"]]
        self.ally = lumos["ally"] if lumos else None
        self.rotation = state["rotation"]


def _survey(
    state: State, t: Task
) -> tuple[list[str], dict[str, list[Reaching]], dict[tuple[int, str], int]]:
    """The sectors where a group can attack, found by walking every able ship of the Command
    players and the sectors it reaches, and the candidates a later pick looks at again with
    the shields read (:class:`KeptSectors`)."""
    found: set[str] = set()
    candidates: dict[str, list[Reaching]] = {}
    done = t["done"]
    lumos = state["lumos"]
    pieces = fleet(state)
    placed = by_sector(state)
    kinds: dict[Any, tuple[int, bool, int]] = {}
    shields: dict[tuple[int, str], int] = {}
    present_at: dict[tuple[int, bool, str], bool] = {}  # (seat, bombard, sector): an enemy?
    origins: dict[tuple[int, bool, int, str], list[tuple[Ship, int]]] = {}
    board = runtime(state).board
    rotation = state["rotation"]
    for seat in t["players"]:
        # The seat's own ships (and the Lumos' for their ally) from the index: a late game
        # has some 25-35 ships, most of them another seat's.
        for ship in pieces.commanded(seat, lumos is not None and lumos["ally"] == seat):
            owner, size = ship["owner"], ship["size"]
            kind = kinds.get((owner, size))
            if kind is None:  # read once per listing
                kind = kinds[owner, size] = _arms(state, owner, size)
            fights, bombard, distance = kind  # :func:`_arms`
            if ship["fought"] >= fights:
                continue
            # A ship of the same side, bombardment and range in the same sector reaches the
            # same sectors: a stack of ships is looked at once, as one group of fighters.
            origin = (seat, bombard, distance, ship["sector"])
            fighters = origins.get(origin)
            if fighters is not None:
                fighters.append((ship, fights))
                continue
            fighters = origins[origin] = [(ship, fights)]
            if distance <= 0:
                reach: tuple[str, ...] = (ship["sector"],)
            else:
                reach = board.reachable_ids(ship["sector"], distance, rotation)
            for sector in reach:
                if sector in done:
                    continue
                key = (seat, bombard, sector)
                there = present_at.get(key)
                if there is None:  # many ships reach the same sectors: each is looked at once
                    here = placed.get(sector, ())
                    there = present_at[key] = _look(state, t, key, here, found, shields)
                if there:
                    candidates.setdefault(sector, []).append((seat, bombard, fighters))
    return sorted(found), candidates, shields


def _look(
    state: State,
    t: Task,
    key: tuple[int, bool, str],
    here: list[Ship] | tuple[()],
    found: set[str],
    shields: dict[Any, int],
) -> bool:
    """Whether an enemy of ``seat`` is present in ``sector`` for a group that does or does not
    bombard (``key``); the sector joins ``found`` if a hit of that group could land there."""
    seat, bombard, sector = key
    # An empty sector has nothing to attack but extractors, for bombarding ships (most
    # sectors a ship with range reaches are empty: no call for those).
    if not (here or bombard):
        return False
    if sector not in found and hittable(state, t, seat, bombard, sector, shields, here):
        found.add(sector)
        return True
    return present(state, seat, bombard, sector, here)


def _unchanged(state: State, kept: versions.Versions, survey: KeptSectors) -> bool:
    """Whether nothing that could add a combat sector changed since ``survey`` (see
    :class:`KeptSectors`): no ship placed or moved, no extractor placed, the same cards in
    play, temporary adds, Lumos' ally and rotation."""
    lumos = state["lumos"]
    if (
        survey.card_changes != kept.card_changes
        or survey.rotation != state["rotation"]
        or survey.ally != (lumos["ally"] if lumos else None)
        or list(map(_TEMP, state["players"])) != survey.temps  # compared in C
    ):
        return False
    stamp = kept.stamps["extractors"]
    if stamp != survey.extractors_stamp:
        if not state["extractors"].keys() <= survey.extractor_ids:
            return False  # one was placed
        survey.extractors_stamp = stamp
    stamp = kept.stamps["ships"]
    if stamp != survey.ships_stamp:
        # The same ids in the same sectors, or fewer (compared in C, not ship by ship).
        if not _positions(state["ships"]).items() <= survey.positions.items():
            return False  # one was placed or moved
        survey.ships_stamp = stamp
    return True


def _look_again(state: State, t: Task, survey: KeptSectors) -> list[str]:
    """:func:`combat_sectors` from the survey's candidates: those not yet resolved where a
    ship of a reaching group is still on the board and can still fight, and a hit of that
    group could land now. Resolved sectors leave the candidates."""
    ships = state["ships"]
    done = t["done"]
    placed = by_sector(state)
    shields = survey.shields  # the same cards and adds as at the survey (_unchanged)
    candidates = survey.candidates
    out = []
    for sector in [s for s in candidates if s in done]:
        del candidates[sector]
    for sector, reaching in candidates.items():
        here = placed.get(sector, ())
        for seat, bombard, fighters in reaching:
            if any(s["id"] in ships and s["fought"] < limit for s, limit in fighters) and hittable(
                state, t, seat, bombard, sector, shields, here
            ):
                out.append(sector)
                break
    out.sort()
    return out


# -- the steps ---------------------------------------------------------------------------------


def _run(state: State, t: Task) -> None:
    STEPS[t["pc"]](state, t)


def _start(state: State, t: Task) -> None:
    fire_each(state, "before_attack", t["players"])
    t["pc"] = "pick"
    # Start and pick are quiet (``QUIET_STEPS``): the pick runs here, as ``game.advance``
    # would run it next, unless a hook's effect waits for a decision or a task is on top.
    if not state["frames"] and state["stack"] and state["stack"][-1] is t:
        _pick(state, t)


def _pick(state: State, t: Task) -> None:
    """The next sector to resolve: asked of the first player when there is a choice, else
    opened (its first roll step run at once), or the attack ends (its end step run at once).

    Pick, roll and end steps are quiet (``QUIET_STEPS``: no achievement check follows them),
    so ``game.advance`` would run the next one straight after this one with nothing in
    between; running it here spares the engine loop's round trip.
    """
    found = combat_sectors(state, t)
    if len(found) > 1:
        # 000: "The player holding the first player token chooses the order". The list is
        # kept for the decision's options and its check (listed once a pick, not three times).
        versions.remember_asked(state, t, found)
        ask(t, state["first"])
    elif found:
        _open(t, found[0])
        _roll(state, t)
    else:
        t["pc"] = "end"
        _end(state, t)


def _open(t: Task, sector: str) -> None:
    t.update({"sector": sector, "turn": 0, "pending": [], "dmg": {}, "pc": "roll"})


def _roll(state: State, t: Task) -> None:
    """Ask the Command players in turn order whether to roll a group in the sector (004:
    "Attack rolls should be in turn order"); a player with no group that can roll is passed
    over in the same step (roll steps are quiet: ``game.advance`` would run the next at
    once), and after the last the sector's damage is applied."""
    players = t["players"]
    while t["turn"] < len(players):
        seat = players[t["turn"]]
        # ``sector`` (and ``group``) were set by the pick and the roll: not None
        found = groups(state, t, seat, t["sector"])  # type: ignore[arg-type]
        if found:
            versions.remember_asked(state, t, found)  # for the options and the choice's check
            ask(t, seat)
            return
        t["turn"] += 1
    t["pc"] = "apply"


def roll_group(state: State, t: Task, seat: int, group: str) -> None:
    """Roll every die of a group at once (000: same type together); they have fought.

    000 "Attack": each ship rolls its type's attack in dice. A roll of more than
    ``limits.MAX_DICE_PER_ROLL`` dice stops the game with an error naming the card that
    raised the attack (docs/rules-decisions.md E21).
    """
    owner, size = _side(state, seat, group)
    # ``sector`` (and ``group``) were set by the pick and the roll: not None
    ships = group_ships(state, seat, group, t["sector"])  # type: ignore[arg-type]
    attack = max(0, stat(state, owner, "attack", size)) if ships else 0
    if len(ships) * attack > limits.MAX_DICE_PER_ROLL:
        raised = modifiers.stat_sources(state, owner, "attack", size) if owner >= 0 else []
        limits.too_many_dice(raised, owner, size, len(ships), attack)
    dice = []
    for ship in ships:
        mark_fought(state, ship)
        for _ in range(attack):
            dice.append(_die(state, ship))
    state["dice"] = dice
    if events.ON:
        faces = [d["face"] for d in dice]
        events.emit(state, "roll", owner, size=size, sector=t["sector"], faces=faces)
    t.update({"group": group, "die": 0, "fired": False, "hits": 0, "pc": "dice"})
    if ships:
        _attacked(state, seat, t["sector"])  # type: ignore[arg-type]


def _attacked(state: State, seat: int, sector: str) -> None:
    """``attacked`` for each player with a ship or an extractor in ``sector`` that the roll
    of ``seat`` (their own ships, or the Lumos they command) is against, in turn order from
    the first player, once the dice are rolled and before any is resolved; `the opponent in
    this combat` is ``seat`` (docs/rules-decisions.md E138: "when an opponent attacks you")."""
    owners = {ship["owner"] for ship in by_sector(state).get(sector, ())}
    owners |= {x["owner"] for x in extractors_by_sector(state).get(sector, ())}
    count, first = len(state["players"]), state["first"]
    for defender in sorted(owners, key=lambda owner: (owner - first) % count):
        if defender >= 0 and enemy(state, seat, defender):
            fire(state, "attacked", defender, {"sector": sector, "combat": seat})


def roll_face(state: State) -> str:
    """Roll the combat die: one of its ``sides`` at random, and the result that side shows
    (dice.yaml ``sides`` and each result's ``faces``)."""
    die = runtime(state).die
    return die.face(rng.below(state, die.sides))


def _die(state: State, ship: Ship) -> RolledDie:
    face = roll_face(state)
    return {"face": face, "ship": ship["id"], "size": ship["size"], "owner": ship["owner"]}


def _dice(state: State, t: Task) -> None:
    """Resolve the rolled dice in order: each die's hooks, then its result (000 "Combat Dice
    Results Explained"); then the hits are assigned.

    The dice are resolved in one step while nothing in between needs the achievement check
    ``game.advance`` makes after a step (E17): firing a die's hooks is quiet as
    ``game.QUIET_STEPS`` counts quiet (their effects' verbs are checked themselves), and a
    result changes only the attack's own hit count, which no condition reads. The step ends
    at a hook's effect that asks (a frame waits) or another task on top, after an extra die
    (the dice, which a condition can count, have changed), and at every die's hooks and
    result while events are heard (a check's reads are heard).
    """
    stack, frames = state["stack"], state["frames"]
    while True:
        dice = state["dice"]
        if t["die"] >= len(dice):
            t["pc"] = "assign"
            if not events.ON:
                # The first hit is assigned in the same step: this one only moved the
                # attack's own step along, so a check between the two would find nothing.
                _assign(state, t)
            return
        die = dice[t["die"]]
        if not t["fired"] and die["owner"] != LUMOS:
            # Lumos ships use no technologies (002), so their dice fire no hooks.
            t["fired"] = True
            _fire_die(state, t, t["die"], die)
            if events.ON or frames or stack[-1] is not t:
                return
        if _result(state, t, die, dice) or events.ON:
            return


def _result(state: State, t: Task, die: RolledDie, dice: list[RolledDie]) -> bool:
    """Count a die's hits and roll the extra die its face may call for; whether it did."""
    damage, _, extra = runtime(state).face_info[die["face"]]
    t["hits"] += damage
    if extra:
        # 000 "Combat Dice Results Explained": "roll another combat die, applying its result".
        if len(dice) >= limits.MAX_DICE_PER_ROLL:
            limits.too_many_extra_dice(runtime(state).die.id, die.get("by"))
        ship = state["ships"].get(die["ship"]) or {"id": die["ship"], **die}
        # A ship gone from the board: its die holds the owner and size ``_die`` reads.
        dice.append(_die(state, ship))  # type: ignore[arg-type]
        if events.ON:
            faces = [dice[-1]["face"]]
            events.emit(
                state, "roll", die["owner"], size=die["size"], sector=t["sector"], faces=faces
            )
    t["die"] += 1
    t["fired"] = False
    return bool(extra)


def _fire_die(state: State, t: Task, index: int, die: RolledDie) -> None:
    """The die hooks, in order: die_rolled, then one per result the face shows."""
    seat = die["owner"]
    ctx = {"die": index, "ship": die["ship"], "ship_type": die["size"], "sector": t["sector"]}
    damage, ability, extra = runtime(state).face_info[die["face"]]
    fire(state, "die_rolled", seat, ctx)
    if damage:
        fire(state, "hit_rolled", seat, ctx)
    if extra:
        fire(state, "explode_rolled", seat, ctx)
    if ability:
        # 000: ship abilities "activate every time you roll a [ability icon]".
        fire(state, "ability_rolled", seat, ctx)
    if not (damage or ability or extra):
        fire(state, "miss_rolled", seat, ctx)


def _assign(state: State, t: Task) -> None:
    """Assign the roll's hits (004: "assigning all rolled damage is mandatory. Damage is
    assigned to targets by the player rolling the dice"): ask when a hit has a choice of
    targets, give it to the only one, or lose it when none is left; then the dice go.

    Hits with one target each are assigned in one step: between them the attack changes
    only its own pending damage, which no condition reads, so the achievement checks
    ``game.advance`` would make between them find nothing new (E17). While events are
    heard, one hit a step (a check's reads are heard).
    """
    seat = t["players"][t["turn"]]
    while t["hits"] > 0:
        # ``sector`` (and ``group``) were set by the pick and the roll: not None
        found = targets(state, t, seat, _bombards(state, seat, t["group"]), t["sector"])  # type: ignore[arg-type]
        if len(found) > 1:
            versions.remember_asked(state, t, found)
            ask(t, seat)
            return
        if found:
            _hit(t, seat, found[0])
        else:
            t["hits"] = 0
        if events.ON:
            return
    state["dice"] = []
    t["pc"] = "roll"


def _hit(t: Task, seat: int, target: str) -> None:
    # The hit remembers the ship type whose roll it came from (None: the Lumos ships a
    # player commands, 002): its final damage is "destroyed by a ship of this type".
    group = t["group"] or ""
    t["pending"].append([target, seat, None if group.startswith("lumos:") else group or None])
    t["dmg"][target] = t["dmg"].get(target, 0) + 1
    t["hits"] -= 1


def _apply(state: State, t: Task) -> None:
    """000: "all damage is resolved simultaneously"; the final damage names the destroyer."""
    sector = t["sector"]
    assert sector is not None  # the sector picked (``_open``)
    hits: dict[str, Any] = {}
    need = runtime(state).extractor_shield
    for target, seat, *rolled in t["pending"]:
        by_type = rolled[0] if rolled else None  # a save made before hits kept their type
        ship = state["ships"].get(target)
        if ship is not None:
            damage_ship(state, ship, 1)
            if events.ON:
                events.emit(state, "damage", seat, ship=target, owner=ship["owner"], sector=sector)
            # `the opponent in this combat` is the damaged ship's owner (issue 29); a ship tech
            # hears the damage its own ship type's roll dealt (E156), not the damaged ship's
            ctx = {
                "ship": target,
                "sector": sector,
                "combat": ship["owner"],
                "ship_type": by_type or NO_SHIP_TYPE,
            }
            fire(state, "damage_dealt", seat, ctx)
            # A damage_dealt trigger may already have destroyed (or moved) the ship: it is
            # destroyed once (docs/rules-decisions.md E121).
            if target in state["ships"] and ship["damage"] >= shield(state, ship):
                graveyard.destroy(state, target, seat, by_type)
        elif target in state["extractors"]:
            hits[target] = hits.get(target, 0) + 1
            if hits[target] >= need:
                graveyard.destroy(state, target, seat, by_type)
    graveyard.check_all(state)
    t["done"].append(sector)
    t.update({"sector": None, "pending": [], "dmg": {}, "pc": "pick"})


def _end(state: State, t: Task) -> None:
    fire_each(state, "after_attack", t["players"])
    t["pc"] = "done"


STEPS = {
    "start": _start,
    "pick": _pick,
    "roll": _roll,
    "dice": _dice,
    "assign": _assign,
    "apply": _apply,
    "end": _end,
}


# -- decisions ---------------------------------------------------------------------------------


#: The option that ends a group's attacks in the sector (shared, immutable).
_DONE = Option("done", "stop attacking here")


def _options(state: State, t: Task) -> list[Option]:
    pc = t["pc"]
    # The list of the step that decided to ask (sectors, groups or targets), else afresh.
    found = versions.asked_options(state, t)
    if pc == "pick":
        if found is None:
            found = combat_sectors(state, t)
        return [Option(f"sector:{s}", f"resolve combat in {s}") for s in found]
    seat = t["players"][t["turn"]]
    if pc == "roll":
        if found is None:
            # ``sector`` (and ``group``) were set by the pick and the roll: not None
            found = groups(state, t, seat, t["sector"])  # type: ignore[arg-type]
        return [Option(f"roll:{g}", f"attack with {g} ships") for g in found] + [_DONE]
    if found is None:
        # ``sector`` (and ``group``) were set by the pick and the roll: not None
        found = targets(state, t, seat, _bombards(state, seat, t["group"]), t["sector"])  # type: ignore[arg-type]
    return [Option(f"assign:{u}", f"assign a hit to {u}") for u in found]


def _choose(state: State, t: Task, option_id: str) -> None:
    pc = t["pc"]
    verb, _, arg = option_id.partition(":")
    kept = versions.asked_options(state, t)  # read while the task still asks
    t["ask"] = None
    if pc == "pick" and verb == "sector" and arg in (kept or combat_sectors(state, t)):
        _open(t, arg)
        return
    seat = t["players"][t["turn"]] if t["turn"] < len(t["players"]) else None
    if pc == "roll" and verb == "done":
        t["turn"] += 1
    elif seat is None:  # every player has rolled: only `done` is left
        raise IllegalOption(f"attack cannot take {option_id!r} now")
    # ``sector`` (and ``group``) were set by the pick and the roll: not None
    elif pc == "roll" and verb == "roll" and arg in (kept or groups(state, t, seat, t["sector"])):  # type: ignore[arg-type]
        roll_group(state, t, seat, arg)
    elif pc == "assign" and verb == "assign":
        _hit(t, seat, arg)
    else:
        raise IllegalOption(f"attack cannot take {option_id!r} now")


#: What runs the ``attack`` task (``game.HANDLERS``).
HANDLER = Handler(_run, _options, _choose)
