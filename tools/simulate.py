"""``whitedwarf simulate``: play a batch of seeded games with agents and write a balance report."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from click.core import ParameterSource
from whitedwarf.interpreter.engines import GameEngine
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.ablation import ARMS
from whitedwarf.interpreter.simulation.batch import (
    GAMES,
    PLAYERS,
    BatchConfig,
    BatchError,
    check_agents,
    content_for,
)
from whitedwarf.interpreter.simulation.record_files import FORMATS, RecordsError, need_pyarrow
from whitedwarf.interpreter.simulation.report import simulation_html, terminal_summary
from whitedwarf.tools import ablate as ablation
from whitedwarf.tools.atomic import cannot_write_in
from whitedwarf.tools.batch_report import load_batch_packs, write_report
from whitedwarf.tools.batch_run import run_into
from whitedwarf.tools.exits import OutputExists
from whitedwarf.tools.play import game_settings, make_game
from whitedwarf.tools.resumed import check_given, check_resumed_batch
from whitedwarf.tools.seed_param import seed_option
from whitedwarf.tools.session import (
    PACK_OPTION,
    PACK_PATH_OPTION,
    ROUND_LIMIT_OPTION,
    Loaded,
    comma_names,
    load_game,
)
from whitedwarf.tools.think import THINK_OPTION, refuse_think_unused

WORKERS_OPTION = click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=None,
    show_default="the cores this machine lets it use",
    help="worker processes (the records are the same whatever the number)",
)
#: A command's function under click's option decorators, which return it unchanged (typed so
#: that mypy still sees the commands built from ``tls_options`` and ``games_option``).
CommandFn = TypeVar("CommandFn", bound=Callable[..., Any])

CLUSTER_OPTION = click.option(
    "--cluster",
    metavar="local|ADDRESS",
    help="run on a Dask cluster (needs the [cluster] extra): 'local' or a scheduler address "
    "(tcp://HOST:8786, or tls://HOST:8786 with the --tls-* options)",
)


def tls_options(command: CommandFn) -> CommandFn:
    """``--tls-ca-file``, ``--tls-cert``, ``--tls-key``: talk to a ``tls://`` scheduler only
    if its certificate is signed by the CA, and show it this client's certificate."""
    for name, meaning in reversed(
        (
            ("--tls-ca-file", "the certificate authority that signed the scheduler's certificate"),
            ("--tls-cert", "this client's certificate (PEM), signed by the cluster's CA"),
            ("--tls-key", "the private key of --tls-cert (PEM)"),
        )
    ):
        command = click.option(
            name,
            type=click.Path(exists=True, dir_okay=False),
            help=f"{meaning}; with --cluster tls://ADDRESS",
        )(command)
    return command


RECORDS_OPTION = click.option(
    "--records",
    "records_kind",
    type=click.Choice(FORMATS),
    default="jsonl",
    show_default=True,
    help="how the games are stored: games.jsonl, games.jsonl.gz (about 1/12 the size) or "
    "games.parquet/ (the [parquet] extra: pyarrow); `whitedwarf report` reads each",
)
SETTING_OPTION = click.option(
    "--option",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="a game option for every game (repeatable; Last Light: factions=veyshan,,hexan; "
    "Starlight: gods=true, starbot_level=2)",
)
PLAYERS_OPTION = click.option(
    "--players",
    type=click.IntRange(*PLAYERS),
    default=4,
    show_default=True,
    help="seats per game (Last Light 2-4, Starlight 1-5)",
)


def games_option(default: int, meaning: str) -> Callable[[CommandFn], CommandFn]:
    """``--games``: how many games, ``meaning`` said in the help."""
    return click.option(
        "--games", type=click.IntRange(*GAMES), default=default, show_default=True, help=meaning
    )


GIVE_OPTION = click.option(
    "--give",
    "gifts",
    multiple=True,
    metavar="SEAT:CARD[@ROUND]",
    help="put a card in a seat's play in every game, from the start or at the start of "
    "ROUND (repeatable; Last Light: a tech, faction, achievement, or an exploration token, "
    "resolved as if the seat revealed it; Starlight: a Core, Flare, Starter Core, laurel "
    "or god): 0:warp_drive, 1:hexan, 2:wormhole@3",
)
QUIET_OPTION = click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="show no progress (on a terminal a bar, elsewhere a line on stderr about every "
    "10 s); the report is printed all the same",
)
AGENTS_OPTION = click.option(
    "--agents",
    default="heuristic",
    show_default=True,
    help="comma-separated agents: one per seat, or a pool each game's seats are drawn from "
    "(random, first, heuristic, search, strong; Starlight also starbot)",
)


def parse_agents(
    text: str, players: int, engine: GameEngine | None = None, option: str = "--agents"
) -> tuple[str, ...]:
    """The agents of ``--agents`` (or of ``option``, such as ``--robust``), checked (against
    the game's, when given); a problem is told at the option that named them."""
    agents = tuple(comma_names(text, option))
    try:
        check_agents(agents, players, engine)
    except BatchError as error:
        raise click.BadParameter(str(error), param_hint=option) from None
    return agents


@click.command("simulate")
@PACK_OPTION
@PACK_PATH_OPTION
@PLAYERS_OPTION
@games_option(100, "games to play (the report says how precise this many make a win rate)")
@AGENTS_OPTION
@seed_option("the batch's seed")
@WORKERS_OPTION
@CLUSTER_OPTION
@tls_options
@ROUND_LIMIT_OPTION
@SETTING_OPTION
@GIVE_OPTION
@click.option(
    "--ablate",
    metavar="CARD",
    help="play every game twice, the same seeds with and without the card given by --give, "
    "and report its effect on its holder's win rate and light with a paired interval and "
    "test (folders with/ and without/ in --out, and ablation.html)",
)
@click.option(
    "--robust",
    metavar="AGENTS",
    help="play the batch again with these agents (same seeds) into --out's robust/ and say "
    "whether the faction and card findings hold with both (rank correlation, the findings "
    "that flip): --agents heuristic --robust search",
)
@THINK_OPTION
@RECORDS_OPTION
@click.option(
    "--base-values",
    is_flag=True,
    help="seat the agents on the card values learned for the packs the mod depends on, not "
    "on the mod's own (which a first run learns from play, a minute or two): a quick first "
    "look at a mod (docs/simulate.md S21)",
)
@click.option(
    "--out",
    "out",
    type=click.Path(file_okay=False, path_type=Path),
    help="the batch's folder (games.jsonl, summary.json, report.html); required unless --resume",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="continue the interrupted batch in this folder (its settings are kept)",
)
@click.option("--force", is_flag=True, help="overwrite the batch already in --out")
@QUIET_OPTION
def simulate(
    packs: tuple[Path, ...],
    pack_paths: tuple[Path, ...],
    players: int,
    games: int,
    agents: str,
    seed: int,
    workers: int | None,
    cluster: str | None,
    tls_ca_file: str | None,
    tls_cert: str | None,
    tls_key: str | None,
    round_limit: int,
    settings: tuple[str, ...],
    gifts: tuple[str, ...],
    ablate: str | None,
    robust: str | None,
    think: float | None,
    records_kind: str,
    base_values: bool,
    out: Path | None,
    resume: Path | None,
    force: bool,
    quiet: bool,
) -> None:
    """Play many seeded games and report win rates, light sources and techs.

    The report goes to standard output; progress to standard error (a bar on a terminal,
    otherwise a plain line about every 10 s: games done, time elapsed and left).
    """
    secure = cluster_security(cluster, tls_ca_file, tls_cert, tls_key)
    if resume is not None and ablation.is_ablation(resume):
        refuse_settings_with_resume(click.get_current_context(), what="ablation")
        configs = ablation.resumed(resume)
        for arm in ARMS:
            loaded = load_batch_packs(configs[arm])
            refuse_changed_packs(resume / arm, configs[arm], loaded)
            check_resumed_batch(resume / arm, configs[arm], loaded)
        ablation.run_ablation(resume, configs, workers, cluster, quiet, secure)
        return
    if resume is not None:
        refuse_settings_with_resume(click.get_current_context())
        folder = resume
        try:
            config = store.load_config(folder)
        except store.StoreError as error:
            raise click.ClickException(str(error)) from None
        loaded = load_batch_packs(config)
        refuse_changed_packs(folder, config, loaded)
        check_resumed_batch(folder, config, loaded)
    else:
        if out is None:
            raise click.UsageError("give --out DIR for the batch's files (or --resume DIR)")
        folder = out
        config = batch_config(
            packs,
            pack_paths,
            players,
            games,
            agents,
            seed,
            round_limit,
            settings,
            records_kind,
            gifts,
        )
        if think is not None:  # kept in the settings: a resumed batch thinks as long
            robust_agents = tuple(comma_names(robust or "", "--robust"))
            refuse_think_unused(think, (*config.agents, *robust_agents), "--agents")
            config = dataclasses.replace(config, extra=config.extra | {"think": think})
        if base_values:
            config = on_base_values(config)
        if robust is not None:
            if ablate is not None:
                raise click.UsageError(
                    "--robust and --ablate are two experiments: run one; to see whether an "
                    f"ablation holds with other players, run it again with --agents {robust}"
                )
            others = parse_agents(robust, players, load_batch_packs(config).engine, "--robust")
            config = dataclasses.replace(config, extra=config.extra | {"robust": list(others)})
        if ablate is not None:
            configs = ablation.ablation_configs(config, ablate)
            ablation.prepare(out, configs, force)
            ablation.run_ablation(out, configs, workers, cluster, quiet, secure)
            return
        try:
            store.prepare(folder, config, force)
            if robust is not None:  # a robust/ of an earlier batch is not this one's
                store.prepare(folder / "robust", robust_config(config), force=True)
        except store.StoreError as error:  # the batch already there: --force or --resume
            raise OutputExists(str(error)) from None
        except OSError as error:  # --out under a file, a folder it may not write in, ...
            raise click.ClickException(cannot_write_in(folder, error)) from None
    tally = run_into(folder, config, workers, cluster, "simulating", quiet, security=secure)
    summary = write_report(folder, tally, config)
    click.echo(terminal_summary(summary["sentences"]))
    click.echo(f"report: {folder / 'report.html'}")
    if "robust" in config.extra:  # the same games with the other agents, and what holds
        robust_run(folder, config, summary, workers, cluster, quiet, secure)
    if tally.records and not summary["games"]:
        raise click.ClickException("no game of the batch finished: every one stopped with an error")


#: The options that make a batch what it is: a resumed batch keeps its own (batch.json).
_BATCH_SETTINGS = {
    "packs": "--pack",
    "pack_paths": "--pack-path",
    "players": "--players",
    "games": "--games",
    "agents": "--agents",
    "seed": "--seed",
    "round_limit": "--round-limit",
    "settings": "--option",
    "gifts": "--give",
    "ablate": "--ablate",
    "robust": "--robust",
    "think": "--think",
    "records_kind": "--records",
    "base_values": "--base-values",
    "out": "--out",
    "force": "--force",
}


def robust_config(config: BatchConfig) -> BatchConfig:
    """The batch of ``--robust``: the same one played by its other agents."""
    extra = {key: value for key, value in config.extra.items() if key != "robust"}
    return dataclasses.replace(config, agents=tuple(config.extra["robust"]), extra=extra)


def robust_run(
    folder: Path,
    config: BatchConfig,
    summary: dict[str, Any],
    workers: int | None,
    cluster: str | None,
    quiet: bool,
    secure: Any,
) -> None:
    """``--robust``: the batch again with the other agents in ``folder/robust`` (continued
    when it is there), then ``robustness.json`` and the sentences saying what holds."""
    from whitedwarf.interpreter.simulation.robustness import robustness, robustness_sentences

    second = robust_config(config)
    others = second.agents
    place = folder / "robust"
    if not (place / store.CONFIG).exists():
        store.prepare(place, second, force=True)
    again = f"simulate --resume {folder}"
    tally = run_into(place, second, workers, cluster, "robust", quiet, again, security=secure)
    other = write_report(place, tally, second)
    result = robustness(summary, other, (",".join(config.agents), ",".join(others)))
    result["sentences"] = robustness_sentences(result, summary.get("names"))
    store.write_json(folder / "robustness.json", result)
    # The batch's own report says it too, after its findings.
    summary["robustness"] = result
    summary["sentences"] = [*summary["sentences"], *result["sentences"]]
    store.write_json(folder / "summary.json", summary)
    (folder / "report.html").write_text(simulation_html(summary), encoding="utf-8")
    click.echo(terminal_summary(result["sentences"]))
    click.echo(f"with {','.join(others)}: {place / 'report.html'}")


def refuse_settings_with_resume(
    ctx: click.Context, settings: dict[str, str] | None = None, what: str = "batch"
) -> None:
    """A setting given with --resume would be silently ignored (the ``what`` keeps its own):
    say so instead of letting `--resume runs/x --games 5000` look like it did something.
    ``settings``: the command's parameters that set up a run, by name, with their flags."""
    given = [
        flag
        for name, flag in (settings or _BATCH_SETTINGS).items()
        if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE
    ]
    if given:
        raise click.UsageError(
            f"--resume continues the {what} with the settings it was started with, so "
            f"{', '.join(given)} would be ignored: leave {'them' if len(given) > 1 else 'it'} "
            f"out, or start a new {what} with --out"
        )


def batch_config(
    packs: tuple[Path, ...],
    pack_paths: tuple[Path, ...],
    players: int,
    games: int,
    agents: str,
    seed: int,
    round_limit: int,
    settings: tuple[str, ...] = (),
    records_kind: str = "jsonl",
    gifts: tuple[str, ...] = (),
) -> BatchConfig:
    """Check the packs (diagnostics and exit 1 on errors) and make the batch's settings;
    ``settings`` are ``--option NAME=VALUE`` game options for every game, ``records_kind``
    the format of its records (kept in the settings for ``--resume``), ``gifts`` the cards
    of ``--give SEAT:CARD[@ROUND]`` (checked against the game: :func:`check_given`)."""
    if records_kind == "parquet":
        try:
            need_pyarrow()
        except RecordsError as error:
            raise click.BadParameter(str(error), param_hint="--records") from None
    loaded = load_game(packs, pack_paths)
    fewest, most = loaded.engine.players
    if not fewest <= players <= most:
        raise click.BadParameter(
            f"{loaded.engine.title} is for {fewest} to {most} players", param_hint="--players"
        )
    options = game_settings(settings, loaded.engine)
    # The game checks its own options (a Starbot level it has no points for ...) and the
    # pack its player count (a setup for it): refused at the option, or placed in the pack.
    make_game(loaded, players, options, settings)
    chosen = parse_agents(agents, players, loaded.engine)
    if gifts:
        check_given(loaded, players, chosen, options, gifts, round_limit)
    return BatchConfig(
        packs=tuple(str(p.resolve()) for p in packs),
        pack_paths=tuple(str(p.resolve()) for p in pack_paths),
        players=players,
        games=games,
        agents=chosen,
        seed=seed,
        round_limit=round_limit,
        # What a resumed batch checks it still plays on (refuse_changed_packs).
        digest=content_digest(loaded),
        extra=({"options": options} if settings else {})
        | ({"records": records_kind} if records_kind != "jsonl" else {})
        | ({"give": list(gifts)} if gifts else {}),
    )


def on_base_values(config: BatchConfig) -> BatchConfig:
    """``--base-values``: the batch played on the card values of the packs the named packs
    depend on (kept in the settings, so a resumed batch and every worker play on them);
    refused, before any file is written, when there are none to use."""
    loaded = load_batch_packs(config)
    named = {Path(p).resolve() for p in config.packs}
    base = [str(info.path) for info in loaded.pack.packs if info.path.resolve() not in named]
    if not base or not named:
        packs = ", ".join(config.packs) or "the bundled pack"
        raise click.BadParameter(
            f"{packs} depends on no other pack, so there are no other values to play it on; "
            "leave --base-values out (a base pack plays on its own values)",
            param_hint="--base-values",
        )
    config = dataclasses.replace(config, extra=config.extra | {"base_values": base})
    try:
        content_for(config)  # loads the mod and seats it on its base's values
    except BatchError as error:
        said = str(error).removeprefix("--base-values: ")
        raise click.BadParameter(said, param_hint="--base-values") from None
    return config


def content_digest(loaded: Loaded) -> str:
    """The digest a batch keeps of the content it plays: the content's own, or the merged
    packs' digest for a game whose content has none."""
    digest = getattr(loaded.content, "digest", None)
    digest = digest() if callable(digest) else digest
    return digest if isinstance(digest, str) else loaded.pack.content_hash[:12]


def refuse_changed_packs(folder: Path, config: BatchConfig, loaded: Loaded) -> None:
    """A batch resumed on packs whose content changed since it was started would mix the
    games of two packs in one report: refused in one sentence (a batch written before the
    digest was kept, with none, is resumed as it was)."""
    now = content_digest(loaded)
    if config.digest and now != config.digest:
        packs = ", ".join(config.packs) or "the bundled pack"
        raise click.ClickException(
            f"{folder} was started on other content: {packs} changed since (content digest "
            f"{config.digest}, now {now}), and its games would mix two packs; start a new "
            "batch with --out another folder (or put the pack back as it was)"
        )


def cluster_security(
    cluster: str | None, ca_file: str | None, cert: str | None, key: str | None
) -> Any:
    """The TLS settings of the --tls-* options, checked against --cluster: given without a
    cluster, or with a scheduler address the batch could not verify, they are refused."""
    from whitedwarf.interpreter.simulation.cluster import check_address, security

    if cluster is None:
        if ca_file or cert or key:
            raise click.UsageError("the --tls-* options go with --cluster tls://ADDRESS")
        return None
    try:
        secure = security(ca_file, cert, key)
        check_address(cluster, secure)
    except BatchError as error:
        raise click.UsageError(str(error)) from None
    return secure
