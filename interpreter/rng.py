"""A small seeded random generator whose whole state is one integer (DESIGN principle 4).

The generator is SplitMix64: the state is a 64-bit counter, each draw adds a constant and
mixes it. It is fast in pure Python, passes BigCrush as a stream, and its state is an ``int``
that clones, saves to JSON and compares like any other number. Python's global ``random`` is
never used by the engine.

Functions take and return the state so the caller decides where it lives; the Last Light
engine keeps it in ``state["rng"]`` and uses :func:`below` / :func:`shuffle` on that dict.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import Any

from whitedwarf.interpreter.state import State

MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any int; negative and big seeds are folded)."""
    return (seed * _GOLDEN + 0x632BE59BD9B4E019) & MASK


def derived_seed(purpose: str, seed: int, index: int) -> int:
    """The seed of the ``index``-th game of a run of ``purpose`` (``batch``, ``values``)
    started from ``seed``: a hash of the three (63 bits), so games of two purposes or two
    runs never share a seed by accident."""
    digest = hashlib.sha256(f"whitedwarf-{purpose}:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def step(state: int) -> tuple[int, int]:
    """Advance the state once; return ``(new_state, 64-bit output)``."""
    state = (state + _GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(holder: State, n: int, key: str = "rng") -> int:
    """A uniform integer in ``[0, n)`` drawn from ``holder[key]``, which is advanced.

    Uses the multiply-shift map of a 64-bit output; its bias is below 2**-58 for the small
    ``n`` a board game needs.
    """
    if n <= 1:
        return 0
    state, out = step(holder[key])
    holder[key] = state
    return (out * n) >> 64


def shuffle(holder: State, items: MutableSequence[Any], key: str = "rng") -> None:
    """Shuffle ``items`` in place (Fisher-Yates) with the generator in ``holder[key]``."""
    for i in range(len(items) - 1, 0, -1):
        j = below(holder, i + 1, key)
        items[i], items[j] = items[j], items[i]
