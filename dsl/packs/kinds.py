"""What a game declares about its content files: kinds, ids, references and box counts.

A game (``interpreter/<game>/content_schema.py``) describes its files with these records; the
pack loader, the schema generator and the cross-reference checker are generic over them, so
a second game only writes a new :class:`ContentSpec`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.content import Content


@dataclass(frozen=True)
class FileKind:
    """One content file kind: ``<name>.yaml``, either a list of cards or one document.

    ``schema`` is the JSON Schema of one card (card files) or of the whole document.
    A card's effect is compiled for the card kind ``card_kind`` or, when that is None, for
    the value of its field ``card_kind_field``.
    """

    name: str
    noun: str  # what one entry is called in messages: "tech", "board"
    cards: bool
    schema: dict[str, Any]
    description: str
    card_kind: str | None = None
    card_kind_field: str | None = None
    effect_field: str | None = None
    required: bool = True
    # More effect fields of one card, each ``(field, card kind)``: a card printed with two
    # boxes (say, a points box and a boon box) has its second effect here. Each is compiled
    # for its own card kind and kept under the compiled key :meth:`compiled_key` names.
    more_effects: tuple[tuple[str, str], ...] = ()

    def effect_fields(self) -> list[tuple[str, str | None, str]]:
        """Every ``(field, card kind or None: from the card, compiled key)`` of a card."""
        out: list[tuple[str, str | None, str]] = []
        if self.effect_field is not None:
            out.append((self.effect_field, None, self.name))
        out += [(name, kind, self.compiled_key(name)) for name, kind in self.more_effects]
        return out

    def compiled_key(self, field: str) -> str:
        """Where the compiled effects of ``field`` are kept (the kind's name for the main
        effect, ``<kind>.<field>`` for one of :attr:`more_effects`)."""
        return self.name if field == self.effect_field else f"{self.name}.{field}"

    def possible_card_kinds(self) -> tuple[str, ...]:
        """Every card kind a card of this file may have: the fixed one, or the values the
        schema lets its ``card_kind_field`` take."""
        if self.card_kind is not None:
            return (self.card_kind,)
        if self.card_kind_field is None:
            return ()
        field = self.schema.get("properties", {}).get(self.card_kind_field, {})
        return tuple(value for value in field.get("enum", []) if isinstance(value, str))

    def card_kind_of(self, card: dict[str, Any]) -> str | None:
        """The registry card kind this card's effect is compiled for."""
        if self.card_kind is not None:
            return self.card_kind
        if self.card_kind_field is not None:
            value = card.get(self.card_kind_field)
            return value if isinstance(value, str) else None
        return None


@dataclass(frozen=True)
class IdSpace:
    """A namespace of ids: the values found at ``path`` (see :func:`select`) of ``kind``.
    ``owner``: what writes the value, when the namespace is named after the value (an action
    card writes an action number); default ``name``."""

    name: str
    kind: str
    path: str
    owner: str = ""


@dataclass(frozen=True)
class Reference:
    """Values at ``path`` of ``kind`` must be ids of the namespace ``target``."""

    kind: str
    path: str
    target: str


@dataclass(frozen=True)
class BoxCount:
    """The copies of matching cards of ``kind`` should add up to the box count.

    ``expected`` is a number, or ``"<document>:<path>"`` read from a document of the pack.
    """

    kind: str
    label: str
    expected: int | str
    where: tuple[tuple[str, Any], ...] = ()  # field == value conditions
    default: int | None = None  # used when the document does not give the number

    def matches(self, card: dict[str, Any]) -> bool:
        """Whether ``card`` is one of the cards this count is about."""
        return all(card.get(name) == value for name, value in self.where)


@dataclass(frozen=True)
class GameCheck:
    """A game's own check of its documents, run only when ``kinds`` loaded without errors
    (or, with ``whole``, only when nothing so far is an error: a check of the whole merged
    content, such as whether setup can be dealt, would only repeat what is already wrong)."""

    kinds: tuple[str, ...]
    run: Callable[[Content], list[Diagnostic]]
    whole: bool = False


@dataclass(frozen=True)
class ContentSpec:
    """Everything a game declares about its content files."""

    game: str
    kinds: dict[str, FileKind]
    ids: tuple[IdSpace, ...] = ()
    references: tuple[Reference, ...] = ()
    counts: tuple[BoxCount, ...] = ()
    checks: tuple[GameCheck, ...] = field(default=())
    codes: dict[str, str] = field(default_factory=dict)  # the codes its ``checks`` report

    def card_kinds(self) -> list[FileKind]:
        return [kind for kind in self.kinds.values() if kind.cards]


def select(data: Any, pattern: str) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every (path, value) in ``data`` matching ``pattern``: ``/``-separated keys, ``*`` any.

    ``select(board, "rings/*/sectors/*/id")`` yields each sector id with its data path.
    Only plain values (text, numbers, true/false) are selected: missing keys and values of
    the wrong shape, such as an id written as a mapping, are skipped, because the schema
    pass reports them and the passes after it (duplicate ids, references, counts) compare
    and hash what they select.
    """
    parts = [part for part in pattern.split("/") if part]
    for path, value in _select(data, parts, ()):
        if isinstance(value, str | int | float | bool):
            yield path, value


def _select(
    data: Any, parts: list[str], path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    if not parts:
        yield path, data
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        if isinstance(data, list):
            for index, item in enumerate(data):
                yield from _select(item, rest, (*path, index))
        elif isinstance(data, dict):
            for key, item in data.items():
                yield from _select(item, rest, (*path, key))
    elif isinstance(data, dict) and head in data:
        yield from _select(data[head], rest, (*path, head))
