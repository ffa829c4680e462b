"""Build Last Light positions as data for scenario tests (position -> decision -> state)."""

from __future__ import annotations

import copy
from typing import Any

from whitedwarf.interpreter.lastlight import combat, versions
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.game import Game, advance
from whitedwarf.interpreter.lastlight.state import place_extractor, place_ship

from tests.base_content import base_content

BASE = base_content()

#: Small hand-written cards until the card files land.
TECHS = [
    {"id": "galactic_monument", "name": "Galactic Monument", "kind": "civilization",
     "cost": {"common": 1}, "copies": 2},
    {"id": "resourcefulness", "name": "Resourcefulness", "kind": "civilization",
     "cost": {"uncommon": 1}, "copies": 1},
    {"id": "x_blaster", "name": "X Blaster", "kind": "ship_mod", "cost": {"common": 2},
     "copies": 3},
    {"id": "planning", "name": "Planning", "kind": "ship_ability", "cost": {"rare": 1},
     "copies": 1},
    {"id": "warp_drive", "name": "Warp Drive", "kind": "ship_ability", "cost": {"rare": 1},
     "copies": 3},
]  # fmt: skip
FACTIONS = [
    {"id": "allterra", "name": "Allterra"},
    {"id": "lyannae", "name": "Lyannae"},
    {"id": "talorin", "name": "Talorin"},
    {"id": "deshard", "name": "Deshard", "three_plus": True},
    {"id": "iounell", "name": "Iou'Nell"},
    {"id": "fifth", "name": "Fifth", "three_plus": True},
    {"id": "sixth", "name": "Sixth"},
    {"id": "seventh", "name": "Seventh"},
    {"id": "eighth", "name": "Eighth"},
]
EXPLORATION = (
    [
        {"id": f"ore_{i}", "kind": "planetary", "pile": "common", "resource": "common"}
        for i in range(8)
    ]
    + [
        {"id": f"gem_{i}", "kind": "planetary", "pile": "rare", "resource": "rare"}
        for i in range(8)
    ]
    + [{"id": f"void_{i}", "kind": "deep_space"} for i in range(12)]
)
ACHIEVEMENTS = [{"id": f"ach_{c}_{k}", "set": c} for c in "abcd" for k in range(4)]


def content(**files: Any) -> GameContent:
    """The base pack plus the test cards (and any file overrides)."""
    data = copy.deepcopy(BASE.files)
    data.update(techs=TECHS, factions=FACTIONS, exploration=EXPLORATION, achievements=ACHIEVEMENTS)
    data.update(files)
    return GameContent(data, "lastlight-test")


#: Every token gives a light when revealed (000 "Exploration Icons Explained": "Gain a light").
BEACONS: list[dict[str, Any]] = (
    [
        {"id": f"ore_{i}", "kind": "planetary", "pile": "common", "resource": "common",
         "effect": "gain 1 light"}
        for i in range(8)
    ]
    + [
        {"id": f"gem_{i}", "kind": "planetary", "pile": "rare", "resource": "rare",
         "effect": "gain 1 light"}
        for i in range(8)
    ]
    + [{"id": f"beacon_{i}", "kind": "deep_space", "effect": "gain 1 light"} for i in range(12)]
)  # fmt: skip


def beacon_game(players: int) -> Game:
    """A game whose every exploration token gains its revealer 1 light."""
    return Game.from_content(content(exploration=BEACONS), players)


def game(players: int = 4, **options: Any) -> Game:
    """A game on the test content."""
    return Game.from_content(content(), players, options)


def started(g: Game, seed: int = 1) -> dict[str, Any]:
    """A state past setup: every player keeps the first faction and achievement offered."""
    state = g.new_state(seed)
    while state["phase"] == "setup":
        seat = g.current_players(state)[0]
        g.apply(state, seat, g.legal_options(state, seat)[0].id)
    return state


def empty_board(state: dict[str, Any]) -> dict[str, Any]:
    """Remove every ship and extractor (pieces back to supply is not tracked here)."""
    state["ships"].clear()
    state["extractors"].clear()
    versions.forget(state)  # edited in place, past the engine's mutations
    return state


def ship(state: dict[str, Any], owner: int, size: str, sector: str, **fields: Any) -> str:
    """Place a ship and return its id."""
    sid = place_ship(state, owner, size, sector)
    state["ships"][sid].update(fields)
    versions.forget(state)  # the fields were set in place, past the engine's mutations
    return sid


def extractor(
    state: dict[str, Any],
    owner: int,
    planet: str | None = None,
    space: str | None = None,
    sector: str | None = None,
) -> str:
    """Place an extractor on a planet or colony space."""
    where = state["planets"][planet]["sector"] if planet else sector
    return place_extractor(state, owner, where, planet, space)


def planet_at(state: dict[str, Any], sector: str) -> str:
    """The planet in a sector (one must be there: a test that names a sector of the map for
    its planet fails here, not later, when the map changes)."""
    planet = state["sectors"][sector]["planet"]
    assert planet is not None, f"no planet in {sector} on this map"
    return str(planet)


def resolve(g: Game, state: dict[str, Any], queue: list[list[Any]]) -> dict[str, Any]:
    """Start resolving a queue of ``[kind, seat]`` directly (phase "resolve")."""
    for player in state["players"]:
        player["choice"] = None
    state["phase"] = "resolve"
    state["queue"] = queue
    advance(state)
    return state


def choose_all(g: Game, state: dict[str, Any], picks: dict[int, str]) -> dict[str, Any]:
    """Every player plays the given action card."""
    for seat, card in picks.items():
        g.apply(state, seat, f"play:{card}")
    return state


def force_faces(monkeypatch: Any, faces: list[str]) -> None:
    """Make the combat dice show ``faces`` in order (then misses)."""
    queue = list(faces)

    def die(state: dict[str, Any], ship_: dict[str, Any]) -> dict[str, Any]:
        face = queue.pop(0) if queue else "miss"
        return {"face": face, "ship": ship_["id"], "size": ship_["size"], "owner": ship_["owner"]}

    monkeypatch.setattr(combat, "_die", die)


def ids(options: list[Any]) -> list[str]:
    """Option ids."""
    return [o.id for o in options]
