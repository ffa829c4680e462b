"""Arrays handed out again once nobody holds them (issue 27: the environment's speed).

An observation is a new numpy array at every step, and making one (``np.frombuffer`` of a
new buffer, or ``np.zeros``) costs more than filling it. An agent usually drops the last
step's arrays before it asks for the next ones but one, so a few arrays, each made once and
filled again once nobody else holds it, serve a whole game. Whether anybody holds an array
is read from its reference count (:func:`sys.getrefcount`): the array owns its memory, so
every holder (a name, a list, a view of it, a memoryview of it, a tensor sharing it) holds a
reference to it, and an array anybody holds is never written. What the agent sees is the
same as with a new array each time.
"""

from __future__ import annotations

from sys import getrefcount
from typing import Any

import numpy as np

#: How many arrays a pool keeps (an agent holds the last step's while it asks for the next
#: one; a pool whose arrays are all held makes new ones, not kept).
KEEP = 4


def _free_refs() -> int:
    """The references to a kept array that nobody else holds, as :meth:`Pool.take` counts
    them: its entry, the memoryview it is written through, the call's argument."""
    array = np.zeros(1, np.int8)
    entry = [array, array.data.cast("B"), ()]
    del array
    return getrefcount(entry[0])


#: :func:`_free_refs`, counted once.
FREE = _free_refs()


class Pool:
    """Arrays of one size and type, each kept with its bytes (a writable memoryview) and a
    note the caller keeps with it (the action mask: which actions it set)."""

    def __init__(self, size: int, dtype: np.dtype[Any]) -> None:
        self.size, self.dtype = size, dtype
        #: ``[array, its bytes, note]`` for each array kept
        self.entries: list[list[Any]] = []

    def take(self) -> list[Any]:
        """An entry whose array nobody else holds (filled as it was), or a new one of zeros
        (kept while the pool has room)."""
        for entry in self.entries:
            if getrefcount(entry[0]) == FREE:
                return entry
        array = np.zeros(self.size, self.dtype)
        entry = [array, array.data.cast("B"), ()]
        if len(self.entries) < KEEP:
            self.entries.append(entry)
        return entry
