"""Reading one pack's content files: each known ``<kind>.yaml``, checked against its schema."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error, warning
from whitedwarf.dsl.packs.kinds import ContentSpec, FileKind
from whitedwarf.dsl.packs.limits import Limits
from whitedwarf.dsl.packs.manifest import MANIFEST_FILE, Manifest
from whitedwarf.dsl.packs.merge import PackFiles
from whitedwarf.dsl.packs.paths import display_path, link_fault
from whitedwarf.dsl.packs.schemas import schema_problems
from whitedwarf.dsl.packs.yamlsource import DataPath, YamlFile, read_yaml
from whitedwarf.dsl.suggest import did_you_mean

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class ReadPack:
    """A pack's checked files, every problem found, and the texts read (for rendering)."""

    files: PackFiles
    diagnostics: list[Diagnostic] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    sha256: str = ""
    kinds_present: set[str] = field(default_factory=set)  # even when a file could not be used


def read_pack(manifest: Manifest, spec: ContentSpec, limits: Limits) -> ReadPack:
    """Read every content file of ``manifest``'s pack."""
    result = ReadPack(PackFiles(manifest.id))
    result.texts[manifest.file.display] = manifest.file.text
    digest = hashlib.sha256()
    _hash(digest, MANIFEST_FILE, manifest.file.text)
    escaping = _links_out(manifest.folder)
    result.diagnostics += [_link_out(path) for path in escaping]
    for path in _yaml_files(manifest.folder):
        kind = spec.kinds.get(path.stem) if path.suffix == ".yaml" else None
        if path in escaping:
            if kind is not None:
                result.kinds_present.add(kind.name)  # refused, not missing (no E0709)
                result.files.unreadable.add(kind.name)
            continue  # never read, whatever its name: refused above
        if kind is None:
            result.diagnostics.append(_unknown_file(path, spec))
            continue
        result.kinds_present.add(kind.name)
        file, problems = read_yaml(path, display_path(path), manifest.folder, limits)
        result.diagnostics += problems
        if file is None:
            result.files.unreadable.add(kind.name)
            continue
        result.texts[file.display] = file.text
        _hash(digest, path.name, file.text)
        refused, problems = _check(file, kind, spec.game, limits)
        result.diagnostics += problems
        result.files.files[kind.name] = (file, refused)
    result.sha256 = digest.hexdigest()
    return result


def _yaml_files(folder: Path) -> list[Path]:
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [
        child
        for child in children
        if child.suffix in YAML_SUFFIXES
        and child.name != MANIFEST_FILE
        and not child.name.startswith(".")
    ]


def _links_out(folder: Path) -> list[Path]:
    """The entries of the pack folder that are symlinks leading outside it (files, folders,
    ``..`` paths or dangling links alike): a pack may only read its own files (DESIGN
    principle 3), so such a link is refused whatever its name, and its target is never read."""
    try:
        root = folder.resolve()
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [child for child in children if link_fault(child, root) is not None]


def _link_out(path: Path) -> Diagnostic:
    # The target is never named: it is not the pack's to show (nor the machine's layout).
    message = f"`{path.name}` is a link that leads outside the pack folder"
    return error(
        "E0507", message, Span(display_path(path), 1, 1), "packs may only read their own files"
    )


def _hash(digest: hashlib._Hash, name: str, text: str) -> None:
    digest.update(name.encode() + b"\0" + text.encode() + b"\0")


def _unknown_file(path: Path, spec: ContentSpec) -> Diagnostic:
    names = [f"{kind}.yaml" for kind in spec.kinds]
    hint = did_you_mean(f"{path.stem}.yaml", names) or f"the content files are: {', '.join(names)}"
    message = f"`{path.name}` is not a content file of a {spec.game} pack; it is ignored"
    return warning("W0501", message, Span(display_path(path), 1, 1), hint)


def _check(
    file: YamlFile, kind: FileKind, game: str, limits: Limits
) -> tuple[set[DataPath], list[Diagnostic]]:
    """Schema problems of one file, and the data paths refused (by the schema or a tag)."""
    problems, refused = schema_problems(game, kind.name, file, kind.noun)
    if kind.cards and isinstance(file.data, list) and len(file.data) > limits.cards:
        message = f"{len(file.data):,} cards in one file, over the limit of {limits.cards:,}"
        problems.append(
            error(
                "E0512", message, file.span((limits.cards,)), "split the cards into several packs"
            )
        )
    return refused | file.refused, problems
