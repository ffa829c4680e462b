"""Light gained, heard: the hook ``light_gained``, and ``when an opponent gains light``
(docs/rules-decisions.md E141).

Light comes from many places: a card's ``gain`` or ``give``, Refresh's claim, Research, the
centre star, a graveyard, a trade's gift, light paid into a graveyard owner's hands. Every gain
is counted in the player's ``light_by_source`` (``state.gain``, ``state.pay``), which never goes
down, so what a seat has gained is its sum. The hook is heard at the achievement check after
the step, decision or verb that gained it (E17: ``hooks.check_achievements`` calls
:func:`hear`), once for each seat whose gained light grew since it was last heard, in turn
order from the first player; a seat's own triggers first, then the others' reactions (E131), as
for any hook. What was heard is kept in the state (``light_heard``: saved, loaded and cloned
with it), so nothing is heard twice and a gain made before a save is heard after a load.

Only a content with a card hearing the hook (``_reacting`` in ``hooks.py`` marks it under
:data:`HEARD`) calls :func:`hear`: the base game plays exactly as before.

A card whose light makes a card hear it again (two copies of "when an opponent gains light:
gain 1 light") would go on without end: as a trigger chain deeper than the effect machine's
depth limit, the game stops with one error (DESIGN principle 3, E16).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from whitedwarf.interpreter.lastlight import versions
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.state import hear_light
from whitedwarf.interpreter.vm import MAX_DEPTH, EffectLimitError

HOOK: Final = "light_gained"
#: The key of ``Runtime.reacting`` (``hooks._reacting``) saying that some card of the
#: content hears :data:`HOOK`, as a trigger or a reaction (not a hook name: never fired).
HEARD: Final = "#light_gained"


def gained(state: State, seat: int) -> int:
    """All the light ``seat`` has gained in the game (``light_by_source``, never down)."""
    return sum(state["players"][seat]["light_by_source"].values())


def hear(state: State, fire: Callable[[State, str, int, dict[str, Any]], None]) -> None:
    """Fire :data:`HOOK` (with ``fire``, ``hooks.fire``) for each seat that gained light
    since it was last heard, in turn order; the first call of a game only notes the light
    gained so far."""
    heard = state.get("light_heard")
    n = state["n"]
    if heard is None:
        hear_light(state, [gained(state, seat) for seat in range(n)])
        return
    first = state["first"]
    for k in range(n):
        seat = (first + k) % n
        heard = state["light_heard"]  # a reaction before may have been heard meanwhile
        now = gained(state, seat)
        if now <= heard[seat]:
            continue
        hear_light(state, [*heard[:seat], now, *heard[seat + 1 :]])
        _fire_bounded(state, fire, seat)


def _fire_bounded(
    state: State, fire: Callable[[State, str, int, dict[str, Any]], None], seat: int
) -> None:
    """``fire`` the hook for ``seat``, at most the machine's depth limit deep: an effect run
    at once (nothing else running) that gains light is heard inside this call."""
    kept = versions.of(state)
    if kept.hearing >= MAX_DEPTH:
        card = _a_listener(state) or HOOK  # named, so the error is placed at the card
        raise EffectLimitError(  # the game says it as it is (``game.EffectLimitReached``)
            card,
            "heard",
            f"light gained was heard more than {MAX_DEPTH} levels deep: the light of card "
            f"{card!r} (or of another card hearing it) makes a card hear light gained again "
            "(a trigger loop?)",
        )
    kept.hearing += 1
    try:
        fire(state, HOOK, seat, {})
    finally:
        kept.hearing -= 1


def _a_listener(state: State) -> str | None:
    """The first card in play (a faction, then techs, seat by seat) that hears :data:`HOOK`,
    as a trigger or a reaction: the card a depth error names."""
    from whitedwarf.interpreter.lastlight import effects
    from whitedwarf.interpreter.lastlight.content import runtime
    from whitedwarf.interpreter.lastlight.state import card_id

    rt = runtime(state)
    for p in state["players"]:
        for cid in [p["faction"], *(card_id(t["ref"]) for t in p["techs"])]:
            clauses = effects.card_effect(rt, cid)["clauses"] if cid else []
            if any(clause.get("hook") == HOOK for clause in clauses):
                return cid
    return None
