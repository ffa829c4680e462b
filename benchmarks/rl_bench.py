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
    """CPU seconds and decisions of the engine's random games (its ``RandomBot`` seats)."""
    decisions, start = 0, time.process_time()
    for seed in seeds:
        state = game.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(game.players)]
        decisions += play(game, state, bots).decisions
    return time.process_time() - start, decisions


class Replay:
    """A seat of ``runner.play`` that takes the logged options, in order (all seats share
    one log: the game's decisions)."""

    def __init__(self, log: list[str]) -> None:
        self.next = iter(log).__next__

    def choose(self, state: Any, seat: int, options: Any) -> str:
        return self.next()


def record(env: WhitedwarfEnv, seeds: range) -> dict[int, tuple[list[int], list[str]]]:
    """Each seed's game as the environment's random agent plays it (untimed): its actions
    and the engine's options they took."""
    logs = {}
    for seed in seeds:
        env.reset(seed=seed)
        pick = random.Random(seed).choice
        actions, options = [], []
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            action = pick(np.flatnonzero(obs["action_mask"].view(bool)).tolist())
            actions.append(action)
            options.append(env._legal[action].id)
            env.step(action)
        logs[seed] = (actions, options)
    return logs


def engine_same(game: Any, logs: dict[int, tuple[list[int], list[str]]]) -> tuple[float, int]:
    """CPU seconds and decisions of the engine's own loop (``runner.play``) playing the
    environment's games, the same decisions in the same order."""
    decisions, start = 0, time.process_time()
    for seed, (_, options) in logs.items():
        state = game.new_state(seed)
        seat = Replay(options)
        decisions += play(game, state, [seat] * game.players).decisions
    return time.process_time() - start, decisions


def env_games(
    env: WhitedwarfEnv, logs: dict[int, tuple[list[int], list[str]]], observe: bool
) -> tuple[float, int]:
    """CPU seconds and steps (decisions) of the environment playing the logged games: at
    each step the agent reads the observation and lists its legal actions, as a random
    agent does, and takes the logged one."""
    steps, start = 0, time.process_time()
    for seed, (actions, _) in logs.items():
        env.reset(seed=seed)
        taken = iter(actions).__next__
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
            action = taken()
            assert action in legal
            env.step(action)
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
        "| pack | players | engine decisions/s, RandomBot games | engine decisions/s, the "
        "env's games | env steps/s, observation vector | ratio | env steps/s, no vector "
        "| ratio | env steps/s, vector and raw observation | ratio |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
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
    logs = record(lean, seeds)
    runs = {
        "random": lambda: engine_games(game, seeds),
        "engine": lambda: engine_same(game, logs),
        "vector": lambda: env_games(lean, logs, True),
        "lean": lambda: env_games(lean, logs, False),
        "raw": lambda: env_games(full, logs, True),
    }
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, run in runs.items():
            spent, count = run()
            best[name] = max(best.get(name, 0.0), count / spent)
    e = best["engine"]
    cells = [f"{best['random']:,.0f}", f"{e:,.0f}"]
    for name in ("vector", "lean", "raw"):
        cells += [f"{best[name]:,.0f}", f"{best[name] / e:.0%}"]
    return f"| {pack} | {players} | " + " | ".join(cells) + " |"


if __name__ == "__main__":
    main()
