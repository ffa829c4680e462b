"""Conditional modifiers and grants: ``while <condition>: <modifier or grant>``.

A card's ``while`` clause (docs/dsl.md "Conditional modifiers") is a modifier or grant that
counts only while its condition holds. Its condition can read anything a condition reads
(light, resources, the round, planets you control, the card's counters), so unlike a plain
modifier its share cannot be kept until the player's cards change (``modifiers.py`` keeps
those): it is worked out at each read of the number, from the state as it is then
(docs/rules-decisions.md E137). ``stats.stat`` and ``stats.flag`` add it on top of the kept
totals.

Only the numbers some ``while`` clause of the content changes are read afresh
(:func:`changes`); every other number is read exactly as without one, and the kept readings
of a ship type's numbers that movement and combat rest on (``stats.ship_type``, Command's
move listings, combat's survey) stay in use unless a ``while`` clause changes one of those
numbers (:func:`moves_ships`). So a content none of whose factions and techs has a
``while`` clause reads as before, and so does the base pack, whose one ``while`` clause
(Hexan's starting common, docs/rules-decisions.md K19) changes a number read once, at setup.

While a ``while`` condition is being read, the ``while`` clauses of that player count for
nothing (the seats being read are kept on the state object, ``versions.Versions.whiles``): a
condition that reads a number one of them changes would otherwise read itself without end; no
condition value reads a stat today, so this is a guard, not a rule a card can meet. (A plain
``dict`` given to the engine has fresh versions at each read, so the guard holds on a game's
own state, a ``versions.GameState``, which is what plays.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from whitedwarf.interpreter.lastlight import events, versions
from whitedwarf.interpreter.lastlight.card_effects import card_effect
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.modifiers import Where, clause_where, counts_on
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.state import LUMOS, card_id
from whitedwarf.interpreter.vm import Frame, new_frame

#: The key of ``Runtime.conditional`` holding the names of the stats and flags the content's
#: ``while`` clauses change (empty when it has none).
ANY = ""
#: The numbers of a ship type read at once and kept (``stats.ShipType``), on which Command's
#: move listings and combat's kept survey rest: while no ``while`` clause changes one of
#: them, those kept readings hold (E137).
SHIP_NUMBERS = frozenset(
    {"fight_twice", "bombard", "range", "shield", "movement", "cross_asteroids"}
)
#: The card files whose cards can be in play (a faction, techs): the only ones whose
#: modifiers count (``modifiers.card_totals``).
_IN_PLAY = ("factions", "techs")


class Conditional(NamedTuple):
    """One ``while`` clause of a card: where it is, its condition and what it changes."""

    clause: int  # its index among the card's clauses
    when: list[Any]  # the COND of docs/effect-ir.md
    form: str  # "modifier" or "grant"
    name: str  # the stat or the flag
    where: Where
    amount: int


#: The effect machine's condition test, ``(state, frame, COND) -> truth``, connected by
#: :func:`connect` when a game is set up (``game.wire``): the machine reads the stats, which
#: read this module, so this module cannot import the machine (tests/architecture: no
#: import cycle).
_test: Callable[[State, Frame, list[Any]], Any] | None = None


def connect(test: Callable[[State, Frame, list[Any]], Any]) -> None:
    """Read ``while`` conditions with ``test`` (the effect machine's ``test``)."""
    global _test
    _test = test


def names(rt: Runtime) -> frozenset[str]:
    """The stats and flags some ``while`` clause of a faction or tech of the content changes
    (worked out once per content)."""
    found = rt.conditional.get(ANY)
    if found is None:
        found = rt.conditional[ANY] = frozenset(
            c.name
            for stem in _IN_PLAY
            for cid, card in rt.cards.get(stem, {}).items()
            if "while" in str(card.get("effect", "")) or card.get("compiled")
            for c in clauses(rt, cid)
        )
    return found


def changes(rt: Runtime, name: str) -> bool:
    """Whether some ``while`` clause of the content changes the stat or flag ``name``."""
    return name in names(rt)


def changed_by(kept: versions.Versions, name: str) -> bool:
    """:func:`changes` from a state's versions (``versions.Versions``, which hold the
    runtime's table): the stat reads ask it at every read, and reaching the runtime through
    its weak reference cost more than the test."""
    found: frozenset[str] | None = kept.conditional.get(ANY)
    return name in (names(kept.rt) if found is None else found)


def moves_ships_of(kept: versions.Versions) -> bool:
    """:func:`moves_ships` from a state's versions (as :func:`changed_by`)."""
    found: frozenset[str] | None = kept.conditional.get(ANY)
    return not (names(kept.rt) if found is None else found).isdisjoint(SHIP_NUMBERS)


def moves_ships(rt: Runtime) -> bool:
    """Whether some ``while`` clause changes a number of :data:`SHIP_NUMBERS`, so the kept
    readings of ship types, move listings and combat surveys must be read afresh."""
    return not names(rt).isdisjoint(SHIP_NUMBERS)


def clauses(rt: Runtime, ref: str) -> tuple[Conditional, ...]:
    """A card's ``while`` clauses, by card ref (or id), made once per content."""
    table = rt.conditional
    found = table.get(ref)
    if found is None:
        out = []
        for i, clause in enumerate(card_effect(rt, card_id(ref))["clauses"]):
            if clause.get("form") != "while":
                continue
            inner = clause["clause"]
            name = inner["stat"] if inner["form"] == "modifier" else inner["flag"]
            amount = int(inner.get("amount", 0))
            out.append(
                Conditional(i, clause["when"], inner["form"], name, clause_where(inner), amount)
            )
        found = table[ref] = tuple(out)
    return found


def _holding(
    state: State, player: int, form: str, name: str, ship_type: str | None
) -> list[tuple[str, int]]:
    """``(card id, amount)`` of each ``while`` clause of ``form`` on ``name`` of the player's
    cards in play that counts on ``ship_type`` and whose condition holds now."""
    rt = runtime(state)
    p = state["players"][player]
    held: list[tuple[str, str | None]] = [(p["faction"], None)] if p["faction"] else []
    held += [(tech["ref"], tech["ship_type"]) for tech in p["techs"]]
    found = [
        (ref, slot, c)
        for ref, slot in held
        for c in clauses(rt, ref)
        if c.form == form and c.name == name and counts_on(c.where, slot, ship_type)
    ]
    if not found:
        return []
    reading = versions.of(state).whiles  # the seats being read: on the state object
    if player in reading:  # a condition read inside a condition: see above
        return []
    reading.add(player)
    try:
        return [
            (card_id(ref), c.amount)
            for ref, slot, c in found
            if _holds(state, player, ref, slot, c)
        ]
    finally:
        reading.discard(player)


def _holds(state: State, player: int, ref: str, slot: str | None, c: Conditional) -> bool:
    """Whether the clause's condition holds now, read as the card's owner; a tech's
    ``this ship type`` (``of this type``) is the ship type it sits on."""
    if _test is None:
        raise RuntimeError("a `while` condition read before a Game connected the effect machine")
    context: dict[str, Any] = {"card": ref}
    if slot is not None:
        context["ship_type"] = slot
    frame = new_frame(card_id(ref), player, c.clause, context)
    return bool(_test(state, frame, c.when))


def modifier(state: State, player: int, name: str, ship_type: str | None) -> int:
    """What the player's ``while`` modifiers whose conditions hold add to a stat now (each
    card trace-told as modifying the stat, as a plain modifier is)."""
    if player == LUMOS or not changes(runtime(state), name):
        return 0
    by_card: dict[str, int] = {}
    for cid, amount in _holding(state, player, "modifier", name, ship_type):
        by_card[cid] = by_card.get(cid, 0) + amount
    if events.ON:
        for cid, amount in by_card.items():
            if amount:
                events.modifier(state, player, cid, name, amount, ship_type)
    return sum(by_card.values())


def grants(state: State, player: int, name: str, ship_type: str | None) -> bool:
    """Whether a ``while`` grant of the player's cards whose condition holds gives the flag."""
    if player == LUMOS or not changes(runtime(state), name):
        return False
    holding = _holding(state, player, "grant", name, ship_type)
    if events.ON:
        for cid in dict.fromkeys(cid for cid, _ in holding):
            events.modifier(state, player, cid, name, None, ship_type)
    return bool(holding)
