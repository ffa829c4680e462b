"""``whitedwarf schema``: print or export the JSON Schemas of pack files.

The schemas are generated from each game's content description and vocabulary
(:mod:`whitedwarf.dsl.packs.schemas`); ``schemas/`` in the repository must equal a fresh
export, which ``--check`` verifies. Last Light's schemas are ``schemas/*.schema.json`` (where
they have always been; its pack files point there); every other installed game's are in
``schemas/<game>/``.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
from whitedwarf.dsl.packs.games import installed_games
from whitedwarf.dsl.packs.schemas import (
    SCHEMA_ID,
    game_schemas,
    render,
    stale_schemas,
    write_schemas,
)
from whitedwarf.dsl.suggest import closest, did_you_mean
from whitedwarf.schemas import schema_dir
from whitedwarf.tools.atomic import cannot_write_in
from whitedwarf.tools.exits import OutputExists

DEFAULT_GAME = "lastlight"


def _other_game(kind: str, exact: bool) -> str | None:
    """`schema gods` without `--game`: the kind is another game's (``exact``) or close to
    one, and the command that prints it names that game."""
    for name in sorted(installed_games()):
        if name == DEFAULT_GAME:
            continue
        schemas = game_schemas(name)
        meant = kind if kind in schemas else None if exact else closest(kind, schemas)
        if meant is not None and meant not in game_schemas(DEFAULT_GAME):
            return f"`{meant}` is a file of {name}: `whitedwarf schema --game {name} {meant}`"
    return None


def game_folder(root: Path, game: str) -> Path:
    """Where the schemas of ``game`` go under ``root``."""
    return root if game == DEFAULT_GAME else root / game


@click.command("schema")
@click.argument("kind", required=False)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="write <kind>.schema.json files into this folder (each other game's into <game>/ "
    "inside it, unless --game names one)",
)
@click.option("--check", is_flag=True, help="exit 1 when the shipped schemas are not current")
@click.option(
    "--game",
    type=click.Choice(sorted(installed_games())),
    help=f"one game's schemas [default: {DEFAULT_GAME} to print; every installed game to "
    "write or check]",
)
@click.option(
    "--force", is_flag=True, help="overwrite a file that is not a schema whitedwarf wrote"
)
def schema(
    kind: str | None, out_dir: Path | None, check: bool, game: str | None, force: bool
) -> None:
    """Print the JSON Schema of KIND (pack, techs, board, ...), or export them all with --out."""
    schemas = game_schemas(game or DEFAULT_GAME)
    if kind is not None and kind not in schemas:
        # Another game's file by its exact name first, then a slip in this game's names,
        # then a slip in another game's (`setup` is Starlight's; `setup_` Last Light's `setups`).
        close = _other_game(kind, exact=True) if game is None else None
        close = close or did_you_mean(kind, schemas)
        if close is None and game is None:
            close = _other_game(kind, exact=False)
        raise click.BadParameter(
            f"unknown kind {kind!r}; kinds: {', '.join(schemas)}" + (f"; {close}" if close else ""),
            param_hint="KIND",
        )
    if check:
        stale = [
            f"{name}/{stem}" if name != DEFAULT_GAME else stem
            for name, folder in _folders(out_dir, game, kind)
            for stem in stale_schemas(folder, name)
        ]
        click.echo("schemas are current" if not stale else f"stale schemas: {', '.join(stale)}")
        raise SystemExit(1 if stale else 0)
    if out_dir is not None:
        folders = _folders(out_dir, game, kind)
        if not force:
            _refuse_foreign_files(folders, kind)
        for name, folder in folders:
            try:
                written = write_schemas(folder, name, only=kind)
            except OSError as error:  # --out under a file, a folder it may not write in
                raise click.ClickException(cannot_write_in(folder, error)) from None
            for path in written:
                click.echo(f"wrote {path}")
        return
    if kind is not None:
        click.echo(render(schemas[kind]), nl=False)
    else:
        click.echo(json.dumps(schemas, indent=2, ensure_ascii=False))


def _refuse_foreign_files(folders: list[tuple[str, Path]], kind: str | None) -> None:
    """Stop before writing anything if a file to be written exists and is not a schema
    whitedwarf wrote (its ``$id``): nothing a user wrote is overwritten without asking."""
    for name, folder in folders:
        for stem in game_schemas(name):
            path = folder / f"{stem}.schema.json"
            if (kind is None or stem == kind) and path.exists() and not _ours(path, stem):
                raise OutputExists(
                    f"{path} exists and is not a schema whitedwarf wrote; "
                    "pass --force to overwrite it"
                )


def _ours(path: Path, stem: str) -> bool:
    """Whether ``path`` holds a schema whitedwarf wrote for ``stem`` files (its ``$id``)."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(found, dict) and found.get("$id") == SCHEMA_ID.format(name=stem)


def _folders(out_dir: Path | None, game: str | None, kind: str | None) -> list[tuple[str, Path]]:
    """The games to write or check and their folders: the one ``--game`` names (into
    ``--out`` itself, or its folder of the shipped schemas), or with no ``--game`` and no
    KIND every installed game, each in its own folder (Last Light's alone with a KIND)."""
    if game is not None:
        return [(game, out_dir if out_dir is not None else game_folder(schema_dir(), game))]
    root = out_dir if out_dir is not None else schema_dir()
    if kind is not None:
        return [(DEFAULT_GAME, root)]
    return [(name, game_folder(root, name)) for name in sorted(installed_games())]
