"""Use limits of card clauses, kept in the game state (issue 29; docs/dsl.md "Use limits").

A clause compiled with ``limit`` (``{"times": N, "per": period}``: ``activated, once per
round: ...``, ``when <hook>, at most 3 times per game -> ...``) is counted each time it is
used: an activated ability when its owner starts it, a trigger when its hook comes and its
``when ... if`` condition holds; a trigger whose whole effect is one ``may`` gets its use back
when the ``may`` is not taken (:func:`give_back`, E155). A clause used up is not offered
(activated) or does nothing (trigger) until its period ends, when the engine calls
:func:`reset` with the period.

The counts live in the state under ``card_uses`` (plain data: they save, load, clone and
are shown to every player, as the cards are public), keyed ``"<card ref>/<clause>"``::

    {"warp_drive#1/0": {"card": "warp_drive#1", "clause": 0, "owner": 2,
                        "used": 1, "of": 3, "per": "game"}}

A state saved before use limits existed has no ``card_uses``: it reads as nothing used.
This module knows no game: both engines call it (docs/rules-decisions.md, "Use limits and
durations", says when each game's periods end).
"""

from __future__ import annotations

from typing import Any, TypedDict

from whitedwarf.interpreter.state import State

Limit = dict[str, Any]


class Use(TypedDict):
    """One clause's count (``state["card_uses"]["<card ref>/<clause>"]``), for the games'
    typed records (``lastlight/records.py``, ``starlight/records.py``)."""

    #: The card copy's ref (``warp_drive#1``), or a Starlight god's id.
    card: str
    #: The clause's index in the card's effect.
    clause: int
    #: The seat that used it.
    owner: int
    used: int
    #: The limit's times (``at most 3 times``) and period (``"round"``, ``"game"``,
    #: ``"turn"``: a word of the game's registry).
    of: int
    per: str


#: The state's key for the counts (issue 29 conventions: the use-limits construct's own key).
KEY = "card_uses"


def key(ref: str, clause: int) -> str:
    """The count's key: a card copy's ref (``warp_drive#1``) and the clause's index."""
    return f"{ref}/{clause}"


def used(state: State, ref: str, clause: int) -> int:
    """How many times the clause was used in its current period (0 for an old save)."""
    found = state.get(KEY)
    if not found:
        return 0
    entry = found.get(key(ref, clause))
    return int(entry["used"]) if entry else 0


def used_up(state: State, ref: str, clause: int, limit: Limit) -> bool:
    """Whether the clause was used as many times as its limit allows this period."""
    return used(state, ref, clause) >= int(limit["times"])


def count(state: State, owner: int, ref: str, clause: int, limit: Limit) -> dict[str, Any]:
    """Count one use of the clause; its entry, as kept in the state."""
    table = state.setdefault(KEY, {})
    entry: dict[str, Any] | None = table.get(key(ref, clause))
    if entry is None:
        entry = table[key(ref, clause)] = {
            "card": ref,
            "clause": clause,
            "owner": owner,
            "used": 0,
            "of": int(limit["times"]),
            "per": limit["per"],
        }
    entry["used"] += 1
    return entry


def give_back(state: State, ref: str, clause: int) -> dict[str, Any] | None:
    """Take back one counted use of the clause (a use limit on a clause whose whole effect is
    one `may` not taken: docs/rules-decisions.md E155); its entry, or None when it had no use
    counted this period (an unlimited clause, or a period that ended since)."""
    table = state.get(KEY)
    entry: dict[str, Any] | None = table.get(key(ref, clause)) if table else None
    if entry is None or entry["used"] <= 0:
        return None
    entry["used"] -= 1
    return entry


def reset(state: State, period: str) -> list[dict[str, Any]]:
    """The period ended: the counts of clauses limited per ``period`` start afresh. The
    entries dropped, in the order they were first counted."""
    table = state.get(KEY)
    if not table:
        return []
    gone = [entry for entry in table.values() if entry["per"] == period]
    for entry in gone:
        del table[key(entry["card"], entry["clause"])]
    return gone


def shown(entry: dict[str, Any]) -> str:
    """The count as a player reads it: ``used 1 of 3 this game``."""
    return f"used {entry['used']} of {entry['of']} this {entry['per']}"
