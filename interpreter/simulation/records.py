"""One game's JSON Lines record: who played, who won, and where the points came from.

A game is recorded from its ``Game.result`` (:func:`result_record`): who won, the points,
the result's other per-seat numbers, the length and why it ended. A game whose engine brings
its own record (``GameEngine.record``: Last Light's light by source and tech counts,
``interpreter/lastlight/batch_record.py``) is recorded by it instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from whitedwarf.interpreter.state import State


def result_record(
    index: int,
    seed: int,
    agents: list[str],
    result: Mapping[str, Any],
    state: State,
    decisions: int,
    opening: State | None = None,
) -> dict[str, Any]:
    """The record of a finished game of any game, from its result (docs/simulate.md), with
    the cards each seat picked (:func:`picks`) and its points by source (:func:`sources`)."""
    players = len(agents)
    return {
        "index": index,
        "seed": seed,
        "players": players,
        "seats": list(range(players)),
        "agents": agents,
        "winners": list(result.get("winners", [])),
        "points": list(result.get("points", [])),
        "scores": {
            name: value
            for name, value in result.items()
            if name not in ("points", "winners")
            and isinstance(value, list)
            and len(value) == players
            and all(isinstance(v, int) for v in value)
        },
        "rounds": state.get("round", 0),
        "reason": result.get("reason"),
        "tiebreak": result.get("tiebreak"),
        "decisions": decisions,
        "picks": picks(opening, state),
        "sources": [sources(p) for p in state.get("players", [])],
    }


def picks(opening: State | None, state: State) -> dict[str, list[dict[str, Any]]]:
    """The cards each seat was dealt to keep one of, the one it kept, and the one it held at
    the end, by kind.

    Both games name a deal ``<kind>s_dealt`` in a player's record and the card kept
    ``<kind>`` (Last Light's ``factions_dealt``/``faction``, Starlight's ``gods_dealt``/
    ``god``); the deal is read from the state after setup, before anyone kept a card. A kind
    nobody was dealt (Starlight without gods) is left out. ``held`` is the card the seat
    played with, however it came (kept from the deal or given by ``simulate --give``): the
    side its win counts for; ``kept`` is the seat's own choice from its deal, None when the
    card it holds is not of its deal (:func:`mark_given` says more of a batch with gifts).
    """
    if opening is None:
        return {}
    found: dict[str, list[dict[str, Any]]] = {}
    for start, end in zip(opening.get("players", []), state.get("players", []), strict=False):
        for key, dealt in start.items():
            kind = key.removesuffix("s_dealt")
            if kind == key or not isinstance(dealt, list) or not dealt:
                continue
            held = end.get(kind)
            entry = {
                "offered": sorted(map(str, dealt)),
                "kept": held if held in dealt else None,
                "held": held,
            }
            seats = len(state["players"])
            found.setdefault(
                kind, [{"offered": [], "kept": None, "held": None} for _ in range(seats)]
            )
            found[kind][end["seat"]] = entry
    return found


def mark_given(picks: dict[str, list[dict[str, Any]]], gifts: list[dict[str, Any]]) -> None:
    """Mark in ``picks`` what the batch's gifts (``simulate --give``, as the record lists
    them: ``seat``, ``card``, ``kind`` the card table) changed, in place.

    A seat given a card of a kind (``given``: true) holds it whatever it kept: its own choice
    is not known (``kept`` None), and its deal measures no pick. A seat whose kept card was
    given to another seat holds that seat's card instead (Starlight: one copy of each god,
    swapped: ``interpreter/starlight/gifts.py``): it kept the card given away."""
    for kind, entries in picks.items():
        cards = {g["card"]: g["seat"] for g in gifts if g.get("kind") == f"{kind}s"}
        for seat, entry in enumerate(entries):
            if seat in cards.values():
                entry["kept"], entry["given"] = None, True
            elif entry["kept"] is None and entry.get("held") is not None:
                away = [card for card in entry["offered"] if card in cards]
                entry["kept"] = away[0] if len(away) == 1 else None


def sources(player: dict[str, Any]) -> dict[str, int]:
    """A player's points by source, when its record keeps them as ``points: {part: {source:
    n}}`` (Starlight's night and day points, 003 "Victory Points"); ``{}`` otherwise."""
    parts = player.get("points")
    if not isinstance(parts, dict):
        return {}
    return {
        f"{part} {source}": int(n)
        for part, by_source in parts.items()
        if isinstance(by_source, dict)
        for source, n in by_source.items()
        if isinstance(n, int)
    }


def held_card(entry: Mapping[str, Any]) -> str | None:
    """The card a seat held of a pick's kind (:func:`picks`): its side for win rates. A
    record written before ``held`` was recorded has only what the seat kept."""
    card = entry["held"] if "held" in entry else entry.get("kept")
    return None if card is None else str(card)
