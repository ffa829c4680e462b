"""A pack opened for the RL adapters: its engine and content (loaded once while its files are
unchanged), a game of it, and the game's action space and encoder. Kept apart from
``whitedwarf.rl``'s own module so the adapters (``rating.py``) can use it without importing the
package that imports them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.rl.spec import Spec


class PackError(ValueError):
    """The pack could not be loaded or played; the message says why (the first problems)."""


class GameStopped(RuntimeError):
    """A card of the pack stopped the game in play (a runaway effect, a number over an engine
    limit: docs/rules-decisions.md E16), said as ``whitedwarf play`` says it, at the card's
    file, line and column; ``error`` is the engine's own. The state is in the middle of the
    effect: reset the environment."""

    def __init__(self, message: str, error: BaseException) -> None:
        super().__init__(message)
        self.error = error


def stopped(game: Any, error: BaseException) -> GameStopped:
    """The engine's ``error`` in ``game`` of a pack loaded here, placed at its card."""
    where = _WHERE.get(id(getattr(game, "content", None)))
    return GameStopped(str(error) if where is None else where(error), error)


def load(pack: str | Path = "lastlight", players: int = 2, **options: Any) -> tuple[Any, Any]:
    """``(engine, game)`` for a pack: a bundled pack's name (``lastlight``, ``starlight``) or
    a pack folder (a mod, with its dependencies found as ``whitedwarf play --pack`` finds
    them). ``options`` are the game's options (``round_limit``, Starlight's ``gods`` ...)."""
    from whitedwarf.content import bundled_pack

    if not isinstance(pack, (str, Path)):  # Path(None) was a TypeError naming no pack
        raise PackError(
            f"pack is a bundled pack's name (lastlight, starlight) or a folder, not {pack!r}"
        )
    path = Path(pack)
    try:  # a name over 255 bytes is an OSError of exists(), not False
        if not path.exists() and isinstance(pack, str) and "/" not in pack:
            path = bundled_pack(pack)
            if not path.is_dir():
                raise PackError(_no_bundled_pack(pack, path.parent))
        if not path.exists():
            raise PackError(f"no pack folder {str(pack)!r}: it does not exist")
    except OSError as error:
        raise PackError(f"no pack folder {str(pack)[:80]!r}...: {error.strerror}") from None
    engine, content = _content(path, str(pack))
    low, high = engine.players
    # a bool or a float passed the range test (True seated one Starlight player; 2.5 failed
    # deep in Last Light's setup) and a string failed it with a TypeError
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise PackError(f"{engine.title} is for {low} to {high} players, not {players!r}")
    return engine, engine.game.from_content(content, players, dict(options))


#: (pack folder, newest change to its files) -> (engine, content): every environment of a
#: pack shares one content object. Last Light lists a content's tables under the pack's id
#: and digest while that object lives (``content.register``): two loads of one pack, one of
#: them dropped, would leave the other's games unable to find their tables.
_LOADED: dict[tuple[str, float], tuple[Any, Any]] = {}
#: id of a loaded content -> its pack's ``located`` (the content lives in ``_LOADED``).
_WHERE: dict[int, Any] = {}


def _no_bundled_pack(pack: str, folder: Path) -> str:
    """Why ``pack`` names no pack: a did-you-mean of the bundled packs (`lastlite`: a typo of
    `lastlight`), else their names."""
    from whitedwarf.dsl.suggest import did_you_mean

    shipped = sorted(p.name for p in folder.iterdir() if (p / "pack.yaml").is_file())
    close = did_you_mean(pack, shipped)
    return f"no bundled pack {pack!r} and no folder of that name" + (
        f"; {close}" if close else f" (the bundled packs: {', '.join(shipped)})"
    )


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
        # Each problem where it is (`whitedwarf validate`'s headline), so it can be found.
        first = "; ".join(e.headline() for e in result.errors[:3])
        more = len(result.errors) - 3
        rest = f"; and {more} more" if more > 0 else ""
        raise PackError(
            f"the pack {named!r} has errors: {first}{rest} (`whitedwarf validate {named}` "
            "shows each with its fix)"
        )
    try:
        engine = engine_for(result.pack.game)
    except Unserved as error:
        raise PackError(str(error)) from None
    _LOADED[key] = found = (engine, engine.content_from_pack(result.pack))
    _WHERE[id(found[1])] = result.pack.located
    return found


def spec_of(engine: Any, game: Any) -> Spec:
    """The game's action space and observation encoder (its engine's ``rl_spec``)."""
    if engine.rl_spec is None:
        raise PackError(f"{engine.title} has no RL adapter yet (Last Light and Starlight have)")
    spec: Spec = engine.rl_spec(game)
    return spec
