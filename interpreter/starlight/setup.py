"""Setting up a game of Starlight (the setup sheet is not in the seeds: SL3, SL4).

Seat 0 is the Start Player. The rays go into their two bags and the ray pools are drawn; the
Core and Flare decks are shuffled and their pools laid out (three Cores, four Flares at costs
1 to 4); the accolades are laid out face-up in the order of the pack; the Starbot deck is
shuffled when a Starbot plays. Each live player gets a Starter Core at random, draws
``starter_rays`` rays at random (alternately from the long and the short bag) and is dealt
``laurels_per_player`` laurels, kept secret. With gods, each live player is dealt two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter import rng
from whitedwarf.interpreter.starlight import gods, supply
from whitedwarf.interpreter.starlight.state import FORMAT, State, content_id, new_player

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


def new_state(game: Game, seed: int) -> State:
    """The state after setup (before the first decision)."""
    content = game.content
    state: State = {
        "game": "starlight",
        "format": FORMAT,
        "content": content_id(content, len(game.seats)),
        "seed": seed,
        "rng": rng.seed_state(seed),
        "n": len(game.seats),
        "round": 1,
        "turn": 0,
        "phase": "play",
        "players": [new_player(seat, kind) for seat, kind in enumerate(game.seats)],
        "bags": {"long": [], "short": []},
        "pools": {"long": [], "short": [], "cores": [], "flares": []},
        "core_deck": sorted(content.cards["cores"]),
        "core_discard": [],
        "flare_deck": sorted(content.cards["flares"]),
        "starbot_deck": [],
        "starbot_discard": [],
        "slots": dict.fromkeys(content.slots),
        "accolades": [{"id": a, "owner": None, "marks": {}} for a in content.cards["accolades"]],
        "action": None,
        "frames": [],
        "daybreak": None,
        "daybreak_at": content.number("daybreak"),
        "last_round": None,
        "actions": 0,
        "turn_state": None,
        "result": None,
    }
    for kind, copies in sorted(content.rays.items()):
        state["bags"][kind.partition(":")[2]] += [kind] * copies
    rng.shuffle(state, state["core_deck"])
    rng.shuffle(state, state["flare_deck"])
    state["pools"]["flares"] = [None] * supply.pool_size(game, "flares")
    if "starbot" in game.seats:
        state["starbot_deck"] = sorted(content.cards["starbots"])
        rng.shuffle(state, state["starbot_deck"])
    _deal_live(game, state)
    supply.refill_all(game, state)
    if game.options.get("gods"):
        gods.deal(game, state)
        state["phase"] = "gods"
    return state


def _deal_live(game: Game, state: State) -> None:
    content = game.content
    starters = sorted(content.cards["starters"])
    laurels = sorted(content.cards["laurels"])
    rng.shuffle(state, starters)
    rng.shuffle(state, laurels)
    each = content.number("laurels_per_player")
    for p in state["players"]:
        if p["kind"] != "live":
            continue
        p["starter"] = starters.pop()
        p["laurels"], laurels = laurels[:each], laurels[each:]
        for index in range(content.number("starter_rays")):
            ray = supply.draw_ray(state, ("long", "short")[index % 2])
            if ray is not None:
                p["rays"].append(ray)


def check_fits(game: Game) -> None:
    """Refuse a game the content cannot deal (ValueError, naming what is short)."""
    content = game.content
    live = game.seats.count("live")
    short = []
    if len(content.cards["starters"]) < live:
        short.append(
            f"{counted(live, 'starter core')} (the packs have {len(content.cards['starters'])})"
        )
    laurels = live * content.number("laurels_per_player")
    if len(content.cards["laurels"]) < laurels:
        short.append(
            f"{counted(laurels, 'laurel')} (the packs have {len(content.cards['laurels'])})"
        )
    if game.options.get("gods"):
        need = live * content.number("gods_per_player")
        if len(content.cards["gods"]) < need:
            short.append(f"{counted(need, 'god')} (the packs have {len(content.cards['gods'])})")
    if "starbot" in game.seats and not content.cards["starbots"]:
        short.append("a Starbot deck (the packs have no Starbot cards: seat live players only)")
    if short:
        raise ValueError("this game needs " + "; ".join(short))
