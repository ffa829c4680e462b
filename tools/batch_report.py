"""A batch's report files and the packs it plays, for every command that plays batches
(``simulate``, ``ablate``, ``compare``, ``ladder``, ``report``): below all of them, so none
imports another command to write its report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.batch import BatchConfig
from whitedwarf.interpreter.simulation.labels import display_names
from whitedwarf.interpreter.simulation.report import simulation_html
from whitedwarf.interpreter.simulation.summary import sentences
from whitedwarf.interpreter.simulation.tally import Tally
from whitedwarf.tools.session import Loaded, load_game


def write_report(
    folder: Path, tally: Tally, config: BatchConfig | None = None, loaded: Loaded | None = None
) -> dict[str, Any]:
    """``summary.json`` and ``report.html`` of a batch's tally; returns the summary. With
    the batch's ``config`` the summary names its packs and its cards (:func:`pack_details`;
    ``loaded``: its packs, when the caller has them loaded already)."""
    summary = tally.summary()
    if config is not None:
        summary.update(pack_details(config, loaded))
        summary["sentences"] = sentences(summary)  # now with the cards' names
    store.write_json(folder / "summary.json", summary)
    (folder / "report.html").write_text(simulation_html(summary), encoding="utf-8")
    return summary


def pack_details(config: BatchConfig, loaded: Loaded | None = None) -> dict[str, Any]:
    """What a report says of the batch's packs: ``packs`` (each pack played, dependencies
    first: ``id``, ``version``, ``path``, and ``given``: one the batch was given) and
    ``names`` (each card's display name by id, where they differ: ``iou_nell``: ``Iou'Nell``)."""
    loaded = loaded or load_batch_packs(config)
    given = {Path(p).resolve() for p in config.packs}
    return {
        "packs": [
            {
                "id": info.id,
                "version": info.version,
                "path": str(info.path),
                "given": Path(info.path).resolve() in given,
                "bundled": _bundled(info.id, Path(info.path)),
            }
            for info in loaded.pack.packs
        ],
        "names": display_names(loaded.pack.data),
    }


def load_batch_packs(config: BatchConfig) -> Loaded:
    """The packs a batch plays, loaded as its config names them."""
    return load_game([Path(p) for p in config.packs], [Path(p) for p in config.pack_paths])


def _bundled(pack_id: str, path: Path) -> bool:
    """Whether ``path`` is the pack shipped with whitedwarf as ``pack_id``."""
    from whitedwarf.content import bundled_pack

    try:
        return bundled_pack(pack_id).resolve() == path.resolve()
    except (KeyError, ValueError, LookupError, OSError):
        return False
