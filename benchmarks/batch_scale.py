"""The memory of a batch's own process at scale (issue 28), as BENCHMARKS.md "Batches at
scale" measured it.

Run ``python benchmarks/batch_scale.py simulate ARGS...`` to run ``whitedwarf simulate ARGS``
and print, at exit, this (the parent) process's peak resident memory and wall time: the
workers' memory is not in it (``/usr/bin/time -v`` gives the largest of all).

``python benchmarks/batch_scale.py --handed-out SOURCE simulate ARGS...`` does the same with
the games handed out instead of played: the records of the played batch in folder SOURCE,
cycled with their index renumbered, in place of ``batch_run.run_local``. It measures the
parent's side of a batch (records written, counted, the report made) at a size this machine
cannot play in a session.
"""

from __future__ import annotations

import atexit
import json
import resource
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def said(start: float) -> None:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"parent peak RSS: {peak} KB; wall: {time.monotonic() - start:.1f} s", file=sys.stderr)


def hand_out(source: Path) -> None:
    """Replace the local workers with the records of ``source``, cycled."""
    from whitedwarf.tools import batch_run

    with (source / "games.jsonl").open(encoding="utf-8") as lines:
        texts = [line.rstrip("\n") for line in lines]

    def handed_out(config: Any, indices: range, workers: int) -> Iterator[dict[str, Any]]:
        for i in indices:
            yield {**json.loads(texts[i % len(texts)]), "index": i}

    batch_run.run_local = handed_out  # type: ignore[assignment]


def main() -> None:
    atexit.register(said, time.monotonic())
    args = sys.argv[1:]
    if args[:1] == ["--handed-out"]:
        hand_out(Path(args[1]))
        args = args[2:]
    from whitedwarf.tools.cli import main as whitedwarf

    whitedwarf(args, prog_name="whitedwarf")


if __name__ == "__main__":
    main()
