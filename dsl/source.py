"""Where an effect string came from, so diagnostics can point into the YAML file."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from whitedwarf.dsl.diagnostics import HOSTILE_CHARACTERS, Span

Locator = Callable[[int], tuple[int, int]]


@dataclass(frozen=True)
class EffectSource:
    """An effect's text and a map from offsets in it to 1-based (line, column) in its file.

    For block scalars the map skips the indentation; for quoted scalars it skips escapes;
    the pack loader builds it from the YAML node (see dsl/packs/yamlsource.py).
    """

    text: str
    path: str
    locate: Locator
    #: Lines of the file that YAML joined into one line of ``text`` (a quoted, plain or
    #: ``>`` scalar folds each line break into a space); 0 when the lines were kept.
    joined_lines: int = 0

    def span(self, start: int, end: int | None = None) -> Span:
        """The file span of ``text[start:end]``."""
        line, column = self.locate(start)
        if end is None or end <= start:
            return Span(self.path, line, column)
        end_line, end_column = self.locate(end - 1)
        return Span(self.path, line, column, end_line, end_column + 1)

    def first_code(self) -> int:
        """The offset of the text's first character that is not white space (0 when it is all
        white space): where a diagnostic about the whole effect starts, so one whose text
        begins with a line break (a block scalar's blank first line) points at its first
        word, not at the empty line before it."""
        return len(self.text) - len(self.text.lstrip()) if self.text.strip() else 0

    @classmethod
    def standalone(
        cls, text: str, path: str = "<effect>", line: int = 1, column: int = 1
    ) -> EffectSource:
        """A source whose text sits verbatim in its file at (line, column)."""
        starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                starts.append(index + 1)

        def locate(offset: int) -> tuple[int, int]:
            offset = max(0, min(offset, len(text)))
            row = _row_of(starts, offset)
            col = offset - starts[row] + 1
            return line + row, (column + col - 1) if row == 0 else col

        return cls(text, path, locate)


def _row_of(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if starts[mid] <= offset:
            low = mid
        else:
            high = mid - 1
    return low


def hostile_character(text: str) -> tuple[int, str, str] | None:
    """The first character of ``text`` that :data:`HOSTILE_CHARACTERS` refuses, as ``(offset,
    message, hint)`` for an E0514 diagnostic, or None when the text is plain."""
    found = HOSTILE_CHARACTERS.search(text)
    if found is None:
        return None
    char = found.group()
    if 0xD800 <= ord(char) <= 0xDFFF:  # from an escape: a file of UTF-8 cannot hold one
        message = (
            f"this text holds U+{ord(char):04X}, half of a UTF-16 surrogate pair and not a "
            "character"
        )
        hint = "write the character itself, or the escape of its code point (`\\U0001F31F`)"
        return found.start(), message, hint
    name = unicodedata.name(char, "non-printing character").lower()
    message = f"this text holds the invisible character U+{ord(char):04X} ({name})"
    hint = "remove it: pack texts are plain characters (tabs and line breaks are fine)"
    return found.start(), message, hint
