"""``pack.yaml``: a pack's id, version, game, dependencies and silenced warnings."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import Version
from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.limits import DEFAULT_LIMITS, Limits
from whitedwarf.dsl.packs.paths import display_path
from whitedwarf.dsl.packs.schema_parts import version_number_out_of_range
from whitedwarf.dsl.packs.schemas import MANIFEST, schema_problems
from whitedwarf.dsl.packs.yamlsource import YamlFile, read_yaml
from whitedwarf.dsl.suggest import closest

MANIFEST_FILE = "pack.yaml"
ANY_VERSION = ("", "*")


@dataclass
class Manifest:
    """A pack's manifest, checked; ``depends`` holds only the ranges that parse."""

    id: str
    name: str
    version: Version
    game: str
    folder: Path
    file: YamlFile
    depends: dict[str, SpecifierSet] = field(default_factory=dict)
    #: each range as written (``>=0.1.0,<1``): a SpecifierSet prints its parts sorted
    #: (``<1,>=0.1.0``), which is not what the designer typed
    ranges_written: dict[str, str] = field(default_factory=dict)
    allow: frozenset[str] = frozenset()
    description: str = ""
    language: Version | None = None  # the effect language version the pack is written for

    @property
    def display(self) -> str:
        """The folder as shown in messages."""
        return display_path(self.folder)

    def depends_span(self, dep: str, key: bool = False) -> Span:
        """Where the dependency ``dep`` is written."""
        return self.file.span(("depends", dep), key=key)


def pack_folder(path: Path) -> Path:
    """The pack folder of a path given on the command line (a folder or its pack.yaml)."""
    return path.parent if path.name == MANIFEST_FILE and not path.is_dir() else path


def read_manifest(
    folder: Path, limits: Limits = DEFAULT_LIMITS
) -> tuple[Manifest | None, list[Diagnostic]]:
    """Read and check ``folder/pack.yaml``; None when it cannot be used."""
    path = folder / MANIFEST_FILE
    display = display_path(path)
    # Something that is there but is not a plain file (a folder, a FIFO, a link out of the
    # pack or to nothing) is read_yaml's to refuse in its words (E0507), not "no pack.yaml".
    if not (path.exists() or path.is_symlink()):
        hint = "a pack is a folder with a pack.yaml naming its id, name, version and game"
        message = f"no {MANIFEST_FILE} in {display_path(folder)!r}"
        misnamed = _misnamed_manifest(folder)
        if misnamed is not None:  # `pack.yml`, `Pack.yaml`: the loader reads one name only
            hint = f"rename `{misnamed}` to `{MANIFEST_FILE}`"
        if folder.is_file():  # a card file given for its pack: "no pack.yaml in" a file
            # The span stays on the pack.yaml that is not there: placed on the file itself,
            # the report would read and print the first line of whatever file it is.
            message = f"{display_path(folder)!r} is a file, not a pack folder"
            hint = f"give the folder that holds the pack's {MANIFEST_FILE} (or that file)"
        return None, [error("E0701", message, Span(display, 1, 1), hint)]
    file, diagnostics = read_yaml(path, display, folder, limits)
    if file is None:
        return None, diagnostics
    codes: dict[tuple[str | int, ...], str] = {("game",): "E0702", ("version",): "E0705"}
    # The manifest schema is the same for every game.
    problems, _ = schema_problems("", MANIFEST, file, "pack", codes)
    diagnostics += [_version_hint(d, file.data) for d in problems]
    if any(d.is_error and d.code != _UNKNOWN_FIELD for d in diagnostics):
        return None, diagnostics
    # A field the manifest does not have (E0602) is refused, but the fields it has are
    # sound: the pack is still read, so one run of `validate` shows its other errors too.
    return _build(folder, file, diagnostics)


def _misnamed_manifest(folder: Path) -> str | None:
    """A file of ``folder`` named almost like the manifest (`pack.yml`), if there is one."""
    try:
        names = sorted(entry.name for entry in folder.iterdir() if entry.is_file())
    except OSError:  # not a folder, or not readable: E0701 says so in its own words
        return None
    return closest(MANIFEST_FILE, [n for n in names if n.lower().startswith("pack")], 0.8)


def _version_hint(found: Diagnostic, data: Any) -> Diagnostic:
    """``version: 1`` (or ``language: 1.1``) is a number to YAML: say how to write a
    version, which the schema's "must be text" alone does not. The version to write is the
    number's own, in quotes and with three parts (`1.0` is "1.0.0"): quoted as it stands,
    `"1.0"`, it would be refused again, as not a semantic version."""
    if found.code == "E0705" and "`version` must be text" in found.message:
        number = data.get("version") if isinstance(data, dict) else None
        parts = str(number).split(".") if isinstance(number, int | float) else []
        if parts and all(part.isdigit() for part in parts) and len(parts) <= 3:
            written = ".".join([*parts, "0", "0"][:3])
            return replace(
                found, hint=f'write `version: "{written}"`: a version is text, three numbers'
            )
        return replace(found, hint='a version is text such as "1.0.0": write it in quotes')
    if found.code == "E0604" and "`language` must be text" in found.message:
        return replace(found, hint='a language version is text such as "1.1": write it in quotes')
    return found


#: "`x` is not a field of the file": in a manifest, only an unknown top-level field.
_UNKNOWN_FIELD = "E0602"


def _build(
    folder: Path, file: YamlFile, diagnostics: list[Diagnostic]
) -> tuple[Manifest | None, list[Diagnostic]]:
    data = file.data
    version = _version(data["version"], file, ("version",), diagnostics)
    if version is None:
        return None, diagnostics
    language = None
    if "language" in data:
        language = _version(data["language"], file, ("language",), diagnostics)
        if language is None:
            return None, diagnostics
    depends = {}
    for dep, text in data.get("depends", {}).items():
        # A range that cannot be read (E0705) still names the dependency: it is loaded, at
        # any version, so the pack's cards are checked against it (not told "`replace` in a
        # pack with no dependencies", E0804, about a pack that has one).
        spec = _range(text, file, dep, diagnostics)
        depends[dep] = SpecifierSet() if spec is None else spec
    manifest = Manifest(
        id=data["id"],
        name=data["name"],
        version=version,
        game=data["game"],
        folder=folder,
        file=file,
        depends=depends,
        ranges_written={dep: str(text).strip() for dep, text in data.get("depends", {}).items()},
        allow=frozenset(data.get("allow", ())),
        description=data.get("description", ""),
        language=language,
    )
    return manifest, diagnostics


def _version(
    text: str, file: YamlFile, path: tuple[str], diagnostics: list[Diagnostic]
) -> Version | None:
    """``text`` as a version, or None with E0705 said at it. A part too long for a whole
    number (Python reads at most 4,300 digits: ValueError, as InvalidVersion is) is no
    version either, and is shown cut short."""
    try:
        return Version(text)
    except ValueError:
        shown = text if len(text) <= 40 else f"{text[:20]}...{text[-10:]}"
        hint = 'write a version such as "1.0.0"'
        said = f"`{shown}` is not a version"
        diagnostics.append(error("E0705", said, file.span(path), hint))
        return None


def _range(
    text: str, file: YamlFile, dep: str, diagnostics: list[Diagnostic]
) -> SpecifierSet | None:
    if text.strip() in ANY_VERSION:
        return SpecifierSet()
    try:
        specs = SpecifierSet(text)
        for spec in specs:  # a number too long to compare (ValueError only when compared)
            if spec.operator != "===":  # (arbitrary equality compares text)
                Version(spec.version.removesuffix(".*"))
    except (InvalidSpecifier, ValueError):
        specs = None
    hint = "write a range like `>=1.0,<2` or `==1.2.0`; `*` accepts any version"
    shown = text if len(text) <= 40 else f"{text[:20]}...{text[-10:]}"
    # Every number of a pack has a declared range: a range's versions are bounded as a
    # pack's own version is (schema_parts.VERSION_NUMBER_MAX).
    too_large = version_number_out_of_range(f"`{shown}`", text)
    if specs is not None and too_large is None:
        return specs
    message = too_large or f"`{shown}` is not a version range"
    diagnostics.append(error("E0705", message, file.span(("depends", dep)), hint))
    return None
