"""whitedwarf as an RL environment: every pack of every game (docs/rl.md).

>>> from whitedwarf import rl
>>> env = rl.env(pack="lastlight", players=2)
>>> env.reset(seed=7)

:func:`env` gives a PettingZoo AEC environment; ``whitedwarf.rl.openspiel`` registers the
OpenSpiel games ``python_whitedwarf_lastlight`` and ``python_whitedwarf_starlight``. Needs the
``rl`` extra: ``pip install -e '.[rl]'``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.rl.actions import ActionSpace, UnmappedOption
from whitedwarf.rl.packs import GameStopped, PackError, load, spec_of
from whitedwarf.rl.rating import Rating, masked_random, rate
from whitedwarf.rl.spec import Spec

__all__ = [
    "ActionSpace",
    "GameStopped",
    "PackError",
    "Rating",
    "Spec",
    "UnmappedOption",
    "env",
    "load",
    "masked_random",
    "rate",
    "spec_of",
]


def env(
    pack: str | Path = "lastlight",
    players: int = 4,
    *,
    max_cycles: int | None = None,
    shaping: float = 0.0,
    illegal: str = "raise",
    raw_observation: bool = False,
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """A PettingZoo AEC environment of ``pack`` for ``players`` seats (docs/rl.md).

    ``shaping``: each decision also rewards every seat ``shaping`` times the change of its
    light (points) lead over the others' mean, over the game's goal (0: rewards at the end
    only, the win share). ``max_cycles``: agents act in a strict cycle (a seat not asked
    waits) and the game is truncated after that many cycles. ``illegal``: ``raise`` on an
    action whose mask is 0, or ``wait`` (it does nothing). ``raw_observation``: put
    ``Game.observation`` in each info (costly; off for speed). ``options``: the game's.
    """
    from whitedwarf.rl.aec import WhitedwarfEnv

    engine, game = load(pack, players, **options)
    return WhitedwarfEnv(
        engine,
        game,
        spec_of(engine, game),
        max_cycles=max_cycles,
        shaping=shaping,
        illegal=illegal,
        raw_observation=raw_observation,
        render_mode=render_mode,
    )
