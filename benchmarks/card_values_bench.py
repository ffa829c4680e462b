"""The ``heuristic`` agent's CPU per decision with its hand weights and with the card values
learned from play (issue 24 item 1: it must stay under 1 ms), both games, as Markdown.

Run: ``python benchmarks/card_values_bench.py [--games 20] [--mixed 300]``. Each setting
plays the bundled pack's 3-player games from seeds 0..games-1 with three heuristic seats,
timing ``time.process_time()`` around each decision; the settings alternate (hand weights,
learned, hand weights, learned) so that the machine's load falls on both. ``--mixed N`` also
plays N Last Light games of one heuristic seat on the learned values against two on the hand
weights (the learned seat turned one place a game) and prints each side's wins.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from typing import Any

from whitedwarf.content import bundled_pack
from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.lastlight import valuation
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


class Switched:
    """A heuristic seat on the learned values (``learned``) or the hand weights: the pack's
    values are set, and the worth memo emptied, before each of its decisions."""

    def __init__(self, bot: Any, learned: values.CardValues | None, content: Any) -> None:
        self.bot, self.learned, self.content = bot, learned, content

    def choose(self, state: Any, seat: int, options: Any) -> str:
        values.install(self.learned, "lastlight", self.content.digest())
        for tables in self.content.runtimes.values():
            tables.card_values.clear()
        chosen: str = self.bot.choose(state, seat, options)
        return chosen


def mixed(games: int) -> dict[str, float]:
    """Wins of one learned seat and of two hand-weighted seats over ``games`` games."""
    os.environ[values.MODE_ENV] = "cached"
    values.forget()
    played = load_game_content([bundled_pack("lastlight")])
    engine, content = played.engine, played.content
    learned = values.known("lastlight", content.digest(), valuation.SHIPPED)
    wins: Counter[str] = Counter()
    for seed in range(games):
        kinds = ["learned", "hand", "hand"]
        kinds = kinds[seed % 3 :] + kinds[: seed % 3]
        game = engine.game.from_content(content, 3, engine.game_options(["heuristic"] * 3, 200))
        bots = [
            Switched(engine.make_agent("heuristic", seed, s, game),
                     learned if k == "learned" else None, content)
            for s, k in enumerate(kinds)
        ]  # fmt: skip
        state = game.new_state(seed)
        play(game, state, bots)
        winners = game.result(state)["winners"]
        for seat in winners:
            wins[kinds[seat]] += 1 / len(winners)
    return dict(wins)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--mixed", type=int, default=0)
    args = parser.parse_args()
    games = args.games
    print("| game | values | ms CPU per decision | decisions |")
    print("| --- | --- | --- | --- |")
    for pack in ("lastlight", "starlight"):
        for mode in ("off", "cached", "off", "cached"):
            ms, n = per_decision(pack, games, mode)
            label = "hand weights" if mode == "off" else "learned"
            print(f"| {pack} | {label} | {ms:.3f} | {n} |")
    if args.mixed:
        wins = mixed(args.mixed)
        print(f"\nLast Light, {args.mixed} games, one learned seat against two hand-weighted:")
        print(f"learned {wins.get('learned', 0):.1f} wins, hand weights {wins.get('hand', 0):.1f}")


if __name__ == "__main__":
    main()
