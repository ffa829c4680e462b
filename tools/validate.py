"""``whitedwarf validate``: check content packs and report every problem, located.

Exit status: 0 clean (warnings allowed unless ``--strict``), 1 content errors, 2 usage errors
(click's own), 3 an internal error — a bug of whitedwarf, never of the pack.
"""

from __future__ import annotations

import traceback
from importlib import metadata
from pathlib import Path

import click
from whitedwarf.dsl.diagnostics import Diagnostic, SourceLines, render_json, render_text
from whitedwarf.dsl.packs.loader import LoadResult, load_packs

EXIT_CLEAN, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def issue_tracker() -> str:
    """Where to report bugs: the package's ``Issues`` project URL, if it declares one."""
    try:
        for entry in metadata.metadata("whitedwarf").get_all("Project-URL") or []:
            label, _, url = entry.partition(",")
            if label.strip().lower() in ("issues", "bug tracker", "tracker"):
                return url.strip()
    except metadata.PackageNotFoundError:
        pass
    return "the whitedwarf issue tracker"


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
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
def validate(
    paths: tuple[Path, ...], fmt: str, strict: bool, pack_paths: tuple[Path, ...], debug: bool
) -> None:
    """Check the packs at PATH... (folders or pack.yaml files) and their dependencies."""
    try:
        result = load_packs(paths, pack_paths)
        click.echo(render(result, fmt))
    except Exception as exc:  # a bug of ours: say so, never blame the pack with a traceback
        click.echo(f"internal error: {exc!r}", err=True)
        click.echo(
            f"please report this at {issue_tracker()} with the pack that caused it", err=True
        )
        if debug:
            click.echo(traceback.format_exc(), err=True)
        raise SystemExit(EXIT_INTERNAL) from None
    raise SystemExit(exit_status(result.diagnostics, strict))


def exit_status(diagnostics: list[Diagnostic], strict: bool) -> int:
    """1 when there is an error (or, with --strict, a warning), else 0."""
    if any(d.is_error or strict for d in diagnostics):
        return EXIT_CONTENT
    return EXIT_CLEAN


def render(result: LoadResult, fmt: str) -> str:
    """The report in the chosen format."""
    if fmt == "json":
        return render_json(result.diagnostics)
    sources = SourceLines(result.sources)
    blocks = [render_text(d, sources) for d in result.diagnostics]
    blocks.append(summary(result))
    return "\n\n".join(blocks)


def summary(result: LoadResult) -> str:
    """``checked mod 0.2.0 (+1 dependency): 1 error, 2 warnings``."""
    errors, warnings = len(result.errors), len(result.warnings)
    counts = f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}"
    if result.pack is None:
        return counts
    names = ", ".join(f"{p.id} {p.version}" for p in result.pack.packs)
    return f"checked {names}: {counts}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
