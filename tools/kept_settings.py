"""The settings an interrupted run keeps in its folder, checked when it is resumed.

``explain --resume`` and ``tune --resume`` read back the JSON their first run wrote; a file
edited (or damaged) between two runs reached the run as it was: a number of games of the
wrong kind or out of range ended in an internal error, others were silently used. Each kept
setting is held to what its command-line option accepts, and a setting the file should not
have is refused, in one sentence at the file, before any game is played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click


@dataclass(frozen=True)
class Rule:
    """What a kept setting must be: ``test`` passes it, ``said`` describes it."""

    said: str
    test: Callable[[Any], bool]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(low: int | None = None, high: int | None = None) -> Rule:
    """A whole number (within ``low`` to ``high`` when given)."""
    if low is None or high is None:
        return Rule("a whole number", _whole)
    return Rule(f"a whole number {low} to {high}", lambda v: _whole(v) and low <= v <= high)


def optional(rule: Rule) -> Rule:
    """The rule, or ``null``."""
    return Rule(f"null or {rule.said}", lambda v: v is None or rule.test(v))


TEXT = Rule("text", lambda v: isinstance(v, str))
TEXTS = Rule(
    "a list of texts", lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v)
)
FLAG = Rule("true or false", lambda v: isinstance(v, bool))
ANY = Rule("anything", lambda v: True)
MAPPING = Rule("a JSON object", lambda v: isinstance(v, dict))
PLACES = Rule(
    "a JSON object of texts",
    lambda v: isinstance(v, dict) and all(isinstance(t, str) for t in v.values()),
)


def check_kept(path: Path, settings: Any, rules: Mapping[str, Rule], what: str) -> None:
    """Refuse ``settings`` (read from ``path``) unless each key has a rule it passes and
    every rule's key is there (``optional`` ones may be missing)."""

    def refuse(problem: str) -> None:
        raise click.ClickException(f"{path}: {problem}; the {what} was left as it is")

    if not isinstance(settings, dict):
        refuse("the settings must be a JSON object")
    unknown = sorted(set(settings) - set(rules))
    if unknown:
        refuse(f"unknown setting {unknown[0]!r}")
    for key, rule in rules.items():
        if key not in settings and not rule.test(None):
            refuse(f"the setting {key!r} is missing")
        value = settings.get(key)
        if key in settings and not rule.test(value):
            shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
            refuse(f"{key!r} must be {rule.said}, not {shown}")
