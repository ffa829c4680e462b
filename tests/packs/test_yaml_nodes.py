"""The event composer builds the same nodes ruamel's composer built from libyaml's events.

dsl/packs/yamlnodes.py replaced ruamel's composer (driven by libyaml's parser) for speed; the
nodes, tags, styles and marks it gives decide every position and tag diagnostic, so they are
compared here with ruamel's, node for node, on every YAML file of the repository, on damaged
copies of a pack file and on the corners of the format (tags, anchors, complex keys).
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from ruamel.yaml.composer import Composer
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import AliasEvent
from ruamel.yaml.nodes import MappingNode as RuamelMapping
from ruamel.yaml.nodes import ScalarNode as RuamelScalar
from ruamel.yaml.resolver import VersionedResolver
from whitedwarf.dsl.packs import yamlnodes
from whitedwarf.dsl.packs.yamlnodes import ComposeProblem, compose_events, from_ruamel

from .test_fuzz import damaged

CParser = pytest.importorskip("_ruamel_yaml").CParser
REPO = Path(__file__).resolve().parents[2]
FILES = sorted(
    p
    for folder in ("content", "tests")
    for p in (REPO / folder).rglob("*.y*ml")
    if p.suffix in (".yaml", ".yml")
)
CORNERS = [
    "",
    "# only a comment\n",
    "plain",
    "a: 1\nb: 0x1F\nc: 0o17\nd: 1_000\ne: -.inf\nf: .NaN\ng: 1e3\nh: +12\n",
    "a: true\nb: False\nc: yes\nd: ~\ne: null\nf:\ng: ''\nh: 2001-12-14\ni: =\nj: <<\n",
    "a: !!int 3\nb: !foo x\nc: ! y\nd: !!str 1\ne: !%66oo z\nf: !!map {x: 1}\ng: !!seq [1]\n",
    "? [1, 2]\n: complex\n? {a: b}\n: also\n",
    "a: &x {k: [1, 2]}\nb: *x\nc: &y 5\nd: *y\ne: &x 6\nf: *x\n",
    "a: &r [1, *r]\n",
    "- |\n  literal\n   kept\n- >-\n  folded\n  text\n- 'single ''q'''\n- \"double \\t\"\n",
    "[a, {b: c}, [d, [e]]]",
    "a:\n  - b:\n      - c: {d: [e, {f: g}]}\n",
    "---\na: 1\n...\n",
]


class _Loader:
    """The minimal loader ruamel's composer needs, over libyaml's parser (the old path)."""

    def __init__(self, text: str, max_depth: int) -> None:
        self._parser = CParser(text)
        self._resolver = VersionedResolver(loader=self)
        self._composer = None
        self.max_depth = max_depth


class _CountingComposer(Composer):
    """ruamel's composer with the alias limit the old path had."""

    alias_limit = 64

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.parser.check_event(AliasEvent):
            self.aliases_seen = getattr(self, "aliases_seen", 0) + 1
            if self.aliases_seen > self.alias_limit:
                raise YAMLError("too many aliases")
        return super().compose_node(parent, index)


def ruamel_nodes(text: str, max_depth: int = 33, aliases: int = 64) -> Any:
    composer = type("C", (_CountingComposer,), {"alias_limit": aliases})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a reused anchor
        return from_ruamel(composer(_Loader(text, max_depth)).get_single_node())


def our_nodes(text: str, max_depth: int = 33, aliases: int = 64) -> Any:
    return compose_events(CParser(text).get_event, max_depth, aliases)


def shape(node: Any, seen: dict[int, int] | None = None) -> Any:
    """Everything a node says, recursively; a node met again is shown by its first number."""
    seen = {} if seen is None else seen
    if node is None:
        return None
    if id(node) in seen:
        return ("again", seen[id(node)])
    seen[id(node)] = len(seen)
    marks = tuple(
        (m.index, m.line, m.column) if m else None for m in (node.start_mark, node.end_mark)
    )
    head = (type(node).__name__, node.tag, marks)
    if isinstance(node, yamlnodes.ScalarNode):
        return (*head, node.value, node.style)
    if isinstance(node, yamlnodes.MappingNode):
        return (*head, [(shape(k, seen), shape(v, seen)) for k, v in node.value])
    return (*head, [shape(item, seen) for item in node.value])


def same_outcome(text: str, max_depth: int = 33, aliases: int = 64) -> None:
    try:
        expected = shape(ruamel_nodes(text, max_depth, aliases))
    except YAMLError:
        with pytest.raises(YAMLError):
            our_nodes(text, max_depth, aliases)
        return
    assert shape(our_nodes(text, max_depth, aliases)) == expected


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_yaml_file_of_the_repository(path: Path) -> None:
    same_outcome(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize("text", CORNERS)
def test_corners_of_the_format(text: str) -> None:
    same_outcome(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_pack_files(raw: bytes) -> None:
    same_outcome(raw.decode("utf-8", errors="replace"))


def test_limits_are_problems_like_ruamels() -> None:
    deep = "a: " + "[" * 40 + "]" * 40 + "\n"
    with pytest.raises(ComposeProblem):
        our_nodes(deep)
    same_outcome(deep)
    same_outcome("a: [[[1]]]\n", max_depth=3)
    same_outcome("a: [[[1]]]\n", max_depth=4)
    aliased = "a: &x 1\n" + "".join(f"b{i}: *x\n" for i in range(5))
    same_outcome(aliased, aliases=4)
    same_outcome(aliased, aliases=5)
    with pytest.raises(ComposeProblem):
        our_nodes("a: *undefined\n")
    with pytest.raises(ComposeProblem):
        our_nodes("a: 1\n---\nb: 2\n")


def test_a_recursive_alias_stays_one_node() -> None:
    root = our_nodes("a: &r [1, *r]\n")
    inner = root.value[0][1]
    assert isinstance(inner, yamlnodes.SequenceNode) and inner.value[1] is inner


def test_nodes_from_the_pure_composer_keep_sharing() -> None:
    from ruamel.yaml import YAML

    node = YAML(typ="safe", pure=True).compose("a: &x {k: 1}\nb: *x\n")
    copy = from_ruamel(node)
    assert isinstance(node, RuamelMapping) and isinstance(node.value[0][0], RuamelScalar)
    assert copy.value[0][1] is copy.value[1][1]
