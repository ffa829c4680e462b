"""Reactions to another player's launch, flush or Core taken: the hooks
``opponent_launched`` (SL148), ``opponent_flushed`` (SL154) and ``opponent_took_core`` (SL173).

When a player (live or Starbot) launches a star, flushes a pool or takes a Core (in a Gain
Cores action, so a live player only), each other live seat whose god has a trigger on the
matching hook reacts, in turn order from that player's left, once the player's own effects of
it are over (for a launch: its god's ``star_launched`` and ``action_done``, its flare's points;
for a flush: its god's ``pool_flushed``; for a Core: its god's ``cores_taken``): each reaction
is a queued step of the turn (``state["todo"]``), so one that asks its owner is answered before
the next seat reacts. The reacting effect knows that player as ``the player who launched``
(``the player who flushed``, ``the player who took``): the context's ``actor``. What is queued
is kept in ``state["launch_reactions"]`` (plain data: it saves and clones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from whitedwarf.interpreter.starlight import gods, values
from whitedwarf.interpreter.starlight.state import State, player

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

HOOK = "opponent_launched"
#: The hook another player's flush is heard on (SL154).
FLUSHED: Final = "opponent_flushed"
#: The hook another player's Core taken is heard on (SL173).
TOOK_CORE: Final = "opponent_took_core"
#: The state's key for the reactions still to run (present only while some are queued).
KEY: Final = "launch_reactions"


def launch_context(game: Game, slot: str | None) -> dict[str, Any]:
    """What a launch hook provides (``Hook.provides``): the slot of the star and its
    constellation (``this constellation``); None for a slotless final launch."""
    found = game.content.slots.get(slot) if slot is not None else None
    return {"slot": slot, "constellation": found.constellation if found else None}


def _listens(game: Game, state: State, seat: int, hook: str) -> bool:
    return any(
        clause["form"] == "trigger" and clause["hook"] == hook
        for clause in gods.clauses(game, state, seat)
    )


def _queue(game: Game, state: State, seat: int, hook: str, context: dict[str, Any]) -> None:
    """Queue the reactions of every other live seat listening to ``hook`` to ``seat``'s
    moment, in turn order from ``seat``'s left."""
    n = state["n"]
    for step in range(1, n):
        other = (seat + step) % n
        if player(state, other)["kind"] != "live" or not _listens(game, state, other, hook):
            continue
        entry = {"seat": other, "launcher": seat, **context}
        if hook != HOOK:  # a launch's entries stay as they were saved before SL154
            entry["hook"] = hook
        state.setdefault(KEY, []).append(entry)
        state["todo"].append("react_to_launch")


def launched(game: Game, state: State, seat: int, slot: str | None) -> None:
    """``seat`` launched a star to ``slot``: queue the other seats' reactions (SL148). The
    entry keeps the star's magnitude and ray colours, read while the launch is still the
    turn's action (a Starbot's star has no rays: 0), for ``star_magnitude of the player who
    launched`` (docs/rules-decisions.md SL171)."""
    star = {
        "magnitude": values.value_star_magnitude(game, state, seat),
        "colours": values.value_star_colours(game, state, seat),
    }
    _queue(game, state, seat, HOOK, launch_context(game, slot) | star)


def flushed(game: Game, state: State, seat: int) -> None:
    """``seat`` flushed a pool: queue the other seats' reactions (SL154)."""
    _queue(game, state, seat, FLUSHED, {})


def took_core(game: Game, state: State, seat: int) -> None:
    """``seat`` took a Core in its Gain Cores action: queue the other seats' reactions
    (SL173), one per Core, as ``cores_taken`` fires once per Core."""
    _queue(game, state, seat, TOOK_CORE, {})


def react_to_launch(game: Game, state: State) -> None:
    """Run the next queued reaction (a step of ``turns.STEPS``)."""
    queued = state.get(KEY) or []
    if not queued:
        return
    entry = queued.pop(0)
    if not queued:
        del state[KEY]
    hook = entry.get("hook", HOOK)
    context = {"actor": entry["launcher"]}
    if hook == HOOK:  # a save made before SL171 has no star's numbers: 0
        context |= {"slot": entry["slot"], "constellation": entry["constellation"]}
        context |= {"magnitude": entry.get("magnitude", 0), "colours": entry.get("colours", 0)}
    gods.fire(game, state, entry["seat"], hook, context)
