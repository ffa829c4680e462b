"""Seeded random full games: invariants hold, games end, clone and save/load replay exactly.

The in-suite count is modest (``GAMES`` per player count); a big run uses
``tools``-level simulation later.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.rotation import ranking_key
from whitedwarf.interpreter.lastlight.state import FORMAT, LIGHT_SOURCES, LUMOS, RESOURCES, SIZES
from whitedwarf.interpreter.state import clone, state_hash

from tests.base_content import base_content
from tests.engine.positions import game

GAMES = 10


def step(g: Game, state: dict[str, Any], agent: random.Random) -> None:
    """One random legal decision."""
    seat = agent.choice(g.current_players(state))
    options = g.legal_options(state, seat)
    assert options, f"seat {seat} has no options in {state['phase']}"
    g.apply(state, seat, agent.choice(options).id, check=False)


def check_invariants(state: dict[str, Any]) -> None:
    """Nothing negative; resources, light and pieces are conserved; one extractor a place."""
    rt = runtime(state)
    players = state["players"]
    for unit in RESOURCES:
        assert state["supply"][unit] >= 0
        assert all(p["res"][unit] >= 0 for p in players)
        assert (
            state["supply"][unit] + sum(p["res"][unit] for p in players) == rt.resources_total[unit]
        )
    assert state["supply"]["light"] + sum(p["light"] for p in players) == rt.light_total
    for p in players:
        # Light gained by source (state.py): paid light is not taken off its source, so the
        # sources add up to at least the light held (exactly, with the light paid: the
        # simulation suite's ledger).
        sources = p["light_by_source"]
        assert tuple(sources) == LIGHT_SOURCES and min(sources.values()) >= 0
        assert sum(sources.values()) >= p["light"]
    graves = [u for p in players for u in p["graveyard"]]
    for seat, p in enumerate(players):
        assert all(v >= 0 for v in p["supply"].values())
        for size in SIZES:
            board = sum(
                1 for s in state["ships"].values() if s["owner"] == seat and s["size"] == size
            )
            dead = sum(
                1
                for u in graves
                if u["owner"] == seat and u["size"] == size and u["kind"] == "ship"
            )
            assert p["supply"][size] + board + dead == rt.pieces[size]
        xs = sum(1 for x in state["extractors"].values() if x["owner"] == seat)
        dead_x = sum(1 for u in graves if u["owner"] == seat and u["kind"] == "extractor")
        assert p["supply"]["extractor"] + xs + dead_x == 8
    # 000 "2. Extractor": a colony ship space "that does not yet contain an extractor", a
    # planet "not containing a previously built extractor belonging to any player".
    places = [x["planet"] or (x["owner"], x["space"]) for x in state["extractors"].values()]
    assert len(places) == len(set(places)), "two extractors on one place"
    if state["lumos"]:
        total = sum(state["lumos"]["supply"].values()) + state["lumos"]["box"]
        total += sum(1 for s in state["ships"].values() if s["owner"] == LUMOS)
        total += sum(1 for u in graves if u["owner"] == LUMOS)
        assert total == sum(rt.pieces.values())


def play(g: Game, seed: int) -> dict[str, Any]:
    """A whole random game, checking invariants every 50 decisions."""
    state = g.new_state(seed)
    agent = random.Random(seed)
    k = 0
    while not g.is_terminal(state):
        step(g, state, agent)
        k += 1
        if k % 50 == 0:
            check_invariants(state)
    check_invariants(state)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants_and_end(players: int) -> None:
    """Every game ends by the round bound; the winner follows 000 "Game End" tiebreakers."""
    g = game(players)
    for seed in range(GAMES):
        state = play(g, seed)
        assert state["round"] <= state["round_limit"]
        keys = [ranking_key(state, s) for s in range(players)]
        assert state["result"]["winners"] == [s for s, k in enumerate(keys) if k == max(keys)]
        if state["result"]["reason"] == "light":
            assert max(p["light"] for p in state["players"]) >= 20


@pytest.mark.parametrize("players", [2, 4])
def test_clone_and_save_load_mid_game_continue_identically(players: int) -> None:
    """DESIGN principle 4: a cloned or reloaded state replays the same game."""
    g = game(players)
    state = g.new_state(5)
    agent = random.Random(5)
    for _ in range(150):
        step(g, state, agent)
    copy, loaded = clone(state), persist.load(persist.save(state))
    assert copy == state == loaded and state_hash(loaded) == state_hash(state)
    runs = []
    for s in (state, copy, loaded):
        a = random.Random(99)
        for _ in range(300):
            if g.is_terminal(s):
                break
            step(g, s, a)
        runs.append(state_hash(s))
    assert runs[0] == runs[1] == runs[2]


def test_observation_hides_secrets() -> None:
    """Observations hide others' hands, secret cards, the deck order and face-down tokens."""
    g = game(3)
    state = g.new_state(2)
    view = g.observation(state, 0)
    assert view["players"][1]["techs_hand"] == 1 and view["players"][0]["techs_hand"] != 1
    assert view["players"][1]["factions_dealt"] == 2
    assert isinstance(view["deck"], int) and view["rng"] == "?"
    assert all(s["token"] in (None, "?") for s in view["sectors"].values())


def test_save_rejects_other_formats() -> None:
    """Saves are versioned (``format``); an unknown format is refused, naming it."""
    g = game(2)
    text = persist.save(g.new_state(1)).replace(f'"format": {FORMAT}', '"format": 99')
    assert '"format": 99' in text
    with pytest.raises(persist.SaveError, match="format 99 is not supported"):
        persist.load(text)


def test_a_format_2_save_loads_without_its_log() -> None:
    """Format 2 kept the decisions in ``log``; it loads as the same position in format 3."""
    g = game(3)
    state = g.new_state(4)
    agent = random.Random(4)
    for _ in range(60):
        step(g, state, agent)
    old = {**persist.load(persist.save(state)), "format": 2, "log": ["0:play:mine"] * 60}
    loaded = persist.load(json.dumps(old))
    assert loaded == state and "log" not in loaded and loaded["format"] == FORMAT == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_base_pack_games_with_card_effects(players: int) -> None:
    """The real base pack (cards and their effects) plays to the end, invariants intact."""
    g = Game.from_content(base_content(), players)
    for seed in range(2):
        state = g.new_state(seed)
        agent = random.Random(seed)
        while not g.is_terminal(state):
            seat = agent.choice(g.current_players(state))
            g.apply(state, seat, agent.choice(g.legal_options(state, seat)).id)
        check_invariants(state)
        assert state["frames"] == [] and state["result"]["winners"]
