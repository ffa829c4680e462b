"""YAML events composed into located nodes, within the pack limits.

A node is a value of the file with its tag, its start and end marks and (for a scalar) its
style: what :mod:`.yamlsource` needs to build plain data and to point diagnostics into the
file. :func:`compose_events` builds them straight from libyaml's events, in one loop with an
explicit stack: no recursion (deep input cannot crash it), no ruamel node objects and no
per-event resolver lookups, which made ruamel's own composer the largest cost of loading a
big pack. It reproduces what ruamel's composer and its YAML 1.2 resolver make of the same
events, tag for tag (tests/packs/test_yaml_nodes.py compares the two); any problem (a node
nested too deep, too many aliases, an undefined alias, a second document) raises
:class:`ComposeProblem`, and the caller reports it through ruamel's pure composer, whose
messages and marks the diagnostics are written for. :func:`from_ruamel` turns the nodes of
that pure path into these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from ruamel.yaml.nodes import MappingNode as RuamelMapping
from ruamel.yaml.nodes import Node as RuamelNode
from ruamel.yaml.nodes import ScalarNode as RuamelScalar
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.tag import Tag

CORE = "tag:yaml.org,2002:"
STR_TAG, SEQ_TAG, MAP_TAG = f"{CORE}str", f"{CORE}seq", f"{CORE}map"
NON_SPECIFIC = "!"

# ruamel's YAML 1.2 implicit resolvers, by the first character of a plain scalar. The events
# of libyaml's parser carry no %YAML version, so ruamel's composer always resolved them with
# the 1.2 rules; so does this one.
_IMPLICIT: dict[str, list[tuple[str, Any]]] = VersionedResolver((1, 2)).versioned_resolver


class Node:
    """One value of a YAML file: its resolved tag, where it starts and where it ends."""

    __slots__ = ("end_mark", "start_mark", "tag", "value")

    def __init__(self, tag: str, value: Any, start_mark: Any, end_mark: Any) -> None:
        self.tag = tag
        self.value = value
        self.start_mark = start_mark
        self.end_mark = end_mark


class ScalarNode(Node):
    """A scalar; ``style`` is ruamel's (``''`` or None plain, ``'`` ``"`` ``|`` ``>``)."""

    __slots__ = ("style",)
    value: str  # the scalar's text, as written

    def __init__(self, tag: str, value: str, start_mark: Any, end_mark: Any, style: Any) -> None:
        super().__init__(tag, value, start_mark, end_mark)
        self.style = style


class SequenceNode(Node):
    """A sequence; ``value`` is its list of nodes."""

    __slots__ = ()


class MappingNode(Node):
    """A mapping; ``value`` is its list of (key node, value node) pairs, in file order."""

    __slots__ = ()


class ComposeProblem(YAMLError):
    """The events cannot be composed within the limits (the pure path says why)."""


def resolve_scalar(value: str, implicit: tuple[bool, bool]) -> str:
    """The tag of an untagged scalar, as ruamel's YAML 1.2 resolver gives it."""
    if implicit[0]:
        for tag, match in _IMPLICIT_MATCH.get(value[0] if value else "", ()):
            if match(value):
                return tag
    return STR_TAG


# The resolver's patterns as (tag, bound match) pairs: ruamel wraps each pattern in a lazy
# proxy whose every attribute access goes through Python code.
_IMPLICIT_MATCH: dict[str, list[tuple[str, Callable[[str], Any]]]] = {
    first: [(str(tag), pattern.match) for tag, pattern in resolvers]
    for first, resolvers in _IMPLICIT.items()
}


def _explicit(tag: str) -> str:
    """A written tag as ruamel shows it (``%xx`` escapes decoded)."""
    return str(Tag(suffix=tag))


def compose_events(next_event: Callable[[], Any], max_depth: int, max_aliases: int) -> Node | None:
    """The root node of the single document ``next_event`` yields (None for an empty file).

    ``next_event`` returns the events of a stream in order, from STREAM-START. A node deeper
    than ``max_depth`` or more than ``max_aliases`` aliases raise :class:`ComposeProblem`.
    """
    next_event()  # STREAM-START
    if type(next_event()) is StreamEndEvent:  # else DOCUMENT-START
        return None
    root = _Composer(max_depth, max_aliases).document(next_event)
    next_event()  # DOCUMENT-END
    if type(next_event()) is not StreamEndEvent:
        raise ComposeProblem("more than one document")
    return root


class _Composer:
    """One document's nodes, built from its events with an explicit stack."""

    def __init__(self, max_depth: int, max_aliases: int) -> None:
        self.max_depth = max_depth
        self.aliases_left = max_aliases
        self.anchors: dict[str, Node] = {}
        self.tags: dict[str, str] = {}  # plain scalar -> its resolved tag (values repeat)

    def document(self, next_event: Callable[[], Any]) -> Node:
        """The root node, from the event after DOCUMENT-START to the root's last event.

        One loop over every event of the file: scalars, the most frequent, are handled
        inline; a collection is attached to its parent when it ends, as ruamel does.
        """
        outer: list[tuple[Node | None, Node | None]] = []  # the enclosing (collection, key)s
        current: Node | None = None  # the innermost collection still open
        key: Node | None = None  # in a mapping, the key still waiting for its value
        depth = 0  # how many collections are open
        tags, anchors = self.tags, self.anchors
        while True:
            event = next_event()
            kind = type(event)
            node: Node
            if kind is ScalarEvent:
                if depth >= self.max_depth:
                    raise ComposeProblem("nested too deep")
                tag, value = event.ctag, event.value
                if tag is None or tag == NON_SPECIFIC:
                    tag = tags.get(value) if event.implicit[0] else STR_TAG
                    if tag is None:
                        tag = tags[value] = resolve_scalar(value, event.implicit)
                else:
                    tag = _explicit(tag)
                node = ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
                if event.anchor is not None:
                    anchors[event.anchor] = node
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                assert current is not None
                node = current
                node.end_mark = event.end_mark
                current, key = outer.pop()
                depth -= 1
            elif kind is AliasEvent:
                node = self._alias(event)
            else:
                if depth >= self.max_depth:
                    raise ComposeProblem("nested too deep")
                outer.append((current, key))
                current, key = self._collection(event, kind), None
                depth += 1
                continue
            if current is None:
                return node  # the root is complete
            if type(current) is SequenceNode:
                current.value.append(node)
            elif key is None:
                key = node
            else:
                current.value.append((key, node))
                key = None

    def _alias(self, event: Any) -> Node:
        self.aliases_left -= 1
        if self.aliases_left < 0:
            raise ComposeProblem("too many aliases")
        target = self.anchors.get(event.anchor)
        if target is None:
            raise ComposeProblem("an undefined alias")
        return target

    def _collection(self, event: Any, kind: type) -> Node:
        tag = event.ctag
        node: Node
        if kind is SequenceStartEvent:
            tag = SEQ_TAG if tag is None or tag == NON_SPECIFIC else _explicit(tag)
            node = SequenceNode(tag, [], event.start_mark, None)
        elif kind is MappingStartEvent:
            tag = MAP_TAG if tag is None or tag == NON_SPECIFIC else _explicit(tag)
            node = MappingNode(tag, [], event.start_mark, None)
        else:
            raise ComposeProblem(f"an unexpected {kind.__name__}")
        if event.anchor is not None:
            self.anchors[event.anchor] = node
        return node


def from_ruamel(root: RuamelNode | None) -> Node | None:
    """The nodes of ruamel's composer as :class:`Node` objects (shared nodes stay shared)."""
    if root is None:
        return None
    made: dict[int, Node] = {}
    out = _shell(root, made)
    pending = [root]
    while pending:
        node = pending.pop()
        if isinstance(node, RuamelScalar):
            continue
        target = made[id(node)]
        if isinstance(node, RuamelMapping):
            for key, value in node.value:
                target.value.append((_child(key, made, pending), _child(value, made, pending)))
        else:
            target.value.extend(_child(item, made, pending) for item in node.value)
    return out


def _child(node: RuamelNode, made: dict[int, Node], pending: list[RuamelNode]) -> Node:
    if id(node) not in made:
        _shell(node, made)
        pending.append(node)
    return made[id(node)]


def _shell(node: RuamelNode, made: dict[int, Node]) -> Node:
    """The copy of ``node``, its children not filled in yet."""
    tag = str(node.tag)
    copy: Node
    if isinstance(node, RuamelScalar):
        copy = ScalarNode(tag, node.value, node.start_mark, node.end_mark, node.style)
    elif isinstance(node, RuamelMapping):
        copy = MappingNode(tag, [], node.start_mark, node.end_mark)
    else:
        copy = SequenceNode(tag, [], node.start_mark, node.end_mark)
    made[id(node)] = copy
    return copy
