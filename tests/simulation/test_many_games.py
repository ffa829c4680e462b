"""Two thousand seeded random games on the real base pack, card effects on.

Each game is checked as it goes and at its end: nothing negative, resources, light and
pieces conserved (000 "Components"), the game ends within the round bound
(docs/rules-decisions.md E10), and the winners are exactly the players ranked first by
000 "Game End" (most light, then most techs in play, then most resources). Every 25th
game is also cloned and saved/loaded mid-game, and all three copies must finish alike.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.game import Game, load_content
from whitedwarf.interpreter.lastlight.rotation import ranking_key
from whitedwarf.interpreter.lastlight.state import LIGHT_SOURCES
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.state import clone, state_hash

from tests.engine.test_random_games import check_invariants

TOTAL_GAMES = 2_000
BATCH = 50
PLAYER_COUNTS = (2, 3, 4)
BATCHES = [
    (players, start)
    for start in range(0, TOTAL_GAMES, BATCH * len(PLAYER_COUNTS))
    for players in PLAYER_COUNTS
    if start + BATCH <= TOTAL_GAMES or players == 2
]


@cache
def base_game(players: int) -> Game:
    return Game.from_content(load_content(), players)


def bots_for(players: int, seed: int) -> list[RandomBot]:
    return [RandomBot(seed * 10 + seat) for seat in range(players)]


class LightLedger:
    """Listens to the engine's events: light gained (by seat and source) and paid."""

    def __init__(self, players: int) -> None:
        self.gained = [dict.fromkeys(LIGHT_SOURCES, 0) for _ in range(players)]
        self.paid = [0] * players

    def __call__(self, event: dict[str, Any]) -> None:
        if event["kind"] == "gain" and event["unit"] == "light":
            self.gained[event["seat"]][event["source"]] += event["amount"]
        elif event["kind"] == "pay" and event["unit"] == "light":
            self.paid[event["seat"]] += event["amount"]

    def check(self, state: dict[str, Any]) -> None:
        """The state's light by source is every light gained, and holds the light (E40)."""
        for seat, p in enumerate(state["players"]):
            assert p["light_by_source"] == self.gained[seat]
            assert sum(p["light_by_source"].values()) - self.paid[seat] == p["light"]


def run_ledgered(game: Game, seed: int) -> dict[str, Any]:
    """A game played with a :class:`LightLedger` listening (events on)."""
    ledger = LightLedger(game.players)
    game.listen(ledger)
    try:
        state = run_checked(game, seed)
    finally:
        game.listen(None)
    ledger.check(state)
    return state


def run_checked(game: Game, seed: int) -> dict[str, Any]:
    state = game.new_state(seed)
    count = 0

    def every_decision(seat: int, option: str) -> None:
        nonlocal count
        count += 1
        if count % 97 == 0:
            check_invariants(state)

    play(game, state, bots_for(game.players, seed), on_decision=every_decision)
    return state


def check_end(state: dict[str, Any]) -> None:
    check_invariants(state)
    players = state["n"]
    assert state["round"] <= state["round_limit"]
    assert state["frames"] == []
    keys = [ranking_key(state, seat) for seat in range(players)]
    best = max(keys)
    assert state["result"]["winners"] == [s for s, k in enumerate(keys) if k == best]
    if state["result"]["reason"] == "light":
        assert max(p["light"] for p in state["players"]) >= 20


def check_copies_continue_alike(game: Game, seed: int) -> None:
    state = game.new_state(seed)
    bots = bots_for(game.players, seed)
    for _ in range(120):
        if game.is_terminal(state):
            return
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    copies = [state, clone(state), persist.load(persist.save(state))]
    finals = [play(game, c, bots_for(game.players, seed + 1)).final_hash for c in copies]
    assert finals[0] == finals[1] == finals[2]


def games_in(start: int, players: int) -> range:
    offset = PLAYER_COUNTS.index(players) * BATCH
    first = start + offset
    return range(first, min(first + BATCH, TOTAL_GAMES))


@pytest.mark.parametrize(("players", "start"), BATCHES, ids=lambda v: str(v))
def test_random_games_keep_the_rules_invariants(players: int, start: int) -> None:
    game = base_game(players)
    for seed in games_in(start, players):
        # Every 5th game with a listener: the light by source sums to the light gained.
        check_end(run_ledgered(game, seed) if seed % 5 == 0 else run_checked(game, seed))
        if seed % 25 == 0:
            check_copies_continue_alike(game, seed)


def test_the_batches_cover_two_thousand_games() -> None:
    seeds = [seed for players, start in BATCHES for seed in games_in(start, players)]
    assert len(seeds) == len(set(seeds)) == TOTAL_GAMES
    assert {players for players, _ in BATCHES} == set(PLAYER_COUNTS)


def test_the_same_seed_gives_the_same_game() -> None:
    game = base_game(3)
    assert state_hash(run_checked(game, 11)) == state_hash(run_checked(game, 11))
