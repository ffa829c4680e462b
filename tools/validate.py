"""``whitedwarf validate``: check content packs and report every problem, located.

Exit status (README "Exit codes", :mod:`whitedwarf.tools.exits`): 0 clean (warnings allowed
unless ``--strict``), 1 content errors, 2 usage errors, 3 an internal error — a bug of
whitedwarf, never of the pack — and 130 interrupted.
"""

from __future__ import annotations

import os
import shlex
import textwrap
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.tools import validate_cache
from whitedwarf.tools.exits import CONTENT, INTERNAL, OK, issue_tracker
from whitedwarf.tools.pack_param import PackPath, named_by_id

if TYPE_CHECKING:  # the loader is imported only when the cache cannot answer (start-up time)
    from whitedwarf.dsl.diagnostics import Diagnostic
    from whitedwarf.dsl.packs.loader import LoadResult


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=PackPath())
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for tools and editors (docs/diagnostics.md)",
)
@click.option("--strict", is_flag=True, help="fail (exit 1) on warnings too")
@click.option(
    "--pack-path",
    "pack_paths",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="a folder to look for dependencies in (repeatable)",
)
@click.option("--debug", is_flag=True, help="show the traceback of an internal error")
@click.option("--no-cache", is_flag=True, help="check everything again, ignoring cached reports")
def validate(
    paths: tuple[Path, ...],
    fmt: str,
    strict: bool,
    pack_paths: tuple[Path, ...],
    debug: bool,
    no_cache: bool,
) -> None:
    """Check the packs at PATH... (folders or pack.yaml files, or a bundled pack's id such
    as `lastlight`) and their dependencies."""
    request = {
        "paths": [str(p) for p in paths],
        "pack_paths": [str(p) for p in pack_paths],
        "format": fmt,
        "strict": strict,
        "cwd": os.getcwd(),
    }
    key = validate_cache.request_key(request)
    cached = None if no_cache else validate_cache.lookup(key)
    if cached is not None:
        click.echo(cached["output"])
        raise SystemExit(cached["status"])
    refuse_two_games(paths)
    try:
        from whitedwarf.dsl.packs.loader import load_packs

        result = load_packs(paths, pack_paths)
        output = render(result, fmt)
    except Exception as exc:  # a bug of ours: say so, never blame the pack with a traceback
        click.echo(f"internal error: {exc!r}", err=True)
        click.echo(
            f"please report this at {issue_tracker()} with the pack that caused it", err=True
        )
        if debug:
            click.echo(traceback.format_exc(), err=True)
        raise SystemExit(INTERNAL) from None
    click.echo(output)  # a full output is said by the command line's handler (exit 1)
    status = exit_status(result.diagnostics, strict)
    files, dirs = watched(result, paths, pack_paths)
    validate_cache.store(key, output, status, files, dirs)
    raise SystemExit(status)


def refuse_two_games(paths: tuple[Path, ...]) -> None:
    """UsageError when the packs given are for more than one game: one run loads one game's
    packs together (mods of it, side by side), and the packs of another would be read as
    that game's, file by unknown file."""
    from whitedwarf.dsl.packs.manifest import pack_folder, read_manifest

    games: dict[str, list[str]] = {}
    for path in paths:
        manifest, _ = read_manifest(pack_folder(path))  # a broken one: the loader says why
        if manifest is not None:
            games.setdefault(manifest.game, []).append(named_by_id(path) or str(path))
    if len(games) < 2:
        return
    given = ", ".join(f"{' '.join(named)} ({game})" for game, named in games.items())
    runs = " and ".join(
        f"`whitedwarf validate {' '.join(shlex.quote(p) for p in named)}`"
        for named in games.values()
    )
    raise click.UsageError(
        f"a run checks the packs of one game, and these are for {len(games)}: {given}; run {runs}"
    )


def watched(
    result: LoadResult, paths: tuple[Path, ...], pack_paths: tuple[Path, ...]
) -> tuple[list[str], list[str]]:
    """The files the check read and the folders where packs and pack files were looked for."""
    from whitedwarf.dsl.packs.loader import bundled_search

    files = [os.path.abspath(p) for p in result.sources]
    folders = {os.path.dirname(f) for f in files}
    for path in paths:
        # Absolute first: the parent of `.` (validate run inside the pack) is its siblings'
        # folder, not `.` again.
        pack = Path(os.path.abspath(path if path.is_dir() else path.parent))
        # and beside the folder a link leads to: dependencies are looked up there too
        real = Path(os.path.realpath(pack)).parent
        folders.update({str(pack), str(pack.parent), str(real)})
    folders.update(os.path.abspath(p) for p in (*pack_paths, *bundled_search()))
    # Every file a pack could read, parsed or not: a file that failed to parse is not in
    # ``result.sources``, yet fixing it must invalidate the report (issue 6 item 5).
    for folder in sorted(folders):
        files += _pack_files(folder)
    files += _candidate_manifests(paths, pack_paths)
    return files, sorted(folders)


def _candidate_manifests(paths: tuple[Path, ...], pack_paths: tuple[Path, ...]) -> list[str]:
    """The manifest of every pack a dependency was looked for in: a sibling's `id:` or
    `version:` edited decides whether it is found (a report cached before that edit said
    "cannot find the pack `mymod`" after the folder had been given that id)."""
    from whitedwarf.dsl.packs.loader import bundled_search
    from whitedwarf.dsl.packs.manifest import MANIFEST_FILE, pack_folder
    from whitedwarf.dsl.packs.paths import absolute
    from whitedwarf.dsl.packs.resolve import candidate_folders

    roots = [absolute(pack_folder(Path(p))) for p in paths]
    search = [Path(p) for p in (*pack_paths, *bundled_search())]
    return [os.path.abspath(folder / MANIFEST_FILE) for folder in candidate_folders(roots, search)]


def _pack_files(folder: str) -> list[str]:
    """The YAML files of a pack folder, without links leading out of it (never read)."""
    if not os.path.isfile(os.path.join(folder, "pack.yaml")):
        return []
    root = os.path.realpath(folder)
    out = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        inside = os.path.realpath(path).startswith(root + os.sep)
        if name.endswith((".yaml", ".yml")) and inside and os.path.isfile(path):
            out.append(path)
    return out


def exit_status(diagnostics: list[Diagnostic], strict: bool) -> int:
    """1 when there is an error (or, with --strict, a warning), else 0."""
    if any(d.is_error or strict for d in diagnostics):
        return CONTENT
    return OK


def render(result: LoadResult, fmt: str) -> str:
    """The report in the chosen format."""
    from whitedwarf.dsl.diagnostics import SourceLines, render_json, render_text

    if fmt == "json":
        return render_json(result.diagnostics, {"packs": packs_json(result)})
    sources = SourceLines(result.sources)
    blocks = [render_text(d, sources) for d in result.diagnostics]
    blocks.append("\n".join([*introductions(result), summary(result)]))
    return "\n\n".join(blocks)


#: The width the packs' descriptions are wrapped to (the diagnostics' excerpts are no wider).
WIDTH = 100


def introductions(result: LoadResult) -> list[str]:
    """A paragraph for each pack asked for: ``mod 0.1.0 "Space Pirates": Pirate factions.``,
    its manifest's ``name`` and ``description`` (docs/packs.md), so that the one place a pack
    is checked says what it is. Only for packs that loaded: a pack with errors shows them."""
    if result.pack is None:
        return []
    lines = []
    for info in result.pack.packs:
        if info.given:
            about = " ".join(info.description.split())  # a folded or literal block: one line
            said = f'{info.id} {info.version} "{info.name}"' + (f": {about}" if about else "")
            lines.append(textwrap.fill(said, WIDTH, subsequent_indent="  "))
    return lines


def packs_json(result: LoadResult) -> list[dict[str, Any]]:
    """The packs loaded, in load order, for ``--format json``; empty when one has an error."""
    if result.pack is None:
        return []
    return [
        {
            "id": info.id,
            "version": info.version,
            "name": info.name,
            "description": info.description,
            "given": info.given,
        }
        for info in result.pack.packs
    ]


def summary(result: LoadResult) -> str:
    """``checked mod 0.2.0 (+1 dependency): 1 error, 2 warnings``."""
    errors, warnings = len(result.errors), len(result.warnings)
    counts = f"{counted(errors, 'error')}, {counted(warnings, 'warning')}"
    if result.pack is None:
        return counts
    names = ", ".join(f"{p.id} {p.version}" for p in result.pack.packs)
    return f"checked {names}: {counts}"
