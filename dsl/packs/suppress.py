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
from whitedwarf.dsl.packs.content import Content
from whitedwarf.dsl.packs.manifest import Manifest
from whitedwarf.dsl.packs.paths import absolute
from whitedwarf.dsl.suggest import did_you_mean


def known_warnings() -> set[str]:
    """Every warning code a pack may silence."""
    codes = {code for code in PACK_CODES if code.startswith("W")}
    try:
        from whitedwarf.dsl.codes import DSL_CODES
    except ImportError:  # the effect language's table is optional for this pass
        DSL_CODES = {}
    return codes | {code for code in DSL_CODES if code.startswith("W")}


@dataclass
class Silencer:
    """Which warnings to drop, by file and line range.

    A diagnostic's place is its file as shown (relative to the current folder, or absolute);
    the packs are matched by absolute folder, so the pack's folder shown as ``.`` (the
    command run inside it) silences ``techs.yaml`` as ``mymod/`` silences ``mymod/techs.yaml``.
    """

    packs: list[tuple[Path, frozenset[str], bool]] = field(default_factory=list)
    card_ranges: dict[str, list[tuple[int, int, frozenset[str]]]] = field(default_factory=dict)

    def add_pack(self, manifest: Manifest, root: bool) -> None:
        """Silence ``manifest.allow`` in the pack's folder; drop all its warnings if not a root."""
        self.packs.append((absolute(manifest.folder), manifest.allow, root))
        self.packs.sort(key=lambda pack: -len(pack[0].parts))  # the innermost folder wins

    def _pack_of(self, path: str) -> tuple[frozenset[str], bool]:
        full = absolute(path)
        for folder, allow, root in self.packs:
            if full.is_relative_to(folder):
                return allow, root
        return frozenset(), True

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

    def keeps(self, diagnostic: Diagnostic) -> bool:
        """Whether ``diagnostic`` survives the allow lists."""
        span = diagnostic.span
        if diagnostic.is_error or span is None:
            return True
        allow, root = self._pack_of(span.path)
        if not root or diagnostic.code in allow:
            return False
        for first, last, codes in self.card_ranges.get(span.path, []):
            if first <= span.line <= last and diagnostic.code in codes:
                return False
        return True


def check_allow_lists(manifests: Iterable[Manifest], content: Content) -> list[Diagnostic]:
    """W0903 for allow entries that are not warning codes anyone emits."""
    known = known_warnings()
    out = []
    for manifest in manifests:
        for index, code in enumerate(manifest.file.data.get("allow", [])):
            if code not in known:
                out.append(_unknown(code, known, manifest.file.span(("allow", index))))
    for entry in content.entries():
        allow = entry.data.get("allow") if isinstance(entry.data, dict) else None
        for index, code in enumerate(allow if isinstance(allow, list) else []):
            refused = entry.refuses(("allow", index))  # not a code at all: E0601 said so
            if isinstance(code, str) and code not in known and not refused:
                out.append(_unknown(code, known, entry.span(("allow", index))))
    return out


def _unknown(code: str, known: set[str], span: Span | None) -> Diagnostic:
    hint = did_you_mean(code, known) or "docs/diagnostics.md lists the warning codes"
    return warning("W0903", f"`{code}` is not a warning code", span, hint)
