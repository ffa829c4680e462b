"""``did you mean ...`` suggestions for misspelt names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """Return the candidate most like ``word``, or None when nothing is close."""
    pool = sorted(set(candidates))
    matches = difflib.get_close_matches(word, pool, n=1, cutoff=cutoff)
    if matches:
        return matches[0]
    lowered = word.lower().replace("-", "_").replace(" ", "_")
    for candidate in pool:
        if candidate.lower() == lowered:
            return candidate
    return None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A ready ``help:`` line, or None."""
    match = closest(word, candidates)
    return f"did you mean `{match}`?" if match else None
