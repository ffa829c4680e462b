"""A long run of the game fuzzer: generated effects that validate clean, played in games.

Run: ``python benchmarks/fuzz_games.py [--game lastlight|starlight|both] [--batches N]
[--first SEED] [--per-kind K] [--games G]``. Each batch is one mod pack (K texts of every
card kind, drawn from the batch's seed) played in G seeded random-agent games; the fuzzer is
``tests/fuzzgame`` (the test suite runs a fixed 60 batches of each game). Prints how many
texts and games ran, the games the engine stopped at an effect limit (its own clear error,
which is allowed) and every failure with its batch, seat count, game seed and traceback;
exits 1 when any game failed. A failure reproduces with the same arguments, and its batch
alone with ``--first BATCH --batches 1``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzzgame import games, starlight
from tests.fuzzgame.games import Report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("lastlight", "starlight", "both"), default="both")
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--first", type=int, default=1000, help="first batch seed")
    parser.add_argument("--per-kind", type=int, default=10, help="texts of each card kind")
    parser.add_argument("--games", type=int, default=6, help="games on each pack")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.batches)
    failed = False
    for name, runner in (("lastlight", games.run), ("starlight", starlight.run)):
        if args.game not in (name, "both"):
            continue
        start = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            report = runner(Path(folder), seeds, args.per_kind, args.games)
        failed |= _print(name, report, time.perf_counter() - start)
    return 1 if failed else 0


def _print(name: str, report: Report, seconds: float) -> bool:
    kinds = Counter(o.kind for o in report.outcomes)
    print(
        f"{name}: {report.texts} texts, {len(report.outcomes)} games in {seconds:.0f} s: "
        f"{kinds['ended']} ended, {kinds['limit']} stopped at an effect limit, "
        f"{kinds['failure']} failed"
    )
    for o in report.outcomes:
        if o.kind == "limit":
            print(
                f"  limit: batch {o.seed // 1000}, {o.players} players, seed {o.seed}: {o.detail}"
            )
    for o in report.failures():
        print(f"  FAILED: batch {o.seed // 1000}, {o.players} players, seed {o.seed}:")
        print("    " + o.detail.strip().replace("\n", "\n    "))
    return bool(report.failures())


if __name__ == "__main__":
    raise SystemExit(main())
