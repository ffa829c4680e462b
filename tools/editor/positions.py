"""Columns as the editor counts them and as whitedwarf counts them.

whitedwarf's spans, the effect scanner and the card index count a line's characters (Python
``str`` indices: code points). The protocol counts in the position encoding agreed at
``initialize``: UTF-16 code units unless the client offers ``utf-8`` or ``utf-32`` and the
server picks it (pygls picks the first of the client's it knows; the server advertises it in
``capabilities.positionEncoding``). A character outside the Basic Multilingual Plane (an
emoji, a CJK extension ideograph) is 2 UTF-16 units and 4 UTF-8 units, so every column after
it must be converted both ways: a position the client sends is turned into characters before
the text is looked at, and a position the server sends is turned into the client's units.
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types

UTF8 = types.PositionEncodingKind.Utf8
UTF16 = types.PositionEncodingKind.Utf16
UTF32 = types.PositionEncodingKind.Utf32


def _units(text: str, encoding: str) -> int:
    """How many code units of ``encoding`` ``text`` takes (a lone surrogate is one unit,
    as the editor that sent it counts it)."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


BOM = "\ufeff"


class EditorLines(list[str]):
    """A document's lines as whitedwarf counts them (its reader drops a byte order mark,
    ``yamlsource._normalise``), knowing whether the editor's text starts with one: an editor
    that keeps the mark counts it as line 1's first character, so every column of line 1
    is one further on there (:class:`Columns`)."""

    bom: bool = False


def editor_lines(source: str, lines: Sequence[str] | None = None) -> EditorLines:
    """``lines`` (by default the editor's ``source`` split) without a byte order mark,
    marked with whether ``source`` starts with one."""
    found = EditorLines(source.removeprefix(BOM).split("\n") if lines is None else lines)
    found.bom = source.startswith(BOM)
    return found


class Columns:
    """Converts columns of one document's lines between characters and the client's units."""

    def __init__(self, lines: Sequence[str], encoding: str | None) -> None:
        self.lines = lines
        self.encoding = encoding if encoding in (UTF8, UTF32) else UTF16
        #: The units of a byte order mark the editor has before line 1 and ``lines`` do not.
        self.lead = _units(BOM, self.encoding) if getattr(lines, "bom", False) else 0

    def _line(self, line: int) -> str:
        return self.lines[line] if 0 <= line < len(self.lines) else ""

    def to_client(self, line: int, column: int) -> int:
        """The client's units for character ``column`` of ``line`` (past the end: one unit a
        character, as an end just past the last character is)."""
        if line == 0 and self.lead:
            return self.lead + self._to_client(0, column)
        return self._to_client(line, column)

    def _to_client(self, line: int, column: int) -> int:
        text = self._line(line)
        if column <= 0:
            return column
        if column > len(text):
            return _units(text, self.encoding) + column - len(text)
        return _units(text[:column], self.encoding)

    def from_client(self, line: int, units: int) -> int:
        """The character column of the client's ``units`` on ``line``: a position inside a
        character (half a surrogate pair) is that character's start; past the end stays past
        it by as many units (so a position past the end still finds nothing); on line 1, the
        units of a byte order mark the editor keeps come off first (at or before the mark:
        column 0)."""
        if line == 0 and self.lead:
            units = max(0, units - self.lead)
        text = self._line(line)
        if units <= 0 or text.isascii() or self.encoding == UTF32:
            return units
        counted = 0
        for index, char in enumerate(text):
            width = _units(char, self.encoding)
            if counted + width > units:
                return index
            counted += width
        return len(text) + units - counted

    def position(self, line: int, column: int) -> types.Position:
        """A server position (characters) as the client's."""
        return types.Position(line=line, character=self.to_client(line, column))

    def range(self, line: int, start: int, end: int) -> types.Range:
        """A range on one line, from character columns, as the client's."""
        return types.Range(start=self.position(line, start), end=self.position(line, end))
