"""Stars: a Core's plan, complete stars, and the slots a star may be launched to.

003 "Completed Stars and Plans": a star is one Core and 2 to 7 rays, every ray of a colour
the Core's scheme shows and of the sizes its pattern requires; "equal sizes" with an odd
number of rays comes as close as possible (3 long and 2 short). A Starter Core's pre-printed
ray counts as a ray, and any rays may join it (003 "Your Starter Core"; SL6: any colour too).
003 "Choosing a Destination Slot": the slot is empty and of the star's size; in an empty
constellation it shows the target icon, otherwise it is linked to a filled slot; a large slot
needs the Launch Alpha Star privilege.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from whitedwarf.interpreter.starlight.content import MAGNITUDES, slot_size_for
from whitedwarf.interpreter.starlight.records import Player
from whitedwarf.interpreter.starlight.state import State, has_privilege
from whitedwarf.interpreter.starlight.vocabulary import COLOURS

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

MIN_RAYS, MAX_RAYS = 2, 7  # 003 "Launching Stars": "from 2 to 7 rays"


class Plan:
    """What a core accepts: colours (None: any), a pattern, and the colour of its
    pre-printed ray (a starter's; None for a core)."""

    def __init__(self, colours: set[str] | None, pattern: str, printed: str | None) -> None:
        self.colours = colours
        self.pattern = pattern
        self.printed = printed
        colours_ok = colours if colours is not None else set(COLOURS)
        sizes = ("long", "short") if pattern in ("any", "equal") else (pattern,)
        #: every ray (``colour:size``) the plan accepts, for quick membership tests
        self.rays = frozenset(f"{c}:{s}" for c in colours_ok for s in sizes)
        #: the long ones among them, and the short ones (:func:`_counts`)
        self.longs = frozenset(r for r in self.rays if r.endswith("g"))  # ":long"
        self.shorts = self.rays - self.longs

    def accepts(self, ray: str) -> bool:
        """Whether ``ray`` may be attached at all (its colour, and a size the pattern uses)."""
        return ray in self.rays

    def sizes_fit(self, longs: int, shorts: int) -> bool:
        """003 "Ray Patterns", for the attached rays (the printed ray of a starter is free)."""
        return _sizes_fit(self.pattern, longs, shorts)


def _sizes_fit(pattern: str, longs: int, shorts: int) -> bool:
    """:meth:`Plan.sizes_fit` of a pattern."""
    if pattern == "equal":
        return abs(longs - shorts) <= 1
    return True


def plan_of(game: Game, core: str) -> Plan:
    """The plan of a core or a starter core (made once per game)."""
    found = game.plans.get(core)
    if found is None:
        found = game.plans[core] = _plan(game, core)
    return found


def _plan(game: Game, core: str) -> Plan:
    starters = game.content.cards["starters"]
    if core in starters:
        # 003 "Your Starter Core": the printed ray "counts like a regular ray" and the starter
        # takes "any sizes of ray ... without restriction", so only its colour is ever read
        # (the star's colours); its size is the card's picture, shown by the views.
        return Plan(None, "any", starters[core]["ray"]["colour"])
    card = game.content.cards["cores"][core]
    return Plan(set(card["colours"]), card["pattern"], None)


def aspect_of(game: Game, core: str) -> str | None:
    """A core's aspect; starter cores have none (003 "Your Starter Core")."""
    card = game.content.cards["cores"].get(core)
    return str(card["aspect"]) if card else None


def magnitude(plan: Plan, rays: list[str]) -> int:
    """The number of rays of the star, the printed one included."""
    return len(rays) + (1 if plan.printed else 0)


def is_complete(plan: Plan, rays: list[str]) -> bool:
    """003 "Completed Stars and Plans"."""
    if not MIN_RAYS <= magnitude(plan, rays) <= MAX_RAYS:
        return False
    if not plan.rays.issuperset(rays):  # every ray one the plan accepts
        return False
    longs = sum(1 for r in rays if r.endswith(":long"))
    return plan.sizes_fit(longs, len(rays) - longs)


def reachable_magnitudes(plan: Plan, chosen: list[str], spare: list[str]) -> frozenset[int]:
    """Magnitudes a complete star could have by adding some of ``spare`` to ``chosen``."""
    accepted = plan.rays
    if not all(r in accepted for r in chosen):
        return frozenset()
    long0, short0, long_spare, short_spare = _counts(plan, chosen, spare)
    return _magnitudes(long0, short0, long_spare, short_spare, bool(plan.printed), plan.pattern)


def counts_of(plan: Plan, chosen: list[str], spare: list[str]) -> tuple[int, ...] | None:
    """:func:`_counts` for ``plan`` (None when ``chosen`` has a ray the plan refuses: no
    magnitude is reachable then), for :func:`reachable_adding`."""
    accepted = plan.rays
    if not all(r in accepted for r in chosen):
        return None
    return _counts(plan, chosen, spare)


def reachable_adding(plan: Plan, counts: tuple[int, ...], ray: str) -> frozenset[int]:
    """:func:`reachable_magnitudes` of ``chosen`` and ``ray``, with ``ray`` out of ``spare``,
    from ``counts`` (:func:`counts_of` of ``chosen`` and ``spare``; ``ray`` one of
    ``spare``): the counts of long and short rays move by the one ray, as in
    :func:`feasible_rays`, instead of being counted again for every ray."""
    if ray not in plan.rays:
        return frozenset()  # a star with a ray its plan refuses is never complete
    long0, short0, long_spare, short_spare = counts
    printed, pattern = bool(plan.printed), plan.pattern
    if ray.endswith("g"):  # ":long"
        return _magnitudes(long0 + 1, short0, long_spare - 1, short_spare, printed, pattern)
    return _magnitudes(long0, short0 + 1, long_spare, short_spare - 1, printed, pattern)


def _counts(plan: Plan, chosen: list[str], spare: list[str]) -> tuple[int, ...]:
    """Long and short rays chosen (each one the plan accepts), and long and short rays of
    ``spare`` the plan accepts: counted by membership in the plan's long and short rays, in
    one pass of the interpreter's C each (asked for every Core at most decisions)."""
    longs = plan.longs.__contains__
    long0 = sum(map(longs, chosen))
    long_spare = sum(map(longs, spare))
    short_spare = sum(map(plan.shorts.__contains__, spare))
    return long0, len(chosen) - long0, long_spare, short_spare


def feasible_rays(game: Game, state: State, seat: int, core: str, chosen: list[str],
                  spare: list[str], targets: set[int] | None) -> list[str]:  # fmt: skip
    """The rays of ``spare`` (sorted, each once) that can be attached to ``chosen`` with a
    complete star still possible: :func:`feasible` of ``chosen`` and the ray, with the ray
    out of ``spare``, worked out from the counts of long and short rays for all of them."""
    plan = plan_of(game, core)
    accepted = plan.rays
    if not all(r in accepted for r in chosen):
        return []
    long0, short0, long_spare, short_spare = _counts(plan, chosen, spare)
    printed, pattern = bool(plan.printed), plan.pattern
    large: bool | None = None
    out: list[str] = []
    for ray in sorted(set(spare)):
        if ray not in accepted:
            continue  # a star with a ray its plan refuses is never complete
        if ray.endswith("g"):
            reach = _magnitudes(long0 + 1, short0, long_spare - 1, short_spare, printed, pattern)
        else:
            reach = _magnitudes(long0, short0 + 1, long_spare, short_spare - 1, printed, pattern)
        if targets is None:
            if large is None:
                large = can_launch_large(game, state, seat)
            if any(m < 6 or large for m in reach):
                out.append(ray)
        elif reach & targets:
            out.append(ray)
    return out


@lru_cache(maxsize=4096)
def _magnitudes(long0: int, short0: int, long_spare: int, short_spare: int, printed: bool,
                pattern: str) -> frozenset[int]:  # fmt: skip
    """:func:`reachable_magnitudes` of the counts of long and short rays (a few hundred
    combinations, asked at most decisions of a game: worked out once each)."""
    extra = 1 if printed else 0
    room = MAX_RAYS - extra
    found: set[int] = set()
    for longs in range(long0, min(long0 + long_spare, room) + 1):
        for shorts in range(short0, min(short0 + short_spare, room - longs) + 1):
            if longs + shorts + extra >= MIN_RAYS and _sizes_fit(pattern, longs, shorts):
                found.add(longs + shorts + extra)
    return frozenset(found)


def can_launch_large(game: Game, state: State, seat: int) -> bool:
    """003 "Launch Alpha Star" (or a god's `launch_alpha` power)."""
    return has_privilege(state, seat, "launch_alpha_star") or game.flag(state, seat, "launch_alpha")


def open_slots(game: Game, state: State, constellations: list[str]) -> list[str]:
    """Empty slots of these constellations a star may go to now (size aside): a
    constellation's are worked out once for each way its slots are held
    (:func:`_open_in`; asked some 50 times a simulation of the search, by the rules' options
    and the heuristic's aims, on a sky that changes a few times a game)."""
    out: list[str] = []
    taken, groups, memo = state["slots"], game.content.constellations, game.open_memo
    for cid in constellations:
        ids = groups[cid]
        held = tuple(map(taken.__getitem__, ids))
        found = memo.get((cid, held))
        if found is None:
            if len(memo) >= _OPEN_MEMO_LIMIT:
                memo.clear()
            found = memo[cid, held] = _open_in(game, ids, held)
        out += found
    return out


#: Ways of holding a constellation's slots :func:`open_slots` keeps before starting afresh.
_OPEN_MEMO_LIMIT = 1 << 14


def _open_in(game: Game, ids: list[str], held: tuple[int | None, ...]) -> list[str]:
    """The open slots of one constellation (slots ``ids``, held by ``held``): 003 launch
    step 2, a slot with the target icon in an empty constellation, else an empty slot linked
    to a filled one."""
    slots = game.content.slots
    filled = {s for s, seat in zip(ids, held, strict=True) if seat is not None}
    if filled:
        return [
            s
            for s, seat in zip(ids, held, strict=True)
            if seat is None and not filled.isdisjoint(slots[s].links)
        ]
    return [s for s in ids if slots[s].target]


def eligible_slots(
    game: Game,
    state: State,
    seat: int,
    constellations: list[str],
    star_magnitude: int,
    opened: list[str] | None = None,
) -> list[str]:
    """Slots a star of ``star_magnitude`` may be launched to (003 launch step 2).
    ``opened``: :func:`open_slots` of the same constellations, when the caller has them."""
    size = slot_size_for(star_magnitude)
    if size is None or (size == "large" and not can_launch_large(game, state, seat)):
        return []
    if opened is None:
        opened = open_slots(game, state, constellations)
    slots = game.content.slots
    return [s for s in opened if slots[s].size == size]


def launchable_sizes(
    game: Game,
    state: State,
    seat: int,
    constellations: list[str],
    opened: list[str] | None = None,
) -> set[int]:
    """Magnitudes for which some slot is open now. ``opened``: :func:`open_slots` of the same
    constellations, when the caller has them."""
    large = can_launch_large(game, state, seat)
    found: set[int] = set()
    if opened is None:
        opened = open_slots(game, state, constellations)
    for sid in opened:
        size = game.content.slots[sid].size
        if size != "large" or large:
            found.update(MAGNITUDES[size])
    return found


def feasible(game: Game, state: State, seat: int, core: str, chosen: list[str],
             spare: list[str], targets: set[int] | None) -> bool:  # fmt: skip
    """Whether a complete star can still be made with magnitude in ``targets`` (None: any
    launchable magnitude, for a slotless final launch)."""
    reach = reachable_magnitudes(plan_of(game, core), chosen, spare)
    if targets is None:
        large = can_launch_large(game, state, seat)
        return any(m < 6 or large for m in reach)
    return bool(reach & targets)


def cores_of(p: Player) -> list[str]:
    """Cores a player may launch: the starter first, then the others."""
    return ([p["starter"]] if p["starter"] else []) + list(p["cores"])
