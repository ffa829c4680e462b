"""Saving, loading and per-player views of a Last Light state.

A save is the state's JSON with its ``format`` version (DESIGN principle 4). Loading checks
the format and the game; the content the state names must be loaded (create the ``Game`` from
it) before the state is played on. A format 2 save (which held the decisions applied in a
``log`` list) loads as format 3 without it: nothing in the rules read the log, so the position
is the same; the game's decisions are its replay's. Any other format is refused, naming it.

:func:`observation` is what one player may see (whitedwarf's convention: a hidden value is
``"?"``, a hidden list is replaced by its length). Hidden from the other seats:

* ``players[s]``: ``techs_hand`` (unresearched techs) -> count; ``tech_stats["drawn"]``
  and ``tech_stats["kept"]`` (which techs they drew and kept in hand) -> their total
  (``built`` and ``light_by_source`` are public); ``choice`` (the secret action choice) ->
  ``"?"``; ``factions_dealt`` and ``achievements_dealt`` (dealt cards, and during
  the setup keep the card kept face down: 000 "setup", "secretly and simultaneously", the
  factions revealed together only once every seat has kept) -> count; ``achievement`` (the
  kept planetary achievement, 000 "Keep Hidden") -> ``"?"``.
* ``frames`` (card effects in progress) of another seat: ``vars``, ``loops`` and ``calls``
  (what the effect chose or will act on, e.g. an unresearched tech picked for "research a
  tech without paying its cost") -> count; ``pending`` (its question and options) -> ``"?"``.
  ``card``, ``owner``, ``clause``, ``pc``, ``context``, ``depth`` and ``steps`` stay.
* ``stack``: another seat's task shows only ``kind``, ``seat``, ``pc`` and ``ask`` (e.g. the
  techs a Research drew).
* For everyone: ``deck`` -> count (its order and contents); ``box`` (cards and tokens
  returned face down) -> ``"?"``; a face-down exploration token in ``sectors`` -> ``"?"``, and
  the ``token`` and ``resource`` of a planet whose token is face down -> ``"?"``; ``rng``
  and ``seed`` -> ``"?"``.

``card_state`` (counters on cards, the players they chose: issue 29, decision R13) is on
the table and shown whole to every seat; a card keeps something only once it acts, after it
is revealed. A save without the key (written before card state) loads as one whose cards
keep nothing.

:func:`shared_observation` is the same view built without copying what the player may see
(only the parts that hide something are new objects): for a reader that never writes to it,
the heuristic agent at every decision. :func:`observation` is its deep copy, so the two
cannot differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from whitedwarf.interpreter import state as generic
from whitedwarf.interpreter.lastlight.records import Planet, Player, State, Task, View
from whitedwarf.interpreter.lastlight.state import FORMAT, GameState, clone
from whitedwarf.interpreter.vm import Frame

HIDDEN = "?"


class SaveError(ValueError):
    """A save that is not a Last Light state of a supported format."""


def save(state: State, indent: int | None = None) -> str:
    """The state as versioned JSON text."""
    return generic.to_json(state, indent)


def load(text: str) -> State:
    """A state from :func:`save` output, format-checked."""
    state = GameState(generic.from_json(text))  # its memos start empty (versions.py)
    if state.get("game") != "lastlight":
        raise SaveError(_not_this_game(state.get("game")))
    if state.get("format") == _LOGGED and isinstance(state.get("log"), list):
        del state["log"]  # kept beside the state since format 3 (see the module docstring)
        state["format"] = FORMAT
    if state.get("format") != FORMAT:
        raise SaveError(
            f"save format {state.get('format')!r} is not supported: this engine reads format "
            f"{FORMAT} (and upgrades format {_LOGGED}); was it written by a newer whitedwarf?"
        )
    # format-checked above (the records are checked by tests/engine/test_records.py)
    return cast(State, state)


#: The save format that kept the decision log inside the state (upgraded on load).
_LOGGED = 2


def observation(state: State, player: int) -> View:
    """A copy of the state with everything ``player`` may not see replaced by ``"?"``."""
    return clone(shared_observation(state, player))


def shared_observation(state: State, player: int) -> View:
    """What :func:`observation` holds, built without copying what ``player`` may see: every
    part that hides nothing is the state's own object, and only the parts that hide something
    are new. Equal to :func:`observation`, at a fraction of its cost (the heuristic agent
    reads one at every decision). For readers that never change it: a change made through it
    can change the game itself. The hidden values themselves are not in it, so reading it
    shows no more than :func:`observation` does.
    """
    view = GameState(state)  # a state of its own: its own memos (versions.py)
    for key in ("rng", "seed"):
        view[key] = HIDDEN
    view["deck"] = len(state["deck"])
    view["box"] = HIDDEN
    view["players"] = [p if p["seat"] == player else _player_view(p) for p in state["players"]]
    sectors = state["sectors"]
    view["sectors"] = {
        sid: {**s, "token": HIDDEN} if s["token"] and not s["revealed"] else s
        for sid, s in sectors.items()
    }
    view["planets"] = {
        pid: planet if sectors[planet["sector"]]["revealed"] else _unrevealed(planet)
        for pid, planet in state["planets"].items()
    }
    view["stack"] = [_task_view(t, player) for t in state["stack"]]
    view["frames"] = [_frame_view(f, player) for f in state["frames"]]
    return cast(View, view)


def _unrevealed(planet: Planet) -> dict[str, Any]:
    """A planet whose sector's token is face down: its token and resource unseen."""
    return {**planet, "token": HIDDEN, "resource": HIDDEN}


def _player_view(p: Player) -> dict[str, Any]:
    """Another seat's player record as one may see it (a new dict; ``p`` is unchanged)."""
    shown: dict[str, Any] = dict(p)
    shown["techs_hand"] = len(p["techs_hand"])
    stats: dict[str, Any] = dict(p["tech_stats"])
    shown["tech_stats"] = stats
    for key in ("drawn", "kept"):  # which techs went into the hand is secret; how many is not
        stats[key] = sum(stats[key].values())
    if p["choice"] is not None:
        shown["choice"] = HIDDEN
    shown["factions_dealt"] = len(p["factions_dealt"])
    shown["achievements_dealt"] = len(p["achievements_dealt"])
    if p["achievement"] is not None:
        shown["achievement"] = HIDDEN
    return shown


def _task_view(task: Task, player: int) -> Mapping[str, Any]:
    """Another player's task shows only its kind, step and whose decision it awaits."""
    if task.get("seat") in (None, player):
        return task
    return {k: task[k] for k in ("kind", "seat", "pc", "ask")}


def _frame_view(frame: Frame, player: int) -> Mapping[str, Any]:
    """Another seat's effect frame without what it chose or asks (see the module docstring);
    a new dict when something is hidden (``frame`` is unchanged)."""
    if frame.get("owner") == player:
        return frame
    shown = dict(frame)
    for key in ("vars", "loops", "calls"):
        if isinstance(frame.get(key), list):
            shown[key] = len(frame[key])
    if frame.get("pending") is not None:
        shown["pending"] = HIDDEN
    return shown


def _not_this_game(game: object) -> str:
    """Why a JSON object is not a Last Light state, in words (not "game None")."""
    if game is None:
        return 'the state has no \'game\' field (a Last Light state says `"game": "lastlight"`)'
    return f"the state is of the game {game!r}, not 'lastlight'"
