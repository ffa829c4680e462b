"""Turn a loaded content pack (dsl/packs) into the engine's :class:`GameContent`."""

from __future__ import annotations

from typing import Any

from whitedwarf.dsl.packs.loader import LoadedPack
from whitedwarf.interpreter.lastlight.content import CARD_FILES, GameContent


def content_from_pack(pack: LoadedPack) -> GameContent:
    """The merged pack data, each card carrying its ahead-of-time compiled effect."""
    files: dict[str, Any] = {}
    for stem, data in pack.data.items():
        if stem in CARD_FILES and isinstance(data, list):
            compiled = pack.compiled.get(stem, {})
            files[stem] = [_with_compiled(card, compiled) for card in data]
        else:
            files[stem] = data
    name = pack.packs[-1].id if pack.packs else pack.game
    return GameContent(files, name)


def _with_compiled(card: dict[str, Any], compiled: dict[str, dict[str, Any]]) -> dict[str, Any]:
    found = compiled.get(str(card.get("id")))
    return {**card, "compiled": found} if found is not None else dict(card)


def pack_header(pack: LoadedPack) -> dict[str, Any]:
    """What a replay records about the content it was played with."""
    return {
        "game": pack.game,
        "packs": [{"id": p.id, "version": p.version, "hash": p.sha256} for p in pack.packs],
        "content_hash": pack.content_hash,
    }
