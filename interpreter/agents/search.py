"""The ``search`` agent: information-set Monte Carlo search over determinisations.

At each choice of the round's action card (the strategic decision; the steps inside an
action follow the heuristic agent's rules) it runs ``iterations`` simulations. Each draws a
state consistent with the seat's observation (:mod:`~whitedwarf.interpreter.lastlight.
determinise`; a different guess at the hidden cards every time), picks a first option by UCB1
over the statistics all determinisations share (the information set's root: Cowling, Powley
and Whitehouse's single-observer ISMCTS, searched one decision deep), plays it, and lets the
heuristic agent play every seat for ``horizon`` more decisions. The result is scored by the
seat's lead in light-equivalents (:func:`~whitedwarf.interpreter.lastlight.valuation.
advantage`, or 100 for a win), and the option with the best mean is chosen.

Where no determinisation is possible (another seat's effect in progress hides what it works
on) the agent decides as the heuristic agent does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from whitedwarf.interpreter.agents.heuristic import best_option
from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.lastlight.determinise import determinise
from whitedwarf.interpreter.lastlight.game import apply as apply_option
from whitedwarf.interpreter.lastlight.game import current_players, legal_options
from whitedwarf.interpreter.lastlight.persist import observation
from whitedwarf.interpreter.lastlight.valuation import advantage
from whitedwarf.interpreter.vm import EffectError

State = dict[str, Any]

#: Simulations per decision, and decisions played after the first option in each.
DEFAULT_ITERATIONS = 16
DEFAULT_HORIZON = 40
#: UCB1's exploration constant, in the units of the score (light-equivalents).
EXPLORATION = 4.0
WIN_SCORE = 100.0
#: The decisions searched: the action card of the round (the strategic choice). Steps inside
#: an action are left to the heuristic's rules: with a few noisy samples per option, search
#: chose worse moves and builds than the rules did (docs/simulate.md S1).
SEARCHED = "play:"


class SearchAgent:
    """Information-set Monte Carlo search (module docstring), seeded for reproducibility."""

    def __init__(
        self, seed: int, iterations: int = DEFAULT_ITERATIONS, horizon: int = DEFAULT_HORIZON
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.horizon = horizon

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        """The option with the best mean simulated result, from ``seat``'s observation."""
        view = observation(state, seat)
        if len(options) == 1:
            return options[0].id
        if not any(o.id.startswith(SEARCHED) for o in options):
            return best_option(view, seat, options, self.rng)
        ids = [o.id for o in options]
        totals = [0.0] * len(ids)
        visits = [0] * len(ids)
        for done in range(self.iterations):
            world = determinise(view, seat, self.rng)
            if world is None:
                return best_option(view, seat, options, self.rng)
            pick = _ucb(totals, visits, done)
            totals[pick] += self._simulate(world, seat, ids[pick])
            visits[pick] += 1
        means = [t / v if v else -math.inf for t, v in zip(totals, visits, strict=True)]
        return ids[max(range(len(ids)), key=lambda i: (means[i], visits[i], -i))]

    def _simulate(self, world: State, seat: int, first: str) -> float:
        """Play ``first`` then ``horizon`` heuristic decisions; ``seat``'s resulting score."""
        try:
            apply_option(world, seat, first)
            for _ in range(self.horizon):
                if world["phase"] == "over":
                    break
                mover = current_players(world)[0]
                options = legal_options(world, mover)
                pick = best_option(world, mover, options, self.rng)
                apply_option(world, mover, pick)
        except (EffectError, KeyError, IndexError, ValueError):
            return -WIN_SCORE  # a guess the rules could not play on: count it as a bad line
        if world["phase"] == "over":
            winners = world["result"]["winners"]
            return WIN_SCORE / len(winners) if seat in winners else -WIN_SCORE
        return advantage(world, seat)


def _ucb(totals: list[float], visits: list[int], done: int) -> int:
    """UCB1: an unvisited option first, else the best mean plus exploration bonus."""
    for i, count in enumerate(visits):
        if count == 0:
            return i
    log_n = math.log(done + 1)
    return max(
        range(len(totals)),
        key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]),
    )
