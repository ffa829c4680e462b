"""Determinisation: one complete state consistent with what a player observes.

Information-set search (issue 8, the ``search`` agent) plays its simulations on states drawn
from the set the player cannot tell apart: everything the observation shows is kept, and each
hidden part (:func:`~whitedwarf.interpreter.lastlight.persist.observation`) is filled with
cards the player has not seen, shuffled by the agent's own generator:

* the tech deck and the other players' unresearched techs, from the techs not in view;
* face-down exploration tokens (and the resource of the planet above a planetary one), from
  the tokens of the same pile not in view;
* the other players' secret action choice, from their hand; their kept achievement and dealt
  cards, from the cards not in view; the box gets what is left;
* the other players' counts of techs drawn and kept (only their totals are seen) keep
  their totals under a placeholder card id;
* the random generator gets a fresh seed, so dice and draws differ between samples.

Another seat's task or effect in progress hides the fields it works on, and those cannot be
guessed back into a runnable task: :func:`determinise` returns ``None`` then and the caller
decides without search.
"""

from __future__ import annotations

import pickle
import random
from typing import Any, cast

from whitedwarf.interpreter.lastlight import versions
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.persist import HIDDEN
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.setup import _pile_of, token_resource
from whitedwarf.interpreter.lastlight.state import game_state


def determinise(
    view: State, seat: int, rng: random.Random, hidden: Hidden | None = None
) -> State | None:
    """A full state matching ``seat``'s observation ``view``, or ``None`` (module docstring).

    ``hidden``: what ``view`` hides, worked out once (:class:`Hidden`) for the many guesses
    a decision draws from the same view; without it (or for another view) it is worked out
    here. The draws are the same either way."""
    if hidden is None or hidden.view is not view or hidden.seat != seat:
        hidden = Hidden(view, seat)
    if not hidden.complete:
        return None
    state = game_state(pickle.loads(hidden.data))  # a fresh copy of the view (state.clone)
    techs = _shuffled(hidden.techs, rng)
    state["deck"] = [techs.pop() for _ in range(cast(int, view["deck"]))]  # a view: its size
    achievements = _shuffled(hidden.achievements, rng)
    factions = _shuffled(hidden.factions, rng)
    for player in state["players"]:
        if player["seat"] != seat:
            _fill_player(cast(dict[str, Any], player), techs, achievements, factions, rng)
    _fill_tokens(state, hidden, rng)
    state["box"] = {
        "factions": sorted(factions),
        "achievements": sorted(achievements),
        "tokens": [],
    }
    state["rng"] = rng.getrandbits(64)
    state["seed"] = 0
    # The seats' ship types as read in the view while a seat holds the same cards (each
    # guess of a decision read them afresh: versions.lend, stats.ship_type).
    versions.lend(view, state)
    return state


class Hidden:
    """What one observation hides: the cards and tokens not in view, which every guess
    from it shuffles and deals. Finding them walks the whole view (:func:`_refs_in`), the
    dearest part of a guess, and the search draws its guesses of one decision from one
    view: made once, it serves them all. Nothing here is written after it is made
    but :attr:`resources`, a memo of the content's answers."""

    def __init__(self, view: State, seat: int) -> None:
        self.view = view
        self.seat = seat
        #: Whether a guess can be made (no other seat's task or effect hides its fields).
        self.complete = _tasks_complete(view, seat)
        self.techs: list[str] = []
        self.achievements: list[str] = []
        self.factions: list[str] = []
        #: Each token pile's unseen tokens (in card order), and the pile of each planet slot.
        self.piles: dict[str, list[str]] = {}
        self.slot_pile: dict[str, str] = {}
        #: ``(token, pile)`` -> what a planet over it yields (``setup.token_resource``, a
        #: card lookup: a guess asks it for each face-down planetary token), found once.
        self.resources: dict[tuple[str, str], str] = {}
        self.runtime = rt = runtime(view)
        #: The view's data, pickled once: each guess unpickles its own copy
        #: (``state.clone`` pickles and unpickles the whole view every time).
        self.data = b""
        if not self.complete:
            return
        self.data = pickle.dumps(dict(view), pickle.HIGHEST_PROTOCOL)
        seen = _refs_in(view)
        self.techs = _unseen(_all_refs(rt.cards["techs"]), seen)
        self.achievements = _unseen(sorted(rt.cards["achievements"]), seen)
        self.factions = _unseen(sorted(rt.cards["factions"]), seen)
        for cid, card in sorted(rt.cards["exploration"].items()):
            refs = [f"{cid}#{k}" for k in range(1, int(card.get("copies", 1)) + 1)]
            self.piles.setdefault(_pile_of(card), []).extend(r for r in refs if r not in seen)
        self.slot_pile = {slot.sector: slot.token for slot in rt.layout.planets}
        #: ``(sector, its pile, its planet)`` of every face-down token, in sector order: the
        #: places each guess fills (the same in every copy of the view).
        self.face_down: list[tuple[str, str, str | None]] = []
        for sector_id, sector in sorted(view["sectors"].items()):
            if sector["token"] == HIDDEN:
                kind = "deep_space" if sector["token_kind"] == "deep_space" else None
                pile = kind or self.slot_pile.get(sector_id, "common")
                self.face_down.append((sector_id, pile, sector.get("planet")))


def _tasks_complete(view: State, seat: int) -> bool:
    """Whether no task or effect of another seat had fields hidden."""
    for task in view["stack"]:
        if task.get("seat") not in (None, seat) and set(task) <= {"kind", "seat", "pc", "ask"}:
            return False
    return all(frame.get("owner") == seat for frame in view["frames"])


def _fill_player(
    player: dict[str, Any],
    techs: list[str],
    achievements: list[str],
    factions: list[str],
    rng: random.Random,
) -> None:
    """Another seat's player of a view: its hidden places (counts, ``"?"``) filled in."""
    player["techs_hand"] = [techs.pop() for _ in range(min(player["techs_hand"], len(techs)))]
    if player["choice"] == HIDDEN:
        player["choice"] = player["hand"][rng.randrange(len(player["hand"]))]
    if player["achievement"] == HIDDEN:
        player["achievement"] = achievements.pop() if achievements else None
    for key, pool in (("factions_dealt", factions), ("achievements_dealt", achievements)):
        player[key] = sorted(pool.pop() for _ in range(min(player[key], len(pool))))
    stats = player.get("tech_stats", {})
    for what in ("drawn", "kept"):
        if isinstance(stats.get(what), int):
            # Only the total is seen; the rules never read these counts, so keep the total.
            stats[what] = {HIDDEN: stats[what]} if stats[what] else {}


def _fill_tokens(state: State, hidden: Hidden, rng: random.Random) -> None:
    """Face-down tokens from the unseen tokens of the pile their place takes."""
    rt, resources = hidden.runtime, hidden.resources
    piles = {name: _shuffled(pile, rng) for name, pile in hidden.piles.items()}
    sectors, planets = state["sectors"], state["planets"]
    for sector_id, pile_name, planet in hidden.face_down:
        pile = piles.get(pile_name) or []
        token = pile.pop() if pile else f"@blank_{pile_name}#{sector_id}"
        sectors[sector_id]["token"] = token
        if planet in planets:
            planets[planet]["token"] = token
            found = resources.get((token, pile_name))
            if found is None:
                found = resources[token, pile_name] = token_resource(rt, token, pile_name)
            planets[planet]["resource"] = found


def _unseen(refs: list[str], seen: set[str]) -> list[str]:
    return [r for r in refs if r not in seen]


def _shuffled(pool: list[str], rng: random.Random) -> list[str]:
    """A shuffled copy (a guess's own deal; the pool serves the next guess as it was)."""
    out = list(pool)
    rng.shuffle(out)
    return out


def _all_refs(cards: dict[str, dict[str, Any]]) -> list[str]:
    return [
        f"{cid}#{k}"
        for cid, card in sorted(cards.items())
        for k in range(1, int(card.get("copies", 1)) + 1)
    ]


def _refs_in(value: Any) -> set[str]:
    """Every string in a view (card refs and ids among them): what the player has seen."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
