"""``simulate --ablate CARD``: the same seeds with and without a given card, and its effect.

The batch of ``simulate`` is played twice into ``--out``: ``with/`` (every ``--give``) and
``without/`` (the gifts of CARD left out), each an ordinary batch with its own report; then
``ablation.json`` and ``ablation.html`` pair them game by game
(``interpreter/simulation/ablation.py``). ``simulate --resume OUT`` continues both.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import click
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.ablation import (
    ARMS,
    ablation_sentences,
    paired_outcomes,
)
from whitedwarf.interpreter.simulation.batch import BatchConfig
from whitedwarf.interpreter.simulation.gifts import (
    GiftError,
    card_kind,
    gifts_of,
    giver,
    parse_gift,
)
from whitedwarf.interpreter.simulation.report import ablation_html, terminal_summary
from whitedwarf.tools.atomic import cannot_write_in
from whitedwarf.tools.batch_report import load_batch_packs, write_report
from whitedwarf.tools.batch_run import run_into
from whitedwarf.tools.exits import OutputExists

#: The file naming the card an ablation folder is about (beside ``with/`` and ``without/``).
RESULT = "ablation.json"


def ablation_configs(config: BatchConfig, card: str) -> dict[str, BatchConfig]:
    """The two arms of ``config`` (whose ``--give`` must give ``card``): ``with`` its gifts,
    ``without`` those of ``card`` left out; :class:`click.BadParameter` when no seat is
    given the card (whose holder would it be?)."""
    gifts = gifts_of(config.extra)
    holders = sorted({g.seat for g in gifts if g.card == card})
    if not holders:
        try:
            parse_gift(f"0:{card}")
            _refuse_unknown(config, card)
        except GiftError as error:
            raise click.BadParameter(str(error), param_hint="--ablate") from None
        raise click.BadParameter(
            f"{card} is given to no seat: add --give SEAT:{card} (its holder is the seat it "
            "is given to, so the effect is measured on that seat)",
            param_hint="--ablate",
        )
    kept = [g.text() for g in gifts if g.card != card]
    extra = {key: value for key, value in config.extra.items() if key != "give"}
    return {
        "with": dataclasses.replace(config, extra=config.extra | {"ablate": card}),
        "without": dataclasses.replace(
            config, extra=extra | ({"give": kept} if kept else {}) | {"ablate": card}
        ),
    }


def _refuse_unknown(config: BatchConfig, card: str) -> None:
    """:class:`GiftError` for a card the batch's packs do not have (a typo: `--ablate
    warp_drvie`), with the nearest id, before telling the user to give it to a seat."""
    loaded = load_batch_packs(config)
    how = giver(loaded.engine)
    game = loaded.engine.game.from_content(loaded.content, config.players, {})
    card_kind(how, how.cards(game), card, getattr(loaded.content, "removed", {}))


def is_ablation(folder: Path) -> bool:
    """Whether ``folder`` holds an ablation (its arms' folders) rather than one batch."""
    return all((folder / arm / store.CONFIG).exists() for arm in ARMS)


def prepare(out: Path, configs: dict[str, BatchConfig], force: bool) -> None:
    """Both arms' folders, made before any game is played (an interrupted ablation resumes
    whichever arm it was playing); an existing one needs ``force``."""
    for arm, config in configs.items():
        try:
            store.prepare(out / arm, config, force)
        except store.StoreError as error:
            raise OutputExists(str(error).replace(str(out / arm), str(out))) from None
        except OSError as error:
            raise click.ClickException(cannot_write_in(out, error)) from None
    (out / RESULT).unlink(missing_ok=True)
    (out / "ablation.html").unlink(missing_ok=True)


def resumed(out: Path) -> dict[str, BatchConfig]:
    """The arms' settings of the ablation in ``out``."""
    try:
        return {arm: store.load_config(out / arm) for arm in ARMS}
    except store.StoreError as error:
        raise click.ClickException(str(error)) from None


def run_ablation(
    out: Path,
    configs: dict[str, BatchConfig],
    workers: int | None,
    cluster: str | None,
    quiet: bool,
    security: Any = None,
) -> dict[str, Any]:
    """Play both arms (what is not played yet), write each arm's report and the ablation's,
    print its sentences; returns the ablation's result."""
    result = play_ablation(out, configs, workers, cluster, quiet, security)
    click.echo(terminal_summary(result["sentences"]))
    click.echo(f"report: {out / 'ablation.html'}")
    return result


def play_ablation(
    out: Path,
    configs: dict[str, BatchConfig],
    workers: int | None,
    cluster: str | None,
    quiet: bool,
    security: Any = None,
    label: str = "",
    resume_with: str | None = None,
) -> dict[str, Any]:
    """Play both arms into ``out`` (what is not played yet) and write each arm's report,
    ``ablation.json`` and ``ablation.html``; returns the result, with ``names`` (the cards'
    display names). ``label`` goes before each arm's progress (``variant, ``); a Ctrl-C
    says ``resume_with`` (default: ``simulate --resume OUT``)."""
    loaded = load_batch_packs(configs["with"])
    names: dict[str, str] = {}
    for arm, config in configs.items():
        tally = run_into(
            out / arm, config, workers, cluster, f"{label}{arm} the card", quiet,
            resume_with or f"simulate --resume {out}", security=security,
        )  # fmt: skip
        names = write_report(out / arm, tally, config, loaded).get("names", {})
    card = str(configs["with"].extra["ablate"])
    result = paired_outcomes(
        card, holders_of(configs["with"]), store.records(out / "with"),
        store.records(out / "without"),
    )  # fmt: skip
    result["sentences"] = ablation_sentences(result, names)
    store.write_json(out / RESULT, result)
    (out / "ablation.html").write_text(ablation_html(result, result["sentences"]), "utf-8")
    return {**result, "names": names}


def holders_of(config: BatchConfig) -> list[int]:
    """The seats given the ablated card in an ablation's ``with`` arm."""
    card = config.extra["ablate"]
    return sorted({g.seat for g in gifts_of(config.extra) if g.card == card})
