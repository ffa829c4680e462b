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

from typing import TYPE_CHECKING

from whitedwarf.interpreter.starlight.content import MAGNITUDES, slot_size_for
from whitedwarf.interpreter.starlight.records import Player
from whitedwarf.interpreter.starlight.state import State, has_privilege
from whitedwarf.interpreter.starlight.vocabulary import COLOURS

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

MIN_RAYS, MAX_RAYS = 2, 7  # 003 "Launching Stars": "from 2 to 7 rays"


class Plan:
    """What a core accepts: colours (None: any), a pattern, and its pre-printed ray."""

    def __init__(self, colours: set[str] | None, pattern: str, printed: str | None) -> None:
        self.colours = colours
        self.pattern = pattern
        self.printed = printed
        colours_ok = colours if colours is not None else set(COLOURS)
        sizes = ("long", "short") if pattern in ("any", "equal") else (pattern,)
        #: every ray (``colour:size``) the plan accepts, for quick membership tests
        self.rays = frozenset(f"{c}:{s}" for c in colours_ok for s in sizes)

    def accepts(self, ray: str) -> bool:
        """Whether ``ray`` may be attached at all (its colour, and a size the pattern uses)."""
        return ray in self.rays

    def sizes_fit(self, longs: int, shorts: int) -> bool:
        """003 "Ray Patterns", for the attached rays (the printed ray of a starter is free)."""
        if self.pattern == "equal":
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
        ray = starters[core]["ray"]
        return Plan(None, "any", f"{ray['colour']}:{ray['size']}")
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
    if not all(plan.accepts(r) for r in rays):
        return False
    longs = sum(1 for r in rays if r.endswith(":long"))
    return plan.sizes_fit(longs, len(rays) - longs)


def reachable_magnitudes(plan: Plan, chosen: list[str], spare: list[str]) -> set[int]:
    """Magnitudes a complete star could have by adding some of ``spare`` to ``chosen``."""
    accepted = plan.rays
    if not all(r in accepted for r in chosen):
        return set()
    long_spare = short_spare = 0
    for ray in spare:
        if ray in accepted:
            if ray.endswith("g"):  # ":long"
                long_spare += 1
            else:
                short_spare += 1
    long0 = sum(1 for r in chosen if r.endswith("g"))
    short0 = len(chosen) - long0
    extra = 1 if plan.printed else 0
    room = MAX_RAYS - extra
    found: set[int] = set()
    for longs in range(long0, min(long0 + long_spare, room) + 1):
        for shorts in range(short0, min(short0 + short_spare, room - longs) + 1):
            if longs + shorts + extra >= MIN_RAYS and plan.sizes_fit(longs, shorts):
                found.add(longs + shorts + extra)
    return found


def can_launch_large(game: Game, state: State, seat: int) -> bool:
    """003 "Launch Alpha Star" (or a god's `launch_alpha` power)."""
    return has_privilege(state, seat, "launch_alpha_star") or game.flag(state, seat, "launch_alpha")


def open_slots(game: Game, state: State, constellations: list[str]) -> list[str]:
    """Empty slots of these constellations a star may go to now (size aside)."""
    out: list[str] = []
    for cid in constellations:
        ids = game.content.constellations[cid]
        filled = {s for s in ids if state["slots"][s] is not None}
        for sid in ids:
            if state["slots"][sid] is not None:
                continue
            slot = game.content.slots[sid]
            if (not filled and slot.target) or (filled and filled & set(slot.links)):
                out.append(sid)
    return out


def eligible_slots(
    game: Game, state: State, seat: int, constellations: list[str], star_magnitude: int
) -> list[str]:
    """Slots a star of ``star_magnitude`` may be launched to (003 launch step 2)."""
    size = slot_size_for(star_magnitude)
    if size is None or (size == "large" and not can_launch_large(game, state, seat)):
        return []
    return [
        s for s in open_slots(game, state, constellations) if game.content.slots[s].size == size
    ]


def launchable_sizes(game: Game, state: State, seat: int, constellations: list[str]) -> set[int]:
    """Magnitudes for which some slot is open now."""
    large = can_launch_large(game, state, seat)
    found: set[int] = set()
    for sid in open_slots(game, state, constellations):
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
