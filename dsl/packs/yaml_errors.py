"""YAML syntax errors in words, at the line the designer has to change (E0501).

ruamel.yaml reports where its scanner or parser gave up, in its own terms ("mapping values are
not allowed here", "expected <block end>, but found '?'"), often a line or two after the slip:
a line dedented out of a ``|`` block is only noticed when the next key fails. :func:`explain`
recognises the common slips from the error, its marks and the text, and says each in words at
the place to fix, with a hint; anything else keeps the parser's words.

Each rule is a small function ``(_Error) -> _Said | None``; the first that recognises the
error wins. tests/packs/test_yaml_errors.py has one example per rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ruamel.yaml.error import YAMLError
from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error

_BLOCK_HEADER = re.compile(r"(?:^|:\s|-\s)\s*[|>][0-9+-]*\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*(?:-\s+)*([^\s:#'\"{[][^:#]*?):(?:\s|$)")
_NO_SPACE_AFTER_COLON = re.compile(r"^\s*(?:-\s+)*([A-Za-z_][\w ]*):(\S)")


@dataclass(frozen=True)
class _Error:
    """A ruamel error with its marks (0-based) and the file's lines."""

    problem: str
    context: str
    line: int  # where the parser gave up
    column: int
    context_line: int | None  # where the construct it was reading began
    context_column: int | None
    lines: list[str]

    def text(self, line: int) -> str:
        return self.lines[line] if 0 <= line < len(self.lines) else ""


@dataclass(frozen=True)
class _Said:
    """What to report: a message, a hint, and where (0-based line, column, width)."""

    message: str
    hint: str | None
    line: int
    column: int
    width: int = 1


def explain(exc: YAMLError, text: str, display: str) -> Diagnostic | None:
    """The diagnostic for a YAML syntax error, or None when ``exc`` carries no place."""
    problem_mark = getattr(exc, "problem_mark", None)
    if problem_mark is None:
        return None
    context_mark = getattr(exc, "context_mark", None)
    err = _Error(
        str(getattr(exc, "problem", "") or ""),
        str(getattr(exc, "context", "") or ""),
        problem_mark.line,
        problem_mark.column,
        context_mark.line if context_mark is not None else None,
        context_mark.column if context_mark is not None else None,
        text.split("\n"),
    )
    said = next((s for rule in RULES if (s := rule(err)) is not None), None) or _raw(err)
    line, column = _clamp(err.lines, said.line, said.column)
    span = Span(display, line + 1, column + 1, line + 1, column + 1 + max(1, said.width))
    return error("E0501", said.message, span, said.hint)


def _clamp(lines: list[str], line: int, column: int) -> tuple[int, int]:
    """Keep a place inside the file: the end of the stream is the end of the last line."""
    if line >= len(lines):
        line = len(lines) - 1
        while line > 0 and not lines[line].strip():
            line -= 1
        column = len(lines[line])
    return line, min(column, len(lines[line]))


def _raw(err: _Error) -> _Said:
    context = f" ({err.context})" if err.context else ""
    return _Said(f"invalid YAML: {err.problem}{context}", None, err.line, err.column)


# --- the rules ------------------------------------------------------------------------------


def _tab(err: _Error) -> _Said | None:
    if "'\\t'" not in err.problem and "tab" not in err.problem:
        return None
    before = err.text(err.line)[: err.column]
    where = "in the indentation" if not before.strip(" \t-") else "here"
    return _Said(
        f"a tab {where}: YAML indents with spaces only",
        "replace the tab with spaces (set your editor to insert spaces for Tab)",
        err.line,
        err.column,
    )


def _unclosed_quote(err: _Error) -> _Said | None:
    if "quoted scalar" not in err.context or err.context_line is None:
        return None
    quote = err.text(err.context_line)[err.context_column or 0 : (err.context_column or 0) + 1]
    if "end of stream" in err.problem or "document separator" in err.problem:
        return _Said(
            f"the quote `{quote}` here is never closed",
            f"close it with `{quote}` at the end of the text, or drop the quotes: most text "
            "needs none",
            err.context_line,
            err.context_column or 0,
        )
    if "escape" in err.problem:
        return _Said(
            "a `\\` in double quotes starts an escape, and this one is not a known escape",
            "use single quotes ('...'), where `\\` is plain text, or write `\\\\`",
            err.line,
            err.column,
        )
    return None


def _unclosed_bracket(err: _Error) -> _Said | None:
    if not err.context.startswith("while parsing a flow") or err.context_line is None:
        return None
    opening = err.text(err.context_line)[err.context_column or 0 : (err.context_column or 0) + 1]
    closing = {"{": "}", "[": "]"}.get(opening, "")
    if err.context_line != err.line and closing:
        return _Said(
            f"the `{opening}` here is never closed",
            f"close it with `{closing}` before the end of its line",
            err.context_line,
            err.context_column or 0,
        )
    if "got ':'" in err.problem:
        return _Said(
            f"a `: ` inside a value of this `{opening}...{closing}`, which YAML reads as "
            "another key",
            "quote the value ('...'), or write the entry as `key: value` lines",
            err.line,
            err.column,
        )
    return None


def _dedented_block_line(err: _Error) -> _Said | None:
    """A line less indented than its ``|``/``>`` block: it ends the block, silently at first."""
    if "simple key" in err.context and err.context_line is not None:
        line = err.context_line
    elif "expected <block end>" in err.problem:
        line = err.line
    else:
        return None
    header = block_header_above(err.lines, line)
    if header is None:
        return None
    header_line, block_indent = header
    key = _KEY.match(err.text(header_line))
    what = f"the `{key.group(1).strip()}` block" if key else "the block"
    return _Said(
        f"this line is less indented than {what} that starts on line {header_line + 1}, "
        "so it ends the block",
        f"indent it by {block_indent} spaces like the lines above it",
        line,
        _indent(err.text(line)),
        len(err.text(line).strip()),
    )


def block_header_above(lines: list[str], line: int) -> tuple[int, int] | None:
    """(header line, indentation of the block's text) of a block scalar ``line`` fell out of."""
    indent = _indent(lines[line]) if line < len(lines) else 0
    block_indent: int | None = None  # the least indentation of the lines between
    for above in range(line - 1, -1, -1):
        text = lines[above]
        if not text.strip():
            continue
        here = _indent(text)
        if block_indent is not None and _BLOCK_HEADER.search(text) and here <= indent:
            return (above, block_indent) if indent < block_indent else None
        if here <= indent:
            return None  # a sibling or a parent of the line: no block in between
        block_indent = here if block_indent is None else min(block_indent, here)
    return None


def _colon_in_value(err: _Error) -> _Said | None:
    if "mapping values are not allowed" not in err.problem:
        return None
    text = err.text(err.line)
    key = _KEY.match(text[: err.column + 1])
    if key is None or key.end() > err.column:
        return None
    name = key.group(1).strip()
    return _Said(
        f"the value of `{name}` contains `: `, which YAML reads as the start of another key",
        f"quote the {name} or use `|`: `{name}: |` and the text on the lines below, indented",
        err.line,
        err.column,
    )


def _over_indented_key(err: _Error) -> _Said | None:
    if "mapping values are not allowed" not in err.problem:
        return None
    text = err.text(err.line)
    above = _previous_code_line(err.lines, err.line)
    if above is None or _indent(text) <= _indent(err.lines[above]):
        return None
    key = _KEY.match(text)
    name = f"`{key.group(1).strip()}`" if key else "this line"
    return _Said(
        f"{name} is indented more than line {above + 1} above it, so YAML reads it as part "
        "of that line's value",
        f"start it in column {_indent(err.lines[above]) + 1}, like the line above",
        err.line,
        _indent(text),
        len(text.strip()),
    )


def _missing_space_after_colon(err: _Error) -> _Said | None:
    if "simple key" not in err.context or err.context_line is None:
        return None
    text = err.text(err.context_line)
    found = _NO_SPACE_AFTER_COLON.match(text)
    if found is None:
        return None
    return _Said(
        f"`{found.group(1)}:` needs a space after the `:`",
        f"write `{found.group(1)}: {text[found.end(1) + 1 :].strip()}`",
        err.context_line,
        found.end(1),
    )


def _line_without_key(err: _Error) -> _Said | None:
    if "simple key" not in err.context or err.context_line is None:
        return None
    text = err.text(err.context_line)
    return _Said(
        "this line is neither `key: value` nor a list item `- ...`",
        "write it as `key: value`, or indent it to continue the value above it",
        err.context_line,
        _indent(text),
        len(text.strip()),
    )


def _missing_dash(err: _Error) -> _Said | None:
    if "block collection" not in err.context or err.context_column is None:
        return None
    if err.column != err.context_column or "found '-'" in err.problem:
        return None
    line = err.text(err.line).strip()
    hint = f"write `- {line}`"
    item = re.match(r"(\s*)- [^\s:]+:", err.text(err.context_line or 0))
    if item is not None and re.match(r"[^\s:]+:", line):  # `name: T` under `- id: t1`
        hint = (
            f"indent it to column {len(item.group(1)) + 3}, like the fields of the item "
            f"above, if it is one of them; else {hint} for a new item"
        )
    return _Said(
        f"a new item of the list that starts on line {(err.context_line or 0) + 1} needs "
        "`- ` in front",
        hint,
        err.line,
        err.column,
    )


def _list_item_in_mapping(err: _Error) -> _Said | None:
    if "found '-'" not in err.problem or "block mapping" not in err.context:
        return None
    return _Said(
        "a list item `- ` where this mapping expects another `key: value`",
        "put the list under a key (`key:` and the `- ` lines indented below it), "
        "or indent the `- ` like the items of its list",
        err.line,
        err.column,
    )


def _misaligned(err: _Error) -> _Said | None:
    if "expected <block end>" not in err.problem or err.context_column is None:
        return None
    above = _previous_code_line(err.lines, err.line)
    column = _key_column(err.lines[above]) if above is not None else err.context_column
    return _Said(
        f"this line is indented {_spaces(_indent(err.text(err.line)))}, which matches no "
        f"level above it (line {(above or 0) + 1} starts in column {column + 1})",
        "line up the keys of one mapping, and the `- ` of one list, in the same column",
        err.line,
        err.column,
    )


def _reserved_start(err: _Error) -> _Said | None:
    found = re.search(r"found character '(.)' that cannot start any token", err.problem)
    if found is None:
        return None
    char = found.group(1)
    named = "a backquote (`)" if char == "`" else f"`{char}`"
    return _Said(
        f"{named} cannot start a value in YAML",
        "quote the value: put it in '...'",
        err.line,
        err.column,
    )


def _block_indicator_value(err: _Error) -> _Said | None:
    """``base: >=1.0,<2`` in ``depends``: a version range starting with ``>`` begins a text block.
    (``effect: |x``, a slip in a block header, keeps the parser's words.)"""
    if "expected chomping or indentation indicators" not in err.problem:
        return None
    text = err.text(err.line)
    start = err.column - 1
    while start > 0 and text[start] not in ">|":
        start -= 1
    if text[start : start + 1] != ">" or text[start + 1 : start + 2] not in ("=", "<", ">"):
        return None
    value = text[start:].split(" #")[0].strip().rstrip(",}")
    return _Said(
        "a value starting with `>` begins a block of text in YAML",
        f'quote the value: `"{value}"`',
        err.line,
        start,
        len(value),
    )


def _alias(err: _Error) -> _Said | None:
    found = re.search(r"found undefined alias '([^']*)'", err.problem)
    if found is None:
        return None
    name = found.group(1)
    return _Said(
        f"`*{name}` reads as a YAML alias (a reference to an `&{name}` anchor), and there is "
        "no such anchor",
        f"quote the text: `'{err.text(err.line)[err.column :].strip()}'`",
        err.line,
        err.column,
        len(name) + 1,
    )


def _runaway_quote(err: _Error) -> _Said | None:
    """A quote left open on its line runs on until the next quote, and breaks a later line."""
    if "quoted scalar" in err.context:
        return None
    for above in range(err.line - 1, max(-1, err.line - 50), -1):
        found = _OPEN_QUOTE.match(err.text(above))
        if found is not None:
            quote = found.group(1)
            return _Said(
                f"the quote `{quote}` on line {above + 1} is not closed on its line, so the "
                f"text runs on until the next `{quote}`",
                f"close it with `{quote}` at the end of line {above + 1}, or drop the quotes",
                above,
                found.start(1),
            )
    return None


_OPEN_QUOTE = re.compile(r"""^\s*(?:-\s+)*(?:[^\s:#'"][^:#]*:\s+)?(["'])(?!.*\1\s*(?:#.*)?$)""")


def _text_after_quote(err: _Error) -> _Said | None:
    """``text: 'It's here'``: the quote closes early and the rest is left over."""
    text = err.text(err.line)
    before = text[: err.column].rstrip()
    if "found '<scalar>'" not in err.problem or not before or before[-1] not in "'\"":
        return None
    quote = before[-1]
    inside = "write it twice (`''`)" if quote == "'" else 'write it as `\\"`'
    return _Said(
        f"the value goes on after its closing quote `{quote}`",
        f"to put a `{quote}` inside a quoted value, {inside}; or drop the quotes",
        err.line,
        len(before) - 1,
    )


def _key_column(text: str) -> int:
    """Where the key of a ``key: value`` or ``- key: value`` line starts."""
    found = re.match(r"\s*(?:-\s+)*", text)
    return found.end() if found else 0


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _spaces(count: int) -> str:
    return f"{count} space{'' if count == 1 else 's'}"


def _previous_code_line(lines: list[str], line: int) -> int | None:
    for above in range(line - 1, -1, -1):
        if lines[above].strip() and not lines[above].lstrip().startswith("#"):
            return above
    return None


# Most specific first: a dedented block line also looks like a line without a key.
RULES: tuple[Callable[[_Error], _Said | None], ...] = (
    _tab,
    _unclosed_quote,
    _runaway_quote,
    _text_after_quote,
    _unclosed_bracket,
    _dedented_block_line,
    _colon_in_value,
    _over_indented_key,
    _missing_space_after_colon,
    _line_without_key,
    _missing_dash,
    _list_item_in_mapping,
    _misaligned,
    _reserved_start,
    _block_indicator_value,
    _alias,
)
