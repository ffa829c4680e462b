"""Record a playthrough of one seeded game, for tests/engine/test_playthrough.py.

A playthrough (the OpenSpiel convention) lists every decision of a seeded game with the
option's text and a summary of the position after it, so a change in the engine's
behaviour shows up as a readable diff. Regenerate after an intended rules change:

    python -m tests.playthrough            # rewrites tests/fixtures/playthrough/*.txt
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.state import state_hash

from tests.base_content import base_content

FOLDER = Path(__file__).parent / "fixtures" / "playthrough"
GAMES = {"lastlight_3p_seed7.txt": (3, 7)}


def position(state: dict[str, Any]) -> str:
    """Round, phase and each player's light and resources."""
    players = " ".join(
        f"{p['light']}L/{p['res']['common']}c{p['res']['uncommon']}u{p['res']['rare']}r"
        for p in state["players"]
    )
    return f"r{state['round']} {state['phase']} | {players}"


def record(players: int, seed: int) -> str:
    """The playthrough text of one seeded game with random seats."""
    game = Game.from_content(base_content(), players)
    state = game.new_state(seed)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    lines = [
        f"# lastlight base pack, {players} players, seed {seed}, random seats",
        f"# start {state_hash(state)[:16]} {position(state)}",
    ]
    number = 0
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        chosen = bots[seat].choose(state, seat, options)
        text = next(o.text for o in options if o.id == chosen)
        game.apply(state, seat, chosen, check=False)
        lines.append(f"{number} seat{seat} {chosen} ({text}) -> {position(state)}")
        number += 1
    result = state["result"]
    lines.append(f"# result {result['reason']}: winners {result['winners']}")
    lines.append(f"# final {state_hash(state)}")
    return "\n".join(lines) + "\n"


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, (players, seed) in GAMES.items():
        (FOLDER / name).write_text(record(players, seed), encoding="utf-8")
        print(f"wrote {FOLDER / name}", file=sys.stderr)


if __name__ == "__main__":
    main()
