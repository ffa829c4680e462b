"""Diagnostics: every problem the authoring core finds, located and explained.

A :class:`Diagnostic` prints as ``path:line:col: error[E0301]: message`` followed by the
source line, a caret under the fault and, where one is known, ``help: ...``. Lines and
columns are 1-based everywhere in this module.
"""

from __future__ import annotations

import enum
import json
import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from whitedwarf.dsl.counts import counted

#: Characters no text of a pack and no effect may hold (E0514): control characters other than
#: tab and line feed (a terminal acts on ESC sequences, a carriage return sends the cursor
#: back over what was written, and a double-quoted YAML string can write them as `\e`, `\r`),
#: and the invisible ones that reorder or hide text (bidi overrides, zero-width space, byte
#: order mark), which make a name read as another, or a line read backwards. One rule for the
#: pack loader (every text of a file) and the effect compiler (an effect given to it directly)
#: (dsl/source.py hostile_character); a source excerpt shows each as U+FFFD, so a diagnostic
#: about one does not act on the terminal it is printed to. A lone surrogate (U+D800 to
#: U+DFFF, which a double-quoted YAML escape such as `"\ud800"` makes) is half of a UTF-16 pair
#: and no character at all: no UTF-8 output can hold it, and every command that wrote the
#: pack's data (a digest, a replay, JSON) stopped on it with an internal error.
HOSTILE_CHARACTERS = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff"
    "\ud800-\udfff]"
)


class Severity(enum.StrEnum):
    """How bad a problem is; errors make ``validate`` exit 1, warnings only with --strict."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Span:
    """A located stretch of a source file (1-based, end exclusive)."""

    path: str
    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None

    def shifted(self, lines: int = 0, columns: int = 0) -> Span:
        """Return this span moved by a number of lines and columns."""
        return Span(
            self.path,
            self.line + lines,
            self.column + columns,
            None if self.end_line is None else self.end_line + lines,
            None if self.end_column is None else self.end_column + columns,
        )


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: a stable code, a severity, a message, a place and maybe a hint."""

    code: str
    message: str
    span: Span | None = None
    hint: str | None = None
    severity: Severity = Severity.ERROR
    notes: tuple[str, ...] = field(default=())

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def headline(self) -> str:
        """``path:line:col: error[CODE]: message``."""
        where = "<unknown>"
        if self.span is not None:
            where = f"{self.span.path}:{self.span.line}:{self.span.column}"
        return f"{where}: {self.severity.value}[{self.code}]: {escaped(self.message)}"

    def to_json(self) -> dict[str, object]:
        """The stable JSON shape documented in docs/diagnostics.md."""
        span = self.span
        return {
            "file": span.path if span else None,
            "line": span.line if span else None,
            "column": span.column if span else None,
            "end_line": span.end_line if span else None,
            "end_column": span.end_column if span else None,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


class DiagnosticError(Exception):
    """Raised by a pass that cannot go on; carries every problem found so far."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.headline() for d in self.diagnostics))


class SourceLines:
    """Reads source lines for rendering, once per file."""

    def __init__(self, texts: dict[str, str] | None = None) -> None:
        self._texts: dict[str, list[str]] = {
            path: text.splitlines() for path, text in (texts or {}).items()
        }
        self._shown: dict[tuple[str, int], ShownLine | None] = {}

    def add(self, path: str, text: str) -> None:
        self._texts[path] = text.splitlines()

    def line(self, path: str, number: int) -> str | None:
        if path not in self._texts:
            if os.path.islink(path):
                # A link is shown only through the text the loader read from it, if any: a
                # link a pack may not follow must never have its target printed.
                self._texts[path] = []
                return None
            try:
                # Only a regular file is read for its line: a FIFO (or a device) that a
                # diagnostic names, E0507, would block the open until something wrote to it.
                if not stat.S_ISREG(os.stat(path).st_mode):
                    raise OSError(f"{path} is not a regular file")
                with open(path, encoding="utf-8", errors="replace") as handle:
                    self._texts[path] = handle.read().splitlines()
            except OSError:
                self._texts[path] = []
        lines = self._texts[path]
        return lines[number - 1] if 0 < number <= len(lines) else None

    def shown(self, path: str, number: int) -> ShownLine | None:
        """The line as an excerpt shows it, worked out once per line: a 2 MiB file written on
        one line (JSON is YAML) with an error at each of its 100,000 values would otherwise
        scan the whole line again for each of them."""
        key = (path, number)
        if key not in self._shown:
            source = self.line(path, number)
            self._shown[key] = None if source is None else ShownLine.of(source)
        return self._shown[key]


@dataclass(frozen=True)
class ShownLine:
    """A source line as an excerpt shows it: each hostile character as U+FFFD (one column
    each, as written), tabs expanded; ``columns[i]`` is where the line's character ``i``
    is shown (None: where it is written, the line having no tab)."""

    text: str
    columns: tuple[int, ...] | None

    @classmethod
    def of(cls, source: str) -> ShownLine:
        source = HOSTILE_CHARACTERS.sub("\ufffd", source)
        if "\t" not in source:
            return cls(source, None)
        columns, at = [], 0
        for character in source:
            columns.append(at)
            at = at + 4 - at % 4 if character == "\t" else at + 1
        columns.append(at)
        return cls(source.expandtabs(4), tuple(columns))

    def column(self, index: int) -> int:
        """Where the line's character ``index`` (0-based; past the end: the line's end) is shown."""
        if self.columns is None:
            return min(index, len(self.text))
        return self.columns[min(index, len(self.columns) - 1)]


def escaped(text: str) -> str:
    """``text`` with each of :data:`HOSTILE_CHARACTERS` written as its escape (``\\x1b``,
    ``\\u202e``): a message quoting a key or a value of a hostile file names the character
    instead of sending it to the terminal (an ESC sequence would clear the screen)."""
    if HOSTILE_CHARACTERS.search(text) is None:
        return text
    return HOSTILE_CHARACTERS.sub(lambda found: ascii(found.group())[1:-1], text)


def render_text(diagnostic: Diagnostic, sources: SourceLines) -> str:
    """Render one diagnostic with its source line, a caret and its hint."""
    out = [diagnostic.headline()]
    span = diagnostic.span
    line = sources.shown(span.path, span.line) if span else None
    if span is not None and line is not None:
        gutter = str(span.line)
        pad = " " * len(gutter)
        width = 1
        if span.end_line == span.line and span.end_column and span.end_column > span.column:
            width = span.end_column - span.column
        shown, at, width = _excerpt(line, span.column - 1, max(1, width))
        out.append(f"{pad} |")
        out.append(f"{gutter} | {shown}")
        out.append(f"{pad} | {' ' * at}{'^' * width}")
    for note in diagnostic.notes:
        out.append(f"  = note: {escaped(note)}")
    if diagnostic.hint:
        out.append(f"  = help: {escaped(diagnostic.hint)}")
    return "\n".join(out)


#: The widest source excerpt shown: a longer line (a 4,000-character effect on one line, a
#: hostile 5,000-character name) is cut to a window around the fault, marked with `...`.
EXCERPT_WIDTH = 120


def _excerpt(source: ShownLine, column: int, width: int) -> tuple[str, int, int]:
    """The line as shown (cut to :data:`EXCERPT_WIDTH` around the fault), where its caret
    starts and how many carets it has; the cost does not grow with the line's length."""
    line = source.text
    at = source.column(column)
    if len(line) <= EXCERPT_WIDTH:
        return line, at, width
    start = max(0, min(at - EXCERPT_WIDTH // 3, len(line) - EXCERPT_WIDTH))
    end = start + EXCERPT_WIDTH
    head = "..." if start > 0 else ""
    tail = "..." if end < len(line) else ""
    width = max(1, min(width, end - at))
    return head + line[start:end] + tail, at - start + len(head), width


def render_all_text(diagnostics: Iterable[Diagnostic], sources: SourceLines) -> str:
    """Render several diagnostics, separated by blank lines, with a summary."""
    items = list(diagnostics)
    blocks = [render_text(d, sources) for d in items]
    errors = sum(d.is_error for d in items)
    warnings = len(items) - errors
    blocks.append(f"{counted(errors, 'error')}, {counted(warnings, 'warning')}")
    return "\n\n".join(blocks)


def render_json(diagnostics: Iterable[Diagnostic], extra: dict[str, Any] | None = None) -> str:
    """Render diagnostics as the documented JSON document (with ``extra``'s fields added)."""
    items = [d.to_json() for d in diagnostics]
    errors = sum(1 for d in items if d["severity"] == "error")
    document = {
        "version": 1,
        "diagnostics": items,
        "summary": {"errors": errors, "warnings": len(items) - errors},
        **(extra or {}),
    }
    return json.dumps(document, indent=2)


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    """Order diagnostics by file, line, column, then code."""
    span = diagnostic.span
    if span is None:
        return ("", 0, 0, diagnostic.code)
    return (span.path, span.line, span.column, diagnostic.code)
