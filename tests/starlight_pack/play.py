"""Positions of the Starlight base pack as data, and the moves that put a card in play.

A position is seat 0's part of a real 2-seat state of ``content/starlight`` (``fresh``: round
1, seat 0 to move, no gods), changed by :func:`put` from keyword data:

``stars``       slots holding seat 0's stars (``state["slots"]`` agrees)
``others``      slots holding seat 1's stars
``magnitudes``, ``aspects``, ``rays``, ``flares``, ``used_flares``, ``cores``: seat 0's lists
``privileges``  privileges seat 0 gained before this action (usable now: 003 "Privileges")
``night``, ``ap``, ``god``: seat 0's numbers and god; ``round``: the round

The moves drive the engine through its decision interface (``Game.apply`` with legal
options only), as a player would: :func:`launch` takes the Launch action of the space
naming the slot's constellation, :func:`use_boon` uses a flare's green box, :func:`end_turn`
ends seat 0's turn, :func:`final_scoring` scores the end of the game (003 "Scoring").
"""

from __future__ import annotations

from functools import cache
from typing import Any

from whitedwarf.interpreter.starlight import ending
from whitedwarf.interpreter.starlight.content import StarlightContent, load_content
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.state import player

from .data import PACK

State = dict[str, Any]


@cache
def content() -> StarlightContent:
    """The base pack, loaded once."""
    return load_content([PACK])


def fresh(seats: tuple[str, ...] = ("live", "live"), seed: int = 1) -> tuple[Game, State]:
    """A game of the base pack after setup: seat 0's first turn, its marker not yet placed."""
    game = Game.from_content(content(), len(seats), {"seats": list(seats)})
    return game, game.new_state(seed)


def _take(state: State, ray: str) -> None:
    """Move one ray of this kind from its bag or pool into play (the supply is conserved)."""
    size = ray.partition(":")[2]
    for place in (state["bags"][size], state["pools"][size]):
        if ray in place:
            place.remove(ray)
            return
    raise AssertionError(f"no {ray} ray left in the supply")


def put(state: State, **given: Any) -> State:
    """Seat 0's position (module docstring); its turn, marker on the rondel, first turn over."""
    p = player(state, 0)
    state["turn_state"]["first"] = False
    p["marker"], p["moved"] = 0, False
    supply_rays = p["rays"]
    p["rays"] = []
    state["bags"]["long"] += [r for r in supply_rays if r.endswith(":long")]
    state["bags"]["short"] += [r for r in supply_rays if r.endswith(":short")]
    for key, value in given.items():
        if key in ("stars", "others"):
            seat = 0 if key == "stars" else 1
            for slot in value:
                state["slots"][slot] = seat
                player(state, seat)["stars"].append(slot)
        elif key == "rays":
            for ray in value:
                _take(state, ray)
            p["rays"] = list(value)
        elif key == "privileges":
            state["actions"] = max(state["actions"], 1)
            p["privileges"] = dict.fromkeys(value, 0)
        elif key == "round":
            state["round"] = value
        elif key in ("cores", "flares"):
            p[key] = list(value)
            deck = state["core_deck" if key == "cores" else "flare_deck"]
            pool = state["pools"][key]
            for card in value:
                if card in deck:
                    deck.remove(card)
                elif card in pool and key == "flares":
                    pool[pool.index(card)] = None
                elif card in pool:
                    pool.remove(card)
        else:
            p[key] = value
    p["ap"] = given.get("ap", 10)
    return state


def choose(game: Game, state: State, option: str, seat: int = 0) -> None:
    """Apply a legal option of ``seat`` (the engine refuses an illegal one)."""
    game.apply(state, seat, option)


def answer(game: Game, state: State, answers: tuple[str, ...]) -> None:
    """Answer the questions an effect asks, in order; which ray or core of a pool a boon
    takes (SL12) is answered with the first, between them."""
    for option in answers:
        pick_from_pools(game, state)
        assert state["frames"], f"the effect asked nothing, {option!r} left over"
        choose(game, state, option)
    pick_from_pools(game, state)
    assert not state["frames"], "the effect still waits for an answer"


def pick_from_pools(game: Game, state: State, seat: int = 0) -> None:
    """Take the first ray or core offered while an effect asks which of a pool (SL12)."""
    while state["frames"]:
        offered = [o.id for o in game.legal_options(state, seat)]
        if not offered or not all(i.startswith(("ray:", "core:")) for i in offered):
            return
        choose(game, state, offered[0], seat)


def launch_space(game: Game, slot: str) -> int:
    """The rondel space whose Launch reaches the constellation of ``slot``."""
    constellation = game.content.slots[slot].constellation
    for index, space in enumerate(game.content.spaces):
        if constellation in space.get("constellations", []):
            return index
    raise AssertionError(f"no launch space for {constellation}")


def launch(
    game: Game, state: State, core: str, rays: list[str], slot: str, flare: str | None = None
) -> None:
    """Seat 0 takes the Launch action: core, rays, slot, then the flare (or none), buys no
    night points (003 "Launching a Star, step by step")."""
    p = player(state, 0)
    p["marker"], p["moved"], p["visit_done"] = launch_space(game, slot), True, False
    choose(game, state, "act")
    choose(game, state, f"core:{core}")
    for ray in rays:
        choose(game, state, f"ray:{ray}")
    choose(game, state, "ready")
    choose(game, state, f"slot:{slot}")
    if state["action"] is not None and state["action"]["step"] == "flare":
        choose(game, state, f"flare:{flare}" if flare else "no_flare")
    if state["action"] is not None and state["action"]["step"] == "buy":
        choose(game, state, "done")
    assert state["action"] is None, "the launch did not finish"


def use_boon(game: Game, state: State, flare: str, answers: tuple[str, ...] = ()) -> None:
    """Seat 0 uses the green box of ``flare`` between actions (003 "Flares")."""
    choose(game, state, f"boon:{flare}")
    answer(game, state, answers)


def end_turn(game: Game, state: State) -> None:
    """Seat 0 ends its turn: AP saved, pools refilled, accolades checked, seat 1 to move."""
    choose(game, state, "end")


def final_scoring(game: Game, state: State) -> dict[str, Any]:
    """003 "Scoring" for this position; the result."""
    ending.finish(game, state, "daybreak")
    result: dict[str, Any] = state["result"]
    return result


def holding(state: State, seat: int = 0) -> dict[str, int]:
    """What a seat holds, counted: long and short rays, cores, flares, AP."""
    p = player(state, seat)
    return {
        "long": sum(1 for r in p["rays"] if r.endswith(":long")),
        "short": sum(1 for r in p["rays"] if r.endswith(":short")),
        "cores": len(p["cores"]),
        "flares": len(p["flares"]),
        "ap": p["ap"],
    }
