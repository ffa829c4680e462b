"""Does a state match its game's typed records? A walk shared by the two games' record tests.

mypy checks the rules against the records (``lastlight/records.py``, ``starlight/records.py``);
these tests check the records against the states the rules make: every key a record names is
there unless it is ``NotRequired``, no key is there that the record does not name, and each
field that is itself a record (or a list, a dict or an optional of records) matches too.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any, get_args, get_origin, get_type_hints, is_typeddict

from whitedwarf.interpreter.bots import make_bot


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


def played_mismatches(
    game: Any, seed: int, record: Any, reload: Callable[[Any], Any], every: int
) -> tuple[list[str], Any]:
    """Play one seeded random game, checking the state against its ``record`` every ``every``
    decisions, at the end, and once saved and loaded again (``reload``): what was found and
    the final state."""
    state = game.new_state(seed)
    bots = [make_bot("random", seed, seat) for seat in range(game.players)]
    found: list[str] = []
    decisions = 0
    while not game.is_terminal(state):
        if decisions % every == 0:
            found += mismatches(state, record)
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
        decisions += 1
    found += mismatches(state, record)
    found += mismatches(reload(state), record)
    return found, state
