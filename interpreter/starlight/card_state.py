"""Starlight's counter verbs (issue 29 item 1): ``put`` and ``remove`` counters on a card.

The store is game-agnostic (``interpreter/card_state.py``); this module binds the verbs the
vocabulary declares (``dsl/card_state.py``) to it and tells a trace what each did, as a note
(never recorded in a replay): ``the god Chronos holds 3 charges now``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter import card_state
from whitedwarf.interpreter.starlight import events
from whitedwarf.interpreter.starlight.state import State
from whitedwarf.interpreter.vm import Frame

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


def verb_put(game: Game, state: State, frame: Frame, amount: list[Any], card: Any) -> None:
    """``put N <counter> on this card``: at most ``MOST_ON_A_CARD`` of a kind (decision
    R13: the rest is not put, and the trace says the card is full)."""
    n, name = int(amount[0]), amount[1]
    added, now = card_state.put(state, frame, name, n)
    _told(state, frame, f"puts {added} {card_state.plural(name, added)} on", name, now, added < n)


def verb_remove(game: Game, state: State, frame: Frame, amount: list[Any], card: Any) -> None:
    """``remove N <counter> from this card``: a cost (``effects.Adapter.affordable`` offers
    it only when the card holds N); written as a step, as many as there are."""
    name = amount[1]
    taken, now = card_state.remove(state, frame, name, int(amount[0]))
    _told(state, frame, f"removes {taken} {card_state.plural(name, taken)} from", name, now)


def _told(state: State, frame: Frame, did: str, name: str, now: int, full: bool = False) -> None:
    """A ``counters`` note: ``the god Chronos puts 1 charge on itself (3 charges now)``."""
    if events.ON:
        events.note(
            state, "counters", frame["owner"], card=card_state.card_of(frame), did=did,
            card_kind=frame["card"].partition(":")[0],
            held=f"{now} {card_state.plural(name, now)}", full=full,
        )  # fmt: skip
