"""``compare --ablate CARD``: one card's effect on its holder on two packs, side by side.

Each pack that has the card gets an ablation of its own (``simulate --ablate``:
``tools/ablate.py``) in ``--out``'s ``base/`` and ``variant/`` (each with ``with/`` and
``without/``), all four batches on the same seeds; then ``comparison.json`` and
``comparison.html`` put the two effects side by side and test whether they differ
(``ablation.effect_difference``). A card only one pack has is measured there alone, and said so.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import click
from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.ablation import (
    ARMS,
    SIDES,
    difference_sentences,
    effect_difference,
)
from whitedwarf.interpreter.simulation.batch import BatchConfig
from whitedwarf.interpreter.simulation.gifts import GiftError, giver, parse_gift
from whitedwarf.interpreter.simulation.labels import packs_text
from whitedwarf.interpreter.simulation.report import ablation_comparison_html
from whitedwarf.tools import ablate as ablation
from whitedwarf.tools.exits import OutputExists
from whitedwarf.tools.session import Loaded, load_game

#: The sides' ablations, by side (a side whose pack has not the card is absent).
Sides = dict[str, dict[str, BatchConfig]]


def card_ids(loaded: Loaded, players: int) -> dict[str, set[str]]:
    """The pack's card ids by kind (every table, given or not: a kind the game cannot give
    is refused by ``--give`` itself, with its reason)."""
    how = giver(loaded.engine)
    game = loaded.engine.game.from_content(loaded.content, players, {})
    return {kind: set(table) for kind, table in how.cards(game).items()}


def holding_sides(
    packs: dict[str, Path], pack_paths: tuple[Path, ...], players: int, card: str
) -> list[str]:
    """The sides whose pack has ``card``; refused (exit 2, with the nearest id) when
    neither has it."""
    holding, known = [], set()
    for side, pack in packs.items():
        loaded = load_game((pack,), pack_paths)
        try:
            ids = card_ids(loaded, players)
        except GiftError as error:
            raise click.BadParameter(str(error), param_hint="--ablate") from None
        if any(card in table for table in ids.values()):
            holding.append(side)
        known |= {cid for kind in giver(loaded.engine).kinds for cid in ids.get(kind, ())}
    if not holding:
        close = did_you_mean(card, known)
        raise click.BadParameter(
            f"no card {card!r} in either pack ({packs['base']}, {packs['variant']})"
            + (f"; {close}" if close else ""),
            param_hint="--ablate",
        )
    return holding


def without_card(gifts: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The gifts other than those of ``card`` (for the pack that has not the card)."""
    kept = []
    for text in gifts:
        try:
            if parse_gift(text).card == card:
                continue
        except GiftError:
            pass  # refused with its reason by the batch's own check
        kept.append(text)
    return tuple(kept)


def is_ablation_comparison(folder: Path) -> bool:
    """Whether ``folder`` holds ``compare --ablate``'s sides rather than two batches."""
    return any(ablation.is_ablation(folder / side) for side in SIDES)


#: What a comparison writes in ``--out`` besides its sides' folders: either one there already
#: needs ``--force`` (a comparison.html a person wrote was deleted unasked: E192).
COMPARISON_FILES = ("comparison.json", "comparison.html")


def prepare(out: Path, sides: Sides, force: bool) -> None:
    """Every arm's folder, made before a game is played; a comparison or a batch already in
    ``out`` needs ``force``, which removes it (a plain comparison's batches, the arms of a
    side that has not the card now)."""
    old = [out / name for name in COMPARISON_FILES]
    old += [out / side / store.CONFIG for side in SIDES]
    there = [path for path in old if path.exists()]
    if not force and there == [out / "comparison.html"]:  # a page, and no comparison to go on
        raise OutputExists(
            f"{out} already holds comparison.html; pass --force to overwrite it, or --out "
            "another folder"
        )
    if not force and there:
        raise OutputExists(
            f"{out} already holds a comparison; pass --force to overwrite it, or continue it "
            f"with compare --resume {out}"
        )
    for side in SIDES:
        _clear(out / side)
        if side not in sides:
            for arm in ARMS:
                _clear(out / side / arm)
    for side, configs in sides.items():
        ablation.prepare(out / side, configs, force)
    for name in COMPARISON_FILES:
        (out / name).unlink(missing_ok=True)


def _clear(folder: Path) -> None:
    """The batch files in ``folder`` removed (none there: nothing to do)."""
    for name in store.OUTPUTS:
        path = folder / name
        if path.is_dir():  # games.parquet/
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)


is_side = ablation.is_ablation


def resumed(out: Path) -> Sides:
    """The sides' ablations of the comparison in ``out``."""
    return {side: ablation.resumed(out / side) for side in SIDES if is_side(out / side)}


def run(out: Path, sides: Sides, workers: int | None, cluster: str | None, quiet: bool) -> None:
    """Play each side's ablation (what is not played yet), write ``comparison.json`` and
    ``comparison.html``, and print the effects side by side and their difference."""
    first = next(iter(sides.values()))["with"]
    card = str(first.extra["ablate"])
    again = f"compare --resume {out}"
    results = {
        side: ablation.play_ablation(
            out / side, configs, workers, cluster, quiet, label=f"{side}, ", resume_with=again
        )
        for side, configs in sides.items()
    }
    names: dict[str, str] = {}
    for side_result in results.values():
        names |= side_result.pop("names")
    packs = {side: _packs(out / side / "with") for side in sides}
    holders = ablation.holders_of(first)
    shown = names.get(card, card)
    sections: dict[str, list[str]] = {}
    for side in SIDES:
        if side in results:
            sections[side] = results[side]["sentences"]
        else:
            other = next(iter(sides))
            sections[side] = [
                f"The {side} pack has no card {card}: {shown}'s effect is measured on the "
                f"{other} pack alone, with nothing to compare it with."
            ]
    difference = None
    if len(results) == len(SIDES):
        score = results["base"]["score"]
        arms = {side: (store.records(out / side / "with"), store.records(out / side / "without"))
                for side in SIDES}  # fmt: skip
        difference = effect_difference(holders, arms)
        difference["sentences"] = difference_sentences(card, difference, score, names)
    result: dict[str, Any] = {
        "card": card,
        "holders": holders,
        "only_in": next(iter(sides)) if len(sides) == 1 else None,
        "packs": packs,
        **{side: results.get(side) for side in SIDES},
        "difference": difference,
        "sentences": sections,
    }
    store.write_json(out / "comparison.json", result)
    (out / "comparison.html").write_text(ablation_comparison_html(result, names), "utf-8")
    for side in SIDES:
        where = f" {packs[side]}" if side in packs else ""
        click.echo(f"{side} pack{where}:")
        click.echo("\n".join(f"- {s}" for s in sections[side]))
    if difference is not None:
        click.echo("between the packs:")
        click.echo("\n".join(f"- {s}" for s in difference["sentences"]))
    click.echo(f"report: {out / 'comparison.html'}")


def _packs(folder: Path) -> str:
    """The packs of the batch in ``folder``, as its summary names them."""
    try:
        summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "unknown packs"
    return packs_text(summary.get("packs", []))
