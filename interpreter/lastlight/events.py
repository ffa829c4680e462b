"""Engine events: what happened, as it happens, for whoever listens (a trace, a replay).

The engine announces every change a designer may want to watch: a card effect starting and
each verb it runs, resources and light gained (with the light's source) or paid, pieces
built, moved and destroyed, tokens revealed by name, techs drawn, kept, discarded and built,
modifiers changing a number, achievements played, the rotation, the Lumos and the game end.

Events are for listeners only: nothing of them is kept in the state (the state stays plain
data of a size independent of the game's length). A listener is a callable taking one event;
:meth:`Game.listen <whitedwarf.interpreter.lastlight.game.Game.listen>` holds it and
:func:`listening` switches it on only while that game applies a decision (or sets up), so
reading options never emits anything. With nobody listening an emit site costs one global
flag test (``if events.ON:``).

The listener belongs to the running context (a ``ContextVar``: each thread, and each asyncio
task, has its own), so games played at the same time in several threads (a Dask worker with
threads, the language server) each hear only their own events. ``ON`` stays one global flag,
true while anybody anywhere listens: it only opens the gate; :func:`emit` then finds the
listener of its own context, or none.

An event is a plain dict:

``kind``   what happened (the table below); ``round`` the round; ``seat`` the player it
           happened to (``None`` for the table, ``-1`` for the Lumos);
``card``   the card the event is about (the token revealed, the tech drawn, the card whose
           effect starts), or ``None``;
``by``     the card whose effect caused it (set while a card's verb runs), or ``None``;
           other keys by kind.

======================  ==========================================================
kind                    extra keys
======================  ==========================================================
``decision``            ``option``, ``text`` (added by the trace; not an engine event)
``reveal``              the action cards revealed: ``cards`` (seat -> card)
``effect``              a card effect starts (told "is triggered"; a trigger's
                        ``when ... if`` condition held, an ``if`` step inside the effect
                        is tested after): ``how`` (``when <hook>``, ``immediate``,
                        ``as soon as`` or ``activated``)
``verb``                a verb of ``card``'s effect runs: ``verb``, ``args`` (text)
``gain``                ``unit``, ``amount`` (what the supply gave), ``source`` (light)
``pay``                 ``unit``, ``amount``, ``to`` (a seat, or ``None``: the supply)
``ship_built``          ``ship``, ``size``, ``sector``
``ship_moved``          ``ship``, ``owner`` (seat is who moved it), ``sector``
``extractor_built``     ``extractor``, ``sector``, ``planet``
``destroyed``           ``unit``, ``what`` (``ship``/``extractor``), ``owner``, ``sector``
``roll``                combat dice of a group (or one extra die): ``size``, ``sector``,
                        ``faces``
``damage``              1 damage dealt (at the simultaneous damage): ``ship``, ``owner``,
                        ``sector``
``graveyard``           a full graveyard paid out: ``units``
``token``               a token revealed: ``card`` is the token, ``sector``
``tech_drawn``, ``tech_kept``, ``tech_discarded``, ``tech_built``  ``card``; built: ``slot``
``modifier``            ``card`` changes ``stat`` by ``amount`` (``None``: grants the flag
                        ``stat``), ``ship_type`` (once per decision)
``achievement``         a planetary achievement is played: ``card``
``faction``             a faction is kept and revealed: ``card``
``refreshed``           000 "1. Refresh": cards readied, ships repaired, ``cards`` taken back
``rotation``            ``rotation`` (how many so far)
``lumos``               the Lumos: ``what`` (``ally``, ``ship``), ``ally`` or ``sector``
``game_end``            ``winners``, ``reason``, ``light``
======================  ==========================================================

A *note* is told to a listener that has a ``note`` method (``play --trace``) and to no other:
it is not an event of the game, so it is never recorded in a replay nor tallied in a
summary, and replays recorded before it existed verify as they did (:func:`note`):

======================  ==========================================================
``unmet``               a trigger's hook came but its ``when ... if`` condition was
                        false: the card did nothing (``how``: ``when <hook>``)
``untrue``              an ``if`` step of the card's effect was false: what it guards
                        was skipped (``why``: ``light_held is 3, not >= 4``)
``unpaid``              a cost of the card could not be paid: what it pays for was
                        skipped
``use_counted``         a limited clause was used: ``shown`` (``used 1 of 3 this game``)
``used_up``             a limited clause is used up: a trigger did nothing, an ability
                        is not offered until its period ends (``how``, ``shown``)
``lasting``             a duration starts: ``text`` (its modifier), ``until`` (the period)
``lasting_over``        a duration ends at the end of its period: ``text``, ``until``
``next_cost``           a one-shot discount is kept: ``thing``, ``amount``
``next_cost_used``      a one-shot discount is used up on what was made: ``thing``,
                        ``amount``, ``on``
``next_cost_over``      a one-shot discount kept to the end of a period was not used by
                        then and is gone: ``thing``, ``amount``, ``until``
``die_face``            a die of the roll given a new face (``reroll``, ``treat``):
                        ``die``, ``old``, ``new``, ``how`` (``rerolled``, ``treated so``)
``looked``              ``keep`` looked at the top of the tech deck: ``text`` (the techs)
``absent``              a verb of the card had nothing to act on (a named party or a
                        ``this`` thing not there: an unowned planet): ``verb``
``counters``            card state: counters were put on or removed from a card: ``did``
                        (``puts 1 charge on``), ``on`` (the card), ``held`` (``3
                        charges``), ``full`` (some did not fit)
``chosen``              card state: a card chose a player it remembers: ``noun``,
                        ``chosen``
``unchosen``            card state: a step named ``that <noun>`` before the card chose
                        one: it did nothing (``noun``)
``pointless``           a cost of the card was not paid: what it pays for cannot happen
                        now (a gain from an empty supply; issue 29 item 8)
======================  ==========================================================
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from contextvars import ContextVar, Token
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.lastlight.records import State

Event = dict[str, Any]
Listener = Callable[[Event], None]

#: True while someone listens, in any thread: every emit site tests it first (the only cost
#: when nobody listens). Whom an event goes to is the calling context's :class:`_Hearing`.
ON = False


class _Hearing:
    """One listening block: its listener, the card whose verb is running (events it causes
    carry it as ``by``) and the ``(seat, card, stat, ship type)`` already reported by
    :func:`modifier` in this decision. It is its own context manager (entered once per
    decision a heard game applies, so no generator-based one)."""

    __slots__ = ("by", "listener", "modifiers", "token")

    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self.by: str | None = None
        self.modifiers: set[tuple[Any, ...]] = set()
        self.token: Token[_Hearing | None] | None = None

    def __enter__(self) -> None:
        global ON
        self.token = _HEARING.set(self)
        with _OPEN_LOCK:
            _OPEN[0] += 1
            ON = True

    def __exit__(self, *_exc: object) -> None:
        global ON
        if self.token is not None:
            _HEARING.reset(self.token)
            self.token = None
            with _OPEN_LOCK:
                _OPEN[0] -= 1
                ON = _OPEN[0] > 0


class _Unheard:
    """A block whose events nobody hears (``listening(None)``), even inside a heard one."""

    __slots__ = ("token",)

    def __init__(self) -> None:
        self.token: Token[_Hearing | None] | None = None

    def __enter__(self) -> None:
        self.token = _HEARING.set(None)

    def __exit__(self, *_exc: object) -> None:
        if self.token is not None:
            _HEARING.reset(self.token)
            self.token = None


#: The listening block of the running context (thread, asyncio task), if any.
_HEARING: ContextVar[_Hearing | None] = ContextVar("whitedwarf_lastlight_events", default=None)
#: How many listening blocks are open in all threads (``ON`` is whether any is).
_OPEN = [0]
_OPEN_LOCK = threading.Lock()


def listening(listener: Listener | None) -> AbstractContextManager[None]:
    """Send the engine's events of this context (thread, task) to ``listener`` while the
    block runs (None: nobody hears them)."""
    return _Unheard() if listener is None else _Hearing(listener)


def emit(state: State, kind: str, seat: int | None, card: str | None = None, **data: Any) -> None:
    """Announce an event (call only under ``if events.ON:``) to this context's listener."""
    hearing = _HEARING.get()
    if hearing is None:
        return  # another thread listens, not this one
    event = {"kind": kind, "round": state["round"], "seat": seat, "card": card, "by": hearing.by}
    event.update(data)
    hearing.listener(event)


def note(state: State, kind: str, seat: int | None, card: str | None = None, **data: Any) -> None:
    """Tell this context's listener something for a trace only (call only under ``if
    events.ON:``): shaped as an event, but given to the listener's ``note`` method, if it
    has one, never to the listener itself, so replays and tallies never see it."""
    hearing = _HEARING.get()
    if hearing is None:
        return  # another thread listens, not this one
    tell = getattr(hearing.listener, "note", None)
    if tell is None:
        return  # a listener that records (a replay, a tally): notes are not for it
    event = {"kind": kind, "round": state["round"], "seat": seat, "card": card, "by": hearing.by}
    event.update(data)
    tell(event)


def caused_by(card: str) -> AbstractContextManager[None]:
    """Mark the events of the block as caused by ``card``'s effect (a verb running)."""
    return _Cause(card)


class _Cause:
    """The block of :func:`caused_by` (entered for every verb a heard game runs)."""

    __slots__ = ("before", "card", "hearing")

    def __init__(self, card: str) -> None:
        self.card = card
        self.hearing: _Hearing | None = None
        self.before: str | None = None

    def __enter__(self) -> None:
        hearing = self.hearing = _HEARING.get()
        if hearing is not None:
            self.before, hearing.by = hearing.by, self.card

    def __exit__(self, *_exc: object) -> None:
        if self.hearing is not None:
            self.hearing.by = self.before


def modifier(
    state: State,
    seat: int,
    card: str,
    stat: str,
    amount: int | None,
    ship_type: str | None,
) -> None:
    """A card's ``modifier`` clause changed a number the engine read, or (``amount`` None) its
    ``grant`` clause gave an ability flag the engine checked (once per decision)."""
    hearing = _HEARING.get()
    key = (seat, card, stat, ship_type)
    if hearing is None or key in hearing.modifiers:
        return
    hearing.modifiers.add(key)
    emit(state, "modifier", seat, card, stat=stat, amount=amount, ship_type=ship_type)


def card_id(ref: str | None) -> str | None:
    """The card id of a ref (``warp_drive#2`` -> ``warp_drive``)."""
    return None if ref is None else ref.split("#", 1)[0]


# -- one line of text per event ---------------------------------------------------------------


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _text_of(event: Event) -> str:
    kind: str = event["kind"]
    card = event.get("card")
    if kind == "decision":
        return f"decides: {event['text']} [{event['option']}]"
    if kind == "reveal":
        return "action cards revealed: " + ", ".join(
            f"seat {s} {c}" for s, c in sorted(event["cards"].items())
        )
    if kind == "effect":
        # The event is told as the clause starts (a trigger's `when ... if` held), before an
        # `if` step of it is tested: what it does is the lines after this one (none when
        # that `if` fails).
        return f"{card} is triggered ({event['how']})"
    if kind == "unmet":  # a note (trace only): the `when ... if` condition was false
        return f"{card} is triggered ({event['how']}) but its condition is false: did nothing"
    if kind == "untrue":  # a note (trace only): an `if` step of the effect was false
        why = f" ({event['why']})" if event.get("why") else ""
        return f"{card}: an if step is false{why}: what it guards is skipped"
    if kind == "unpaid":  # a note (trace only): a cost could not be paid
        return f"{card} cannot pay its cost: what it pays for is skipped"
    # use limits, durations, one-shot discounts (notes, trace only: issue 29)
    if kind == "use_counted":
        return f"{card} is {event['shown']}"
    if kind == "used_up":
        if event["how"] == "activated":
            return f"{card} is {event['shown']}: not offered again until the period ends"
        return f"{card} is triggered ({event['how']}) but was {event['shown']}: did nothing"
    if kind == "lasting":
        return f"{card}: until the end of the {event['until']}, {event['text']}"
    if kind == "lasting_over":
        return f"{card}'s {event['text']} ends: the {event['until']} is over"
    if kind == "next_cost":
        return f"{card}: your next {event['thing']} costs {event['amount']} less"
    if kind == "next_cost_used":
        return f"{card}'s discount ({event['amount']} less) is used on {event['on']}"
    if kind == "next_cost_over":
        return f"{card}'s discount ({event['amount']} less) is gone: the {event['until']} is over"
    if kind == "absent":  # a note (trace only): a party or thing named is not there
        verb = str(event.get("verb", "")).removeprefix("verb_")
        return f"{card}: {verb} has nobody or nothing to act on here: did nothing"
    if kind == "pointless":  # a note (trace only): a payment for nothing was not made
        return f"{card} pays nothing: what it would pay for cannot happen now"
    if kind == "verb":
        return f"{card}: {event['verb']} {event['args']}".rstrip()
    if kind == "die_face":  # a note (trace only): reroll or treat (issue 29 item 7)
        return f"die {event['die']} shows {event['new']}, not {event['old']}: {event['how']}"
    if kind == "looked":  # a note (trace only): keep looks at the top of the deck
        return f"looks at {event['text']} on top of the tech deck"
    # card state (issue 29), notes (trace only)
    if kind == "counters":
        full = ", full: no more fit on a card" if event.get("full") else ""
        return f"{card}: {event['did']} {event['on']} ({event['held']} now{full})"
    if kind == "chosen":
        return f"{card}: chooses {event['chosen']} as that {event['noun']}"
    if kind == "unchosen":
        return (
            f"{card}: no {event['noun']} chosen yet, so that {event['noun']} is nobody: did nothing"
        )
    if kind == "gain":
        source = f" ({event['source']})" if event.get("source") else ""
        return f"gains {event['amount']} {event['unit']}{source}"
    if kind == "pay":
        to = "the supply" if event.get("to") is None else f"seat {event['to']}"
        return f"pays {event['amount']} {event['unit']} to {to}"
    if kind == "ship_built":
        return f"{event['size']} ship {event['ship']} placed in {event['sector']}"
    if kind == "ship_moved":
        owner = event.get("owner", event["seat"])
        whose = "" if owner == event["seat"] else " (Lumos)" if owner == -1 else f" of seat {owner}"
        return f"moves ship {event['ship']}{whose} to {event['sector']}"
    if kind == "extractor_built":
        where = event.get("planet") or f"the colony ship in {event['sector']}"
        return f"extractor {event['extractor']} built on {where}"
    if kind == "destroyed":
        return (
            f"destroys {event['what']} {event['unit']} of seat {event['owner']} "
            f"in {event['sector']}"
        )
    if kind == "roll":
        dice = len(event["faces"])
        return (
            f"rolls {dice} {'die' if dice == 1 else 'dice'} for {event['size']} ships in "
            f"{event['sector']}: {', '.join(event['faces']) or 'none'}"
        )
    if kind == "damage":
        return f"deals 1 damage to ship {event['ship']} of seat {event['owner']}"
    if kind == "graveyard":
        return f"graveyard of {counted(event['units'], 'unit')} pays out"
    if kind == "token":
        return f"reveals token {card} in {event['sector']}"
    if kind.startswith("tech_"):
        slot = f" on {event['slot']} ships" if event.get("slot") else ""
        done = {"tech_kept": "kept in hand", "tech_built": "built"}.get(kind, kind[5:])
        return f"tech {card} {done}{slot}"
    if kind == "modifier":
        on = f" of {event['ship_type']} ships" if event.get("ship_type") else ""
        if event["amount"] is None:  # a grant clause: an ability flag
            return f"{card} grants {event['stat']}{on}"
        return f"{card} modifies {event['stat']}{on} by {_signed(event['amount'])}"
    if kind == "achievement":
        return f"plays achievement {card}"
    if kind == "faction":
        return f"reveals faction {card}"
    if kind == "refreshed":
        back = ", ".join(event["cards"]) or "no card"
        return f"readies its cards, repairs its ships, takes back {back}"
    if kind == "rotation":
        return f"the board rotates (rotation {event['rotation']})"
    if kind == "lumos":
        if event["what"] == "ally":
            ally = event.get("ally")
            return (
                "the Lumos ally with nobody" if ally is None else f"the Lumos ally with seat {ally}"
            )
        return f"a {event['size']} Lumos ship joins in {event['sector']}"
    if kind == "game_end":
        return f"game over ({event['reason']}): winners {event['winners']}, light {event['light']}"
    return kind


def describe(event: Event) -> str:
    """One line for an event: ``round  12 seat 2: <what happened> [by <card>]``.

    Option labels and card names are flattened to one line, so one event is one line.
    """
    seat = event.get("seat")
    who = "-" if seat is None else "L" if seat == -1 else str(seat)
    text = _text_of(event)
    by = event.get("by")
    if by and by != event.get("card"):
        text += f" [by {by}]"
    text = " ".join(text.split())
    return f"round {event['round']:>3} seat {who}: {text}"
