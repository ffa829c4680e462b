"""``whitedwarf ladder``: mixed-seat games of several agents and their ratings with intervals.

The games are an ordinary batch (``simulate``'s folder, records and workers) whose seats are
rotated (``batch.rotated``); the ratings are fitted from its records
(``interpreter/simulation/ladder.py``). Without ``--out`` the batch is played in a temporary
folder; Ctrl-C then prints the ladder of the games finished and exits 130 (with ``--out``
they are kept too, and ``ladder --resume DIR`` continues).
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path

import click
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.batch import BatchConfig
from whitedwarf.interpreter.simulation.ladder import fit, table_text
from whitedwarf.tools.atomic import cannot_write_in
from whitedwarf.tools.batch_report import load_batch_packs
from whitedwarf.tools.batch_run import run_into
from whitedwarf.tools.exits import Interrupted, OutputExists
from whitedwarf.tools.resumed import check_resumed_batch
from whitedwarf.tools.seed_param import seed_option
from whitedwarf.tools.session import (
    PACK_OPTION,
    PACK_PATH_OPTION,
    ROUND_LIMIT_OPTION,
    comma_names,
)
from whitedwarf.tools.simulate import (
    QUIET_OPTION,
    SETTING_OPTION,
    WORKERS_OPTION,
    batch_config,
    games_option,
    refuse_changed_packs,
    refuse_settings_with_resume,
)
from whitedwarf.tools.think import THINK_OPTION, refuse_think_unused

#: The ladder's table as JSON, in its folder.
RESULT = "ladder.json"

_LADDER_SETTINGS = {
    "packs": "--pack",
    "pack_paths": "--pack-path",
    "players": "--players",
    "games": "--games",
    "agents": "--agents",
    "seed": "--seed",
    "round_limit": "--round-limit",
    "settings": "--option",
    "think": "--think",
    "out": "--out",
    "force": "--force",
}


@click.command("ladder")
@PACK_OPTION
@PACK_PATH_OPTION
@click.option(
    "--agents",
    default="random,heuristic,search",
    show_default=True,
    help="the comma-separated agents to rate: each plays in every game, its seat turned by one "
    "a game",
)
@click.option(
    "--players",
    type=int,
    default=None,
    show_default="one seat an agent",
    help="seats a game (at most the number of agents: each game seats each agent once)",
)
@games_option(60, "games to play (each agent sits in each seat equally often)")
@seed_option("the ladder's seed")
@WORKERS_OPTION
@ROUND_LIMIT_OPTION
@SETTING_OPTION
@THINK_OPTION
@click.option("--json", "as_json", is_flag=True, help="print the table as JSON")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="keep the games and ladder.json in this folder (default: a temporary one)",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="continue the interrupted ladder in this folder (its settings are kept)",
)
@click.option("--force", is_flag=True, help="overwrite the ladder already in --out")
@QUIET_OPTION
def ladder(
    packs: tuple[Path, ...],
    pack_paths: tuple[Path, ...],
    agents: str,
    players: int | None,
    games: int,
    seed: int,
    workers: int | None,
    round_limit: int,
    settings: tuple[str, ...],
    think: float | None,
    as_json: bool,
    out: Path | None,
    resume: Path | None,
    force: bool,
    quiet: bool,
) -> None:
    """Rate agents from mixed-seat games (openskill's Plackett-Luce model), with intervals.

    The table goes to standard output; progress to standard error, as simulate's does.
    """
    if resume is not None:
        refuse_settings_with_resume(click.get_current_context(), _LADDER_SETTINGS, "ladder")
        try:
            config = store.load_config(resume)
        except store.StoreError as error:
            raise click.ClickException(str(error)) from None
        loaded = load_batch_packs(config)
        refuse_changed_packs(resume, config, loaded)
        check_resumed_batch(resume, config, loaded)
        _play_and_rate(resume, config, workers, quiet, as_json, f"ladder --resume {resume}")
        return
    names = comma_names(agents, "--agents")
    if len(set(names)) != len(names) or len(names) < 2:
        raise click.BadParameter(
            "name two or more different agents (random,heuristic,search)", param_hint="--agents"
        )
    refuse_think_unused(think, names, "--agents")
    seats = len(names) if players is None else players
    if not 1 <= seats <= len(names):
        raise click.BadParameter(
            f"a ladder game seats each agent once: at most {len(names)} players for "
            f"{len(names)} agents, not {seats}",
            param_hint="--players",
        )
    config = batch_config(packs, pack_paths, seats, games, ",".join(names), seed, round_limit,
                          settings)  # fmt: skip
    think_setting = {} if think is None else {"think": think}
    config = dataclasses.replace(config, extra=config.extra | {"rotate": True} | think_setting)
    if out is None:
        with tempfile.TemporaryDirectory(prefix="whitedwarf-ladder-") as folder:
            store.prepare(Path(folder), config, force=True)
            _play_and_rate(Path(folder), config, workers, quiet, as_json, None)
        return
    try:
        store.prepare(out, config, force)
    except store.StoreError as error:
        raise OutputExists(str(error)) from None
    except OSError as error:
        raise click.ClickException(cannot_write_in(out, error)) from None
    _play_and_rate(out, config, workers, quiet, as_json, f"ladder --resume {out}")


def _play_and_rate(
    folder: Path,
    config: BatchConfig,
    workers: int | None,
    quiet: bool,
    as_json: bool,
    resume_with: str | None,
) -> None:
    """Play what is left of the ladder's games, then print the table (and keep it as
    ``ladder.json``). Ctrl-C prints the table of the games finished, then exits 130."""
    try:
        run_into(folder, config, workers, None, "laddering", quiet, resume_with)
    except Interrupted as stop:
        played = store.finished(folder)
        if played:
            click.echo(f"the ladder of the {played} games finished before Ctrl-C:", err=True)
            _show(folder, config, as_json)
        if resume_with is None:
            raise Interrupted(f"{played} of {config.games} games played (not kept)") from None
        raise stop
    _show(folder, config, as_json)


def _show(folder: Path, config: BatchConfig, as_json: bool) -> None:
    result = fit(store.records(folder), list(config.agents))
    result["settings"] = {
        "packs": list(config.packs) or ["lastlight"],
        "players": config.players,
        "games": config.games,
        "seed": config.seed,
    }
    store.write_json(folder / RESULT, result)
    click.echo(json.dumps(result, indent=2) if as_json else table_text(result))
