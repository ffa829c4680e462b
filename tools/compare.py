"""``whitedwarf compare``: the same seeds and agents on two packs, and what changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.comparison import compare_summaries, paired_rounds
from whitedwarf.interpreter.simulation.report import comparison_html, terminal_summary
from whitedwarf.tools.atomic import cannot_write_in
from whitedwarf.tools.batch_run import run_into
from whitedwarf.tools.pack_param import PackPath
from whitedwarf.tools.scaffold import pack_game
from whitedwarf.tools.session import PACK_PATH_OPTION, ROUND_LIMIT_OPTION
from whitedwarf.tools.simulate import (
    AGENTS_OPTION,
    CLUSTER_OPTION,
    PLAYERS_OPTION,
    QUIET_OPTION,
    SETTING_OPTION,
    WORKERS_OPTION,
    batch_config,
    games_option,
    write_report,
)


@click.command("compare")
@click.option(
    "--base",
    type=PackPath(),
    required=True,
    help="the pack before the change: a folder, or a bundled pack's id (`lastlight`, `starlight`)",
)
@click.option(
    "--variant",
    type=PackPath(),
    required=True,
    help="the pack after the change: a folder (a copy of the pack, or a mod of it)",
)
@PACK_PATH_OPTION
@PLAYERS_OPTION
@games_option(200, "games on each pack (the same seeds on both)")
@AGENTS_OPTION
@click.option("--seed", type=int, default=0, show_default=True, help="the seed of both batches")
@WORKERS_OPTION
@CLUSTER_OPTION
@ROUND_LIMIT_OPTION
@SETTING_OPTION
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="folder for base/, variant/, comparison.json and comparison.html",
)
@click.option("--force", is_flag=True, help="overwrite a comparison already in --out")
@QUIET_OPTION
def compare(
    base: Path,
    variant: Path,
    pack_paths: tuple[Path, ...],
    players: int,
    games: int,
    agents: str,
    seed: int,
    workers: int | None,
    cluster: str | None,
    round_limit: int,
    settings: tuple[str, ...],
    out: Path,
    force: bool,
    quiet: bool,
) -> None:
    """Play the same seeds on a base and a variant pack and report the differences.

    The report goes to standard output; progress to standard error, as simulate's does.
    """
    if (out / "comparison.json").exists() and not force:
        raise click.ClickException(
            f"{out} already holds a comparison; pass --force to overwrite it"
        )
    # Both packs are checked before any game is played, and must be of one game: the
    # comparison of two games' records would be numbers about nothing.
    configs = {
        name: batch_config((pack,), pack_paths, players, games, agents, seed, round_limit, settings)
        for name, pack in (("base", base), ("variant", variant))
    }
    played = {name: _game_of(pack) for name, pack in (("base", base), ("variant", variant))}
    if played["base"] != played["variant"]:
        raise click.UsageError(
            f"--base is a {played['base']} pack and --variant a {played['variant']} pack: "
            "compare two packs of the same game"
        )
    summaries = []
    for name, config in configs.items():
        folder = out / name
        try:
            store.prepare(folder, config, force)
        except store.StoreError as error:
            raise click.ClickException(str(error)) from None
        except OSError as error:  # --out under a file, a folder it may not write in, ...
            raise click.ClickException(cannot_write_in(folder, error)) from None
        tally = run_into(folder, config, workers, cluster, name, quiet)
        summaries.append(write_report(folder, tally))
    # The length changes are paired game by game from the two record files, read together.
    rounds = paired_rounds(store.records(out / "base"), store.records(out / "variant"))
    result = compare_summaries(summaries[0], summaries[1], rounds)
    store.write_json(out / "comparison.json", _without_games(result))
    (out / "comparison.html").write_text(comparison_html(result), encoding="utf-8")
    click.echo(terminal_summary(result["sentences"]))
    click.echo(f"report: {out / 'comparison.html'}")
    stopped = [name for name in ("base", "variant") if not result[name]["games"]]
    if stopped:
        raise click.ClickException(
            f"no game of the {' and the '.join(stopped)} batch finished: every one stopped "
            "with an error"
        )


def _without_games(result: dict[str, Any]) -> dict[str, Any]:
    """The comparison without the two full summaries (they are in base/ and variant/)."""
    return {k: v for k, v in result.items() if k not in ("base", "variant")}


def _game_of(pack: Path) -> str:
    """The game of the (already checked) pack at ``pack``, a folder or its pack.yaml."""
    return pack_game(pack if pack.is_dir() else pack.parent)
