"""Every core, starter and Starbot card of the base pack in play.

Cores (003 "Completed Stars and Plans"): each core launches a magnitude 2 star of its own
plan to Hydrus's target and records its aspect and the magnitude; a ray of a colour off the
plan, or of a size its pattern refuses, is never offered. Starters (003 "Your Starter Core"):
the printed ray counts, so one ray of any colour and size makes a magnitude 2 star, and no
aspect is recorded. Starbot cards (003 "Starbot Play"): the card on top of the deck is played
on the Starbot's turn: its action, its night points, a marker on its accolade place.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.starlight.state import player

from .data import read
from .play import choose, end_turn, fresh, launch, put

CORES = read("cores")
COLOURS = [c["colour"] for c in read("rays")["colours"]]


def plan_rays(core: dict[str, Any]) -> list[str]:
    """Two rays that follow the core's plan (magnitude 2)."""
    first, second = core["colours"][0], core["colours"][-1]
    sizes = {"long": ("long", "long"), "short": ("short", "short")}
    one, two = sizes.get(core["pattern"], ("long", "short"))
    return [f"{first}:{one}", f"{second}:{two}"]


def off_plan_rays(core: dict[str, Any]) -> list[str]:
    """Rays the plan refuses: a colour it does not show, and a size its pattern does not use."""
    outside = next(c for c in COLOURS if c not in core["colours"])
    refused = [f"{outside}:long", f"{outside}:short"]
    if core["pattern"] in ("long", "short"):
        other = "short" if core["pattern"] == "long" else "long"
        refused.append(f"{core['colours'][0]}:{other}")
    return refused


@pytest.mark.parametrize("core", CORES, ids=[c["id"] for c in CORES])
def test_core_launches_a_star_of_its_plan_and_records_its_aspect(core: dict[str, Any]) -> None:
    game, state = fresh()
    rays, refused = plan_rays(core), off_plan_rays(core)
    put(state, cores=[core["id"]], rays=rays + refused)
    p = player(state, 0)
    p["marker"], p["moved"], p["visit_done"] = 1, True, False  # the Aquila/Hydrus space
    choose(game, state, "act")
    choose(game, state, f"core:{core['id']}")
    offered = {o.id for o in game.legal_options(state, 0)}
    assert not offered & {f"ray:{r}" for r in refused}
    for ray in rays:
        choose(game, state, f"ray:{ray}")
    for option in ("ready", "slot:hydrus_1"):
        choose(game, state, option)
    assert (p["stars"], p["magnitudes"], p["aspects"]) == (["hydrus_1"], [2], [core["aspect"]])
    assert sorted(p["rays"]) == sorted(refused) and p["cores"] == []


STARTERS = read("starters")


@pytest.mark.parametrize("starter", STARTERS, ids=[s["id"] for s in STARTERS])
def test_starter_counts_its_printed_ray_and_has_no_aspect(starter: dict[str, Any]) -> None:
    game, state = fresh()
    put(state, starter=starter["id"], rays=["red:short"])
    launch(game, state, starter["id"], ["red:short"], "hydrus_1")
    p = player(state, 0)
    assert (p["stars"], p["magnitudes"], p["aspects"]) == (["hydrus_1"], [2], [])
    assert p["starter"] is None and p["rays"] == []


STARBOTS = read("starbots")
#: The rondel space each Starbot action moves to first, from no marker (rondel.yaml).
FIRST_SPACE = {
    "gain_cores": 0,
    "launch": 1,
    "gain_long_rays": 2,
    "gain_flares": 4,
    "gain_short_rays": 6,
}


@pytest.mark.parametrize("card", STARBOTS, ids=[c["id"] for c in STARBOTS])
def test_starbot_card_acts_scores_and_marks_its_accolade(card: dict[str, Any]) -> None:
    game, state = fresh(("live", "starbot"))
    put(state)
    deck = state["starbot_deck"]
    deck.remove(card["id"])
    deck.insert(0, card["id"])
    if card["action"] == "refresh":
        state["starbot_discard"] = [deck.pop(), deck.pop()]
    first_core = state["pools"]["cores"][0]
    cheapest_flare = state["pools"]["flares"][0]
    end_turn(game, state)  # seat 1, the Starbot, plays the top card
    bot = player(state, 1)
    assert bot["points"]["night"]["starbot"] == card["night_points"]
    marks = {i + 1: a["marks"] for i, a in enumerate(state["accolades"]) if a["marks"]}
    assert marks == ({card["accolade"]: {"1": 1}} if card["accolade"] else {})
    action = card["action"]
    if action == "refresh":
        assert state["starbot_discard"] == [] and len(state["starbot_deck"]) == len(STARBOTS)
        assert bot["marker"] is None
        return
    assert bot["marker"] == FIRST_SPACE[action]
    if action == "launch":
        assert len(bot["stars"]) == 1
        assert game.content.slots[bot["stars"][0]].constellation in ("aquila", "hydrus")
    elif action == "gain_cores":
        assert first_core in state["core_discard"]
    elif action == "gain_flares":
        assert cheapest_flare in state["flare_deck"]
    assert state["starbot_discard"] == [card["id"]]
