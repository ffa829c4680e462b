"""The RL environment's speed against the engine's own: steps/s of ``whitedwarf.rl.env``
against random decisions/s of ``runner.play``, side by side in one process (issue 27: at
least 50%).

Run: ``python benchmarks/rl_bench.py [--games N] [--rounds R] [--players 2,4]
[--packs lastlight,starlight]``.

Both play the same seeded games of a bundled pack with uniformly random choices among the
legal ones (the engine's ``RandomBot``; the environment's agent draws among the actions its
mask allows, read with ``np.flatnonzero(mask.view(bool))``: numpy's ``nonzero`` of an int8
array of twelve thousand actions takes some 40 us, of its bool view 3 us), so both apply
about the same decisions. The environment loop is
PettingZoo's own (``agent_iter``, ``last``, ``step``), timed three ways: with the observation
vector and mask of every step (what an agent learning from observations pays), without the
vector (``last(observe=False)``, the legal actions read from the info), and with the raw
observation in the info as well (``raw_observation=True``). Times are CPU time of
this process; the rounds alternate engine and environment and the fastest of each is kept.
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf import rl
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.runner import play
from whitedwarf.rl.aec import WhitedwarfEnv


def engine_games(game: Any, seeds: range) -> tuple[float, int]:
    """CPU seconds and decisions of the engine's random games."""
    decisions, start = 0, time.process_time()
    for seed in seeds:
        state = game.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(game.players)]
        decisions += play(game, state, bots).decisions
    return time.process_time() - start, decisions


def env_games(env: WhitedwarfEnv, seeds: range, observe: bool) -> tuple[float, int]:
    """CPU seconds and steps (decisions) of the environment's random games."""
    steps, start = 0, time.process_time()
    for seed in seeds:
        env.reset(seed=seed)
        pick = random.Random(seed).choice
        for _agent in env.agent_iter():
            obs, _, term, trunc, info = env.last(observe)
            if term or trunc:
                env.step(None)
                continue
            legal = (
                np.flatnonzero(obs["action_mask"].view(bool)).tolist()
                if observe
                else list(info["options"])
            )
            env.step(pick(legal))
            steps += 1
    return time.process_time() - start, steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the fastest is kept")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--packs", default="lastlight,starlight", help="bundled packs")
    args = parser.parse_args(argv)
    seeds = range(args.games)
    print(
        f"Bundled packs, {args.games} games per count, fastest of {args.rounds} rounds, CPU time\n"
    )
    print(
        "| pack | players | engine decisions/s | env steps/s, observation vector | ratio "
        "| env steps/s, no vector | ratio | env steps/s, vector and raw observation | ratio |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for pack in args.packs.split(","):
        for players in map(int, args.players.split(",")):
            print(row(pack, players, seeds, args.rounds))


def row(pack: str, players: int, seeds: range, rounds: int) -> str:
    """One pack's and player count's line of the table."""
    engine, game = rl.load(pack, players)
    spec = rl.spec_of(engine, game)
    lean = WhitedwarfEnv(engine, game, spec, raw_observation=False)
    full = WhitedwarfEnv(engine, game, spec, raw_observation=True)
    engine_games(game, range(1000, 1001))  # warm the content's caches
    runs = {
        "engine": lambda: engine_games(game, seeds),
        "vector": lambda: env_games(lean, seeds, True),
        "lean": lambda: env_games(lean, seeds, False),
        "raw": lambda: env_games(full, seeds, True),
    }
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, run in runs.items():
            spent, count = run()
            best[name] = max(best.get(name, 0.0), count / spent)
    e = best["engine"]
    cells = [f"{e:,.0f}"]
    for name in ("vector", "lean", "raw"):
        cells += [f"{best[name]:,.0f}", f"{best[name] / e:.0%}"]
    return f"| {pack} | {players} | " + " | ".join(cells) + " |"


if __name__ == "__main__":
    main()
