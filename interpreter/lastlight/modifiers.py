"""Static card effects: ``modifier`` and ``grant`` clauses, and the temporary ``add`` amounts.

000 "Civilization technology cards": "If it does not say to exhaust when you use it, its
effect is always on once you have it in play." 000 "Ship mod technology cards": "Ship mods
give a permanent upgrade to all ships of the associated type." So a modifier counts while its
card is in play, exhausted or not: a player-scoped one (``you have +1 research_draw``) for the
player, a ship-type-scoped one (``this ship type has +1 attack``) for the ship type its tech is
attached to. Factions count like civilization techs.

``stats.stat`` and ``stats.flag`` call :func:`card_modifier` and :func:`card_flag`. The sums
depend only on the player's faction and their techs in play with their slots, so they are
cached per content under that key: a stat read costs one tuple and two dict lookups.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.effects import card_effect
from whitedwarf.interpreter.lastlight.state import LUMOS, card_id

State = dict[str, Any]
_Key = tuple[str, str | None]

_CACHE_LIMIT = 1 << 14
_NOTHING: tuple[dict[_Key, int], set[_Key]] = ({}, set())


def _tables(state: State, player: int) -> tuple[dict[_Key, int], set[_Key]]:
    """``(stat, ship_type or None) -> amount`` and ``{(flag, ship_type or None)}``."""
    p = state["players"][player]
    techs = p["techs"]
    if not techs and not p["faction"]:
        return _NOTHING
    rt = runtime(state)
    key = (p["faction"], *[(t["ref"], t["ship_type"]) for t in techs])
    cache = rt.cache.get("modifiers")
    if cache is None:
        cache = rt.cache["modifiers"] = {}
    found = cache.get(key)
    if found is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        found = cache[key] = _build(rt, key)
    return found


def _build(rt: Runtime, key: tuple[Any, ...]) -> tuple[dict[_Key, int], set[_Key]]:
    amounts: dict[_Key, int] = {}
    flags: set[_Key] = set()
    cards = ([(key[0], None)] if key[0] else []) + list(key[1:])
    for ref, slot in cards:
        for clause in card_effect(rt, card_id(ref))["clauses"]:
            form = clause.get("form")
            if form not in ("modifier", "grant"):
                continue
            scoped = slot if clause["scope"] == "ship_type" else None
            if clause["scope"] == "ship_type" and slot is None:
                continue  # a ship-type clause on a card with no ship type: nothing to change
            if form == "modifier":
                k = (clause["stat"], scoped)
                amounts[k] = amounts.get(k, 0) + int(clause["amount"])
            else:
                flags.add((clause["flag"], scoped))
    return amounts, flags


def card_modifier(state: State, player: int, name: str, ship_type: str | None = None) -> int:
    """The sum of the ``modifier`` clauses of the player's cards in play for a stat.

    Player-scoped amounts count for every ship type too; ship-type-scoped ones only for the
    type their tech is attached to.
    """
    if player == LUMOS:
        return 0  # 002: the Lumos use "only the base stats associated with their ship size"
    amounts = _tables(state, player)[0]
    if not amounts:
        return 0
    total = amounts.get((name, None), 0)
    if ship_type is not None:
        total += amounts.get((name, ship_type), 0)
    return total


def card_flag(state: State, player: int, name: str, ship_type: str | None = None) -> bool:
    """Whether a ``grant`` clause of the player's cards in play gives the flag."""
    if player == LUMOS:
        return False
    flags = _tables(state, player)[1]
    return bool(flags) and (
        (name, None) in flags or (ship_type is not None and (name, ship_type) in flags)
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
