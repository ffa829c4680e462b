"""The bounds that keep loading an untrusted pack fast and safe (DESIGN principle 3).

Each limit ends in a located diagnostic with its own code; docs/packs.md explains them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """How big a pack's files may be; the defaults fit the base game many times over."""

    file_bytes: int = 2 * 1024 * 1024  # E0504: the base game's largest file is ~40 KiB
    depth: int = 32  # E0505: the deepest base-game document nests 6 levels
    aliases: int = 64  # E0506: aliases per file; 0 refuses them all
    nodes: int = 200_000  # E0506: values per file after aliases are expanded
    cards: int = 10_000  # E0512: entries per card file (the base game has 83 techs)
    effect_chars: int = 4_000  # E0513: the longest printed card text is ~400 characters


DEFAULT_LIMITS = Limits()
