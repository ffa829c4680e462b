"""Starlight: what the heuristic gains by using a held Flare's boon in a last turn without a
star (docs/rules-decisions.md SL160, SL162). A paired measure, not a timing.

Run: ``python benchmarks/last_turn_boons.py --seeds 0 200 --players 3``. Heuristic games of
live seats on the bundled pack; each seat that reaches its last turn without a complete star
(``turn_state["assembling"]``) has the rest of the game played twice from there: answering
``end`` there (the forfeit), and using the first boon offered while the star cannot be
assembled; every other decision is the heuristic's. Prints the seats that got there, the
mean difference of their final points (and how many were better, worse, the same) and the
wins of those seats both ways (a shared win counted as a fraction).
"""

from __future__ import annotations

import argparse
from typing import Any

from whitedwarf.interpreter.starlight.agents.agent import decide
from whitedwarf.interpreter.starlight.scenario import new_game


def finish(game: Any, state: Any, seat: int, use_boons: bool) -> tuple[int, float]:
    """The rest of the game from ``state``; ``seat``'s final points and share of the win."""
    while not game.is_terminal(state):
        s = game.current_players(state)[0]
        ids = [o.id for o in game.legal_options(state, s)]
        turn = state.get("turn_state") or {}
        if s == seat and turn.get("assembling") and not state["frames"]:
            boons = [i for i in ids if i.startswith("boon:")]
            pick = (boons[0] if boons else "end") if use_boons else "end"
        else:
            pick = decide(game, game.observation(state, s), s, ids)
        game.apply(state, s, pick)
    result = state["result"]
    won = 1 / len(result["winners"]) if seat in result["winners"] else 0.0
    return result["points"][seat], won


def main() -> None:
    """Play the seeds and print the paired comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 200), metavar=("FROM", "TO"))
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    game = new_game(seats=("live",) * args.players)
    diffs: list[int] = []
    wins = [0.0, 0.0]
    for seed in range(*args.seeds):
        state = game.new_state(seed)
        seen: set[int] = set()
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            ids = [o.id for o in game.legal_options(state, seat)]
            if (state.get("turn_state") or {}).get("assembling") and seat not in seen:
                seen.add(seat)
                # The heuristic as it is may use the boons itself: both answers are forced.
                before = finish(game, game.clone(state), seat, False)
                after = finish(game, game.clone(state), seat, True)
                diffs.append(after[0] - before[0])
                wins[0] += before[1]
                wins[1] += after[1]
            game.apply(state, seat, decide(game, game.observation(state, seat), seat, ids))
    n = max(len(diffs), 1)
    print(
        f"seeds {args.seeds[0]}-{args.seeds[1] - 1}, {args.players} players: "
        f"{len(diffs)} seats reached a last turn without a star; points with the boons "
        f"minus without: mean {sum(diffs) / n:.2f} (better {sum(d > 0 for d in diffs)}, "
        f"worse {sum(d < 0 for d in diffs)}, same {sum(d == 0 for d in diffs)}); "
        f"their wins without {wins[0]:.1f}, with {wins[1]:.1f}"
    )


if __name__ == "__main__":
    main()
