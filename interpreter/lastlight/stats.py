"""Every changeable number and ability of the rules, read through one place.

The engine never hard-codes a number a card may change: it calls :func:`stat` (a vocabulary
``Stat``) or :func:`flag` (a vocabulary ``Flag``). The base value comes from the content pack
(``supply.yaml`` rules, ``ships.yaml``), plus the player's temporary adds for the current
action (``player["temp"]``, the ``add`` verb). Card modifiers are added by the effects module
through :func:`card_modifier` / :func:`card_flag`.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight import events, modifiers, versions
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.state import LUMOS


def stat(state: dict[str, Any], player: int, name: str, ship_type: str | None = None) -> int:
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
    rt = kept.rt
    base = rt.ship_stats[ship_type][name] if ship_type is not None else rt.base_stats.get(name, 0)
    p = state["players"][player]
    temp = p["temp"]
    if temp:
        base += temp.get(name, 0)
    if p["techs"] or p["faction"]:  # a player without cards has no modifiers
        known = kept.mods[player]
        key = (name, ship_type)
        found = known.get(key)
        if found is None:
            found = known[key] = modifiers.modifier_total(state, player, name, ship_type)
        base += found
        if events.ON:
            modifiers.announce(state, player, name, ship_type)
    return base


def flag(state: dict[str, Any], player: int, name: str, ship_type: str | None = None) -> bool:
    """Whether a player's ship type has an ability flag (``bombard``, ``fight_twice`` ...)."""
    found = modifiers.card_flag(state, player, name, ship_type)  # False for the Lumos
    if found and events.ON:
        modifiers.announce(state, player, name, ship_type, flag=True)
    return found


def card_modifier(state: dict[str, Any], player: int, name: str, ship_type: str | None) -> int:
    """The sum of ``modifier`` clauses of the player's cards in play (effects module)."""
    return modifiers.card_modifier(state, player, name, ship_type)


def card_flag(state: dict[str, Any], player: int, name: str, ship_type: str | None) -> bool:
    """Whether a ``grant`` clause of the player's cards gives the flag (effects module)."""
    return modifiers.card_flag(state, player, name, ship_type)
