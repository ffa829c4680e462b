"""What changed in a state since a memo was made: version stamps kept by the mutations.

The achievement check runs after every step, decision and verb (docs/rules-decisions.md E17)
and stat reads run at every die; both used to fingerprint or walk what they read each time
(the ships, the extractors, a player's cards in play). Instead, the few functions that change
those parts of a state tell this module so (:func:`ships_changed`, :func:`extractors_changed`,
:func:`cards_changed`), and the memos compare a stamp or find their entry still there:

* ``ships`` / ``extractors``: a stamp, unique in the process, renewed at each change of a
  ship (placed, moved, damaged, repaired, destroyed) or extractor (placed, destroyed). A
  condition found false with the same stamps reads the same pieces (``conditions.Snapshot``).
* a seat's cards in play (faction, techs in play and the ship types they sit on): the
  memos derived from them (the ``as_soon_as`` cards, stat and flag totals) are dropped.

The stamps are not part of the state (saves, hashes and equality are unchanged: a position is
the same however it was reached). They live in the content's runtime tables, one
:class:`Versions` per state object; a clone or a loaded state is a new object and starts with
fresh stamps and empty memos, so nothing is carried across states. The pieces are changed
only through ``state.place_ship``, ``state.move_ship``, ``state.damage_ship``,
``state.repair_ship``, ``state.place_extractor`` and ``graveyard.destroy``, and the cards in
play through ``research.put_in_play``, ``verbs`` (discard) and ``setup`` (the kept faction);
``tests/engine/test_versions.py`` plays seeded games comparing every memoised answer with one
worked out from scratch, so a change made without telling this module fails it.

Code outside the engine that edits a state's pieces or cards in place (a test building a
position) after the state was checked calls :func:`forget` for it.
"""

from __future__ import annotations

from itertools import count
from typing import Any

from whitedwarf.interpreter.lastlight.content import runtime

State = dict[str, Any]

#: Stamps unique in the process: equal stamps mean the same state object, unchanged since.
_STAMPS = count(1)

#: States with versions kept per content before the table is emptied (a search agent's
#: clones come and go; an emptied table only means fresh stamps and empty memos).
_LIMIT = 64


class Versions:
    """The stamps and per-state memos of one state object (see the module docstring)."""

    __slots__ = ("extractors", "false", "flags", "mods", "ships", "soon", "state")

    def __init__(self, state: State) -> None:
        seats = len(state["players"])
        self.state = state  # held, so the id this is filed under is not reused meanwhile
        self.ships = next(_STAMPS)
        self.extractors = next(_STAMPS)
        #: seat -> the cards with ``as_soon_as`` clauses (``hooks.check_achievements``).
        self.soon: list[Any] = [None] * seats
        #: seat -> ``(stat, ship type)`` -> the total of its cards' modifiers.
        self.mods: list[dict[tuple[str, str | None], int]] = [{} for _ in range(seats)]
        #: seat -> ``(flag, ship type)`` -> whether a card grants it.
        self.flags: list[dict[tuple[str, str | None], bool]] = [{} for _ in range(seats)]
        #: ``(ref, clause, seat)`` -> the signature of a condition last found false.
        self.false: dict[tuple[str, int, int], tuple[Any, ...]] = {}


def of(state: State) -> Versions:
    """The versions of a state object, made when first asked."""
    table = runtime(state).versions
    found = table.get(id(state))
    if found is None:
        if len(table) >= _LIMIT:
            table.clear()
        found = table[id(state)] = Versions(state)
    return found


def _kept(state: State) -> Versions | None:
    """The versions of a state if any memo was made for it (else nothing to renew)."""
    return runtime(state).versions.get(id(state))


def ships_changed(state: State) -> None:
    """A ship was placed, moved, damaged, repaired or removed."""
    found = _kept(state)
    if found is not None:
        found.ships = next(_STAMPS)


def extractors_changed(state: State) -> None:
    """An extractor was placed or removed."""
    found = _kept(state)
    if found is not None:
        found.extractors = next(_STAMPS)


def cards_changed(state: State, seat: int) -> None:
    """A seat's faction or techs in play (or the ship type one sits on) changed."""
    found = _kept(state)
    if found is not None and 0 <= seat < len(found.soon):
        found.soon[seat] = None
        found.mods[seat] = {}
        found.flags[seat] = {}


def forget(state: State) -> None:
    """Drop every stamp and memo of a state (after editing its pieces or cards in place)."""
    runtime(state).versions.pop(id(state), None)
