"""Starlight's part of the ``strong`` agent (:mod:`~whitedwarf.interpreter.agents.strong`).

Searched: every choice between actions (where to move on the rondel, whether to act, step or
end the turn), which core to launch, the slot a star is aimed at, the flare attached, and
what an action gains (which core, ray or flare to take, or to stop). The rays attached one
by one and the buying of night points follow the ``heuristic`` agent's plan
(:func:`~whitedwarf.interpreter.starlight.agents.agent.decide`), which is also the rollout
policy and the first candidate; the guesses come from
:mod:`~whitedwarf.interpreter.starlight.determinise`.

A line stops when the seat's next turn begins (the rest of its turn and one turn of every
other seat, 003 "Turn Order"), or at the end of the game. It is scored by the seat's lead:
the points each seat would score if the game ended now
(:func:`~whitedwarf.interpreter.starlight.agents.agent.standing`), plus what each holds
towards its next stars (rays, cores and flares in hand, AP saved), which score only later;
a finished game scores the win (:data:`WIN_SCORE`, shared: its share) or the loss, plus the
final lead in points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from whitedwarf.interpreter.agents.strong import Budget, StrongAgent, current_budget
from whitedwarf.interpreter.starlight.agents.agent import decide, standing
from whitedwarf.interpreter.starlight.determinise import determinise
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.interpreter.starlight.state import player
from whitedwarf.interpreter.vm import EffectError

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

#: A won game's score, in points (a loss scores minus it).
WIN_SCORE = 40.0
#: What a ray, a core, a flare in hand and a saved AP are worth, in points to come: they
#: score only when a star is launched (003 "Launching Stars"), after the line is scored.
RAY_WORTH, CORE_WORTH, FLARE_WORTH, SAVED_AP_WORTH = 1.0, 1.5, 1.5, 0.5
#: Simulated decisions per searched decision (the reproducible budget): two thirds of the
#: decisions are searched, a line (to the seat's next turn) is about 24 decisions.
NODES = 800
#: Launch steps searched (the rays and the buying follow the heuristic's plan).
SEARCHED_STEPS = frozenset({"core", "slot", "flare"})


class StarlightStrong:
    """The :class:`~whitedwarf.interpreter.agents.strong.StrongRules` of Starlight."""

    errors: tuple[type[BaseException], ...] = (EffectError, KeyError, IndexError, ValueError)
    loss = -2 * WIN_SCORE

    def __init__(self, game: Game) -> None:
        self.game = game

    def observation(self, state: State, seat: int) -> State:
        return self.game.observation(state, seat)

    def candidates(self, view: State, seat: int, ids: Sequence[str], width: int) -> list[str]:
        """The heuristic's choice first, then the other options in the game's order; its
        choice alone where the step is not searched (module docstring)."""
        first = decide(self.game, view, seat, list(ids))
        if not _searched(view):
            return [first]
        return [first, *(i for i in ids if i != first and i != "cancel")][:width]

    def weight(self, view: State, seat: int) -> float:
        return 1.0

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        return determinise(self.game.content, view, seat, rng)

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        ids = [o.id for o in self.game.legal_options(world, seat)]
        return decide(self.game, world, seat, ids, rng)

    def mover(self, world: State) -> int | None:
        seats = self.game.current_players(world)
        return seats[0] if seats else None

    def apply(self, world: State, seat: int, option: str) -> None:
        # A simulated line is not the game: whoever listens to the real one (the replay
        # writer, --trace) must not hear it.
        listener, self.game.listener = self.game.listener, None
        try:
            self.game.apply(world, seat, option, check=False)
        finally:
            self.game.listener = listener

    def horizon(self, world: State) -> tuple[int, int]:
        seat = world["turn"]
        return seat, int(player(world, seat)["turns"])

    def past(self, world: State, start: tuple[int, int]) -> bool:
        seat, turns = start
        return int(player(world, seat)["turns"]) > turns

    def value(self, world: State, seat: int) -> float:
        result = world["result"]
        if world["phase"] == "over" and result is not None:
            winners, points = result["winners"], result["points"]
            won = WIN_SCORE / len(winners) if seat in winners else -WIN_SCORE
            return won + points[seat] - max(p for s, p in enumerate(points) if s != seat)
        worth = [self._worth(world, s) for s in range(world["n"])]
        return worth[seat] - max(w for s, w in enumerate(worth) if s != seat)

    def _worth(self, world: State, seat: int) -> float:
        p = player(world, seat)
        held = (
            RAY_WORTH * len(p["rays"])
            + CORE_WORTH * len(p["cores"])
            + FLARE_WORTH * len(p["flares"])
            + SAVED_AP_WORTH * p["saved"]
        )
        return standing(self.game, world, seat) + (held if p["kind"] == "live" else 0.0)


def _searched(view: State) -> bool:
    """Whether the decision ``view`` awaits is searched (module docstring)."""
    if view["frames"] or view["phase"] != "play":
        return False
    action = view["action"]
    if action is None:
        return True
    if action["kind"] == "launch":
        return action["step"] in SEARCHED_STEPS
    return True


def starlight_strong(seed: int, game: Game, budget: Budget | None = None) -> StrongAgent:
    """Starlight's ``strong`` agent for ``game``, seeded."""
    return StrongAgent(seed, StarlightStrong(game), budget or current_budget(NODES))
