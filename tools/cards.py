"""``whitedwarf cards``: print a pack's cards to a PDF, for playtesting at a table."""

from __future__ import annotations

import os
from pathlib import Path

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.diagnostics import SourceLines, render_all_text
from whitedwarf.dsl.packs.games import game_registry
from whitedwarf.dsl.packs.loader import LoadResult, load_packs
from whitedwarf.dsl.packs.yamlsource import parse_yaml
from whitedwarf.tools.card_sheets import PAPER, CardBook, draw_sheets, printed_cards
from whitedwarf.tools.pack_param import PackPath
from whitedwarf.tools.session import engine_of, refuse_overwrite, require


@click.command("cards")
@click.argument("pack", type=PackPath())
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default="cards.pdf",
    show_default=True,
    help="the PDF to write",
)
@click.option("--paper", type=click.Choice(sorted(PAPER)), default="a4", show_default=True)
@click.option("--all", "everything", is_flag=True, help="a mod: print its dependencies' cards too")
@click.option("--force", is_flag=True, help="overwrite an existing --out file")
@click.option(
    "--pack-path",
    "pack_paths",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="a folder to look for dependencies in (repeatable)",
)
def cards(
    pack: Path, out: Path, paper: str, everything: bool, force: bool, pack_paths: tuple[Path, ...]
) -> None:
    """Print the cards of PACK at playing-card size, nine to a page, with cut marks.

    Each card prints its own text (written from its effect where it has none), with an icon
    for each [bracketed] word, its flavour and a "keep hidden" strip where it says so; copies
    are repeated, and the last page is the key. A mod prints only the cards it adds or
    replaces unless --all is given.
    """
    refuse_overwrite(out, force)
    result = load_packs([pack], pack_paths)
    if result.pack is None:
        click.echo(render_all_text(result.errors, SourceLines(result.sources)), err=True)
        raise click.ClickException("the pack has errors; run `whitedwarf validate` on it")
    engine = engine_of(result.pack.game)
    require(engine, "cards", "cards", "it has no card layouts (GameEngine.card_book)")
    book: CardBook = engine.part(engine.card_book)
    folder = pack if pack.is_dir() else pack.parent
    own = None if everything else own_card_ids(result, folder, book.files)
    registry = game_registry(result.pack.game)
    pack_id = next((p.id for p in result.pack.packs if p.path.resolve() == folder.resolve()), "")
    faces = printed_cards(result.pack.data, registry, pack_id, book, own)
    if not faces:
        raise click.ClickException("the pack has no cards to print (try --all for a mod)")
    pages = draw_sheets(faces, out, book, paper)
    click.echo(
        f"wrote {out}: {counted(len(faces), 'card')} on {counted(pages, 'page')}, "
        f"and the key to their icons on page {pages + 1}"
    )


def own_card_ids(
    result: LoadResult, folder: Path, files: tuple[str, ...]
) -> set[tuple[str, str]] | None:
    """The ``(file, id)`` of each card a pack adds or replaces itself (None: the pack has no
    dependencies). By file: two kinds of card may share an id (a flare and an accolade)."""
    if len(result.pack.packs if result.pack else []) <= 1:
        return None
    ids: set[tuple[str, str]] = set()
    root = folder.resolve()
    for display, text in result.sources.items():
        path = Path(os.path.abspath(display))
        if path.parent.resolve() != root or path.stem not in files:
            continue
        located, _ = parse_yaml(text, path, display)
        for card in located.data if located and isinstance(located.data, list) else []:
            if isinstance(card, dict) and not card.get("remove") and "id" in card:
                ids.add((path.stem, card["id"]))
    return ids
