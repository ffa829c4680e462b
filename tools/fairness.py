"""``whitedwarf fairness DIR...``: is the pack of these batches fair, player count by player count?

Each folder is a ``simulate`` batch (any ``--records`` format). Its records are read one at a
time; each faction, achievement set (Last Light) and god (Starlight) is tested against its
fair share, Holm-corrected over the batch, and seat 0's win rate against 1/players
(interpreter/simulation/fairness.py). The verdict goes to stdout, a folder a paragraph; the
exit status is 0 when every batch is fair, 1 when one is not (docs/simulate.md "Fairness").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from whitedwarf.interpreter.simulation import fairness, store
from whitedwarf.interpreter.simulation.batch import BatchConfig
from whitedwarf.interpreter.simulation.labels import display_names
from whitedwarf.tools.batch_report import load_batch_packs
from whitedwarf.tools.batch_run import count_records
from whitedwarf.tools.number_param import Finite
from whitedwarf.tools.session import ContentProblem


@click.command("fairness")
@click.argument(
    "folders",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)
@click.option(
    "--first-seat",
    "first_seat",
    type=Finite(0, 100),
    default=fairness.FIRST_SEAT_POINTS,
    show_default=True,
    help="the first seat's advantage allowed, in points of win rate",
)
@click.option(
    "--table", is_flag=True, help="also print every side as a Markdown table (for BENCHMARKS.md)"
)
@click.option(
    "--json",
    "json_out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="write every batch's numbers to this file",
)
def fairness_command(
    folders: tuple[Path, ...], first_seat: float, table: bool, json_out: Path | None
) -> None:
    """Say whether each batch's invented factions, achievement sets and gods win their fair
    share (Holm-corrected, 95%) and its first seat is within --first-seat points; exit 1
    when one is not."""
    results = []
    for folder in folders:
        config, pack = _batch(folder)
        tally = fairness.SideTally(pack)
        count_records(folder, tally.add)
        if not tally.games:
            raise click.ClickException(f"{folder} holds no finished game to judge")
        result = fairness.judge(tally, pack, first_seat)
        result.update(folder=str(folder), seed=config.seed, agents=list(config.agents))
        names = display_names(pack)
        click.echo(f"{folder}:")
        for line in fairness.sentences(result, names):
            click.echo(line)
        if table:
            click.echo("")
            for line in fairness.table(result, names):
                click.echo(line)
            click.echo("")
        results.append(result)
    if json_out is not None:
        json_out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if not all(r["fair"] for r in results):
        raise SystemExit(1)


def _batch(folder: Path) -> tuple[BatchConfig, dict[str, Any]]:
    """The batch's settings and the merged data of the packs it played, as they are now
    (loaded as every report loads a batch's packs: ``batch_report.load_batch_packs``)."""
    try:
        config = store.load_config(folder)
    except store.StoreError as error:
        raise click.ClickException(str(error)) from None
    try:
        loaded = load_batch_packs(config)
    except ContentProblem as error:  # its diagnostics are printed already
        raise ContentProblem(f"{folder}: {error.message}") from None
    return config, loaded.pack.data
