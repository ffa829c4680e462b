"""The state cards keep on themselves (issue 29 item 1), the same in every game.

Counters (``put 1 charge on this card``) and remembered choices (``choose an opponent:``)
live in the game state under one key, per owner and per card::

    state["card_state"] = {"0": {"hourglass#1": {"counters": {"charge": 3},
                                                  "chosen": {"opponent": "p2"}}}}

The owner is the seat as text (the state is JSON: object keys are strings), the card is the
``this card`` of the effect's frame (a tech's ref in Last Light, a god's id in Starlight).
The key is made the first time a card puts a counter or remembers a choice, so a game whose
cards keep nothing has no key, and a state saved before card state existed loads as one
whose cards keep nothing. Everything here is public, on the table: each game's observation
shows it to every seat. Counts are bounded: a card holds at most
:data:`~whitedwarf.dsl.card_state.MOST_ON_A_CARD` counters of a kind (docs/rules-decisions.md
R13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.dsl.card_state import MOST_ON_A_CARD, plural
from whitedwarf.interpreter.state import State

if TYPE_CHECKING:  # the effect machine imports this module
    from whitedwarf.interpreter.vm import Frame

__all__ = ["KEY", "MOST_ON_A_CARD", "plural"]


#: The game state's key (docs/effect-ir.md "Card state").
KEY = "card_state"


def card_of(frame: Frame) -> str:
    """The card a frame's ``this card`` is: its context's card, else its own card."""
    found = frame["context"].get("card")
    return str(found if found is not None else frame["card"])


def kept(state: State, owner: int, card: str) -> dict[str, Any] | None:
    """What ``owner``'s ``card`` keeps, or None when it keeps nothing."""
    found: dict[str, Any] | None = state.get(KEY, {}).get(str(owner), {}).get(card)
    return found


def _keep(state: State, owner: int, card: str) -> dict[str, Any]:
    seats = state.setdefault(KEY, {})
    entry: dict[str, Any] = seats.setdefault(str(owner), {}).setdefault(
        card, {"counters": {}, "chosen": {}}
    )
    return entry


def count(state: State, frame: Frame, name: str) -> int:
    """How many ``name`` counters the frame's card holds (``charges on this card``)."""
    found = kept(state, frame["owner"], card_of(frame))
    return int(found["counters"].get(name, 0)) if found else 0


def put(state: State, frame: Frame, name: str, n: int) -> tuple[int, int]:
    """Put ``n`` counters on the frame's card, no more than the card may hold; returns
    ``(put, now)``: how many went on and how many it holds now."""
    held = count(state, frame, name)
    added = max(0, min(n, MOST_ON_A_CARD - held))
    if added:
        _keep(state, frame["owner"], card_of(frame))["counters"][name] = held + added
    return added, held + added


def remove(state: State, frame: Frame, name: str, n: int) -> tuple[int, int]:
    """Take up to ``n`` counters off the frame's card (a cost was checked before, so it is
    all ``n`` there); returns ``(removed, now)``. A kind down to 0 is dropped."""
    held = count(state, frame, name)
    taken = max(0, min(n, held))
    if taken:
        counters = _keep(state, frame["owner"], card_of(frame))["counters"]
        if held - taken:
            counters[name] = held - taken
        else:
            del counters[name]
    return taken, held - taken


def can_remove(state: State, frame: Frame, wanted: dict[str, int]) -> bool:
    """Whether the frame's card holds every ``{name: n}`` counter a cost removes."""
    return all(count(state, frame, name) >= n for name, n in wanted.items())


def remember(state: State, frame: Frame, noun: str, chosen: Any) -> None:
    """Remember ``chosen`` (a player's id) as the card's ``that <noun>``."""
    _keep(state, frame["owner"], card_of(frame))["chosen"][noun] = chosen


def recalled(state: State, frame: Frame, noun: str) -> Any:
    """The card's ``that <noun>``, or None before any clause of it chose one."""
    found = kept(state, frame["owner"], card_of(frame))
    return found["chosen"].get(noun) if found else None


def forget(state: State, owner: int, card: str) -> None:
    """The card left ``owner``'s play (a tech discarded): what it kept goes with it, so a copy
    that comes back starts afresh (docs/rules-decisions.md R13)."""
    seats = state.get(KEY, {})
    seats.get(str(owner), {}).pop(card, None)


def counters_text(counters: dict[str, int]) -> str:
    """``3 charges, 1 seal``: a card's counters as words (the trace, the table)."""
    return ", ".join(f"{n} {plural(name, n)}" for name, n in counters.items())


def kept_text(state: State, seat: int, card: str) -> str:
    """What ``seat``'s ``card`` keeps, in words, for the table (the terminal game, the
    viewer's panels): ``3 charges · chose p2 as that opponent``; empty when nothing."""
    found = of_seat(state, seat).get(card)
    if not found:
        return ""
    parts = [counters_text(found["counters"])] if found["counters"] else []
    parts += [f"chose {chosen} as that {noun}" for noun, chosen in found["chosen"].items()]
    return " · ".join(parts)


def of_seat(state: State, seat: int) -> dict[str, dict[str, Any]]:
    """Every card of ``seat`` that keeps something: card -> ``{counters, chosen}``."""
    found: dict[str, dict[str, Any]] = state.get(KEY, {}).get(str(seat), {})
    return {card: kept for card, kept in found.items() if kept["counters"] or kept["chosen"]}
