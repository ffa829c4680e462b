"""``whitedwarf new``: start a pack, or add a card skeleton to one, that validates clean."""

from __future__ import annotations

from pathlib import Path

import click
from whitedwarf.dsl.packs.games import installed_games
from whitedwarf.tools.scaffold import (
    CARD_KINDS,
    DEFAULT_GAME,
    ScaffoldError,
    new_card,
    new_pack,
)


@click.group("new")
def new() -> None:
    """Scaffold a mod pack, or append a card skeleton to a pack. Never overwrites."""


@new.command("pack")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--id", "pack_id", help="the pack id (default: from the folder name)")
@click.option("--name", help="the pack's display name (default: from the id)")
@click.option(
    "--game",
    type=click.Choice(sorted(installed_games())),
    default=DEFAULT_GAME,
    show_default=True,
    help="the game the mod is for (Last Light's gets example cards; another game's, "
    "pack.yaml only)",
)
def new_pack_command(folder: Path, pack_id: str | None, name: str | None, game: str) -> None:
    """Create FOLDER as a mod of the base pack, with one example card of each kind."""
    try:
        written = new_pack(folder, pack_id, name, game)
    except (ScaffoldError, OSError) as error:
        raise click.ClickException(str(error)) from None
    for path in written:
        click.echo(f"wrote {path}")
    if game == DEFAULT_GAME:
        click.echo(f"next: edit the cards, then `whitedwarf validate {folder}`")
    else:
        click.echo(
            f"next: add the card files you change (as in the bundled {game} pack; words: "
            f"docs/reference-{game}.md), then `whitedwarf validate {folder}`"
        )


def _card_command(kind: str) -> click.Command:
    @click.command(kind, help=f"Append a {kind} skeleton to {CARD_KINDS[kind].file} in PACK.")
    @click.argument("pack", type=click.Path(exists=True, file_okay=False, path_type=Path))
    @click.argument("card_id", metavar="ID")
    @click.option("--name", help="the card's name (default: from the id)")
    def command(pack: Path, card_id: str, name: str | None) -> None:
        try:
            path = new_card(pack, kind, card_id, name)
        except (ScaffoldError, OSError) as error:
            raise click.ClickException(str(error)) from None
        click.echo(f"added {kind} `{card_id}` to {path}")

    return command


for _kind in CARD_KINDS:
    new.add_command(_card_command(_kind))
