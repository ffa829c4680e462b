"""Simulation throughput and agent speed (issue 8), as Markdown.

Run: ``python benchmarks/simulate_bench.py [--games 200] [--quick]``. It times a batch of
4-player heuristic games with 1 and 2 worker processes (``whitedwarf simulate`` in a child
process, so the peak memory of each process is that of one worker), then the time each
agent takes per decision in 3-player games.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time


def batch(games: int, workers: int) -> tuple[float, int]:
    """Wall seconds and the largest resident memory (KiB) of one process of the batch."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "whitedwarf.tools.cli", "simulate", "--players", "4"]
        command += ["--games", str(games), "--workers", str(workers), "--out", folder + "/b"]
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        wall = time.perf_counter() - start
    return wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def per_decision(kind: str, games: int) -> tuple[float, int]:
    """Mean milliseconds per decision of ``kind`` playing every seat, and decisions timed."""
    from whitedwarf.interpreter.lastlight.engine import engine
    from whitedwarf.interpreter.lastlight.game import Game
    from whitedwarf.interpreter.lastlight.packs import load_game_content

    game = Game.from_content(load_game_content(), 3)
    spent, count = 0.0, 0
    for seed in range(games):
        state = game.new_state(seed)
        bots = [engine().make_agent(kind, seed, seat, game) for seat in range(3)]
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            options = game.legal_options(state, seat)
            start = time.perf_counter()
            choice = bots[seat].choose(state, seat, options)
            spent += time.perf_counter() - start
            count += 1
            game.apply(state, seat, choice, check=False)
    return 1000 * spent / count, count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    games = 20 if args.quick else args.games
    print("| workers | games | wall (s) | games/s | peak memory of a process |")
    print("| --- | --- | --- | --- | --- |")
    rates = []
    for workers in (1, 2):
        wall, rss = batch(games, workers)
        rates.append(games / wall)
        print(f"| {workers} | {games} | {wall:.1f} | {games / wall:.1f} | {rss / 1024:.0f} MiB |")
    print(f"\nScaling, 2 workers against 1: {rates[1] / rates[0]:.2f}x\n")
    print("| agent | ms per decision | decisions timed |")
    print("| --- | --- | --- |")
    for kind, n in (("random", 10), ("heuristic", 10), ("search", 1 if args.quick else 2)):
        ms, count = per_decision(kind, n)
        print(f"| {kind} | {ms:.3f} | {count} |")


if __name__ == "__main__":
    main()
