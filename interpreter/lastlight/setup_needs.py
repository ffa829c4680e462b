"""What setup draws, checked on the merged content of every loaded pack (issue 6 item 4).

000 "setup" deals, per seat, a number of factions (``per_player.faction_cards_dealt``, 2;
3+ factions are removed in a 2-player game) and one whole set of achievements, and puts a
planet on every planet slot of the player count's map. A mod that removes too many cards
would leave a seat with faction ``None``, no achievements, or an empty planet slot, so each
setup the packs offer (``setups.yaml``) is checked here: an error names the pack that made
the content too small and stands at its ``remove`` line when it removed cards
(docs/rules-decisions.md C21). Exploration tokens and techs are not needs: a missing token is
a blank one (E12) and an empty tech deck deals nothing more (E5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.content import Content, Entry

DEFAULT_FACTIONS_DEALT = 2  # 000 "setup": "Deal 2 alien faction cards to each player"


@dataclass(frozen=True)
class Shortfall:
    """A setup needs ``needed`` of ``kind`` but the content has ``have``."""

    kind: str
    players: int
    needed: int
    have: int
    what: str  # how the need is counted, in words


def check_setup_needs(content: Content) -> list[Diagnostic]:
    """E0930 for each kind of card too scarce for the largest setup that cannot be dealt."""
    setups = content.documents.get("setups")
    if setups is None or not isinstance(setups.data, dict):
        return []
    out = []
    for need in (_factions, _achievement_sets, _planets):
        shortfalls = [
            found
            for setup in setups.data.get("setups", [])
            if isinstance(setup, dict) and isinstance(setup.get("players"), int)
            for found in [need(content, setup)]
            if found is not None
        ]
        if shortfalls:
            shortfalls.sort(key=lambda s: -s.players)
            found = _diagnostic(content, setups, shortfalls[0])
            notes = tuple(_note(s) for s in shortfalls[1:])
            out.append(replace(found, notes=found.notes + notes))
    return out


def _cards(content: Content, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in content.cards.get(kind, []) if isinstance(e.data, dict)]


def _per_player(content: Content, name: str, default: int) -> int:
    supply = content.data("supply")
    per_player = supply.get("per_player") if isinstance(supply, dict) else None
    value = per_player.get(name) if isinstance(per_player, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _factions(content: Content, setup: dict[str, Any]) -> Shortfall | None:
    players = setup["players"]
    dealt = _per_player(content, "faction_cards_dealt", DEFAULT_FACTIONS_DEALT)
    usable = [c for c in _cards(content, "factions") if players >= 3 or not c.get("three_plus")]
    needed = players * dealt
    if len(usable) >= needed:
        return None
    what = f"deals {counted(dealt, 'faction')} to each seat"
    if players < 3:
        what += " (3+ factions are removed in a 2-player game)"
    return Shortfall("factions", players, needed, len(usable), what)


def _achievement_sets(content: Content, setup: dict[str, Any]) -> Shortfall | None:
    players = setup["players"]
    sets = {c.get("set") for c in _cards(content, "achievements") if "set" in c}
    if len(sets) >= players:
        return None
    return Shortfall("achievements", players, players, len(sets), "deals a set to each seat")


def _planets(content: Content, setup: dict[str, Any]) -> Shortfall | None:
    slots = setup.get("planets")
    needed = len(slots) if isinstance(slots, list) else 0
    have = len(_cards(content, "planets"))
    if have >= needed:
        return None
    return Shortfall("planets", setup["players"], needed, have, "puts a planet on each slot")


_UNITS: dict[str, Callable[[int], str]] = {
    "factions": lambda n: f"{n} faction{'s' * (n != 1)}",
    "achievements": lambda n: f"{n} achievement set{'s' * (n != 1)}",
    "planets": lambda n: f"{n} planet{'s' * (n != 1)}",
}


def _diagnostic(content: Content, setups: Entry, short: Shortfall) -> Diagnostic:
    unit = _UNITS[short.kind]
    message = (
        f"the {short.players}-player setup {short.what}, {unit(short.needed)} in all, but the "
        f"loaded packs leave {unit(short.have)}"
    )
    hint = f"keep at least {unit(short.needed)}, or drop the {short.players}-player setup"
    removals = content.removals(short.kind)
    if removals:
        culprit = removals[-1]
        cards = [r.id for r in removals if r.pack == culprit.pack]
        message += f": {culprit.pack} removes {_ids(cards)}"
        return error("E0930", message, culprit.span(("id",)), hint)
    replaced = [c.by for c in content.changes if c.action == "replace" and c.by.kind == short.kind]
    culprit_entry = content.latest(replaced)
    if culprit_entry is not None and culprit_entry.pack != setups.pack:
        message += f" ({culprit_entry.pack} replaces `{culprit_entry.id}`)"
        return error("E0930", message, culprit_entry.span(("id",)), hint)
    return error("E0930", message, _setup_span(setups, short.players), hint)


def _note(short: Shortfall) -> str:
    unit = _UNITS[short.kind]
    return (
        f"the {short.players}-player setup is short too: it {short.what}, "
        f"{unit(short.needed)} in all"
    )


def _setup_span(setups: Entry, players: int) -> Span:
    for index, setup in enumerate(setups.data.get("setups", [])):
        if isinstance(setup, dict) and setup.get("players") == players:
            return setups.span(("setups", index, "players"))
    return setups.span()


def _ids(ids: list[str | None]) -> str:
    shown = ", ".join(f"`{i}`" for i in ids[:6])
    more = f" and {len(ids) - 6} more" if len(ids) > 6 else ""
    return f"{shown}{more}"
