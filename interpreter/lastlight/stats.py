"""Every changeable number and ability of the rules, read through one place.

The engine never hard-codes a number a card may change: it calls :func:`stat` (a vocabulary
``Stat``) or :func:`flag` (a vocabulary ``Flag``). The base value comes from the content pack
(``supply.yaml`` rules, ``ships.yaml``), plus the player's temporary adds for the current
action (``player["temp"]``, the ``add`` verb). Card modifiers are added by the effects module
through :func:`card_modifier` / :func:`card_flag`.
"""

from __future__ import annotations

from typing import NamedTuple

from whitedwarf.interpreter.lastlight import conditional, events, modifiers, versions
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.state import LUMOS


def stat(state: State, player: int, name: str, ship_type: str | None = None) -> int:
    """The current value of a stat for a player (and ship type, for ship stats).

    Lumos ships (002) use the base stats of their size only: "they attack only using the base
    stats associated with their ship size". The cards' share is kept with the state's
    versions until the player's cards in play change (``modifiers.card_modifier``).
    """
    if player == LUMOS:
        rt = runtime(state)
        return (
            rt.ship_stats[ship_type][name] if ship_type is not None else rt.base_stats.get(name, 0)
        )
    kept = versions.of(state)
    if ship_type is not None:
        base = kept.ship_stats[ship_type][name]
    else:
        base = kept.base_stats.get(name, 0)
    p = state["players"][player]
    temp = p["temp"]
    if temp:
        base += temp.get(name, 0)
    if p["techs"] or p["faction"]:  # a player without cards has no modifiers
        known = kept.mods[player]
        key = (name, ship_type)
        found = known.get(key)
        if found is None:
            found = known[key] = modifiers.totals_of(state, player).modifier(name, ship_type)
        base += found
        if events.ON:
            modifiers.announce(state, player, name, ship_type)
        # `while <condition>: ...`, read now (E137); ``conditional.changed_by`` written out
        # (every read asks it, most of the content has no `while` clause)
        whiles = kept.conditional.get(conditional.ANY)
        if name in (conditional.names(kept.rt) if whiles is None else whiles):
            base += conditional.modifier(state, player, name, ship_type)
    return base


def flag(state: State, player: int, name: str, ship_type: str | None = None) -> bool:
    """Whether a player's ship type has an ability flag (``bombard``, ``fight_twice`` ...)."""
    found = modifiers.card_flag(state, player, name, ship_type)  # False for the Lumos
    if found and events.ON:
        modifiers.announce(state, player, name, ship_type, flag=True)
    if not found and conditional.changes(runtime(state), name):  # `while ...: ... can ...`
        found = conditional.grants(state, player, name, ship_type)
    return found


class ShipType(NamedTuple):
    """The numbers of one player's ship type that combat and movement read (000 "Combat
    Icons Explained", "1. Move"), each what :func:`stat` or :func:`flag` gives."""

    fights: int  #: combats a ship may take part in per turn: 2 with ``fight_twice``
    bombard: bool
    range: int
    shield: int
    movement: int
    cross_asteroids: bool


def ship_type(state: State, player: int, size: str) -> ShipType | None:
    """A ship type's numbers read at once, kept with the state's versions until the player's
    cards in play change; None when they must be read one by one through :func:`stat` and
    :func:`flag`: while events are recorded (each read names the cards behind it, in the
    order read) or while the player has temporary adds (``add``, for the current action).

    A listing of moves or combat sectors reads two or three numbers of each ship type, at
    every listing; each read through :func:`stat` or :func:`flag` is a chain of calls (about
    150-200 ns), one read here gives them all. A state lent another's memos
    (``versions.lend``: a guess of the search agent, lent its view) takes the numbers read
    there (read there first) while the player holds the same cards in both.
    """
    if events.ON:
        return None
    if player != LUMOS and state["players"][player]["temp"]:
        return None
    kept = versions.of(state)
    if conditional.moves_ships_of(kept):  # `while` clauses are read afresh each time (E137)
        return None
    known = kept.types.get(player)
    if known is None:
        known = kept.types[player] = {}
    found = known.get(size)
    if found is None:
        # a state made from another where the player holds the same cards (versions.lend)
        source = None if player == LUMOS else versions.card_lender(state, player)
        lent = None if source is None else ship_type(source, player, size)
        found = known[size] = read_ship_type(state, player, size) if lent is None else lent
    return found


def read_ship_type(state: State, player: int, size: str) -> ShipType:
    """:func:`ship_type` read stat by stat."""
    return ShipType(
        fights=2 if flag(state, player, "fight_twice", size) else 1,
        bombard=flag(state, player, "bombard", size),
        range=stat(state, player, "range", size),
        shield=stat(state, player, "shield", size),
        movement=stat(state, player, "movement", size),
        cross_asteroids=flag(state, player, "cross_asteroids", size),
    )


def card_modifier(state: State, player: int, name: str, ship_type: str | None) -> int:
    """The sum of ``modifier`` clauses of the player's cards in play (effects module)."""
    return modifiers.card_modifier(state, player, name, ship_type)


def card_flag(state: State, player: int, name: str, ship_type: str | None) -> bool:
    """Whether a ``grant`` clause of the player's cards gives the flag (effects module)."""
    return modifiers.card_flag(state, player, name, ship_type)
