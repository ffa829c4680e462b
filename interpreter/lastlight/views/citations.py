"""The rulebook section behind the decision a seat is asked, for the interface's rules key."""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.state import State

#: Engine task kinds → the rules that ask the decision (seed 000 section titles; 004 for the
#: revised Command). Each section named is quoted in ``rulebook.yaml`` (the ``r`` page).
TASK_SECTIONS: dict[str, str] = {
    "research": '000 "Action Card #1 - Research"',
    "mine": '000 "Action Card #2 - mine"',
    "construct": '000 "Action Card #3 - construct"',
    "trade": '000 "Action Card #4 - trade"',
    "refresh": '000 "Action Card #5 - refresh"',
    "move": '000 "Action Card #6 - command", "1. Move" (004, the revised Command, repeats it)',
    "attack": '000 "Action Card #6 - command"; 004 "2. Attack" (the revised Command: newer than '
    "000's)",
    "round_flow": '000 "end of round" and "Board Rotation"',
}


def citation(view: State) -> str:
    """Where the rules of the current step are written, from a seat's view of the state."""
    if view["phase"] == "over":
        return '000 "game end"'
    frames = view.get("frames") or []
    if frames:
        return _card_citation(view, frames[-1])
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


def _card_citation(view: State, frame: dict[str, Any]) -> str:
    """A card's effect asks: the card's text is the rule; a tech's use is 000 "technology
    cards", a token revealed after a move 000 "1. Move"."""
    card = str(frame.get("card", "a card")).split("#", 1)[0]
    said = f"the text of the card {card!r} (an effect waiting for a choice)"
    stack = view.get("stack") or []
    if stack and stack[-1].get("kind") == "move" and stack[-1].get("pc") in ("reveal", "resolve"):
        return f'{said}; 000 "1. Move" for revealing tokens'
    owner = frame.get("owner")
    players = view.get("players") or []
    techs = players[owner]["techs"] if isinstance(owner, int) and owner < len(players) else []
    if any(str(t.get("ref", "")).split("#", 1)[0] == card for t in techs):
        return f'{said}; 000 "technology cards" for when techs are used'
    return said


#: Engine task kinds → the action they are, as a player calls it.
ACTION_NAMES: dict[str, str] = {
    "research": "Research",
    "mine": "Mine",
    "construct": "Construct",
    "trade": "Trade",
    "refresh": "Refresh",
    "move": "Command (move)",
    "attack": "Command (attack)",
    "round_flow": "the end of the round",
}
#: ``(task kind, step)`` → what the player decides at that step.
STEP_WORDS: dict[tuple[str, str], str] = {
    ("research", "keep"): "discard one of the techs drawn (the others go to your hand)",
    ("research", "manufacture"): "manufacture (build) a tech from your hand, or stop",
    ("construct", "ships"): "build ships, or stop",
    ("construct", "extractor"): "place an extractor, or build none",
    ("trade", "trade"): "trade resources",
    ("trade", "gift"): "choose an opponent to gain 1 light",
    ("refresh", "claim"): "claim light for your extractors",
    ("move", "move"): "move a ship, or stop moving",
    # 000 "1. Move": "reveal any ... tokens in sectors you now occupy": revealing is not
    # optional, only the order is yours.
    ("move", "reveal"): "reveal the tokens where your ships are, one at a time, in any order",
    ("attack", "pick"): "choose the sector where combat is resolved",
    ("attack", "roll"): "attack with a group of ships, or stop attacking here",
    ("attack", "assign"): "assign a hit",
}


def step(view: State, seat: int) -> str:
    """What the decision asked of ``seat`` now is about, in a player's words."""
    if view["phase"] == "over":
        return "the game is over"
    frames = view.get("frames") or []
    if frames:
        card = str(frames[-1].get("card", "a card")).split("#", 1)[0]
        return f"a choice asked by the card {card}"
    if view["phase"] == "setup":
        return "setup: keep a faction and a planetary achievement (both stay secret)"
    if view["phase"] == "choose":
        return "choose this round's action card (secret; all cards are revealed together)"
    stack = view.get("stack") or []
    if not stack:
        return "what to do now"
    top = stack[-1]
    kind, pc = str(top.get("kind")), str(top.get("pc"))
    action = ACTION_NAMES.get(kind, kind)
    owner = top.get("seat")
    whose = "your" if owner in (None, seat) else f"seat {owner}'s"
    if pc == "abilities":
        return f"{whose} {action} action: use a tech's ability, or end the action"
    what = STEP_WORDS.get((kind, pc), "decide")
    return f"{whose} {action} action: {what}"
