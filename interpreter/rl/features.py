"""A fixed-shape observation vector made of named blocks (its documented layout).

An encoder declares its blocks once (name, size) and writes each observation by block offset
into a copy of a zeroed buffer, which numpy then reads as float32 (each game's ``rl/``
encoders: Last Light's ``vector.py``, Starlight's ``spec.py``): the vector of a 4-player
Last Light position is some two thousand numbers of which about two hundred are not zero.
"""

from __future__ import annotations

from typing import Any


class Layout:
    """Named blocks laid end to end: ``offset[name]`` is where a block starts."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, int, str]] = []
        self.offset: dict[str, int] = {}
        self.size = 0

    def add(self, name: str, size: int, says: str) -> int:
        """Append a block of ``size`` numbers; returns its offset."""
        self.offset[name] = self.size
        self.blocks.append((name, size, says))
        self.size += size
        return self.offset[name]

    def describe(self) -> list[dict[str, Any]]:
        """The blocks in order with their offsets and what they hold (docs/rl.md)."""
        out, at = [], 0
        for name, size, says in self.blocks:
            out.append({"block": name, "first": at, "count": size, "holds": says})
            at += size
        return out
