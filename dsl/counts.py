"""A count with its noun, in the number the count takes: ``1 game``, ``2 games``, ``0 games``.

Every report, summary and message that says how many of something comes here, so none says
"in 1 games" because its author tried it with a hundred. Only text for people: a JSON key or
a CSV column is never made from these.
"""

from __future__ import annotations


def noun_for(count: float, noun: str, plural: str | None = None) -> str:
    """``noun`` when ``count`` is exactly one, else its plural (``noun + "s"`` unless given:
    ``noun_for(2, "die", "dice")``). ``1 of 1 game`` takes the noun of the total."""
    if count == 1:
        return noun
    return plural if plural is not None else f"{noun}s"


def counted(count: float, noun: str, plural: str | None = None) -> str:
    """``1 game``, ``2 games``: the count, then :func:`noun_for` its noun (a whole float is
    shown as a whole number: a median of ``27.0`` rounds is ``27 rounds``)."""
    shown = int(count) if isinstance(count, float) and count.is_integer() else count
    return f"{shown} {noun_for(count, noun, plural)}"
