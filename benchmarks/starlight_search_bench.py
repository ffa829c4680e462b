"""Starlight's ``search`` agent against two ``heuristic`` seats (BENCHMARKS.md, sl-search).

Run: ``python benchmarks/starlight_search_bench.py [--iterations 16] [--horizon 120]
[--seeds 100 124] [--heuristic]``. Seed ``s`` seats the search agent in seat ``s % 3`` of a
3-player game of the bundled pack (``--heuristic``: a heuristic seat in its place, the
baseline); it prints the games the seat won (ties shared), its mean final lead in points and
the CPU time.
"""

from __future__ import annotations

import argparse
import time

from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.engines import engine_for
from whitedwarf.interpreter.starlight.agents.agent import StarlightSearch
from whitedwarf.interpreter.starlight.content import load_content
from whitedwarf.interpreter.starlight.game import Game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=16)
    parser.add_argument("--horizon", type=int, default=120)
    parser.add_argument("--seeds", type=int, nargs=2, default=(100, 124))
    parser.add_argument("--heuristic", action="store_true", help="the baseline")
    args = parser.parse_args()
    engine = engine_for("starlight")
    game = Game.from_content(load_content(), 3, {"seats": ["live"] * 3})
    wins, lead, start = 0.0, 0, time.process_time()
    seeds = range(*args.seeds)
    for seed in seeds:
        me = seed % 3
        bots = [engine.make_agent("heuristic", seed, seat, game) for seat in range(3)]
        if not args.heuristic:
            bots[me] = SearchAgent(seed, StarlightSearch(game), args.iterations, args.horizon)
        state = game.new_state(seed)
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            options = game.legal_options(state, seat)
            game.apply(state, seat, bots[seat].choose(state, seat, options))
        result = game.result(state)
        wins += (me in result["winners"]) / len(result["winners"])
        points = result["points"]
        lead += points[me] - max(p for s, p in enumerate(points) if s != me)
    kind = "heuristic" if args.heuristic else f"search {args.iterations}x{args.horizon}"
    print(f"{kind}: won {wins:g} of {len(seeds)} games, mean final lead "
          f"{lead / len(seeds):.1f} points, {time.process_time() - start:.0f} s CPU")  # fmt: skip


if __name__ == "__main__":
    main()
