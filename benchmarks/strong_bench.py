"""One ``strong`` seat against ``heuristic`` seats: its win rate and CPU a decision (issue 24).

Run: ``python benchmarks/strong_bench.py --pack lastlight --players 3 --games 150
[--seed 24] [--start 0] [--out games.jsonl]``, then ``--combine FILE ...`` for the table.
Game ``i`` is the batch's ``i``-th seeded game (``simulate``'s seeds, ``batch.game_seed``)
with the ``strong`` seat at ``i % players``, so the seat turns with the games and every seat
holds it equally often; the other seats are ``heuristic``. ``--agent heuristic`` seats a
heuristic there instead, on the same games: what the strong seat is measured against. All
agents are made as ``whitedwarf simulate`` makes them (``GameEngine.make_agent``: the
default node budget, or ``--think MS``). The CPU time (``time.process_time``) inside the
turning seat's ``choose`` is summed over all its decisions, the ones with a single option
included. ``--start`` and ``--games`` pick a slice of the indices, so the games can be split
between processes and combined: each line of ``--out`` is one game.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf.content import bundled_pack
from whitedwarf.interpreter.agents.strong import thinking
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.simulation.batch import game_seed, load_game_content


class Timed:
    """An agent whose decisions are counted and timed (CPU)."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.decisions = 0
        self.cpu = 0.0

    def choose(self, state: Any, seat: int, options: Any) -> str:
        start = time.process_time()
        choice: str = self.agent.choose(state, seat, options)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return choice


def one_game(
    played: Any, players: int, seed: int, index: int, opponent: str, agent: str = "strong"
) -> dict[str, Any]:
    """Game ``index``: the result, decisions and CPU seconds of the seat that turns with the
    games (``agent``: ``strong``, or another agent in its place on the same games)."""
    engine = played.engine
    mine = index % players
    kinds = [agent if s == mine else opponent for s in range(players)]
    game_seed_ = game_seed(seed, index)
    # The game's options as with a strong seat, whatever sits there (the same games).
    seated = ["strong" if s == mine else opponent for s in range(players)]
    game = engine.game.from_content(played.content, players, engine.game_options(seated, 200))
    bots: list[Any] = [engine.make_agent(k, game_seed_, s, game) for s, k in enumerate(kinds)]
    timed = bots[mine] = Timed(bots[mine])
    state = game.new_state(game_seed_)
    play(game, state, bots)
    return {
        "index": index,
        "agent": agent,
        "seat": mine,
        "win": game.returns(state)[mine],
        "decisions": timed.decisions,
        "searched": getattr(timed.agent, "searched", 0),
        "cpu": timed.cpu,
        "winners": (game.result(state) or {}).get("winners"),
    }


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if not games:
        return 0.0, 1.0
    z, p = 1.959964, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def combine(paths: list[Path]) -> str:
    """The table of the games in ``paths`` (each from ``--out``)."""
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines()]
    agent = " and ".join(sorted({str(r.get("agent", "strong")) for r in rows}))
    games = len(rows)
    wins = sum(r["win"] for r in rows)
    low, high = wilson(wins, games)
    decisions = sum(r["decisions"] for r in rows)
    searched = sum(r["searched"] for r in rows)
    cpu = sum(r["cpu"] for r in rows)
    return (
        f"games {games}, {agent} wins {wins:g} = {wins / games:.1%} (95% {low:.1%}-{high:.1%}); "
        f"{decisions} decisions, {searched / decisions:.0%} searched, "
        f"{1000 * cpu / decisions:.1f} ms CPU a decision"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pack", default="lastlight")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument(
        "--agent", default="strong", help="the agent in the turning seat (default strong)"
    )
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--combine", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.combine:
        missing = [str(path) for path in args.combine if not path.is_file()]
        if missing:
            parser.error(f"--combine: no file {missing[0]}")
        if not any(path.read_text().strip() for path in args.combine):
            parser.error("--combine: the files hold no games yet")
        print(combine(args.combine))
        return
    played = load_game_content([bundled_pack(args.pack)])
    out = args.out.open("a", encoding="utf-8") if args.out else None
    with thinking(args.think):
        for index in range(args.start, args.start + args.games):
            row = one_game(played, args.players, args.seed, index, args.opponent, args.agent)
            line = json.dumps(row)
            if out is not None:
                out.write(line + "\n")
                out.flush()
            print(line, flush=True)
    if out is not None:
        out.close()


if __name__ == "__main__":
    main()
