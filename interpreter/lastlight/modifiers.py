"""Static card effects: ``modifier`` and ``grant`` clauses, and the temporary ``add`` amounts.

000 "Civilization technology cards": "If it does not say to exhaust when you use it, its
effect is always on once you have it in play." 000 "Ship mod technology cards": "Ship mods
give a permanent upgrade to all ships of the associated type." So a modifier counts while its
card is in play, exhausted or not: a player-scoped one (``you have +1 research_draw``) for the
player, a ship-type-scoped one (``this ship type has +1 attack``) for the ship type its tech is
attached to. Factions count like civilization techs.

``stats.stat`` and ``stats.flag`` call :func:`card_modifier` and :func:`card_flag`. Each
card's static clauses are read once per content (:func:`_card_table`, by card ref), and each
stat's total once per set of cards in play (:func:`_totals`): a stat read is a lookup, not a
walk of the player's techs, so it costs the same at the end of a long game as at its start.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.effects import card_effect
from whitedwarf.interpreter.lastlight.state import LUMOS, card_id

State = dict[str, Any]


def _card_table(rt: Runtime, ref: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A card's ``modifier`` clauses as ``(stat, ship-type scoped, amount)`` and its
    ``grant`` clauses as ``(flag, ship-type scoped)``, cached per content by card ref."""
    table = rt.static
    found = table.get(ref)
    if found is None:
        mods, grants = [], []
        for clause in card_effect(rt, card_id(ref))["clauses"]:
            form = clause.get("form")
            scoped = clause.get("scope") == "ship_type"
            if form == "modifier":
                mods.append((clause["stat"], scoped, int(clause["amount"])))
            elif form == "grant":
                grants.append((clause["flag"], scoped))
        found = table[ref] = (tuple(mods), tuple(grants))
    return found


def card_modifier(state: State, player: int, name: str, ship_type: str | None = None) -> int:
    """The sum of the ``modifier`` clauses of the player's cards in play for a stat.

    Player-scoped amounts count for every ship type too; ship-type-scoped ones only for the
    type their tech is attached to (none for a card attached to no ship type).
    """
    if player == LUMOS:
        return 0  # 002: the Lumos use "only the base stats associated with their ship size"
    p = state["players"][player]
    rt, cards, (sums, _) = _totals(state, p)
    found = sums.get(name)
    if found is None:
        found = sums[name] = _sum(rt, cards, name)
    total, scoped = found
    if scoped and ship_type is not None:
        techs = p["techs"]
        for at, amount in scoped:
            if techs[at]["ship_type"] == ship_type:
                total += amount
    return total


def card_flag(state: State, player: int, name: str, ship_type: str | None = None) -> bool:
    """Whether a ``grant`` clause of the player's cards in play gives the flag."""
    if player == LUMOS:
        return False
    p = state["players"][player]
    rt, cards, (_, flags) = _totals(state, p)
    found = flags.get(name)
    if found is None:
        found = flags[name] = _granted(rt, cards, name)
    anyway, scoped = found
    if anyway:
        return True
    if scoped and ship_type is not None:
        techs = p["techs"]
        return any(techs[at]["ship_type"] == ship_type for at in scoped)
    return False


_REF = itemgetter("ref")
#: Cards in play (memo keys) per content before the memo is emptied.
_MEMO_LIMIT = 1 << 14

Cards = tuple[Any, ...]


def _totals(
    state: State, p: dict[str, Any]
) -> tuple[Runtime, Cards, tuple[dict[str, Any], dict[str, Any]]]:
    """The player's cards in play (faction, then the techs' refs in play order) and the stat
    sums and flags already worked out for exactly those cards: a stat read is one lookup,
    however many techs the player has. The memo lives with the content and is keyed by the
    cards themselves (as ``hooks.fire``'s), so a clone, a loaded state or a new tech finds its
    own entry; the slot a ship-type-scoped card is attached to is read from the state."""
    rt = runtime(state)
    memo = rt.static_totals
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    cards = (p["faction"], *map(_REF, p["techs"]))
    found = memo.get(cards)
    if found is None:
        found = memo[cards] = ({}, {})
    return rt, cards, found


def _sum(rt: Runtime, cards: Cards, name: str) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A stat's total from player-scoped clauses, and ``(tech index, amount)`` of the
    ship-type-scoped ones (they count for the ship type their tech is attached to)."""
    total, scoped = 0, []
    for at, ref in enumerate(cards, start=-1):
        if ref:
            for stat, by_type, amount in _card_table(rt, ref)[0]:
                if stat != name or (by_type and at < 0):
                    continue
                if by_type:
                    scoped.append((at, amount))
                else:
                    total += amount
    return total, tuple(scoped)


def _granted(rt: Runtime, cards: Cards, name: str) -> tuple[bool, tuple[int, ...]]:
    """Whether a player-scoped clause grants a flag, and the tech indexes of the
    ship-type-scoped clauses that grant it."""
    scoped = []
    for at, ref in enumerate(cards, start=-1):
        if ref:
            for flag, by_type in _card_table(rt, ref)[1]:
                if flag != name or (by_type and at < 0):
                    continue
                if not by_type:
                    return True, ()
                scoped.append(at)
    return False, tuple(scoped)


def announce(
    state: State, player: int, name: str, ship_type: str | None, flag: bool = False
) -> None:
    """A ``modifier`` event for each card in play whose ``modifier`` clause changes the stat
    ``name`` (with ``flag``: whose ``grant`` clause gives the flag) that the engine just read;
    :func:`events.modifier` reports each card once per decision."""
    p = state["players"][player]
    rt = runtime(state)
    cards = [(p["faction"], None)] if p["faction"] else []
    cards += [(t["ref"], t["ship_type"]) for t in p["techs"]]
    for ref, slot in cards:
        mods, grants = _card_table(rt, ref)
        amount = 0
        for stat, scoped, value in () if flag else mods:
            if stat == name and (not scoped or (ship_type is not None and slot == ship_type)):
                amount += value
        granted = flag and any(
            f == name and (not scoped or (ship_type is not None and slot == ship_type))
            for f, scoped in grants
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
    temp = state["players"][player]["temp"]
    temp[name] = temp.get(name, 0) + amount
