"""Safe, located YAML: a pack file as plain data plus where each value came from.

Content is untrusted (DESIGN principle 3), so a file is never given to a YAML constructor.
libyaml's parser (ruamel.yaml.clib) reads the text into events, :mod:`.yamlnodes` composes
them into nodes that carry a start and end mark for every key and value, scalars included,
and their style, and :class:`_Converter` turns those nodes into ``dict``/``list``/``str``/
``int``/``float``/``bool``/``None`` itself. Text libyaml cannot read goes through ruamel's pure
parser and composer instead, whose messages the syntax diagnostics are written for. So a
tag can never build an object: any tag but the standard scalar and collection ones is
refused with E0503. The size of the file, the depth of the data, the number of aliases and
the size of their expansion are all bounded (:mod:`.limits`).

Positions: :meth:`YamlFile.span` maps a data path such as ``(3, "effect")`` to a located
:class:`Span`, and :meth:`YamlFile.effect_source` builds the :class:`EffectSource` whose
``locate`` points at the exact file character of any offset of a DSL string (worked out
only when a diagnostic asks for it).
"""

from __future__ import annotations

import os
import re
import stat
import warnings
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer, ComposerError, MaxDepthExceededError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import AliasEvent
from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.limits import DEFAULT_LIMITS, Limits
from whitedwarf.dsl.packs.yamlnodes import (
    MappingNode,
    Node,
    ScalarNode,
    compose_events,
    from_ruamel,
)
from whitedwarf.dsl.source import EffectSource, hostile_character

DataPath = tuple[str | int, ...]

try:  # ruamel.yaml.clib: libyaml's scanner and parser, much faster than the pure ones
    from _ruamel_yaml import CParser as _CParser
except ImportError:  # pragma: no cover - platforms without the wheel use the pure path
    _CParser = None

_CORE = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (
    f"{_CORE}{name}" for name in ("str", "int", "float", "bool", "null")
)
_SCALAR_TAGS = frozenset({_STR, _INT, _FLOAT, _BOOL, _NULL})
# An unquoted date is resolved as a timestamp; packs have no dates, so it stays a string.
_TIMESTAMP = f"{_CORE}timestamp"
_MERGE = f"{_CORE}merge"
_COLLECTION_TAGS = frozenset({f"{_CORE}map", f"{_CORE}seq"})

#: Texts of files open in an editor but not saved, by resolved path: the language server sets
#: it so a pack is checked as the designer sees it. Read in place of the file on disk, with the
#: same limits; a path outside the pack folder is still refused first.
UNSAVED: ContextVar[Mapping[Path, str]] = ContextVar("unsaved", default=MappingProxyType({}))


# Where one value sits: its node and, for a mapping entry, its key's node (None otherwise).
# A plain tuple: one is made for every value of every file.
_Where = tuple[Node, Node | None]


@dataclass
class YamlFile:
    """One loaded YAML file: plain ``data`` and the position of every value in it."""

    path: Path
    display: str
    text: str
    data: Any
    _where: dict[DataPath, _Where] = field(default_factory=dict, repr=False)
    refused: set[DataPath] = field(default_factory=set, repr=False)  # values with a refused tag
    _line_starts: list[int] = field(default_factory=list, repr=False)  # filled when needed

    def line_starts(self) -> list[int]:
        """The index in :attr:`text` where each line starts (worked out on first use)."""
        if not self._line_starts:
            self._line_starts = _line_starts(self.text)
        return self._line_starts

    def has(self, path: DataPath) -> bool:
        """Whether ``path`` names a value of this file."""
        return tuple(path) in self._where

    def span(self, path: Sequence[str | int] = (), key: bool = False) -> Span:
        """The span of the value at ``path`` (or of its key); missing paths use their parent."""
        path = tuple(path)
        while path and path not in self._where:
            path = path[:-1]
        where = self._where.get(path)
        if where is None:
            return Span(self.display, 1, 1)
        value, key_node = where
        return self._node_span(key_node if key and key_node is not None else value)

    def _node_span(self, node: Node) -> Span:
        start, end = node.start_mark, node.end_mark
        if end is not None and end.line == start.line and end.column > start.column:
            return Span(
                self.display, start.line + 1, start.column + 1, end.line + 1, end.column + 1
            )
        return Span(self.display, start.line + 1, start.column + 1)

    def lines_of(self, path: DataPath) -> tuple[int, int]:
        """The 1-based first and last line of the value at ``path``."""
        where = self._where.get(tuple(path))
        if where is None:
            return (0, -1)
        node, key = where
        first = (key or node).start_mark.line + 1
        end = node.end_mark
        last = end.line + (0 if end.column else -1) + 1 if end is not None else first
        return first, max(first, last)

    def effect_source(self, path: DataPath) -> EffectSource | None:
        """An :class:`EffectSource` for the string at ``path``, located to the character.

        Where each character sits is worked out only when a diagnostic asks (most effects
        never have one), so a large clean pack does not pay for it.
        """
        node = self._where.get(tuple(path), (None, None))[0]
        if not isinstance(node, ScalarNode):
            return None
        text = _value_text(node)
        return EffectSource(text, self.display, _ScalarLocator(self, node), _joined(node, text))


def _joined(node: ScalarNode, text: str) -> int:
    """How many lines of the file YAML joined into one line of the effect ``text``: the
    written lines of a scalar that is not a literal block (`|`) and whose value has no line
    break left; 0 when its lines were kept or it was written on one line."""
    if node.style == "|" or "\n" in text.strip() or node.end_mark is None:
        return 0
    written = node.end_mark.line - node.start_mark.line + (1 if node.end_mark.column else 0)
    if node.style == ">":  # its text starts on the line after the `>`
        written -= 1
    return written if written > 1 else 0


def _value_text(node: ScalarNode) -> str:
    return node.value.replace("\a", "") if node.style == ">" else node.value


class _ScalarLocator:
    """Maps an offset in a scalar's value to its (line, column) in the file, lazily."""

    __slots__ = ("_file", "_node", "_offsets")

    def __init__(self, file: YamlFile, node: ScalarNode) -> None:
        self._file = file
        self._node = node
        self._offsets: list[int] | None = None

    def __call__(self, offset: int) -> tuple[int, int]:
        offsets = self._offsets
        if offsets is None:
            offsets = self._offsets = self._scan()
        index = offsets[max(0, min(offset, len(offsets) - 1))]
        starts = self._file.line_starts()
        row = bisect_right(starts, index) - 1
        return row + 1, index - starts[row] + 1

    def _scan(self) -> list[int]:
        node = self._node
        start, end = node.start_mark.index, node.end_mark.index
        start = _after_properties(self._file.text, start, end)
        from whitedwarf.dsl.packs.scalars import scalar_offsets  # only for a diagnostic

        offsets = scalar_offsets(self._file.text, start, end, node.style, node.value)
        if offsets is None:  # coarse but never wrong: the scalar's start
            offsets = [start] * (len(_value_text(node)) + 1)
        return offsets


def _after_properties(text: str, start: int, end: int) -> int:
    """Where a scalar's own text begins: after the anchor and the tag written before it
    (`&eff`, `!!str`), which the parser's mark includes; an effect with an anchor was
    located at the `&` (every caret of its diagnostics under the anchor)."""
    at = start
    while at < end and text[at] in "&!":
        while at < end and not text[at].isspace():
            at += 1
        while at < end and text[at].isspace():
            at += 1
        if at < end and text[at] == "#":  # a comment after the properties, on their line
            while at < end and text[at] != "\n":
                at += 1
            while at < end and text[at].isspace():
                at += 1
    return at if at < end else start


def _line_starts(text: str) -> list[int]:
    starts = [0]
    find = text.find
    index = find("\n")
    while index >= 0:
        starts.append(index + 1)
        index = find("\n", index + 1)
    return starts


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def read_yaml(
    path: Path, display: str, root: Path, limits: Limits = DEFAULT_LIMITS
) -> tuple[YamlFile | None, list[Diagnostic]]:
    """Read and compose one pack file; returns None with diagnostics when it cannot be used.

    ``root`` is the pack folder: a file (or symlink) that leads outside it is refused.
    """
    unsaved = UNSAVED.get().get(path.resolve())
    if unsaved is not None and path.resolve().is_relative_to(root.resolve()):
        size = len(unsaved.encode("utf-8", "surrogatepass"))
        if size > limits.file_bytes:
            return None, [_too_big(path, display, size, limits)]
        return parse_yaml(unsaved, path, display, limits)
    text, problem = _read_text(path, display, root, limits)
    if text is None:
        return None, [problem] if problem else []
    return parse_yaml(text, path, display, limits)


def parse_yaml(
    text: str, path: Path, display: str, limits: Limits = DEFAULT_LIMITS
) -> tuple[YamlFile | None, list[Diagnostic]]:
    """Compose already-read text into a :class:`YamlFile` (also used by tests)."""
    surrogate = LONE_SURROGATE.search(text)
    if surrogate is not None:  # an editor's JSON may carry "\ud800": that is not text
        return None, [_not_text(text, surrogate.start(), display)]
    text = _normalise(text)
    node, problem = _compose(text, display, limits)
    if problem is not None:
        return None, [problem]
    converter = _Converter(display, limits, text)
    data = converter.convert(node, (), None, 0) if node is not None else None
    if converter.stopped:  # the limit's error says it all: no shape errors about a stub
        return None, converter.diagnostics
    located = YamlFile(path, display, text, data, converter.where, converter.refused)
    return located, converter.diagnostics


def _normalise(text: str) -> str:
    text = text.removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_text(
    path: Path, display: str, root: Path, limits: Limits
) -> tuple[str | None, Diagnostic | None]:
    start = Span(display, 1, 1)
    resolved = path.resolve()
    if not resolved.is_relative_to(root.resolve()):
        # The target is never named: it is not the pack's to show (nor the machine's layout).
        message = f"`{path.name}` leads outside the pack folder"
        return None, error("E0507", message, start, "packs may only read their own files")
    try:
        info = os.stat(resolved)
        if not stat.S_ISREG(info.st_mode):
            return None, error("E0507", f"`{path.name}` is not a regular file", start)
        if info.st_size > limits.file_bytes:
            return None, _too_big(path, display, info.st_size, limits)
        with open(resolved, "rb") as handle:
            raw = handle.read(limits.file_bytes + 1)
    except OSError as exc:
        return None, error("E0509", f"cannot read `{path.name}`: {exc.strerror}", start)
    if len(raw) > limits.file_bytes:
        return None, _too_big(path, display, len(raw), limits)
    return _decode(raw, display)


def _end_of(before: str) -> tuple[int, int]:
    """The line and column (1-based) just after ``before``, the text before a fault."""
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def _not_text(text: str, index: int, display: str) -> Diagnostic:
    line, column = _end_of(text[:index])
    message = f"the text holds a lone surrogate (U+{ord(text[index]):04X}), not UTF-8 text"
    return error("E0509", message, Span(display, line, column), "save the file as UTF-8")


def _too_big(path: Path, display: str, size: int, limits: Limits) -> Diagnostic:
    message = f"`{path.name}` is {size:,} bytes, over the limit of {limits.file_bytes:,}"
    return error("E0504", message, Span(display, 1, 1), "split the content into smaller packs")


def _decode(raw: bytes, display: str) -> tuple[str | None, Diagnostic | None]:
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line, column = _end_of(raw[: exc.start].decode("utf-8", errors="replace"))
        message = f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})"
        hint = "save the file as UTF-8"
        return None, error("E0509", message, Span(display, line, column), hint)


class _AliasLimitError(MarkedYAMLError):
    """Raised by :class:`_BoundedComposer` at the first alias over the limit."""


class _BoundedComposer(Composer):
    """ruamel's composer, counting aliases as it meets them (so the error is at the alias)."""

    alias_limit = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.parser.check_event(AliasEvent):
            self.aliases_seen = getattr(self, "aliases_seen", 0) + 1
            if self.aliases_seen > self.alias_limit:
                mark = self.parser.peek_event().start_mark
                raise _AliasLimitError(None, None, "too many aliases", mark)
        return super().compose_node(parent, index)


def _compose(text: str, display: str, limits: Limits) -> tuple[Node | None, Diagnostic | None]:
    """Compose the text; libyaml (when installed) scans and parses, Python composes.

    libyaml's own composer recurses in C without a depth limit (deep input crashes the
    process), so only its scanner and parser are used, under :func:`compose_events`, which
    keeps the depth and alias limits. Any problem is reported by the pure path, whose
    messages and marks the diagnostics are written for.
    """
    if _CParser is not None:
        try:
            parser = _CParser(text)
            return compose_events(parser.get_event, limits.depth + 1, limits.aliases), None
        except YAMLError:
            pass
    return _compose_pure(text, display, limits)


def _compose_pure(text: str, display: str, limits: Limits) -> tuple[Node | None, Diagnostic | None]:
    # The safe (pure) composer keeps every node's marks and style like the round-trip one,
    # without the round-trip scanner's comment gathering, which tripled load time.
    yaml = YAML(typ="safe", pure=True)
    yaml.max_depth = limits.depth + 1

    class Composer(_BoundedComposer):
        alias_limit = limits.aliases

    yaml.Composer = Composer
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return from_ruamel(yaml.compose(text)), None
    except _AliasLimitError as exc:
        message = f"too many aliases (more than {limits.aliases} in one file)"
        hint = "write the repeated data out instead of using `*alias`"
        return None, error("E0506", message, _mark_span(exc, display), hint)
    except MaxDepthExceededError as exc:
        message = f"the data is nested deeper than {limits.depth} levels"
        return None, error("E0505", message, _mark_span(exc, display))
    except ComposerError as exc:
        if "single document" in f"{exc.problem} {exc.context}":
            hint = "remove the `---` line; a pack file holds one document"
            return None, error(
                "E0510", "more than one YAML document", _mark_span(exc, display), hint
            )
        return None, _syntax(exc, display, text)
    except YAMLError as exc:
        return None, _syntax(exc, display, text)


def _syntax(exc: YAMLError, display: str, text: str) -> Diagnostic:
    from whitedwarf.dsl.packs.yaml_errors import explain  # only for a file with an error

    said = explain(exc, text, display)
    if said is not None:
        return said
    raw = _raw_character(exc, text, display)
    if raw is not None:
        return raw
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    message = f"invalid YAML: {problem}" + (f" ({context})" if context else "")
    return error("E0501", message, _mark_span(exc, display))


def _raw_character(exc: YAMLError, text: str, display: str) -> Diagnostic | None:
    """E0514 at a control character written raw in the file (a ReaderError: YAML refuses the
    file whole, and said so at 1:1 in the reader's words), as for one written escaped."""
    position = getattr(exc, "position", None)
    if getattr(exc, "problem_mark", None) is not None or not isinstance(position, int):
        return None
    found = hostile_character(text[position:]) if 0 <= position < len(text) else None
    if found is None:
        found = hostile_character(text)
        position = 0
    if found is None:
        return None
    at, message, hint = found
    at += position
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return error("E0514", f"{message}, written raw in the file", Span(display, line, column), hint)


def _mark_span(exc: YAMLError, display: str) -> Span:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if mark is None and hasattr(exc, "position"):  # a ReaderError (a forbidden character)
        return Span(display, 1, 1)
    if isinstance(exc, MarkedYAMLError) and mark is not None:
        return Span(display, mark.line + 1, mark.column + 1)
    return Span(display, 1, 1)


class _Budget(Exception):
    """Stops conversion when the alias budget is spent (the diagnostic is already recorded)."""


class _Converter:
    """Turns composed nodes into plain data, recording positions and every problem."""

    def __init__(self, display: str, limits: Limits, text: str | None = None) -> None:
        self.display = display
        self.text = text  # the file, to place a diagnostic inside a value
        self.limits = limits
        self.where: dict[DataPath, _Where] = {}
        self.refused: set[DataPath] = set()
        self.diagnostics: list[Diagnostic] = []
        self._nodes_left = limits.nodes
        #: A limit stopped the conversion (E0505/E0506): the data is cut off, not the file's.
        self.stopped = False

    def span(self, node: Node) -> Span:
        mark = node.start_mark
        return Span(self.display, mark.line + 1, mark.column + 1)

    def convert(self, node: Node, path: DataPath, key: Node | None, depth: int) -> Any:
        try:
            return self._convert(node, path, key, depth)
        except _Budget:
            self.stopped = True
            return None

    def _convert(self, node: Node, path: DataPath, key: Node | None, depth: int) -> Any:
        # Called for every value of every file: the common cases come first and inline.
        self._nodes_left -= 1
        if self._nodes_left < 0 or depth > self.limits.depth:
            self._over_limit(node, depth)
        self.where[path] = (node, key)
        # `type(node) is` is faster than isinstance here, but mypy does not narrow on it:
        # the ignores below are for that narrowing only.
        kind, tag = type(node), node.tag
        if kind is ScalarNode:
            if tag == _STR:
                style = node.style  # type: ignore[attr-defined]
                value = node.value.replace("\a", "") if style == ">" else node.value
                hostile = hostile_character(value)  # E0514, the effect compiler's rule too
                if hostile is not None:
                    self._hostile_character(node, hostile)
                return value
            if tag in _SCALAR_TAGS or tag == _TIMESTAMP:
                return _scalar(node)  # type: ignore[arg-type]
        elif tag in _COLLECTION_TAGS or tag == _TIMESTAMP:
            if kind is MappingNode:
                return self._mapping(node, path, depth)  # type: ignore[arg-type]
            return [
                self._convert(item, (*path, i), None, depth + 1)
                for i, item in enumerate(node.value)
            ]
        self._refuse(node)
        self.refused.add(path)
        return None

    def _hostile_character(self, node: Node, found: tuple[int, str, str]) -> None:
        """E0514 for a text holding a character a terminal or a page would act on, at the
        character itself (an escape such as `\\e` in a double-quoted string), as the effect
        compiler places it."""
        at, message, hint = found
        span = self.span(node)
        if self.text is not None and isinstance(node, ScalarNode):
            from whitedwarf.dsl.packs.scalars import scalar_offsets  # only for a diagnostic

            offsets = scalar_offsets(
                self.text, node.start_mark.index, node.end_mark.index, node.style, node.value
            )
            if offsets is not None and at < len(offsets):
                index = offsets[at]
                line = self.text.count("\n", 0, index) + 1
                column = index - self.text.rfind("\n", 0, index)
                span = Span(self.display, line, column, line, column + 1)
        self.diagnostics.append(error("E0514", message, span, hint))

    def _over_limit(self, node: Node, depth: int) -> None:
        if self._nodes_left < 0:  # an alias bomb: few aliases, huge expansion
            message = f"the data expands to more than {self.limits.nodes:,} values"
            hint = "write the repeated data out instead of nesting aliases, or split the file"
            self.diagnostics.append(error("E0506", message, self.span(node), hint))
            raise _Budget
        if depth > self.limits.depth:  # a recursive alias (&a [*a]) never ends otherwise
            message = f"the data is nested deeper than {self.limits.depth} levels"
            self.diagnostics.append(error("E0505", message, self.span(node)))
            raise _Budget

    def _tag_allowed(self, node: Node) -> bool:
        tag = node.tag or ""
        allowed = _COLLECTION_TAGS if not isinstance(node, ScalarNode) else _SCALAR_TAGS
        if tag in allowed or tag == _TIMESTAMP:
            return True
        self._refuse(node)
        return False

    def _refuse(self, node: Node) -> None:
        """E0503 for a value whose tag is not a standard scalar or collection one."""
        tag = node.tag or ""
        shown = tag
        if tag.startswith(_CORE):
            shown = "!!" + tag.removeprefix(_CORE)
        message = f"the YAML tag `{shown}` is not allowed in a pack"
        hint = "remove the tag; pack files hold plain text, numbers, lists and mappings"
        self.diagnostics.append(error("E0503", message, self.span(node), hint))

    def _mapping(self, node: MappingNode, path: DataPath, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        first_seen: dict[str, Node] = {}
        for key_node, value_node in node.value:
            name = self._key(key_node)
            if name is None:
                continue
            if name in first_seen:
                self._duplicate(name, key_node, first_seen[name])
                continue
            first_seen[name] = key_node
            out[name] = self._convert(value_node, (*path, name), key_node, depth + 1)
        return out

    def _key(self, key: Node) -> str | None:
        if key.tag == _MERGE:
            hint = "write the keys out; packs do not support `<<` merge keys"
            self.diagnostics.append(
                error("E0508", "merge keys (`<<`) are not supported", self.span(key), hint)
            )
            return None
        if not isinstance(key, ScalarNode) or not self._tag_allowed(key):
            message = "a mapping key must be a plain word, not a list or mapping"
            self.diagnostics.append(error("E0511", message, self.span(key)))
            return None
        return str(key.value)

    def _duplicate(self, name: str, key: Node, first: Node) -> None:
        message = f"the key `{name}` appears twice in this mapping"
        hint = f"the first `{name}` is on line {first.start_mark.line + 1}; keep one of them"
        if name == "id":
            hint += ", or if a new card starts here, write `- id: ...`"
        self.diagnostics.append(error("E0502", message, self.span(key), hint))


def _scalar(node: ScalarNode) -> Any:
    """The plain value of a scalar with a standard (already checked) tag."""
    tag, text = node.tag, node.value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return text.lower() == "true"
    if tag == _INT:
        return _int(text)
    if tag == _FLOAT:
        return _float(text)
    return text.replace("\a", "") if node.style == ">" else text


def _int(text: str) -> int | str:
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    base = {"0x": 16, "0o": 8, "0b": 2}.get(digits[:2].lower(), 10)
    try:
        return sign * int(digits[2:] if base != 10 else digits, base)
    except ValueError:
        return text  # e.g. `!!int abc`: kept as text so the schema reports a wrong type


def _float(text: str) -> float | str:
    lowered = text.replace("_", "").lower()
    specials = {".inf": "inf", "+.inf": "inf", "-.inf": "-inf", ".nan": "nan"}
    try:
        return float(specials.get(lowered, lowered))
    except ValueError:
        return text
