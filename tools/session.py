"""Shared by ``play``, ``replay`` and the other commands that run games: load packs, find the
game they are for and its engine, and report problems cleanly."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.diagnostics import SourceLines, render_all_text
from whitedwarf.dsl.packs.loader import LoadedPack, load_packs
from whitedwarf.interpreter.engines import MOST_ROUNDS, GameEngine, Unserved, engine_for
from whitedwarf.tools.atomic import folder_problem
from whitedwarf.tools.exits import OutputExists
from whitedwarf.tools.pack_param import PackPath

#: The game played when no pack is given.
DEFAULT_GAME = "lastlight"


class ContentProblem(click.ClickException):
    """The packs did not load; the diagnostics were printed already."""

    exit_code = 1


@dataclass(frozen=True)
class Loaded:
    """Packs loaded for a game: the merged pack, the engine's content and the engine."""

    pack: LoadedPack
    content: Any
    engine: GameEngine


def comma_names(text: str, flag: str) -> list[str]:
    """The names of a comma-separated option (``--seats``, ``--agents``), in order.

    An empty place between names (``heuristic,,random``) is refused rather than dropped:
    dropped, it would quietly make one seat fewer, or turn a list of one agent per seat into
    a pool. Nothing at all gives an empty list, which the caller's count check words."""
    names = [name.strip() for name in text.split(",")]
    if not any(names):
        return []
    if "" in names:
        place = names.index("")
        raise click.BadParameter(
            f"{text!r} has nothing at place {place + 1} (between two commas, or at an end): "
            "name one for every place, as in heuristic,random,random",
            param_hint=flag,
        )
    return names


def load_game(
    packs: Sequence[Path], search: Sequence[Path] = (), default_game: str = DEFAULT_GAME
) -> Loaded:
    """Load the given packs (default: ``default_game``'s bundled pack) and the engine of the
    game they are for, or exit 1 with the diagnostics or the reason it cannot be played."""
    paths = list(packs) or [bundled_pack(default_game)]
    result = load_packs(paths, search)
    if result.pack is None:
        sources = SourceLines(result.sources)
        click.echo(render_all_text(result.errors, sources), err=True)
        raise ContentProblem("the content packs have errors; run `whitedwarf validate` on them")
    engine = engine_of(result.pack.game)
    return Loaded(result.pack, engine.content_from_pack(result.pack), engine)


def engine_of(game: str) -> GameEngine:
    """The engine of ``game``, or exit 1 saying why there is none."""
    try:
        return engine_for(game)
    except Unserved as error:
        raise ContentProblem(f"cannot play game {game!r}: {error}") from None


def load_content(packs: Sequence[Path], search: Sequence[Path] = ()) -> tuple[LoadedPack, Any]:
    """The merged pack and the engine's content (see :func:`load_game`)."""
    loaded = load_game(packs, search)
    return loaded.pack, loaded.content


def require_of_game(game: str, feature: str, command: str, missing: str) -> None:
    """Stop with one line unless ``game`` has an engine with ``feature``."""
    require(engine_of(game), feature, command, missing)


def require(engine: GameEngine, feature: str, command: str, missing: str) -> None:
    """Stop with one line unless the game has ``feature`` (``GameEngine.require``)."""
    try:
        engine.require(feature, command, missing)
    except Unserved as error:
        raise ContentProblem(str(error)) from None


#: The round limit every command takes (1 to engines.MOST_ROUNDS, the bound each game's options
#: are held to; a game no seat can win must still end).
ROUND_LIMIT_OPTION = click.option(
    "--round-limit",
    type=click.IntRange(1, MOST_ROUNDS),
    default=200,
    show_default=True,
    help="end the game after this many rounds (Starlight ends by round 60 anyway: SL17)",
)


PACK_OPTION = click.option(
    "--pack",
    "packs",
    multiple=True,
    type=PackPath(),
    help="a content pack to play with: a folder, or a bundled pack's id such as `starlight`"
    " (repeatable; default: the bundled base pack, `lastlight`)",
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

    With ``ask``, a person at a terminal may also say yes to overwriting it. A file in a folder
    that does not exist is refused now, not after the work that would have filled it.
    """
    if path is not None:
        refuse_missing_folder(path)
    if path is None or not path.exists() or force:
        return
    if ask and sys.stdin.isatty() and click.confirm(f"{path} exists; overwrite it?", default=False):
        return
    raise OutputExists(f"{path} already exists; pass --force to overwrite it")


def refuse_missing_folder(path: Path) -> None:
    """Stop (exit 1, as any output that cannot be written: README "Exit codes") when the
    folder ``path`` would be written in does not exist."""
    folder = path.parent
    if not folder.is_dir():
        # A file on the way is named as such: "the folder afile does not exist" of a file
        # the user can see sends them looking for the wrong problem.
        problem = folder_problem(folder) or f"the folder {folder} does not exist"
        raise click.ClickException(f"cannot write {path}: {problem}")
