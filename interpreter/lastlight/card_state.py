"""Last Light's counter verbs (issue 29 item 1): ``put`` and ``remove`` counters on a card.

The store is game-agnostic (``interpreter/card_state.py``); this module binds the verbs the
vocabulary declares (``dsl/card_state.py``) to it and tells a trace what each did, as a note
(``events.note``: never recorded in a replay): ``hourglass#1 holds 3 charges now``.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter import card_state
from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.vm import Frame


def verb_put(state: State, frame: Frame, args: list[Any]) -> None:
    """``put N <counter> on this card``: at most ``MOST_ON_A_CARD`` of a kind (decision
    R13: the rest is not put, and the trace says the card is full)."""
    (n, name), _card = args
    added, now = card_state.put(state, frame, name, int(n))
    if events.ON:
        _told(state, frame, f"puts {added} {card_state.plural(name, added)} on", name, now,
              full=added < int(n))  # fmt: skip


def verb_remove(state: State, frame: Frame, args: list[Any]) -> None:
    """``remove N <counter> from this card``: a cost (``effects.LastLightAdapter.affordable``
    offers it only when the card holds N); written as a step, as many as there are."""
    (n, name), _card = args
    taken, now = card_state.remove(state, frame, name, int(n))
    if events.ON:
        _told(state, frame, f"removes {taken} {card_state.plural(name, taken)} from", name, now)


def _told(state: State, frame: Frame, did: str, name: str, now: int, full: bool = False) -> None:
    """A ``counters`` note: ``chronos: puts 1 charge on chronos (3 charges now)``."""
    held = f"{now} {card_state.plural(name, now)}"
    events.note(
        state, "counters", frame["owner"], frame["card"],
        did=did, on=card_state.card_of(frame), held=held, full=full,
    )  # fmt: skip


def removable(state: State, frame: Frame, wanted: dict[str, int], args: list[Any]) -> None:
    """Add a ``remove`` cost's counters (its bound arguments) to ``wanted``."""
    (n, name), _card = args
    wanted[name] = wanted.get(name, 0) + int(n)
