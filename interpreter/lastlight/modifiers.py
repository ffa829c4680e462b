"""Static card effects: ``modifier`` and ``grant`` clauses, and the temporary ``add`` amounts.

000 "Civilization technology cards": "If it does not say to exhaust when you use it, its
effect is always on once you have it in play." 000 "Ship mod technology cards": "Ship mods
give a permanent upgrade to all ships of the associated type." So a modifier counts while its
card is in play, exhausted or not: a player-scoped one (``you have +1 research_draw``) for the
player, a ship-type-scoped one (``this ship type has +1 attack``) for the ship type its tech is
attached to. Factions count like civilization techs; a faction (or any card) changes its
owner's ships with ``your ships have +1 movement`` or ``your large ships have +1 attack``,
which count on every ship type of the owner, or on those of the sizes named (:func:`clause_where`).

``stats.stat`` and ``stats.flag`` call :func:`card_modifier` and :func:`card_flag`. Each
card's static clauses are read once per content (:func:`_card_table`, by card ref). One walk
over the player's cards in play sums every clause at once (:func:`card_totals`), and each
total read from it is kept with the state's versions until that player's cards in play change
(``versions.py``), so a stat read does not grow with the techs a player has: a late game's
player has some 20 techs, and a walk per stat and ship type read after each change of them
cost more than the reads. :func:`modifier_total` and :func:`flag_granted` work one total out
by walking the cards (the tests compare the kept totals with them).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from whitedwarf.interpreter.lastlight import events, versions
from whitedwarf.interpreter.lastlight.card_effects import card_effect
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.state import LUMOS, SIZES, card_id
from whitedwarf.interpreter.lastlight.state import add_temp as state_add_temp

#: Where a ``modifier`` or ``grant`` clause counts: player-wide (:data:`EVERYWHERE`), on the
#: ship type its tech is attached to (:data:`ON_SLOT`), or on the ship types a ``your [size]
#: ships`` subject names (a tuple of them).
EVERYWHERE = None
ON_SLOT = "slot"
Where = None | str | tuple[str, ...]


def clause_where(clause: dict[str, Any]) -> Where:
    """Where one compiled static clause counts (:data:`Where`).

    000 "Ship mod technology cards": a ship-type-scoped clause counts for the type its tech is
    attached to. ``your ships have +1 movement`` (``every``: its subject's size filters, the
    only adjective filters of ship types) counts for each of the owner's ship types they keep,
    whatever card it is on: a faction's ships move one sector further (000 "1. Move").
    """
    if clause.get("scope") != "ship_type":
        return EVERYWHERE
    every = clause.get("every")
    if every is None:
        return ON_SLOT
    return tuple(size for size in SIZES if all(spec[0] == size for spec in every))


def counts_on(where: Where, slot: str | None, ship_type: str | None) -> bool:
    """Whether a clause counting at ``where``, on a card attached to ``slot``, counts when the
    engine reads ``ship_type``'s number (None: a player's own number)."""
    if where is EVERYWHERE:
        return True
    if ship_type is None:
        return False
    return slot == ship_type if where == ON_SLOT else ship_type in where


def _types(where: Where, slot: str | None) -> tuple[str, ...]:
    """The ship types a ship-type clause (``where`` not :data:`EVERYWHERE`) counts on."""
    if where == ON_SLOT:
        return (slot,) if slot is not None else ()
    assert isinstance(where, tuple)
    return where


def _card_table(rt: Runtime, ref: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A card's ``modifier`` clauses as ``(stat, where, amount)`` and its ``grant`` clauses
    as ``(flag, where)`` (:data:`Where`), cached per content by card ref."""
    table = rt.static
    found = table.get(ref)
    if found is None:
        mods, grants = [], []
        for clause in card_effect(rt, card_id(ref))["clauses"]:
            form = clause.get("form")
            if form == "modifier":
                mods.append((clause["stat"], clause_where(clause), int(clause["amount"])))
            elif form == "grant":
                grants.append((clause["flag"], clause_where(clause)))
        found = table[ref] = (tuple(mods), tuple(grants))
    return found


class CardTotals(NamedTuple):
    """Every ``modifier`` and ``grant`` clause of a player's cards in play, summed."""

    #: stat -> the amounts of player-scoped modifiers (they count for every ship type too).
    everywhere: dict[str, int]
    #: ``(stat, ship type)`` -> the amounts of ship-type-scoped ones counting on that type
    #: (a tech's on the type it is attached to, ``your large ships have ...`` on large).
    on_type: dict[tuple[str, str], int]
    #: Flags granted player-wide, and ``(flag, ship type)`` granted to one ship type.
    granted: frozenset[str]
    granted_on_type: frozenset[tuple[str, str]]

    def modifier(self, name: str, ship_type: str | None) -> int:
        """What :func:`modifier_total` gives for the stat."""
        found = self.everywhere.get(name, 0)
        if ship_type is not None:
            found += self.on_type.get((name, ship_type), 0)
        return found

    def grants(self, name: str, ship_type: str | None) -> bool:
        """What :func:`flag_granted` gives for the flag."""
        return name in self.granted or (
            ship_type is not None and (name, ship_type) in self.granted_on_type
        )


def card_totals(state: State, player: int) -> CardTotals:
    """One walk over the player's cards in play (faction first, then techs): a faction's
    clauses count player-wide only (it sits on no ship type), a tech's ship-type-scoped ones
    for the type it is attached to (none when it is attached to none)."""
    p = state["players"][player]
    rt = runtime(state)
    everywhere: dict[str, int] = {}
    on_type: dict[tuple[str, str], int] = {}
    granted: set[str] = set()
    granted_on_type: set[tuple[str, str]] = set()
    cards: list[tuple[str, str | None]] = [(p["faction"], None)] if p["faction"] else []
    cards += [(tech["ref"], tech["ship_type"]) for tech in p["techs"]]
    for ref, slot in cards:
        _add_card(rt, ref, slot, everywhere, on_type, granted, granted_on_type)
    _add_lasting(state, player, everywhere, on_type, granted, granted_on_type)
    return CardTotals(everywhere, on_type, frozenset(granted), frozenset(granted_on_type))


def _lasting(state: State, player: int) -> list[tuple[str, str, Where, str | None, int]]:
    """The player's durations (``until the end of the round: ...``, ``lasting.py``) as
    ``(form, stat or flag, where, slot, amount)``: they count as a card's clauses do while
    they last (a save before durations existed has none)."""
    out = []
    for d in state.get("durations") or ():
        if d["owner"] == player:
            clause = d["clause"]
            name = clause["stat"] if clause["form"] == "modifier" else clause["flag"]
            amount = int(clause.get("amount", 0))
            out.append((clause["form"], name, clause_where(clause), d["slot"], amount))
    return out


def _add_lasting(
    state: State,
    player: int,
    everywhere: dict[str, int],
    on_type: dict[tuple[str, str], int],
    granted: set[str],
    granted_on_type: set[tuple[str, str]],
) -> None:
    """Add the player's durations to the sums being made (:func:`card_totals`)."""
    for form, name, where, slot, amount in _lasting(state, player):
        if form == "modifier":
            if where is EVERYWHERE:
                everywhere[name] = everywhere.get(name, 0) + amount
            else:
                for ship_type in _types(where, slot):
                    on_type[name, ship_type] = on_type.get((name, ship_type), 0) + amount
        elif where is EVERYWHERE:
            granted.add(name)
        else:
            for ship_type in _types(where, slot):
                granted_on_type.add((name, ship_type))


def _add_card(
    rt: Runtime,
    ref: str,
    slot: str | None,
    everywhere: dict[str, int],
    on_type: dict[tuple[str, str], int],
    granted: set[str],
    granted_on_type: set[tuple[str, str]],
) -> None:
    """Add one card's modifiers and grants (``slot``: the ship type it is attached to) to the
    sums being made."""
    mods, grants = rt.static.get(ref) or _card_table(rt, ref)
    for stat, where, amount in mods:
        if where is EVERYWHERE:
            everywhere[stat] = everywhere.get(stat, 0) + amount
            continue
        for ship_type in _types(where, slot):
            on_type[stat, ship_type] = on_type.get((stat, ship_type), 0) + amount
    for flag, where in grants:
        if where is EVERYWHERE:
            granted.add(flag)
            continue
        for ship_type in _types(where, slot):
            granted_on_type.add((flag, ship_type))


def with_card(rt: Runtime, totals: CardTotals, ref: str, slot: str | None) -> CardTotals:
    """``totals`` and the clauses of one more tech (``ref``, attached to ``slot``): what
    :func:`card_totals` gives once the tech is at the end of the player's techs in play (a
    sum does not depend on the order), without walking the others again."""
    everywhere, on_type = dict(totals.everywhere), dict(totals.on_type)
    granted, granted_on_type = set(totals.granted), set(totals.granted_on_type)
    _add_card(rt, ref, slot, everywhere, on_type, granted, granted_on_type)
    return CardTotals(everywhere, on_type, frozenset(granted), frozenset(granted_on_type))


def totals_of(state: State, player: int) -> CardTotals:
    """:func:`card_totals`, kept with the state's versions until the player's cards change."""
    kept = versions.of(state)
    found: CardTotals | None = kept.totals[player]
    if found is None:
        found = kept.totals[player] = card_totals(state, player)
    return found


def card_modifier(state: State, player: int, name: str, ship_type: str | None = None) -> int:
    """The sum of the ``modifier`` clauses of the player's cards in play for a stat.

    Player-scoped amounts count for every ship type too; ship-type-scoped ones only for the
    type their tech is attached to (none for a card attached to no ship type). Kept per state
    and seat until the seat's cards in play change (``versions.cards_changed``).
    """
    if player == LUMOS:
        return 0  # 002: the Lumos use "only the base stats associated with their ship size"
    known = versions.of(state).mods[player]
    key = (name, ship_type)
    found = known.get(key)
    if found is None:
        found = known[key] = totals_of(state, player).modifier(name, ship_type)
    return found


def card_flag(state: State, player: int, name: str, ship_type: str | None = None) -> bool:
    """Whether a ``grant`` clause of the player's cards in play gives the flag (kept like
    :func:`card_modifier`)."""
    if player == LUMOS:
        return False
    known = versions.of(state).flags[player]
    key = (name, ship_type)
    found = known.get(key)
    if found is None:
        found = known[key] = totals_of(state, player).grants(name, ship_type)
    return found


def modifier_total(state: State, player: int, name: str, ship_type: str | None) -> int:
    """:func:`card_modifier` worked out by walking the player's cards in play."""
    p = state["players"][player]
    rt = runtime(state)
    table = rt.static
    total = 0
    cards: list[tuple[str, str | None]] = [(p["faction"], None)] if p["faction"] else []
    cards += [(tech["ref"], tech["ship_type"]) for tech in p["techs"]]
    for ref, slot in cards:
        for stat, where, amount in (table.get(ref) or _card_table(rt, ref))[0]:
            if stat == name and counts_on(where, slot, ship_type):
                total += amount
    for form, stat, where, slot, amount in _lasting(state, player):
        if form == "modifier" and stat == name and counts_on(where, slot, ship_type):
            total += amount
    return total


def flag_granted(state: State, player: int, name: str, ship_type: str | None) -> bool:
    """:func:`card_flag` worked out by walking the player's cards in play."""
    p = state["players"][player]
    rt = runtime(state)
    table = rt.static
    cards: list[tuple[str, str | None]] = [(p["faction"], None)] if p["faction"] else []
    cards += [(tech["ref"], tech["ship_type"]) for tech in p["techs"]]
    for ref, slot in cards:
        for flag, where in (table.get(ref) or _card_table(rt, ref))[1]:
            if flag == name and counts_on(where, slot, ship_type):
                return True
    return any(
        form == "grant" and flag == name and counts_on(where, slot, ship_type)
        for form, flag, where, slot, _ in _lasting(state, player)
    )


def announce(
    state: State, player: int, name: str, ship_type: str | None, flag: bool = False
) -> None:
    """A ``modifier`` event for each card in play whose ``modifier`` clause changes the stat
    ``name`` (with ``flag``: whose ``grant`` clause gives the flag) that the engine just read;
    :func:`events.modifier` reports each card once per decision."""
    p = state["players"][player]
    rt = runtime(state)
    cards: list[tuple[str, str | None]] = [(p["faction"], None)] if p["faction"] else []
    cards += [(t["ref"], t["ship_type"]) for t in p["techs"]]
    for ref, slot in cards:
        mods, grants = _card_table(rt, ref)
        amount = 0
        for stat, where, value in () if flag else mods:
            if stat == name and counts_on(where, slot, ship_type):
                amount += value
        granted = flag and any(
            f == name and counts_on(where, slot, ship_type) for f, where in grants
        )
        if amount or granted:
            events.modifier(
                state, player, card_id(ref), name, amount if amount else None, ship_type
            )


def has_flag(state: State, player: int, ship_type: str | None, flag: str) -> bool:
    """Same as :func:`card_flag`, in the argument order of the effects brief."""
    return card_flag(state, player, flag, ship_type)


def temp_amount(state: State, player: int, name: str) -> int:
    """What ``add`` verbs added to a stat for the current action card."""
    return 0 if player == LUMOS else state["players"][player]["temp"].get(name, 0)


def add_temp(state: State, player: int, name: str, amount: int) -> None:
    """The ``add`` verb: "Raise one of your numbers until the current action card is resolved"
    (kept in ``player["temp"]``, which the engine clears after each resolution)."""
    state_add_temp(state, player, name, amount)


def stat_sources(state: State, seat: int, name: str, ship_type: str | None) -> list[str]:
    """The card ids whose ``modifier`` clauses in play raise a stat, the largest total first
    (the copies of one card added together): what ``limits`` names when a stat takes a loop
    past its bound (docs/rules-decisions.md E21)."""
    p = state["players"][seat]
    held: list[tuple[str, str | None]] = [(p["faction"], None)] if p["faction"] else []
    held += [(t["ref"], t["ship_type"]) for t in p["techs"]]
    totals: dict[str, int] = {}
    for ref, slot in held:
        cid = card_id(ref)
        for clause in card_effect(runtime(state), cid)["clauses"]:
            if clause.get("form") != "modifier" or clause.get("stat") != name:
                continue
            if counts_on(clause_where(clause), slot, ship_type):
                totals[cid] = totals.get(cid, 0) + int(clause["amount"])
    raised = [cid for cid in sorted(totals) if totals[cid] > 0]
    return sorted(raised, key=lambda cid: -totals[cid])
