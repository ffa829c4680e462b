"""Durations and one-shot discounts of Last Light (issue 29; docs/dsl.md "Durations",
"One-shot discounts"; docs/rules-decisions.md "Use limits and durations").

``until the end of the round: your ships have +1 attack`` keeps its modifier (or grant) in
``state["durations"]`` from the moment the step runs until the end of the round, after its
``round_end`` triggers (:func:`end`, called by the round flow): it then counts for its
owner as a card's modifier does (``modifiers.card_totals`` adds it). Each duration that
starts or ends renews the owner's card stamps (``versions.cards_changed``), so every memo of
the owner's stats (totals, ship types, hook plans) is made afresh.

``your next tech costs 1 less`` keeps a discount in ``state["next_costs"]`` until the owner
next manufactures a tech (or builds a ship, of the size named): that one costs less and
uses it up (:func:`take`); one never used stays until the end of the game. Several wait in
the order they were gained and are used one per thing made.

Both are plain data, so they save, load and clone with the state; a save made before they
existed has neither key and reads as none.
"""

from __future__ import annotations

from typing import Any, Final

from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.records import Duration, NextCost, State
from whitedwarf.interpreter.lastlight.state import (
    card_id,
    end_durations,
    keep_discount,
    start_duration,
    use_discount,
)
from whitedwarf.interpreter.vm import Frame

#: The state's keys (issue 29 conventions: the constructs' own keys).
DURATIONS: Final = "durations"
NEXT_COSTS: Final = "next_costs"


def start(state: State, frame: Frame, period: str, clause: dict[str, Any]) -> None:
    """A duration starts for the frame's owner: ``clause`` is the compiled modifier or grant;
    ``slot`` the ship type of the card's context (``this ship type has +1 shield``)."""
    owner = frame["owner"]
    entry: Duration = {
        "owner": owner,
        "card": frame["context"].get("card", frame["card"]),
        "until": period,
        "clause": clause,
        "slot": frame["context"].get("ship_type"),
    }
    start_duration(state, entry)
    if events.ON:
        events.note(state, "lasting", owner, frame["card"], text=said(clause), until=period)


def end(state: State, period: str) -> None:
    """The period is over: every duration lasting to its end ends (a trace line each), and
    every one-shot discount kept to its end and not used is gone."""
    _discounts_end(state, period)
    kept = state.get(DURATIONS)
    if not kept:
        return
    over = [d for d in kept if d["until"] == period]
    if not over:
        return
    left = [d for d in kept if d["until"] != period]
    end_durations(state, left, sorted({d["owner"] for d in over}))
    if events.ON:
        for d in over:
            events.note(
                state,
                "lasting_over",
                d["owner"],
                card_id(d["card"]),
                text=said(d["clause"]),
                until=period,
            )


def _discounts_end(state: State, period: str) -> None:
    """``until the end of the round: your next ship costs 1 less`` not used by then."""
    kept = state.get(NEXT_COSTS) or []
    for index in reversed(range(len(kept))):
        entry = kept[index]
        if entry.get("until") == period:
            use_discount(state, index)  # as a used one goes: the owner's listings renew
            if events.ON:
                events.note(
                    state,
                    "next_cost_over",
                    entry["owner"],
                    card_id(entry["card"]),
                    thing=entry["thing"],
                    amount=entry["amount"],
                    until=period,
                )


def of(state: State, player: int) -> list[Duration]:
    """The durations counting for ``player`` now, oldest first."""
    return [d for d in state.get(DURATIONS) or () if d["owner"] == player]


def said(clause: dict[str, Any]) -> str:
    """A compiled modifier or grant in words, for a trace: ``attack +1``, ``can bombard``."""
    where = ""
    if clause.get("every") is not None:
        sizes = [f[0] for f in clause["every"]]
        where = (
            f" of your {' '.join(sizes)} ships".replace("  ", " ") if sizes else " of your ships"
        )
    elif clause.get("scope") == "ship_type":
        where = " of this ship type"
    if clause["form"] == "grant":
        return f"can {clause['flag']}{where}"
    return f"{clause['stat']} {int(clause['amount']):+d}{where}"


# -- one-shot discounts ------------------------------------------------------------------------


def keep(state: State, frame: Frame, thing: str, amount: int, until: str | None = None) -> None:
    """``your next <thing> costs N less``: kept until the owner next makes one, or, with
    ``until``, to the end of that period at most (:func:`end`)."""
    owner = frame["owner"]
    card = frame["context"].get("card", frame["card"])
    entry: NextCost = {"owner": owner, "card": card, "thing": thing, "amount": int(amount)}
    if until is not None:
        entry["until"] = until
    keep_discount(state, entry)  # the options listed before (build, make) go
    if events.ON:
        events.note(state, "next_cost", owner, frame["card"], thing=thing, amount=int(amount))


def _fits(entry: NextCost, player: int, kind: str, size: str | None) -> bool:
    if entry["owner"] != player:
        return False
    thing: str = entry["thing"]
    if kind == "tech":
        return thing == "tech"
    return thing == "ship" or (size is not None and thing == f"{size} ship")


def pending(state: State, player: int, kind: str, size: str | None = None) -> int:
    """The discount the next ``kind`` (``tech`` or ``ship`` of ``size``) made gets: the
    first kept one-shot discount that fits it (0: none)."""
    for entry in state.get(NEXT_COSTS) or ():
        if _fits(entry, player, kind, size):
            return int(entry["amount"])
    return 0


def take(state: State, player: int, kind: str, size: str | None, made: str) -> None:
    """The thing was made at the discounted cost: its one-shot discount is used up."""
    kept = state.get(NEXT_COSTS)
    if not kept:
        return
    for i, entry in enumerate(kept):
        if _fits(entry, player, kind, size):
            use_discount(state, i)  # as in keep
            if events.ON:
                events.note(
                    state,
                    "next_cost_used",
                    player,
                    card_id(entry["card"]),
                    thing=entry["thing"],
                    amount=entry["amount"],
                    on=made,
                )
            return
