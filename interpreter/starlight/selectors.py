"""What Starlight's nouns and filters select (vocabulary.py declares them).

Conditions count them (``number of your aquila stars``); no Starlight verb takes a target,
so these lists are only ever counted. A pack id written as an adjective (a constellation,
an aspect, a privilege) reaches the filters as ``[filter, id]``; the content check E0945
has already refused an id the pack does not have.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.starlight.state import State, player
from whitedwarf.interpreter.starlight.values import launching_aspect
from whitedwarf.interpreter.vm import Frame

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

#: One candidate: its id and its owner's seat (None: nobody's).
Candidate = tuple[str, int | None]


def candidates_star(game: Game, state: State, frame: Frame) -> list[Candidate]:
    """003 "Launching Stars": every filled slot, with the seat whose marker is in it."""
    return [(slot, seat) for slot, seat in state["slots"].items() if seat is not None]


def candidates_aspect(game: Game, state: State, frame: Frame) -> list[Candidate]:
    """003 launch step 8: the aspects on the owner's mat, the launching star's included
    (003 "Flares": "Include the star you are launching now")."""
    owner = frame["owner"]
    found = list(player(state, owner)["aspects"])
    extra = launching_aspect(state, owner)
    if extra is not None and extra not in found:
        found.append(extra)
    return [(aspect, owner) for aspect in found]


def candidates_privilege(game: Game, state: State, frame: Frame) -> list[Candidate]:
    """003 launch step 6: the privileges on the owner's mat."""
    owner = frame["owner"]
    return [(privilege, owner) for privilege in player(state, owner)["privileges"]]


def filter_yours(game: Game, frame: Frame, spec: list[Any]) -> Callable[[Candidate], bool]:
    owner = frame["owner"]
    return lambda candidate: candidate[1] == owner


def filter_constellation(game: Game, frame: Frame, spec: list[Any]) -> Callable[[Candidate], bool]:
    slots, wanted = game.content.slots, spec[1]
    return lambda candidate: slots[candidate[0]].constellation == wanted


def filter_id(game: Game, frame: Frame, spec: list[Any]) -> Callable[[Candidate], bool]:
    wanted = spec[1]
    return lambda candidate: candidate[0] == wanted


def filter_opponents(game: Game, frame: Frame, spec: list[Any]) -> Callable[[Candidate], bool]:
    """Other players' things (issue 29): a marker of a seat other than the owner's."""
    owner = frame["owner"]
    return lambda candidate: candidate[1] is not None and candidate[1] != owner


def filter_this_constellation(
    game: Game, frame: Frame, spec: list[Any]
) -> Callable[[Candidate], bool]:
    """Stars in the constellation of the star being launched (the hook's context, SL148);
    nothing for a slotless final launch."""
    slots, wanted = game.content.slots, frame["context"].get("constellation")
    return lambda candidate: wanted is not None and slots[candidate[0]].constellation == wanted


def filter_launching(game: Game, frame: Frame, spec: list[Any]) -> Callable[[Candidate], bool]:
    """The star being launched: the slot of the launch the hook is about."""
    slot = frame["context"].get("slot")
    return lambda candidate: slot is not None and candidate[0] == slot


def candidates_player(game: Game, state: State, frame: Frame) -> list[Candidate]:
    """The players, by seat (``"1"``), each its own owner (``of opponents`` keeps others)."""
    return [(str(p["seat"]), p["seat"]) for p in state["players"]]
