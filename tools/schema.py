"""``whitedwarf schema``: print or export the JSON Schemas of pack files.

The schemas are generated from the game's content description and vocabulary
(:mod:`whitedwarf.dsl.packs.schemas`); ``schemas/`` in the repository must equal a fresh
export, which ``--check`` verifies.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
from whitedwarf.dsl.packs.games import installed_games
from whitedwarf.dsl.packs.schemas import game_schemas, render, stale_schemas, write_schemas
from whitedwarf.schemas import schema_dir


@click.command("schema")
@click.argument("kind", required=False)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="write <kind>.schema.json files into this folder",
)
@click.option("--check", is_flag=True, help="exit 1 when the shipped schemas are not current")
@click.option(
    "--game", type=click.Choice(sorted(installed_games())), default="lastlight", show_default=True
)
def schema(kind: str | None, out_dir: Path | None, check: bool, game: str) -> None:
    """Print the JSON Schema of KIND (pack, techs, board, ...), or export them all with --out."""
    schemas = game_schemas(game)
    if kind is not None and kind not in schemas:
        raise click.BadParameter(
            f"unknown kind {kind!r}; kinds: {', '.join(schemas)}", param_hint="KIND"
        )
    if check:
        stale = stale_schemas(out_dir or schema_dir(), game)
        click.echo("schemas are current" if not stale else f"stale schemas: {', '.join(stale)}")
        raise SystemExit(1 if stale else 0)
    if out_dir is not None:
        for path in write_schemas(out_dir, game, only=kind):
            click.echo(f"wrote {path}")
        return
    if kind is not None:
        click.echo(render(schemas[kind]), nl=False)
    else:
        click.echo(json.dumps(schemas, indent=2, ensure_ascii=False))
