"""Run a batch's games in local worker processes, yielding records in game order.

Games are handed out in small chunks of consecutive indices; ``imap`` returns the chunks in
order, so the records come back in index order whatever the number of workers, and a batch
interrupted part-way has written a prefix of its games (what ``--resume`` continues from).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from typing import Any

from whitedwarf.interpreter.simulation.batch import BatchConfig, run_indices

#: Games per task handed to a worker: small enough for a smooth progress bar and a short
#: loss on Ctrl-C, large enough that sending tasks costs nothing next to playing them.
CHUNK = 4


def chunks(indices: Sequence[int], size: int = CHUNK) -> Iterator[list[int]]:
    """Consecutive runs of ``size`` indices, made as they are asked for (a batch of a
    million games is not a list of a quarter of a million tasks up front)."""
    for i in range(0, len(indices), size):
        yield list(indices[i : i + size])


def usable_cores() -> int:
    """The cores this process may run on (its affinity, where the system tells it), at least 1:
    the default number of workers, so a batch uses the machine unless told otherwise."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no affinity on this system (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def run_local(
    config: BatchConfig, indices: Sequence[int], workers: int
) -> Iterator[dict[str, Any]]:
    """Records of games ``indices``, in order, played by ``workers`` processes (1: here).

    No more processes are started than there are chunks to hand out: a batch of one chunk is
    played here, with no pool to start."""
    workers = min(workers, -(-len(indices) // CHUNK))  # no more than there are chunks
    if workers <= 1:
        for index in indices:
            yield from run_indices(config, [index])
        return
    context = multiprocessing.get_context("spawn" if _threads_unsafe() else "fork")
    pool = context.Pool(workers, initializer=_ignore_interrupts)
    try:
        # imap takes the tasks as the pool has room for them, and returns them in order.
        tasks = ((config, chunk) for chunk in chunks(indices))
        for records in pool.imap(_run_chunk, tasks):
            yield from records
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _run_chunk(task: tuple[BatchConfig, list[int]]) -> list[dict[str, Any]]:
    config, indices = task
    return run_indices(config, indices)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps what is written."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _threads_unsafe() -> bool:
    """Forking a process that runs threads can deadlock; spawn then (e.g. under Dask)."""
    import threading

    return threading.active_count() > 1
