"""The games whitedwarf knows, found through the ``whitedwarf.games`` entry point group.

A game package registers itself in its ``pyproject.toml``::

    [project.entry-points."whitedwarf.games"]
    mygame = "mygame:GAME"

where ``GAME`` is a :class:`GameDefinition`. Any installed distribution can do this, so a
third-party game installed with pip is found like the bundled one. A pack's manifest names
its ``game``; the definition says where that game's vocabulary (the registry its effects are
checked against) and its content description (the :class:`ContentSpec` its files are checked
against) live. They are ``module:function`` strings so a game is imported only when a pack
needs it (docs/architecture.md "Games").

What is read from the installed games is cached for the process; :func:`forget` clears all
of it (every cache marked with :func:`remembers_games`) after a game is installed or removed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import Any, TypeVar

from whitedwarf.dsl.packs.kinds import ContentSpec
from whitedwarf.dsl.registry import Registry

#: The entry point group games register under.
GROUP = "whitedwarf.games"


@dataclass(frozen=True)
class GameDefinition:
    """What a game registers: its name and where its vocabulary, content spec and engine live."""

    name: str
    registry: str  # "module:function" returning the game's Registry
    content_spec: str  # "module:function" returning the game's ContentSpec
    #: "module:function" returning the game's engine (``interpreter/engines.py``'s
    #: ``GameEngine``: its Game class, content loader, seats); None: its packs are only validated.
    engine: str | None = None


class NoEngine(LookupError):
    """The game is installed but brings no engine: its packs validate, no command runs them."""


def game_entry_points() -> list[EntryPoint]:
    """The ``whitedwarf.games`` entry points installed, in a stable order (not loaded)."""
    return sorted(entry_points(group=GROUP), key=lambda point: (point.name, point.value))


@cache
def installed_games() -> dict[str, GameDefinition]:
    """Game name -> definition, for every ``whitedwarf.games`` entry point installed."""
    found: dict[str, GameDefinition] = {}
    for point in game_entry_points():
        game = point.load()
        if not isinstance(game, GameDefinition):
            raise TypeError(f"entry point {point.name!r} of {GROUP} is not a GameDefinition")
        found[game.name] = game
    return found


def unknown_game(name: Any, where: str) -> str | None:
    """Why ``name``, the game a file (``where``: "the save's header") names, is not a game
    whitedwarf has installed (None: it is one)."""
    games = sorted(installed_games())
    if isinstance(name, str) and name in games:
        return None
    return f"{where} 'game' is {name!r}, which is not one of the games: {', '.join(games)}"


def _call(target: str) -> Any:
    module, _, function = target.partition(":")
    return getattr(import_module(module), function)()


@cache
def game_registry(game: str) -> Registry:
    """The effect vocabulary of ``game`` (KeyError when the game is unknown)."""
    result: Registry = _call(installed_games()[game].registry)
    return result


@cache
def game_spec(game: str) -> ContentSpec:
    """The content files of ``game`` (KeyError when the game is unknown)."""
    result: ContentSpec = _call(installed_games()[game].content_spec)
    return result


@cache
def game_engine(game: str) -> Any:
    """The engine of ``game`` (KeyError when unknown, :class:`NoEngine` when it has none).

    The engine's type lives with the engines (``interpreter/engines.py``), not here: the
    language core knows games only by the references they register.
    """
    target = installed_games()[game].engine
    if target is None:
        raise NoEngine(f"game {game!r} has no engine: its packs validate, no command runs them")
    return _call(target)


# -- forgetting what was read from the installed games --------------------------------------

#: The caches whose results depend on which games are installed: these four, and each one
#: marked with :func:`remembers_games` where it lives (the JSON Schemas, whose manifest
#: schema lists the games' names).
_REMEMBERING: list[Callable[..., Any]] = [installed_games, game_registry, game_spec, game_engine]
_Cached = TypeVar("_Cached", bound=Callable[..., Any])


def remembers_games(cached: _Cached) -> _Cached:
    """Mark a ``functools.cache``'d function whose results depend on the installed games,
    so :func:`forget` clears it too (a decorator, written above ``@cache``)."""
    _REMEMBERING.append(cached)
    return cached


def remembering() -> tuple[Callable[..., Any], ...]:
    """Every cache :func:`forget` clears."""
    return tuple(_REMEMBERING)


def forget() -> None:
    """Forget everything read from the installed games (their entry points, registries,
    content specs and the schemas built from them), so the next call reads them again.

    Each is read once per process; a program that installs or removes a game while it runs
    (or a test that adds a game's entry point, as ``tests/dsl/test_games.py`` does) calls
    this afterwards, and again when the game is gone.
    """
    for cached in _REMEMBERING:
        cached.cache_clear()  # type: ignore[attr-defined]
