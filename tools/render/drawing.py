"""What a game brings to be drawn: its :class:`Drawing`, named by its ``GameEngine.drawing``.

``render`` and ``replay --html`` are game-agnostic: they open a position (``position.py``),
then ask the game's drawing for the picture (one SVG document, in parts the replay viewer
stores once each), each seat's public panel, the scores charted over the game and the status
line. Each game's drawing is its ``views/drawing.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.state import State

Event = dict[str, Any]
#: The SVG document in parts: its opening, its groups (each stored once by the viewer) and
#: its closing.
Parts = tuple[str, list[str], str]


@dataclass(frozen=True)
class Drawing:
    """A game's board picture and public panels.

    Every function reads only what every player may see of the state (the game's
    ``observation`` for no seat), so nothing secret reaches a picture or the viewer. ``events``
    are the engine's events up to the position (what a saved state alone does not keep, such
    as a launched star's magnitude); a save has none.
    """

    #: ``(content, state, events, title)`` to the SVG document.
    svg: Callable[[Any, State, list[Event], str], str]
    #: ``(content, state, events)`` to the document in :data:`Parts`.
    parts: Callable[[Any, State, list[Event]], Parts]
    #: ``(content, state)`` to one plain dict per seat for the viewer's panels: ``{"seat",
    #: "lines"}`` (lines of text) or, for Last Light, its own panel fields.
    panels: Callable[[Any, State], list[dict[str, Any]]]
    #: ``state`` to each seat's score, charted over the game.
    scores: Callable[[State], list[int]]
    #: What the scores are ("light", "night points").
    score_name: str
    #: ``state`` to the status line ("round 3 · rotation 1 · play").
    status: Callable[[State], str]
    #: ``seats`` to each seat's colour.
    colours: Callable[[int], list[str]]
    #: ``(path, content, game class)`` to a saved state, checked to be this game's and made
    #: with this content; ``PositionError`` (``position.py``) otherwise.
    load_save: Callable[[Path, Any, Any], State]
