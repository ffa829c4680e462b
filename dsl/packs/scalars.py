"""Where each character of a YAML scalar's value sits in the raw file text.

ruamel.yaml gives the start and end of a scalar but not where each of its characters came
from, and a designer's effect string is often a block scalar (``|``, ``>``) or a quoted one
with escapes. To point a DSL error at the exact column we re-scan the raw text of the scalar
with the YAML 1.2 rules of its style and record, for every character of the value, the index
in the file it came from. The scan must reproduce the value ruamel parsed; when it does not
(a style corner we do not model), :func:`scalar_offsets` returns None and the caller falls
back to the scalar's start, which is never wrong, only coarse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

_BLANK = " \t"
_SIMPLE_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
    "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
    "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029",
}  # fmt: skip
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


@dataclass
class _Builder:
    """The value being rebuilt and, for each of its characters, its index in the file."""

    chars: list[str] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)

    def add(self, char: str, index: int) -> None:
        self.chars.append(char)
        self.offsets.append(index)

    def add_run(self, text: str, index: int) -> None:
        """``text``, copied verbatim from the file starting at ``index``."""
        self.chars.extend(text)
        self.offsets.extend(range(index, index + len(text)))

    def text(self) -> str:
        return "".join(self.chars)

    def pop(self) -> None:
        self.chars.pop()
        self.offsets.pop()


def scalar_offsets(
    text: str, start: int, end: int, style: str | None, value: str
) -> list[int] | None:
    """File indexes of each character of ``value`` plus one for its end, or None.

    ``text`` is the whole file, ``start``/``end`` the scalar's marks, ``style`` its ruamel style
    (None plain, ``'`` ``"`` ``|`` ``>``) and ``value`` the string ruamel parsed.
    """
    if style in ("|", ">"):
        return _block(text, start, end, style, value)
    if style == "'":
        built = _flow(text, start + 1, end - 1, _single_line)
    elif style == '"':
        built = _flow(text, start + 1, end - 1, _double_line)
    else:
        built = _flow(text, start, end, _plain_line)
    return _finish(built, value, end if style is None else end - 1)


def _finish(built: _Builder | None, value: str, end: int) -> list[int] | None:
    if built is None or built.text() != value:
        return None
    return [*built.offsets, end]


def _lines(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The physical lines of ``text[start:end]`` with the file index of each line's start."""
    out: list[tuple[int, str]] = []
    index = start
    for piece in text[start:end].split("\n"):
        out.append((index, piece))
        index += len(piece) + 1
    return out


# Flow scalars (plain, single- and double-quoted) fold their line breaks the same way:
# surrounding blanks are trimmed, one break becomes a space and n breaks become n-1 newlines.


def _flow(
    text: str, start: int, end: int, scan_line: Callable[[_Builder, str, int], bool | None]
) -> _Builder | None:
    lines = _lines(text, start, end)
    out = _Builder()
    pending_breaks: list[int] = []  # file indexes of line breaks not emitted yet
    joined = True  # the previous line ended with an escaped line break
    last = len(lines) - 1
    for number, (index, raw) in enumerate(lines):
        body, lead = _trim(raw, first=number == 0, last=number == last)
        if not body and 0 < number < last:
            pending_breaks.append(index + len(raw))
            continue
        if number > 0:
            _fold(out, pending_breaks, joined)
        pending_breaks = [index + len(raw)]
        scanned = scan_line(out, body, index + lead)
        if scanned is None:  # a bad escape
            return None
        joined = scanned
    return out


def _fold(out: _Builder, breaks: list[int], joined: bool) -> None:
    """Emit what the line breaks between two lines of a flow scalar fold into."""
    if len(breaks) == 1:
        if not joined:
            out.add(" ", breaks[0])
        return
    for index in breaks[1:]:
        out.add("\n", index)


def _trim(raw: str, first: bool, last: bool) -> tuple[str, int]:
    """A flow line without the blanks the folding rules drop; also the count dropped in front."""
    body = raw if first else raw.lstrip(_BLANK)
    lead = len(raw) - len(body)
    if not last:
        stripped = body.rstrip(_BLANK)
        # A blank after a backslash is an escape (``\ ``), not trailing white space.
        if _ends_with_escape(stripped) and len(stripped) < len(body):
            stripped = body[: len(stripped) + 1]
        body = stripped
    return body, lead


def _ends_with_escape(body: str) -> bool:
    slashes = len(body) - len(body.rstrip("\\"))
    return slashes % 2 == 1


def _plain_line(out: _Builder, body: str, index: int) -> bool:
    out.add_run(body, index)
    return False


def _single_line(out: _Builder, body: str, index: int) -> bool:
    offset = 0
    while offset < len(body):
        out.add(body[offset], index + offset)
        offset += 2 if body.startswith("''", offset) else 1
    return False


def _double_line(out: _Builder, body: str, index: int) -> bool | None:
    """Scan one line of a double-quoted scalar; True when it ends with an escaped break."""
    offset = 0
    while offset < len(body):
        char = body[offset]
        if char != "\\":
            out.add(char, index + offset)
            offset += 1
            continue
        if offset + 1 == len(body):
            return True  # ``\`` at the end of a line joins the next line without a space
        step = _escape(out, body, offset, index + offset)
        if step is None:
            return None
        offset += step
    return False


def _escape(out: _Builder, body: str, offset: int, index: int) -> int | None:
    code = body[offset + 1]
    if code in _SIMPLE_ESCAPES:
        out.add(_SIMPLE_ESCAPES[code], index)
        return 2
    width = _HEX_ESCAPES.get(code)
    digits = body[offset + 2 : offset + 2 + width] if width else ""
    if not width or len(digits) != width:
        return None
    try:
        out.add(chr(int(digits, 16)), index)
    except ValueError:
        return None
    return 2 + width


# Block scalars: a header line (``|`` or ``>``, an optional indentation digit and chomping
# indicator), then lines indented by n spaces; ``|`` keeps every break, ``>`` folds breaks
# between two ordinary lines into spaces.


@dataclass(frozen=True)
class _Header:
    chomp: str  # "-" strip, "+" keep, "" clip
    body_start: int  # file index of the first content line


def _block(text: str, start: int, end: int, style: str, value: str) -> list[int] | None:
    header = _header(text, start)
    if header is None:
        return None
    if style == ">":
        value = value.replace("\a", "")  # ruamel's round-trip marker of a folded break
    lines = _lines(text, header.body_start, end)
    if lines and not lines[-1][1].strip(" "):
        lines.pop()  # the piece after the final break, or a blank less-indented tail
    for indent in _indent_candidates(lines):
        built = _block_body(lines, indent, style, header.chomp)
        if built is not None and built.text() == value:
            return [*built.offsets, _block_end(built, lines, header.body_start)]
    return None


def _header(text: str, start: int) -> _Header | None:
    newline = text.find("\n", start)
    if newline < 0:
        return None
    indicators = text[start + 1 : newline].split("#", 1)[0].strip()
    chomp = "-" if "-" in indicators else "+" if "+" in indicators else ""
    return _Header(chomp, newline + 1)


def _indent_candidates(lines: list[tuple[int, str]]) -> list[int]:
    """The auto-detected indentation first, then smaller ones (explicit indicators)."""
    for _, raw in lines:
        if raw.strip(" "):
            detected = len(raw) - len(raw.lstrip(" "))
            return [detected, *range(detected - 1, 0, -1)]
    return [0]


def _block_body(
    lines: list[tuple[int, str]], indent: int, style: str, chomp: str
) -> _Builder | None:
    found = [_block_row(index, raw, indent) for index, raw in lines]
    rows = [row for row in found if row is not None]
    if len(rows) != len(found):  # a line under the block's indentation
        return None
    content = [number for number, row in enumerate(rows) if row[2]]
    out = _Builder()
    if not content:
        return out
    last = content[-1]
    if style == "|":
        _literal(out, rows[: last + 1])
    else:
        _folded(out, rows[: last + 1])
    _chomp(out, rows, last, chomp)
    return out


def _block_row(index: int, raw: str, indent: int) -> tuple[int, int, str] | None:
    """(file index of the line, its break's index, its content) or None if under-indented."""
    if not raw.strip(" ") and len(raw) <= indent:
        return index, index + len(raw), ""
    if raw[:indent].strip(" "):
        return None
    return index + indent, index + len(raw), raw[indent:]


def _literal(out: _Builder, rows: list[tuple[int, int, str]]) -> None:
    for start, brk, content in rows:
        out.add_run(content, start)
        out.add("\n", brk)
    out.pop()  # the final break belongs to chomping


def _folded(out: _Builder, rows: list[tuple[int, int, str]]) -> None:
    previous: tuple[int, int, str] | None = None
    empties: list[int] = []
    for row in rows:
        start, brk, content = row
        if not content:
            empties.append(brk)
            continue
        if previous is None:
            for index in empties:
                out.add("\n", index)
        elif empties or _spaced(previous[2]) or _spaced(content):
            if _spaced(previous[2]) or _spaced(content):
                out.add("\n", previous[1])
            for index in empties:
                out.add("\n", index)
        else:
            out.add(" ", previous[1])
        out.add_run(content, start)
        previous, empties = row, []


def _spaced(content: str) -> bool:
    return content[:1] in (" ", "\t")


def _chomp(out: _Builder, rows: list[tuple[int, int, str]], last: int, chomp: str) -> None:
    if chomp == "-":
        return
    out.add("\n", rows[last][1])
    if chomp == "+":
        for _, brk, _ in rows[last + 1 :]:
            out.add("\n", brk)


def _block_end(built: _Builder, lines: list[tuple[int, str]], body_start: int) -> int:
    """Where "the end of the effect" points: just after its last character."""
    for char, index in zip(reversed(built.chars), reversed(built.offsets), strict=True):
        if char != "\n":
            return index + 1
    return lines[0][0] if lines else body_start
