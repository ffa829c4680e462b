"""The RL environment's speed against the engine's own: steps/s of ``whitedwarf.rl.env``
against random decisions/s of ``runner.play``, side by side in one process (issue 27: at
least 50%).

Run: ``python benchmarks/rl_bench.py [--games N] [--rounds R]
[--cases lastlight:2,lastlight:4,starlight:3]``.

Both play the same seeded games of a bundled pack: the environment's random agent plays each
seed once (untimed), then the engine's own loop (``runner.play``) replays its decisions and
the environment steps them again, PettingZoo's way (``agent_iter``, ``last``, ``step``). The
environment is timed four ways: with the observation (vector and mask) of every step, the
agent reading both and checking its action against the mask (what any agent pays the
environment for); the same with the agent listing its legal actions from the mask
(``np.flatnonzero(mask.view(bool))``: a scan of every action, some twelve thousand in Last
Light, which is the agent's own cost); without the observation (``last(observe=False)``, the
legal actions read from the info); and with the raw observation in the info as well
(``raw_observation=True``). The engine's ``RandomBot`` games are a column too. Times are CPU
time of this process; each round runs the engine and then every way of the environment, so
each ratio compares runs made one after the other; every round's ratio is printed, and the
fastest run of each kind. Prints a Markdown table.
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
    env: WhitedwarfEnv, logs: dict[int, tuple[list[int], list[str]]], how: str
) -> tuple[float, int]:
    """CPU seconds and steps (decisions) of the environment playing the logged games, the
    agent reading what ``how`` says at each step and taking the logged action: ``vector``,
    the observation (vector and mask), checking its action against the mask; ``listed``, the
    same, listing its legal actions from the mask; ``lean``, no observation, the legal
    actions read from the info."""
    observe, listed = how != "lean", how == "listed"
    steps, start = 0, time.process_time()
    for seed, (actions, _) in logs.items():
        env.reset(seed=seed)
        taken = iter(actions).__next__
        for _agent in env.agent_iter():
            obs, _, term, trunc, info = env.last(observe)
            if term or trunc:
                env.step(None)
                continue
            action = taken()
            if not observe:
                assert action in info["options"]
            elif listed:
                assert action in np.flatnonzero(obs["action_mask"].view(bool)).tolist()
            else:
                assert obs["action_mask"][action] == 1 and len(obs["observation"])
            env.step(action)
            steps += 1
    return time.process_time() - start, steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per case")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each timing every way")
    parser.add_argument(
        "--cases",
        default="lastlight:2,lastlight:4,starlight:3",
        help="bundled pack:players, comma-separated",
    )
    args = parser.parse_args(argv)
    seeds = range(args.games)
    print(
        f"Bundled packs, {args.games} games per case, {args.rounds} rounds, CPU time; the "
        "ratios are the environment's steps/s over the engine's decisions/s of the same "
        "round, then of the fastest runs\n"
    )
    print(
        "| pack | players | engine decisions/s, RandomBot games | engine decisions/s, the "
        "env's games | env steps/s, observation | ratio by round | ratio, fastest "
        "| agent lists its legal actions from the mask: ratio by round "
        "| no observation: ratio by round | observation and raw observation: ratio by round |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for case in args.cases.split(","):
        pack, _, players = case.partition(":")
        print(row(pack, int(players), seeds, args.rounds))


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
        "vector": lambda: env_games(lean, logs, "vector"),
        "listed": lambda: env_games(lean, logs, "listed"),
        "lean": lambda: env_games(lean, logs, "lean"),
        "raw": lambda: env_games(full, logs, "vector"),
    }
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            spent, count = run()
            rates[name].append(count / spent)

    def ratios(name: str) -> str:
        return " / ".join(f"{r / e:.0%}" for r, e in zip(rates[name], rates["engine"], strict=True))

    best = {name: max(values) for name, values in rates.items()}
    cells = [
        f"{best['random']:,.0f}",
        f"{best['engine']:,.0f}",
        f"{best['vector']:,.0f}",
        ratios("vector"),
        f"{best['vector'] / best['engine']:.0%}",
        ratios("listed"),
        ratios("lean"),
        ratios("raw"),
    ]
    return f"| {pack} | {players} | " + " | ".join(cells) + " |"


if __name__ == "__main__":
    main()
