"""The merged content of a set of packs, each entry remembering the file it came from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from whitedwarf.dsl.diagnostics import Span
from whitedwarf.dsl.packs.yamlsource import DataPath, YamlFile


@dataclass
class Entry:
    """One card, or one whole document, and where it was written."""

    kind: str
    id: str | None
    data: Any
    file: YamlFile
    path: DataPath  # the entry's path inside ``file`` ((index,) for a card, () for a document)
    pack: str
    #: Paths (inside the entry) of the values the schema or a YAML tag refused: the passes
    #: after the schema skip those values and check the rest (see :meth:`refuses`).
    refused: frozenset[DataPath] = frozenset()

    @property
    def valid(self) -> bool:
        """Whether the schema accepted every field of the entry."""
        return not self.refused

    def refuses(self, path: Sequence[str | int]) -> bool:
        """Whether the value at ``path`` was refused, whole or in part.

        True when it, something holding it (the whole card) or something inside it was
        refused: a later check must then not read that value.
        """
        if not self.refused:
            return False  # nearly every card: keep the passes over large packs linear and cheap
        path = tuple(path)
        return any(
            path[: len(refused)] == refused or refused[: len(path)] == path
            for refused in self.refused
        )

    def span(self, path: Sequence[str | int] = (), key: bool = False) -> Span:
        """The span of ``path`` inside this entry."""
        return self.file.span((*self.path, *path), key=key)

    @property
    def card_id(self) -> str:
        """The id of a card (the schema gives every card one; a document has none)."""
        if self.id is None:
            raise ValueError(f"a {self.kind} document has no card id")
        return self.id

    def key_span(self, name: str) -> Span:
        """The span of this entry's key ``name`` (or of the entry when it has none)."""
        return self.span((name,), key=True)


@dataclass(frozen=True)
class Change:
    """A mod's ``replace`` or ``remove`` of a card: the card it dropped and the entry that
    did it (the replacement card, or the ``{id: x, remove: true}`` line)."""

    action: str
    dropped: Entry
    by: Entry


@dataclass
class Content:
    """Card lists and documents after mods were applied, in a deterministic order.

    ``changes`` remembers every replace and remove, so a check that finds the merged content
    short can name the mod (and the line) that made it so; ``order`` is each pack's place in
    the load order. ``unplaced`` holds the cards the schema left no place for (their id, or
    their ``replace``/``remove``, was refused, so which card they are, or whether they add,
    replace or remove one, is unknown): they are not merged, but their other fields, such as
    the effect, are still checked. ``unmerged`` holds the cards whose change the merge refused
    (a second card of an id, E0901; an add, replace or remove a mod may not make, E0801-E0804):
    they are not merged either, and their effects are checked too, so one run tells every
    problem of the card, not only that its id is taken.
    """

    cards: dict[str, list[Entry]] = field(default_factory=dict)
    documents: dict[str, Entry] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    order: dict[str, int] = field(default_factory=dict)
    unplaced: dict[str, list[Entry]] = field(default_factory=dict)
    unmerged: dict[str, list[Entry]] = field(default_factory=dict)
    unreadable: set[str] = field(default_factory=set)  # kinds with a file no pass could read

    def hides_ids(self, kind: str, pattern: str) -> bool:
        """Whether ids at ``pattern`` (see :func:`~.kinds.select`) of ``kind`` may be missing
        from the data: a file of it could not be read, a card could not be merged, or the
        schema refused something holding them, or an id that is not a plain value."""
        if kind in self.unreadable or self.unplaced.get(kind):
            return True
        parts = pattern.split("/")
        if kind in self.cards:
            refused = [(i, *path) for i, e in enumerate(self.cards[kind]) for path in e.refused]
            data = self.data(kind)
        elif kind in self.documents:
            refused, data = list(self.documents[kind].refused), self.documents[kind].data
        else:
            return False
        return any(_hides(path, parts, data) for path in refused)

    def removals(self, kind: str) -> list[Entry]:
        """The ``remove`` entries of ``kind``, in load order."""
        found = [c.by for c in self.changes if c.action == "remove" and c.by.kind == kind]
        return sorted(found, key=self.load_position)

    def load_position(self, entry: Entry) -> tuple[int, tuple[int, ...]]:
        """Sort key: the entry's pack in load order, then its place in its file."""
        return self.order.get(entry.pack, -1), tuple(p for p in entry.path if isinstance(p, int))

    def latest(self, entries: Sequence[Entry]) -> Entry | None:
        """The entry written by the pack loaded last (the last change wins)."""
        return max(entries, key=self.load_position, default=None)

    def data(self, kind: str) -> Any:
        """The plain data of a kind: a list of card dicts, a document, or None."""
        if kind in self.cards:
            return [entry.data for entry in self.cards[kind]]
        entry = self.documents.get(kind)
        return entry.data if entry is not None else None

    def plain(self) -> dict[str, Any]:
        """Every kind's plain data, cards in load order."""
        out: dict[str, Any] = {kind: self.data(kind) for kind in self.cards}
        out.update({kind: entry.data for kind, entry in self.documents.items()})
        return dict(sorted(out.items()))

    def span(self, kind: str, path: Sequence[str | int], key: bool = False) -> Span | None:
        """The file span of ``path`` inside the merged data of ``kind``."""
        if kind in self.cards:
            if not path or not isinstance(path[0], int) or path[0] >= len(self.cards[kind]):
                return None
            return self.cards[kind][path[0]].span(path[1:], key=key)
        entry = self.documents.get(kind)
        return entry.span(path, key=key) if entry is not None else None

    def refuses(self, kind: str, path: Sequence[str | int]) -> bool:
        """Whether the value at ``path`` of the merged data of ``kind`` was refused."""
        if kind in self.cards:
            if not path or not isinstance(path[0], int) or path[0] >= len(self.cards[kind]):
                return False
            return self.cards[kind][path[0]].refuses(path[1:])
        entry = self.documents.get(kind)
        return entry is not None and entry.refuses(path)

    def entries(self) -> list[Entry]:
        """Every card (merged, unplaced or unmerged) and document entry."""
        out = [entry for entries in self.cards.values() for entry in entries]
        out += [entry for entries in self.unplaced.values() for entry in entries]
        out += [entry for entries in self.unmerged.values() for entry in entries]
        return out + list(self.documents.values())


def _hides(refused: DataPath, parts: list[str], data: Any) -> bool:
    """Whether a refused path holds ids at the pattern ``parts``, or is one not plainly given."""
    if len(refused) > len(parts):
        return False
    if any(part not in ("*", str(step)) for part, step in zip(parts, refused, strict=False)):
        return False
    return len(refused) < len(parts) or not _plain(_value_at(data, refused))


def _value_at(data: Any, path: DataPath) -> Any:
    for step in path:
        if isinstance(data, dict):
            data = data.get(step)
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            data = data[step]
        else:
            return None
    return data


def _plain(value: Any) -> bool:
    return isinstance(value, str | int | float | bool)
