"""Last Light's side of the effect machine: verbs, selectors, values and the frame driver.

``interpreter/vm.py`` runs compiled programs (docs/effect-ir.md) and knows no game; this
module is its adapter for Last Light. Every verb, selector noun and filter, and value of
``vocabulary.py`` has its rule here, with the rulebook section it comes from. Where the
engine core already has the rule (building an extractor, destroying a unit, revealing a
token, trading, manufacturing) the verb calls it.

Entity ids seen by effects: ships ``s<n>``, extractors ``x<n>``, sector and planet ids,
players ``p<seat>``, tech and card refs (``warp_drive#2``; a faction card by its id), action
card ids (``research``), ship types (``small``), dice ``d<index into state["dice"]>``.

Frames live in ``state["frames"]`` (top = last). While any frame waits for a decision the
engine waits (``game.advance``); :func:`frame_options` and :func:`frame_apply` are that
decision. Frames started while another frame runs go just above it, in the order they were
started (so an effect's triggers resolve before the rest of the effect, and in order);
frames started by the engine while a frame waits go to the bottom, after everything
already pending.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter import rng
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.decisions import IllegalOption
from whitedwarf.interpreter.lastlight.state import (
    LUMOS,
    RESOURCES,
    SIZES,
    card_id,
    extractor_on,
    gain,
    home_of,
    place_ship,
)
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.vm import (
    DONE,
    YIELD,
    EffectError,
    EffectLimitError,
    IllegalAnswer,
    Machine,
    new_frame,
)

__all__ = [
    "EffectContentError",
    "EffectLimitError",
    "card_effect",
    "card_kind",
    "frame_apply",
    "frame_options",
    "new_frame",
    "push",
]

State = dict[str, Any]
Frame = dict[str, Any]

#: Placeholder exploration tokens of setup (no effect).
BLANK = "@blank_"


class EffectContentError(EffectError):
    """A card's effect text does not compile (the pack should have been validated)."""


# -- compiled card effects ---------------------------------------------------------------------

#: Card file -> the card kind of docs/effect-ir.md for its cards.
_FILE_KIND = {"factions": "faction", "achievements": "achievement"}
_EMPTY: dict[str, Any] = {"kind": None, "clauses": []}


@lru_cache(maxsize=4096)
def compile_text(kind: str, text: str) -> dict[str, Any]:
    """The compiled form of an effect string (cached by kind and text)."""
    compiled, diagnostics = compile_effect(EffectSource.standalone(text), registry(), kind)
    if compiled is None:
        problems = "; ".join(d.message for d in diagnostics if d.is_error)
        raise EffectContentError(f"a {kind} effect does not compile: {problems}: {text!r}")
    return compiled


def card_kind(rt: Runtime, cid: str) -> tuple[str | None, dict[str, Any] | None]:
    """The effect kind of a card id and its data, from whichever card file holds it."""
    for stem, table in rt.cards.items():
        card = table.get(cid)
        if card is None:
            continue
        if stem == "techs":
            return str(card.get("kind", "civilization")), card
        if stem == "exploration":
            kind = card.get("kind", card.get("type"))
            return ("deep_space" if kind == "deep_space" else "planetary"), card
        return _FILE_KIND.get(stem), card
    return None, None


def card_effect(rt: Runtime, cid: str) -> dict[str, Any]:
    """A card's compiled effect (docs/effect-ir.md), compiled on demand and cached.

    A card dict may carry its compiled form under ``compiled`` (a pack loader that compiles
    ahead of time); otherwise its ``effect`` text is compiled here.
    """
    cache = rt.cache.get("effects")
    if cache is None:
        cache = rt.cache["effects"] = {}
    found = cache.get(cid)
    if found is None:
        kind, card = card_kind(rt, cid)
        if card is None or kind is None:
            found = _EMPTY
        elif isinstance(card.get("compiled"), dict):
            found = card["compiled"]
        elif isinstance(card.get("effect"), str) and card["effect"].strip():
            found = compile_text(kind, card["effect"])
        else:
            found = _EMPTY
        cache[cid] = found
    return found


def _program(rt: Runtime, cid: str, clause: int) -> list[list[Any]]:
    return card_effect(rt, cid)["clauses"][clause]["code"]


# -- small lookups -----------------------------------------------------------------------------


def seat_of(entity: str) -> int:
    """The seat of a player id ``p<seat>``."""
    return int(entity[1:])


def find_card(state: State, ref: str) -> tuple[int | None, dict[str, Any] | None]:
    """Who holds a card in play: ``(seat, tech entry)``, ``(seat, None)`` for a faction."""
    for player in state["players"]:
        if player["faction"] == ref:
            return player["seat"], None
        for tech in player["techs"]:
            if tech["ref"] == ref:
                return player["seat"], tech
    return None, None


def is_exhausted(state: State, ref: str) -> bool | None:
    """Whether a card in play is exhausted (None: not in play)."""
    seat, tech = find_card(state, ref)
    if seat is None:
        return None
    return state["players"][seat]["faction_exhausted"] if tech is None else tech["exhausted"]


def _enemy(state: State, me: int, owner: int) -> bool:
    """000 "Attack": units of another player; 002: the Lumos are no enemy of their ally."""
    if owner == me:
        return False
    if owner == LUMOS:
        lumos = state["lumos"]
        return not (lumos and lumos["ally"] == me)
    return True


def _controller(state: State, planet: str) -> int | None:
    """000 "2. Extractor": "A planet is considered to be controlled by the player who has an
    extractor on that planet"."""
    found = extractor_on(state, planet)
    return None if found is None else found["owner"]


def _ref_sector(state: State, ctx: dict[str, Any]) -> str | None:
    """What ``this sector`` / ``here`` means: the hook's sector, else its ship's or planet's."""
    sector = ctx.get("sector")
    if sector is None and ctx.get("ship") in state["ships"]:
        sector = state["ships"][ctx["ship"]]["sector"]
    if sector is None and ctx.get("planet") in state["planets"]:
        sector = state["planets"][ctx["planet"]]["sector"]
    return sector


# -- selectors: candidates of each noun type -----------------------------------------------------


def _base_ship(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return list(state["ships"].items())


def _base_extractor(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return list(state["extractors"].items())


def _base_sector(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return list(state["sectors"].items())


def _base_planet(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return list(state["planets"].items())


def _base_player(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return [(f"p{p['seat']}", p) for p in state["players"]]


def _base_tech(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """Techs in play (vocabulary "tech"); with ``unresearched``, techs in hands instead."""
    out = []
    if ["unresearched"] in filters:
        for p in state["players"]:
            info = {"owner": p["seat"], "exhausted": False, "hand": True}
            out += [(ref, info) for ref in p["techs_hand"]]
        return out
    for p in state["players"]:
        for t in p["techs"]:
            out.append((t["ref"], {"owner": p["seat"], "exhausted": t["exhausted"], "hand": False}))
    return out


def _base_card(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """Cards in play: techs and faction cards."""
    out = _base_tech(state, frame, [])
    for p in state["players"]:
        if p["faction"]:
            out.append((p["faction"], {"owner": p["seat"], "exhausted": p["faction_exhausted"]}))
    return out


def _base_action_card(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """The owner's action cards, in hand or played (000 "playing the game")."""
    p = state["players"][frame["owner"]]
    owner = frame["owner"]
    out = [(c, {"owner": owner, "played": True}) for c in p["played"]]
    return out + [(c, {"owner": owner, "played": False}) for c in p["hand"]]


def _base_ship_type(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return [(s, {"owner": frame["owner"]}) for s in SIZES]


def _base_die(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return [(f"d{i}", d) for i, d in enumerate(state["dice"])]


_BASE = {
    "ship": _base_ship,
    "extractor": _base_extractor,
    "sector": _base_sector,
    "planet": _base_planet,
    "player": _base_player,
    "tech": _base_tech,
    "card": _base_card,
    "action_card": _base_action_card,
    "ship_type": _base_ship_type,
    "die": _base_die,
}


def _filter(state: State, frame: Frame, typ: str, spec: list[Any]):  # noqa: ANN202
    """A predicate ``(id, obj) -> bool`` for one selector filter (vocabulary ``_filters``)."""
    name = spec[0]
    me = frame["owner"]
    if name in SIZES:  # 000 "Components"
        if typ == "ship_type":
            return lambda i, o: i == name
        return lambda i, o: o["size"] == name
    if name in ("red", "blue", "green"):  # 000 "Planetary Achievement"
        return lambda i, o: o["colour"] == name
    if name in ("inner", "outer", "distant"):  # 000 "PLANETARY TERMINOLOGY"
        ring = runtime(state).ring
        if typ == "sector":
            return lambda i, o: ring[i] == name
        return lambda i, o: ring[o["sector"]] == name
    if name == "enemy":  # 000 "Attack"
        return lambda i, o: _enemy(state, me, o["owner"])
    if name == "exhausted":  # 000 "Civilization technology cards"
        return lambda i, o: o["exhausted"]
    if name == "ready":  # 000 "1. Refresh"
        return lambda i, o: not o["exhausted"]
    if name == "unresearched":  # 000 "Action Card #1": the base list is the hands
        return lambda i, o: o.get("hand", False)
    if name == "played":  # 000 "Action Card #5": a played Refresh never counts
        return lambda i, o: o["played"] and i != "refresh"
    if name == "damaged":  # 000 "Attack": damage tokens
        return lambda i, o: o["damage"] > 0
    if name in ("adjacent", "here"):  # 000 "1. Move"; "Attacks are resolved sector by sector"
        ref = _ref_sector(state, frame["context"])
        if ref is None:
            return lambda i, o: False
        if name == "here":
            near = {ref}
        else:
            near = set(runtime(state).board.adjacent(ref, state["rotation"]))
        if typ == "sector":
            return lambda i, o: i in near
        return lambda i, o: o["sector"] in near
    if name == "centre":  # 000 "Board Rotation": the sector with the white dwarf
        centre = runtime(state).board.centre
        if typ == "sector":
            return lambda i, o: i == centre
        return lambda i, o: o["sector"] == centre
    if name == "home":  # 000 "1. Ships": your home sector holds your colony ship
        home = home_of(state, me)
        if typ == "sector":
            return lambda i, o: i == home
        return lambda i, o: o["sector"] == home
    if name in ("yours", "own", "control"):  # 000 "Construct"; "2. Extractor" for planets
        if typ == "planet":
            held = {x["planet"] for x in state["extractors"].values() if x["owner"] == me}
            return lambda i, o: i in held
        return lambda i, o: o["owner"] == me
    if name == "type":  # 000 "Ship ability technology cards": the card's ship type
        size = frame["context"].get("ship_type")
        return lambda i, o: o["size"] == size
    if name == "opponent":  # vocabulary "opponent": a player other than you
        return lambda i, o: o["seat"] != me
    if name == "other_than":
        other = _exclusions(state, frame, [spec[1]])
        return lambda i, o: i not in other
    raise EffectError(f"unknown selector filter {name!r}")


def _exclusions(state: State, frame: Frame, operands: list[dict[str, Any]]) -> set[str]:
    """The ids an ``exclude`` / ``other_than`` list names."""
    out: set[str] = set()
    for operand in operands:
        found = ADAPTER.resolve_any(state, frame, operand)
        if isinstance(found, list):
            out.update(found)
        elif found is not None:
            out.add(found)
    return out


def candidates(state: State, frame: Frame, selector: dict[str, Any]) -> list[str]:
    """Sorted ids of a selector's noun type that pass its filters and excludes."""
    typ, filters = selector["type"], selector["filters"]
    items = _BASE[typ](state, frame, filters)
    for spec in filters:
        keep = _filter(state, frame, typ, spec)
        items = [item for item in items if keep(item[0], item[1])]
    ids = [item[0] for item in items]
    if selector["exclude"]:
        drop = _exclusions(state, frame, selector["exclude"])
        ids = [i for i in ids if i not in drop]
    ids.sort()
    return ids


def label(state: State, typ: str, entity: str) -> str:
    """A readable name for an entity id, for option texts."""
    if typ == "ship" and entity in state["ships"]:
        s = state["ships"][entity]
        return f"{s['size']} ship {entity} of player {s['owner']} in {s['sector']}"
    if typ == "extractor" and entity in state["extractors"]:
        x = state["extractors"][entity]
        where = x["planet"] or f"colony space {x['space']}"
        return f"extractor {entity} of player {x['owner']} on {where}"
    if typ == "planet" and entity in state["planets"]:
        return f"planet {entity} ({state['planets'][entity]['colour']}) in {state['planets'][entity]['sector']}"
    if typ == "player":
        return f"player {entity[1:]}"
    if typ in ("tech", "card"):
        card = card_kind(runtime(state), card_id(entity))[1] or {}
        return str(card.get("name", card_id(entity)))
    if typ == "ship_type":
        return f"{entity} ships"
    if typ == "die":
        index = int(entity[1:])
        return f"die {index} ({state['dice'][index]['face']})"
    if typ == "action_card":
        return entity.title()
    return f"sector {entity}" if typ == "sector" else entity


# -- values (vocabulary ``_values``) ----------------------------------------------------------


def value(state: State, frame: Frame, name: str) -> int:
    """A value from the effect owner's point of view."""
    p = state["players"][frame["owner"]]
    if name == "light":  # 000 "Overview"
        return p["light"]
    if name in RESOURCES:
        return p["res"][name]
    if name == "resources":  # 000 "Game End" tiebreak: all resources
        return sum(p["res"].values())
    if name == "techs_in_play":  # 000 "Action Card #1"; exhausted techs count (public FAQ)
        return len(p["techs"])
    if name == "round":
        return state["round"]
    if name == "players":
        return state["n"]
    if name == "graveyard":  # 000 "Graveyard"
        return len(p["graveyard"])
    if name == "opponents_max_light":  # 000 "Game End"
        return max((q["light"] for q in state["players"] if q["seat"] != p["seat"]), default=0)
    raise EffectError(f"unknown value {name!r}")


# -- verbs (vocabulary ``_verbs``) ------------------------------------------------------------
# Each verb is ``(state, frame, args) -> None | pending dict``; args are bound operands: an
# entity id, ``[amount, unit]``, an int, a word, or a ``unit_kind`` dict.


def _verb_gain(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Exploration Icons Explained": gain from the finite supply (000 "Components")."""
    amount, unit = args[0]
    gain(state, frame["owner"], unit, amount)


def _verb_pay(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Manufacture Technologies": paid resources return to the supply."""
    amount, unit = args[0]
    p = state["players"][frame["owner"]]
    have = p["light"] if unit == "light" else p["res"][unit]
    amount = max(0, min(amount, have))  # checked by ``affordable``; never below zero
    if unit == "light":
        p["light"] -= amount
    else:
        p["res"][unit] -= amount
    state["supply"][unit] += amount


def _verb_give(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Action Card #4": another player gains from the supply."""
    amount, unit = args[0]
    gain(state, seat_of(args[1]), unit, amount)


def _verb_steal(state: State, frame: Frame, args: list[Any]) -> None:
    """Invented: take up to the amount from the player's stock (vocabulary "steal")."""
    amount, unit = args[0]
    victim = state["players"][seat_of(args[1])]["res"]
    taken = max(0, min(amount, victim[unit]))
    victim[unit] -= taken
    state["players"][frame["owner"]]["res"][unit] += taken


def _set_exhausted(state: State, ref: str, exhausted: bool) -> None:
    seat, tech = find_card(state, ref)
    if seat is None:
        return
    if tech is None:
        state["players"][seat]["faction_exhausted"] = exhausted
    else:
        tech["exhausted"] = exhausted


def _verb_exhaust(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Civilization technology cards": "flip it over until you play your Refresh"."""
    _set_exhausted(state, args[0], True)


def _verb_unexhaust(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "resourcefulness": unexhaust another technology card."""
    _set_exhausted(state, args[0], False)


def _verb_draw(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Exploration": "Draw one technology card and put it in your hand"."""
    from whitedwarf.interpreter.lastlight.research import draw_one

    hand = state["players"][frame["owner"]]["techs_hand"]
    for _ in range(max(0, args[0][0])):
        ref = draw_one(state)
        if ref is None:
            break
        hand.append(ref)


def _verb_manufacture_free(state: State, frame: Frame, args: list[Any]) -> Any:
    """000 "Exploration": "Research a tech without paying its cost"; ship techs pick a slot."""
    from whitedwarf.interpreter.lastlight.research import manufacture, slots

    ref, owner = args[0], frame["owner"]
    if ref not in state["players"][owner]["techs_hand"]:
        return None
    found = slots(state, owner, ref)
    if len(found) == 1:
        manufacture(state, owner, ref, found[0], free=True)
        return None
    if not found:
        return None
    options = [[f"slot:{s}", f"put {card_id(ref)} on your {s} ships"] for s in found]
    return _verb_pending("manufacture_free", options, ref=ref)


def _resume_manufacture_free(state: State, frame: Frame, pending: dict[str, Any], option: str) -> Any:
    from whitedwarf.interpreter.lastlight.research import manufacture

    manufacture(state, frame["owner"], pending["ref"], option.partition(":")[2], free=True)
    return None


def _verb_discard(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Ship ability technology cards": a discarded tech goes face up to the discard."""
    ref = args[0]
    seat, tech = find_card(state, ref)
    if tech is not None:
        state["players"][seat]["techs"].remove(tech)
        state["discard"].append(ref)
        return
    for p in state["players"]:
        if ref in p["techs_hand"]:
            p["techs_hand"].remove(ref)
            state["discard"].append(ref)
            return


def _returnable(state: State, card: str) -> bool:
    """000 "Action Card #5": "A played Refresh card cannot be returned to your hand by card or
    explore effects" (``returnable`` in actions.yaml)."""
    for action in runtime(state).content.get("actions") or []:
        if action.get("id") == card:
            return bool(action.get("returnable", card != "refresh"))
    return card != "refresh"


def _verb_take_back(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Exploration": "pick up an action card other than the Refresh card"."""
    card = args[0]
    p = state["players"][frame["owner"]]
    if card in p["played"] and _returnable(state, card):
        p["played"].remove(card)
        p["hand"].append(card)


def build_ship_free(state: State, seat: int, size: str, sector: str) -> str | None:
    """Place a ship from the player's own supply at no cost, if one is unbuilt.

    000 "Exploration Icons Explained": "Immediately build a small ship in this sector (if you
    have one unbuilt in your supply)". (The engine's ``construct.build_ship`` always pays.)
    """
    from whitedwarf.interpreter.lastlight.hooks import fire

    supply = state["players"][seat]["supply"]
    if supply.get(size, 0) <= 0:
        return None
    supply[size] -= 1
    sid = place_ship(state, seat, size, sector)
    fire(state, "ship_built", seat, {"ship": sid, "sector": sector})
    return sid


def _extractor_places(state: State, seat: int, place: str | None) -> list[str]:
    """Where the ``build`` verb may put an extractor (000 "Action Card #3", "2. Extractor").

    No place: the Construct rule (an empty colony ship space, or a planet whose sector holds
    only your ships and no extractor). A planet named by the effect ("You may immediately build
    an extractor on this planet", 000 "Exploration"): that planet, if it has no extractor. A
    sector: its planet if free, and your empty colony spaces if it is your home.
    """
    from whitedwarf.interpreter.lastlight.construct import extractor_options

    if state["players"][seat]["supply"]["extractor"] <= 0:
        return []
    if place is None:
        return [o.id.partition(":")[2] for o in extractor_options(state, seat)]
    if place in state["planets"]:
        return [place] if extractor_on(state, place) is None else []
    out = []
    planet = state["sectors"][place]["planet"] if place in state["sectors"] else None
    if planet is not None and extractor_on(state, planet) is None:
        out.append(planet)
    if place == home_of(state, seat):
        used = {x["space"] for x in state["extractors"].values() if x["owner"] == seat and x["space"]}
        out += [s for s, _ in runtime(state).colony_spaces if s not in used]
    return out


def _verb_build(state: State, frame: Frame, args: list[Any]) -> Any:
    """000 "Exploration Icons Explained": build a unit from your own supply, free."""
    from whitedwarf.interpreter.lastlight.construct import build_extractor

    unit, seat = args[0], frame["owner"]
    place = args[1] if len(args) > 1 else None
    if unit["unit_kind"] == "extractor":
        found = _extractor_places(state, seat, place)
        if len(found) == 1:
            build_extractor(state, seat, found[0])
        elif found:
            options = [[f"place:{w}", f"build the extractor on {w}"] for w in found]
            return _verb_pending("build", options)
        return None
    if place in state["planets"]:
        place = state["planets"][place]["sector"]
    # 000 "1. Ships": "Built ships are placed in your home sector".
    sector = place if place is not None else home_of(state, seat)
    supply = state["players"][seat]["supply"]
    sizes = [unit["size"]] if unit["size"] else [s for s in SIZES if supply[s] > 0]
    if len(sizes) == 1:
        build_ship_free(state, seat, sizes[0], sector)
    elif sizes:
        options = [[f"size:{s}", f"build a {s} ship in {sector}"] for s in sizes]
        return _verb_pending("build", options, sector=sector)
    return None


def _resume_build(state: State, frame: Frame, pending: dict[str, Any], option: str) -> Any:
    from whitedwarf.interpreter.lastlight.construct import build_extractor

    kind, _, what = option.partition(":")
    if kind == "place":
        build_extractor(state, frame["owner"], what)
    else:
        build_ship_free(state, frame["owner"], what, pending["sector"])
    return None


def _verb_move(state: State, frame: Frame, args: list[Any]) -> None:
    """Warp drive: "move one of your ships ... to any location", ignoring distance.

    000 "1. Move": "Ships cannot enter a sector containing an asteroid" (unless the ship type
    can ``cross_asteroids``). Arriving where a token lies face down reveals and resolves it
    (000 "1. Move": tokens are revealed "in sectors you now occupy with ships"); the Lumos
    reveal nothing (002).
    """
    from whitedwarf.interpreter.lastlight.command import reveal
    from whitedwarf.interpreter.lastlight.hooks import fire, run_card
    from whitedwarf.interpreter.lastlight.stats import flag

    ship, sector = state["ships"].get(args[0]), args[1]
    if ship is None or ship["sector"] == sector or sector not in state["sectors"]:
        return
    owner = ship["owner"]
    if sector in runtime(state).blocked and not flag(state, owner, "cross_asteroids", ship["size"]):
        return
    ship["sector"] = sector
    if owner == LUMOS:
        return
    fire(state, "ship_moved", owner, {"ship": ship["id"], "sector": sector})
    where = state["sectors"][sector]
    if where["token"] and not where["revealed"]:
        ctx = reveal(state, owner, sector)
        if not ctx["card"].startswith(BLANK):
            run_card(state, owner, ctx["card"], ctx)


def _verb_move_extra(state: State, frame: Frame, args: list[Any]) -> None:
    """000 Talorin: "move 1 ship 1 extra sector" this Command (``extra_move``)."""
    ship = state["ships"].get(args[0])
    if ship is not None:
        ship["extra_move"] += max(0, args[1])


def _verb_trade(state: State, frame: Frame, args: list[Any]) -> Any:
    """000 "Exploration": "take a trade action, making one trade only" (no gift of light)."""
    return _next_trade(state, frame, args[0])


def _next_trade(state: State, frame: Frame, left: int) -> Any:
    from whitedwarf.interpreter.lastlight.trade import trade_options

    if left <= 0:
        return None
    options = [[o.id, o.text] for o in trade_options(state, frame["owner"])]
    return _verb_pending("trade", options, left=left) if options else None


def _resume_trade(state: State, frame: Frame, pending: dict[str, Any], option: str) -> Any:
    from whitedwarf.interpreter.lastlight.trade import make_trade

    make_trade(state, frame["owner"], option.partition(":")[2])
    return _next_trade(state, frame, pending["left"] - 1)


def _verb_mine(state: State, frame: Frame, args: list[Any]) -> None:
    """000 Allterra: "gain resources as though you mined this planet"."""
    from whitedwarf.interpreter.lastlight.mine import mine_planet

    if args[0] in state["planets"] and state["planets"][args[0]]["resource"]:
        mine_planet(state, frame["owner"], args[0])


def _attackable_extractor(state: State, xid: str) -> bool:
    """Public rules FAQ: extractors on a colony ship cannot be attacked there."""
    return state["extractors"][xid]["planet"] is not None or not runtime(state).colony_safe


def _verb_deal(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Attack": damage tokens; "Any ship which receives damage equal to its shields is
    destroyed and placed on the graveyard card of the player who assigned the final damage";
    public rules FAQ: an extractor is destroyed by 1 damage."""
    from whitedwarf.interpreter.lastlight import graveyard
    from whitedwarf.interpreter.lastlight.combat import shield
    from whitedwarf.interpreter.lastlight.hooks import fire

    (amount, _), target, me = args[0], args[1], frame["owner"]
    if amount <= 0:
        return
    ship = state["ships"].get(target)
    if ship is not None:
        ship["damage"] += amount
        fire(state, "damage_dealt", me, {"ship": target, "sector": ship["sector"]})
        if target in state["ships"] and ship["damage"] >= shield(state, ship):
            graveyard.destroy(state, target, me)
            graveyard.check(state, me)
    elif target in state["extractors"] and _attackable_extractor(state, target):
        if amount >= runtime(state).extractor_shield:
            graveyard.destroy(state, target, me)
            graveyard.check(state, me)


def _verb_destroy(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Graveyard": "When you destroy an enemy ship or extractor, place it in your
    graveyard"."""
    from whitedwarf.interpreter.lastlight import graveyard

    target = args[0]
    if target in state["ships"] or (
        target in state["extractors"] and _attackable_extractor(state, target)
    ):
        graveyard.destroy(state, target, frame["owner"])
        graveyard.check(state, frame["owner"])


def _verb_repair(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "1. Refresh": "Remove all damage tokens currently on your ships"."""
    ship = state["ships"].get(args[0])
    if ship is not None:
        ship["damage"] = 0


def _die(state: State, die: str) -> dict[str, Any] | None:
    index = int(die[1:])
    dice = state["dice"]
    return dice[index] if 0 <= index < len(dice) else None


def _verb_treat(state: State, frame: Frame, args: list[Any]) -> None:
    """000 ai targeting: "Pay [ ] to treat this as a [face]"."""
    die = _die(state, args[0])
    if die is not None:
        die["face"] = args[1]


def _verb_reroll(state: State, frame: Frame, args: list[Any]) -> None:
    """Invented: roll the die again with the game's generator; the new face counts."""
    die = _die(state, args[0])
    if die is not None:
        faces = runtime(state).die_faces
        die["face"] = faces[rng.below(state, len(faces))]


def _verb_add(state: State, frame: Frame, args: list[Any]) -> None:
    """000 development: "build an extra extractor" while taking the Construct action; the
    amount lasts until the current action card is resolved (``player["temp"]``)."""
    from whitedwarf.interpreter.lastlight.modifiers import add_temp

    add_temp(state, frame["owner"], args[1], args[0])


def _verb_pending(verb: str, options: list[list[str]], **data: Any) -> dict[str, Any]:
    """A decision a verb asks its frame's owner (answered through ``_RESUME``)."""
    return {"kind": "verb", "verb": verb, "options": options, **data}


VERBS = {
    "gain": _verb_gain,
    "pay": _verb_pay,
    "give": _verb_give,
    "steal": _verb_steal,
    "exhaust": _verb_exhaust,
    "unexhaust": _verb_unexhaust,
    "draw": _verb_draw,
    "manufacture_free": _verb_manufacture_free,
    "discard": _verb_discard,
    "take_back": _verb_take_back,
    "build": _verb_build,
    "move": _verb_move,
    "move_extra": _verb_move_extra,
    "trade": _verb_trade,
    "mine": _verb_mine,
    "deal": _verb_deal,
    "destroy": _verb_destroy,
    "repair": _verb_repair,
    "treat": _verb_treat,
    "reroll": _verb_reroll,
    "add": _verb_add,
}

_RESUME = {
    "build": _resume_build,
    "trade": _resume_trade,
    "manufacture_free": _resume_manufacture_free,
}


# -- the adapter -----------------------------------------------------------------------------


class LastLightAdapter:
    """The :class:`whitedwarf.interpreter.vm.Adapter` of Last Light."""

    machine: Machine

    def program(self, state: State, frame: Frame) -> list[list[Any]]:
        rt = runtime(state)
        codes = rt.cache.get("code")
        if codes is None:
            codes = rt.cache["code"] = {}
        key = (frame["card"], frame["clause"])
        code = codes.get(key)
        if code is None:
            code = codes[key] = _program(rt, frame["card"], frame["clause"])
        return code

    def candidates(self, state: State, frame: Frame, selector: dict[str, Any]) -> list[str]:
        return candidates(state, frame, selector)

    def labels(self, state: State, frame: Frame, selector: dict[str, Any], ids: list[str]) -> list[str]:
        return [label(state, selector["type"], i) for i in ids]

    def resolve(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        if "this" in operand:
            what = operand["this"]
            found = frame["context"].get(what)
            if what == "die" and found is not None:
                return f"d{found}"
            return found
        if "you" in operand:
            return f"p{frame['owner']}"
        if "word" in operand:
            return operand["word"]
        if "stat" in operand:
            return operand["stat"]
        if "unit_kind" in operand:
            return operand
        if "select" in operand:
            return candidates(state, frame, operand["select"])
        raise EffectError(f"unknown operand {operand!r}")

    def resolve_any(self, state: State, frame: Frame, operand: dict[str, Any]) -> Any:
        return self.machine.operand(state, frame, operand)

    def value(self, state: State, frame: Frame, name: str) -> int:
        return value(state, frame, name)

    def affordable(self, state: State, frame: Frame, calls: list[list[Any]]) -> bool:
        """Costs (000 "Manufacture Technologies"; exhausting: 000 "Civilization technology
        cards"): resources and light held, cards in play and ready, techs in play."""
        need: dict[str, int] = {}
        flipped: set[str] = set()
        p = state["players"][frame["owner"]]
        for verb, operands in calls:
            args = [self.machine.operand(state, frame, o) for o in operands]
            if verb == "pay":
                amount, unit = args[0]
                need[unit] = need.get(unit, 0) + amount
            elif verb in ("exhaust", "discard"):
                refs = args[0] if isinstance(args[0], list) else [args[0]]
                for ref in refs:
                    state_of = is_exhausted(state, ref) if ref is not None else None
                    if state_of is None or ref in flipped or (verb == "exhaust" and state_of):
                        return False
                    flipped.add(ref)
        for unit, amount in need.items():
            have = p["light"] if unit == "light" else p["res"][unit]
            if have < amount:
                return False
        return True

    def call(self, state: State, frame: Frame, verb: str, args: list[Any]) -> Any:
        if None in args:  # ``this planet`` where the hook has none: nothing to act on
            return None
        frames = state["frames"]
        before = len(frames)
        found = VERBS[verb](state, frame, args)
        if found is None and len(frames) > before:
            return YIELD
        return found

    def resume(self, state: State, frame: Frame, pending: dict[str, Any], option_id: str) -> Any:
        if option_id not in {o[0] for o in pending["options"]}:
            frame["pending"] = pending
            raise IllegalAnswer(f"card {frame['card']!r} does not offer {option_id!r}")
        frames = state["frames"]
        before = len(frames)
        found = _RESUME[pending["verb"]](state, frame, pending, option_id)
        if found is None and len(frames) > before:
            return YIELD
        return found


ADAPTER = LastLightAdapter()
MACHINE = Machine(ADAPTER)
ADAPTER.machine = MACHINE


# -- the frame driver ------------------------------------------------------------------------

#: id(state) -> (index of the running frame, its depth), while frames of that state run.
_RUNNING: dict[int, tuple[int, int]] = {}


def push(state: State, frames: list[Frame]) -> None:
    """Start frames (in the order given: the first runs first) and run them if idle.

    While a frame of this state runs, new frames go just above it and one level deeper;
    otherwise they go under any frame already waiting for a decision, and run now if none is.
    """
    if not frames:
        return
    stack = state["frames"]
    running = _RUNNING.get(id(state))
    if running is not None:
        index, depth = running
        for frame in frames:
            frame["depth"] = depth + 1
        stack[index + 1 : index + 1] = frames[::-1]
        return
    stack[0:0] = frames[::-1]
    drive(state)


def drive(state: State) -> None:
    """Run the top frames until one waits for a decision or none is left."""
    key = id(state)
    if key in _RUNNING:
        return
    stack = state["frames"]
    try:
        while stack:
            top = stack[-1]
            if top["pending"] is not None:
                return
            index = len(stack) - 1
            _RUNNING[key] = (index, top["depth"])
            if MACHINE.run(state, top) is DONE:
                del stack[index]
    finally:
        _RUNNING.pop(key, None)


def frame_options(state: State) -> list[tuple[str, str]]:
    """The options of the effect decision awaited (the top frame's), as ``(id, text)``."""
    stack = state["frames"]
    return MACHINE.options(stack[-1]) if stack else []


def frame_apply(state: State, option_id: str) -> None:
    """Apply the owner's choice to the top frame and run effects to the next decision."""
    stack = state["frames"]
    if not stack:
        raise IllegalOption(f"no effect is waiting for a decision: {option_id!r}")
    key = id(state)
    top = stack[-1]
    index = len(stack) - 1
    _RUNNING[key] = (index, top["depth"])
    try:
        outcome = MACHINE.answer(state, top, option_id)
    except IllegalAnswer as error:
        raise IllegalOption(str(error)) from None
    finally:
        _RUNNING.pop(key, None)
    if outcome is DONE:
        del stack[index]
    drive(state)
