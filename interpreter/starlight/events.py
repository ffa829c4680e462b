"""Starlight's engine events: what happened, for whoever listens (``play --trace``, replays).

As in Last Light (``lastlight/events.py``), events are for listeners only: nothing of them is
kept in the state. :meth:`Game.listen <whitedwarf.interpreter.starlight.game.Game.listen>`
holds the listener and :func:`listening` switches it on only while that game sets up or
applies a decision, so reading options never emits anything; with nobody listening an emit
costs one flag test.

An event is a plain dict with ``kind``, ``round`` and ``seat`` (``None`` for the table) and:

==================  ====================================================================
kind                extra keys
==================  ====================================================================
``turn``            a turn begins: ``ap`` (received), ``last`` (003 "Your Last Turn")
``forfeit``         a last turn is forfeit: no complete star (003 "Your Last Turn")
``step``            the marker moves: ``space``
``action``          an action begins: ``action``, ``surcharge``
``take``            ``what`` (``core``, ``ray``, ``flare``), ``item``, ``cost``
``flush``           a pool is flushed: ``pool``
``day_points``      day points an effect gave, kept for final scoring: ``amount``, ``card``
``discard``         a Core discarded by an effect: ``core`` (SL150)
``steal``           a ray taken from another player by an effect: ``ray``, ``victim`` (SL152)
``launch``          a star is launched: ``core``, ``magnitude``, ``slot`` (None: slotless)
``flare``           a flare is used: ``card``, ``box`` (``points`` or ``boon``)
``points``          night points scored: ``amount``, ``source``
``privilege``       a privilege recorded: ``privilege``
``accolade``        an accolade claimed: ``card``
``starbot``         a Starbot card turned up: ``card``, ``action``
``gods``            every live player kept a god: ``gods`` (seat -> god), revealed together
``daybreak``        65 night points reached: ``last_round``
``game_end``        ``winners``, ``reason``, ``tiebreak``, ``points``
==================  ====================================================================

A *note* is told only to a listener that has a ``note`` method (``play --trace``), as Last
Light's are (``lastlight/events.py``): it is not an event of the game, so a replay never
records it, a summary never tallies it, and replays recorded before it existed verify as
they did (:func:`note`):

==================  ====================================================================
``god_triggered``   a god's trigger starts: ``god``, ``hook`` (its ``when ... if`` held)
``god_unmet``       a god's trigger's hook came but its condition was false: it did nothing
``god_given``       ``play --give`` gave the seat a god: ``god``, ``kept`` (the god it kept,
                    which the gift replaces), ``holder`` (a seat that kept the gift and keeps
                    ``kept`` instead, or None)
``final_score``     a seat's day points at the end (003 "Scoring"): ``day``, ``alpha``,
                    ``alpha_points``, ``laurels`` (each ``card``, ``points``,
                    ``fulfilled``), ``laurel_points``, ``laurel_bonus``, ``accolades`` (each
                    ``card``, ``points``), ``accolade_points``, ``starbot_stars``
``untrue``          an ``if`` step of a card's (``card``) effect was false: what it guards was
                    skipped (``why``: ``night_points is 3, not >= 4``)
``unpaid``          a cost of a card (``card``) could not be paid: what it pays for was skipped
``god_use_counted`` a god's limited trigger was used: ``god``, ``shown`` (``used 1 of 1 this
                    turn``)
``god_used_up``     a god's limited trigger is used up this period: it did nothing
``lasting``         a duration starts: ``card``, ``text``, ``until`` (``turn``, ``round``)
``lasting_over``    a duration ends with its period: ``card``, ``text``, ``until``
``next_cost``       a one-shot discount is kept: ``card``, ``thing``, ``amount``
``next_cost_used``  it is used up on what was made: ``card``, ``thing``, ``amount``, ``on``
``next_cost_over``  one kept to the end of a period was not used by then and is gone: ``card``,
                    ``thing``, ``amount``, ``until``
``pointless``       a payment of a card (``card``) was not made: what it pays for cannot happen
                    now (a gain of cores at the most held; docs/rules-decisions.md SL147)
==================  ====================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from whitedwarf.interpreter.starlight.records import State

Event = dict[str, Any]
Listener = Callable[[Event], None]

#: True while someone listens: every emit site tests it first.
ON = False
_LISTENER: Listener | None = None


@contextmanager
def listening(listener: Listener | None) -> Iterator[None]:
    """Send the engine's events to ``listener`` while the block runs (None: nobody)."""
    global ON, _LISTENER
    before = (ON, _LISTENER)
    ON, _LISTENER = listener is not None, listener
    try:
        yield
    finally:
        ON, _LISTENER = before


def emit(state: State, kind: str, seat: int | None, **extra: Any) -> None:
    """Announce an event (callers test :data:`ON` first where building it costs)."""
    if ON and _LISTENER is not None:
        _LISTENER({"kind": kind, "round": state.get("round"), "seat": seat, **extra})


def note(state: State, kind: str, seat: int | None, **extra: Any) -> None:
    """Tell the listener something for a trace only (callers test :data:`ON` first): shaped
    as an event, but given to the listener's ``note`` method if it has one, never to the
    listener itself, so replays and tallies never see it."""
    tell = getattr(_LISTENER, "note", None) if ON else None
    if tell is not None:
        tell({"kind": kind, "round": state.get("round"), "seat": seat, **extra})
