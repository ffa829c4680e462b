"""Last Light's part of the ``strong`` agent (:mod:`~whitedwarf.interpreter.agents.strong`).

Every decision after setup with more than one option is searched: the action card, and the
steps inside an action (which tech to make and on which ship, where to build, place an
extractor or move, what to trade, give or discard, whether to use an ability or answer a
card's "may"). The candidates are the ``heuristic`` agent's best few by its own scores
(:func:`~whitedwarf.interpreter.lastlight.agents.heuristic.score_options`), the rollouts
are its choices on the guessed state, the guesses come from
:mod:`~whitedwarf.interpreter.lastlight.determinise` (what a view hides is worked out once a
decision, :class:`~whitedwarf.interpreter.lastlight.determinise.Hidden`), and a line stops at
the end of the round after the one it starts in (000 "End of Round"; a round is about nine
decisions of the table), where it is scored by the seat's chance to win from there, as
learned from heuristic games (:mod:`~whitedwarf.interpreter.lastlight.agents.leaf`: its
light, the light its board is set to claim, its centre ships, techs and the rest, weighed
by how much of the game is left). A finished game scores the seat's share of the win (1, a
shared win its share, a loss 0).

Setup's picks (the faction and the achievement kept) are made once and pay over the whole
game: they are searched with :data:`SETUP_WEIGHT` budgets, on lines of :data:`SETUP_ROUNDS`
rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from whitedwarf.interpreter.agents.strong import Budget, StrongAgent, current_budget
from whitedwarf.interpreter.lastlight import determinise, game, persist
from whitedwarf.interpreter.lastlight.agents import leaf
from whitedwarf.interpreter.lastlight.agents.aim import Shared
from whitedwarf.interpreter.lastlight.agents.heuristic import best_option, score_options
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.vm import EffectError

#: Rounds a line plays past the one it starts in before it is scored.
ROUNDS_AHEAD = 1
#: Setup's picks (the faction and the achievement kept, 000 "Setup") are made once and
#: pay over the whole game: they get this many budgets, and their lines play this many
#: rounds before they are scored.
SETUP_WEIGHT, SETUP_ROUNDS = 8.0, 6
#: Simulated decisions per searched decision (the reproducible budget): nearly every
#: decision is searched, and a line of two rounds is about 17 decisions, so this is about
#: three lines per candidate of four, and the mean stays under 50 ms of CPU a decision
#: (BENCHMARKS.md, issue 24: 240 cost 46-47 ms on the loaded machine and won no more).
NODES = 200
#: The secret action card (000 "Choose an action") decides what the seat does all round:
#: it gets this many budgets, and a step inside an action (a move, a build, a trade) fewer,
#: about the same CPU a decision in all (the card is some 40% of a seat's decisions). On
#: games 0-48 of seed 7, four players, 1.6 and 0.7 won 30 where 1 and 1 won 26.
CARD_WEIGHT, STEP_WEIGHT = 1.6, 0.7


class LastLightStrong:
    """The :class:`~whitedwarf.interpreter.agents.strong.StrongRules` of Last Light."""

    errors: tuple[type[BaseException], ...] = (EffectError, KeyError, IndexError, ValueError)
    #: A line the rules could not play on scores below any chance (0 to 1).
    loss = -1.0

    def __init__(self, rounds_ahead: int = ROUNDS_AHEAD) -> None:
        self.rounds_ahead = rounds_ahead
        #: What the view of the decision being searched hides (its guesses share it).
        self._hidden: determinise.Hidden | None = None
        #: The aim's progress its guesses' rollouts share (:data:`.aim.Shared`), made anew
        #: with :attr:`_hidden`: the guesses of one view share its board.
        self._shared: Shared = {}

    def observation(self, state: State, seat: int) -> State:
        return persist.shared_observation(state, seat)

    def candidates(self, view: State, seat: int, ids: Sequence[str], width: int) -> list[str]:
        """The heuristic's best ``width`` options by its scores (setup: its pick alone)."""
        scores = score_options(view, seat, ids)
        order = sorted(range(len(ids)), key=lambda i: -scores[i])
        return [ids[i] for i in order[:width]]

    def weight(self, view: State, seat: int) -> float:
        """Setup's picks :data:`SETUP_WEIGHT` budgets, the action card :data:`CARD_WEIGHT`,
        a step inside an action :data:`STEP_WEIGHT` (:data:`NODES`)."""
        if view["phase"] == "setup":
            return SETUP_WEIGHT
        return CARD_WEIGHT if view["phase"] == "choose" else STEP_WEIGHT

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        hidden = self._hidden
        if hidden is None or hidden.view is not view or hidden.seat != seat:
            hidden = self._hidden = determinise.Hidden(view, seat)
            self._shared = {}
        return determinise.determinise(view, seat, rng, hidden)

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        return best_option(world, seat, game.legal_options(world, seat), rng, self._shared)

    def mover(self, world: State) -> int | None:
        seats = game.current_players(world)
        return seats[0] if seats else None

    def apply(self, world: State, seat: int, option: str) -> None:
        game.apply(world, seat, option)

    def horizon(self, world: State) -> int:
        """The last round the line plays (setup's picks: :data:`SETUP_ROUNDS` of them)."""
        if world["phase"] == "setup":
            return SETUP_ROUNDS
        return int(world["round"]) + self.rounds_ahead

    def past(self, world: State, start: int) -> bool:
        return int(world["round"]) > start

    def value(self, world: State, seat: int) -> float:
        """The seat's chance to win: its share of a finished game's win, else the learned
        leaf's estimate (:func:`~whitedwarf.interpreter.lastlight.agents.leaf.chances`)."""
        result = world["result"]
        if world["phase"] == "over" and result is not None:
            winners = result["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        return leaf.chances(world)[seat]


def last_light_strong(seed: int, budget: Budget | None = None) -> StrongAgent:
    """Last Light's ``strong`` agent, seeded (``budget``: the current one, :func:`~whitedwarf.
    interpreter.agents.strong.current_budget`)."""
    return StrongAgent(seed, LastLightStrong(), budget or current_budget(NODES))
