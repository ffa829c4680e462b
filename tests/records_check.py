"""Does a state match its game's typed records? A walk shared by the two games' record tests.

mypy checks the rules against the records (``lastlight/records.py``, ``starlight/records.py``);
these tests check the records against the states the rules make: every key a record names is
there unless it is ``NotRequired``, no key is there that the record does not name, and each
field that is itself a record (or a list, a dict or an optional of records) matches too.
"""

from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints, is_typeddict


def mismatches(value: Any, hint: Any, where: str = "state") -> list[str]:
    """What in ``value`` does not match the type ``hint``, one line per place."""
    origin = get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        if value is None:
            return []
        found = [mismatches(value, option, where) for option in options]
        return [] if any(not f for f in found) else found[0]
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {hint.__name__} record"]
        # Read from the hints: with postponed annotations (the records' modules) the class's
        # own ``__required_keys__`` cannot see ``NotRequired``.
        fields = get_type_hints(hint, include_extras=True)
        optional = {k for k, h in fields.items() if get_origin(h) is typing.NotRequired}
        required = set() if not hint.__total__ else set(fields) - optional
        out = [f"{where}: no {key!r}" for key in sorted(required - set(value))]
        out += [f"{where}: {key!r} is not in {hint.__name__}" for key in value if key not in fields]
        for key in set(fields) & set(value):
            out += mismatches(value[key], _bare(fields[key]), f"{where}[{key!r}]")
        return out
    if origin is list and isinstance(value, list):
        (item,) = get_args(hint)
        return [line for i, v in enumerate(value) for line in mismatches(v, item, f"{where}[{i}]")]
    if origin is dict and isinstance(value, dict):
        _, item = get_args(hint)
        return [line for k, v in value.items() for line in mismatches(v, item, f"{where}[{k!r}]")]
    return []


def _bare(hint: Any) -> Any:
    """A field's type without ``NotRequired``."""
    if get_origin(hint) is typing.NotRequired:
        return get_args(hint)[0]
    return hint
