"""The ``search`` agent: information-set Monte Carlo search over determinisations.

At each decision its game marks as worth searching (Last Light: the round's action card;
the steps inside an action follow the heuristic agent's rules) it runs ``iterations``
simulations. Each draws a state consistent with the seat's observation (the game's
determiniser: a different guess at the hidden cards every time), picks a first option by
UCB1 over the statistics all determinisations share (the information set's root: Cowling,
Powley and Whitehouse's single-observer ISMCTS, searched one decision deep), plays it, and
lets the game's rollout policy (its heuristic agent) play every seat for ``horizon`` more
decisions. The result is scored by the game's evaluation of the seat's lead (or of the
outcome when the game ended), and the option with the best mean is chosen.

The agent knows no game: a game hands it a :class:`SearchRules` (Last Light's is
:mod:`~whitedwarf.interpreter.lastlight.agents.search`). Where no determinisation is
possible (another seat's effect in progress hides what it works on) it decides as the
game's heuristic does. The work per decision is bounded by ``iterations × horizon``
decisions played, whatever the position, and every draw comes from the agent's own seeded
generator, so a seeded game with search seats is reproducible decision by decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Protocol

from whitedwarf.interpreter.contract import Option
from whitedwarf.interpreter.state import State

#: Simulations per decision, and decisions played after the first option in each.
DEFAULT_ITERATIONS = 16
DEFAULT_HORIZON = 40


class SearchRules(Protocol):
    """What a game gives the search agent: its views, guesses, policy and evaluation."""

    #: UCB1's exploration constant, in the units of :meth:`evaluate`.
    exploration: float
    #: The score of a simulated win; a line the rules could not play on scores minus this.
    win_score: float
    #: Errors a simulation on a guessed state may raise; such a line scores as a loss.
    errors: tuple[type[BaseException], ...]

    def observation(self, state: State, seat: int) -> State:
        """What ``seat`` may see of ``state`` (the agent reads nothing else)."""
        ...

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        """A full state consistent with ``view``, hidden parts drawn with ``rng``; ``None``
        when none can be built."""
        ...

    def searched(self, view: State, seat: int, ids: Sequence[str]) -> bool:
        """Whether this decision is searched (else the heuristic decides)."""
        ...

    def heuristic(self, view: State, seat: int, options: Sequence[Option],
                  rng: random.Random) -> str:  # fmt: skip
        """The heuristic agent's choice from ``seat``'s view (decisions not searched)."""
        ...

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        """The rollout policy: ``seat``'s choice in a simulated (full) state."""
        ...

    def mover(self, world: State) -> int:
        """The seat whose decision ``world`` awaits."""
        ...

    def apply(self, world: State, seat: int, option: str) -> None:
        """Apply a choice to ``world`` in place."""
        ...

    def outcome(self, world: State, seat: int) -> float | None:
        """``seat``'s score in a finished ``world`` (about ``win_score`` for a win, minus it
        for a loss), ``None`` while the game goes on."""
        ...

    def evaluate(self, world: State, seat: int) -> float:
        """``seat``'s lead in an unfinished ``world`` (bigger is better)."""
        ...


class SearchAgent:
    """Information-set Monte Carlo search (module docstring), seeded for reproducibility."""

    def __init__(
        self,
        seed: int,
        rules: SearchRules,
        iterations: int = DEFAULT_ITERATIONS,
        horizon: int = DEFAULT_HORIZON,
    ) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        self.iterations = iterations
        self.horizon = horizon

    def choose(self, state: Any, seat: int, options: Sequence[Option]) -> str:
        """The option with the best mean simulated result, from ``seat``'s observation."""
        if len(options) == 1:
            return options[0].id
        rules = self.rules
        view = rules.observation(state, seat)
        ids = [o.id for o in options]
        if not rules.searched(view, seat, ids):
            return rules.heuristic(view, seat, options, self.rng)
        totals = [0.0] * len(ids)
        visits = [0] * len(ids)
        for done in range(self.iterations):
            world = rules.determinise(view, seat, self.rng)
            if world is None:
                return rules.heuristic(view, seat, options, self.rng)
            pick = _ucb(totals, visits, done, rules.exploration)
            totals[pick] += self._simulate(world, seat, ids[pick])
            visits[pick] += 1
        means = [t / v if v else -math.inf for t, v in zip(totals, visits, strict=True)]
        return ids[max(range(len(ids)), key=lambda i: (means[i], visits[i], -i))]

    def _simulate(self, world: State, seat: int, first: str) -> float:
        """Play ``first`` then ``horizon`` rollout decisions; ``seat``'s resulting score."""
        rules = self.rules
        try:
            rules.apply(world, seat, first)
            for _ in range(self.horizon):
                if rules.outcome(world, seat) is not None:
                    break
                mover = rules.mover(world)
                rules.apply(world, mover, rules.rollout(world, mover, self.rng))
        except rules.errors:
            return -rules.win_score  # a guess the rules could not play on: a bad line
        final = rules.outcome(world, seat)
        return rules.evaluate(world, seat) if final is None else final


def _ucb(totals: list[float], visits: list[int], done: int, exploration: float) -> int:
    """UCB1: an unvisited option first, else the best mean plus exploration bonus."""
    for i, count in enumerate(visits):
        if count == 0:
            return i
    log_n = math.log(done + 1)
    return max(
        range(len(totals)),
        key=lambda i: totals[i] / visits[i] + exploration * math.sqrt(log_n / visits[i]),
    )
