"""What checking achievements at every step costs (docs/rules-decisions.md E17).

Run: ``python benchmarks/achievement_checks_bench.py [--games N] [--rounds N]``.

Plays the same seeded random games (2, 3 and 4 players, the real base pack, caches warm) with
the engine as it is, where ``hooks.check_achievements`` runs after every step, decision and
effect verb, and with the old timing, where it ran only at the end of each action card, in
alternating rounds so that load on the machine hits both alike. Prints decisions per second
(CPU time of this process) and checks per decision, median of the rounds. The old timing plays
slightly different games (achievements are played later), so the decision counts differ a
little.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_bench import games, warm
from whitedwarf.interpreter.lastlight import effects, hooks
from whitedwarf.interpreter.lastlight import game as engine
from whitedwarf.interpreter.lastlight.game import Game, load_game_content

_CHECK = hooks.check_achievements
_FINISH = engine._finish
_COUNT = [0]


def _counted(state: dict[str, Any]) -> None:
    _COUNT[0] += 1
    _CHECK(state)


def _skip(state: dict[str, Any]) -> None:
    """No check here."""


def every_step() -> None:
    """The engine as it is."""
    effects.after_verb = _counted
    engine.check_achievements = _counted
    engine._finish = _FINISH


def card_end_only() -> None:
    """The old timing: once at the end of each action card (not after a move step)."""

    def finish(state: dict[str, Any], done: dict[str, Any]) -> None:
        _FINISH(state, done)
        if done["kind"] not in ("round_flow", "move"):
            _counted(state)

    effects.after_verb = _skip
    engine.check_achievements = _skip
    engine._finish = finish


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per player count a round")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds")
    args = parser.parse_args(argv)
    content = load_game_content()
    variants = {"every step (E17)": every_step, "end of each card (before)": card_end_only}
    by_count = {n: Game.from_content(content, n) for n in (2, 3, 4)}
    for game in by_count.values():
        warm(game)
    rates: dict[str, list[float]] = {name: [] for name in variants}
    checks: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.rounds):
        for name, install in variants.items():
            install()
            _COUNT[0] = 0
            spent = decisions = 0.0
            for game in by_count.values():
                seconds, made = games(game, args.games, first_seed=100)
                spent += seconds
                decisions += made
            rates[name].append(decisions / spent)
            checks[name].append(_COUNT[0] / decisions)
    every_step()
    print(f"Achievement checks, {args.games} games per player count x {args.rounds} rounds\n")
    print("| timing | decisions/s | checks/decision |")
    print("| --- | --- | --- |")
    for name in variants:
        rate, per = statistics.median(rates[name]), statistics.median(checks[name])
        print(f"| {name} | {rate:,.0f} | {per:.2f} |")


if __name__ == "__main__":
    main()
