"""The card and board names a saved state holds, checked against the packs loaded now.

A save names cards by id (a Starlight flare ``"star_chorus"``, a Last Light tech copy
``"warp_drive#2"``). Its ``content`` field says which packs it was made with, and ``render``
and ``play --resume`` refuse a save of other packs; a save of the same packs whose names were
edited (``"made_up_flare"``) would still load, be drawn with a card the pack does not have,
or be refused only as "not where its decisions lead", without saying which name is wrong.
Each game lists where its state holds names (:data:`Named` rows, made by its ``persist``
module); :func:`first_unknown` turns the first name the packs do not have into one sentence
naming it, where it is and why it is refused (docs/replays.md "Saves of `whitedwarf play`").

This module knows no game: both games' ``persist`` call it.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any

#: One name a state holds: where (``players[0].flares[1]``), the kind of thing it must name
#: (``flare``: a key of the known names) and the value found there.
Named = tuple[str, str, object]


def each(where: str, kind: str, value: object, empty: bool = False) -> Iterator[Named]:
    """The items of the list at ``where``, each a ``kind`` name (``empty``: None allowed,
    an empty place); a value that is not a list is one row, told as not a list."""
    if not isinstance(value, list):
        yield where, f"list of {kind}s", value
        return
    for index, item in enumerate(value):
        if not (empty and item is None):
            yield f"{where}[{index}]", kind, item


def keys(where: str, kind: str, value: object) -> Iterator[Named]:
    """The keys of the mapping at ``where``, each a ``kind`` name."""
    if not isinstance(value, dict):
        yield where, f"mapping of {kind}s", value
        return
    for key in value:
        yield f"{where}.{key}", kind, key


def one(where: str, kind: str, value: object, empty: bool = True) -> Iterator[Named]:
    """The name at ``where`` (``empty``: None allowed, nothing there)."""
    if not (empty and value is None):
        yield where, kind, value


def records(where: str, value: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """The records (dicts) of the list at ``where``, each with its place; anything else in
    it is left to the game's own checks."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, dict):
                yield f"{where}[{index}]", item


def first_unknown(
    named: Iterable[Named],
    known: Mapping[str, Collection[str]],
    pack: str,
    ref: Any = None,
) -> str | None:
    """The first name of ``named`` the packs do not have, in one sentence (None: all known).

    ``known`` maps a kind to the names the packs have; a kind it lacks (``list of flares``)
    is a field of the wrong shape. ``ref`` turns a name as saved into the name to look up
    (Last Light's ``"warp_drive#2"`` -> ``"warp_drive"``)."""
    for where, kind, value in named:
        names = known.get(kind)
        if names is None:
            return (
                f"the saved state's {where} is {_shown(value)}, not a {kind} "
                "(the file was edited): put back what it held"
            )
        looked_up = ref(value) if ref is not None and isinstance(value, str) else value
        if isinstance(looked_up, str) and looked_up in names:
            continue
        close = difflib.get_close_matches(str(looked_up), sorted(names), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return (
            f"the saved state's {where} is {_shown(value)}, which is not a {kind} of "
            f"{pack} (a save names only the cards of the packs it was made with, so the "
            f"file was edited){hint}"
        )
    return None


def _shown(value: object) -> str:
    """A value as the save holds it, cut short if long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
