"""The games whitedwarf knows: where each one's vocabulary and content description live.

A pack's manifest names its ``game``; these tables map that name to the registry its effects
are checked against and to the :class:`ContentSpec` its files are checked against. Entries
are ``module:function`` strings so a game is imported only when a pack needs it.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from whitedwarf.dsl.packs.kinds import ContentSpec
from whitedwarf.dsl.registry import Registry

GAMES: dict[str, str] = {"lastlight": "whitedwarf.interpreter.lastlight.vocabulary:registry"}
CONTENT_SPECS: dict[str, str] = {
    "lastlight": "whitedwarf.interpreter.lastlight.content_schema:content_spec"
}


def _call(target: str) -> Any:
    module, _, function = target.partition(":")
    return getattr(import_module(module), function)()


@cache
def game_registry(game: str) -> Registry:
    """The effect vocabulary of ``game`` (KeyError when the game is unknown)."""
    return _call(GAMES[game])


@cache
def game_spec(game: str) -> ContentSpec:
    """The content files of ``game`` (KeyError when the game is unknown)."""
    return _call(CONTENT_SPECS[game])
