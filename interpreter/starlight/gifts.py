"""What ``simulate --give SEAT:CARD[@ROUND]`` can put in a Starlight seat's play
(``interpreter/simulation/gifts.py``; the engine hands over :data:`GIVER`): a Core, a Flare, a
Starter Core, a laurel, a god (with ``--option gods=true``: 003 "The Gods"), or a privilege
(recorded on the seat's mat as if it had launched into its slot, usable from its next action:
003 "Privileges"; Starlight's nearest to a Last Light exploration token, a reward a seat
reaches on the board rather than is dealt); only to a live seat (a Starbot holds no cards:
003 "Starbot Play").
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.simulation.gifts import GiftError, Giver
from whitedwarf.interpreter.starlight import events
from whitedwarf.interpreter.starlight.ending import ROUND_LIMIT
from whitedwarf.interpreter.starlight.records import State


def _cards(game: Any) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = game.content.cards
    return cards


def _give(game: Any, state: State, seat: int, kind: str, card: str) -> None:
    from whitedwarf.interpreter.starlight import scenario

    try:
        if kind == "gods":
            if not game.options.get("gods"):
                raise GiftError(
                    f"{card} is a god: give it with --option gods=true (003 'The Gods': "
                    "without them no god's power applies)"
                )
            kept = state["players"][seat]["god"]
            holder = _swap_god(state, seat, card)
            scenario.keep(game, state, seat, god=card)
            with events.listening(game.listener):  # the trace says whose god it displaced
                events.note(state, "god_given", seat, god=card, kept=kept, holder=holder)
        elif kind == "laurels":
            for p in state["players"]:  # the gift comes first: another holder lets it go
                if card in p["laurels"]:
                    p["laurels"].remove(card)
            scenario.keep(game, state, seat, laurels=[card])
        elif kind == "privileges":
            scenario.give(game, state, seat, privileges=[card])
        elif kind == "starters":
            for p in state["players"]:  # the seat's own starter goes back to the box
                if p["seat"] == seat:
                    p["starter"] = None
            scenario.give(game, state, seat, starter=card)
        else:
            _free_card(state, kind, card)
            if kind == "cores":
                scenario.give(game, state, seat, cores=[card])
            else:
                scenario.give(game, state, seat, flares=[card])
    except scenario.ScenarioError as error:
        raise GiftError(str(error)) from None


def _swap_god(state: State, seat: int, god: str) -> int | None:
    """Another seat keeping ``god`` keeps ``seat``'s god instead (one copy of each god); that
    seat, if any."""
    mine = next(p for p in state["players"] if p["seat"] == seat)
    for p in state["players"]:
        if p["seat"] != seat and p.get("god") == god:
            p["god"], p["gods_dealt"] = mine.get("god"), [g for g in [mine.get("god")] if g]
            return p["seat"]
    return None


def _free_card(state: State, kind: str, card: str) -> None:
    """A Core or Flare out of a pool or another seat's hand when its deck has none."""
    deck = state["core_deck" if kind == "cores" else "flare_deck"]
    if card in deck or (kind == "cores" and card in state["core_discard"]):
        return
    pool = state["pools"].get(kind, [])
    if card in pool:  # as a player takes it (actions.py): a Flare leaves its place empty
        if kind == "cores":  # until the pool slides; the Core pool is a plain list
            pool.remove(card)
        else:
            pool[pool.index(card)] = None
        deck.append(card)
        return
    for p in state["players"]:
        held = p["cores"] if kind == "cores" else p["flares"]
        if card in held:
            held.remove(card)
            deck.append(card)
            return


def _seat_problem(game: Any, seat: int) -> str | None:
    seats = game.options.get("seats") or []
    if seat < len(seats) and seats[seat] == "starbot":
        return f"seat {seat} is a Starbot: it holds no cards (003 'Starbot Play')"
    return None


#: How Starlight gives cards (``GameEngine.giver``).
GIVER = Giver(
    kinds=("cores", "flares", "starters", "laurels", "gods", "privileges"),
    cards=_cards,
    give=_give,
    not_given={
        "accolades": "an accolade is scored at the end by whoever earns it, never held",
        "aspects": "an aspect belongs to a star, not to a player",
        "starbots": "a Starbot card is the automated seat's own deck",
    },
    seat_problem=_seat_problem,
    # SL17: a game that never reached daybreak ends after round 60; one whose daybreak came
    # in round 60 plays its one more round (003 "End of Game"), so 61 is the last there is.
    last_round=(
        ROUND_LIMIT + 1,
        f"a Starlight game ends by round {ROUND_LIMIT + 1} whatever --round-limit says "
        f"(round {ROUND_LIMIT}, or the round after a daybreak in round {ROUND_LIMIT}: "
        "docs/rules-decisions.md SL17)",
    ),
)
