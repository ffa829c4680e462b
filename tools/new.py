"""``whitedwarf new``: start a pack, or add a card skeleton to one, that validates clean."""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.packs.games import installed_games
from whitedwarf.tools.card_skeleton import all_kind_words, card_files, fixed_ids
from whitedwarf.tools.cli import SuggestingGroup
from whitedwarf.tools.exits import CommandLineProblem
from whitedwarf.tools.pack_param import PackPath, refuse_writing_bundled
from whitedwarf.tools.scaffold import (
    CARD_KINDS,
    DEFAULT_GAME,
    SCHEMAS_FOLDER,
    RequestRefused,
    ScaffoldError,
    dependency,
    new_card,
    new_card_of_game,
    new_pack,
    pack_game,
)


class NewGroup(SuggestingGroup):
    """``new``'s commands, plus one per card kind of every installed game (``new god ...``).

    Those are found by name when asked for, not listed, so the help stays short; ``new card``
    lists the kinds of a pack's game when given a wrong one. A misspelt one is answered as
    at the top level (``no command 'tehc'; did you mean `tech`?``).
    """

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in all_kind_words():
            return _kind_command(cmd_name)
        return command

    def command_names(self, ctx: click.Context) -> Iterable[str]:
        return [*self.list_commands(ctx), *all_kind_words()]


@click.group("new", cls=NewGroup)
def new() -> None:
    """Scaffold a mod pack, or append a card skeleton to a pack. Never overwrites.

    \b
    new card PACK KIND ID   any card kind of PACK's game (Starlight: god, flare, ...)
    new KIND PACK ID        the same, e.g. `whitedwarf new god starmod apollo`
    """


@new.command("pack")
@click.argument("folder", type=click.Path(path_type=Path))  # a file in the way: new_pack says
@click.option("--id", "pack_id", help="the pack id (default: from the folder name)")
@click.option("--name", help="the pack's display name (default: from the id)")
@click.option(
    "--game",
    type=click.Choice(sorted(installed_games())),
    default=DEFAULT_GAME,
    show_default=True,
    help="the game the mod is for (Last Light's gets example cards; another game's, "
    "pack.yaml only: add cards with `new card`)",
)
@click.option(
    "--empty",
    is_flag=True,
    help="write no example cards, only pack.yaml (and the schemas): add cards with `new KIND`",
)
@click.option(
    "--depends",
    type=PackPath(file_okay=False),
    help="a mod's folder: make a mod of that mod (for its game, depending on its version)",
)
def new_pack_command(
    folder: Path,
    pack_id: str | None,
    name: str | None,
    game: str,
    empty: bool,
    depends: Path | None,
) -> None:
    """Create FOLDER as a mod of the base pack (or of the mod --depends names), with one
    example card of each kind (none with --empty)."""
    try:
        if depends is not None:  # a mod of a mod is for its game; a --game given must be it
            given = click.get_current_context().get_parameter_source("game")
            named = game if given is not click.core.ParameterSource.DEFAULT else None
            game = dependency(depends, named).game
        written = new_pack(folder, pack_id, name, game, empty, depends)
    except (ScaffoldError, OSError) as error:
        raise refused(error) from None
    schemas = folder / SCHEMAS_FOLDER
    for path in written:
        if path.parent != schemas:
            click.echo(f"wrote {path}")
    count = sum(1 for path in written if path.parent == schemas)
    click.echo(
        f"wrote {schemas}/ ({counted(count, 'JSON Schema')}, for editors; after upgrading "
        f"whitedwarf: `whitedwarf schema --game {game} --out {shlex.quote(str(schemas))}`)"
    )
    check = f"`whitedwarf validate {shlex.quote(str(folder))}{_pack_path(folder, depends)}`"
    if game == DEFAULT_GAME and not empty:
        click.echo(f"next: edit the cards, then {check}")
    else:
        click.echo(
            f"next: add cards with `whitedwarf new card {shlex.quote(str(folder))} KIND ID` "
            f"({kinds_to_add(game)}), then {check}"
        )


def _pack_path(folder: Path, depends: Path | None) -> str:
    """`` --pack-path DIR`` when the mod a new pack builds on is not beside it, where the
    loader would not find it (docs/packs.md "Finding dependencies"); else nothing."""
    if depends is None:
        return ""
    there = depends.resolve().parent
    if folder.resolve().parent == there:
        return ""
    return f" --pack-path {shlex.quote(str(there))}"


def kinds_to_add(game: str) -> str:
    """The card kinds of ``game`` a mod may add new cards of, then those whose ids the rules
    fix, which a mod only replaces: ``new card`` refuses a new id of those."""
    files = card_files(game)
    fixed = {word: fixed_ids(card) for word, card in files.items() if fixed_ids(card)}
    said = f"KIND: {', '.join(word for word in files if word not in fixed)}"
    for word, ids in fixed.items():
        said += f"; {_a(word)} only replaces one of the game's own, ID one of {', '.join(ids)}"
    return said


@new.command("card")
@click.argument("pack", type=PackPath(file_okay=False))
@click.argument("kind")
@click.argument("card_id", metavar="ID")
@click.option("--name", help="the card's name (default: from the id)")
def new_card_command(pack: Path, kind: str, card_id: str, name: str | None) -> None:
    """Append a KIND card skeleton to PACK, for the game PACK is a mod of."""
    _append_card(pack, kind, card_id, name)


def _kind_command(kind: str) -> click.Command:
    @click.command(kind, help=f"Append {_a(kind)} skeleton to PACK (its game's {kind} file).")
    @click.argument("pack", type=PackPath(file_okay=False))
    @click.argument("card_id", metavar="ID")
    @click.option("--name", help="the card's name (default: from the id)")
    def command(pack: Path, card_id: str, name: str | None) -> None:
        _append_card(pack, kind, card_id, name)

    return command


def _append_card(pack: Path, kind: str, card_id: str, name: str | None) -> None:
    refuse_writing_bundled(pack, "new")
    before = _manifest_text(pack)
    try:
        path = new_card_of_game(pack, kind, card_id, name)
    except (ScaffoldError, OSError) as error:
        raise refused(error) from None
    click.echo(f"added {kind} `{card_id}` to {path}")
    _say_manifest_changed(pack, before)


def _manifest_text(pack: Path) -> str | None:
    try:
        return (pack / "pack.yaml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _say_manifest_changed(pack: Path, before: str | None) -> None:
    """Say that the first card of a counted deck turned on the manifest's `allow: [W0902]`
    (tools/scaffold.py ``allow_box_counts``): a file the user has is never changed unsaid."""
    if before is not None and _manifest_text(pack) != before:
        click.echo(
            f"turned on `allow: [W0902]` in {pack / 'pack.yaml'}: the game's box counts do "
            "not include the cards a mod adds"
        )


def refused(error: ScaffoldError | OSError) -> click.ClickException:
    """The error ``new`` exits with: 2 for what the command line asks (a folder that is not
    empty, an id that is taken), 1 for what is in the way in the pack's files."""
    if isinstance(error, RequestRefused):
        return CommandLineProblem(str(error))
    return click.ClickException(str(error))


def _a(word: str) -> str:
    """``a tech``, ``an achievement``."""
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _card_command(kind: str) -> click.Command:
    @click.command(kind, help=f"Append {_a(kind)} skeleton to {CARD_KINDS[kind].file} in PACK.")
    @click.argument("pack", type=PackPath(file_okay=False))
    @click.argument("card_id", metavar="ID")
    @click.option("--name", help="the card's name (default: from the id)")
    def command(pack: Path, card_id: str, name: str | None) -> None:
        refuse_writing_bundled(pack, "new")
        before = _manifest_text(pack)
        try:
            if (pack / "pack.yaml").is_file() and pack_game(pack) != DEFAULT_GAME:
                path = new_card_of_game(pack, kind, card_id, name)  # refused, with the kinds
            else:
                path = new_card(pack, kind, card_id, name)
        except (ScaffoldError, OSError) as error:
            raise refused(error) from None
        click.echo(f"added {kind} `{card_id}` to {path}")
        _say_manifest_changed(pack, before)

    return command


for _kind in CARD_KINDS:
    new.add_command(_card_command(_kind))
