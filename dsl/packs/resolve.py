"""Finding the packs to load: the given ones, their dependencies, versions and load order.

Dependencies are looked up, in this order, among the given packs, the sibling folders of each
given pack, the ``--pack-path`` folders and the bundled packs; the first pack with the id
wins (among the folders beside a pack, one named like the id comes first). Load order is
dependency order, ties broken by pack id, so it never depends on the file system.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from whitedwarf.content import bundled_pack
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import error, warning
from whitedwarf.dsl.packs.limits import DEFAULT_LIMITS, Limits
from whitedwarf.dsl.packs.manifest import MANIFEST_FILE, Manifest, pack_folder, read_manifest
from whitedwarf.dsl.packs.paths import absolute
from whitedwarf.dsl.suggest import did_you_mean


@dataclass
class Resolution:
    """The packs to load in load order, who depends on whom, and every problem found."""

    order: list[Manifest] = field(default_factory=list)
    roots: list[str] = field(default_factory=list)
    closure: dict[str, frozenset[str]] = field(default_factory=dict)
    #: Packs with a dependency that could not be loaded (E0703, E0704, ...): what they
    #: replace or remove cannot be checked, and the manifest's error says why.
    blind: frozenset[str] = frozenset()
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def mixed_games(self) -> bool:
        """Whether packs of two games were loaded together (E0707): their files cannot be
        checked as either game's until the manifest is fixed."""
        return any(d.code == "E0707" for d in self.diagnostics)


class _Candidates:
    """Pack folders that may provide a dependency, read lazily, first one wins."""

    def __init__(self, folders: Iterable[Path], limits: Limits) -> None:
        self._folders = list(dict.fromkeys(f.resolve() for f in folders))
        self._limits = limits
        self._by_id: dict[str, Manifest] | None = None
        self.broken: dict[str, list[Diagnostic]] = {}
        #: Every other folder holding a pack of the same id (the first one wins).
        self.shadowed: dict[str, list[Manifest]] = {}

    def find(self, pack_id: str) -> Manifest | None:
        return self._index().get(pack_id)

    def ids(self) -> list[str]:
        return list(self._index())

    def _index(self) -> dict[str, Manifest]:
        if self._by_id is None:
            self._by_id = {}
            for folder in self._folders:
                manifest, problems = read_manifest(folder, self._limits)
                if manifest is None:
                    self.broken[folder.name] = problems
                elif manifest.id not in self._by_id:
                    self._by_id[manifest.id] = manifest
                elif _named_for_it(manifest, self._by_id[manifest.id]):
                    self.shadowed.setdefault(manifest.id, []).append(self._by_id[manifest.id])
                    self._by_id[manifest.id] = manifest
                else:
                    self.shadowed.setdefault(manifest.id, []).append(manifest)
        return self._by_id


def _named_for_it(manifest: Manifest, first: Manifest) -> bool:
    """Whether ``manifest``, found after ``first`` in the same folder, is the one to use: its
    folder is named like the pack (`mymod/`, as `whitedwarf new pack` names it) and the
    first's is not. A copy beside it (`a-mymod/`, `mymod-old/`) sorted first by name and was
    used instead, broken or not, with a W0701 that named the right folder as the other."""
    return (
        manifest.folder.parent.resolve() == first.folder.parent.resolve()
        and manifest.folder.name == manifest.id
        and first.folder.name != first.id
    )


def candidate_folders(roots: Sequence[Path], search: Sequence[Path]) -> list[Path]:
    """Sibling folders of each root, then each search folder (itself and its children).

    A root given through a link has two sets of siblings: those beside the link, then those
    beside the folder it leads to, which are the siblings the pack has when the command runs
    inside it (the working folder is the real one), so a dependency found one way is found
    the other."""
    out: list[Path] = []
    for root in roots:
        out += _packs_in(root.parent)
        real = _real_parent(root)
        if real is not None and real != root.parent:
            out += _packs_in(real)
    for folder in search:
        if (folder / MANIFEST_FILE).is_file():
            out.append(folder)
        out += _packs_in(folder)
    return out


def _real_parent(root: Path) -> Path | None:
    try:
        return root.resolve().parent
    except (OSError, RuntimeError):  # a link loop: read_manifest has said so
        return None


def _packs_in(folder: Path) -> list[Path]:
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [child for child in children if child.is_dir() and (child / MANIFEST_FILE).is_file()]


def resolve(
    paths: Sequence[Path], search: Sequence[Path] = (), limits: Limits = DEFAULT_LIMITS
) -> Resolution:
    """Read the given packs and everything they depend on; order them for loading."""
    result = Resolution()
    # Absolute once, here: the siblings of `.` (a command run inside the pack) are those of
    # the folder itself, not its own children, and every place later compared with the
    # pack's folder (allow lists) is compared in one form.
    folders = [absolute(pack_folder(Path(p))) for p in paths]
    loaded = _read_roots(folders, result, limits)
    candidates = _Candidates(candidate_folders(folders, search), limits)
    _follow(loaded, candidates, result)
    _check_cycles(loaded, result)
    _check_games(loaded, result)
    result.order = _load_order(loaded)
    result.closure = {pid: _closure(pid, loaded) for pid in loaded}
    result.blind = frozenset(pid for pid, manifest in loaded.items() if _blind(manifest, loaded))
    return result


def _blind(manifest: Manifest, loaded: dict[str, Manifest]) -> bool:
    """Whether one of the pack's dependencies is missing."""
    return any(dep not in loaded for dep in manifest.depends)


def _read_roots(folders: list[Path], result: Resolution, limits: Limits) -> dict[str, Manifest]:
    loaded: dict[str, Manifest] = {}
    for folder in folders:
        manifest, problems = read_manifest(folder, limits)
        result.diagnostics += problems
        if manifest is None:
            continue
        other = loaded.get(manifest.id)
        if other is not None and other.folder.resolve() != folder.resolve():
            message = (
                f"two packs have the id `{manifest.id}`: {other.display} and {manifest.display}"
            )
            result.diagnostics.append(
                error("E0708", message, manifest.file.span(("id",)), "give each pack its own id")
            )
            continue
        if other is None:
            loaded[manifest.id] = manifest
            result.roots.append(manifest.id)
    return loaded


def _follow(loaded: dict[str, Manifest], candidates: _Candidates, result: Resolution) -> None:
    """Add every dependency, transitively, checking each version range."""
    queue = list(loaded.values())
    while queue:
        manifest = queue.pop(0)
        for dep, spec in manifest.depends.items():
            found = loaded.get(dep) or candidates.find(dep)
            if found is None:
                result.diagnostics += _missing(manifest, dep, candidates, loaded)
                continue
            if not spec.contains(found.version, prereleases=True):
                written = manifest.ranges_written.get(dep) or str(spec)
                if len(written) > 40:  # as E0705 shows a long range (manifest._range)
                    written = f"{written[:20]}...{written[-10:]}"
                message = (
                    f"`{dep}` {found.version} ({_found_in(found)}) is not in the range `{written}`"
                )
                hint = f"change the range, or install a version of `{dep}` that matches it"
                if _bundled(found):
                    hint = f"change the range: this whitedwarf comes with `{dep}` {found.version}"
                result.diagnostics.append(error("E0704", message, manifest.depends_span(dep), hint))
            if dep not in loaded:
                loaded[dep] = found
                queue.append(found)
                result.diagnostics += _shadowing(manifest, dep, found, candidates)


def _shadowing(
    manifest: Manifest, dep: str, found: Manifest, candidates: _Candidates
) -> list[Diagnostic]:
    """W0701 when another folder holds a pack with the id ``dep`` too: a stranger's pack
    named like the base game, dropped beside a mod, would replace it without a word."""
    others = candidates.shadowed.get(dep, [])
    if not others:
        return []
    shown = [_where(other) for other in others[:3]]
    if len(others) > 3:
        shown.append(f"{len(others) - 3} more")
    where = "another folder holds" if len(others) == 1 else f"{len(others)} other folders hold"
    message = (
        f"`{dep}` is the pack in {_where(found)}, but {where} a pack `{dep}` too: "
        + ", ".join(shown)
    )
    hint = "the first folder found is used: remove or rename the pack you do not mean"
    return [warning("W0701", message, manifest.depends_span(dep, key=True), hint)]


def _where(manifest: Manifest) -> str:
    """A pack's folder as messages show it; a pack shipped with whitedwarf is "bundled"."""
    if _bundled(manifest):
        return f"the bundled pack ({manifest.folder.name})"
    return manifest.display


def _found_in(manifest: Manifest) -> str:
    """Where a pack was found, in words: never the install path of a bundled pack, which
    means nothing to a modder (and differs from machine to machine)."""
    return "the bundled pack" if _bundled(manifest) else f"in {manifest.display}"


def _bundled(manifest: Manifest) -> bool:
    """Whether the pack is one shipped with whitedwarf."""
    return manifest.folder.resolve().parent == bundled_pack().parent.resolve()


def _missing(
    manifest: Manifest, dep: str, candidates: _Candidates, loaded: dict[str, Manifest]
) -> list[Diagnostic]:
    if dep in candidates.broken:
        return candidates.broken.pop(dep)  # the folder is there but its pack.yaml is not usable
    known = [*loaded, *candidates.ids()]
    hint = did_you_mean(dep, known) or "pass its folder too, or add --pack-path DIR"
    message = f"cannot find the pack `{dep}` that {manifest.id} depends on"
    return [error("E0703", message, manifest.depends_span(dep, key=True), hint)]


def _check_cycles(loaded: dict[str, Manifest], result: Resolution) -> None:
    reported: set[frozenset[str]] = set()
    for start in sorted(loaded):
        cycle = _cycle_from(start, loaded)
        if cycle is None or frozenset(cycle) in reported:
            continue
        reported.add(frozenset(cycle))
        closing = loaded[cycle[-2]]
        message = "packs depend on each other in a cycle: " + " -> ".join(cycle)
        span = closing.depends_span(cycle[-1], key=True)
        result.diagnostics.append(error("E0706", message, span, "remove one of these dependencies"))


def _cycle_from(start: str, loaded: dict[str, Manifest]) -> list[str] | None:
    """A dependency path from ``start`` back to itself, if there is one."""
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        node, path = stack.pop()
        for dep in sorted(loaded[node].depends):
            if dep == start:
                return [*path, dep]
            if dep in loaded and dep not in seen:
                seen.add(dep)
                stack.append((dep, [*path, dep]))
    return None


def _check_games(loaded: dict[str, Manifest], result: Resolution) -> None:
    """E0707: every loaded pack is for the game of the first pack given.

    A pack depending on a pack of another game is told at its own ``depends`` entry (the
    dependency, often a bundled pack, is not where the designer wrote the mistake); packs of
    another game given side by side at the ``game:`` line of the topmost such pack.
    """
    if not result.roots:
        return
    told: set[str] = set()
    for manifest in loaded.values():
        for dep in manifest.depends:
            other = loaded.get(dep)
            if other is None or other.game == manifest.game:
                continue
            message = (
                f"{manifest.id} is a `{manifest.game}` pack, but it depends on `{dep}`, "
                f"a `{other.game}` pack"
            )
            hint = (
                f"a pack depends only on packs of its own game: write `game: {other.game}`, "
                f"or depend on a `{manifest.game}` pack"
            )
            span = manifest.depends_span(dep, key=True)
            result.diagnostics.append(error("E0707", message, span, hint))
            told |= {manifest.id, dep}
    first = result.roots[0]
    game = loaded[first].game
    for manifest in loaded.values():
        if manifest.game == game or manifest.id in told:
            continue
        if any(
            manifest.id in other.depends and other.game == manifest.game
            for other in loaded.values()
        ):
            continue  # the pack of its own game that depends on it is told
        message = f"{manifest.id} is a `{manifest.game}` pack, but {first} is a `{game}` pack"
        result.diagnostics.append(error("E0707", message, manifest.file.span(("game",))))


def _load_order(loaded: dict[str, Manifest]) -> list[Manifest]:
    """Dependencies first, ties by id; packs left in a cycle come last, by id."""
    waiting = {pid: {d for d in m.depends if d in loaded and d != pid} for pid, m in loaded.items()}
    ready = [pid for pid, deps in waiting.items() if not deps]
    heapq.heapify(ready)
    order: list[str] = []
    while ready:
        pid = heapq.heappop(ready)
        order.append(pid)
        for other, deps in waiting.items():
            if pid in deps:
                deps.discard(pid)
                if not deps:
                    heapq.heappush(ready, other)
    order += sorted(set(loaded) - set(order))
    return [loaded[pid] for pid in order]


def _closure(pack_id: str, loaded: dict[str, Manifest]) -> frozenset[str]:
    """Every pack ``pack_id`` depends on, transitively (not itself)."""
    seen: set[str] = set()
    stack = [d for d in loaded[pack_id].depends if d in loaded]
    while stack:
        dep = stack.pop()
        if dep not in seen:
            seen.add(dep)
            stack += [d for d in loaded[dep].depends if d in loaded]
    seen.discard(pack_id)
    return frozenset(seen)
