"""Do two versions of the engine play the same games, move for move? A digest per seeded game.

Run: ``python benchmarks/same_games.py --out A.jsonl`` on each version (each with its own
install), then ``python benchmarks/same_games.py --compare A.jsonl B.jsonl``.

Random-agent games of the base pack, 2-4 players, with the game-end light (``supply.yaml``
rules ``game_end_light``) set to 10, 20 (the base game) and 40: 25, 25 and 17 seeds per
player count and length, 201 games. For each game the digest covers the option list (ids
and texts) offered at every decision and the option chosen, and the final state hash; two
versions play the same games when every line is equal. This is a check to run around an
engine change that must not change the rules (a speed change), not a timing. ``--ids-only``
leaves the option texts out of the digest: the check for a change that rewords what the
options say on purpose (the moves and the final states must still be the same).

``--content DIR`` plays the Last Light pack in DIR instead of the bundled one. The bundled
pack's numbers change on purpose (issue 25: tuned for fairness, docs/rules-decisions.md), and
then its games differ for the content's sake, not the engine's; to check an engine against
an older one, play both on the same pack, e.g. the one of the older commit::

    git archive c473e1a content/lastlight | tar -x -C /tmp/old
    python benchmarks/same_games.py --content /tmp/old/content/lastlight --out B.jsonl

(the older version may run this file with its own install: ``load_game_content`` takes the
folder in both).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.game import Game, load_game_content
from whitedwarf.interpreter.state import state_hash

#: Game-end light -> seeds per player count.
LENGTHS = {10: 25, 20: 25, 40: 17}


def content_to(light: int, pack: Path | None = None) -> GameContent:
    """The base pack (or the pack in ``pack``) with the game ending at ``light`` light."""
    base = load_game_content([pack] if pack is not None else [])
    files = copy.deepcopy(base.files)
    files["supply"]["rules"]["game_end_light"] = light
    return GameContent(files, f"{base.name}-to-{light}")


def digest(game: Game, seed: int, texts: bool = True) -> dict[str, Any]:
    """One seeded random game's decisions, digest of options (with their ``texts``) and
    choices, and final hash."""
    state = game.new_state(seed)
    bots = [make_bot("random", seed, seat) for seat in range(game.players)]
    moves = hashlib.sha256()
    decisions = 0
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        shown = [[o.id, o.text] if texts else o.id for o in options]
        moves.update(json.dumps(shown).encode())
        chosen = bots[seat].choose(state, seat, options)
        moves.update(f"{seat}:{chosen}".encode())
        game.apply(state, seat, chosen, check=False)
        decisions += 1
    return {"decisions": decisions, "moves": moves.hexdigest(), "final": state_hash(state)}


def games(
    scale: float = 1.0, texts: bool = True, pack: Path | None = None
) -> Iterator[dict[str, Any]]:
    """The digest of every game, in a fixed order (on the pack in ``pack``: the bundled one
    when None)."""
    for light, seeds in LENGTHS.items():
        data = content_to(light, pack)
        for players in (2, 3, 4):
            game = Game.from_content(data, players)
            for seed in range(max(1, round(seeds * scale))):
                played = digest(game, seed, texts)
                yield {"light": light, "players": players, "seed": seed, **played}


def compare(a: Path, b: Path) -> int:
    """Print the games that differ; 0 when every game is the same."""
    left = a.read_text().splitlines()
    right = b.read_text().splitlines()
    differ = [x for x, y in zip(left, right, strict=False) if x != y]
    if len(left) != len(right):
        print(f"{a}: {len(left)} games, {b}: {len(right)} games")
    for line in differ:
        print("differs:", line)
    same = len(left) == len(right) and not differ
    print(f"{len(left)} games, {'all the same' if same else f'{len(differ)} differ'}")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    """Write the digests, or compare two files of them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write one JSON line per game here")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("A", "B"))
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the seeds")
    parser.add_argument(
        "--ids-only", action="store_true", help="leave the option texts out of the digest"
    )
    parser.add_argument(
        "--content",
        type=Path,
        metavar="DIR",
        help="play the Last Light pack in DIR (default: the bundled one)",
    )
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give --out FILE or --compare A B")
    with args.out.open("w") as out:
        for line in games(args.scale, texts=not args.ids_only, pack=args.content):
            out.write(json.dumps(line, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
