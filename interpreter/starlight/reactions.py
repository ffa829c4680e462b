"""Reactions to another player's launch: the hook ``opponent_launched`` (SL148).

When a player (live or Starbot) launches a star, each other live seat whose god has an
``opponent_launched`` trigger reacts, in turn order from the launcher's left, once the
launcher's own effects of that launch are over (its god's ``star_launched`` and
``action_done``, its flare's points): each reaction is a queued step of the turn
(``state["todo"]``), so one that asks its owner is answered before the next seat reacts.
What is queued is kept in ``state["launch_reactions"]`` (plain data: it saves and clones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from whitedwarf.interpreter.starlight import gods
from whitedwarf.interpreter.starlight.state import State, player

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

HOOK = "opponent_launched"
#: The state's key for the reactions still to run (present only while some are queued).
KEY: Final = "launch_reactions"


def launch_context(game: Game, slot: str | None) -> dict[str, Any]:
    """What a launch hook provides (``Hook.provides``): the slot of the star and its
    constellation (``this constellation``); None for a slotless final launch."""
    found = game.content.slots.get(slot) if slot is not None else None
    return {"slot": slot, "constellation": found.constellation if found else None}


def _listens(game: Game, state: State, seat: int) -> bool:
    return any(
        clause["form"] == "trigger" and clause["hook"] == HOOK
        for clause in gods.clauses(game, state, seat)
    )


def launched(game: Game, state: State, seat: int, slot: str | None) -> None:
    """``seat`` launched a star to ``slot``: queue the other seats' reactions (SL148)."""
    n = state["n"]
    for step in range(1, n):
        other = (seat + step) % n
        if player(state, other)["kind"] != "live" or not _listens(game, state, other):
            continue
        entry = {"seat": other, "launcher": seat, **launch_context(game, slot)}
        state.setdefault(KEY, []).append(entry)
        state["todo"].append("react_to_launch")


def react_to_launch(game: Game, state: State) -> None:
    """Run the next queued reaction (a step of ``turns.STEPS``)."""
    queued = state.get(KEY) or []
    if not queued:
        return
    entry = queued.pop(0)
    if not queued:
        del state[KEY]
    context = {"slot": entry["slot"], "constellation": entry["constellation"]}
    gods.fire(game, state, entry["seat"], HOOK, context)
