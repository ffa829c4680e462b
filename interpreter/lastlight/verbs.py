"""The verbs of the effect language for Last Light, one rule each.

Each ``verb_<name>`` runs the word its name says (bound to it in ``bindings.py``).

A verb is ``(state, frame, args) -> None | pending``: ``args`` are bound operands (an entity
id, ``[amount, unit]``, an int, a word, a ``unit_kind`` dict). A verb that must ask its owner
something returns a pending decision (``{"kind": "verb", "verb": ..., "options": [[id,
text], ...]}``), answered through :data:`RESUME`. Where the engine core already has the rule
(building an extractor, destroying a unit, revealing a token, trading, manufacturing,
drawing) the verb calls it: the verbs sit above the rules of the actions, the hooks and the
effect machine, which reach the verbs only through ``bindings.py`` (given to the machine when a
game is set up, ``game.wire``), so none of them imports this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitedwarf.interpreter import card_state
from whitedwarf.interpreter.lastlight import events, graveyard
from whitedwarf.interpreter.lastlight.combat import roll_face, shield
from whitedwarf.interpreter.lastlight.command import reveal
from whitedwarf.interpreter.lastlight.construct import build_extractor, extractor_options
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.effects import absent
from whitedwarf.interpreter.lastlight.hooks import NO_SHIP_TYPE, fire, run_card
from whitedwarf.interpreter.lastlight.mine import mine_planet
from whitedwarf.interpreter.lastlight.modifiers import add_temp
from whitedwarf.interpreter.lastlight.records import RolledDie, State
from whitedwarf.interpreter.lastlight.research import draw_one, manufacture, slots
from whitedwarf.interpreter.lastlight.selectors import find_card, seat_of
from whitedwarf.interpreter.lastlight.state import (
    LUMOS,
    SIZES,
    card_id,
    count_techs,
    damage_ship,
    discard_tech,
    extractor_on,
    from_techs_hand,
    gain,
    give_extra_move,
    home_of,
    move_ship,
    pay,
    place_ship,
    remove_tech,
    repair_ship,
    set_exhausted,
    take_back,
    take_piece,
    to_techs_hand,
    transfer,
)
from whitedwarf.interpreter.lastlight.stats import flag
from whitedwarf.interpreter.lastlight.tokens import BLANK
from whitedwarf.interpreter.lastlight.trade import make_trade, trade_options
from whitedwarf.interpreter.vm import Frame

# Each verb is ``(state, frame, args) -> None | pending dict``; args are bound operands: an
# entity id, ``[amount, unit]``, an int, a word, or a ``unit_kind`` dict.


#: Card file -> the ``light_by_source`` key of light its effects give (state.LIGHT_SOURCES).
_SOURCE_OF_FILE = {
    "exploration": "exploration",
    "achievements": "achievement",
    "factions": "faction",
    "techs": "card",
}


def light_source(state: State, card: str) -> str:
    """Where light a card's effect gives comes from: its card file's source, else ``card``."""
    return _light_source_of(runtime(state), card)


def _light_source_of(rt: Runtime, card: str) -> str:
    found = rt.light_source
    if not found:
        found.update(
            {
                cid: _SOURCE_OF_FILE.get(stem, "card")
                for stem, table in rt.cards.items()
                for cid in table
            }
        )
    return found.get(card, "card")


def verb_gain(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Exploration Icons Explained": gain from the finite supply (000 "Components")."""
    amount, unit = args[0]
    if unit == "light":
        gain(state, frame["owner"], unit, amount, light_source(state, frame["card"]))
    else:
        gain(state, frame["owner"], unit, amount)


def can_gain(state: State, frame: Frame, args: list[Any]) -> bool:
    """Whether ``gain N <unit>`` would give anything now (``VerbBinding.can``, issue 29 item
    8): the supply is finite (000 "Components"), so a gain from an empty one gives nothing, and a
    payment for it is not offered (docs/rules-decisions.md E134, SL147 in Starlight)."""
    amount, unit = args[0]
    return bool(amount > 0 and state["supply"].get(unit, 0) > 0)


def fixed_gain(rt: Runtime, card: str, args: list[Any]) -> Callable[[State, int], None]:
    """:func:`verb_gain` with a fixed amount for one card's effect, its light's source
    looked up once (``VerbBinding.fixed``: a function of the state and the effect's owner)."""
    amount, unit = args[0]
    source = _light_source_of(rt, card) if unit == "light" else "other"

    def gain_fixed(state: State, owner: int) -> None:
        gain(state, owner, unit, amount, source)

    return gain_fixed


def verb_pay(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Manufacture Technologies": paid resources return to the supply."""
    amount, unit = args[0]
    p = state["players"][frame["owner"]]
    have = p["light"] if unit == "light" else p["res"][unit]
    amount = max(0, min(amount, have))  # checked by ``affordable``; never below zero
    pay(state, frame["owner"], {unit: amount})


def verb_give(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Action Card #4": another player gains from the supply."""
    amount, unit = args[0]
    source = light_source(state, frame["card"]) if unit == "light" else "other"
    gain(state, seat_of(args[1]), unit, amount, source)


def verb_steal(state: State, frame: Frame, args: list[Any]) -> None:
    """Invented: take up to the amount from the player's stock (vocabulary "steal")."""
    amount, unit = args[0]
    seat = seat_of(args[1])
    if seat == frame["owner"]:  # `the owner of this planet` is you: nobody to steal from
        absent(state, frame, "steal")
        return
    taken = max(0, min(amount, state["players"][seat]["res"][unit]))
    transfer(state, seat, frame["owner"], unit, taken)


def _set_exhausted(state: State, ref: str, exhausted: bool) -> None:
    seat, tech = find_card(state, ref)
    if seat is not None:
        set_exhausted(state, seat, tech, exhausted)


def verb_exhaust(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Civilization technology cards": "flip it over until you play your Refresh"."""
    _set_exhausted(state, args[0], True)


def verb_unexhaust(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "resourcefulness": unexhaust another technology card."""
    _set_exhausted(state, args[0], False)


def verb_draw(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Exploration": "Draw one technology card and put it in your hand"."""
    for _ in range(max(0, args[0][0])):
        ref = draw_one(state)
        if ref is None:
            break
        to_techs_hand(state, frame["owner"], [ref])
        count_techs(state, frame["owner"], "drawn", [ref])
        count_techs(state, frame["owner"], "kept", [ref])


def verb_manufacture_free(state: State, frame: Frame, args: list[Any]) -> Any:
    """000 "Exploration": "Research a tech without paying its cost"; ship techs pick a slot."""
    ref, owner = args[0], frame["owner"]
    if ref not in state["players"][owner]["techs_hand"]:
        return None
    found = slots(state, owner, ref)
    if len(found) == 1:
        manufacture(state, owner, ref, found[0], free=True)
        return None
    return _slot_question(ref, found) if found else None


def can_manufacture_free(state: State, frame: Frame, args: list[Any]) -> bool:
    """Whether ``manufacture_free`` would put ``args[0]`` into play now (``VerbBinding.can``):
    a tech in the owner's hand with a place to go (000: "No player may have two civilization
    technologies with the same name"; a full ship type takes no mod, E4), so a free research
    offers no tech that cannot be played (docs/rules-decisions.md E158)."""
    ref, owner = args[0], frame["owner"]
    return ref in state["players"][owner]["techs_hand"] and bool(slots(state, owner, ref))


def _slot_question(ref: str, found: list[str | None]) -> dict[str, Any]:
    """Which ship type takes the tech; keeps the tech to ask again."""
    options = [[f"slot:{s}", f"put {card_id(ref)} on your {s} ships"] for s in found]
    return _pending_decision("manufacture_free", options, ref=ref)


def reask_manufacture_free(state: State, frame: Frame, pending: dict[str, Any]) -> Any:
    """The ship types that can still take the tech now, if it is still in the owner's hand
    (docs/rules-decisions.md E125: asked again after other effects ran)."""
    ref, owner = pending["ref"], frame["owner"]
    if ref not in state["players"][owner]["techs_hand"]:
        return None
    found = slots(state, owner, ref)
    return _slot_question(ref, found) if found else None


def resume_manufacture_free(
    state: State, frame: Frame, pending: dict[str, Any], option: str
) -> Any:
    manufacture(state, frame["owner"], pending["ref"], option.partition(":")[2], free=True)
    return None


def verb_discard(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Ship ability technology cards": a discarded tech goes face up to the discard."""
    ref = args[0]
    seat, tech = find_card(state, ref)
    if tech is not None and seat is not None:
        remove_tech(state, seat, tech)
        discard_tech(state, ref)
        card_state.forget(state, seat, ref)  # its counters leave with it (R13)
        return
    for p in state["players"]:
        if ref in p["techs_hand"]:
            from_techs_hand(state, p["seat"], ref)
            discard_tech(state, ref)
            return


def _returnable(state: State, card: str) -> bool:
    """000 "Action Card #5": "A played Refresh card cannot be returned to your hand by card or
    explore effects" (``returnable`` in actions.yaml)."""
    for action in runtime(state).content.get("actions") or []:
        if action.get("id") == card:
            return bool(action.get("returnable", card != "refresh"))
    return card != "refresh"


def verb_take_back(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Exploration": "pick up an action card other than the Refresh card"."""
    card = args[0]
    p = state["players"][frame["owner"]]
    if card in p["played"] and _returnable(state, card):
        take_back(state, frame["owner"], card)


def build_ship_free(state: State, seat: int, size: str, sector: str) -> str | None:
    """Place a ship from the player's own supply at no cost, if one is unbuilt.

    000 "Exploration Icons Explained": "Immediately build a small ship in this sector (if you
    have one unbuilt in your supply)". (The engine's ``construct.build_ship`` always pays.)
    """
    supply = state["players"][seat]["supply"]
    if supply.get(size, 0) <= 0:
        return None
    take_piece(state, seat, size)
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
        used = {
            x["space"] for x in state["extractors"].values() if x["owner"] == seat and x["space"]
        }
        out += [s for s, _ in runtime(state).colony_spaces if s not in used]
    return out


def verb_build(state: State, frame: Frame, args: list[Any]) -> Any:
    """000 "Exploration Icons Explained": build a unit from your own supply, free."""
    unit, seat = args[0], frame["owner"]
    place = args[1] if len(args) > 1 else None
    if unit["unit_kind"] == "extractor":
        found = _extractor_places(state, seat, place)
        if len(found) == 1:
            build_extractor(state, seat, found[0])
        elif found:
            return _extractor_question(found, place)
        return None
    if place in state["planets"]:
        place = state["planets"][place]["sector"]
    # 000 "1. Ships": "Built ships are placed in your home sector".
    sector = place if place is not None else home_of(state, seat)
    sizes = [unit["size"]] if unit["size"] else _sizes_in_supply(state, seat)
    if len(sizes) == 1:
        build_ship_free(state, seat, sizes[0], sector)
    elif sizes:
        return _ship_question(sizes, sector)
    return None


def _extractor_question(places: list[str], place: str | None) -> dict[str, Any]:
    """Where to build the extractor; keeps the place the effect named (None: the Construct
    rule) to ask again (:func:`reask_build`)."""
    options = [[f"place:{w}", f"build the extractor on {w}"] for w in places]
    return _pending_decision("build", options, place=place)


def _sizes_in_supply(state: State, seat: int) -> list[str]:
    supply = state["players"][seat]["supply"]
    return [s for s in SIZES if supply[s] > 0]


def _ship_question(sizes: list[str], sector: str) -> dict[str, Any]:
    """Which size of ship to build (a unit without a size: no card text can say one, the
    checker asks for the size, E0406; compiled content could); keeps the sector."""
    options = [[f"size:{s}", f"build a {s} ship in {sector}"] for s in sizes]
    return _pending_decision("build", options, sector=sector)


def reask_build(state: State, frame: Frame, pending: dict[str, Any]) -> Any:
    """Where the owner can still build the extractor, or which ship sizes are still in their
    supply, now (docs/rules-decisions.md E124: asked again after other effects ran)."""
    seat = frame["owner"]
    if "sector" in pending:
        sizes = _sizes_in_supply(state, seat)
        return _ship_question(sizes, pending["sector"]) if sizes else None
    found = _extractor_places(state, seat, pending["place"])
    return _extractor_question(found, pending["place"]) if found else None


def resume_build(state: State, frame: Frame, pending: dict[str, Any], option: str) -> Any:
    kind, _, what = option.partition(":")
    if kind == "place":
        build_extractor(state, frame["owner"], what)
    else:
        build_ship_free(state, frame["owner"], what, pending["sector"])
    return None


def verb_move(state: State, frame: Frame, args: list[Any]) -> None:
    """Warp drive: "move one of your ships ... to any location", ignoring distance.

    000 "1. Move": "Ships cannot enter a sector containing an asteroid" (unless the ship type
    can ``cross_asteroids``). Arriving where a token lies face down reveals and resolves it
    (000 "1. Move": tokens are revealed "in sectors you now occupy with ships"); the Lumos
    reveal nothing (002).
    """
    ship, sector = state["ships"].get(args[0]), args[1]
    if ship is None or ship["sector"] == sector or sector not in state["sectors"]:
        return
    owner = ship["owner"]
    if sector in runtime(state).blocked and not flag(state, owner, "cross_asteroids", ship["size"]):
        return
    move_ship(state, ship, sector)
    if events.ON:
        events.emit(
            state, "ship_moved", frame["owner"], ship=ship["id"], owner=owner, sector=sector
        )
    if owner == LUMOS:
        return
    fire(state, "ship_moved", owner, {"ship": ship["id"], "sector": sector})
    where = state["sectors"][sector]
    # Only the effect's owner explores: an opponent's ship pushed by your card is not that
    # player's Command move (000 "1. Move"), so it reveals nothing (rules-decisions R1).
    if owner == frame["owner"] and where["token"] and not where["revealed"]:
        ctx = reveal(state, owner, sector)
        if not ctx["card"].startswith(BLANK):
            run_card(state, owner, ctx["card"], ctx)


def verb_move_extra(state: State, frame: Frame, args: list[Any]) -> None:
    """000 Talorin: "move 1 ship 1 extra sector" this Command (``extra_move``)."""
    ship = state["ships"].get(args[0])
    if ship is not None:
        give_extra_move(state, ship, max(0, args[1]))


def verb_trade(state: State, frame: Frame, args: list[Any]) -> Any:
    """000 "Exploration": "take a trade action, making one trade only" (no gift of light)."""
    return _next_trade(state, frame, args[0])


def _next_trade(state: State, frame: Frame, left: int) -> Any:
    if left <= 0:
        return None
    options = [[o.id, o.text] for o in trade_options(state, frame["owner"])]
    return _pending_decision("trade", options, left=left) if options else None


def reask_trade(state: State, frame: Frame, pending: dict[str, Any]) -> Any:
    """The trades the owner can still make now (E122: asked again after other effects)."""
    return _next_trade(state, frame, pending["left"])


def resume_trade(state: State, frame: Frame, pending: dict[str, Any], option: str) -> Any:
    make_trade(state, frame["owner"], option.partition(":")[2])
    return _next_trade(state, frame, pending["left"] - 1)


def verb_mine(state: State, frame: Frame, args: list[Any]) -> None:
    """000 Allterra: "gain resources as though you mined this planet"."""
    if args[0] in state["planets"] and state["planets"][args[0]]["resource"]:
        mine_planet(state, frame["owner"], args[0])


def _attackable_extractor(state: State, xid: str) -> bool:
    """Public rules FAQ: extractors on a colony ship cannot be attacked there."""
    return state["extractors"][xid]["planet"] is not None or not runtime(state).colony_safe


def verb_deal(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Attack": damage tokens; "Any ship which receives damage equal to its shields is
    destroyed and placed on the graveyard card of the player who assigned the final damage";
    public rules FAQ: an extractor is destroyed by 1 damage."""
    (amount, _), target, me = args[0], args[1], frame["owner"]
    if amount <= 0:
        return
    ship = state["ships"].get(target)
    if ship is not None:
        damage_ship(state, ship, amount)
        # `the opponent in this combat` is the damaged ship's owner (issue 29); the damage is
        # the ship type's of a ship tech dealing it, else no ship type's (E156)
        ctx = {
            "ship": target,
            "sector": ship["sector"],
            "combat": ship["owner"],
            "ship_type": frame["context"].get("ship_type") or NO_SHIP_TYPE,
        }
        fire(state, "damage_dealt", me, ctx)
        if target in state["ships"] and ship["damage"] >= shield(state, ship):
            graveyard.destroy(state, target, me)
            graveyard.check(state, me)
    elif (
        target in state["extractors"]
        and _attackable_extractor(state, target)
        and amount >= runtime(state).extractor_shield
    ):
        graveyard.destroy(state, target, me)
        graveyard.check(state, me)


def verb_destroy(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "Graveyard": "When you destroy an enemy ship or extractor, place it in your
    graveyard"."""
    target = args[0]
    if target in state["ships"] or (
        target in state["extractors"] and _attackable_extractor(state, target)
    ):
        graveyard.destroy(state, target, frame["owner"])
        graveyard.check(state, frame["owner"])


def verb_repair(state: State, frame: Frame, args: list[Any]) -> None:
    """000 "1. Refresh": "Remove all damage tokens currently on your ships"."""
    ship = state["ships"].get(args[0])
    if ship is not None:
        repair_ship(state, ship)


def _die(state: State, die: str) -> RolledDie | None:
    index = int(die[1:])
    dice = state["dice"]
    return dice[index] if 0 <= index < len(dice) else None


def verb_treat(state: State, frame: Frame, args: list[Any]) -> None:
    """000 ai targeting: "Pay [ ] to treat this as a [face]"."""
    die = _die(state, args[0])
    if die is not None:
        old, die["face"] = die["face"], args[1]
        die["by"] = frame["card"]  # named if its extra dice run away (limits.py)
        _face_changed(state, frame, args[0], "treated so", old, die["face"])


def verb_reroll(state: State, frame: Frame, args: list[Any]) -> None:
    """Invented: roll the die again with the game's generator; the new face counts."""
    die = _die(state, args[0])
    if die is not None:
        old, die["face"] = die["face"], roll_face(state)
        _face_changed(state, frame, args[0], "rerolled", old, die["face"])


def _face_changed(state: State, frame: Frame, die: str, how: str, old: str, new: str) -> None:
    """A trace line for a die given a new face (issue 29 item 7: dice chosen by face are
    traced): ``die d2 shows hit, not miss: rerolled``. A note, so replays and tallies never
    see it (and replays recorded before it verify as they did)."""
    if events.ON:
        events.note(state, "die_face", frame["owner"], frame["card"], die=die, how=how,
                    old=old, new=new)  # fmt: skip


# -- keep: look at the top N techs, keep M (issue 29 item 7) ------------------------------------


def verb_keep(state: State, frame: Frame, args: list[Any]) -> Any:
    """Look at the top techs of the deck, keep some, discard the rest face up.

    000 "Action Card #1": "draw 3 technology cards ... and add 2 to your hand as unresearched
    technology cards. The other card is discarded face up next to the technology deck": the
    looked-at techs are drawn (an empty deck is refilled from the discard pile, E5) and the
    ones not kept go where Research puts them (docs/rules-decisions.md R10). The owner
    chooses the techs to keep one at a time; the techs looked at wait in the decision.
    """
    owner, looked = frame["owner"], []
    for _ in range(max(0, args[1])):
        ref = draw_one(state)
        if ref is None:
            break
        looked.append(ref)
    count_techs(state, owner, "drawn", looked)
    if events.ON:
        names = ", ".join(card_id(r) for r in looked) or "nothing (no tech is left)"
        events.note(state, "looked", owner, frame["card"], text=names)
    return _next_keep(state, owner, looked, min(args[0][0], len(looked)))


def _next_keep(state: State, owner: int, looked: list[str], left: int) -> Any:
    """Ask which tech to keep while there is a choice; else keep all that are left to keep
    (every tech looked at, when as many are to be kept) and discard the rest."""
    if 0 < left < len(looked):
        return _keep_question(looked, left)
    kept, thrown = (looked, []) if left > 0 else ([], looked)
    for ref in kept:
        _keep_tech(state, owner, ref)
    for ref in thrown:
        discard_tech(state, ref)
        if events.ON:
            events.emit(state, "tech_discarded", owner, card_id(ref))
    return None


def _keep_question(looked: list[str], left: int) -> dict[str, Any]:
    """Which tech to keep; keeps the techs looked at and how many are still to be kept."""
    options = [[f"keep:{ref}", f"keep {card_id(ref)} ({left} to keep)"] for ref in looked]
    return _pending_decision("keep", options, looked=list(looked), left=left)


def _keep_tech(state: State, owner: int, ref: str) -> None:
    to_techs_hand(state, owner, [ref])
    count_techs(state, owner, "kept", [ref])


def reask_keep(state: State, frame: Frame, pending: dict[str, Any]) -> Any:
    """The same question: the techs looked at wait in the decision, which nothing else
    can take (docs/rules-decisions.md R10)."""
    return _keep_question(pending["looked"], pending["left"])


def resume_keep(state: State, frame: Frame, pending: dict[str, Any], option: str) -> Any:
    ref = option.partition(":")[2]
    looked = list(pending["looked"])
    looked.remove(ref)
    _keep_tech(state, frame["owner"], ref)
    return _next_keep(state, frame["owner"], looked, pending["left"] - 1)


def verb_add(state: State, frame: Frame, args: list[Any]) -> None:
    """000 development: "build an extra extractor" while taking the Construct action; the
    amount lasts until the current action card is resolved (``player["temp"]``)."""
    add_temp(state, frame["owner"], args[1], args[0])


def _pending_decision(verb: str, options: list[list[str]], **data: Any) -> dict[str, Any]:
    """A decision a verb asks its frame's owner (answered by its declared ``resume``)."""
    return {"kind": "verb", "verb": verb, "options": options, **data}
