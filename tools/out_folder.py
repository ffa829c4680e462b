"""An ``--out`` folder of a command that continues its own runs (``tune``, ``explain``): one
that holds what the command writes or clears, but no settings of a run of it, holds someone
else's files. ``tune --out work`` removed ``work/pack/`` and ``work/candidates/``, and
``explain`` the ``arms/*.jsonl`` of its folder, whatever they were, without ``--force``
(docs/rules-decisions.md E192)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from whitedwarf.tools.exits import OutputExists

__all__ = ["refuse_foreign_outputs"]


def refuse_foreign_outputs(
    out: Path, names: Sequence[str], force: bool, settings: str, what: str
) -> None:
    """Stop unless ``force`` when ``out`` holds any of ``names`` (what the command writes or
    clears there) without its ``settings`` file: no run of it wrote them."""
    if force or (out / settings).exists():
        return
    there = [name for name in names if (out / name).exists()]
    if there:
        raise OutputExists(
            f"{out} already holds {', '.join(there)}, which no {what} wrote (it has no "
            f"{settings}); pass --force to overwrite {'it' if len(there) == 1 else 'them'}, "
            "or --out another folder"
        )
