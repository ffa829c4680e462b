"""The ``search`` agent's simulations a second, in Last Light and in Starlight (issue 26).

Run: ``python benchmarks/search_bench.py [--games lastlight,starlight] [--seeds 0 2]
[--decisions 3] [--rounds 3] [--choices]``. Each seed is a game of the bundled pack (4
players of Last Light, 3 of Starlight) with a ``search`` agent in seat ``seed % players``
and ``heuristic`` agents in the others, all made as ``whitedwarf play`` makes them
(``GameEngine.make_agent``); the game is played until the search seat has made
``--decisions`` searched decisions (or ends). A simulation is one guess of the hidden cards
played out from one option for the agent's horizon (``SearchAgent._simulate``); the figure is
simulations per CPU second spent inside the search seat's ``choose`` (the heuristic seats'
time is not counted). Each round plays the same seeded games; the fastest is kept. The
games are the same from run to run, so two checkouts measured with it run the same
simulations if their engines play the same games. ``--choices`` prints, after the table, the
options the search seat chose at its searched decisions, game by game: a speed change of
the search must leave them as they were (compare the lines of two installs).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf.interpreter.engines import engine_for

PLAYERS = {"lastlight": 4, "starlight": 3}


class Counting:
    """A search agent's rules with the guesses it played counted (one per simulation)."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules
        self.simulations = 0
        # Bound once: the agent calls them thousands of times a decision.
        for name in dir(rules):
            if not name.startswith("_") and name != "determinise":
                setattr(self, name, getattr(rules, name))

    def determinise(self, view: Any, seat: int, rng: Any) -> Any:
        world = self._rules.determinise(view, seat, rng)
        self.simulations += world is not None
        return world


def new_game(name: str) -> Any:
    """The bundled pack's game at its benchmark player count."""
    engine = engine_for(name)
    players = PLAYERS[name]
    if name == "lastlight":
        from whitedwarf.interpreter.lastlight.game import Game, load_game_content

        return engine, Game.from_content(load_game_content(), players)
    from whitedwarf.interpreter.starlight.content import load_content
    from whitedwarf.interpreter.starlight.game import Game as StarGame

    return engine, StarGame.from_content(load_content(), players, {"seats": ["live"] * players})


def one_game(
    name: str, seed: int, decisions: int, chosen: list[str] | None = None
) -> tuple[float, int, int]:
    """CPU seconds in the search seat's choices, its simulations and searched decisions;
    the options chosen at the searched decisions are added to ``chosen``."""
    engine, game = new_game(name)
    me = seed % game.players
    bots = [engine.make_agent("heuristic", seed, seat, game) for seat in range(game.players)]
    search = engine.make_agent("search", seed, me, game)
    counting = Counting(search.rules)
    search.rules = counting
    bots[me] = search
    state = game.new_state(seed)
    spent, searched = 0.0, 0
    while not game.is_terminal(state) and searched < decisions:
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        if seat == me:
            before, start = counting.simulations, time.process_time()
            option = search.choose(state, seat, options)
            spent += time.process_time() - start
            if counting.simulations > before:
                searched += 1
                if chosen is not None:
                    chosen.append(option)
        else:
            option = bots[seat].choose(state, seat, options)
        game.apply(state, seat, option)
    return spent, counting.simulations, searched


def measure(
    name: str, seeds: range, decisions: int, chosen: dict[int, list[str]] | None = None
) -> tuple[float, int, int]:
    """Totals of :func:`one_game` over the seeds (``chosen``: seed -> options chosen)."""
    spent = simulations = searched = 0
    for seed in seeds:
        mine = None if chosen is None else chosen.setdefault(seed, [])
        s, n, d = one_game(name, seed, decisions, mine)
        spent += s
        simulations += n
        searched += d
    return spent, simulations, searched


def main(argv: list[str] | None = None) -> None:
    """Measure and print one table row per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="lastlight,starlight")
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 2))
    parser.add_argument("--decisions", type=int, default=3, help="searched decisions a game")
    parser.add_argument("--rounds", type=int, default=3, help="the fastest round is kept")
    parser.add_argument(
        "--choices", action="store_true", help="print the options chosen at searched decisions"
    )
    args = parser.parse_args(argv)
    print("| game | simulations/s | simulations | searched decisions | CPU s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    chosen: dict[str, dict[int, list[str]]] = {}
    for name in args.games.split(","):
        measure(name, range(args.seeds[0], args.seeds[0] + 1), 1)  # warm the caches
        rounds = [measure(name, range(*args.seeds), args.decisions) for _ in range(args.rounds)]
        spent, simulations, searched = min(rounds)
        print(f"| {name} | {simulations / spent:,.0f} | {simulations:,} | {searched} "
              f"| {spent:.2f} |")  # fmt: skip
        if args.choices:
            measure(name, range(*args.seeds), args.decisions, chosen.setdefault(name, {}))
    for name, games in chosen.items():
        for seed, options in games.items():
            print(f"{name} seed {seed} searched: {' '.join(options)}")


if __name__ == "__main__":
    main()
