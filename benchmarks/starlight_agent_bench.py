"""Starlight's ``heuristic`` agent: its win rate and stars against ``random`` and a Starbot,
and its time per decision, as Markdown.

Run: ``python benchmarks/starlight_agent_bench.py [--games 60]``. Each line-up plays the
bundled pack from seeds 0..games-1, the seat kinds rotated one place per game so every kind
sits in every seat; a shared win counts as a fraction.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from whitedwarf.interpreter.bots import EngineSeat
from whitedwarf.interpreter.engines import engine_for
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.starlight.content import load_content

LINE_UPS = (
    ("heuristic", "random", "random"),
    ("heuristic", "random", "starbot"),
    ("heuristic", "heuristic", "starbot"),
    ("random", "random", "starbot"),
)


class Timed:
    """A bot that adds the time it takes per decision to a shared clock."""

    def __init__(self, bot: Any, clock: list[float]) -> None:
        self.bot, self.clock = bot, clock

    def choose(self, state: Any, seat: int, options: Sequence[Any]) -> str:
        start = time.perf_counter()
        chosen: str = self.bot.choose(state, seat, options)
        self.clock[0] += time.perf_counter() - start
        self.clock[1] += 1
        return chosen


def line_up(kinds: tuple[str, ...], games: int) -> str:
    """One Markdown row: wins and stars per kind, and the heuristic's ms per decision."""
    engine, content = engine_for("starlight"), load_content()
    wins, stars, clock = Counter[str](), Counter[str](), [0.0, 0]
    for seed in range(games):
        seats = kinds[seed % len(kinds) :] + kinds[: seed % len(kinds)]
        game = engine.game.from_content(content, len(seats), engine.game_options(list(seats), 200))
        bots = [
            EngineSeat(k) if k == "starbot" else engine.make_agent(k, seed, s, game)
            for s, k in enumerate(seats)
        ]
        bots = [
            Timed(b, clock) if k == "heuristic" else b for b, k in zip(bots, seats, strict=True)
        ]
        state = game.new_state(seed)
        play(game, state, bots)
        winners = game.result(state)["winners"]
        for seat in winners:
            wins[seats[seat]] += 1 / len(winners)
        for seat, p in enumerate(state["players"]):
            stars[seats[seat]] += len(p["stars"])
    rates = ", ".join(f"{k} {100 * wins[k] / games:.0f}%" for k in dict.fromkeys(kinds))
    mean_stars = ", ".join(
        f"{k} {stars[k] / (games * kinds.count(k)):.1f}" for k in dict.fromkeys(kinds)
    )
    per = f"{1000 * clock[0] / clock[1]:.3f} ms ({clock[1]})" if clock[1] else "-"
    return f"| {','.join(kinds)} | {rates} | {mean_stars} | {per} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    games = parser.parse_args().games
    print(f"{games} games per line-up, 3 seats, bundled pack.\n")
    print("| seats | wins (shared wins split) | stars per seat | heuristic per decision |")
    print("| --- | --- | --- | --- |")
    for kinds in LINE_UPS:
        print(line_up(kinds, games), flush=True)


if __name__ == "__main__":
    main()
