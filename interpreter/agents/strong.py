"""The ``strong`` agent: information-set search at every decision with a real choice.

At each decision its game says is worth searching (more than one sensible option, ranked by
the game's heuristic: its *candidates*), the agent compares the candidates on states drawn
from its own observation only (the game's determiniser fills every hidden part with cards
the seat has not seen, a new guess for every sample). A sample is one guessed state and one
seed for the rest of the line; every candidate still in the race is played on the *same*
sample (common random numbers: the same hidden cards, the same dice, the same rollout), so
the comparison measures the option and not the luck of the draw. After the candidate, the
game's rollout policy (its heuristic) plays every seat, the agent's own later decisions
included, until the game's horizon (Last Light: the end of the next round) or the end of the
game, and the line is scored by the game's evaluation of the seat's position (its lead in
light, or points; a finished game scores its outcome).

The budget is spent by sequential halving (Karnin, Koren and Somekh, 2013): the budget is
split into ``ceil(log2(k))`` phases; in each, the candidates left are played on new samples
until the phase's share is spent, and the worse half (by mean score) drops out. It finds the
best of a few options with far fewer simulations than trying each equally often, and its
cost is bounded by the budget whatever the position. The budget is either

* a node budget (:attr:`Budget.nodes`: decisions simulated per searched decision, the
  default): every draw comes from the agent's own seeded generator, so a seeded game with
  ``strong`` seats is the same game decision by decision, whatever the machine, its load and
  the number of workers; or
* a time budget (:attr:`Budget.think_ms`, ``--think MS``): CPU time per searched decision
  (``time.process_time``), for play at a fixed pace; not reproducible, since a busy machine
  searches less.

The search is one decision deep (flat Monte Carlo over the information set): what follows
the candidate, the seat's own later choices included, is the rollout policy's. Each of the
seat's decisions is searched in its turn, so every kind of choice is searched, each on the
information the seat has when it makes it. A decision with a single option, or one the game
does not search, costs nothing; a game may give a decision more than one budget
(:meth:`StrongRules.weight`: Last Light's setup picks). The agent knows no game: a game
hands it a :class:`StrongRules` (``interpreter/lastlight/agents/strong.py``, and the other
game's own package).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from whitedwarf.interpreter.contract import Option
from whitedwarf.interpreter.state import State, clone

#: Decisions simulated per searched decision when a game names no budget of its own (each
#: game's module sets one to stay under 50 ms of CPU a decision: BENCHMARKS.md, issue 24).
DEFAULT_NODES = 400
#: The most candidates searched at one decision (the heuristic's best first).
DEFAULT_WIDTH = 4
#: The most decisions one simulated line plays (a guard: every game's horizon comes first).
LONGEST_LINE = 600


@dataclass(frozen=True)
class Budget:
    """How much a searched decision may cost: simulated decisions, or CPU milliseconds."""

    #: Simulated decisions (rollout steps) per searched decision: reproducible.
    nodes: int = DEFAULT_NODES
    #: CPU milliseconds per searched decision instead of :attr:`nodes` (``--think MS``).
    think_ms: float | None = None
    #: The most candidates compared (the game's ranking decides which).
    width: int = DEFAULT_WIDTH


class StrongRules(Protocol):
    """What a game gives the strong agent: its views, guesses, policy and evaluation."""

    #: Errors a simulation on a guessed state may raise; such a line scores :attr:`loss`.
    errors: tuple[type[BaseException], ...]
    #: The score of a line the rules could not play on (worse than any real outcome).
    loss: float

    def observation(self, state: State, seat: int) -> State:
        """What ``seat`` may see of ``state`` (the agent reads nothing else)."""
        ...

    def candidates(self, view: State, seat: int, ids: Sequence[str], width: int) -> list[str]:
        """The options worth comparing, the heuristic's best first, at most ``width``; one
        option when the decision is not worth a search (the heuristic's choice)."""
        ...

    def weight(self, view: State, seat: int) -> float:
        """How many budgets this decision deserves (1 for most; a choice made once a game
        whose worth shows only over many rounds, such as a faction, may take more)."""
        ...

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        """A full state consistent with ``view``, its hidden parts drawn with ``rng``; None
        when none can be built (the agent takes the first candidate then)."""
        ...

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        """The rollout policy: ``seat``'s choice in a simulated (full) state."""
        ...

    def mover(self, world: State) -> int | None:
        """The seat whose decision ``world`` awaits; None once the game is over."""
        ...

    def apply(self, world: State, seat: int, option: str) -> None:
        """Apply a choice to ``world`` in place (telling no one: a simulated line)."""
        ...

    def horizon(self, world: State) -> Any:
        """A mark of where a line starts (Last Light: the round), for :meth:`past`."""
        ...

    def past(self, world: State, start: Any) -> bool:
        """Whether a line begun at mark ``start`` has gone far enough to be evaluated."""
        ...

    def value(self, world: State, seat: int) -> float:
        """``seat``'s score for ``world``: its outcome when the game is over, else its lead."""
        ...


#: The budget of agents made inside :func:`thinking` (``--think``); None: the default.
_THINK: list[float | None] = [None]


@contextmanager
def thinking(think_ms: float | None) -> Iterator[None]:
    """Make the ``strong`` agents created inside search ``think_ms`` CPU milliseconds per
    searched decision (None: the default node budget). The commands wrap the making of a
    game's seats in it (``--think``), so no agent factory needs another argument."""
    before = _THINK[0]
    _THINK[0] = think_ms
    try:
        yield
    finally:
        _THINK[0] = before


def current_budget(nodes: int | None = None, width: int | None = None) -> Budget:
    """The budget an agent made now gets (:func:`thinking`'s time, else ``nodes``; None:
    :data:`DEFAULT_NODES`, :data:`DEFAULT_WIDTH`)."""
    return Budget(
        nodes=DEFAULT_NODES if nodes is None else nodes,
        think_ms=_THINK[0],
        width=DEFAULT_WIDTH if width is None else width,
    )


def think_error(value: Any) -> str | None:
    """Why ``value`` (a number, or the text given) is no ``--think``: a positive, finite
    number of milliseconds; None when it is one."""
    number = value
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            number = None
    if isinstance(number, bool) or not isinstance(number, int | float):
        return f"{value!r} is not a positive number of milliseconds"
    if not math.isfinite(number) or number <= 0:
        return f"{value!r} is not a positive number of milliseconds"
    return None


@dataclass
class _Candidate:
    """An option in the race and its scores, one a sample (the same samples for all: the
    first ``len(scores)`` samples of the decision)."""

    option: str
    scores: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else -math.inf


class StrongAgent:
    """Information-set search by sequential halving (module docstring), seeded."""

    def __init__(self, seed: int, rules: StrongRules, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        self.budget = budget or current_budget()
        #: Decisions searched and simulated so far (for benchmarks and tests).
        self.searched = 0
        self.nodes = 0

    def choose(self, state: Any, seat: int, options: Sequence[Option]) -> str:
        """The candidate with the best mean score on shared samples, from ``seat``'s view."""
        if len(options) == 1:
            return options[0].id
        rules = self.rules
        view = rules.observation(state, seat)
        ranked = rules.candidates(view, seat, [o.id for o in options], self.budget.width)
        if len(ranked) == 1:
            return ranked[0]
        self.searched += 1
        weight = rules.weight(view, seat)
        return self._halve(view, seat, [_Candidate(option) for option in ranked], weight)

    def _halve(self, view: State, seat: int, alive: list[_Candidate], weight: float) -> str:
        """Sequential halving over ``alive`` (kept in prior order: ties go to the prior),
        spending ``weight`` budgets."""
        budget = self.budget
        phases = max(1, math.ceil(math.log2(len(alive))))
        total = float(budget.nodes) if budget.think_ms is None else budget.think_ms / 1000.0
        total *= weight
        began = self._spent()
        for phase in range(phases):
            # Each phase may spend its share of what is left (a phase that stopped short
            # leaves more for the later ones); every phase plays at least one sample.
            start = self._spent()
            share = (total - (start - began)) / (phases - phase)
            while True:
                world = self.rules.determinise(view, seat, self.rng)
                if world is None:
                    return alive[0].option  # nothing to search on: the heuristic's choice
                line_seed = self.rng.getrandbits(64)
                for candidate in alive:
                    score = self._simulate(clone(world), seat, candidate.option, line_seed)
                    candidate.scores.append(score)
                if self._spent() - start >= share:
                    break
            if phase < phases - 1:
                order = sorted(range(len(alive)), key=lambda i: (-alive[i].mean, i))
                alive = [alive[i] for i in sorted(order[: (len(alive) + 1) // 2])]
        best = max(range(len(alive)), key=lambda i: (alive[i].mean, -i))
        return alive[best].option

    def _spent(self) -> float:
        """What the budget counts: CPU seconds with a time budget, else decisions simulated."""
        return float(self.nodes) if self.budget.think_ms is None else time.process_time()

    def _simulate(self, world: State, seat: int, option: str, seed: int) -> float:
        """Play the candidate, then the rollout policy to the horizon; ``seat``'s score."""
        rules = self.rules
        rng = random.Random(seed)
        try:
            start = rules.horizon(world)
            rules.apply(world, seat, option)
            self.nodes += 1
            for _ in range(LONGEST_LINE):
                mover = rules.mover(world)
                if mover is None or rules.past(world, start):
                    break
                rules.apply(world, mover, rules.rollout(world, mover, rng))
                self.nodes += 1
        except rules.errors:
            return rules.loss  # a guess the rules could not play on: a bad line
        return rules.value(world, seat)
