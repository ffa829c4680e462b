"""Measure engine speed: random-agent games and decisions per second (not a test).

    python -m tests.engine.bench_engine [games] [--core]

``--core`` stubs the effect hooks (fire, run_card, check_achievements) to time the engine
core alone; without it the base pack's card effects run too. CPU time is measured, so other
processes on the machine do not count against the engine.
"""

from __future__ import annotations

import importlib
import random
import sys
import time

from whitedwarf.interpreter.lastlight.game import Game, load_content

MODULES = ("game", "setup", "research", "mine", "construct", "trade", "refresh", "command")
MODULES += ("combat", "graveyard", "rotation")


def stub_hooks() -> None:
    """Replace the effect entry points the engine calls by no-ops."""
    for name in MODULES:
        module = importlib.import_module(f"whitedwarf.interpreter.lastlight.{name}")
        for fn in ("fire", "run_card", "check_achievements"):
            if hasattr(module, fn):
                setattr(module, fn, lambda *args, **kwargs: None)


def bench(players: int, games: int) -> tuple[float, float, float]:
    """Games/s, decisions/s and decisions per game for random agents."""
    g = Game.from_content(load_content(), players, {"log": False})
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        state = g.new_state(seed)
        agent = random.Random(seed)
        while state["phase"] != "over":
            seat = g.current_players(state)[0]
            options = g.legal_options(state, seat)
            g.apply(state, seat, options[agent.randrange(len(options))].id, check=False)
            decisions += 1
    spent = time.process_time() - start
    return games / spent, decisions / spent, decisions / games


def main() -> None:
    """Print one line per player count."""
    games = int(next((a for a in sys.argv[1:] if a.isdigit()), "20"))
    if "--core" in sys.argv:
        stub_hooks()
    for players in (2, 3, 4):
        per_s, dec_s, per_game = bench(players, games)
        print(f"{players}p: {per_s:.1f} games/s, {dec_s:.0f} decisions/s, {per_game:.0f}/game")


if __name__ == "__main__":
    main()
