"""The bags, decks and pools: drawing, taking, flushing and refilling (003 "Actions",
"Clarifications").

Pools refill only when a turn is over (003 "When do pools refill?"; the Core pool too:
SL112), except a ray pool after each ray taken by a player with the Refill Rays privilege.
A flushed pool is discarded and refilled at once. Discarded Cores go to the discard pile,
which is shuffled into a new deck when the deck is empty; discarded Flares go to the bottom
of the Flare deck; discarded rays go back into their bag after the refill (003 "When you
flush a pool...").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whitedwarf.interpreter import rng
from whitedwarf.interpreter.starlight.state import State, has_privilege, player

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


#: The setup number of each pool's size (the Flare pool's is its number of prices).
POOL_SIZES = {"long": "long_ray_pool", "short": "short_ray_pool", "cores": "cores_pool"}


def pool_size(game: Game, kind: str) -> int:
    """How many items a full pool holds."""
    if kind == "flares":
        return len(game.content.setup.get("flare_costs", [1, 2, 3, 4]))
    return game.content.number(POOL_SIZES[kind])


def draw_ray(state: State, size: str) -> str | None:
    """A random ray from the bag of ``size`` (None when the bag is empty)."""
    bag = state["bags"][size]
    if not bag:
        return None
    return str(bag.pop(rng.below(state, len(bag))))


def draw_core(state: State) -> str | None:
    """The top Core of the deck; an empty deck is first rebuilt from the discards (003
    "Gain Cores": "If the deck of Cores is ever empty, immediately refill it")."""
    if not state["core_deck"] and state["core_discard"]:
        state["core_deck"] = state["core_discard"]
        state["core_discard"] = []
        rng.shuffle(state, state["core_deck"])
    return str(state["core_deck"].pop(0)) if state["core_deck"] else None


def refill(game: Game, state: State, kind: str) -> None:
    """Fill a pool up to its size, as far as the supply allows (003 "What happens if you
    can't refill a pool?"). The Flare pool first slides to its cheaper places."""
    pool = state["pools"][kind]
    size = pool_size(game, kind)  # once: every pool is refilled at every turn's end
    if kind == "flares":
        cards = [f for f in pool if f is not None]
        while len(cards) < size and state["flare_deck"]:
            cards.append(state["flare_deck"].pop(0))
        pool[:] = cards + [None] * (size - len(cards))
        return
    while len(pool) < size:
        item = draw_core(state) if kind == "cores" else draw_ray(state, kind)
        if item is None:
            break
        pool.append(item)


def refill_all(game: Game, state: State) -> None:
    """003 "When do pools refill?": every pool, when a turn is complete."""
    for kind in ("cores", "long", "short", "flares"):
        refill(game, state, kind)


def flush(game: Game, state: State, kind: str) -> None:
    """Discard a whole pool and refill it (003 "When you flush a pool"). Flares go under the
    deck in the pool's order, cheapest place first (a player's flush whose Flares come back
    at once is ordered by the player first: :func:`flares_come_back`, SL164)."""
    pool = state["pools"][kind]
    if kind == "flares":
        state["flare_deck"].extend(f for f in pool if f is not None)
        pool[:] = [None] * len(pool)
        refill(game, state, kind)
    elif kind == "cores":
        state["core_discard"].extend(pool)
        pool.clear()
        refill(game, state, kind)
    else:
        held_out = list(pool)  # rays wait outside the bag until the pool is refilled
        pool.clear()
        refill(game, state, kind)
        state["bags"][kind].extend(held_out)


def flares_come_back(game: Game, state: State) -> bool:
    """Whether flushing the Flare pool now would draw some of the flushed Flares straight
    back, so that the order they go under the deck in sets their places, and prices: the
    deck holds fewer Flares than the pool has places, and the pool two different Flares
    (003 "When you flush a pool": "Discarded Flares go face-down on the bottom of the Flare
    deck, in any order"; SL164)."""
    flushed = {f for f in state["pools"]["flares"] if f is not None}
    return len(state["flare_deck"]) < pool_size(game, "flares") and len(flushed) > 1


def flare_flush_changes(game: Game, state: State) -> bool:
    """Whether a flush of the Flare pool can change it: the deck has a Flare to draw, or the
    pool's Flares can come back in other places (an empty deck: the flushed Flares are the
    whole deck and refill the pool in the order they went under it, SL164). A pool of one
    Flare in the cheapest place, over an empty deck, comes back as it was."""
    if state["flare_deck"]:
        return True
    held = [i for i, f in enumerate(state["pools"]["flares"]) if f is not None]
    return len(held) > 1 or held not in ([], [0])


def take_ray(game: Game, state: State, seat: int, size: str, ray: str) -> None:
    """A player takes ``ray`` from a ray pool; with Refill Rays the pool refills at once
    (003 "Refill Rays": "You may refill either ray pool each time you take a ray"; SL11;
    "either" is the pool the ray came from: SL113)."""
    state["pools"][size].remove(ray)
    player(state, seat)["rays"].append(ray)
    if has_privilege(state, seat, "refill_rays"):
        refill(game, state, size)


def return_rays(state: State, rays: list[str]) -> None:
    """Rays of a launched star go back to their bags (003 launch step 9)."""
    for ray in rays:
        state["bags"][ray.partition(":")[2]].append(ray)
