"""Saving, loading and per-seat views of a Starlight state.

A save is the state's JSON (``interpreter/state.py``'s ``to_json``), with its ``game`` and
``format``. :func:`observation` is what one seat may see (whitedwarf's convention: a hidden
value is ``"?"``, a hidden list is replaced by its length). Hidden from the other seats:
their ``laurels`` (003 "Laurels": "You may keep yours secret") and, once scored, which were
met; their ``flares`` held face-up in hand (SL26) by id; the gods dealt to them, and the god
they keep until every live player has kept one (003 "The Gods": announced; SL25); the
``vars`` and ``pending`` question of their effect frames. Hidden from everyone: the order and
contents of the Core, Flare and Starbot decks (their sizes stay), the order of the ray bags
(their contents are what is not elsewhere, so they are shown sorted), ``rng`` and ``seed``.
``card_state`` (the counters on a god or another card: issue 29, decision R13) is public:
a god keeps something only once its powers act, after every god is revealed.
"""

from __future__ import annotations

from typing import Any, cast

from whitedwarf.interpreter import state as generic
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
            if frame.get("pending") is not None:
                frame["pending"] = HIDDEN
    return cast(State, view)


def _not_this_game(game: object) -> str:
    """Why a JSON object is not a Starlight state, in words (not "game None")."""
    if game is None:
        return 'the state has no \'game\' field (a Starlight state says `"game": "starlight"`)'
    return f"the state is of the game {game!r}, not 'starlight'"
