"""A cache of ``whitedwarf validate`` reports, so re-checking unchanged packs is instant.

An entry is keyed by the request (paths, options, working folder) and remembers every file
the check read with its sha256, the listings of the folders where packs are looked up, and
a fingerprint of whitedwarf's own code. It is used only when all of those still match, so a
cached report is always the report a fresh check would print. ``--no-cache`` or
``WHITEDWARF_CACHE_DIR=off`` turns it off; the cache lives in ``$XDG_CACHE_HOME/whitedwarf``
(``~/.cache/whitedwarf``) unless ``WHITEDWARF_CACHE_DIR`` names another folder.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

FORMAT = 1


def cache_dir() -> Path | None:
    """Where reports are cached, or None when caching is off."""
    configured = os.environ.get("WHITEDWARF_CACHE_DIR")
    if configured == "off":
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "whitedwarf" / "validate"


def _bytes(text: str) -> bytes:
    """``text`` as UTF-8 for a digest. A file name that is not UTF-8 (a byte such as 0xff, which
    Python keeps as a lone surrogate, U+DCFF) is its own bytes again: a strict encoding stopped
    every ``validate`` run in a folder holding one with an internal error."""
    return text.encode("utf-8", "surrogateescape")


def request_key(request: dict[str, Any]) -> str:
    """The sha256 of a request (paths, flags, working folder, code fingerprint)."""
    text = json.dumps({**request, "code": code_fingerprint()}, sort_keys=True, default=str)
    return hashlib.sha256(_bytes(text)).hexdigest()


def code_fingerprint() -> str:
    """Changes whenever any file of whitedwarf's code, grammar, schemas or bundled packs does,
    or a distribution is installed, upgraded or removed (a third-party game comes and goes
    that way; an editable game's own files are watched per entry: :func:`game_code`)."""
    digest = hashlib.sha256()
    for root in _package_roots():
        digest.update(_bytes(tree_digest(root)))
    digest.update(_bytes(_distributions()))
    return digest.hexdigest()


def tree_digest(root: str) -> str:
    """A digest of the names, sizes and modification times of the code files under
    ``root`` (a folder, or one file)."""
    digest = hashlib.sha256()
    if os.path.isfile(root):
        info = os.stat(root)
        digest.update(_bytes(f"{root}:{info.st_mtime_ns}:{info.st_size};"))
    for folder, _dirs, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name.endswith((".py", ".lark", ".json", ".yaml")):
                info = os.stat(os.path.join(folder, name))
                digest.update(_bytes(f"{folder}/{name}:{info.st_mtime_ns}:{info.st_size};"))
    return digest.hexdigest()


def _package_roots() -> list[str]:
    import whitedwarf.content
    import whitedwarf.dsl
    import whitedwarf.interpreter
    import whitedwarf.schemas
    import whitedwarf.tools

    modules = (whitedwarf.dsl, whitedwarf.interpreter, whitedwarf.tools, whitedwarf.schemas)
    roots = [os.path.dirname(m.__file__ or "") for m in (*modules, whitedwarf.content)]
    return sorted(set(roots))


def _distributions() -> str:
    """The installed distributions' metadata folders on ``sys.path``, with their times: cheap
    to list (reading the entry points themselves costs more than a cached answer)."""
    import sys

    found = []
    for place in sys.path:
        try:
            entries = list(os.scandir(place or "."))
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith((".dist-info", ".egg-info", ".egg-link", ".pth")):
                found.append(f"{place}/{entry.name}:{entry.stat().st_mtime_ns}")
    return hashlib.sha256(_bytes("\n".join(sorted(found)))).hexdigest()


def game_code() -> dict[str, str]:
    """The code folders of the installed games other than whitedwarf's own, each with its
    :func:`tree_digest`: an editable game's author changes its vocabulary without
    reinstalling, and the report must follow. Read only when a report is stored."""
    from importlib.util import find_spec

    from whitedwarf.dsl.packs.games import game_entry_points

    roots: list[str] = []
    for point in game_entry_points():
        top = point.value.partition(":")[0].partition(".")[0]
        if top == "whitedwarf":
            continue
        try:
            spec = find_spec(top)
        except (ImportError, ValueError):
            continue
        if spec is not None and spec.submodule_search_locations:
            roots.extend(str(location) for location in spec.submodule_search_locations)
        elif spec is not None and spec.origin and os.path.isfile(spec.origin):
            roots.append(spec.origin)  # a one-file module: the file, not its folder
    return {root: tree_digest(root) for root in sorted(set(roots))}


def lookup(key: str) -> dict[str, Any] | None:
    """The cached report for ``key`` if every watched file and folder is unchanged."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        entry: dict[str, Any] = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if entry.get("format") != FORMAT:
        return None
    files, dirs = entry.get("files", {}), entry.get("dirs", {})
    if any(file_hash(path) != digest for path, digest in files.items()):
        return None
    if any(listing(path) != digest for path, digest in dirs.items()):
        return None
    if any(tree_digest(root) != digest for root, digest in entry.get("games", {}).items()):
        return None
    return entry


def store(key: str, output: str, status: int, files: Iterable[str], dirs: Iterable[str]) -> None:
    """Remember a report; a cache that cannot be written is silently skipped."""
    folder = cache_dir()
    if folder is None:
        return
    entry = {
        "format": FORMAT,
        "output": output,
        "status": status,
        "files": {path: file_hash(path) for path in sorted(set(files))},
        "dirs": {path: listing(path) for path in sorted(set(dirs))},
        "games": game_code(),
    }
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{key}.{os.getpid()}.tmp"
        partial.write_text(json.dumps(entry), encoding="utf-8")
        partial.replace(folder / f"{key}.json")
    except OSError:
        return


def file_hash(path: str) -> str | None:
    """The sha256 of a file's bytes, or None when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return None


def listing(path: str) -> str | None:
    """A digest of a folder's entry names and link targets (a new or removed pack or file,
    or a link changed, changes it; a link refused by the loader is never read, so its
    target path stands for it)."""
    try:
        names = sorted(os.listdir(path))
    except OSError:
        return None
    entries = [_entry(os.path.join(path, name), name) for name in names]
    return hashlib.sha256(_bytes("\n".join(entries))).hexdigest()


def _entry(path: str, name: str) -> str:
    try:
        return f"{name} -> {os.readlink(path)}" if os.path.islink(path) else name
    except OSError:
        return name
