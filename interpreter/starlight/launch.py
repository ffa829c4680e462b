"""Launching a star: the nine steps of 003 "Launching a Star, step by step".

The launch is a small sequence of decisions (``state["action"]["step"]``):

1. ``core``: pick the Core (or the Starter Core); ``rays``: attach rays one at a time
   (``ray:<colour>:<size>``) and say ``ready`` once the star is complete. Only rays that leave
   a complete star reachable for an open slot are offered, so no choice leads nowhere.
2. ``slot``: pick an empty slot of the star's size, with the target icon in an empty
   constellation or linked to a filled slot (large slots need Launch Alpha Star).
3. pay the launch cost (and the occupation surcharge); 4. place the marker;
5. score the slot's night points, then ``flare``: attach one Flare for its blue box (or not),
   then ``buy``: with Buy Night Points on Launch, 2 AP a night point, as often as wished;
6-8. record the slot's privilege, the magnitude and the Core's aspect, each if new;
9. discard the Core, rays back into their bags; the Flare stays, face-down.

Before the slot is chosen the launch may be called off (``cancel``): nothing was paid.
While the star is being built (``core`` and ``rays``) a flare's boon may be used (003
"Flares": "during, before, or after any appropriate action"; SL13): a boon's ray or core
counts for the star at once.
A final launch (003 "Your Last Turn") may go to any constellation and, with no eligible slot
left for its size, scores the slotless points without placing any marker.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from whitedwarf.interpreter.starlight import (
    actions,
    effects,
    events,
    gods,
    lasting,
    reactions,
    stars,
    supply,
)
from whitedwarf.interpreter.starlight.content import slot_size_for
from whitedwarf.interpreter.starlight.narrate import a_ray, slot_words, words
from whitedwarf.interpreter.starlight.records import Action, Player
from whitedwarf.interpreter.starlight.state import State, gain_night, has_privilege, player
from whitedwarf.interpreter.state import IllegalOption, Option

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

CANCEL = Option("cancel", "call off the launch")


def begin(state: State, seat: int, constellations: list[str], surcharge: int, final: bool) -> None:
    """Start a launch action."""
    state["action"] = {
        "kind": "launch", "seat": seat, "step": "core", "core": None, "rays": [],
        "constellations": list(constellations), "surcharge": surcharge, "final": final,
        "slot": None, "magnitude": 0, "aspect": None, "placed": False,
    }  # fmt: skip


def targets(
    game: Game, state: State, action: Action, opened: list[str] | None = None
) -> set[int] | None:
    """Magnitudes with an open slot; None for a final launch (any star can score).
    ``opened``: the open slots of the launch's constellations, when the caller has them."""
    if action["final"]:
        return None
    constellations = action["constellations"]
    return stars.launchable_sizes(game, state, action["seat"], constellations, opened)


def can_start(game: Game, state: State, seat: int, constellations: list[str] | None) -> bool:
    """Whether some Core and the rays held make a star that can be launched now (None:
    a final launch, where any complete star will do)."""
    p = player(state, seat)
    if constellations is None:
        aims = None
    else:
        aims = stars.launchable_sizes(game, state, seat, constellations)
        if not aims:
            return False
    return any(stars.feasible(game, state, seat, c, [], p["rays"], aims) for c in stars.cores_of(p))


def _spare(p: Player, chosen: list[str]) -> list[str]:
    spare = list(p["rays"])
    for ray in chosen:
        spare.remove(ray)
    return spare


def options(game: Game, state: State) -> list[Option]:
    """The options of the launch in progress."""
    action = state["action"]
    assert action is not None  # a launch in progress
    seat, step = action["seat"], action["step"]
    p = player(state, seat)
    if step == "core":
        aims = targets(game, state, action)
        found = [
            c
            for c in stars.cores_of(p)
            if stars.feasible(game, state, seat, c, [], p["rays"], aims)
        ]
        return [*(_core_option(c) for c in found), CANCEL,
                *actions.boon_options(p)]  # fmt: skip
    if step == "rays":
        core, chosen = action["core"], action["rays"]
        assert core is not None  # chosen at the first step
        # the open slots, found once for the aims and for the complete star's slots
        opened = None if action["final"] else _open(game, state, action)
        aims = targets(game, state, action, opened)
        spare = _spare(p, chosen)
        rays = stars.feasible_rays(game, state, seat, core, chosen, spare, aims)
        out = [_ray_option(ray) for ray in rays]
        plan = stars.plan_of(game, core)
        mag = stars.magnitude(plan, chosen)
        if stars.is_complete(plan, chosen) and _launchable(game, state, action, mag, opened):
            out.append(Option("ready", f"the star is complete (magnitude {mag})"))
        return [*out, CANCEL, *actions.boon_options(p)]
    if step == "slot":
        slots = _slots(game, state, action)
        if not slots:
            return [Option("slotless", "score the star without a slot"), CANCEL]
        return [*(_slot_option(s) for s in slots), CANCEL]
    if step == "flare":
        attach = [Option(f"flare:{f}", f"attach the Flare {words(f)} for its points")
                  for f in p["flares"]]  # fmt: skip
        return [*attach, Option("no_flare", "attach no flare")]
    price = game.stat(state, seat, "night_point_price")
    return [Option("buy", f"buy 1 night point ({price} AP)"), Option("done", "buy no more")]


# A launch's options of a card, ray or slot, made once each (asked at every step).


@lru_cache(maxsize=1024)
def _core_option(core: str) -> Option:
    return Option(f"core:{core}", f"launch with the Core {words(core)}")


@lru_cache(maxsize=1024)
def _ray_option(ray: str) -> Option:
    return Option(f"ray:{ray}", f"attach {a_ray(ray)} ray")


@lru_cache(maxsize=1024)
def _slot_option(slot: str) -> Option:
    return Option(f"slot:{slot}", f"launch to {slot_words(slot)}")


def _launchable(
    game: Game, state: State, action: Action, mag: int, opened: list[str] | None = None
) -> bool:
    if action["final"]:
        return slot_size_for(mag) != "large" or stars.can_launch_large(game, state, action["seat"])
    return bool(_slots(game, state, action, mag, opened))


def _open(game: Game, state: State, action: Action) -> list[str]:
    """The open slots of the constellations a launch (not a final one) reaches."""
    return stars.open_slots(game, state, action["constellations"])


def _slots(
    game: Game,
    state: State,
    action: Action,
    mag: int | None = None,
    opened: list[str] | None = None,
) -> list[str]:
    """The slots the launch's star of ``mag`` (default: its magnitude) may go to.
    ``opened``: the open slots of the launch's constellations, when the caller has them."""
    seat = action["seat"]
    if mag is None:
        mag = action["magnitude"]
    everywhere = list(game.content.constellations) if action["final"] else action["constellations"]
    return stars.eligible_slots(game, state, seat, everywhere, mag, opened)


def choose(game: Game, state: State, option_id: str) -> bool:
    """Apply an option; True when the launch is over (launched or called off)."""
    action = state["action"]
    assert action is not None  # a launch in progress
    seat = action["seat"]
    p = player(state, seat)
    verb, _, what = option_id.partition(":")
    if verb == "cancel":
        action["cancelled"] = True
        return True
    if verb == "boon":  # while the star is being built (SL13)
        actions.use_boon(game, state, seat, what)
    elif verb == "core":
        action["core"], action["step"] = what, "rays"
        plan = stars.plan_of(game, what)
        if plan.printed and stars.is_complete(plan, []):
            pass  # a starter's printed ray alone is magnitude 1: never complete
    elif verb == "ray":
        action["rays"].append(what)
    elif verb == "ready":
        core = action["core"]
        assert core is not None  # chosen at the first step
        action["magnitude"] = stars.magnitude(stars.plan_of(game, core), action["rays"])
        action["aspect"] = stars.aspect_of(game, core)
        action["step"] = "slot"
    elif verb in ("slot", "slotless"):
        _place(game, state, action, what if verb == "slot" else None)
        _next_scoring_step(game, state, action)
    elif verb == "flare":
        p["flares"].remove(what)
        p["used_flares"].append(what)
        events.emit(state, "flare", seat, card=what, box="points")
        context = reactions.launch_context(game, action["slot"])
        effects.start(game, state, "flares", what, seat, context=context)  # the blue box
        action["step"] = "buy"
        _skip_buying(game, state, action)
    elif verb == "no_flare":
        action["step"] = "buy"
        _skip_buying(game, state, action)
    elif verb == "buy":
        p["ap"] -= game.stat(state, seat, "night_point_price")
        gain_night(state, seat, 1, "bought")
        _skip_buying(game, state, action)
    elif verb == "done":
        action["step"] = "record"
    else:
        raise IllegalOption(f"{option_id!r} is not a launch option")
    if action["step"] == "record":
        _record(game, state, action)
        return True
    return False


def _place(game: Game, state: State, action: Action, slot: str | None) -> None:
    """Steps 3 to 5: pay, place the marker, score the slot (or the slotless points)."""
    seat = action["seat"]
    p = player(state, seat)
    p["ap"] -= game.stat(state, seat, "launch_cost") + action["surcharge"]
    lasting.take(state, seat, "launch_cost", "a launch")  # `your next launch costs 1 less`
    action["slot"] = slot
    action["placed"] = True
    events.emit(state, "launch", seat, core=action["core"], magnitude=action["magnitude"],
                slot=slot)  # fmt: skip
    if slot is not None:
        state["slots"][slot] = seat
        p["stars"].append(slot)
        gain_night(state, seat, game.content.slots[slot].night_points, "slot")
    else:
        size = slot_size_for(action["magnitude"]) or "small"
        p["slotless"] = p.get("slotless", 0) + 1  # a star launched, on no board (SL165)
        gain_night(state, seat, int(game.content.setup["slotless_points"][size]), "slotless")


def _next_scoring_step(game: Game, state: State, action: Action) -> None:
    action["step"] = "flare" if player(state, action["seat"])["flares"] else "buy"
    if action["step"] == "buy":
        _skip_buying(game, state, action)


def _skip_buying(game: Game, state: State, action: Action) -> None:
    """Buying is offered only with the privilege (gained before this action) and the AP."""
    seat = action["seat"]
    price = game.stat(state, seat, "night_point_price")
    can_buy = has_privilege(state, seat, "buy_night_points") and player(state, seat)["ap"] >= price
    if not can_buy or price <= 0:
        action["step"] = "record"


def _record(game: Game, state: State, action: Action) -> None:
    """Steps 6 to 9 (a slotless star records nothing on the mat: 003 "Your Last Turn")."""
    seat = action["seat"]
    p = player(state, seat)
    slot = action["slot"]
    if slot is not None:
        privilege = game.content.slots[slot].privilege
        if privilege and privilege not in p["privileges"]:
            p["privileges"][privilege] = state["actions"]
            events.emit(state, "privilege", seat, privilege=privilege)
        if action["magnitude"] not in p["magnitudes"]:
            p["magnitudes"].append(action["magnitude"])
        if action["aspect"] and action["aspect"] not in p["aspects"]:
            p["aspects"].append(action["aspect"])
    core = action["core"]
    assert core is not None  # the star is complete: its Core was chosen
    if core == p["starter"]:
        p["starter"] = None
        state.setdefault("starters_launched", []).append(core)
    else:
        p["cores"].remove(core)
        state["core_discard"].append(core)
    for ray in action["rays"]:
        p["rays"].remove(ray)
    supply.return_rays(state, action["rays"])
    gods.fire(game, state, seat, "star_launched", reactions.launch_context(game, slot))
    reactions.launched(game, state, seat, slot)  # the other seats react after (SL148)
