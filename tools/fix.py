"""``whitedwarf fix``: rewrite the deprecated words of a pack's effects (W0431) in place.

Only the words change: each is replaced where the checker found it, so comments, layout and
quoting stay as they were. The pack's ``language`` is set to the version the words now follow.
Each changed file is first copied to ``<file>.bak`` (``--no-backup`` to skip); ``--dry-run``
shows the changes and writes nothing.

The exit status is the same with ``--dry-run`` as without: 1 when a file of the pack cannot be
fixed (a link out of the pack, or a file no YAML reading gets data from, is skipped; a
read-only file stops the run before any file is written), 0 otherwise. A dry run is how a
designer (or CI) learns whether the real run would succeed, so it must not say 0 where the
run would say 1; like ``fmt --diff``, it does not fail merely because there are words to
change.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
from pathlib import Path

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.diagnostics import Diagnostic, SourceLines, render_all_text
from whitedwarf.dsl.packs.files import YAML_SUFFIXES
from whitedwarf.dsl.packs.games import game_registry, installed_games
from whitedwarf.dsl.packs.loader import LoadResult, load_packs
from whitedwarf.dsl.packs.manifest import MANIFEST_FILE
from whitedwarf.dsl.packs.yamlsource import parse_yaml
from whitedwarf.dsl.registry import Registry
from whitedwarf.tools.atomic import (
    Skipped,
    files_to_write,
    manifest_problem,
    refuse_unwritable,
    tell_skipped,
    unwritable,
    write_atomically,
)
from whitedwarf.tools.pack_param import PackPath, refuse_writing_bundled

LANGUAGE_VALUE = re.compile(r"^(language:[ \t]*)(\"[^\"\n]*\"|'[^'\n]*'|[^\s#]+)", re.MULTILINE)
GAME_LINE = re.compile(r"^game:.*$", re.MULTILINE)


@click.command("fix")
@click.argument("pack", type=PackPath(file_okay=False))
@click.option("--dry-run", is_flag=True, help="show the changes, write nothing")
@click.option("--no-backup", is_flag=True, help="do not copy each changed file to <file>.bak")
@click.option(
    "--pack-path",
    "pack_paths",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="a folder to look for dependencies in (repeatable)",
)
def fix(pack: Path, dry_run: bool, no_backup: bool, pack_paths: tuple[Path, ...]) -> None:
    """Replace the deprecated words in PACK's effects with the words to write instead.

    PACK is a folder, or a bundled pack's id (with --dry-run only: fix never writes into the
    pack installed with whitedwarf).

    Exit status 1 when a file cannot be fixed: a link that leads out of the pack, or a file
    that cannot be read as YAML, is skipped (named on stderr), a read-only file stops the run
    before any file is written. --dry-run
    exits as the run would, so it tells whether the fix can be made; 0 otherwise.
    """
    if not dry_run:
        refuse_writing_bundled(pack, "fix", "to see what would change, use `fix --dry-run`")
    linked = manifest_problem(pack, "fix", "its game, and where to record the language")
    if linked is not None:  # never read through, as the loader never reads it (E0507)
        raise click.ClickException(linked)
    result = load_packs([pack], pack_paths)
    manifest = pack / MANIFEST_FILE
    manifest_text = _text_of(manifest)
    game = _game(result, manifest_text)
    if manifest_text is None or game not in installed_games():
        # A pack with other errors is still fixed (its words are where the checker found
        # them), but without a readable manifest fix knows neither the game nor where to
        # record the language: say why in the loader's words, as text does.
        click.echo(render_all_text(result.errors, SourceLines(result.sources)), err=True)
        raise click.ClickException(
            f"{manifest} cannot be read as a pack's manifest; run `whitedwarf validate {pack}`"
        )
    registry = game_registry(game)
    edits = _edits(result.diagnostics, pack)
    changed: dict[Path, tuple[str, str]] = {}
    words = 0
    for file, spans in edits.items():
        original = file.read_text("utf-8")
        text, replaced = _replace_words(original, spans, registry)
        changed[file] = (original, text)
        words += replaced
    before, after = changed.get(manifest, (manifest_text,) * 2)
    changed[manifest] = (before, _with_language(after, registry.language))
    changed = {f: texts for f, texts in changed.items() if texts[0] != texts[1]}
    files, skipped = _writable(list(changed), pack)
    tell_skipped(skipped)
    refused = sum(1 for entry in skipped if entry.refused)
    if dry_run:
        for file in files:
            click.echo(_diff(file, *changed[file]), nl=False)
        # What would stop the real run (refuse_unwritable), said now, not after the edit.
        blocked = [(file, unwritable(file, inside=pack)) for file in files]
        for file, problem in blocked:
            if problem is not None:
                click.echo(f"{file}: {problem}; fix would change no file", err=True)
        stopped = any(problem is not None for _, problem in blocked)
        click.echo(
            f"would fix {counted(words, 'deprecated word')} in {counted(len(files), 'file')}"
            + _skipped_note(refused),
            err=True,
        )
        if refused or stopped:
            raise SystemExit(1)
        return
    refuse_unwritable(files, inside=pack)
    for file in files:
        if not no_backup:
            click.echo(f"backup: {_backup(file)}", err=True)
        write_atomically(file, changed[file][1])
    click.echo(
        f"fixed {counted(words, 'deprecated word')} in {counted(len(files), 'file')}; "
        f"language {registry.language}" + _skipped_note(refused)
    )
    if refused:
        raise SystemExit(1)


def _skipped_note(refused: int) -> str:
    """The end of the summary line when files were skipped (each is named above it)."""
    return f"; {counted(refused, 'file')} skipped (named above)" if refused else ""


def _writable(changed: list[Path], pack: Path) -> tuple[list[Path], list[Skipped]]:
    """The changed files fix may write, and the files it skips with the reason (links:
    tools/atomic.py, C30). A link out of the pack is named even when it has no deprecated
    word to fix: the loader never read it."""
    readable, linked = files_to_write(_pack_files(pack), pack)
    unread = [s for s in linked if s.refused] + _unreadable(readable)
    files, skipped = files_to_write(changed, pack)
    told = {Path(os.path.abspath(s.path)) for s in unread}
    return files, unread + [s for s in skipped if Path(os.path.abspath(s.path)) not in told]


def _unreadable(files: list[Path]) -> list[Skipped]:
    """The files no YAML reading gets data from (not YAML, an alias bomb, too deep ...): the
    checker never saw their effects, so their old words are not found, and fix would say
    "fixed 0 deprecated words" of a pack it never read. Each is named with its first problem
    (the loader's words: the file was read as the loader reads it)."""
    out = []
    for file in files:
        try:
            data, problems = parse_yaml(file.read_text("utf-8"), file, str(file))
            first = problems[0].headline() if problems else "no data"
        except (OSError, UnicodeDecodeError) as error:
            data, first = None, str(error)
        if data is None:
            reason = (
                f"it could not be read ({first}): its deprecated words, if any, are not "
                "fixed; `whitedwarf validate` shows why"
            )
            out.append(Skipped(file, reason))
    return out


def _pack_files(pack: Path) -> list[Path]:
    """The YAML files in the pack folder, links included (``pack.yaml`` among them)."""
    return sorted(p for p in pack.iterdir() if p.suffix in YAML_SUFFIXES)


def _text_of(manifest: Path) -> str | None:
    """The text of the pack's ``pack.yaml``; None when there is none, or it is not a file of
    UTF-8 text (the loader has said why)."""
    try:
        return manifest.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _game(result: LoadResult, manifest_text: str | None) -> str:
    """The pack's game: the loader's, or (a pack with errors) its manifest's ``game:`` line."""
    if result.pack is not None:
        return result.pack.game
    found = GAME_LINE.search(manifest_text or "")
    return found.group(0).split(":", 1)[1].strip().strip("'\"") if found else "lastlight"


def _edits(diagnostics: list[Diagnostic], pack: Path) -> dict[Path, list[tuple[int, int, int]]]:
    """File -> (line, start column, end column) of each deprecated word in the pack."""
    root = pack.resolve()
    edits: dict[Path, list[tuple[int, int, int]]] = {}
    for diagnostic in diagnostics:
        span = diagnostic.span
        if diagnostic.code != "W0431" or span is None or span.end_column is None:
            continue
        file = Path(os.path.abspath(span.path))
        if file.parent.resolve() == root:  # a file of the pack (a link in it is followed)
            # Named as the user named the pack (and as ``manifest`` is), not by the
            # absolute path the loader reports.
            edits.setdefault(pack / file.name, []).append((span.line, span.column, span.end_column))
    return edits


def _replace_words(
    text: str, spans: list[tuple[int, int, int]], registry: Registry
) -> tuple[str, int]:
    """The text with each deprecated word replaced, and how many were: a word two cards
    share through a YAML alias is one place, written and counted once."""
    lines = text.split("\n")
    replaced = 0
    for line, start, end in sorted(set(spans), reverse=True):
        row = lines[line - 1]
        old = row[start - 1 : end - 1]
        deprecation = registry.deprecations.get(old)
        if deprecation is None:  # the file changed under us: leave it
            continue
        lines[line - 1] = row[: start - 1] + deprecation.new + row[end - 1 :]
        replaced += 1
    return "\n".join(lines), replaced


def _with_language(text: str, language: str) -> str:
    if LANGUAGE_VALUE.search(text):  # only the value changes: a comment after it stays
        return LANGUAGE_VALUE.sub(lambda m: f'{m.group(1)}"{language}"', text, count=1)
    line = f'language: "{language}"'
    found = GAME_LINE.search(text)
    if found is None:
        return text
    return text[: found.end()] + "\n" + line + text[found.end() :]


def _diff(file: Path, before: str, after: str) -> str:
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            str(file),
            f"{file} (fixed)",
        )
    )


def _backup(file: Path) -> Path:
    backup = file.with_name(file.name + ".bak")
    number = 0
    while backup.exists():  # never overwrite an earlier backup
        number += 1
        backup = file.with_name(f"{file.name}.bak.{number}")
    shutil.copy2(file, backup)
    return backup
