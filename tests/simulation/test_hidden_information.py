"""No seat's observation, nor its options, shows another seat's secrets.

Seeded random games of 2, 3 and 4 players on the real base pack are walked decision by
decision. At every decision, for every seat, the secrets of the other seats are collected by
value from the true state, and none may appear anywhere in that seat's serialized
``Game.observation`` nor in its legal options (ids and texts), unless the same card is public
elsewhere. The secrets (000 "setup", "Action Card #1", "playing the game", "Planetary
Achievement"; persist.py's docstring):

* other seats' unresearched techs, by card instance and, unless a copy is public or the seat
  holds one itself, by card id (so option texts that name only the card are caught too);
* other seats' dealt factions and achievements, including the one kept face down during the
  setup keep (revealed together once every seat has kept), and their kept achievement;
* face-down exploration tokens, the deck and the box, for everyone.

The secrets that are not card names are checked by shape: other seats' action choice, the
resource of planets whose token is face down, the random generator, seed and decision log.
"""

from __future__ import annotations

import os
import re
from functools import cache
from typing import Any

import pytest
from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import card_id

from tests.base_content import base_content

State = dict[str, Any]

#: Games per player count (2, 3 and 4 players), in batches of :data:`BATCH`. Every decision
#: of every game is checked for every seat, about 2,000 observations in a 4-player game, so
#: the default keeps the suite's time reasonable; set ``WHITEDWARF_HIDDEN_GAMES`` for a
#: longer walk (``WHITEDWARF_HIDDEN_GAMES=100 pytest tests/simulation/test_hidden_information.py``
#: checks 300 games, about 400,000 observations: clean when this test was written).
GAMES_PER_COUNT = int(os.environ.get("WHITEDWARF_HIDDEN_GAMES", "15"))
BATCH = 10
BATCHES = [(players, start) for players in (2, 3, 4) for start in range(0, GAMES_PER_COUNT, BATCH)]


@cache
def base_game(players: int) -> Game:
    return Game.from_content(base_content(), players)


def public_refs(state: State, seat: int) -> set[str]:
    """Card and token refs ``seat`` may know: face up for everyone, or its own."""
    out = set(state["discard"]) | set(state["explored"])
    for p in state["players"]:
        out.update(t["ref"] for t in p["techs"])
        out.update(p["achievements_done"])
        # ``as soon as`` clauses that ran, of cards that were in play (face up) then.
        out.update(name.rpartition(":")[0] for name in p.get("once", ()))
        if p["faction"]:
            # Revealed together once every seat has kept one: ``setup.finish`` sets it, then
            # fires game_start, whose effects may ask (Hexan's) while the phase is "setup".
            out.add(p["faction"])
    for sector in state["sectors"].values():
        if sector["token"] and sector["revealed"]:
            out.add(sector["token"])
    me = state["players"][seat]
    out.update(me["techs_hand"], me["factions_dealt"], me["achievements_dealt"])
    for task in state["stack"]:
        if task["seat"] == seat:
            out.update(task.get("drawn", ()))  # the techs its own Research drew
    if me["achievement"]:
        out.add(me["achievement"])
    return out


def secrets(state: State, seat: int) -> set[str]:
    """Refs and card ids ``seat`` must not see (see the module docstring)."""
    hidden: set[str] = set(state["deck"])
    tech_ids: set[str] = set()
    for p in state["players"]:
        if p["seat"] == seat:
            continue
        hidden.update(p["techs_hand"], p["factions_dealt"], p["achievements_dealt"])
        tech_ids.update(card_id(r) for r in p["techs_hand"])
        if p["achievement"]:
            hidden.add(p["achievement"])
    for sector in state["sectors"].values():
        if sector["token"] and not sector["revealed"]:
            hidden.add(sector["token"])
    for refs in state["box"].values():
        hidden.update(refs)
    known = public_refs(state, seat)
    hidden -= known
    tech_ids -= {card_id(r) for r in known}
    # Techs the seat itself drew once (maybe shuffled back into the deck since) and techs
    # anyone built are names it knows (``tech_stats``).
    tech_ids -= set().union(*state["players"][seat]["tech_stats"].values())
    for p in state["players"]:
        tech_ids -= set(p["tech_stats"]["built"])
    return hidden | tech_ids


#: A name in a text: a card id, a ref (``warp_drive#2``, ``@blank_deep#3``), an option word.
_NAME = re.compile(r"[\w@#]+")


def names(text: str) -> set[str]:
    """Every whole name in ``text`` (so ``a#1`` is not found in ``a#10``)."""
    return set(_NAME.findall(text))


#: Top-level key of an observation -> the last value read there and its names (most parts
#: repeat from seat to seat and from decision to decision: the board, the ships).
_LAST: dict[str, tuple[Any, frozenset[str]]] = {}


def observed_names(view: State) -> set[str]:
    """Every name anywhere in the serialized observation, read part by part."""
    out: set[str] = set()
    for key, value in view.items():
        last = _LAST.get(key)
        if last is not None and last[0] == value:
            found = last[1]
        else:
            # repr has the same names as the JSON, and is several times faster to make.
            found = frozenset(names(repr(value)))
            _LAST[key] = (value, found)
        out |= found
        out.add(key)
    return out


def check_shape(state: State, view: State, seat: int) -> None:
    """The secrets that are not card names are hidden by the observation's convention."""
    assert view["rng"] == view["seed"] == "?" and "log" not in view
    assert view["deck"] == len(state["deck"]) and view["box"] == "?"
    for p, shown in zip(state["players"], view["players"], strict=True):
        if p["seat"] == seat:
            assert shown["techs_hand"] == p["techs_hand"]
            continue
        assert shown["techs_hand"] == len(p["techs_hand"])
        # Which techs another seat drew and kept is secret, how many is not (persist.py).
        stats = p["tech_stats"]
        for key in ("drawn", "kept"):
            assert shown["tech_stats"][key] == sum(stats[key].values())
        assert shown["tech_stats"]["built"] == stats["built"]
        assert shown["light_by_source"] == p["light_by_source"]
        assert shown["choice"] == (None if p["choice"] is None else "?")
        assert shown["achievement"] == (None if p["achievement"] is None else "?")
    for pid, planet in view["planets"].items():
        if not state["sectors"][planet["sector"]]["revealed"]:
            assert planet["resource"] == planet["token"] == "?", pid


class Coverage:
    """What the walk saw, so the test proves it met the secrets it is about."""

    def __init__(self) -> None:
        self.observations = 0
        self.setup_kept = 0  # another seat had kept its faction face down
        self.foreign_frames = 0  # another seat's effect was waiting for its decision
        self.hands = 0  # another seat held unresearched techs


def check_decision(game: Game, state: State, coverage: Coverage) -> None:
    """Every seat's observation and options at this decision."""
    current = set(game.current_players(state))
    for seat in range(state["n"]):
        view = game.observation(state, seat)
        check_shape(state, view, seat)
        hidden = secrets(state, seat)
        coverage.observations += 1
        leaks = observed_names(view) & hidden
        assert not leaks, f"seat {seat} sees {sorted(leaks)} in its observation"
        if seat in current:
            for option in game.legal_options(state, seat):
                leaks = names(f"{option.id} {option.text}") & hidden
                assert not leaks, f"seat {seat} is offered {option!r}, naming {sorted(leaks)}"
        others = [p for p in state["players"] if p["seat"] != seat]
        coverage.setup_kept += any(len(p["factions_dealt"]) == 1 for p in others)
        coverage.hands += any(p["techs_hand"] for p in others)
        coverage.foreign_frames += any(f["owner"] != seat and f["pending"] for f in state["frames"])


@pytest.mark.parametrize(("players", "start"), BATCHES)
def test_no_observation_shows_another_seats_secrets(players: int, start: int) -> None:
    game = base_game(players)
    coverage = Coverage()
    for seed in range(start, min(start + BATCH, GAMES_PER_COUNT)):
        state = game.new_state(seed)
        bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
        while not game.is_terminal(state):
            check_decision(game, state, coverage)
            seat = game.current_players(state)[0]
            option = bots[seat].choose(state, seat, game.legal_options(state, seat))
            game.apply(state, seat, option, check=False)
    assert coverage.observations > 100
    assert coverage.setup_kept and coverage.hands and coverage.foreign_frames
