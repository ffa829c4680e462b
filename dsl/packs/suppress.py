"""Silencing warnings: ``allow:`` in pack.yaml (pack-wide) and on a card (that card only).

Warnings located in a dependency that was not asked for are dropped too: they are the
concern of that pack's author, not of the modder validating their own pack.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import PACK_CODES, warning
from whitedwarf.dsl.packs.content import Content, Entry
from whitedwarf.dsl.packs.manifest import Manifest
from whitedwarf.dsl.packs.paths import absolute
from whitedwarf.dsl.suggest import did_you_mean


def known_warnings(game_codes: Iterable[str] = ()) -> set[str]:
    """Every warning code a pack may silence: the loader's, the effect language's and
    ``game_codes``, the warnings of the game's own checks (``ContentSpec.codes``)."""
    codes = {code for code in PACK_CODES if code.startswith("W")}
    try:
        from whitedwarf.dsl.codes import DSL_CODES
    except ImportError:  # the effect language's table is optional for this pass
        DSL_CODES = {}
    codes |= {code for code in game_codes if code.startswith("W")}
    return codes | {code for code in DSL_CODES if code.startswith("W")}


#: The warning about allow lists themselves: never silenced, since an ``allow: [W0903, ...]``
#: hid every other entry's W0903 (10,000 codes that silence nothing validated clean).
UNSILENCED = "W0903"

#: Warnings told for a whole file or at a manifest line, never inside a card: a card's
#: ``allow`` of one silences nothing.
NOT_ON_A_CARD = {
    "W0501": "a file that is not a content file",
    "W0701": "a dependency on pack.yaml's `depends` line",
}


@dataclass
class Silencer:
    """Which warnings to drop, by file and line range.

    A diagnostic's place is its file as shown (relative to the current folder, or absolute);
    the packs are matched by absolute folder, so the pack's folder shown as ``.`` (the
    command run inside it) silences ``techs.yaml`` as ``mymod/`` silences ``mymod/techs.yaml``.
    """

    packs: list[tuple[Path, frozenset[str], bool]] = field(default_factory=list)
    card_ranges: dict[str, list[tuple[int, int, frozenset[str]]]] = field(default_factory=dict)
    #: Each card's allow entries (the card, the entry's index, the code), and the (file, first
    #: line, code) of those that silenced a warning: the others silence nothing.
    card_allows: list[tuple[Entry, int, str]] = field(default_factory=list)
    used: set[tuple[str, int, str]] = field(default_factory=set)
    #: The manifests of the packs asked for, and the (folder, code) of their ``allow``
    #: entries that silenced a warning: the others silence nothing (E166).
    roots: list[Manifest] = field(default_factory=list)
    pack_used: set[tuple[Path, str]] = field(default_factory=set)
    #: The (folder, code) of every warning a pack asked for was told, silenced or not.
    seen: set[tuple[Path, str]] = field(default_factory=set)

    def add_pack(self, manifest: Manifest, root: bool) -> None:
        """Silence ``manifest.allow`` in the pack's folder; drop all its warnings if not a root."""
        self.packs.append((absolute(manifest.folder), manifest.allow, root))
        self.packs.sort(key=lambda pack: -len(pack[0].parts))  # the innermost folder wins
        if root:
            self.roots.append(manifest)

    def _pack_of(self, path: str) -> tuple[frozenset[str], bool]:
        return self._folder_of(path)[1:]

    def _folder_of(self, path: str) -> tuple[Path | None, frozenset[str], bool]:
        full = absolute(path)
        for folder, allow, root in self.packs:
            if full.is_relative_to(folder):
                return folder, allow, root
        return None, frozenset(), True

    def add_cards(self, content: Content) -> None:
        for entries in (
            *content.cards.values(),
            *content.unplaced.values(),
            *content.unmerged.values(),
        ):
            for entry in entries:
                allow = entry.data.get("allow") if isinstance(entry.data, dict) else None
                if isinstance(allow, list) and allow:
                    first, last = entry.file.lines_of(entry.path)
                    codes = frozenset(c for c in allow if isinstance(c, str))
                    self.card_ranges.setdefault(entry.file.display, []).append((first, last, codes))
                    self.card_allows += [
                        (entry, index, code) for index, code in enumerate(allow) if code in codes
                    ]

    def keeps(self, diagnostic: Diagnostic) -> bool:
        """Whether ``diagnostic`` survives the allow lists."""
        span = diagnostic.span
        if diagnostic.is_error or span is None or diagnostic.code == UNSILENCED:
            return True
        folder, allow, root = self._folder_of(span.path)
        if not root:
            return False
        if folder is not None:
            self.seen.add((folder, diagnostic.code))
        if diagnostic.code in allow:
            if folder is not None:
                self.pack_used.add((folder, diagnostic.code))
            return False
        for first, last, codes in self.card_ranges.get(span.path, []):
            if first <= span.line <= last and diagnostic.code in codes:
                self.used.add((span.path, first, diagnostic.code))
                return False
        return True

    def unused(self, known: set[str]) -> list[Diagnostic]:
        """W0903 for each entry of a card's ``allow`` in a pack asked for that silenced no
        warning of the card: call after :meth:`keeps` saw every diagnostic of a load without
        errors (a card with an error skips some checks, so their warnings are not told)."""
        out = []
        for entry, index, code in self.card_allows:
            first, _ = entry.file.lines_of(entry.path)
            allow, root = self._pack_of(entry.file.display)
            if not root or code not in known or (entry.file.display, first, code) in self.used:
                continue
            if code in allow or code in NOT_ON_A_CARD or code == UNSILENCED:
                continue  # the pack's allow silenced it first; or told by check_allow_lists
            message = (
                f"`{code}` is told of nothing in this card: its `allow` of it silences nothing"
            )
            out.append(warning("W0903", message, entry.span(("allow", index)), "remove it"))
        return out + self._unused_in_manifests(known)

    def _unused_in_manifests(self, known: set[str]) -> list[Diagnostic]:
        """W0903 for each entry of the ``allow`` of a pack asked for that silenced no warning
        of the pack, as a card's (E166: an entry kept "in case" hides the next warning of
        that code the pack is told, unseen). Unknown codes, another game's and W0903 itself
        are told by :func:`check_allow_lists`."""
        out = []
        for manifest in self.roots:
            folder = absolute(manifest.folder)
            # A mod asked for with it may replace its cards, and a warning of a replaced card
            # is told in the mod's file: the entry is needed when the pack is validated alone
            # (tune's mod of a pack adding a sixteenth faction: its `allow: [W0902]` was told
            # stale). So a code told in the folder of a pack depending on it is not judged.
            dependents = {absolute(r.folder) for r in self.roots if manifest.id in r.depends}
            entries = manifest.file.data.get("allow", [])
            for index, code in enumerate(entries if isinstance(entries, list) else []):
                if not isinstance(code, str) or code not in known or code == UNSILENCED:
                    continue
                if (folder, code) in self.pack_used:
                    continue
                if any((dependent, code) in self.seen for dependent in dependents):
                    continue
                message = (
                    f"`{code}` is told of nothing in this pack: pack.yaml's `allow` of it "
                    "silences nothing"
                )
                span = manifest.file.span(("allow", index))
                out.append(warning("W0903", message, span, "remove it"))
        return out


def check_allow_lists(
    manifests: Iterable[Manifest], content: Content, game: str | None = None
) -> list[Diagnostic]:
    """W0903 for allow entries that silence nothing: not a warning code anyone emits, a
    warning of another game (``game``'s packs never get it), or, on a card, a warning never
    told inside a card. Each validated clean and silenced nothing."""
    own, others = _game_warnings(game)
    known = known_warnings(own)
    out = []
    for manifest in manifests:
        for index, code in enumerate(manifest.file.data.get("allow", [])):
            span = manifest.file.span(("allow", index))
            found = _never_fires(code, known, others, game, span, on_card=False)
            out += [found] if found is not None else []
    for entry in content.entries():
        allow = entry.data.get("allow") if isinstance(entry.data, dict) else None
        for index, code in enumerate(allow if isinstance(allow, list) else []):
            refused = entry.refuses(("allow", index))  # not a code at all: E0601 said so
            if isinstance(code, str) and not refused:
                span = entry.span(("allow", index))
                found = _never_fires(code, known, others, game, span, on_card=True)
                out += [found] if found is not None else []
    return out


def game_known_warnings(game: str | None) -> set[str]:
    """Every warning code a pack of ``game`` may be told."""
    return known_warnings(_game_warnings(game)[0])


def _game_warnings(game: str | None) -> tuple[set[str], dict[str, str]]:
    """The warning codes of ``game``'s own checks, and those of every other installed game
    (code -> the game), so that an allow of another game's warning is told as such."""
    from whitedwarf.dsl.packs.games import game_spec, installed_games

    own: set[str] = set()
    others: dict[str, str] = {}
    for name in sorted(installed_games()):
        try:
            codes = game_spec(name).codes
        except Exception:  # a broken third-party game: its codes stay unknown
            continue
        for code in codes:
            if not code.startswith("W"):
                continue
            if name == game:
                own.add(code)
            else:
                others.setdefault(code, name)
    return own, {code: name for code, name in others.items() if code not in own}


def _never_fires(
    code: str,
    known: set[str],
    others: dict[str, str],
    game: str | None,
    span: Span | None,
    on_card: bool,
) -> Diagnostic | None:
    """W0903 when an allow of ``code`` can silence nothing here, else None."""
    if code in others:
        message = (
            f"`{code}` is a warning of `game: {others[code]}` packs: a `game: {game}` pack "
            "never gets it"
        )
        return warning("W0903", message, span, "remove it from `allow`")
    if code not in known:
        return _unknown(code, known, span)
    if code == UNSILENCED:
        message = (
            f"`{code}` cannot be silenced: it tells of the entries of `allow` lists that "
            "silence nothing, and silencing it would hide them all"
        )
        return warning(
            "W0903", message, span, "remove it, and fix or remove the entries it tells of"
        )
    if on_card and code in NOT_ON_A_CARD:
        message = (
            f"`{code}` is told for {NOT_ON_A_CARD[code]}, never inside a card: "
            "this card's `allow` of it silences nothing"
        )
        return warning("W0903", message, span, "write it in pack.yaml's `allow` instead")
    return None


def _unknown(code: str, known: set[str], span: Span | None) -> Diagnostic:
    hint = did_you_mean(code, known) or "docs/diagnostics.md lists the warning codes"
    return warning("W0903", f"`{code}` is not a warning code", span, hint)
