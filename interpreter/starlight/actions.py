"""The four gain actions of the rondel (003 "Actions": Gain Cores, Gain Rays, Gain Flares).

An action in progress is ``state["action"]``; its options are what the rules allow now and
``done`` ends it. Every price is paid as it is incurred: 1 AP a Core or a ray, the place's
cost for a Flare, ``flush_cost`` to flush the pool (only that action's own pool: 003 "When
can you flush a pool?").
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from whitedwarf.interpreter.starlight import effects, events, gods, reactions, supply
from whitedwarf.interpreter.starlight.narrate import a_ray, ray_words, words
from whitedwarf.interpreter.starlight.records import Action, Player
from whitedwarf.interpreter.starlight.state import State, has_privilege, held_cores, player
from whitedwarf.interpreter.state import IllegalOption, Option

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

UNIT_COST = 1  # 003: "1 AP each" Core, "1 AP per ray"
DONE = Option("done", "end this action")


def pool_of(kind: str) -> str:
    """The pool an action takes from."""
    return {"gain_cores": "cores", "gain_long_rays": "long", "gain_short_rays": "short",
            "gain_flares": "flares"}[kind]  # fmt: skip


def can_flush(game: Game, state: State, seat: int, kind: str) -> bool:
    """A flush costs ``flush_cost`` and must be able to change the pool."""
    if player(state, seat)["ap"] < game.stat(state, seat, "flush_cost"):
        return False
    return flush_changes(game, state, kind)


def flush_changes(game: Game, state: State, kind: str) -> bool:
    """Whether flushing the action's pool can change it (docs/rules-decisions.md SL177, as
    SL147: no payment for nothing). Cores: the deck or the discards hold a Core (with both
    empty the flushed Cores are reshuffled and drawn again, 003 "Gain Cores": "If the deck of
    Cores is ever empty, immediately refill it by turning the discards face down", and their
    order "does not matter"). Rays: the bag holds a ray (003 "When you flush a pool": the
    flushed rays go back only after the refill). Flares: :func:`supply.flare_flush_changes`
    (SL164)."""
    pool = pool_of(kind)
    if pool == "cores":
        return bool(state["core_deck"] or state["core_discard"])
    if pool == "flares":
        return supply.flare_flush_changes(game, state)
    return bool(state["bags"][pool])


def options(game: Game, state: State) -> list[Option]:
    """The options of the gain action in progress."""
    action = state["action"]
    assert action is not None  # an action in progress
    seat, kind = action["seat"], action["kind"]
    if "under" in action:  # a flush's Flares going under the deck, in the player's order
        return [_under_option(f) for f in dict.fromkeys(action["under"])]
    p = player(state, seat)
    out: list[Option] = []
    if kind == "gain_cores":
        room = held_cores(p) < game.stat(state, seat, "max_cores")
        if (
            room
            and action["taken"] < game.stat(state, seat, "cores_per_action")
            and p["ap"] >= UNIT_COST
        ):
            out += [_core_option(c) for c in dict.fromkeys(state["pools"]["cores"])]
        if action["rays_owed"] > 0:
            for size in ("long", "short"):
                for ray in dict.fromkeys(state["pools"][size]):
                    out.append(_free_ray_option(ray))
    elif kind in ("gain_long_rays", "gain_short_rays"):
        if p["ap"] >= UNIT_COST:
            pool = state["pools"][pool_of(kind)]
            out += [_ray_option(r) for r in dict.fromkeys(pool)]
    else:
        costs = game.flare_costs()
        for place, flare in enumerate(state["pools"]["flares"]):
            if flare is not None and p["ap"] >= costs[place]:
                out.append(_flare_option(place, flare, costs[place]))
    if can_flush(game, state, seat, kind):
        out.append(_flush_option(game.stat(state, seat, "flush_cost")))
    out += boon_options(p)
    return [*out, DONE]


def boon_options(p: Player) -> tuple[Option, ...]:
    """003 "Actions": flares' boons may be used "during, before, or after" an action (SL13)."""
    flares = p["flares"]
    return _boons(tuple(flares)) if flares else ()


@lru_cache(maxsize=1024)
def _boons(flares: tuple[str, ...]) -> tuple[Option, ...]:
    """The boon options of a hand of flares (each card once), made once per hand: they are
    listed at nearly every decision of a seat holding flares."""
    return tuple(_boon_option(f) for f in dict.fromkeys(flares))


# Options of a card or ray, made once each: offered at most decisions.


@lru_cache(maxsize=1024)
def _boon_option(flare: str) -> Option:
    return Option(f"boon:{flare}", f"use the boon of the Flare {words(flare)}")


@lru_cache(maxsize=1024)
def _core_option(core: str) -> Option:
    return Option(f"core:{core}", f"take the Core {words(core)} (1 AP)")


@lru_cache(maxsize=1024)
def _free_ray_option(ray: str) -> Option:
    return Option(f"ray:{ray}", f"take a free {ray_words(ray)} ray (Core + Ray)")


@lru_cache(maxsize=1024)
def _ray_option(ray: str) -> Option:
    return Option(f"ray:{ray}", f"take {a_ray(ray)} ray (1 AP)")


@lru_cache(maxsize=1024)
def _flare_option(place: int, flare: str, cost: int) -> Option:
    return Option(f"flare:{place}", f"buy the Flare {words(flare)} ({cost} AP)")


@lru_cache(maxsize=64)
def _flush_option(cost: int) -> Option:
    return Option("flush", f"flush the pool ({cost} AP)")


@lru_cache(maxsize=1024)
def _under_option(flare: str) -> Option:
    return Option(f"under:{flare}", f"put the Flare {words(flare)} under the deck next")


def use_boon(game: Game, state: State, seat: int, flare: str) -> None:
    """Turn a flare face-down for its green box (003 "Flares": never also its points)."""
    p = player(state, seat)
    p["flares"].remove(flare)
    p["used_flares"].append(flare)
    events.emit(state, "flare", seat, card=flare, box="boon")
    effects.start(game, state, "flares.boon", flare, seat)


def choose(game: Game, state: State, option_id: str) -> bool:
    """Apply an option; True when the action is over."""
    action = state["action"]
    assert action is not None  # an action in progress
    seat, kind = action["seat"], action["kind"]
    p = player(state, seat)
    verb, _, what = option_id.partition(":")
    if verb == "done":
        return True
    if verb == "boon":
        use_boon(game, state, seat, what)
    elif verb == "flush":
        p["ap"] -= game.stat(state, seat, "flush_cost")
        if kind == "gain_flares" and supply.flares_come_back(game, state):
            _flares_out(state, action)  # the player orders them under the deck (SL164)
        else:
            supply.flush(game, state, pool_of(kind))
            _flushed(game, state, seat, pool_of(kind))
    elif verb == "under":
        _put_under(game, state, action, what)
    elif verb == "core":
        state["pools"]["cores"].remove(what)
        p["cores"].append(what)
        p["ap"] -= UNIT_COST
        action["taken"] += 1
        if events.ON:
            events.emit(state, "take", seat, what="core", item=what, cost=UNIT_COST)
        if has_privilege(state, seat, "core_plus_ray"):
            action["rays_owed"] += 1  # 003 "Core + Ray": one free ray per Core taken
        gods.fire(game, state, seat, "cores_taken")
        reactions.took_core(game, state, seat)  # the other seats react after (SL173)
    elif verb == "ray" and kind == "gain_cores":
        action["rays_owed"] -= 1
        supply.take_ray(game, state, seat, what.partition(":")[2], what)
        if events.ON:
            events.emit(state, "take", seat, what="ray", item=what, cost=0)
    elif verb == "ray":
        p["ap"] -= UNIT_COST
        supply.take_ray(game, state, seat, pool_of(kind), what)
        if events.ON:
            events.emit(state, "take", seat, what="ray", item=what, cost=UNIT_COST)
    elif verb == "flare":
        place = int(what)
        p["ap"] -= game.flare_costs()[place]
        p["flares"].append(state["pools"]["flares"][place])
        events.emit(state, "take", seat, what="flare", item=p["flares"][-1],
                    cost=game.flare_costs()[place])  # fmt: skip
        state["pools"]["flares"][place] = None  # slid and refilled when the turn ends
    else:
        raise IllegalOption(f"{option_id!r} is not an option of {kind}")
    return False


def _flushed(game: Game, state: State, seat: int, pool: str) -> None:
    events.emit(state, "flush", seat, pool=pool)
    gods.fire(game, state, seat, "pool_flushed")
    reactions.flushed(game, state, seat)  # the other seats react after (SL154)


def _flares_out(state: State, action: Action) -> None:
    """003 "When you flush a pool": "Discarded Flares go face-down on the bottom of the Flare
    deck, in any order". When some come straight back into the pool (the deck holds fewer
    than its places), their order sets their prices, so the player gives it, one Flare at a
    time (``under:<flare>``) (SL164)."""
    pool = state["pools"]["flares"]
    action["under"] = [f for f in pool if f is not None]
    pool[:] = [None] * len(pool)


def _put_under(game: Game, state: State, action: Action, flare: str) -> None:
    """The next Flare of a flush goes under the deck; once the rest are all alike, they
    follow, and the pool refills from the deck (003 "When you flush a pool": "discard all
    cards from the pool and refill the pool from the deck")."""
    waiting = action["under"]
    if flare not in waiting:
        raise IllegalOption(f"the Flare {flare!r} is not waiting to go under the deck")
    waiting.remove(flare)
    state["flare_deck"].append(flare)
    if len(set(waiting)) > 1:
        return
    state["flare_deck"].extend(waiting)
    del action["under"]
    supply.refill(game, state, "flares")
    _flushed(game, state, action["seat"], "flares")


def possible(game: Game, state: State, seat: int, kind: str, ap: int) -> bool:
    """Whether the action could do anything with ``ap`` left after the surcharge: the same
    takings and flush the action would offer (:func:`options`), so its space's `act` is not
    offered, nor its surcharge paid, for an action that can only be ended (SL177)."""
    p = player(state, seat)
    flush = ap >= game.stat(state, seat, "flush_cost") and flush_changes(game, state, kind)
    if kind == "gain_cores":
        room = held_cores(p) < game.stat(state, seat, "max_cores")
        return room and ((bool(state["pools"]["cores"]) and ap >= UNIT_COST) or flush)
    if kind in ("gain_long_rays", "gain_short_rays"):
        return (bool(state["pools"][pool_of(kind)]) and ap >= UNIT_COST) or flush
    costs = game.flare_costs()
    cheapest = [costs[i] for i, f in enumerate(state["pools"]["flares"]) if f is not None]
    return (bool(cheapest) and ap >= min(cheapest)) or flush
