"""What the Starlight verbs do (vocabulary.py declares them; effects.py calls them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.starlight import supply
from whitedwarf.interpreter.starlight.state import State, gain_night, held_cores, player

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

Frame = dict[str, Any]


def verb_gain(game: Game, state: State, frame: Frame, amount: list[Any]) -> None:
    """``gain N <unit>`` (003 "Flares": the green box gives its benefit).

    Rays and cores come from their pools, the first in the pool's (random) order, as a boon
    takes them (SL12); a flare is the cheapest in the Flare pool; the pools are not refilled
    until the turn ends unless the Refill Rays privilege says so (003 "Refill Rays").
    """
    count, unit = int(amount[0]), amount[1]
    seat = frame["owner"]
    p = player(state, seat)
    if count <= 0:
        return
    if unit == "ap":
        p["ap"] += count
        if state["turn_state"] is not None:  # AP beyond the turn's allowance, accounted for
            state["turn_state"]["ap_gained"] = state["turn_state"].get("ap_gained", 0) + count
    elif unit == "night_point":
        source = "flare" if frame["card"].startswith("flares:") else "effect"
        gain_night(state, seat, count, source)
    elif unit in ("long_ray", "short_ray"):
        size = unit.partition("_")[0]
        for _ in range(count):
            if not state["pools"][size]:
                break
            supply.take_ray(game, state, seat, size, state["pools"][size][0])
    elif unit == "core":
        room = game.stat(state, seat, "max_cores") - held_cores(p)
        for _ in range(min(count, room)):
            if not state["pools"]["cores"]:
                break
            p["cores"].append(state["pools"]["cores"].pop(0))
    elif unit == "flare":
        for _ in range(count):
            places = [i for i, f in enumerate(state["pools"]["flares"]) if f is not None]
            if not places:
                break
            p["flares"].append(state["pools"]["flares"][places[0]])
            state["pools"]["flares"][places[0]] = None


def verb_pay(game: Game, state: State, frame: Frame, amount: list[Any]) -> None:
    """``pay N ap``: a cost (the machine checked it can be paid)."""
    p = player(state, frame["owner"])
    p["ap"] = max(0, p["ap"] - int(amount[0]))


def verb_claim(game: Game, state: State, frame: Frame) -> None:
    """``claim``: the goal of this laurel or accolade is met by the frame's owner."""
    kind, _, card = frame["card"].partition(":")
    state.setdefault("claims", []).append([kind, card, frame["owner"]])
