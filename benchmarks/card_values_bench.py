"""The ``heuristic`` agent's CPU per decision with its hand weights and with the card values
learned from play (issue 24 item 1: it must stay under 1 ms), both games, as Markdown.

Run: ``python benchmarks/card_values_bench.py [--games 20]``. Each setting plays the bundled
pack's 3-player games from seeds 0..games-1 with three heuristic seats, timing
``time.process_time()`` around each decision; the settings alternate (hand weights, learned,
hand weights, learned) so that the machine's load falls on both.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from whitedwarf.content import bundled_pack
from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.simulation.batch import load_game_content


class Timed:
    """A bot whose decisions are timed (CPU), summed into ``total``."""

    def __init__(self, bot: Any, total: list[float]) -> None:
        self.bot, self.total = bot, total

    def choose(self, state: Any, seat: int, options: Any) -> str:
        started = time.process_time()
        chosen: str = self.bot.choose(state, seat, options)
        self.total[0] += time.process_time() - started
        self.total[1] += 1
        return chosen


def per_decision(pack: str, games: int, mode: str) -> tuple[float, int]:
    """(ms of CPU per decision, decisions) over ``games`` games with ``mode``'s values."""
    os.environ[values.MODE_ENV] = mode
    values.forget()
    played = load_game_content([bundled_pack(pack)])
    engine, total = played.engine, [0.0, 0]
    for seed in range(games):
        options = engine.game_options(["heuristic"] * 3, 200)
        game = engine.game.from_content(played.content, 3, options)
        for tables in getattr(game.content, "runtimes", {}).values():
            tables.card_values.clear()  # worth looked up under the other setting
        bots = [Timed(engine.make_agent("heuristic", seed, s, game), total) for s in range(3)]
        play(game, game.new_state(seed), bots)
    return 1000 * total[0] / total[1], int(total[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    games = parser.parse_args().games
    print("| game | values | ms CPU per decision | decisions |")
    print("| --- | --- | --- | --- |")
    for pack in ("lastlight", "starlight"):
        for mode in ("off", "cached", "off", "cached"):
            ms, n = per_decision(pack, games, mode)
            label = "hand weights" if mode == "off" else "learned"
            print(f"| {pack} | {label} | {ms:.3f} | {n} |")


if __name__ == "__main__":
    main()
