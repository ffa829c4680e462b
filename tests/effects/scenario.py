"""Positions for effect scenario tests: a real Last Light state, cards added as data.

Test cards are added to the runtime tables of a content copy used only by these tests
(``effects-test``), so every test writes the card it needs as an effect string.
"""

from __future__ import annotations

import copy
from typing import Any

from whitedwarf.interpreter.lastlight import hooks, versions
from whitedwarf.interpreter.lastlight.content import GameContent, runtime
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import LIGHT_SOURCES, place_extractor, place_ship

from tests.base_content import base_content

CONTENT = GameContent(copy.deepcopy(base_content().files), "effects-test")

State = dict[str, Any]

#: Cards the tests added to the runtime tables (and the base card each replaced, if any),
#: undone again by :func:`fresh`.
_ADDED: list[tuple[str, str, dict[str, Any] | None]] = []


def fresh(players: int = 4, seed: int = 3) -> tuple[Game, State]:
    """A state in the action choice of round 1 with no faction, achievement, tech or unit."""
    g = Game.from_content(CONTENT, players)
    for rt in CONTENT.runtimes.values():
        for stem, cid, replaced in reversed(_ADDED):
            if replaced is None:
                rt.cards[stem].pop(cid, None)
            else:
                rt.cards[stem][cid] = replaced
        rt.forget()
    _ADDED.clear()
    s = g.new_state(seed)
    while s["phase"] == "setup":
        seat = g.current_players(s)[0]
        g.apply(s, seat, g.legal_options(s, seat)[0].id)
    assert not s["frames"]
    for p in s["players"]:
        p.update(faction=None, achievement=None, techs=[], techs_hand=[], light=0)
        p["light_by_source"] = dict.fromkeys(LIGHT_SOURCES, 0)
        p["tech_stats"] = {"drawn": {}, "kept": {}, "built": {}}
        p["res"] = {"common": 0, "uncommon": 0, "rare": 0}
        for size in ("small", "medium", "large"):
            p["supply"][size] = {"small": 5, "medium": 3, "large": 2}[size]
        p["supply"]["extractor"] = 8
    rt = runtime(s)
    s["supply"].update(rt.resources_total, light=rt.light_total)
    s["ships"].clear()
    s["extractors"].clear()
    versions.forget(s)  # the players' cards and pieces were edited in place, past the engine
    return g, s


def add_card(state: State, stem: str, cid: str, effect: str, **fields: Any) -> str:
    """Put a card with an effect into the test content's tables (and drop stale caches)."""
    rt = runtime(state)
    _ADDED.append((stem, cid, rt.cards[stem].get(cid)))
    rt.cards[stem][cid] = {
        "id": cid,
        "name": cid.replace("_", " ").title(),
        "effect": effect,
        **fields,
    }
    rt.forget()  # compiled effects, trigger and modifier tables of the old text
    versions.forget(state)  # and what the state worked out from them (its memos)
    return cid


def tech(
    state: State,
    seat: int,
    cid: str,
    effect: str,
    kind: str = "civilization",
    slot: str | None = None,
    exhausted: bool = False,
) -> str:
    """A tech in play for ``seat``; returns its ref."""
    add_card(state, "techs", cid, effect, kind=kind, cost={"common": 1})
    ref = f"{cid}#1"
    entry = {"ref": ref, "exhausted": exhausted, "ship_type": slot}
    state["players"][seat]["techs"].append(entry)
    return ref


def faction(state: State, seat: int, cid: str, effect: str) -> str:
    add_card(state, "factions", cid, effect)
    state["players"][seat]["faction"] = cid
    return cid


def token(
    state: State, seat: int, cid: str, effect: str, kind: str = "deep_space", **ctx: Any
) -> None:
    """Resolve an exploration token with this effect for ``seat`` now."""
    add_card(state, "exploration", cid, effect, kind=kind, copies=0)
    hooks.run_card(state, seat, f"{cid}#1", ctx)


def ship(state: State, owner: int, size: str, sector: str, **fields: Any) -> str:
    if owner >= 0:
        state["players"][owner]["supply"][size] -= 1
    sid = place_ship(state, owner, size, sector)
    state["ships"][sid].update(fields)
    return sid


def extractor(state: State, owner: int, planet: str | None = None, space: str | None = None) -> str:
    state["players"][owner]["supply"]["extractor"] -= 1
    sector = state["planets"][planet]["sector"] if planet else home(state, owner)
    return place_extractor(state, owner, sector, planet, space)


def home(state: State, seat: int) -> str:
    return next(sid for sid, sec in state["sectors"].items() if sec["home"] == seat)


def planets(state: State, ring: str | None = None, colour: str | None = None) -> list[str]:
    """Planet ids, optionally of one ring or colour, sorted."""
    rings = runtime(state).ring
    return sorted(
        pid
        for pid, p in state["planets"].items()
        if (ring is None or rings[p["sector"]] == ring)
        and (colour is None or p["colour"] == colour)
    )


def sector_of(state: State, planet: str) -> str:
    return state["planets"][planet]["sector"]


def adjacent(state: State, sector: str) -> list[str]:
    return list(runtime(state).board.adjacent(sector, state["rotation"]))


def ids(g: Game, state: State, seat: int) -> list[str]:
    return [o.id for o in g.legal_options(state, seat)]
