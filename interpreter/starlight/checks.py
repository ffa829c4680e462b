"""Starlight's own checks of its content files (beyond their schemas).

Each finds something the schema cannot say and the engine could not play as written; each
code is documented in docs/diagnostics.md.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.content import Content

CODES = {
    "E0940": "a rondel space whose constellations do not fit its action",
    "E0941": "a constellation on no launch space, or on more than one",
    "E0942": "a link between slots of different constellations, or to itself",
    "E0943": "a constellation without a target slot (no first star could go there)",
    "E0944": "a Starbot card that marks an accolade place the pack does not lay out",
}


def check_rondel(content: Content) -> list[Diagnostic]:
    """003 "Launch": a launch space names two constellations, a gain space none; every
    constellation is reachable from exactly one launch space (SL2)."""
    rondel, sky = content.documents.get("rondel"), content.data("sky")
    if rondel is None or not isinstance(sky, dict):
        return []
    out: list[Diagnostic] = []
    seen: dict[str, int] = {}
    for index, space in enumerate(rondel.data.get("spaces", [])):
        named = space.get("constellations") or []
        if space.get("action") == "launch" and len(named) != 2:
            out.append(
                error(
                    "E0940",
                    f"launch space `{space.get('id')}` names {len(named)} "
                    'constellations; a launch space names two (003 "Launch")',
                    rondel.span(("spaces", index)),
                    "name exactly two constellations",
                )
            )
        elif space.get("action") != "launch" and named:
            out.append(
                error(
                    "E0940",
                    f"space `{space.get('id')}` is not a launch space but "
                    "names constellations; they would never be used",
                    rondel.span(("spaces", index, "constellations")),
                    "remove `constellations`, or make it a launch space",
                )
            )
        for name in named if space.get("action") == "launch" else []:
            seen[name] = seen.get(name, 0) + 1
    for constellation in sky.get("constellations", []):
        cid = constellation.get("id")
        if seen.get(cid, 0) != 1:
            where = "no launch space" if cid not in seen else f"{seen[cid]} launch spaces"
            out.append(
                error(
                    "E0941",
                    f"constellation `{cid}` is on {where}; each is on one",
                    rondel.span(("spaces",)),
                    "name it on exactly one launch space",
                )
            )
    return out


def check_sky(content: Content) -> list[Diagnostic]:
    """003 "Choosing a Destination Slot": links join slots of one constellation, and an
    empty constellation needs a target slot for its first star."""
    entry = content.documents.get("sky")
    if entry is None:
        return []
    out: list[Diagnostic] = []
    for c_index, constellation in enumerate(entry.data.get("constellations", [])):
        slots = {slot.get("id") for slot in constellation.get("slots", [])}
        for l_index, link in enumerate(constellation.get("links", [])):
            if len(link) != 2 or link[0] == link[1] or not set(link) <= slots:
                out.append(
                    error(
                        "E0942",
                        f"the link {' - '.join(f'`{end}`' for end in link)} of "
                        f"`{constellation.get('id')}` does not join two of its own slots",
                        entry.span(("constellations", c_index, "links", l_index)),
                        "link two different slots of this constellation",
                    )
                )
        if not any(_target(slot) for slot in constellation.get("slots", [])):
            out.append(
                error(
                    "E0943",
                    f"constellation `{constellation.get('id')}` has no slot "
                    "with `target: true`, so no star could ever be launched there",
                    entry.span(("constellations", c_index, "slots")),
                    "mark a small or medium slot `target: true`",
                )
            )
    return out


def _target(slot: Any) -> bool:
    return isinstance(slot, dict) and slot.get("target") is True


def check_starbots(content: Content) -> list[Diagnostic]:
    """003 "Starbot Play": a card's accolade place is one of the accolades laid out."""
    cards, accolades = content.cards.get("starbots", []), content.data("accolades") or []
    out = []
    for card in cards:
        place = card.data.get("accolade") if isinstance(card.data, dict) else None
        if isinstance(place, int) and place > len(accolades):
            message = (
                f"Starbot card `{card.id}` marks accolade place {place}, but the packs lay "
                f"out {len(accolades)} accolades"
            )
            out.append(
                error(
                    "E0944",
                    message,
                    card.span(("accolade",)),
                    "use a place from 1 to the number of accolades",
                )
            )
    return out
