"""Durations and one-shot discounts of Starlight (issue 29; docs/dsl.md "Durations",
"One-shot discounts"; docs/rules-decisions.md "Use limits and durations").

A god's ``until the end of the turn: you can ignore_surcharge`` (or ``... of the round: you
have +1 ap_per_turn``) keeps its grant or modifier in ``state["durations"]`` until the turn
(or the round) is over (:func:`end`, called by ``turns.finish_turn``); ``Game.stat`` and
``Game.flag`` count it meanwhile. ``your next launch costs 1 less`` keeps a discount in
``state["next_costs"]`` that lowers ``launch_cost`` until the owner next launches a star
(:func:`take`, at the payment); one never used stays until the end of the game.

Both are plain data: they save, load and clone with the state (the engine keeps no memo of
them); a save made before they existed has neither key and reads as none.
"""

from __future__ import annotations

from typing import Any, Final

from whitedwarf.interpreter.starlight import events
from whitedwarf.interpreter.starlight.records import Duration, NextCost, State
from whitedwarf.interpreter.vm import Frame

DURATIONS: Final = "durations"
NEXT_COSTS: Final = "next_costs"
#: The stat each thing of ``your next <thing> costs N less`` lowers (vocabulary NEXT_COSTS).
STAT_OF = {"launch": "launch_cost"}


def _card(frame: Frame) -> str:
    return str(frame["context"].get("card") or frame["card"].partition(":")[2])


def said(clause: dict[str, Any]) -> str:
    """A compiled modifier or grant in words: ``ap_per_turn +1``, ``can ignore_surcharge``."""
    if clause["form"] == "grant":
        return f"can {clause['flag']}"
    return f"{clause['stat']} {int(clause['amount']):+d}"


def start(state: State, frame: Frame, period: str, clause: dict[str, Any]) -> None:
    """A duration starts for the frame's owner, until the end of ``period``."""
    owner = frame["owner"]
    entry: Duration = {"owner": owner, "card": _card(frame), "until": period, "clause": clause}
    state.setdefault(DURATIONS, []).append(entry)
    if events.ON:
        events.note(state, "lasting", owner, card=entry["card"], text=said(clause), until=period)


def end(state: State, period: str) -> None:
    """The period is over: its durations end, a trace line each, and its one-shot discounts
    not used are gone."""
    discounts = state.get(NEXT_COSTS) or []
    gone = [entry for entry in discounts if entry.get("until") == period]
    if gone:
        state[NEXT_COSTS] = [entry for entry in discounts if entry.get("until") != period]
    if events.ON:
        for entry in gone:
            told = {"thing": entry["thing"], "amount": entry["amount"], "until": period}
            events.note(state, "next_cost_over", entry["owner"], card=entry["card"], **told)
    kept = state.get(DURATIONS)
    if not kept:
        return
    over = [d for d in kept if d["until"] == period]
    state[DURATIONS] = [d for d in kept if d["until"] != period]
    if events.ON:
        for d in over:
            text = said(d["clause"])
            events.note(state, "lasting_over", d["owner"], card=d["card"], text=text, until=period)


def modifier(state: State, seat: int, name: str) -> int:
    """What the seat's durations add to the stat ``name`` now."""
    return sum(
        int(d["clause"]["amount"])
        for d in state.get(DURATIONS) or ()
        if d["owner"] == seat and d["clause"]["form"] == "modifier" and d["clause"]["stat"] == name
    )


def grants(state: State, seat: int, name: str) -> bool:
    """Whether a duration of the seat grants the flag ``name`` now."""
    return any(
        d["owner"] == seat and d["clause"]["form"] == "grant" and d["clause"]["flag"] == name
        for d in state.get(DURATIONS) or ()
    )


def keep(state: State, frame: Frame, thing: str, amount: int, until: str | None = None) -> None:
    """``your next <thing> costs N less``: kept until the owner next pays for one, or, with
    ``until``, to the end of that period at most (:func:`end`)."""
    owner = frame["owner"]
    entry: NextCost = {"owner": owner, "card": _card(frame), "thing": thing, "amount": int(amount)}
    if until is not None:
        entry["until"] = until
    state.setdefault(NEXT_COSTS, []).append(entry)
    if events.ON:
        events.note(state, "next_cost", owner, card=entry["card"], thing=thing, amount=int(amount))


def discount(state: State, seat: int, stat: str) -> int:
    """The one-shot discount on the stat ``stat`` (a cost) the seat's next payment gets."""
    for entry in state.get(NEXT_COSTS) or ():
        if entry["owner"] == seat and STAT_OF.get(entry["thing"]) == stat:
            return int(entry["amount"])
    return 0


def take(state: State, seat: int, stat: str, made: str) -> None:
    """The cost ``stat`` was paid at the discount: the discount is used up."""
    kept = state.get(NEXT_COSTS) or []
    for i, entry in enumerate(kept):
        if entry["owner"] == seat and STAT_OF.get(entry["thing"]) == stat:
            del kept[i]
            if events.ON:
                events.note(state, "next_cost_used", seat, card=entry["card"],
                             thing=entry["thing"], amount=entry["amount"], on=made)  # fmt: skip
            return
