"""The long fuzzing run: every target in turn under atheris, for a total time.

    python -m tests.fuzz.long --minutes 30 [--grow] [TARGET ...]

Each target (``targets.py``: parser, checker, pack, save, replay) gets an equal share of the
time, one after the other (one core). A crash stops that target's run, keeps its input in
``tests/fuzz/crashes/TARGET/`` and is listed at the end; the exit status is 1 if any target
crashed. ``--grow`` keeps the new inputs each run finds in the seed corpus (review and trim
before committing: a seed should stay a small file). docs/packs.md "Fuzzing" says how a
crash becomes a test.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from tests.fuzz.targets import CRASHES, TARGETS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.long", description=__doc__)
    parser.add_argument("--minutes", type=float, default=30, help="total time, all targets")
    parser.add_argument("--grow", action="store_true", help="keep new inputs in the corpus")
    parser.add_argument("targets", nargs="*", default=list(TARGETS), help="default: all")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.targets) - set(TARGETS))
    if unknown:
        parser.error(f"no target {', '.join(unknown)}: one of {', '.join(TARGETS)}")
    seconds = max(1, int(args.minutes * 60 / len(args.targets)))
    crashed = []
    for target in args.targets:
        before = set((CRASHES / target).glob("*"))
        print(f"fuzzing {target} for {seconds} s", flush=True)
        command = [sys.executable, "-m", "tests.fuzz.run", target, f"--seconds={seconds}"]
        if args.grow:
            command.append("--grow")
        done = subprocess.run(command, check=False)
        found = sorted(set((CRASHES / target).glob("*")) - before)
        if done.returncode != 0 or found:
            crashed.append(f"{target}: exit {done.returncode}, {', '.join(map(str, found))}")
    for line in crashed:
        print(f"crash: {line}")
    print("no crash" if not crashed else f"{len(crashed)} target(s) crashed")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
