"""The rulebook section behind the decision a seat is asked, for the interface's rules key."""

from __future__ import annotations

from typing import Any

State = dict[str, Any]

#: Engine task kinds → the rules that ask the decision (seed 000 section titles; 004 for the
#: revised Command).
TASK_SECTIONS: dict[str, str] = {
    "research": '000 "Action Card #1 - Research"',
    "mine": '000 "Action Card #2 - mine"',
    "construct": '000 "Action Card #3 - construct"',
    "trade": '000 "Action Card #4 - trade"',
    "refresh": '000 "Action Card #5 - refresh"',
    "move": '000 "Action Card #6 - command", "1. Move"; 004 (revised Command)',
    "attack": '000 "Action Card #6 - command", "2. Attack" and "Combat"; 004 (revised Command)',
    "round_flow": '000 "end of round" and "Board Rotation"',
}


def citation(view: State) -> str:
    """Where the rules of the current step are written, from a seat's view of the state."""
    if view["phase"] == "over":
        return '000 "game end"'
    frames = view.get("frames") or []
    if frames:
        card = str(frames[-1].get("card", "a card")).split("#", 1)[0]
        return (
            f"the text of the card {card!r} (an effect waiting for a choice); "
            '000 "technology cards" for when cards are used'
        )
    if view["phase"] == "setup":
        return '000 "setup": factions and planetary achievements are kept secretly'
    if view["phase"] == "choose":
        return (
            '000 "playing the game": every player simultaneously and secretly chooses one '
            "action card from their hand; the cards are revealed together"
        )
    stack = view.get("stack") or []
    if stack:
        top = stack[-1]
        if top.get("pc") == "abilities":
            return '000 "technology cards": activated abilities may be used during your action'
        return TASK_SECTIONS.get(str(top.get("kind")), f"the {top.get('kind')} step")
    return '000 "playing the game"'
