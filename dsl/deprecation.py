"""Deprecated words: found in a parsed effect, reported, and replaced by their new spelling.

A game's registry keeps old spellings it still accepts (``Registry.deprecate``). After parsing,
:func:`modernise` swaps each old word in the tree for its replacement, keeping the old word's
position, so the checker, the compiler and the engine only ever see current words while every
diagnostic still points at what the designer wrote. Each old word is reported (W0431) with the
replacement, which editors offer as a quick fix and ``whitedwarf fix`` writes into the pack.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any, TypeVar

from whitedwarf.dsl import ast
from whitedwarf.dsl.registry import Deprecation, Registry

Node = TypeVar("Node")


def modernise(
    effect: ast.Effect, registry: Registry, text: str | None = None
) -> tuple[ast.Effect, list[tuple[ast.Word, Deprecation]]]:
    """The effect with deprecated words replaced, and each (old word, deprecation) found.

    ``text`` is the effect's source: a word is written as it stands there, so when no
    deprecated word occurs in it the tree is not walked (a fifth of compiling a big pack).
    """
    found: list[tuple[ast.Word, Deprecation]] = []
    if not registry.deprecations:
        return effect, found
    if text is not None and not any(old in text for old in registry.deprecations):
        return effect, found
    return _walk(effect, registry, found), found


def _walk(node: Node, registry: Registry, found: list[tuple[ast.Word, Deprecation]]) -> Node:
    if isinstance(node, ast.Word):
        deprecation = registry.deprecations.get(node.text)
        if deprecation is None:
            return node
        found.append((node, deprecation))
        return replace(node, text=deprecation.new)
    if isinstance(node, tuple):
        items = tuple(_walk(item, registry, found) for item in node)
        same = all(new is old for new, old in zip(items, node, strict=True))
        return node if same else items  # type: ignore[return-value]
    if is_dataclass(node) and not isinstance(node, type):
        changes: dict[str, Any] = {}
        for item in fields(node):
            value = getattr(node, item.name)
            new = _walk(value, registry, found)
            if new is not value:
                changes[item.name] = new
        return replace(node, **changes) if changes else node
    return node


def message(deprecation: Deprecation) -> tuple[str, str]:
    """The W0431 message and hint for a deprecated word."""
    text = (
        f"`{deprecation.old}` is deprecated since language {deprecation.since}: "
        f"write `{deprecation.new}`"
    )
    reason = f" ({deprecation.reason})" if deprecation.reason else ""
    hint = f"write `{deprecation.new}` instead{reason}; `whitedwarf fix` rewrites every one"
    return text, hint
