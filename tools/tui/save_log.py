"""A save's ``log`` checked against its decisions (docs/rules-decisions.md E190).

The log of a save of ``whitedwarf play`` is what the terminal game tells each seat "since
your last turn": each decision's words and the engine's events it caused. It is worked out
from the decisions, so a log that is not theirs was edited: a made-up event would be told
to the player as something that happened (or break the panel that words it, a KeyError of
the game's ``tell`` at the next turn), so the save is refused, naming the entry, as an
edited state is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitedwarf.interpreter.contract import GameRules
from whitedwarf.interpreter.replay import event_record, first_event_difference, shown_value


def log_problem(
    game: GameRules[Any],
    seed: int,
    seats: Sequence[str],
    decisions: Sequence[tuple[int, str]],
    log: Sequence[dict[str, Any]],
) -> str | None:
    """Why ``log`` (a save's entries, as JSON objects) is not what ``decisions`` did in a
    fresh ``game`` from ``seed`` (None: it is). The decisions were checked legal already."""
    if len(log) != len(decisions):
        return (
            f"the save's 'log' has {len(log)} entries for its {len(decisions)} decisions "
            "(one an entry: the file was edited)"
        )
    heard: list[dict[str, Any]] = []
    state = game.new_state(seed)
    game.listen(lambda event: heard.append(event_record(event)))
    for index, ((seat, option), entry) in enumerate(zip(decisions, log, strict=True)):
        text = next((o.text for o in game.legal_options(state, seat) if o.id == option), option)
        played = {"number": index + 1, "round": state["round"], "seat": seat}
        heard.clear()
        game.apply(state, seat, option, check=False)
        played |= {"kind": seats[seat], "text": text, "events": list(heard)}
        key = next((k for k in played if entry.get(k) != played[k]), None)
        if key is not None:
            return (
                f"the save's 'log' entry {index} (counted from 0) is not what its decision "
                f"did: {_difference(key, entry.get(key), played[key])} (the file was edited, "
                "or written by another version of whitedwarf)"
            )
    return None


def _difference(key: str, saved: Any, played: Any) -> str:
    """The first difference of one field of a log entry, in words, cut short."""
    if key == "events" and isinstance(saved, list) and all(isinstance(e, dict) for e in saved):
        found = first_event_difference(saved, played)
        if found is not None:  # "event 3 (faction) has ...", or the counts that differ
            return f"its {found[1]}" if found[1].startswith("event") else found[1]
    return f"its {key!r} is {shown_value(saved)}, the game's {shown_value(played)}"
