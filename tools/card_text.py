"""``whitedwarf text``: write each card's text from its effect, or check that they agree.

Game-agnostic: the files are those of the pack's game whose cards carry an effect and a
``text`` (its ``ContentSpec``), and the text is :func:`card_text`'s (each box of a card with
two effects, a Starlight flare's points and boon, after the box's name).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.diagnostics import SourceLines, render_all_text
from whitedwarf.dsl.packs.card_text import (
    KEPT_WORDING,
    MISSING_TEXT,
    TEXT_FIELD,
    card_text,
    says_effect,
)
from whitedwarf.dsl.packs.games import game_registry, game_spec
from whitedwarf.dsl.packs.kinds import ContentSpec, FileKind
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.packs.yamlsource import YamlFile, parse_yaml
from whitedwarf.dsl.registry import Registry
from whitedwarf.tools.atomic import (
    files_to_write,
    refuse_unwritable,
    tell_skipped,
    write_atomically,
)
from whitedwarf.tools.pack_param import PackPath, refuse_writing_bundled

CODE = "W0430"


def text_files(spec: ContentSpec) -> list[FileKind]:
    """The card files whose cards have an effect and a printed ``text`` (Last Light's techs,
    factions, exploration tokens and achievements; Starlight's flares, laurels, accolades
    and gods)."""
    return [
        kind
        for kind in spec.card_kinds()
        if kind.effect_fields() and TEXT_FIELD in kind.schema.get("properties", {})
    ]


@dataclass(frozen=True)
class Rewrite:
    """One card whose text is not the text of its effect."""

    file: Path
    card: str
    index: int
    written: str | None
    rendered: str


@click.command("text")
@click.argument("pack", type=PackPath(file_okay=False))
@click.option("--check", is_flag=True, help="exit 1 if a card's text differs from its effect")
@click.option("--write", is_flag=True, help="rewrite those texts from the effects, in place")
@click.option(
    "--pack-path",
    "pack_paths",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="a folder to look for dependencies in (repeatable)",
)
def text(pack: Path, check: bool, write: bool, pack_paths: tuple[Path, ...]) -> None:
    """Show each card of PACK (a folder, or a bundled pack's id) with the text written from
    its effect.

    Cards with `source: rulebook` keep their printed wording, and so does any card (or pack)
    with `allow: [W0430]`; the others are compared (--check) or rewritten (--write). Only the
    `text:` values change; comments and layout stay.
    """
    if check and write:
        raise click.UsageError("choose --check or --write, not both")
    if write:
        refuse_writing_bundled(pack, "text --write", "to compare its texts, use `text --check`")
    result = load_packs([pack], pack_paths)
    if result.pack is None:
        click.echo(render_all_text(result.errors, SourceLines(result.sources)), err=True)
        raise click.ClickException("the pack has errors; run `whitedwarf validate` on it")
    registry = game_registry(result.pack.game)
    pack_allow = _pack_allow(pack)
    kinds = {pack / f"{kind.name}.yaml": kind for kind in text_files(game_spec(result.pack.game))}
    present = [path for path in kinds if path.is_file()]
    files, skipped = files_to_write(present, pack)  # links: tools/atomic.py (C30)
    tell_skipped(skipped)
    rewrites: list[Rewrite] = []
    for path in files:
        rewrites += _file_rewrites(path, kinds[path], registry, pack_allow, not (check or write))
    for rewrite in rewrites:
        click.echo(f"{rewrite.file}: {rewrite.card}: {rewrite.rendered}")
    if write:
        # Every file's new text is made and checked before any is written: all or nothing.
        paths = sorted({r.file for r in rewrites})
        edited = {path: _edited(path, [r for r in rewrites if r.file == path]) for path in paths}
        refuse_unwritable(edited, inside=pack)
        for path, text in edited.items():
            write_atomically(path, text)
        click.echo(f"rewrote {counted(len(rewrites), 'card text')}")
    if (check and rewrites) or any(entry.refused for entry in skipped):
        raise SystemExit(1)


def _pack_allow(pack: Path) -> set[str]:
    located, _ = parse_yaml((pack / "pack.yaml").read_text("utf-8"), pack / "pack.yaml", "")
    data = located.data if located else None
    allow = data.get("allow") if isinstance(data, dict) else None
    return set(allow) if isinstance(allow, list) else set()


def _file_rewrites(
    path: Path, kind: FileKind, registry: Registry, pack_allow: set[str], show: bool
) -> list[Rewrite]:
    located, _ = parse_yaml(path.read_text("utf-8"), path, str(path))
    out = []
    cards = located.data if located and isinstance(located.data, list) else []
    for index, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        rendered = card_text(card, kind, registry)
        if rendered is None:
            continue
        if show:
            click.echo(f"{card['id']}: {rendered}")
        if _keeps_wording(card, pack_allow):
            continue
        written = card.get(TEXT_FIELD)
        if not isinstance(written, str) or not says_effect(written, rendered, card, kind, registry):
            out.append(Rewrite(path, card["id"], index, written, rendered))
    return out if not show else []


def _keeps_wording(card: dict[str, Any], pack_allow: set[str]) -> bool:
    """Whether the card keeps its text as it is: printed wording, or the warning that
    validate would give it (W0430 a text of its own, W0432 no text) silenced."""
    listed = card.get("allow")
    allow = set(listed if isinstance(listed, list) else []) | pack_allow
    code = CODE if TEXT_FIELD in card else MISSING_TEXT
    return card.get("source") == KEPT_WORDING or code in allow


def _edited(path: Path, rewrites: list[Rewrite]) -> str:
    """The file's text with just the text values replaced (or a text line added after the
    name); refused when the result does not read back as the same cards but those texts."""
    original = path.read_text("utf-8")
    located, _ = parse_yaml(original, path, str(path))
    assert located is not None
    edited = original
    for rewrite in sorted(_one_edit_a_value(path, located, rewrites), key=lambda r: r.index)[::-1]:
        edited = _edit(edited, located, rewrite)
    check, _ = parse_yaml(edited, path, str(path))
    expected = [dict(c) for c in located.data]
    for rewrite in rewrites:
        expected[rewrite.index][TEXT_FIELD] = rewrite.rendered
    if check is None or [_same(c) for c in check.data] != [_same(c) for c in expected]:
        raise click.ClickException(
            f"{path}: could not rewrite the texts safely; no file was changed"
        )
    return edited


def _one_edit_a_value(path: Path, located: YamlFile, rewrites: list[Rewrite]) -> list[Rewrite]:
    """The rewrites to make in the file: a text written once and shared through a YAML alias
    (`text: &shared ...`, `text: *shared`) is one value, edited once when every card sharing
    it gets the same new text; refused, saying so, when they would need different texts (the
    edits fell on one another and the file was only said not to rewrite "safely")."""
    cards = located.data if isinstance(located.data, list) else []
    where: dict[tuple[int, int], list[int]] = {}
    for index, card in enumerate(cards):
        if isinstance(card, dict) and isinstance(card.get(TEXT_FIELD), str):
            span = located.span((index, TEXT_FIELD))
            where.setdefault((span.line, span.column), []).append(index)
    out: list[Rewrite] = []
    done: set[tuple[int, int]] = set()
    for rewrite in rewrites:
        if rewrite.written is None:
            out.append(rewrite)
            continue
        span = located.span((rewrite.index, TEXT_FIELD))
        key = (span.line, span.column)
        sharing = where.get(key, [rewrite.index])
        new = {r.rendered for r in rewrites if r.index in sharing and r.written is not None}
        if len(sharing) > 1 and (len(new) > 1 or _kept(sharing, rewrites)):
            ids = ", ".join(f"`{cards[i]['id']}`" for i in sharing)
            raise click.ClickException(
                f"{path}:{span.line}:{span.column}: the cards {ids} share this text through a "
                "YAML alias, and they do not all get the same new text (their effects differ, "
                "or one keeps its wording): write each card's text out (no `*alias`) and run "
                "`whitedwarf text --write` again; no file was changed"
            )
        if key not in done:
            done.add(key)
            out.append(rewrite)
    return out


def _kept(sharing: list[int], rewrites: list[Rewrite]) -> bool:
    """Whether a card sharing a text keeps it (no rewrite of its own)."""
    return not set(sharing) <= {r.index for r in rewrites}


def _same(card: dict[str, Any]) -> list[tuple[str, Any]]:
    return sorted(card.items())


_ANCHOR_OR_TAG = re.compile(r"(?:[&!][^\s]*\s+)+")


def _edit(text: str, located: YamlFile, rewrite: Rewrite) -> str:
    lines = text.split("\n")
    quoted = json.dumps(rewrite.rendered, ensure_ascii=False)
    if rewrite.written is None:  # no text yet: add one after the card's name (or id)
        key = "name" if located.has((rewrite.index, "name")) else "id"
        span = located.span((rewrite.index, key), key=True)
        indent = " " * (span.column - 1)
        end = located.span((rewrite.index, key))
        lines.insert(end.line, f"{indent}{TEXT_FIELD}: {quoted}")
        return "\n".join(lines)
    span = located.span((rewrite.index, TEXT_FIELD))
    first = span.line - 1
    if span.end_line is not None and span.end_column is not None:
        last, end_column = span.end_line - 1, span.end_column
    else:  # a value over several lines (a block or a folded scalar): up to its last line
        last = located.lines_of((rewrite.index, TEXT_FIELD))[1] - 1
        end_column = len(lines[last]) + 1
    # an anchor or a tag before the value (`text: &shared "..."`) stays: another card's
    # `*shared` names it
    kept = _ANCHOR_OR_TAG.match(lines[first], span.column - 1)
    head = lines[first][: kept.end() if kept else span.column - 1]
    tail = lines[last][end_column - 1 :]
    lines[first : last + 1] = [head + quoted + tail]
    return "\n".join(lines)
