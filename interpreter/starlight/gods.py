"""Gods (003 "The Gods"): deal two, keep one; powers take precedence over the rules.

Gods are optional, for all live players or none (``options["gods"]``). Each live player is
dealt two at random, keeps one (a decision: ``god:<id>``) and the choices are revealed together
once every live player has chosen (SL25; Starbots get no cards: 003 "Starbot Play"). A god's
effect changes standard numbers through stats (``you have +1 ap_per_turn``), grants powers
through flags (``you can ignore_surcharge``) and acts at hooks (``when turn_start -> ...``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter import card_state, card_uses, rng
from whitedwarf.interpreter.starlight import effects, events
from whitedwarf.interpreter.starlight.state import State, player
from whitedwarf.interpreter.state import Option
from whitedwarf.interpreter.vm import seat_beside

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


def deal(game: Game, state: State) -> None:
    """Deal ``gods_per_player`` gods to every live player."""
    deck = sorted(game.content.cards["gods"])
    rng.shuffle(state, deck)
    each = game.content.number("gods_per_player")
    for p in state["players"]:
        if p["kind"] == "live":
            p["gods_dealt"], deck = deck[:each], deck[each:]


def choosing(state: State) -> list[int]:
    """Live seats still to keep a god."""
    return [p["seat"] for p in state["players"] if p["kind"] == "live" and p["god"] is None]


def options(game: Game, state: State, seat: int) -> list[Option]:
    """Keep one of the dealt gods."""
    cards = game.content.cards["gods"]
    return [
        Option(f"god:{g}", f"keep {cards[g]['name']}") for g in player(state, seat)["gods_dealt"]
    ]


def choose(state: State, seat: int, option_id: str) -> None:
    """Keep a god; the other goes back to the box."""
    p = player(state, seat)
    p["god"] = god = option_id.partition(":")[2]
    p["gods_dealt"] = [god]


def clauses(game: Game, state: State, seat: int) -> list[dict[str, Any]]:
    """The compiled clauses of the god ``seat`` keeps (none before it is kept)."""
    god = player(state, seat)["god"]
    if god is None or state["phase"] == "gods":
        return []
    found = game.god_clauses.get(god)
    if found is None:
        compiled = game.content.compiled("gods", god)
        found = game.god_clauses[god] = list(compiled["clauses"]) if compiled else []
    return found


def fire(
    game: Game,
    state: State,
    seat: int,
    hook: str,
    context: dict[str, Any] | None = None,
    run: bool = True,
    depth: int = 1,
) -> bool:
    """Run the god's triggers on ``hook`` for its owner (003: powers take precedence).
    ``context``: what the hook provides (``Hook.provides``: the constellation of the star
    being launched), put in the frame's context for the trigger's condition and steps.
    ``run`` and ``depth``: as :func:`effects.start` (a verb firing a hook passes
    ``run=False``). True when a trigger started.

    Every ``when ... if`` condition on the hook is tested first, then the clauses run in
    printed order, each after the one before is done (docs/rules-decisions.md SL156, Last
    Light's R8), whoever fired the hook."""
    god = player(state, seat)["god"]
    if god is None:
        return False  # no god kept (a game without gods): nothing hears the hook
    started: list[int] = []
    for index, clause in enumerate(clauses(game, state, seat)):
        if clause["form"] != "trigger" or clause["hook"] != hook:
            continue
        chosen = clause.get("from")  # `when that opponent launches a star ->` (E139's rule)
        if chosen is not None and not _from_chosen(state, seat, god, index, chosen, context):
            continue
        side = clause.get("side")  # `when the player to your left launches a star ->` (SL158)
        if side is not None and not _from_side(state, seat, side, context):
            continue
        when = clause.get("when")
        limit = clause.get("limit")  # `when <hook>, once per turn -> ...` (card_uses)
        if limit is not None and card_uses.used_up(state, str(god), index, limit):
            if events.ON:
                used = {"used": card_uses.used(state, str(god), index), "of": limit["times"]}
                shown = card_uses.shown({**used, "per": limit["per"]})
                events.note(state, "god_used_up", seat, god=god, hook=hook, shown=shown)
            continue
        if when is not None:
            frame = effects.new_frame(f"gods:{god}", seat, index, {"card": god, **(context or {})})
            if not game.adapter.machine.test(state, frame, when):
                if events.ON:  # a designer watching the god sees it did nothing (trace)
                    events.note(state, "god_unmet", seat, god=god, hook=hook)
                continue
        if limit is not None:
            entry = card_uses.count(state, seat, str(god), index, limit)
            if events.ON:
                events.note(state, "god_use_counted", seat, god=god, shown=card_uses.shown(entry))
        if events.ON:
            events.note(state, "god_triggered", seat, god=god, hook=hook)
        started.append(index)
    # on the stack, the first clause on top: it runs first, and one that asks its owner
    # holds back those under it (SL156)
    for index in reversed(started):
        effects.start(game, state, "gods", str(god), seat, index, context, False, depth)
    if run and started:
        effects.run_frames(game, state)
    return bool(started)


def _from_chosen(
    state: State, seat: int, god: Any, index: int, noun: str, context: dict[str, Any] | None
) -> bool:
    """Whether the player whose moment a clause hears (the context's ``actor``) is the one
    the god remembers as ``that <noun>`` (none chosen yet: never; docs/rules-decisions.md
    E139, as in Last Light)."""
    frame = effects.new_frame(f"gods:{god}", seat, index, {"card": god})
    chosen = card_state.recalled(state, frame, noun)
    actor = (context or {}).get("actor")
    return chosen is not None and actor is not None and str(chosen) == str(actor)


def _from_side(state: State, seat: int, side: str, context: dict[str, Any] | None) -> bool:
    """Whether the player whose moment a clause hears sits on that side of ``seat`` now
    (the next seat in turn order is to the left: docs/rules-decisions.md SL158, E151)."""
    actor = (context or {}).get("actor")
    return actor is not None and int(actor) == seat_beside(seat, side, state["n"])


#: (id of the state, seat) whose ``while`` conditions are being read now: meanwhile that
#: seat's ``while`` clauses count for nothing, so a condition that read a number one of them
#: changes could not read itself without end (no Starlight value reads a stat today).
_READING: set[tuple[int, int]] = set()


def holding(game: Game, state: State, seat: int, form: str, name: str) -> list[dict[str, Any]]:
    """The modifiers (``form`` "modifier") or grants of the god's ``while <condition>: ...``
    clauses on the stat or power ``name`` whose conditions hold now (docs/rules-decisions.md
    SL153): read at each read of the number, from the state as it is then."""
    key = "stat" if form == "modifier" else "flag"
    found = [
        (index, clause)
        for index, clause in enumerate(clauses(game, state, seat))
        if clause["form"] == "while"
        and clause["clause"]["form"] == form
        and clause["clause"][key] == name
    ]
    reading = (id(state), seat)
    if not found or reading in _READING:
        return []
    god = player(state, seat)["god"]
    _READING.add(reading)
    try:
        return [
            clause["clause"]
            for index, clause in found
            if game.adapter.machine.test(
                state, effects.new_frame(f"gods:{god}", seat, index, {"card": god}), clause["when"]
            )
        ]
    finally:
        _READING.discard(reading)
