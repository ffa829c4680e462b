"""``whitedwarf report DIR...``: a batch's report rebuilt from its records, or the report of
several batches merged (run on other machines, or on other days), streamed record by record.

Batches merge when they played the same games' rules with the same agents: the same content
(its digest), players, agents, round limit and game options. Their seeds must differ, or they
played the same games twice. Anything else is refused in one sentence naming the difference.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.batch import BatchConfig
from whitedwarf.interpreter.simulation.report import terminal_summary
from whitedwarf.interpreter.simulation.tally import Tally
from whitedwarf.tools.atomic import cannot_write_in
from whitedwarf.tools.batch_report import write_report
from whitedwarf.tools.batch_run import tally_of

#: What two batches must share to be one report, and how a refusal names it.
_SAME = (
    ("digest", "packs (content digest)"),
    ("players", "players"),
    ("agents", "agents"),
    ("round_limit", "round limits"),
    ("options", "game options (--option)"),
    ("record_format", "record formats"),
)


@click.command("report")
@click.argument(
    "folders",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="folder for summary.json and report.html (default: the batch's own folder; "
    "required when merging several)",
)
def report(folders: tuple[Path, ...], out: Path | None) -> None:
    """Rebuild the report (summary.json, report.html, the sentences) from the records in
    one or more batch folders; several batches of the same packs and agents merge into one.
    """
    if out is None:
        if len(folders) > 1:
            raise click.UsageError(
                f"give --out DIR for the report of the {len(folders)} batches merged"
            )
        out = folders[0]
    configs = []
    for folder in folders:
        if not (folder / store.CONFIG).exists():
            raise click.ClickException(f"{folder} holds no batch ({store.CONFIG} is missing)")
        try:
            configs.append(store.load_config(folder))
        except store.StoreError as error:
            raise click.ClickException(str(error)) from None
    _check_mergeable(folders, configs)
    tally = Tally()
    for folder, config in zip(folders, configs, strict=True):
        before = tally.records
        tally_of(folder, tally)
        read = tally.records - before
        if read < config.games:
            click.echo(
                f"note: {folder} holds {read} of {counted(config.games, 'game')} "
                f"(continue it with `whitedwarf simulate --resume {folder}`)",
                err=True,
            )
    if not tally.records:
        held = "holds" if len(folders) == 1 else "hold"
        raise click.ClickException(
            f"{', '.join(map(str, folders))} {held} no game records yet: nothing to report"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        summary = _write(out, tally, configs[0])
    except OSError as error:
        raise click.ClickException(cannot_write_in(out, error)) from None
    click.echo(terminal_summary(summary["sentences"]))
    click.echo(f"report: {out / 'report.html'}")


def _write(out: Path, tally: Tally, config: BatchConfig) -> dict[str, Any]:
    """The report, naming the packs and cards when the batch's packs load here (a batch from
    another machine may name packs this one does not have: then ids alone)."""
    try:
        return write_report(out, tally, config)
    except click.ClickException:
        return write_report(out, tally)


def _setting(config: BatchConfig, name: str) -> Any:
    if name == "options":
        return config.extra.get("options", {})
    value = getattr(config, name)
    return list(value) if isinstance(value, tuple) else value


def _check_mergeable(folders: tuple[Path, ...], configs: list[BatchConfig]) -> None:
    """Refuse batches that are not of the same games' rules and agents, or that share a
    seed (and so played the same games)."""
    first, base = folders[0], configs[0]
    for folder, config in zip(folders[1:], configs[1:], strict=True):
        for name, words in _SAME:
            mine, theirs = _setting(base, name), _setting(config, name)
            if mine != theirs:
                raise click.ClickException(
                    f"cannot merge {first} and {folder}: their {words} differ "
                    f"({_show(mine)} in {first}, {_show(theirs)} in {folder})"
                )
    seen: dict[int, Path] = {}
    for folder, config in zip(folders, configs, strict=True):
        if config.seed in seen:
            raise click.ClickException(
                f"cannot merge {seen[config.seed]} and {folder}: both are of seed {config.seed}, "
                "so they played the same games; give each batch its own --seed"
            )
        seen[config.seed] = folder


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value)) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in sorted(value.items())) or "none"
    return str(value)
