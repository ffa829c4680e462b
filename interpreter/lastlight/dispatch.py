"""The functions the engine runs for the vocabulary's words, as a game's set-up gave them.

The effect machine's adapter (``effects.py``) and the selectors (``selectors.py``) call the
verbs, nouns, filters and values a card names, but sit below the modules that implement
them (the verbs call Research, Construct and the hooks, which run effects), so they cannot
import them. The table is given here by ``game.wire`` when a game is set up, from
``bindings.py``, which imports the implementing modules (issue 26: no import cycle, and
nothing installed when a module is imported). Before that it is empty.
"""

from __future__ import annotations

from typing import ClassVar

from whitedwarf.interpreter.bindings import Bindings


class Installed:
    """The bindings in use (one per process: every Last Light game runs the same words)."""

    words: ClassVar[Bindings] = Bindings()


def words() -> Bindings:
    """The vocabulary's functions in use (empty before a game is set up)."""
    return Installed.words


def install(bindings: Bindings) -> bool:
    """Use ``bindings`` from now on; False when they are in use already."""
    if Installed.words is bindings:
        return False
    Installed.words = bindings
    return True
