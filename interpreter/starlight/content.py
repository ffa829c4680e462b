"""What the Starlight engine needs from a pack, read once into plain tables.

:class:`StarlightContent` is built from a pack the loader validated and compiled
(:func:`content_from_pack`; :func:`load_content` does both). The engine reads only this
object: the setup numbers, the rondel, the sky (slots, sizes, links), the supply of rays,
and the cards with their compiled effects (docs/effect-ir.md).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.starlight.vocabulary import GAME, SLOT_SIZES, registry

if TYPE_CHECKING:
    from whitedwarf.dsl.packs.loader import Folders, LoadedPack

#: 003 "Slot Sizes and Magnitudes": the magnitudes each slot size hosts.
MAGNITUDES = {"small": (2, 3), "medium": (4, 5), "large": (6, 7)}


def slot_size_for(magnitude: int) -> str | None:
    """The slot size hosting a star of ``magnitude`` (None outside 2 to 7)."""
    for size, (low, high) in MAGNITUDES.items():
        if low <= magnitude <= high:
            return size
    return None


@dataclass
class Slot:
    """One star slot of the sky board."""

    id: str
    constellation: str
    size: str
    night_points: int
    privilege: str | None
    target: bool
    links: list[str] = field(default_factory=list)


@dataclass
class StarlightContent:
    """One loaded Starlight ruleset: numbers, board and cards (with compiled effects)."""

    name: str
    files: dict[str, Any]
    setup: dict[str, Any] = field(init=False)
    spaces: list[dict[str, Any]] = field(init=False)
    slots: dict[str, Slot] = field(init=False)
    constellations: dict[str, list[str]] = field(init=False)
    rays: dict[str, int] = field(init=False)  # "colour:size" -> copies
    cards: dict[str, dict[str, dict[str, Any]]] = field(init=False)  # kind -> id -> card
    #: The files' digest, worked out when not given (a caller that wraps the same files,
    #: as the test of which fields the engine reads does, passes the plain files' one).
    digest: str = ""
    #: Each setup number once read (:meth:`number`, asked by every stat at every decision).
    numbers: dict[str, int] = field(default_factory=dict, init=False, compare=False, repr=False)
    #: Card ids a mod removed, each with where (``LoadedPack.removed``): a ``--give`` that
    #: names one is told the mod removed it. Not part of the rules (nor of the digest).
    removed: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.setup = self.files.get("setup") or {}
        self.spaces = list((self.files.get("rondel") or {}).get("spaces", []))
        self.slots, self.constellations = _sky(self.files.get("sky") or {})
        self.rays = _rays(self.files.get("rays") or {})
        self.cards = {
            kind: {str(card["id"]): card for card in self.files.get(kind) or []}
            for kind in ("flares", "laurels", "accolades", "gods", "starbots", "privileges",
                         "aspects", "cores", "starters")
        }  # fmt: skip
        if not self.digest:
            text = json.dumps(self.files, sort_keys=True, default=str)
            self.digest = hashlib.sha256(text.encode()).hexdigest()[:16]

    def number(self, name: str) -> int:
        """A setup number: the pack's, else the vocabulary's default for a stat."""
        found = self.numbers.get(name)
        if found is None:
            if name in self.setup:
                found = int(self.setup[name])
            else:
                stat = registry().stats.get(name)
                if stat is None or stat.default is None:
                    raise KeyError(f"setup.yaml gives no `{name}`")
                found = stat.default
            self.numbers[name] = found
        return found

    def card(self, kind: str, card_id: str) -> dict[str, Any]:
        """A card by kind and id."""
        return self.cards[kind][card_id]

    def compiled(self, kind: str, card_id: str) -> dict[str, Any] | None:
        """The compiled effect of a card (``kind`` may be ``flares.boon``)."""
        base, _, extra = kind.partition(".")
        card = self.cards[base].get(card_id)
        if card is None:
            return None
        found: dict[str, Any] | None = card.get("compiled", {}).get(extra or base)
        return found


def _sky(sky: dict[str, Any]) -> tuple[dict[str, Slot], dict[str, list[str]]]:
    slots: dict[str, Slot] = {}
    constellations: dict[str, list[str]] = {}
    for constellation in sky.get("constellations", []):
        cid = constellation["id"]
        constellations[cid] = []
        for s in constellation.get("slots", []):
            slots[s["id"]] = Slot(s["id"], cid, s["size"], int(s["night_points"]),
                                  s.get("privilege"), bool(s.get("target")))  # fmt: skip
            constellations[cid].append(s["id"])
        for a, b in constellation.get("links", []):
            slots[a].links.append(b)
            slots[b].links.append(a)
    return slots, constellations


def _rays(data: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for entry in data.get("colours", []):
        for size in ("long", "short"):
            out[f"{entry['colour']}:{size}"] = int(entry.get(size, 0))
    return out


def content_from_pack(pack: LoadedPack) -> StarlightContent:
    """The merged pack data, each card carrying its compiled effects by field."""
    files: dict[str, Any] = {}
    for stem, data in pack.data.items():
        if isinstance(data, list):
            files[stem] = [_with_compiled(stem, card, pack.compiled) for card in data]
        else:
            files[stem] = data
    name = pack.packs[-1].id if pack.packs else pack.game
    return StarlightContent(name, files, removed=dict(pack.removed))


def _with_compiled(stem: str, card: dict[str, Any], compiled: Any) -> dict[str, Any]:
    out = dict(card)
    found: dict[str, Any] = {}
    for key, table in compiled.items():
        base, _, extra = key.partition(".")
        if base == stem and str(card.get("id")) in table:
            found[extra or base] = table[str(card.get("id"))]
    out["compiled"] = found
    return out


class ContentLoadError(ValueError):
    """The packs did not load; the message holds every diagnostic, rendered."""


def load_content(paths: Folders = (), search: Folders = ()) -> StarlightContent:
    """The packs at ``paths`` (default: the bundled Starlight pack), validated and compiled."""
    from whitedwarf.content import bundled_pack
    from whitedwarf.dsl.diagnostics import SourceLines, render_all_text
    from whitedwarf.dsl.packs.loader import folders, load_packs

    result = load_packs(folders(paths) or [bundled_pack(GAME)], search)
    if result.pack is None:
        raise ContentLoadError(render_all_text(result.errors, SourceLines(result.sources)))
    if result.pack.game != GAME:
        raise ContentLoadError(f"not a Starlight pack: game {result.pack.game!r}")
    return content_from_pack(result.pack)


__all__ = ["MAGNITUDES", "SLOT_SIZES", "Slot", "StarlightContent", "load_content", "slot_size_for"]
