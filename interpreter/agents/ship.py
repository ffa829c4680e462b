"""Learn again the card values shipped for the bundled packs (``interpreter/agents/values.py``).

``python -m whitedwarf.interpreter.agents.ship [--workers N] [--games G] [GAME ...]`` runs each
game's experiment on its bundled pack (``G`` games, else the experiment's ``default_games``)
and writes the values beside its agents (``interpreter/<game>/agents/learned_values.json``),
keyed by the pack's content digest; a test (``tests/agents/test_learned_values.py``) says when
a pack changed and they are stale.
A game takes part by having ``agents/learning.py`` with a ``ship(workers)`` function; the
module is found from the game's engine, by name, so this layer imports no game.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from whitedwarf.interpreter.engines import engine_for

GAMES = ("lastlight", "starlight")


def ship(game: str, workers: int, games: int | None = None) -> str:
    """Learn and write one game's shipped values (from ``games`` games, else the game's
    default); a line saying what was written."""
    package = engine_for(game).game.__module__.rpartition(".")[0]
    learning = importlib.import_module(f"{package}.agents.learning")
    found = learning.ship(workers, games)
    return (
        f"{game}: {len(found.values)} cards from {found.games} games "
        f"({found.notes.get('seconds')} s), digest {found.digest} -> {learning.SHIPPED}"
    )


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m whitedwarf.interpreter.agents.ship")
    parser.add_argument("games", nargs="*", default=list(GAMES), help="games (default: both)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--games",
        dest="learn_games",
        type=int,
        default=None,
        help="games to learn from (default: the game's own)",
    )
    args = parser.parse_args(argv)
    for game in args.games:
        print(ship(game, args.workers, args.learn_games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
