"""Starlight's restricted-play probes for ``whitedwarf explain`` (``interpreter/agents/
restricted.py``): simple rules of play that, if one beats the heuristic, make a degenerate
strategy. The option ids are the game's (``ray:<colour>:<size>``, ``flare:...``,
``core:...``, ``buy``: 003 "Actions", "Launching a Star").
"""

from __future__ import annotations

from whitedwarf.interpreter.agents.restricted import Probe

PROBES: tuple[Probe, ...] = (
    Probe("only_long_rays", "takes and attaches only long rays", never=("ray:*:short",)),
    Probe("only_short_rays", "takes and attaches only short rays", never=("ray:*:long",)),
    Probe("never_take_flares", "never takes a Flare", never=("flare:*",)),
    Probe("never_buy_points", "never buys night points at a launch", never=("buy",)),
    Probe("always_end_turn", "ends its turn as soon as it may", only=("end",)),
)

#: The cards ``explain`` measures unless told (``--cards``): the Flares, the cards a player
#: holds and plays (003 "Flares").
EXPLAINED_KINDS = ("flares",)
