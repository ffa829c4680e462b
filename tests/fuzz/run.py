"""Run one fuzz target under atheris (libFuzzer, coverage-guided) from its seed corpus.

    python -m tests.fuzz.run TARGET [--seconds N] [--runs N] [--grow] [-- LIBFUZZER ARGS]

TARGET is one of ``targets.py``'s (parser, checker, pack, save, replay) or ``all``: every
target in one process, an input's first line naming its target (the test suite's short run).

The whitedwarf modules are instrumented as they are imported, so the fuzzer keeps an input
that reaches new code and mutates it further. New inputs it finds are written to a scratch
folder (``--grow`` writes them into ``tests/fuzz/corpus/TARGET`` instead); a crash stops the
run, prints the traceback and writes the input to ``tests/fuzz/crashes/TARGET/crash-<sha1>``:
fix the bug and keep the file there (the test suite replays it). Exit status 0: no crash.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__)
    parser.add_argument("target", help="parser, checker, pack, save, replay, or all of them")
    parser.add_argument("--seconds", type=int, default=10, help="stop after this long")
    parser.add_argument("--runs", type=int, default=-1, help="stop after this many inputs")
    parser.add_argument("--grow", action="store_true", help="keep new inputs in the corpus")
    parser.add_argument("libfuzzer", nargs="*", help="more libFuzzer flags, after --")
    args = parser.parse_args(argv)

    import atheris  # imported here: `--help` and the corpus replay need no atheris

    with atheris.instrument_imports(include=["whitedwarf", "tests.fuzz"]):
        from tests.fuzz import targets

    if args.target not in (*targets.TARGETS, targets.EVERY):
        parser.error(f"no target {args.target!r}: one of {', '.join(targets.TARGETS)} or all")
    seeds = targets.CORPUS / args.target
    if args.target == targets.EVERY:  # each target's seeds, prefixed with its name
        seeds = Path(tempfile.mkdtemp(prefix="fuzz-all-seeds-"))
        targets.seed_every(seeds)
    crashes = targets.CRASHES / args.target
    crashes.mkdir(parents=True, exist_ok=True)
    grown = seeds if args.grow else Path(tempfile.mkdtemp(prefix=f"fuzz-{args.target}-"))
    flags = [
        f"-max_total_time={args.seconds}",
        f"-runs={args.runs}",
        f"-artifact_prefix={crashes}/",
        "-max_len=8192",
        "-timeout=20",  # seconds for one input: a hang is a crash too
        "-rss_limit_mb=4096",
        "-print_final_stats=1",
        *args.libfuzzer,
        str(grown),
        str(seeds),
    ]
    atheris.Setup([sys.argv[0], *flags], targets.runner(args.target))
    atheris.Fuzz()  # exits the process: 0 when the time or runs ran out without a crash
    return 0


if __name__ == "__main__":
    sys.exit(main())
