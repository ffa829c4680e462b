"""What every player may know of each seat: light, resources, techs, cards played, graveyard.

Built from :func:`Game.observation` as seen by no seat (``player=-1``), so nothing secret
(a hand of techs, a kept achievement, the secret action choice) can leak into the replay
viewer's player panels or the terminal interface's table of opponents.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from whitedwarf.interpreter.card_state import kept_text
from whitedwarf.interpreter.lastlight.persist import observation
from whitedwarf.interpreter.lastlight.records import State

NOBODY = -1

#: How a seat's resources and pieces are listed, as 000 "Components" names them (common,
#: uncommon, rare; small, medium, large ships, extractors), whatever order the state's dict
#: has: a save is written with its keys sorted, so a resumed game's state reads "common,
#: rare, uncommon".
LISTED = ("common", "uncommon", "rare", "small", "medium", "large", "extractor")


def listed(counts: dict[str, int]) -> dict[str, int]:
    """``counts`` in the order of :data:`LISTED` (any other key after, as it was)."""
    rank = {name: i for i, name in enumerate(LISTED)}
    return dict(sorted(counts.items(), key=lambda item: rank.get(item[0], len(LISTED))))


def card_name(ref: str) -> str:
    """A card's id without its copy number: ``warp_drive#2`` → ``warp_drive``."""
    return ref.split("#", 1)[0]


def public_players(state: State, viewer: int = NOBODY) -> list[dict[str, Any]]:
    """One plain dict per seat with what ``viewer`` may see (default: what everyone sees).

    ``state`` may already be one seat's observation (its generator shows ``"?"``); it is used
    as it is, and only that seat's own secrets are in it.
    """
    # a view's generator is "?": typed as the state it shows (records.py)
    seen = state.get("rng") == "?"  # type: ignore[comparison-overlap]
    view = state if seen else observation(state, viewer)
    return [_player(p, view) for p in view["players"]]


def _kept(view: State, seat: int, ref: str) -> str:
    """The counters on a card and the player it chose (card state, issue 29): public."""
    return kept_text(view, seat, ref)


def _player(p: Mapping[str, Any], view: State) -> dict[str, Any]:
    # ``p``: a player of a view (its hidden places hold counts and "?": ``persist.py``).
    choice = p["choice"]
    return {
        "seat": p["seat"],
        "faction": p["faction"] or "(not yet revealed)",
        # card state (issue 29): counters and a remembered choice, on the table for all
        "faction_kept": _kept(view, p["seat"], p["faction"]) if p["faction"] else "",
        "light": p["light"],
        "resources": listed(p["res"]),
        "hand": list(p["hand"]),
        "played": list(p["played"]),
        "choice": "chosen (secret)" if choice == "?" else choice,
        "techs": [
            {
                "name": card_name(t["ref"]),
                "exhausted": bool(t.get("exhausted")),
                "slot": t.get("ship_type") or "civilization",
                "kept": _kept(view, p["seat"], t["ref"]),  # card state (issue 29)
            }
            for t in p["techs"]
        ],
        "techs_in_hand": p["techs_hand"]
        if isinstance(p["techs_hand"], int)
        else len(p["techs_hand"]),
        "graveyard": len(p["graveyard"]),
        "supply": listed(p["supply"]),
        "achievements_done": [card_name(a) for a in p["achievements_done"]],
    }


def light_of(state: State) -> list[int]:
    """Each seat's light."""
    return [p["light"] for p in state["players"]]
