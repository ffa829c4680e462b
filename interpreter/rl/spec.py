"""What the environments (``aec.py``, ``openspiel.py``) need of a game's encoder: its action
space, its observation layout and the functions between them and the engine's states
(``LastLightSpec``, ``StarlightSpec``; :func:`whitedwarf.rl.spec_of` makes one)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np
from whitedwarf.rl.actions import ActionSpace
from whitedwarf.rl.features import Layout

State = dict[str, Any]


class Spec(Protocol):
    """One game's action space and observation encoder (docs/rl.md)."""

    actions: ActionSpace
    layout: Layout
    #: :meth:`observe` with ``asked`` given: the encoder's own method (one call less a step;
    #: optional: the environment asks :meth:`observe` of a spec without it)
    observe_asked: Callable[[State, int, bool], np.ndarray]

    @property
    def goal(self) -> int:
        """Shaping's scale: the score of a good game."""

    def index(self, state: State, seat: int, option_id: str) -> int:
        """The action index of an option."""

    def legal(
        self, state: State, seat: int, options: Sequence[Any]
    ) -> tuple[dict[int, Any], dict[int, str]]:
        """Each legal action's index -> the engine's first option naming it; and each ->
        that option's text (a new dict each call: the acting agent's info)."""

    def observe(self, state: State, seat: int, asked: bool | None = None) -> np.ndarray:
        """``seat``'s observation vector (``layout.size`` numbers)."""

    def scores(self, state: State) -> list[float]:
        """Each seat's score so far (public)."""

    def text(self, state: State) -> str:
        """The state in a few lines (``render_mode="ansi"``)."""
