"""The six action cards are rules of the engine, not content a pack can drop or renumber.

000 "playing the game" and "Action Card #1"-"#6" (004 for Command): every player holds the
same six cards, numbered 1 to 6, and the engine implements each of them (``state.ACTIONS``).
``actions.yaml`` describes them for designers and tools; of its fields the engine honours
``returnable`` (``verbs._returnable``), and ``name``/``text`` are printed by the card tools.
So a pack may reword a card or change whether it can be returned to hand, but it may not
remove one, add a seventh, or change a ``number``, ``steps`` or ``turn_order``: the engine
would go on playing the printed card and the change would be silently ignored
(docs/rules-decisions.md C20).
"""

from __future__ import annotations

from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.content import Content, Entry
from whitedwarf.interpreter.lastlight.state import ACTION_NUMBER, ACTIONS

#: The fixed fields of each card as the engine plays it (000 "Action Card #1"-"#6").
FIXED: dict[str, dict[str, Any]] = {
    card: {"number": ACTION_NUMBER[card], "steps": steps, "turn_order": card == "command"}
    for card, steps in zip(
        ACTIONS,
        (
            ["research", "manufacture"],  # 000 "Action Card #1": "two parts"
            ["mine"],
            ["ships", "extractor"],  # 000 "Action Card #3": "two parts"
            ["trade", "gift_light"],  # 000 "Action Card #4": two trades, then 1 light
            ["refresh", "claim"],  # 000 "Action Card #5": "two parts"
            ["move", "attack"],  # 000/004 "Action Card #6": "in turn order"
        ),
        strict=True,
    )
}

_MAY = "a pack may change an action card's `name`, `text` and `returnable`"


def check_actions(content: Content) -> list[Diagnostic]:
    """E0805 for a removed action card; E0923 for a card or a field the engine would ignore."""
    out = [_removed(entry) for entry in content.removals("actions")]
    entries = content.cards.get("actions", [])
    for entry in entries:
        out += _fixed_fields(entry)
    removed = {entry.id for entry in content.removals("actions")}
    present = {entry.id for entry in entries}
    missing = [card for card in ACTIONS if card not in present | removed]
    if missing and entries:
        names = ", ".join(f"`{card}`" for card in missing)
        message = f"actions.yaml lacks the action cards {names}; the engine plays all six"
        hint = "list the six action cards of 000 (content/lastlight/actions.yaml has them)"
        out.append(error("E0923", message, entries[-1].file.span(()), hint))
    return out


def _removed(entry: Entry) -> Diagnostic:
    message = (
        f"{entry.pack} removes the action card `{entry.id}`, but the six action cards are "
        'rules of the game (000 "playing the game"): the engine would still play it'
    )
    hint = f"replace the card instead (`replace: true`): {_MAY}"
    return error("E0805", message, entry.span(("id",)), hint)


def _fixed_fields(entry: Entry) -> list[Diagnostic]:
    fixed = FIXED.get(str(entry.id))
    if fixed is None:
        known = ", ".join(f"`{card}`" for card in ACTIONS)
        message = f"there is no action card `{entry.id}` in the rules; the engine plays {known}"
        hint = "new actions need engine rules: add effects to techs or factions instead"
        return [error("E0923", message, entry.span(("id",)), hint)]
    out = []
    for name, value in fixed.items():
        written = entry.data.get(name) if isinstance(entry.data, dict) else None
        if written is not None and written != value:
            message = (
                f"action card `{entry.id}` has `{name}: {_show(written)}`, but the engine plays "
                f"it with `{name}: {_show(value)}` whatever the pack says"
            )
            hint = f"keep `{name}: {_show(value)}`; {_MAY}"
            out.append(error("E0923", message, entry.span((name,)), hint))
    return out


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
