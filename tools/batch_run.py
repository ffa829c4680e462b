"""Shared by ``simulate`` and ``compare``: run a batch into its folder with a progress bar."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError
from whitedwarf.interpreter.simulation.workers import run_local, usable_cores


def run_into(
    folder: Path, config: BatchConfig, workers: int | None, cluster: str | None, label: str
) -> list[dict[str, Any]]:
    """Play the games of ``config`` not yet in ``folder``; all its records, in order.
    ``workers`` None is one process a usable core.

    Ctrl-C stops the run, keeps every finished game and tells how to resume.
    """
    try:
        done = store.finished(folder)
    except store.StoreError as error:
        raise click.ClickException(str(error)) from None
    todo = list(range(len(done), config.games))
    source = _source(config, todo, workers or usable_cores(), cluster)
    try:
        with _Progress(label, config.games, len(done)) as progress:
            done += list(store.append(folder, source, progress.advance))
    except KeyboardInterrupt:
        kept = len(store.finished(folder))
        raise click.ClickException(
            f"interrupted: {kept} of {config.games} games kept in {folder}; "
            f"continue with --resume {folder}"
        ) from None
    except BatchError as error:
        raise click.ClickException(str(error)) from None
    return done


def _source(
    config: BatchConfig, todo: list[int], workers: int, cluster: str | None
) -> Iterator[dict[str, Any]]:
    if cluster is None:
        return run_local(config, todo, workers)
    from whitedwarf.interpreter.simulation.cluster import run_cluster

    # A missing Dask or an unreachable scheduler is a BatchError, reported by run_into.
    return run_cluster(config, todo, cluster, workers)


def quiet() -> bool:
    """No progress bar in CI or when the output is not a terminal."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes") or not sys.stderr.isatty()


class _Progress:
    """A rich progress bar with games/s and time left; nothing when :func:`quiet`."""

    def __init__(self, label: str, total: int, done: int) -> None:
        self.label, self.total, self.done = label, total, done
        self.bar: Any = None

    def __enter__(self) -> _Progress:
        if quiet():
            return self
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
            transient=False,
        )
        self.bar.start()
        self.task = self.bar.add_task(self.label, total=self.total, completed=self.done, rate="")
        return self

    def advance(self) -> None:
        if self.bar is not None:
            speed = self.bar.tasks[0].speed
            self.bar.update(self.task, advance=1, rate=f"{speed:.1f} games/s" if speed else "")

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
