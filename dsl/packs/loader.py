"""Loading content packs: the one entry point the engine and ``whitedwarf validate`` use.

Passes (each returns every problem it finds): resolve packs and dependencies → read and
schema-check each file → merge mods in load order → cross-reference → the game's own checks →
compile every effect → silence allowed warnings. ``LoadResult.pack`` is None when any error
was found; the engine refuses to start on such a pack.
"""

from __future__ import annotations

import gc
import hashlib
import json
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from packaging.version import Version
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.diagnostics import Diagnostic, Span, sort_key
from whitedwarf.dsl.packs import crossref
from whitedwarf.dsl.packs.card_text import text_mismatches
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.content import Content
from whitedwarf.dsl.packs.effects import (
    Compiled,
    compile_cards,
    compile_dropped,
    unused_words,
)
from whitedwarf.dsl.packs.files import ReadPack, read_pack
from whitedwarf.dsl.packs.games import game_registry, game_spec, installed_games
from whitedwarf.dsl.packs.kinds import ContentSpec
from whitedwarf.dsl.packs.limits import DEFAULT_LIMITS, Limits
from whitedwarf.dsl.packs.manifest import Manifest
from whitedwarf.dsl.packs.merge import merge
from whitedwarf.dsl.packs.resolve import Resolution, resolve
from whitedwarf.dsl.packs.suppress import Silencer, check_allow_lists, game_known_warnings


@dataclass(frozen=True)
class PackInfo:
    """One loaded pack: its id, version, folder and the sha256 of its files; its manifest's
    ``name`` and ``description`` (shown by ``validate``) and whether it was asked for
    (``given``) rather than found as a dependency."""

    id: str
    version: str
    path: Path
    sha256: str
    name: str = ""
    description: str = ""
    given: bool = False


@dataclass
class LoadedPack:
    """The merged content of a set of packs, ready for the engine."""

    game: str
    data: dict[str, Any]
    compiled: Compiled
    packs: list[PackInfo]
    #: The digest of the packs' ids, versions and file digests (bytes): a comment or a
    #: reformatting changes it. Learned values, caches and recorded fixtures are keyed on it.
    content_hash: str
    #: Where each card was written (its ``effect``, or the card when it has none), by card
    #: id: an error the engine raises in play names a card id, and the commands print this
    #: location before it, as a diagnostic does.
    origins: dict[str, Span] = field(default_factory=dict)
    #: Each card id a mod removed (``{id: x, remove: true}``) and what the user is told of
    #: it: the mod pack and its line. An option naming the id (``--option factions=zhur``,
    #: ``--give 0:zhur``) says the mod removed it rather than "no such card".
    removed: dict[str, str] = field(default_factory=dict)
    #: The digest of ``data`` as the engine reads it (:func:`data_digest`): the same for
    #: packs whose files differ only in layout or comments. A save or replay records it, so
    #: one made before ``whitedwarf fmt`` still loads (docs/replays.md "The replay log").
    data_hash: str = ""

    def located(self, error: BaseException) -> str:
        """An engine's error in play, placed at the card it names (:func:`located`)."""
        return located(error, self.origins)


@dataclass
class LoadResult:
    """Every diagnostic found, sorted; the loaded pack when there was no error."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    pack: LoadedPack | None = None
    sources: dict[str, str] = field(default_factory=dict)  # display path -> text read

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]


def bundled_search() -> list[Path]:
    """The folder holding the packs shipped with whitedwarf."""
    return [bundled_pack().parent]


def load_pack(path: Path | str, search: Sequence[Path | str] = (), **options: Any) -> LoadResult:
    """Load one pack and its dependencies."""
    return load_packs([path], search, **options)


def load_packs(
    paths: Folders,
    search: Folders = (),
    *,
    bundled: bool = True,
    limits: Limits = DEFAULT_LIMITS,
) -> LoadResult:
    """Load the packs at ``paths`` with their dependencies into one :class:`LoadedPack`.

    Dependencies are looked up among the given packs, their sibling folders, ``search``
    folders and (unless ``bundled=False``) the packs shipped with whitedwarf. ``paths`` and
    ``search`` are lists of folders, or one folder (:func:`folders`).
    """
    with collector_paused():
        searched = folders(search) + (bundled_search() if bundled else [])
        resolution = resolve(folders(paths), searched, limits)
        result = LoadResult(list(resolution.diagnostics))
        # Packs of two games (E0707): checking their files as either game's would bury the
        # one line to fix under "not a content file" and language errors of the other game.
        if (
            resolution.order
            and resolution.order[0].game in installed_games()
            and not resolution.mixed_games
        ):
            _Load(resolution, result, limits).run()
        result.diagnostics = _sorted(result.diagnostics)
    return result


#: Pack folders as the loaders take them: a list of folders, or one folder.
Folders: TypeAlias = Path | str | Iterable[Path | str]


def folders(given: Folders) -> list[Path]:
    """``given`` as a list of folders: one folder (a ``str`` or a ``Path``) is a list of one.
    A ``str`` is iterable, and read letter by letter it named a pack folder per character
    (``load_packs("packs/mine")``: "no pack.yaml in 'p'", then 'a', 'c' ...)."""
    if isinstance(given, (str, Path)):
        return [Path(given)]
    return [Path(p) for p in given]


class _CollectorPause:
    """How many loads run now (the language server may load in several threads)."""

    lock = threading.Lock()
    depth = 0
    was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with Python's cyclic garbage collector off (back on after the last one).

    Loading allocates millions of small objects (YAML nodes, marks, plain data, trees) that
    live until the load ends; the collector, started every few hundred allocations, walked
    that growing heap again and again: half the time of loading a 10,000-card pack. Nothing
    a load builds needs it meanwhile: the only cycles are alias-made ones, bounded by the
    limits and freed by the first collection afterwards.
    """
    with _CollectorPause.lock:
        if _CollectorPause.depth == 0:
            _CollectorPause.was_enabled = gc.isenabled()
            gc.disable()
        _CollectorPause.depth += 1
    try:
        yield
    finally:
        with _CollectorPause.lock:
            _CollectorPause.depth -= 1
            if _CollectorPause.depth == 0 and _CollectorPause.was_enabled:
                gc.enable()


class _Load:
    """One run of the passes after resolution."""

    def __init__(self, resolution: Resolution, result: LoadResult, limits: Limits) -> None:
        self.resolution = resolution
        self.result = result
        self.limits = limits
        self.game = resolution.order[0].game
        self.spec: ContentSpec = game_spec(self.game)
        self.silencer = Silencer()
        self._kinds_read: set[str] = set()

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.result.diagnostics

    def run(self) -> None:
        self.diagnostics.extend(self._language_checks())
        reads = [self._read(m) for m in self.resolution.order]
        content, problems = merge(
            [r.files for r in reads],
            [k.name for k in self.spec.card_kinds()],
            self.resolution.closure,
            self.resolution.blind,
        )
        self.diagnostics.extend(problems)
        self._cross_reference(content)
        compiled = self._compile(content)
        self.diagnostics.extend(check_allow_lists(self.resolution.order, content, self.game))
        self.silencer.add_cards(content)
        self.result.diagnostics = [d for d in self.diagnostics if self.silencer.keeps(d)]
        if not any(d.is_error for d in self.result.diagnostics):
            self.result.diagnostics += self.silencer.unused(game_known_warnings(self.game))
        if not any(d.is_error for d in self.result.diagnostics):
            self.result.pack = self._loaded(content, compiled, reads)

    def _read(self, manifest: Manifest) -> ReadPack:
        read = read_pack(manifest, self.spec, self.limits)
        self.diagnostics.extend(read.diagnostics)
        self.result.sources.update(read.texts)
        self._kinds_read.update(read.kinds_present)
        root = manifest.id in self.resolution.roots
        self.silencer.add_pack(manifest, root)
        return read

    def _language_checks(self) -> list[Diagnostic]:
        """E0720 for a pack written for a newer effect language than this whitedwarf speaks."""
        spoken = Version(game_registry(self.game).language)
        out = []
        for manifest in self.resolution.order:
            if manifest.language is not None and manifest.language > spoken:
                message = (
                    f"`{manifest.id}` is written for {self.game} language {manifest.language}; "
                    f"this whitedwarf knows {spoken}"
                )
                hint = "upgrade whitedwarf (pip install --upgrade whitedwarf)"
                out.append(error("E0720", message, manifest.file.span(("language",)), hint))
        return out

    def _cross_reference(self, content: Content) -> None:
        self.diagnostics.extend(crossref.check_duplicates(self.spec, content))
        self.diagnostics.extend(crossref.check_references(self.spec, content))
        self.diagnostics.extend(crossref.check_counts(self.spec, content))
        self.diagnostics.extend(crossref.check_names(self.spec, content))
        self.diagnostics.extend(crossref.check_printed(content))
        self.diagnostics.extend(crossref.check_unchanged(content))
        packs = [manifest.id for manifest in self.resolution.order]
        self.diagnostics.extend(crossref.check_ids_across_kinds(self.spec, content, packs))
        self.diagnostics.extend(self._missing_kinds(content))
        for check in self.spec.checks:
            if check.whole and any(d.is_error for d in self.diagnostics):
                continue
            if not self._has_errors(content, check.kinds):
                self.diagnostics.extend(check.run(content))

    def _missing_kinds(self, content: Content) -> list[Diagnostic]:
        if any(d.is_error for d in self.resolution.diagnostics):
            return []  # a missing or refused dependency would provide them
        root = self._manifest(self.resolution.roots[0])
        missing = [
            kind.name
            for kind in self.spec.kinds.values()
            if kind.required and kind.name not in self._kinds_read
        ]
        if len(missing) > 1 and len(self.resolution.order) == 1 and not root.depends:
            # A mod that forgot its `depends:` (or named it in another key): one error that
            # says so, rather than one per file of the game it lacks.
            files = ", ".join(f"`{name}.yaml`" for name in missing)
            message = (
                f"{root.id} depends on no pack, and no pack provides {len(missing)} of the files "
                f"a {self.game} game needs: {files}"
            )
            hint = (
                f'a mod depends on the base pack: `depends: {{{self.game}: ">=1.0,<2"}}` in '
                "pack.yaml (docs/packs.md); a pack of its own needs every file"
            )
            return [error("E0709", message, root.file.span(("id",)), hint)]
        out = []
        for kind in self.spec.kinds.values():
            # A file whose cards were all removed (or refused) still counts as provided.
            if kind.required and kind.name not in self._kinds_read:
                message = (
                    f"no pack provides `{kind.name}.yaml` ({kind.description.lower().rstrip('.')})"
                )
                out.append(
                    error(
                        "E0709",
                        message,
                        root.file.span(("id",)),
                        "add the file, or depend on a pack that has it",
                    )
                )
        return out

    def _has_errors(self, content: Content, kinds: Sequence[str]) -> bool:
        paths = {e.file.display for e in content.entries() if e.kind in kinds}
        return any(
            d.is_error and d.span is not None and d.span.path in paths for d in self.diagnostics
        )

    def _manifest(self, pack_id: str) -> Manifest:
        return next(m for m in self.resolution.order if m.id == pack_id)

    def _compile(self, content: Content) -> Compiled:
        registry = game_registry(self.game)
        cards = compile_cards(content, self.spec, registry, self.limits)
        compiled = cards.compiled
        self.diagnostics.extend(cards.diagnostics)
        self.diagnostics.extend(
            text_mismatches(content, self.spec, registry, compiled, cards.card_texts)
        )
        base = next((m for m in self.resolution.order if not m.depends), None)
        if base is not None and not any(d.is_error for d in self.diagnostics):
            changes = sorted(content.changes, key=lambda c: content.load_position(c.by))
            dropped = compile_dropped(changes, self.spec, registry, self.limits)
            span = base.file.span(("game",))
            self.diagnostics.extend(unused_words(compiled, registry, span, dropped))
        return compiled

    def _loaded(self, content: Content, compiled: Compiled, reads: list[ReadPack]) -> LoadedPack:
        packs = [
            PackInfo(
                m.id,
                str(m.version),
                m.folder.resolve(),
                read.sha256,
                m.name,
                m.description,
                m.id in self.resolution.roots,
            )
            for m, read in zip(self.resolution.order, reads, strict=True)
        ]
        digest = hashlib.sha256("\n".join(f"{p.id}@{p.version}:{p.sha256}" for p in packs).encode())
        data = whole_numbers(content.plain())
        origins, removed = _origins(content), _removed(content)
        return LoadedPack(
            self.game,
            data,
            compiled,
            packs,
            digest.hexdigest(),
            origins,
            removed,
            data_digest(data),
        )


def data_digest(data: Any) -> str:
    """The sha256 of ``data``, the merged content, as canonical JSON: keys sorted (``fmt``
    orders a card's keys, and a card's fields are read by name), lists in their order (a
    deck's order is the game's), no spaces. Layout, comments and quoting of the files do not
    reach it; any value that changes does."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def whole_numbers(data: Any) -> Any:
    """``data`` with each float made an int, in place. Every number a pack gives is an
    integer field, and the JSON Schema takes 2.0 as one (so an editor does, and validate): a
    float that passed it is whole, and the engine must be handed 2, not a float that spreads
    into the costs paid and the supplies. (Read as written until here, so a diagnostic shows
    `1.0`.)"""
    if isinstance(data, float):
        return int(data)
    if isinstance(data, dict):
        items: Iterable[tuple[Any, Any]] = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    else:
        return data
    for key, value in items:
        if isinstance(value, float | dict | list):
            data[key] = whole_numbers(value)
    return data


def located(error: BaseException, origins: dict[str, Span]) -> str:
    """An engine's error in play (a runaway effect, a number over an engine limit) with the
    place of the card it names first, ``path:line:col: message``, as a diagnostic reads:
    the error knows only the card's id (its ``card``), the packs know where it was written."""
    card = getattr(error, "card", None)
    where = origins.get(card) if isinstance(card, str) else None
    if where is None:
        return str(error)
    return f"{where.path}:{where.line}:{where.column}: {error}"


def _origins(content: Content) -> dict[str, Span]:
    """Each merged card's location (the first card of an id, should two kinds share one)."""
    out: dict[str, Span] = {}
    for entries in content.cards.values():
        for entry in entries:
            if entry.id is not None and entry.id not in out:
                has_effect = isinstance(entry.data, dict) and "effect" in entry.data
                out[entry.id] = entry.span(("effect",) if has_effect else ())
    return out


def _removed(content: Content) -> dict[str, str]:
    """Each id a mod's ``remove: true`` took away (and no later pack added again), said as
    "the mod pack nozhur removes it (nozhur/factions.yaml:1:7)"."""
    kept = {entry.id for entries in content.cards.values() for entry in entries}
    out: dict[str, str] = {}
    for change in content.changes:
        by = change.by
        if change.action == "remove" and by.id is not None and by.id not in kept:
            at = by.span(("id",))
            out[by.id] = f"the mod pack {by.pack} removes it ({at.path}:{at.line}:{at.column})"
    return out


def _sorted(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    unique = list(dict.fromkeys(diagnostics))
    return sorted(unique, key=lambda d: (*sort_key(d), d.message))
