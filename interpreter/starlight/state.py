"""The Starlight game state as plain data, and the small readers every rule uses.

A state is a tree of dicts, lists, strings and ints (DESIGN principle 4). Rays are
interchangeable within a colour and size, so a ray is the string ``"colour:size"`` and a bag,
a pool or a hand is a list of them. The main keys::

    game, format, content, seed, rng, n, round, turn (the seat whose turn it is), phase
    ("gods" | "play" | "over"), players, bags {long, short}, pools {long, short, cores,
    flares}, core_deck, core_discard, flare_deck, starbot_deck, starbot_discard, slots
    (slot id -> seat or None), accolades [{id, owner, marks}], action (the action in
    progress, or None), frames (effects waiting for a decision), daybreak (the round it came
    in, or None), last_round, actions (actions and live turns begun so far: SL23, SL110), result

A player: seat, kind ("live" | "starbot"), marker (rondel space index or None), ap, saved,
night, day, turns, cores, rays, flares, used_flares, laurels, privileges {id: action number
when gained}, magnitudes, aspects, stars (slot ids), accolades, god, gods_dealt, points
(night and day points by source), visit (the action of this visit was taken), moved.
The records are typed for mypy in ``records.py``.
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight import events
from whitedwarf.interpreter.starlight.content import StarlightContent

# Re-exported: the rules modules import the records from here.
from whitedwarf.interpreter.starlight.records import Content
from whitedwarf.interpreter.starlight.records import Player as Player
from whitedwarf.interpreter.starlight.records import State as State

#: The save format of a Starlight state.
FORMAT = 1

#: 003 "Victory Points" and "Scoring": every source points come from (an invariant of the
#: random games: no point comes from anywhere else).
NIGHT_SOURCES = ("slot", "flare", "bought", "slotless", "starbot", "effect")
DAY_SOURCES = ("alpha", "laurels", "laurel_bonus", "accolades", "starbot_stars")
#: Day points a card's effect gave (``gain 2 day_points``, SL150): a source recorded only in
#: a game where a card gave some, so the scores of every other game keep their shape.
EFFECT_DAY = "effect"


def new_player(seat: int, kind: str) -> Player:
    """A player record before setup deals anything."""
    return {
        "seat": seat,
        "kind": kind,
        "marker": None,
        "ap": 0,
        "saved": 0,
        "night": 0,
        "day": 0,
        "turns": 0,
        "cores": [],
        "starter": None,
        "rays": [],
        "flares": [],
        "used_flares": [],
        "laurels": [],
        "privileges": {},
        "magnitudes": [],
        "aspects": [],
        "stars": [],
        "accolades": [],
        "god": None,
        "gods_dealt": [],
        "points": {"night": dict.fromkeys(NIGHT_SOURCES, 0), "day": dict.fromkeys(DAY_SOURCES, 0)},
        "visit_done": False,
        "moved": False,
    }


def player(state: State, seat: int) -> Player:
    """The record of ``seat``."""
    found: Player = state["players"][seat]
    return found


def stars_launched(p: Player) -> int:
    """The stars ``p`` has launched: those on the sky board and a slotless final launch (003
    "Scoring": "the tied player who has launched the most stars"; 003 "Your Last Turn" calls
    it the "slotless final launch": SL165, which replaced SL111)."""
    return len(p["stars"]) + p.get("slotless", 0)


def is_live(state: State, seat: int) -> bool:
    """Whether ``seat`` is a live player (not a Starbot)."""
    return bool(state["players"][seat]["kind"] == "live")


def score(p: Player) -> int:
    """Night plus day points."""
    return int(p["night"] + p["day"])


def gain_night(state: State, seat: int, points: int, source: str) -> None:
    """Score night points from one of :data:`NIGHT_SOURCES` (003 "Victory Points")."""
    if points <= 0:
        return
    p = player(state, seat)
    p["night"] += points
    p["points"]["night"][source] += points
    if events.ON:
        events.emit(state, "points", seat, amount=points, source=source)
    check_daybreak(state, seat)


def gain_day(p: Player, points: int, source: str) -> None:
    """Score day points at the end (003 "Scoring")."""
    if points <= 0:
        return
    p["day"] += points
    by_source = p["points"]["day"]  # EFFECT_DAY is there only once a card gave some
    by_source[source] = by_source.get(source, 0) + points


def has_privilege(state: State, seat: int, privilege: str) -> bool:
    """003 "Privileges": usable "beginning with the action *after* you gain the privilege".

    A privilege records the number of the action during which it was gained; it is usable
    once a later action or turn has begun (``state["actions"]`` counts both: SL23, SL110).
    """
    gained = player(state, seat)["privileges"].get(privilege)
    return gained is not None and state["actions"] > gained


def held_cores(p: Player) -> int:
    """Cores in hand, the starter core included until it is launched (SL5)."""
    return len(p["cores"]) + (1 if p["starter"] else 0)


def seats_in_turn_order(state: State) -> list[int]:
    """Seats clockwise from the start player (seat 0, SL4)."""
    return list(range(state["n"]))


def content_id(content: StarlightContent, players: int) -> Content:
    """What a state records of the content it is played with."""
    return {"name": content.name, "digest": content.digest, "players": players}


def check_daybreak(state: State, seat: int) -> None:
    """Start the end of the game the first time a score reaches daybreak (003 "End of Game":
    night points are the only ones scored before the end, so :func:`gain_night` asks)."""
    if state["daybreak"] is not None:
        return
    if state["players"][seat]["night"] >= state["daybreak_at"]:
        state["daybreak"] = state["round"]
        state["last_round"] = state["round"] + 1
        events.emit(state, "daybreak", seat, last_round=state["last_round"])
