"""The engine's one content path: packs loaded and validated by ``dsl/packs`` become its
:class:`GameContent`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.lastlight.content import CARD_FILES, GameContent
from whitedwarf.interpreter.lastlight.vocabulary import GAME
from whitedwarf.interpreter.replay import pack_header

__all__ = ["ContentLoadError", "content_from_pack", "load_game_content", "pack_header"]

if TYPE_CHECKING:
    from whitedwarf.dsl.packs.loader import Folders, LoadedPack


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
    return GameContent(files, name, removed=dict(pack.removed))


def _with_compiled(card: dict[str, Any], compiled: dict[str, dict[str, Any]]) -> dict[str, Any]:
    found = compiled.get(str(card.get("id")))
    return {**card, "compiled": found} if found is not None else dict(card)


class ContentLoadError(ValueError):
    """The packs did not load; the message holds every diagnostic, rendered."""


def load_game_content(paths: Folders = (), search: Folders = ()) -> GameContent:
    """The engine's content, through the validating loader: the packs at ``paths`` (default:
    the bundled base pack) with their dependencies, schema-checked and compiled."""
    from whitedwarf.content import bundled_pack
    from whitedwarf.dsl.diagnostics import SourceLines, render_all_text
    from whitedwarf.dsl.packs.loader import folders, load_packs

    result = load_packs(folders(paths) or [bundled_pack(GAME)], search)
    if result.pack is None:
        raise ContentLoadError(render_all_text(result.errors, SourceLines(result.sources)))
    return content_from_pack(result.pack)
