"""Shared by ``simulate`` and ``compare``: run a batch into its folder, showing progress.

On a terminal the progress is a rich bar. Anywhere else (a CI log, stderr piped to a file)
a bar would be escape codes or nothing, and a long batch would be silent for minutes, so it
is plain lines on stderr instead: about one every :data:`LINE_EVERY` seconds while games
finish, and one when a batch that said anything ends. A batch shorter than that says
nothing, so a script or test running a few games sees the output it always saw. stdout
carries only the report, so whatever parses it is not disturbed; ``--quiet`` turns the
progress off.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError, prepare_agents
from whitedwarf.interpreter.simulation.tally import Tally
from whitedwarf.interpreter.simulation.workers import run_local, usable_cores
from whitedwarf.tools import ctrl_c
from whitedwarf.tools.exits import Interrupted

#: Seconds between two progress lines when stderr is not a terminal.
LINE_EVERY = 10.0


def run_into(
    folder: Path,
    config: BatchConfig,
    workers: int | None,
    cluster: str | None,
    label: str,
    quiet: bool = False,
    resume_with: str | None = None,
    security: Any = None,
) -> Tally:
    """Play the games of ``config`` not yet in ``folder``; the tally of all its records,
    counted as they arrive (none is held). ``workers`` None is one process a usable core;
    ``quiet`` shows no progress; ``security`` is the cluster's TLS (cluster.py).

    Ctrl-C, or a cluster lost mid-batch, stops the run, keeps every finished game and tells
    how to resume: with ``resume_with`` (``compare --resume DIR``, which continues both of
    its batches), else ``--resume FOLDER``.
    """
    kind = store.records_kind(config)
    try:
        kept = store.finished(folder, kind)
        tally = tally_of(folder)
    except store.StoreError as error:
        raise click.ClickException(str(error)) from None
    if kept < config.games:  # card values learned the first time a pack is played
        with values.progress_shown(not quiet):
            prepare_agents(config)
    source = _source(
        config, range(kept, config.games), workers or usable_cores(), cluster, security
    )
    try:
        with (
            ctrl_c.remembered() as heard,
            progress_for(label, config.games, kept, quiet) as progress,
        ):
            written = store.append(folder, source, progress.advance, kind)
            try:
                for record in written:
                    tally.add(record)
                    heard.check()  # a Ctrl-C a finaliser swallowed stops the run here
            finally:  # what a format holds back is written before the games are counted
                written.close()
    except KeyboardInterrupt:
        raise Interrupted(_kept(folder, config, resume_with)) from None
    except BatchError as error:
        raise click.ClickException(f"{error}; {_kept(folder, config, resume_with)}") from None
    except store.StoreError as error:
        raise click.ClickException(str(error)) from None
    return tally


def _kept(folder: Path, config: BatchConfig, resume_with: str | None = None) -> str:
    """What an interrupted run kept, and how to go on: the whole command to type
    (``whitedwarf simulate --resume DIR``), as ``tune`` and ``explain`` say theirs."""
    kept = store.finished(folder, store.records_kind(config))
    again = resume_with or f"simulate --resume {folder}"
    return (
        f"{kept} of {counted(config.games, 'game')} kept in {folder}; "
        f"continue with whitedwarf {again}"
    )


def tally_of(folder: Path, tally: Tally | None = None) -> Tally:
    """The tally of the records in ``folder`` (added to ``tally`` when given), streamed from
    its file; a record edited into something the report cannot count is a ClickException
    naming the folder and the record."""
    tally = Tally() if tally is None else tally
    count_records(folder, tally.add)
    return tally


def count_records(folder: Path, add: Callable[[dict[str, Any]], None]) -> int:
    """Pass each record of ``folder`` to ``add`` (a report's or a fairness judge's tally); a
    record edited into something it cannot count is a ClickException naming the folder and
    the record (fairness ended in an internal error on one). How many were counted."""
    counted = 0
    try:
        for record in store.records(folder):
            problem = store.record_problem(record, counted)
            counted += 1
            if problem is not None:
                raise click.ClickException(
                    f"{folder}: record {counted}: {problem}; delete the edited records to "
                    "play those games again"
                )
            add(record)
    except store.StoreError as error:
        raise click.ClickException(str(error)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        # Records checked one by one (store.finished) may still hold an edited value.
        raise click.ClickException(
            f"{folder}: record {counted} cannot be counted ({error!r}); delete the "
            "edited records to play those games again"
        ) from None
    return counted


def _source(
    config: BatchConfig,
    todo: range,
    workers: int,
    cluster: str | None,
    security: Any = None,
) -> Iterator[dict[str, Any]]:
    if cluster is None:
        return run_local(config, todo, workers)
    from whitedwarf.interpreter.simulation.cluster import run_cluster

    # A missing Dask or a scheduler that cannot be reached or is lost is a BatchError,
    # reported by run_into with the games kept.
    return run_cluster(config, todo, cluster, workers, security)


def progress_kind(quiet: bool = False) -> Literal["bar", "lines", "none"]:
    """How a batch shows its progress: nothing with ``--quiet``; a bar on a terminal; plain
    lines on stderr when it is not one, or in CI (where ``CI`` is set: its log keeps each
    redrawing of a bar)."""
    if quiet:
        return "none"
    in_ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
    return "lines" if in_ci or not sys.stderr.isatty() else "bar"


def progress_for(label: str, total: int, done: int, quiet: bool = False) -> Any:
    """The progress display of a batch (see :func:`progress_kind`), used as a context manager
    whose ``advance()`` is called once for each game finished."""
    kind = progress_kind(quiet)
    if kind == "bar":
        return _Progress(label, total, done)
    if kind == "lines":
        return ProgressLines(label, total, done)
    return _Progress(label, total, done, show=False)


def clock_time(seconds: float) -> str:
    """``1:02:03``, ``0:00:07``: a duration as the progress bar writes it."""
    whole = max(0, round(seconds))
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def time_left(elapsed: float, played: int, to_play: int) -> str:
    """``0:00:30 elapsed, about 0:01:10 left``: the time ``played`` games took, and the
    time ``to_play`` more would take at that pace."""
    left = elapsed / max(1, played) * to_play
    return f"{clock_time(elapsed)} elapsed, about {clock_time(left)} left"


class ProgressLines:
    """Progress as plain lines on stderr, for logs: where the batch is, how long it has
    run, and about how long is left (from the games played in this run only, so a resumed
    batch does not count the earlier run's games as played in no time)."""

    def __init__(
        self,
        label: str,
        total: int,
        done: int,
        every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label, self.total, self.done, self.first = label, total, done, done
        self.every = LINE_EVERY if every is None else every
        self.clock = clock
        self.start = self.last = 0.0
        self.said = False

    def __enter__(self) -> ProgressLines:
        self.start = self.last = self.clock()
        return self

    def advance(self) -> None:
        """One more game finished: a line if the last one (or the start) is ``every``
        seconds old."""
        self.done += 1
        now = self.clock()
        if self.done < self.total and now - self.last >= self.every:
            self.last = now
            self._say(
                f"{self.done}/{counted(self.total, 'game')} ({100 * self.done // self.total}%), "
                + time_left(now - self.start, self.done - self.first, self.total - self.done)
            )

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        # Interrupted or failed: run_into says what happened and what was kept.
        elapsed = self.clock() - self.start
        if kind is None and self.done > self.first and (self.said or elapsed >= self.every):
            self._say(f"{self.done}/{counted(self.total, 'game')} in {clock_time(elapsed)}")

    def _say(self, text: str) -> None:
        self.said = True
        click.echo(f"{self.label}: {text}", err=True)


class _Progress:
    """A rich progress bar with games/s and time left (nothing when not ``show``)."""

    def __init__(self, label: str, total: int, done: int, show: bool = True) -> None:
        self.label, self.total, self.done, self.show = label, total, done, show
        self.bar: Any = None

    def __enter__(self) -> _Progress:
        if not self.show:
            return self
        from rich.console import Console
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
            # On stderr, the terminal progress_kind looked at: rich's default console is
            # stdout, which put the bar's last frame into `simulate > report.txt`.
            console=Console(stderr=True),
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
