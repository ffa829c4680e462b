"""``whitedwarf fmt``: lay out pack files one way (tools/formatter.py), keeping comments."""

from __future__ import annotations

import difflib
from pathlib import Path

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.tools.atomic import (
    Skipped,
    files_to_write,
    refuse_unwritable,
    tell_skipped,
    unwritable,
    write_atomically,
)
from whitedwarf.tools.formatter import Formatted, format_file
from whitedwarf.tools.pack_param import PackPath, refuse_writing_bundled


def pack_files(pack: Path) -> list[Path]:
    """The YAML files of a pack folder (or the one file given), links included."""
    if not pack.is_dir():
        return [pack]
    return sorted(p for p in pack.glob("*.yaml") if p.is_file() or p.is_symlink())


def formattable(packs: tuple[Path, ...]) -> tuple[list[Path], list[Skipped]]:
    """The files of ``packs`` fmt may read and write, and those it skips with the reason
    (a link out of its pack folder is not even read: tools/atomic.py, C30)."""
    files: list[Path] = []
    skipped: list[Skipped] = []
    for pack in packs:
        folder = pack if pack.is_dir() else pack.parent
        found = pack_files(pack)
        # A path that is no pack file is said, not passed over: `fmt --check notes.txt` or
        # a mistyped folder would otherwise end "0 files reformatted" and exit 0 (and a
        # text file would be "reformatted" as YAML).
        if not pack.is_dir() and pack.suffix != ".yaml":
            skipped.append(Skipped(pack, "it is not a pack file (a .yaml file)"))
            continue
        if not found:
            skipped.append(Skipped(pack, "the folder holds no pack files (.yaml)"))
            continue
        kept, left = files_to_write(found, folder)
        files += kept
        skipped += left
    return files, skipped


@click.command("fmt")
@click.argument("packs", nargs=-1, required=True, type=PackPath(any_file=True))
@click.option("--check", is_flag=True, help="change nothing; exit 1 if a file would change")
@click.option("--diff", "show_diff", is_flag=True, help="change nothing; print the changes")
def fmt(packs: tuple[Path, ...], check: bool, show_diff: bool) -> None:
    """Lay out the YAML files of the packs at PACKS... one way, keeping every comment.

    A pack is a folder, a file of one, or a bundled pack's id (with --check or --diff only:
    fmt never writes into the packs installed with whitedwarf).

    A file is rewritten only when its data reads back the same; files that are not valid pack
    YAML are left alone with the reason (run `whitedwarf validate` for the details).
    """
    if not (check or show_diff):
        for pack in packs:
            refuse_writing_bundled(pack, "fmt", "to see what would change, use --check or --diff")
    files, skipped = formattable(packs)
    tell_skipped(skipped)
    results = [format_file(path) for path in files]
    changed = [r for r in results if r.changed]
    left_alone = [r for r in results if r.text is None]
    for result in left_alone:
        click.echo(f"{result.path}: left alone: {result.reason}{_first_error(result)}", err=True)
    refused = [s for s in skipped if s.refused]
    blocked = False
    if show_diff or check:
        for result in changed:
            click.echo(
                _diff(result) if show_diff else f"{result.path}: would be reformatted",
                nl=not show_diff,
            )
        # What would stop the real run (refuse_unwritable), so --diff ends as it would.
        for result in changed:
            problem = unwritable(result.path, inside=result.path.parent)
            if problem is not None:
                click.echo(f"{result.path}: {problem}; fmt would change no file", err=True)
                blocked = True
    else:
        for result in changed:  # a file named on the command line may be a link out of its pack
            refuse_unwritable([result.path], inside=result.path.parent)
        for result in changed:
            write_atomically(result.path, result.text or "")
            click.echo(f"{result.path}: reformatted")
    verb = "would be reformatted" if check or show_diff else "reformatted"
    click.echo(
        f"{counted(len(changed), 'file')} {verb}, "
        f"{len(results) - len(changed) - len(left_alone)} unchanged, "
        f"{len(left_alone) + len(refused)} left alone",
        err=True,
    )
    if (check and changed) or left_alone or refused or blocked:
        raise SystemExit(1)


def _diff(result: Formatted) -> str:
    lines = difflib.unified_diff(
        result.original.splitlines(keepends=True),
        (result.text or "").splitlines(keepends=True),
        f"{result.path}",
        f"{result.path} (formatted)",
    )
    return "".join(lines)


def _first_error(result: Formatted) -> str:
    """Where the file first goes wrong (``validate``'s headline), so the reason is located."""
    errors = [d for d in result.problems if d.is_error]
    if not errors:
        return ""
    more = f", and {counted(len(errors) - 1, 'more error')}" if len(errors) > 1 else ""
    return f"\n  {errors[0].headline()}{more} (`whitedwarf validate` shows each with its fix)"
