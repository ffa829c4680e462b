"""Laurels and Accolades (003 "Laurels", "Accolades").

An accolade is claimed by the first live player to meet its goal, right after an action
(003: "you may immediately claim an Accolade after any action in which you have achieved its
goal"; claiming is free, so the engine always claims: SL14). A laurel is secret and only
scored at the end (003: "At the end of the game (not during)").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whitedwarf.interpreter.starlight import effects, events
from whitedwarf.interpreter.starlight.state import State, is_live, player

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


def _claimed(game: Game, state: State, kind: str, card: str, seat: int) -> bool:
    """Run the goal's ``claim`` for ``seat`` when its condition holds."""
    if not effects.holds(game, state, kind, card, seat):
        return False
    state["claims"] = []
    effects.start(game, state, kind, card, seat)
    found = any(c[1] == card and c[2] == seat for c in state.pop("claims"))
    return found


def check_accolades(game: Game, state: State, seat: int) -> None:
    """After an action of ``seat``: claim every unclaimed accolade whose goal it meets."""
    if not is_live(state, seat):
        return  # Starbots win accolades with markers only (003 "Starbot Play")
    conditions = game.goal_conditions
    for accolade in state["accolades"]:
        if accolade["owner"] is not None:
            continue
        card = accolade["id"]
        # :func:`effects.holds` written out: asked of every unclaimed accolade after every
        # action and turn (some 150 times a simulation of the search), nearly always false
        found = conditions.get(("accolades", card, seat)) or effects.goal(
            game, "accolades", card, seat
        )
        tests, frame = found
        for test in tests:
            if test(state, frame):
                break
        else:
            continue  # its goal not met
        if _claimed(game, state, "accolades", card, seat):
            accolade["owner"] = seat
            player(state, seat)["accolades"].append(accolade["id"])
            events.emit(state, "accolade", seat, card=accolade["id"])


def mark_accolade(state: State, seat: int, place: int, needed: int = 5) -> None:
    """003 "Starbot Play": a Starbot's marker on accolade place ``place`` (1-based); five of
    its own markers win it. A claimed accolade takes no markers."""
    if not 1 <= place <= len(state["accolades"]):
        return
    accolade = state["accolades"][place - 1]
    if accolade["owner"] is not None:
        return
    marks = accolade["marks"]
    marks[str(seat)] = marks.get(str(seat), 0) + 1
    if marks[str(seat)] >= needed:
        accolade["owner"] = seat
        player(state, seat)["accolades"].append(accolade["id"])
        events.emit(state, "accolade", seat, card=accolade["id"])


def fulfilled_laurels(game: Game, state: State, seat: int) -> list[str]:
    """The laurels of ``seat`` whose goal is met now (read at the end only)."""
    return [
        laurel
        for laurel in player(state, seat)["laurels"]
        if _claimed(game, state, "laurels", laurel, seat)
    ]


def laurels_met(game: Game, state: State, seat: int) -> list[str]:
    """:func:`fulfilled_laurels` without writing ``state``: a laurel's claim runs an effect,
    so it runs on a copy, made only once a laurel's condition holds (testing a condition
    writes nothing, and most laurels are unmet in most positions: the copy was the dearer
    part of the search's evaluation of a position)."""
    trial: State | None = None
    met: list[str] = []
    for laurel in player(state, seat)["laurels"]:
        if trial is None:
            if not effects.holds(game, state, "laurels", laurel, seat):
                continue
            trial = game.clone(state)
        if _claimed(game, trial, "laurels", laurel, seat):
            met.append(laurel)
    return met
