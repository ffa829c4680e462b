"""The layout of pack files that ``whitedwarf fmt`` writes.

One layout for every pack, so diffs between versions of a mod show what changed and nothing
else:

- two spaces per level; a list inside a mapping is indented under its key (``  - id: x``),
  a file that is a list starts its items in column 0 (``- id: x``);
- the keys of a card in one order (:data:`CARD_KEY_ORDER`; keys it does not name keep their
  places), unless a comment line sits between the card's keys;
- a flow list or map broken over several lines becomes a block (one item a line);
- an effect of one line is a plain scalar on one line (a ``|-`` block where YAML would need
  quotes); an effect of several lines is a ``|`` block, each line without trailing blanks;
  an effect keeps whether it ends with a line end (``|`` or ``|-``), so its data is the same;
  the effects are every field the game's content spec says holds one (``effect``;
  Starlight's Flare ``points`` and ``boon``, a laurel's or accolade's ``goal``:
  :func:`effect_keys`);
- a null is written ``null`` (ruamel wrote an empty value in a block, ``null`` in a flow);
- nothing is folded: long lines stay long, a line break is the designer's.

Comments, blank lines and quoting of other values are kept (ruamel.yaml's round trip). A file
is only rewritten when its data reads back identical and every comment is still there; a file
the safe reader refuses (bad YAML, tags, limits) is never formatted.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.scalarstring import LiteralScalarString, PlainScalarString
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.games import game_spec, installed_games
from whitedwarf.dsl.packs.paths import link_fault
from whitedwarf.dsl.packs.yamlsource import parse_yaml
from whitedwarf.tools.atomic import BOM, in_style_of

#: The order of a card's keys: identity, what it is, what it costs, where it comes from, what
#: it says and does, then notes and pack mechanics.
CARD_KEY_ORDER = (
    "number",
    "id",
    "name",
    "kind",
    "set",
    "three_plus",
    "tier",
    "resource",
    "colour",
    "cost",
    "copies",
    "source",
    "steps",
    "returnable",
    "turn_order",
    "text",
    "effect",
    "lore",
    "notes",
    "allow",
    "replace",
    "remove",
)
#: The effect fields of a file no installed game describes (a card file of an unknown game).
EFFECT_KEYS: tuple[str, ...] = ("effect",)
ROOT_INDENT = 2  # how far ruamel indents the items of a root list; taken off again
BLOCK_START = re.compile(r"(:|^\s*-)\s+[|>][-+0-9]*\s*(#.*)?$")


@dataclass
class Formatted:
    """The result of formatting one file."""

    path: Path
    original: str
    text: str | None  # None when the file could not be formatted
    problems: list[Diagnostic]
    reason: str = ""  # why it was left alone, when text is None

    @property
    def changed(self) -> bool:
        return self.text is not None and self.text != self.original


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 1 << 16  # never fold: a line break is the designer's
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.representer.add_representer(type(None), _null)
    return yaml


def _null(representer: Any, _: None) -> Any:
    """A null as ``null``, in a block as in a flow.

    ruamel writes a null in a block as nothing: ``accolade: null`` became ``accolade:`` (and
    a list item ``- null`` a ``-`` with a trailing blank), while the same card in flow style
    kept ``null``. The word says the field is empty on purpose.
    """
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


def format_text(
    text: str, path: Path, display: str, effects: tuple[str, ...] | None = None
) -> Formatted:
    """Format the text of one pack file (``display`` is the path shown in messages;
    ``effects``: the fields holding effects, by default :func:`effect_keys` of ``path``)."""
    effects = effect_keys(path) if effects is None else effects
    checked, problems = parse_yaml(text, path, display)
    errors = [d for d in problems if d.is_error]
    if checked is None or errors:
        return Formatted(path, text, None, problems or errors, "it is not valid pack YAML")
    yaml = _yaml()
    try:
        document = yaml.load(text)
    except YAMLError as error:
        # The checking reader (libyaml) and the round-trip one (ruamel's own scanner) differ
        # at the edges, e.g. a tab after a flow map: validate accepts it, fmt cannot keep it.
        where = getattr(error, "problem_mark", None)
        at = f" (line {where.line + 1}, column {where.column + 1})" if where else ""
        reason = f"the layout keeper cannot read it{at}: {getattr(error, 'problem', error)}"
        return Formatted(path, text, None, [], reason)
    if document is None:
        return Formatted(path, text, text, [])
    lines = text.split("\n")
    _block_style_if_broken(document)
    if isinstance(document, CommentedSeq):
        for item in document:
            if isinstance(item, CommentedMap):
                _order_card(item, lines)
                _layout_effects(item, effects)
    out = io.StringIO()
    yaml.dump(document, out)
    result = out.getvalue()
    if isinstance(document, CommentedSeq):
        result = _unindent_root_list(result)
    result = result.rstrip("\n") + "\n"  # exactly one line end at the end of the file
    reason = _lost_something(text, result, checked.data, path, display, effects)
    if reason:
        return Formatted(path, text, None, [], reason)
    return Formatted(path, text, result, [])


def format_file(path: Path, display: str | None = None) -> Formatted:
    """Format one file on disk (without writing it)."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return Formatted(path, "", None, [], "it is not UTF-8 text")
    except OSError as error:  # a dangling link, a folder named *.yaml, a file it cannot read
        return Formatted(path, "", None, [], f"it cannot be read ({error.strerror})")
    # The layout is made on LF text; the file keeps its own line ends and byte order mark
    # (a CRLF file came out with CRLF and LF lines mixed, and fmt --check never passed it).
    plain = text.removeprefix(BOM).replace("\r\n", "\n")
    result = format_text(plain, path, display or str(path))
    laid_out = in_style_of(text, result.text) if result.text is not None else None
    return replace(result, original=text, text=laid_out)


def card_key_order(keys: Iterable[str]) -> list[str]:
    """``keys``, a card's keys in the order given, in the order ``fmt`` writes them.

    Keys :data:`CARD_KEY_ORDER` does not name (another game's, a pack's own) keep their
    places; the named ones fill the other places in that order. ``new`` writes its skeletons
    in this order too, so a card it appends is already laid out as ``fmt`` lays it out.
    """
    keys = list(keys)
    rank = {key: index for index, key in enumerate(CARD_KEY_ORDER)}
    named = sorted((k for k in keys if k in rank), key=rank.__getitem__)
    slots = iter(named)
    return [next(slots) if k in rank else k for k in keys]


def _order_card(card: CommentedMap, lines: list[str]) -> None:
    """Put a card's keys in :func:`card_key_order`, moving each key's comments with it.

    A card with a comment line between two of its keys keeps its order: ruamel files such a
    comment under the key above it or the one below, so moving keys could carry it away from
    the line it explains.
    """
    keys = list(card.keys())
    wanted = card_key_order(keys)
    if wanted == keys or _comment_between_keys(card, keys, lines):
        return
    # A comment after the last key belongs to the card's end, not to that key: keep it last.
    last_comment = card.ca.items.pop(keys[-1], None)
    values = {key: card[key] for key in keys}
    comments = {key: card.ca.items.pop(key) for key in keys if key in card.ca.items}
    for key in keys:
        del card[key]
    for key in wanted:
        card[key] = values[key]
        if key in comments:
            card.ca.items[key] = comments[key]
    if last_comment is not None:
        card.ca.items[wanted[-1]] = last_comment


def _comment_between_keys(card: CommentedMap, keys: list[str], lines: list[str]) -> bool:
    """Whether a full comment line sits between the first and the last key of a card."""
    first, last = card.lc.key(keys[0])[0], card.lc.key(keys[-1])[0]
    return any(line.lstrip().startswith("#") for line in lines[first + 1 : last])


def _block_style_if_broken(node: Any) -> None:
    """Write as a block a flow list or map that the designer broke over several lines.

    ruamel writes a flow collection on one line, and the formatter never folds, so the
    designer's line breaks would become one long line; a block (one item a line) keeps the
    file as easy to read as it was.
    """
    if isinstance(node, CommentedMap):
        children: list[Any] = list(node.values())
        starts = [node.lc.key(k)[0] for k in node]
    elif isinstance(node, CommentedSeq):
        children = list(node)
        starts = [node.lc.item(i)[0] for i in range(len(node))]
    else:
        return
    if node.fa.flow_style() and len(set(starts)) > 1:
        node.fa.set_block_style()
    for child in children:
        _block_style_if_broken(child)


def effect_keys(path: Path) -> tuple[str, ...]:
    """The fields of the cards in ``path`` that hold effects: those the content spec of the
    pack's game (its ``pack.yaml``'s ``game``) gives the file's kind, or, with no manifest
    naming an installed game, those any installed game gives a file of that name."""
    games = installed_games()
    game = _manifest_game(path.parent)
    found: list[str] = []
    for name in [game] if game in games else sorted(games):
        kind = game_spec(name).kinds.get(path.stem)
        for field, _, _ in kind.effect_fields() if kind is not None else ():
            if field not in found:
                found.append(field)
    return tuple(found) or EFFECT_KEYS


def _manifest_game(folder: Path) -> str | None:
    """The ``game`` the pack's ``pack.yaml`` names, if it can be read (a link out of the
    folder is not: tools/atomic.py, C30)."""
    manifest = folder / "pack.yaml"
    try:
        if link_fault(manifest, folder.resolve()) is not None or not manifest.is_file():
            return None
        text = manifest.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    located, _ = parse_yaml(text, manifest, str(manifest))
    data = located.data if located is not None else None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


def _layout_effects(card: CommentedMap, effects: tuple[str, ...]) -> None:
    for key in effects:
        value = card.get(key)
        if isinstance(value, str) and not _anchored(value):
            card[key] = _effect_layout(value)


def _anchored(value: str) -> bool:
    """Whether an effect is written with an anchor (`effect: &shared ...`), which another
    card's `*shared` names: it stays as written, since a new value in its place would drop
    the anchor and write the effect out in every card that shared it."""
    anchor = getattr(value, "anchor", None)
    return getattr(anchor, "value", None) is not None


def _effect_layout(effect: str) -> Any:
    """A one-line effect as a plain string, a multi-line effect as a tidy ``|`` block.

    The effect's last line end is kept as it was (``|`` keeps one, ``|-`` none, a plain
    string has none), so the data, and with it the content digest a saved game names, does
    not change with the layout: a one-line effect read from a ``|`` block stays a block.
    """
    ends = effect.endswith("\n")
    lines = [line.rstrip() for line in effect.strip("\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        return effect
    if len(lines) == 1 and not ends and _plain_safe(lines[0]):
        # A plain str would take the style of the value it replaces (ruamel keeps styles).
        return PlainScalarString(lines[0])
    return LiteralScalarString("\n".join(lines) + ("\n" if ends else ""))


def _plain_safe(line: str) -> bool:
    """Whether a one-line effect reads back as itself written plain (no quotes, no block):
    not a number, a truth value or a null either (a quoted ``"5"`` stays text)."""
    return not (
        ": " in line
        or " #" in line
        or line.endswith(":")
        or line[0] in "-?:,[]{}#&*!|>'\"%@`"
        or line != line.strip()
        or _PLAIN.resolver.resolve(ScalarNode, line, (True, False)) != _TEXT
    )


_PLAIN = YAML(typ="safe")
_TEXT = "tag:yaml.org,2002:str"


def _unindent_root_list(text: str) -> str:
    """Move a root list's items from column 2 to column 0 (ruamel indents every list alike).

    Only lines that belong to the list's block structure move: a ``|`` block's content is part
    of its item, so it moves with it; full-line comments at column 0 stay where they are.
    """
    out = []
    block_owner: int | None = None  # the indent of the key whose | or > block we are in
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip(" "))
        in_block = block_owner is not None and (not line.strip() or indent > block_owner)
        if not in_block:
            block_owner = indent if BLOCK_START.search(line) else None
            if line.lstrip().startswith("#"):
                out.append(line)  # ruamel writes a comment at the column it was read at
                continue
        if not line.startswith(" " * ROOT_INDENT):
            out.append(line)
        elif in_block:
            out.append(line[ROOT_INDENT:])
        else:
            out.append(_keep_comment_column(line[ROOT_INDENT:]))
    return "\n".join(out)


END_COMMENT = re.compile(r"^(?P<data>.*?\S)(?P<gap> {2,})(?P<comment>#.*)$")


def _keep_comment_column(line: str) -> str:
    """Give back the columns taken off before a line's end comment.

    ruamel writes an end-of-line comment at the column it was read at, not relative to its
    data, so moving the data left must widen the gap, or every run would move the comment
    two columns further left (and ``fmt`` would never settle).
    """
    found = END_COMMENT.match(line)
    if found is None or found["data"].count("'") % 2 or found["data"].count('"') % 2:
        return line  # no end comment, or a `#` inside a quoted string
    return f"{found['data']}{found['gap']}{' ' * ROOT_INDENT}{found['comment']}"


def _comparable(data: Any, effects: tuple[str, ...] = EFFECT_KEYS) -> Any:
    """The data with each effect's layout (line ends, trailing blanks) evened out."""
    if not isinstance(data, list):
        return data
    return [
        {k: _effect_words(v) if k in effects else v for k, v in card.items()}
        if isinstance(card, dict)
        else card
        for card in data
    ]


def _effect_words(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    return "\n".join(line.rstrip() for line in value.strip("\n").split("\n")).rstrip()


def _comments(text: str) -> Counter[str]:
    """Every comment in a YAML text, as written (what must survive formatting)."""
    found: Counter[str] = Counter()
    for line in text.split("\n"):
        match = re.search(r"(^|\s)(#.*)$", line)
        if match and not _inside_quotes(line, match.start(2)):
            found[match.group(2).rstrip()] += 1
    return found


def _inside_quotes(line: str, index: int) -> bool:
    before = line[:index]
    return before.count('"') % 2 == 1 or before.count("'") % 2 == 1


def _lost_something(
    original: str, result: str, data: Any, path: Path, display: str, effects: tuple[str, ...]
) -> str:
    """Why ``result`` may not replace ``original`` (empty when it may)."""
    reread, problems = parse_yaml(result, path, display)
    if reread is None or any(d.is_error for d in problems):
        return "the formatted text would not read back (a whitedwarf bug; please report it)"
    if _comparable(reread.data, effects) != _comparable(data, effects):
        return "formatting would change the data (a whitedwarf bug; please report it)"
    if _comments(original) - _comments(result):
        return "formatting would lose a comment (a whitedwarf bug; please report it)"
    return ""
