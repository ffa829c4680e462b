"""Applying packs in load order: mods add, replace and remove cards and replace documents.

A card whose id a dependency already has must say ``replace: true``; ``{id: x, remove: true}``
removes one. Two packs that change the same card (or document) while neither depends on the
other conflict: which one wins would depend on load order, so it is an error naming both.
Replacements keep the card's place in the list; new cards are appended in load order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import error, warning
from whitedwarf.dsl.packs.content import Change, Content, Entry
from whitedwarf.dsl.packs.yamlsource import DataPath, YamlFile
from whitedwarf.dsl.suggest import LIST_AT_MOST, did_you_mean

MOD_KEYS = ("replace", "remove")
IDENTITY = ((), ("id",), *((key,) for key in MOD_KEYS))  # what places a card in the merge


@dataclass
class PackFiles:
    """The checked files of one pack: kind -> (file, data paths the schema refused in it),
    and the kinds whose file is there but could not be read (bad YAML, a link refused)."""

    id: str
    files: dict[str, tuple[YamlFile, set[DataPath]]] = field(default_factory=dict)
    unreadable: set[str] = field(default_factory=set)


@dataclass
class _Change:
    """A pack's add, replace or remove of one card, remembered to spot conflicts."""

    pack: str
    action: str
    entry: Entry


class _CardMerge:
    """The merge of one card kind."""

    def __init__(
        self, kind: str, closure: dict[str, frozenset[str]], blind: frozenset[str] = frozenset()
    ) -> None:
        self.kind = kind
        self.closure = closure
        self.blind = blind
        self.current: dict[str, Entry] = {}
        self.changes: dict[str, list[_Change]] = {}
        self.dropped: list[Change] = []  # what each replace/remove took away
        self.unplaced: list[Entry] = []  # cards whose id or action the schema refused
        self.unmerged: list[Entry] = []  # cards whose change the merge refused (still checked)
        self.diagnostics: list[Diagnostic] = []

    def apply(self, pack: str, file: YamlFile, refused: set[DataPath]) -> None:
        if not isinstance(file.data, list):
            return
        by_item = _refused_by_item(refused)
        for index, item in enumerate(file.data):
            if not isinstance(item, dict):
                continue
            data = {k: v for k, v in item.items() if k not in MOD_KEYS}
            card_id = item.get("id")
            mine = by_item.get(index, frozenset())
            entry = Entry(self.kind, card_id if isinstance(card_id, str) else None, data, file,
                          (index,), pack, mine)  # fmt: skip
            if not isinstance(card_id, str) or _refuses_identity(mine):
                self.unplaced.append(entry)  # merging it would guess what it does
                continue
            action = (
                "remove"
                if item.get("remove") is True
                else "replace"
                if item.get("replace") is True
                else "add"
            )
            getattr(self, f"_{action}")(pack, entry)

    def _visible(self, pack: str, card: str) -> bool:
        """Whether a pack may replace or remove ``card``: a pack it depends on added it.

        One lookup per change, so merging a mod that replaces N cards takes time linear in N.
        """
        changes = self.changes.get(card)
        return changes is not None and changes[0].pack in self.closure.get(pack, frozenset())

    def _visible_ids(self, pack: str) -> list[str]:
        """Every id ``pack`` may change (built only for a did-you-mean after a miss)."""
        deps = self.closure.get(pack, frozenset())
        return [cid for cid, changes in self.changes.items() if changes[0].pack in deps]

    def _change(self, pack: str, entry: Entry, action: str) -> bool:
        """Check a replace/remove; True when it may go ahead."""
        if pack in self.blind and not self._visible(pack, entry.card_id):
            # Its dependency is missing: the manifest's error (E0703) is the one to fix, not
            # one E0802 or E0804 per card the mod changes.
            return False
        if not self.closure.get(pack):
            hint: str | None = "only a pack that depends on another may replace or remove its cards"
            self.diagnostics.append(
                error(
                    "E0804",
                    f"`{action}` in a pack with no dependencies",
                    entry.key_span(action),
                    hint,
                )
            )
            return False
        if not self._visible(pack, entry.card_id):
            ids = sorted(set(self._visible_ids(pack)))
            hint = did_you_mean(entry.card_id, ids)
            kept = [i for i in ids if i in self.current]  # (not one a dependency removed)
            if hint is None and 0 < len(kept) <= LIST_AT_MOST:  # (a privilege: one of six)
                hint = f"the ids of {self.kind}.yaml it can change: " + ", ".join(
                    f"`{i}`" for i in kept
                )
            message = (
                f"cannot {action} `{entry.card_id}`: no dependency of {pack} has it in "
                f"{self.kind}.yaml"
            )
            self.diagnostics.append(error("E0802", message, entry.span(("id",)), hint))
            return False
        refused = (
            self._twice(pack, entry, action)
            or self._conflict(pack, entry, action)
            or self._gone(pack, entry, action)
        )
        return not refused

    def _twice(self, pack: str, entry: Entry, action: str) -> bool:
        """E0901 for a pack that changes one card twice: which change counts would depend
        on the order of its lines, so neither is guessed."""
        for change in self.changes.get(entry.card_id, []):
            if change.pack == pack:
                message = (
                    f"{pack} changes `{entry.card_id}` twice ({action} here, {change.action} at "
                    f"{_where(change.entry)})"
                )
                hint = (
                    "keep one change of the card: the full card with `replace: true`, or the remove"
                )
                self.diagnostics.append(error("E0901", message, entry.span(("id",)), hint))
                return True
        return False

    def _gone(self, pack: str, entry: Entry, action: str) -> bool:
        """E0802 for a replace or remove of a card a dependency already removed."""
        if entry.card_id in self.current:
            return False
        last = self.changes[entry.card_id][-1]
        if action == "remove":
            hint = "it is already gone: drop this line"
        else:
            hint = "to bring it back, write the whole card without `replace: true`"
        message = (
            f"cannot {action} `{entry.card_id}`: {last.pack} removes it ({_where(last.entry)})"
        )
        self.diagnostics.append(error("E0802", message, entry.span(("id",)), hint))
        return True

    def _conflict(self, pack: str, entry: Entry, action: str) -> bool:
        deps = self.closure.get(pack, frozenset())
        for change in self.changes.get(entry.card_id, []):
            other = change.pack
            if (
                other != pack
                and other not in deps
                and pack not in self.closure.get(other, frozenset())
            ):
                self.diagnostics.append(_conflict_error(entry, action, change))
                return True
        return False

    def _add(self, pack: str, entry: Entry) -> None:
        changes = self.changes.get(entry.card_id)
        if changes is None:
            self.current[entry.card_id] = entry
            self.changes[entry.card_id] = [_Change(pack, "add", entry)]
            return
        first = changes[0]
        if self._restores(pack, entry, changes[-1]):
            return
        self.unmerged.append(entry)
        if first.pack == pack:
            self.diagnostics.append(_duplicate_error(entry, first.entry))
        elif first.pack in self.closure.get(pack, frozenset()):
            message = f"{pack} adds `{entry.card_id}`, which {first.pack} already has"
            hint = "add `replace: true` to replace that card, or choose a new id"
            self.diagnostics.append(error("E0801", message, entry.span(("id",)), hint))
        else:
            self.diagnostics.append(_conflict_error(entry, "add", first))

    def _restores(self, pack: str, entry: Entry, last: _Change) -> bool:
        """Add back a card a dependency removed (a mod of a mod that wants it again); it
        comes after the cards still there. True when the add is dealt with here."""
        if entry.card_id in self.current or last.pack not in self.closure.get(pack, frozenset()):
            return False
        if self._twice(pack, entry, "add") or self._conflict(pack, entry, "add"):
            self.unmerged.append(entry)
            return True
        self.current[entry.card_id] = entry
        self.changes[entry.card_id].append(_Change(pack, "add", entry))
        return True

    def _replace(self, pack: str, entry: Entry) -> None:
        if not self._change(pack, entry, "replace"):
            self.unmerged.append(entry)
            return
        self._drop("replace", entry)
        self.current[entry.card_id] = entry  # keeps the card's place in the list
        self.changes[entry.card_id].append(_Change(pack, "replace", entry))

    def _remove(self, pack: str, entry: Entry) -> None:
        if self._change(pack, entry, "remove"):
            self._drop("remove", entry)
            self.current.pop(entry.card_id, None)
            self.changes[entry.card_id].append(_Change(pack, "remove", entry))

    def _drop(self, action: str, entry: Entry) -> None:
        old = self.current.get(entry.card_id)
        if old is not None:
            self.dropped.append(Change(action, old, entry))


def _refused_by_item(refused: set[DataPath]) -> dict[int, frozenset[DataPath]]:
    """Refused paths of a card file, by card index, each relative to its card."""
    out: dict[int, set[DataPath]] = {}
    for path in refused:
        if path and isinstance(path[0], int):
            out.setdefault(path[0], set()).add(path[1:])
    return {index: frozenset(paths) for index, paths in out.items()}


def _refuses_identity(refused: frozenset[DataPath]) -> bool:
    """Whether the schema refused the card whole, its id, its ``replace`` or its ``remove``
    (what the merge needs to know which card it is and what it does)."""
    return any(path[:1] in IDENTITY for path in refused)


def _where(entry: Entry) -> str:
    span = entry.span(("id",))
    return f"{span.path}:{span.line}:{span.column}"


def _duplicate_error(entry: Entry, first: Entry) -> Diagnostic:
    message = f"two `{entry.kind}` cards have the id `{entry.id}` (the first is at {_where(first)})"
    return error("E0901", message, entry.span(("id",)), "give each card its own id")


def _conflict_error(entry: Entry, action: str, other: _Change) -> Diagnostic:
    message = (
        f"{entry.pack} and {other.pack} both change `{entry.id}` ({action} here, "
        f"{other.action} at {_where(other.entry)}) and neither depends on the other"
    )
    hint = "make one pack depend on the other, or drop one of the changes"
    return error("E0803", message, entry.span(("id",)), hint)


def merge(
    packs: Sequence[PackFiles],
    card_kinds: Sequence[str],
    closure: dict[str, frozenset[str]],
    blind: frozenset[str] = frozenset(),
) -> tuple[Content, list[Diagnostic]]:
    """Merge packs (in load order) into one :class:`Content`.

    ``blind`` packs have a dependency missing: a replace or remove of
    theirs that no loaded dependency has is left out without a word (the manifest says why).
    """
    content = Content(order={pack.id: index for index, pack in enumerate(packs)})
    diagnostics: list[Diagnostic] = []
    for kind in card_kinds:
        merger = _CardMerge(kind, closure, blind)
        for pack in packs:
            if kind in pack.files:
                merger.apply(pack.id, *pack.files[kind])
        content.cards[kind] = list(merger.current.values())
        content.unplaced[kind] = merger.unplaced
        content.unmerged[kind] = merger.unmerged
        content.changes += merger.dropped
        diagnostics += merger.diagnostics
    for pack in packs:
        content.unreadable |= pack.unreadable
    owners: dict[str, str] = {}
    for pack in packs:
        for kind, (file, refused) in pack.files.items():
            if kind not in card_kinds:
                diagnostics += _document(content, owners, closure, pack.id, kind, file, refused)
    return content, diagnostics


def _document(
    content: Content, owners: dict[str, str], closure: dict[str, frozenset[str]],
    pack: str, kind: str, file: YamlFile, refused: set[DataPath],
) -> list[Diagnostic]:  # fmt: skip
    """A document replaces the one of a dependency whole."""
    entry = Entry(kind, None, file.data, file, (), pack, frozenset(refused))
    previous = owners.get(kind)
    if previous is not None and previous not in closure.get(pack, frozenset()):
        old = content.documents[kind]
        message = (
            f"{pack} and {previous} both provide `{kind}.yaml` (the other is {old.file.display}) "
            "and neither depends on the other"
        )
        hint = "make one pack depend on the other, or drop one of the files"
        return [error("E0803", message, entry.span(), hint)]
    owners[kind] = pack
    replaced = content.documents.get(kind)
    content.documents[kind] = entry
    if previous is not None and replaced is not None and replaced.data == file.data:
        message = (
            f"`{kind}.yaml` is the same as {previous}'s ({replaced.file.display}): it replaces "
            "that file with the same content, and changes nothing"
        )
        hint = f"change what {pack} means to change, or remove this file from it"
        return [warning("W0906", message, entry.span(), hint)]
    return []
