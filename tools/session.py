"""Shared by ``play`` and ``replay``: load packs for a game and report problems cleanly."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.diagnostics import SourceLines, render_all_text
from whitedwarf.dsl.packs.loader import LoadedPack, load_packs
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.packs import content_from_pack


class ContentProblem(click.ClickException):
    """The packs did not load; the diagnostics were printed already."""

    exit_code = 1


def load_content(
    packs: Sequence[Path], search: Sequence[Path] = ()
) -> tuple[LoadedPack, GameContent]:
    """Load the given packs (default: the bundled base pack) or exit 1 with diagnostics."""
    paths = list(packs) or [bundled_pack("lastlight")]
    result = load_packs(paths, search)
    if result.pack is None:
        sources = SourceLines(result.sources)
        click.echo(render_all_text(result.errors, sources), err=True)
        raise ContentProblem("the content packs have errors; run `whitedwarf validate` on them")
    if result.pack.game != "lastlight":
        raise ContentProblem(f"cannot play game {result.pack.game!r}: only lastlight has an engine")
    return result.pack, content_from_pack(result.pack)


PACK_OPTION = click.option(
    "--pack",
    "packs",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="a content pack to play with (repeatable; default: the bundled base pack)",
)
PACK_PATH_OPTION = click.option(
    "--pack-path",
    "pack_paths",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="a folder to look for pack dependencies in (repeatable)",
)


def refuse_overwrite(path: Path | None, force: bool, ask: bool = False) -> None:
    """Stop unless writing ``path`` loses nothing: it does not exist, or ``--force`` was given.

    With ``ask``, a person at a terminal may also say yes to overwriting it.
    """
    if path is None or not path.exists() or force:
        return
    if ask and sys.stdin.isatty() and click.confirm(f"{path} exists; overwrite it?", default=False):
        return
    raise click.UsageError(f"{path} already exists; pass --force to overwrite it")
