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

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

from whitedwarf.interpreter import state as generic
from whitedwarf.interpreter.lastlight.records import Planet, Player, State, Task, View
from whitedwarf.interpreter.lastlight.state import FORMAT, GameState, card_id, clone
from whitedwarf.interpreter.save_names import Named, each, first_unknown, keys, one, records
from whitedwarf.interpreter.vm import Frame

if TYPE_CHECKING:
    from whitedwarf.interpreter.lastlight.content import GameContent

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


def unknown_name(state: State, content: GameContent) -> str | None:
    """The first card the state names that ``content`` does not have, in a sentence (None:
    every card is the pack's). ``load`` checks the format only; a save of these packs
    (``state["content"]``) whose card names were edited would otherwise be drawn or resumed
    with a tech the pack does not have (docs/replays.md)."""
    stems = {"tech": "techs", "faction": "factions", "achievement": "achievements"}
    known = {kind: _ids(content.get(stem)) for kind, stem in stems.items()}
    known["exploration token"] = _ids(content.get("exploration"))
    known["action card"] = _ids(content.get("actions"))
    return first_unknown(_names(state), known, f"pack {content.name!r}", card_id)


def _ids(cards: Any) -> set[str]:
    """The ids of a card file's cards."""
    return {str(c["id"]) for c in cards or [] if isinstance(c, dict) and "id" in c}


def _names(state: State) -> Iterator[Named]:
    """Where a Last Light state holds card names (``state.py``), each with its kind."""
    data = cast(dict[str, Any], state)
    for where, p in records("players", data.get("players")):
        yield from each(f"{where}.hand", "action card", p.get("hand"))
        yield from each(f"{where}.played", "action card", p.get("played"))
        yield from one(f"{where}.choice", "action card", p.get("choice"))
        yield from each(f"{where}.techs_hand", "tech", p.get("techs_hand"))
        for at, tech in records(f"{where}.techs", p.get("techs")):
            yield from one(f"{at}.ref", "tech", tech.get("ref"), empty=False)
        yield from one(f"{where}.faction", "faction", p.get("faction"))
        yield from each(f"{where}.factions_dealt", "faction", p.get("factions_dealt"))
        yield from one(f"{where}.achievement", "achievement", p.get("achievement"))
        for field in ("achievements_dealt", "achievements_done"):
            yield from each(f"{where}.{field}", "achievement", p.get(field))
        stats = p.get("tech_stats")
        if isinstance(stats, dict):
            for field, counts in stats.items():
                yield from keys(f"{where}.tech_stats.{field}", "tech", counts)
    for field in ("deck", "discard"):
        yield from each(field, "tech", data.get(field))
    yield from each("explored", "exploration token", data.get("explored"))
    box = data.get("box")
    if isinstance(box, dict):
        for field, kind in (
            ("factions", "faction"),
            ("achievements", "achievement"),
            ("tokens", "exploration token"),
        ):
            yield from each(f"box.{field}", kind, box.get(field))
    for field in ("sectors", "planets"):
        places = data.get(field)
        if isinstance(places, dict):
            for name, place in places.items():
                if isinstance(place, dict):
                    yield from one(f"{field}.{name}.token", "exploration token", place.get("token"))


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
