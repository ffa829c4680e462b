"""``whitedwarf compare``: the same seeds and agents on two packs, and what changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError, content_for
from whitedwarf.interpreter.simulation.comparison import (
    added_and_removed,
    cards_in_both,
    changed_cards,
    compare_summaries,
    paired_rounds,
)
from whitedwarf.interpreter.simulation.labels import packs_text
from whitedwarf.interpreter.simulation.report import comparison_html, terminal_summary
from whitedwarf.tools import compare_ablate
from whitedwarf.tools.ablate import ablation_configs
from whitedwarf.tools.atomic import cannot_write_in
from whitedwarf.tools.batch_report import load_batch_packs, write_report
from whitedwarf.tools.batch_run import run_into
from whitedwarf.tools.exits import OutputExists
from whitedwarf.tools.pack_param import PackPath
from whitedwarf.tools.resumed import check_resumed_batch
from whitedwarf.tools.scaffold import pack_game
from whitedwarf.tools.seed_param import seed_option
from whitedwarf.tools.session import PACK_PATH_OPTION, ROUND_LIMIT_OPTION
from whitedwarf.tools.simulate import (
    AGENTS_OPTION,
    CLUSTER_OPTION,
    GIVE_OPTION,
    PLAYERS_OPTION,
    QUIET_OPTION,
    SETTING_OPTION,
    WORKERS_OPTION,
    batch_config,
    games_option,
    refuse_changed_packs,
    refuse_settings_with_resume,
)

SIDES = ("base", "variant")


@click.command("compare")
@click.option(
    "--base",
    type=PackPath(),
    help="the pack before the change: a folder, or a bundled pack's id (`lastlight`, `starlight`)",
)
@click.option(
    "--variant",
    type=PackPath(),
    help="the pack after the change: a folder (a copy of the pack, or a mod of it)",
)
@PACK_PATH_OPTION
@PLAYERS_OPTION
@games_option(200, "games on each pack (the same seeds on both)")
@AGENTS_OPTION
@seed_option("the seed of both batches")
@WORKERS_OPTION
@CLUSTER_OPTION
@ROUND_LIMIT_OPTION
@SETTING_OPTION
@GIVE_OPTION
@click.option(
    "--ablate",
    metavar="CARD",
    help="the effect of the card given by --give on its holder, on each pack that has it "
    "(the same seeds with and without it: simulate --ablate), side by side, and whether the "
    "two effects differ",
)
@click.option(
    "--base-values",
    is_flag=True,
    help="seat the variant's agents on the card values learned for the base pack, as the "
    "base's are, instead of on its own (learned from its play first): what the change does "
    "with agents that value every card as before, and no learning (docs/simulate.md S21)",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="folder for base/, variant/, comparison.json and comparison.html; a batch already "
    "there with the same settings is reused. Required unless --resume",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="continue the interrupted comparison in this folder: both batches keep their "
    "settings, and a finished one is not played again",
)
@click.option("--force", is_flag=True, help="overwrite the batches and comparison in --out")
@QUIET_OPTION
def compare(
    base: Path | None,
    variant: Path | None,
    pack_paths: tuple[Path, ...],
    players: int,
    games: int,
    agents: str,
    seed: int,
    workers: int | None,
    cluster: str | None,
    round_limit: int,
    settings: tuple[str, ...],
    gifts: tuple[str, ...],
    ablate: str | None,
    base_values: bool,
    out: Path | None,
    resume: Path | None,
    force: bool,
    quiet: bool,
) -> None:
    """Play the same seeds on a base and a variant pack and report the differences.

    The report goes to standard output; progress to standard error, as simulate's does.
    Ctrl-C keeps every finished game: `compare --resume DIR` continues.
    """
    if resume is not None:
        refuse_settings_with_resume(click.get_current_context(), _COMPARISON_SETTINGS, "comparison")
        out = resume
        if compare_ablate.is_ablation_comparison(resume):
            sides = compare_ablate.resumed(resume)
            for side, arms in sides.items():
                for arm, config in arms.items():
                    arm_packs = load_batch_packs(config)
                    refuse_changed_packs(resume / side / arm, config, arm_packs)
                    check_resumed_batch(resume / side / arm, config, arm_packs)
            compare_ablate.run(resume, sides, workers, cluster, quiet)
            return
        configs = _resumed(resume)
    else:
        if base is None or variant is None or out is None:
            raise click.UsageError(
                "give --base PACK, --variant PACK and --out DIR (or --resume DIR to continue "
                "a comparison)"
            )
        if ablate is not None and base_values:
            raise click.UsageError(
                "--base-values and --ablate: an ablation compares each pack's card with and "
                "without it on that pack's own values; run one of the two"
            )
        if ablate is not None:
            sides = _ablation_sides(
                base, variant, pack_paths, players, games, agents, seed, round_limit,
                settings, gifts, ablate,
            )  # fmt: skip
            compare_ablate.prepare(out, sides, force)
            compare_ablate.run(out, sides, workers, cluster, quiet)
            return
        configs = _new(
            base, variant, pack_paths, players, games, agents, seed, round_limit, settings,
            gifts,
        )  # fmt: skip
        if base_values:
            configs["variant"] = on_the_base_values(configs)
        _prepare(out, configs, force, quiet)
    summaries: dict[str, dict[str, Any]] = {}
    # Each side's packs, loaded once: checked before a game is played (a resumed comparison's
    # must still load), then named in its report and compared card by card.
    loaded = {name: load_batch_packs(config) for name, config in configs.items()}
    if resume is not None:
        for name in SIDES:
            refuse_changed_packs(out / name, configs[name], loaded[name])
            check_resumed_batch(out / name, configs[name], loaded[name])
    for name, config in configs.items():
        folder = out / name
        tally = run_into(folder, config, workers, cluster, name, quiet, f"compare --resume {out}")
        summaries[name] = write_report(folder, tally, config, loaded[name])
    # The length changes are paired game by game from the two record files, read together.
    rounds = paired_rounds(*(store.records(out / name) for name in SIDES))
    result = compare_summaries(
        summaries["base"],
        summaries["variant"],
        rounds,
        changed_cards(*(loaded[name].pack.data for name in SIDES)),
        cards_in_both(*(loaded[name].pack.data for name in SIDES)),
        _revalued(configs),
        added_and_removed(*(loaded[name].pack.data for name in SIDES)),
    )
    store.write_json(out / "comparison.json", _without_games(result))
    (out / "comparison.html").write_text(comparison_html(result), encoding="utf-8")
    click.echo(terminal_summary(result["sentences"]))
    for name in SIDES:
        on_base = name == "variant" and configs[name].extra.get("base_values")
        click.echo(
            f"{name} pack {packs_text(summaries[name].get('packs', []))}"
            + (", played on the base pack's card values (--base-values)" if on_base else "")
            + f", its report {out / name / 'report.html'}"
        )
    click.echo(f"report: {out / 'comparison.html'}")
    stopped = [name for name in SIDES if not result[name]["games"]]
    if stopped:
        raise click.ClickException(
            f"no game of the {' and the '.join(stopped)} batch finished: every one stopped "
            "with an error"
        )


def _new(
    base: Path,
    variant: Path,
    pack_paths: tuple[Path, ...],
    players: int,
    games: int,
    agents: str,
    seed: int,
    round_limit: int,
    settings: tuple[str, ...] = (),
    gifts: tuple[str, ...] | dict[str, tuple[str, ...]] = (),
) -> dict[str, BatchConfig]:
    """Both batches' settings. Both packs are checked before any game is played, and must
    be of one game: the comparison of two games' records would be numbers about nothing.
    ``gifts``: the ``--give`` of both, or of each side by name."""
    given = gifts if isinstance(gifts, dict) else {name: gifts for name in SIDES}
    settled = (players, games, agents, seed, round_limit, settings)
    configs = {
        name: batch_config((pack,), pack_paths, *settled, gifts=given[name])
        for name, pack in (("base", base), ("variant", variant))
    }
    played = {name: _game_of(pack) for name, pack in (("base", base), ("variant", variant))}
    if played["base"] != played["variant"]:
        raise click.UsageError(
            f"--base is a {played['base']} pack and --variant a {played['variant']} pack: "
            "compare two packs of the same game"
        )
    return configs


def on_the_base_values(configs: dict[str, BatchConfig]) -> BatchConfig:
    """``--base-values``: the variant's batch seated on the card values of the base's packs
    (kept in its settings, so a resumed comparison and every worker play on them), which
    are learned first if need be, as the base's own batch would; refused, before any file is
    written, when no learned values are used (``WHITEDWARF_CARD_VALUES=off``) or the base's
    are not to be had (``=cached``)."""
    from whitedwarf.interpreter.agents import values

    if values.mode() == "off":  # said before the content is loaded (it is kept per process)
        raise click.BadParameter(
            "WHITEDWARF_CARD_VALUES=off seats the agents on their hand weights, never on "
            "learned values; unset it, or leave --base-values out",
            param_hint="--base-values",
        )
    base = [str(Path(pack).resolve()) for pack in configs["base"].packs]
    config = replace(configs["variant"], extra=configs["variant"].extra | {"base_values": base})
    try:
        content_for(config)  # loads the variant and seats it on the base's values
    except BatchError as error:
        said = str(error).removeprefix("--base-values: ")
        raise click.BadParameter(said, param_hint="--base-values") from None
    return config


def _ablation_sides(
    base: Path,
    variant: Path,
    pack_paths: tuple[Path, ...],
    players: int,
    games: int,
    agents: str,
    seed: int,
    round_limit: int,
    settings: tuple[str, ...],
    gifts: tuple[str, ...],
    card: str,
) -> compare_ablate.Sides:
    """``--ablate CARD``: the two arms of each pack that has the card (the other pack plays
    the gifts of the other cards only, and is not played: nothing of it is compared)."""
    _new(base, variant, pack_paths, players, games, agents, seed, round_limit, settings)
    packs = {"base": base, "variant": variant}
    holding = compare_ablate.holding_sides(packs, pack_paths, players, card)
    given = {
        side: gifts if side in holding else compare_ablate.without_card(gifts, card)
        for side in SIDES
    }
    configs = _new(
        base, variant, pack_paths, players, games, agents, seed, round_limit, settings, given
    )
    return {side: ablation_configs(configs[side], card) for side in holding}


def _prepare(out: Path, configs: dict[str, BatchConfig], force: bool, quiet: bool) -> None:
    """Make both batch folders before any game is played, so that an interrupted comparison
    can be resumed whichever side it was playing. A side already holding a batch of the same
    settings (a run interrupted, or finished with `simulate --resume`) is kept and continued;
    one of other settings is refused, before anything is written, unless ``force``."""
    kept: list[str] = []
    for name, config in configs.items():
        folder = out / name
        if force or not _holds_batch(folder):
            continue
        try:
            old = store.load_config(folder)
        except store.StoreError as error:
            raise OutputExists(f"{error}; pass --force to overwrite it") from None
        difference = setting_difference(old, config)
        if difference:
            raise OutputExists(
                f"{folder} already holds a batch of other settings ({difference}); pass "
                "--force to overwrite it, or --out another folder"
            )
        kept.append(name)
    there = [name for name in compare_ablate.COMPARISON_FILES if (out / name).exists()]
    if not force and len(kept) < len(configs) and there:
        # A comparison whose batches are not both this one's (someone's earlier results), or
        # a comparison.html of the user's own, deleted unasked before (E192).
        what = "a comparison of other batches" if "comparison.json" in there else there[0]
        raise OutputExists(
            f"{out} already holds {what}; pass --force to overwrite it, or --out another folder"
        )
    for name, config in configs.items():
        folder = out / name
        if name in kept:
            if not quiet:
                done = _finished(folder, config)
                click.echo(f"{name}: {done} of {config.games} games already in {folder}", err=True)
            continue
        try:
            store.prepare(folder, config, force=True)
        except OSError as error:  # --out under a file, a folder it may not write in, ...
            raise click.ClickException(cannot_write_in(folder, error)) from None
    for name in compare_ablate.COMPARISON_FILES:
        (out / name).unlink(missing_ok=True)


def _holds_batch(folder: Path) -> bool:
    return folder.exists() and any((folder / name).exists() for name in store.OUTPUTS)


def _finished(folder: Path, config: BatchConfig) -> int:
    try:
        return store.finished(folder, store.records_kind(config))
    except store.StoreError as error:
        raise click.ClickException(str(error)) from None


#: What the settings of a batch are called in a refusal (the packs are compared apart).
_SETTING_WORDS = {
    "players": "players",
    "games": "games",
    "agents": "agents",
    "seed": "seed",
    "round_limit": "round limit",
    "extra": "game options",
    "record_format": "record format",
    "pack_paths": "pack paths",
}


def setting_difference(old: BatchConfig, new: BatchConfig, packs: bool = True) -> str | None:
    """The first setting in which two batches differ, said as ``seed 3, not 0`` (``old``
    first), or None when they would play the same games. ``packs``: the packs and their
    content count (a side reused); without, only what both sides of a comparison share."""
    if packs and old.packs != new.packs:
        return f"packs {', '.join(old.packs) or 'the bundled one'}, not {', '.join(new.packs)}"
    if packs and old.digest != new.digest:
        return "its packs' content has changed since it was played"
    for key, words in _SETTING_WORDS.items():
        was, now = getattr(old, key), getattr(new, key)
        if key == "pack_paths" and not packs:
            continue
        if key == "extra" and not packs:  # the variant alone may play on the base's values
            was, now = ({k: v for k, v in x.items() if k != "base_values"} for x in (was, now))
        if was != now:
            if isinstance(was, tuple):
                was, now = ",".join(was), ",".join(now)
            return f"{words} {was}, not {now}"
    return None


def _resumed(folder: Path) -> dict[str, BatchConfig]:
    """The settings of both batches of the comparison in ``folder``, which must be one
    comparison's (the same seeds, agents and games on both); their packs are loaded (and
    so checked) before any game is played, by the command."""
    configs: dict[str, BatchConfig] = {}
    for name in SIDES:
        try:
            configs[name] = store.load_config(folder / name)
        except store.StoreError as error:
            raise click.ClickException(f"{error}: not a comparison to resume") from None
    difference = setting_difference(configs["base"], configs["variant"], packs=False)
    if difference:
        raise click.ClickException(
            f"{folder / 'base'} and {folder / 'variant'} are not one comparison: the base has "
            f"{difference.replace(', not ', ', the variant ')}"
        )
    return configs


#: The options that make a comparison what it is: a resumed one keeps its own.
_COMPARISON_SETTINGS = {
    "base": "--base",
    "variant": "--variant",
    "pack_paths": "--pack-path",
    "players": "--players",
    "games": "--games",
    "agents": "--agents",
    "seed": "--seed",
    "round_limit": "--round-limit",
    "settings": "--option",
    "gifts": "--give",
    "ablate": "--ablate",
    "base_values": "--base-values",
    "out": "--out",
    "force": "--force",
}


def _without_games(result: dict[str, Any]) -> dict[str, Any]:
    """The comparison without the two full summaries (they are in base/ and variant/)."""
    return {k: v for k, v in result.items() if k not in SIDES}


def _game_of(pack: Path) -> str:
    """The game of the (already checked) pack at ``pack``, a folder or its pack.yaml."""
    return pack_game(pack if pack.is_dir() else pack.parent)


#: Agents that play by no card values (S21): a batch of only these values no card.
_UNVALUED = {"random", "first", "starbot"}


def _revalued(configs: dict[str, BatchConfig]) -> dict[str, dict[str, float | None]]:
    """The cards the two sides' agents value differently to build (their learned worth, None
    for the hand weights), when they play on card values at all: each pack's are learned from
    its own play (docs/simulate.md S21), so a card the variant does not change may be valued
    anew, and built more or less for it."""
    from whitedwarf.interpreter.agents import values
    from whitedwarf.interpreter.simulation.batch import (
        content_digest,
        content_for,
        prepare_agents,
    )

    if values.mode() == "off" or not set(configs["base"].agents) - _UNVALUED:
        return {}
    found = {}
    for side in SIDES:
        prepare_agents(configs[side])  # the values its agents play on, now in memory
        played = content_for(configs[side])
        found[side] = values.known(played.engine.name, content_digest(played.content))
    cards = sorted({c for v in found.values() if v is not None for c in v.values})
    worths = {card: {side: _build_worth(found[side], card) for side in SIDES} for card in cards}
    return {card: worth for card, worth in worths.items() if worth["base"] != worth["variant"]}


def _build_worth(found: Any, card: str) -> float | None:
    """A card's learned worth to build (None: the hand weights, when none is learned)."""
    return None if found is None else found.get(card, "build")
