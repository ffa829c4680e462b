"""Saving, loading and per-seat views of a Starlight state.

A save is the state's JSON (``interpreter/state.py``'s ``to_json``), with its ``game`` and
``format``. :func:`observation` is what one seat may see (whitedwarf's convention: a hidden
value is ``"?"``, a hidden list is replaced by its length). Hidden from the other seats:
their ``laurels`` (003 "Laurels": "You may keep yours secret") and, once scored, which were
met; their ``flares`` held face-up in hand (SL26) by id; the gods dealt to them, and the god
they keep until every live player has kept one (003 "The Gods": announced; SL25); the
``vars`` and ``pending`` question of their effect frames (but for a card's flush ordering
the Flares every seat saw in the pool: SL182). Hidden from everyone: the order and
contents of the Core, Flare and Starbot decks (their sizes stay), the order of the ray bags
(their contents are what is not elsewhere, so they are shown sorted), ``rng`` and ``seed``.
``card_state`` (the counters on a god or another card: issue 29, decision R13) is public:
a god keeps something only once its powers act, after every god is revealed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

from whitedwarf.interpreter import state as generic
from whitedwarf.interpreter.save_names import Named, each, first_unknown, keys, one, records
from whitedwarf.interpreter.starlight.content import StarlightContent
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.interpreter.starlight.state import FORMAT

HIDDEN = "?"


class SaveError(ValueError):
    """A save that is not a Starlight state of a supported format."""


def save(state: State, indent: int | None = None) -> str:
    """The state as JSON text."""
    return generic.to_json(state, indent)


def load(text: str) -> State:
    """A state from :func:`save` output, format-checked."""
    state = generic.from_json(text)
    if state.get("game") != "starlight":
        raise SaveError(_not_this_game(state.get("game")))
    if state.get("format") != FORMAT:
        raise SaveError(
            f"save format {state.get('format')!r} is not supported (this engine "
            f"reads format {FORMAT}); was it written by a newer whitedwarf?"
        )
    loaded: State = state  # format-checked above; the records are checked by tests/starlight
    return loaded


def unknown_name(state: State, content: StarlightContent) -> str | None:
    """The first card, slot or ray the state names that ``content`` does not have, in a
    sentence (None: every name is the pack's). ``load`` checks the format only, and a save
    of these packs (``state["content"]``) whose names were edited would otherwise be drawn
    or resumed with a flare the pack does not have (docs/replays.md)."""
    cards = content.cards
    known = {kind.removesuffix("s"): set(cards[kind]) for kind in cards}
    known["core"] = known["core"] | known["starter"]
    known["slot"] = set(content.slots)
    known["ray"] = set(content.rays)
    known["starbot card"] = known.pop("starbot")
    return first_unknown(_names(state), known, f"pack {content.name!r}")


def _names(state: State) -> Iterator[Named]:
    """Where a Starlight state holds names (``records.py``), each with the kind it names."""
    data = cast(dict[str, Any], state)
    for where, p in records("players", data.get("players")):
        yield from each(f"{where}.cores", "core", p.get("cores"))
        yield from one(f"{where}.starter", "starter", p.get("starter"))
        yield from each(f"{where}.rays", "ray", p.get("rays"))
        for field in ("flares", "used_flares"):
            yield from each(f"{where}.{field}", "flare", p.get(field))
        for field in ("laurels", "laurels_met"):
            if field in p:
                yield from each(f"{where}.{field}", "laurel", p[field])
        yield from keys(f"{where}.privileges", "privilege", p.get("privileges"))
        yield from each(f"{where}.aspects", "aspect", p.get("aspects"))
        yield from each(f"{where}.stars", "slot", p.get("stars"))
        yield from each(f"{where}.accolades", "accolade", p.get("accolades"))
        yield from one(f"{where}.god", "god", p.get("god"))
        yield from each(f"{where}.gods_dealt", "god", p.get("gods_dealt"))
    pools = data.get("pools")
    if isinstance(pools, dict):
        yield from each("pools.cores", "core", pools.get("cores"), empty=True)
        yield from each("pools.flares", "flare", pools.get("flares"), empty=True)
        for size in ("long", "short"):
            yield from each(f"pools.{size}", "ray", pools.get(size), empty=True)
    bags = data.get("bags")
    if isinstance(bags, dict):
        for size, bag in bags.items():
            yield from each(f"bags.{size}", "ray", bag)
    for field, kind in (
        ("core_deck", "core"),
        ("core_discard", "core"),
        ("flare_deck", "flare"),
        ("starbot_deck", "starbot card"),
        ("starbot_discard", "starbot card"),
        ("starters_launched", "starter"),
    ):
        if field in data:
            yield from each(field, kind, data[field])
    if "last_starbot_card" in data:
        yield from one("last_starbot_card", "starbot card", data["last_starbot_card"])
    yield from keys("slots", "slot", data.get("slots"))
    for where, accolade in records("accolades", data.get("accolades")):
        yield from one(f"{where}.id", "accolade", accolade.get("id"), empty=False)
    action = data.get("action")
    if isinstance(action, dict):
        yield from one("action.core", "core", action.get("core"))
        yield from one("action.slot", "slot", action.get("slot"))
        if "under" in action:
            yield from each("action.under", "flare", action["under"])


def observation(state: State, seat: int) -> State:
    """A copy of the state with everything ``seat`` may not see replaced (typed as the
    state it shows, as Last Light's views: ``lastlight/records.py`` ``View``)."""
    view: dict[str, Any] = cast(dict[str, Any], generic.clone(state))
    for key in ("rng", "seed"):
        view[key] = HIDDEN
    for key in ("core_deck", "flare_deck", "starbot_deck"):
        view[key] = len(view[key])
    view["bags"] = {size: sorted(bag) for size, bag in state["bags"].items()}
    choosing = state["phase"] == "gods"
    for p in view["players"]:
        if p["seat"] == seat:
            continue
        p["laurels"] = len(p["laurels"])
        if "laurels_met" in p and state["phase"] != "over":
            p["laurels_met"] = len(p["laurels_met"])
        p["flares"] = len(p["flares"])
        p["gods_dealt"] = len(p["gods_dealt"])
        if choosing and p["god"] is not None:
            p["god"] = HIDDEN
    for frame in view["frames"]:
        if frame.get("owner") != seat:
            frame["vars"] = len(frame.get("vars") or [])
            if frame.get("pending") is not None and not _public(frame["pending"]):
                frame["pending"] = HIDDEN
    return cast(State, view)


def _public(pending: Any) -> bool:
    """A card's flush ordering its Flares under the deck asks about Flares every seat saw
    face up in the pool (SL164, SL182): shown, as the action's ``under`` is."""
    return isinstance(pending, dict) and pending.get("verb") == "flush"


def _not_this_game(game: object) -> str:
    """Why a JSON object is not a Starlight state, in words (not "game None")."""
    if game is None:
        return 'the state has no \'game\' field (a Starlight state says `"game": "starlight"`)'
    return f"the state is of the game {game!r}, not 'starlight'"
