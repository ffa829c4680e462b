"""Generic helpers for game states kept as plain data (DESIGN principle 4).

A state is a tree of ``dict`` (string keys), ``list``, ``str``, ``int``, ``bool`` and ``None``:
no objects, generators or closures. This module clones, compares, hashes and (de)serialises
such trees; games add their own format checks on top (see ``lastlight/persist.py``).
"""

from __future__ import annotations

import hashlib
import json
import marshal
import pickle
from collections.abc import Mapping
from typing import Any, NamedTuple, TypeAlias, TypeVar

#: A state as the game-free layers hold it (this module, the effect machine, card state, the
#: runner, the agents' search core, the tools): plain data whose fields belong to one game,
#: which types them (``lastlight/records.py``, ``starlight/records.py``). ``Any`` rather than
#: ``dict[str, Any]``: mypy takes no ``TypedDict`` where a ``dict[str, Any]`` is asked for, so
#: either game's record passes through these layers as it is, and is checked in the game's
#: own modules, where its fields are read.
State: TypeAlias = Any
#: Any one game's state, kept as its type through :func:`clone`.
S = TypeVar("S")
#: A class, kept as itself by :func:`interpreted`.
C = TypeVar("C", bound=type)


def interpreted(cls: C) -> C:
    """Leave ``cls`` a Python class where its module is compiled (``mypyc_build.py``).

    mypyc makes each class of a compiled module a native class unless it has a decorator
    it does not know, like this one; a native class cannot be weakly referenced, subclass
    ``dict`` or ``RuntimeError``, which these classes do, while the module's functions are
    compiled all the same. Changes nothing when the module runs as Python.
    """
    return cls


class Option(NamedTuple):
    """One legal choice: a stable ``id`` for programs and a readable ``text`` for people.

    Every game offers its decisions as these (DESIGN principle 4), so bots, people and
    replays drive each game the same way.
    """

    id: str
    text: str


class IllegalOption(ValueError):
    """An option id that is not legal for that player now."""


def clone(state: S) -> S:
    """A deep copy of a plain-data state.

    A ``marshal`` round trip, in C: on a mid-game 4-player Last Light state (2026-12-07,
    BENCHMARKS.md "Issue 26 item 5, stop 44") it costs some 16% fewer instructions than a
    pickle round trip, which memoises every container it writes and reads (about 150 us,
    against 610 us for ``copy.deepcopy``, 350 us for a JSON round trip and 220 us for a
    recursive Python copy, when pickle was chosen). Plain data has no shared references
    worth keeping, so the result is an independent tree (dict insertion order is preserved;
    a string interned in the state is interned in the copy). A state holding what
    ``marshal`` does not take (an object of another class anywhere in it) is pickled as
    before.

    A state whose top level is a ``dict`` subclass that keeps ``dict``'s constructor (Last
    Light's ``GameState``, which holds its memos in slots beside the data) is copied as its
    data and rebuilt as its class from the copy: the new object's slots start as its class
    makes them (pickling it went through ``__reduce_ex__`` and a call of its ``__new__``
    per item batch, the slow path of both ``pickle`` and ``marshal``).
    """
    cls: Any = type(state)
    copy: S
    if cls is not dict and isinstance(state, dict) and cls.__init__ is dict.__init__:
        copy = cls(_copy(dict(state)))
    else:
        copy = _copy(state)
    return copy


def _copy(data: Any) -> Any:
    """A deep copy of plain data: ``marshal`` where it takes every value, else pickle."""
    try:
        return marshal.loads(marshal.dumps(data))
    except ValueError:  # an object marshal does not take (a class of its own, a subclass)
        return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


#: The encoders of :func:`canonical_json` and :func:`to_json`, made once. A state is a tree
#: (module docstring), so they do not look for cycles: ``json.dumps``' check puts every
#: container's id in a dict and takes it out again, 5-6% of a save's instructions (stop 44).
#: A state that held itself would end in a ``RecursionError`` rather than a ``ValueError``;
#: the text written is the same either way.
_CANONICAL = json.JSONEncoder(
    check_circular=False, sort_keys=True, separators=(",", ":"), ensure_ascii=True
)
_SAVED = json.JSONEncoder(check_circular=False)


def canonical_json(state: State) -> str:
    """The state as JSON with sorted keys and no spaces: equal states give equal text."""
    return _CANONICAL.encode(state)


def state_hash(state: State) -> str:
    """A stable sha256 hex digest of the canonical JSON of the state."""
    return hashlib.sha256(canonical_json(state).encode("ascii")).hexdigest()


def equal(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two states are the same game position (plain structural equality)."""
    return a == b


def to_json(state: State, indent: int | None = None) -> str:
    """The state as JSON text, keys in insertion order.

    Insertion order is kept (not sorted) because the engine iterates dicts such as the ships
    in that order, so a loaded state offers options in the same order as the saved one.
    """
    if indent is None:
        return _SAVED.encode(state)
    return json.dumps(state, indent=indent, check_circular=False)


def from_json(text: str) -> State:
    """A state from JSON text written by :func:`to_json`."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("a saved state must be a JSON object")
    return data
