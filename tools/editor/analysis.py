"""Checking the pack a document belongs to, as the editor shows it, for the language server.

The same loader ``whitedwarf validate`` uses (so the same codes, places and hints), with the
texts of unsaved documents read in place of the files on disk
(:data:`whitedwarf.dsl.packs.yamlsource.UNSAVED`). The cards of every pack read are indexed by
id with their place, for hover, go to definition and completion of ids.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.games import game_registry, game_spec, installed_games
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.packs.paths import link_fault
from whitedwarf.dsl.packs.yamlsource import UNSAVED, parse_yaml
from whitedwarf.dsl.registry import Registry


@dataclass(frozen=True)
class CardPlace:
    """A card as one pack file has it: where its id is written and its fields."""

    id: str
    file: Path  # absolute
    line: int  # 0-based, of the id's value
    column: int
    end_column: int
    kind: str  # the file it is in: techs, factions, ...
    card: dict[str, Any]


@dataclass
class PackReport:
    """Everything the server knows about one pack after a check."""

    folder: Path
    game: str
    diagnostics: dict[Path, list[Diagnostic]] = field(default_factory=dict)  # by absolute file
    cards: dict[str, list[CardPlace]] = field(default_factory=dict)  # id -> places, base first
    packs: dict[str, Path] = field(default_factory=dict)  # pack id -> its pack.yaml
    # every file read, by lines as the loader read them (its spans count their characters;
    # the server turns those into the editor's units: positions.Columns)
    lines: dict[Path, list[str]] = field(default_factory=dict)

    @property
    def registry(self) -> Registry:
        return game_registry(self.game)

    def effect_keys(self, file: Path) -> tuple[str, ...]:
        """The keys whose values are effects in ``file``, from its game's file kinds
        (Starlight's ``flares.yaml``: ``points`` and ``boon``); ``effect`` in a file the game
        has no kind for, and none in a kind without effects."""
        return effect_keys(self.game, file.stem)


def card_files(game: str) -> frozenset[str]:
    """The file stems of ``game`` that hold cards (lists of entries with ids)."""
    return frozenset(kind.name for kind in game_spec(game).card_kinds())


def effect_keys(game: str, stem: str) -> tuple[str, ...]:
    """The effect keys of ``game``'s file ``stem`` (see :meth:`PackReport.effect_keys`)."""
    for kind in game_spec(game).card_kinds():
        if kind.name == stem:
            return tuple(field for field, _, _ in kind.effect_fields())
    return ("effect",)


def pack_folder(document: Path) -> Path | None:
    """The pack a file belongs to: the nearest folder upwards with a ``pack.yaml``."""
    for folder in (document.parent, *document.parent.parents):
        if (folder / "pack.yaml").is_file():
            return folder
    return None


def check_pack(
    folder: Path, unsaved: Mapping[Path, str], search: Sequence[Path] = ()
) -> PackReport:
    """Check the pack in ``folder`` with the editor's unsaved texts; index its cards."""
    token = UNSAVED.set({p.resolve(): text for p, text in unsaved.items()})
    try:
        result = load_packs([folder], search)
    finally:
        UNSAVED.reset(token)
    game = result.pack.game if result.pack else _game_of(folder, unsaved)
    report = PackReport(folder, game)
    for diagnostic in result.diagnostics:
        if diagnostic.span is None:
            continue
        path = Path(os.path.abspath(diagnostic.span.path))
        report.diagnostics.setdefault(path, []).append(diagnostic)
    for display, text in result.sources.items():
        path = Path(os.path.abspath(display))
        report.lines[path] = text.split("\n")
        _index(report, path, text)
    return report


def _game_of(folder: Path, unsaved: Mapping[Path, str]) -> str:
    """The game of a pack the loader refused, from its manifest as the editor has it."""
    manifest = folder / "pack.yaml"
    text = unsaved.get(manifest) or _saved_manifest(folder)
    located, _ = parse_yaml(text, manifest, str(manifest))
    data = located.data if located is not None else None
    game = data.get("game") if isinstance(data, dict) else None
    # A manifest being typed may name no game or one not installed (its diagnostic says so):
    # the words offered meanwhile are Last Light's.
    return game if isinstance(game, str) and game in installed_games() else "lastlight"


def _saved_manifest(folder: Path) -> str:
    """The text of the pack's ``pack.yaml`` on disk, or nothing: none, not UTF-8 (E0509: the
    server answered with a traceback), or a link the loader does not read (E0507: the game
    came from a file outside the pack)."""
    manifest = folder / "pack.yaml"
    try:
        if link_fault(manifest, folder.resolve()) is not None or not manifest.is_file():
            return ""
        return manifest.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _index(report: PackReport, path: Path, text: str) -> None:
    """Record the pack id of a manifest, or every card id of a card file."""
    kind = path.stem
    if path.name == "pack.yaml":
        located, _ = parse_yaml(text, path, str(path))
        data = located.data if located is not None else None
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            report.packs[data["id"]] = path
        return
    if kind not in card_files(report.game):
        return
    located, _ = parse_yaml(text, path, str(path))
    if located is None or not isinstance(located.data, list):
        return
    for index, card in enumerate(located.data):
        if not isinstance(card, dict) or not isinstance(card.get("id"), str):
            continue
        span = located.span((index, "id"))
        end = span.end_column or span.column + len(card["id"])
        place = CardPlace(card["id"], path, span.line - 1, span.column - 1, end - 1, kind, card)
        report.cards.setdefault(card["id"], []).append(place)
