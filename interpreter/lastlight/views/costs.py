"""What a build or manufacture option costs, shown on its menu line (Last Light).

000 "1. Ships": "pay the cost indicated on your player board for the ship type"; 000 "2.
Manufacture Technologies": "paying the costs indicated in the center of those cards". Both
after the seat's discounts (a faction or tech may lower them), read from the seat's view as
the engine reads them, so the menu shows what choosing the option will take.
"""

from __future__ import annotations

from whitedwarf.interpreter.lastlight.construct import ship_cost
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.research import tech_cost
from whitedwarf.interpreter.lastlight.views.public import listed


def option_cost(view: State, seat: int, option_id: str) -> str | None:
    """``build:small`` -> ``costs 2 common``; None for an option that costs nothing to pick."""
    kind, _, rest = option_id.partition(":")
    if kind == "build":
        size, _, graveyard = rest.partition("@")
        cost = ship_cost(view, seat, size)
        to = f", paid to seat {graveyard}" if graveyard else ""
        return f"costs {_words(cost)}{to}"
    if kind == "make":
        ref = rest.split(":", 1)[0]
        return f"costs {_words(tech_cost(view, seat, ref))}"
    return None


def _words(cost: dict[str, int]) -> str:
    """``{"common": 2, "rare": 1}`` -> ``2 common, 1 rare`` (``nothing`` when free)."""
    amounts = {kind: n for kind, n in listed(cost).items() if n}
    return ", ".join(f"{n} {kind}" for kind, n in amounts.items()) or "nothing"
