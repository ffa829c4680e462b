"""Last Light's restricted-play probes for ``whitedwarf explain`` (``interpreter/agents/
restricted.py``): simple rules of play that, if one beats the heuristic, make a degenerate
strategy. The option ids are the game's (``play:<action card>``, ``build:<size>``,
``make:<tech>``): 000 "Action Cards" names the six actions.
"""

from __future__ import annotations

from whitedwarf.interpreter.agents.restricted import Probe
from whitedwarf.interpreter.lastlight.state import ACTIONS

#: One "always play this action card when it may" probe per action (000 "Action Cards"),
#: "only trade" among them, then the probes that leave a part of the game out.
PROBES: tuple[Probe, ...] = (
    *(
        Probe(
            f"always_{action}",
            f"always plays {action.capitalize()} when that action card is in hand",
            only=(f"play:{action}",),
        )
        for action in ACTIONS
    ),
    Probe("never_build_ships", "never builds a ship", never=("build:*",)),
    Probe("never_make_techs", "never manufactures a tech", never=("make:*",)),
    Probe("never_trade", "never plays Trade", never=("play:trade",)),
)

#: The cards ``explain`` measures unless told (``--cards``): the technologies, the cards a
#: seat holds and plays (000 "Technology").
EXPLAINED_KINDS = ("techs",)
