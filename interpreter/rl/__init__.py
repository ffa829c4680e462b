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
from whitedwarf.rl.rating import Rating, masked_random, rate
from whitedwarf.rl.spec import Spec

__all__ = [
    "ActionSpace",
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


class PackError(ValueError):
    """The pack could not be loaded or played; the message says why (the first problems)."""


def load(pack: str | Path = "lastlight", players: int = 2, **options: Any) -> tuple[Any, Any]:
    """``(engine, game)`` for a pack: a bundled pack's name (``lastlight``, ``starlight``) or
    a pack folder (a mod, with its dependencies found as ``whitedwarf play --pack`` finds
    them). ``options`` are the game's options (``round_limit``, Starlight's ``gods`` ...)."""
    from whitedwarf.content import bundled_pack

    path = Path(pack)
    if not path.exists() and isinstance(pack, str) and "/" not in pack:
        path = bundled_pack(pack)
        if not path.is_dir():
            raise PackError(f"no bundled pack {pack!r} and no folder of that name")
    engine, content = _content(path, str(pack))
    low, high = engine.players
    if not low <= players <= high:
        raise PackError(f"{engine.title} is for {low} to {high} players, not {players}")
    return engine, engine.game.from_content(content, players, dict(options))


#: (pack folder, newest change to its files) -> (engine, content): every environment of a
#: pack shares one content object. Last Light lists a content's tables under the pack's id
#: and digest while that object lives (``content.register``): two loads of one pack, one of
#: them dropped, would leave the other's games unable to find their tables.
_LOADED: dict[tuple[str, float], tuple[Any, Any]] = {}


def _content(path: Path, named: str) -> tuple[Any, Any]:
    """The engine and the content of the pack at ``path``, loaded once while unchanged."""
    from whitedwarf.dsl.packs.loader import load_packs
    from whitedwarf.interpreter.engines import Unserved, engine_for

    folder = path.resolve()
    newest = max((f.stat().st_mtime for f in folder.rglob("*") if f.is_file()), default=0.0)
    key = (str(folder), newest)
    found = _LOADED.get(key)
    if found is not None:
        return found
    result = load_packs([path])
    if result.pack is None:
        first = "; ".join(str(getattr(e, "message", e)) for e in result.errors[:3])
        raise PackError(f"the pack {named!r} has errors: {first}")
    try:
        engine = engine_for(result.pack.game)
    except Unserved as error:
        raise PackError(str(error)) from None
    _LOADED[key] = found = (engine, engine.content_from_pack(result.pack))
    return found


def spec_of(engine: Any, game: Any) -> Spec:
    """The game's action space and observation encoder (its engine's ``rl_spec``)."""
    if engine.rl_spec is None:
        raise PackError(f"{engine.title} has no RL adapter yet (Last Light and Starlight have)")
    spec: Spec = engine.rl_spec(game)
    return spec


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
