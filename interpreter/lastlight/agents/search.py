"""Last Light's part of the ``search`` agent (:mod:`~whitedwarf.interpreter.agents.search`).

The searched decision is the round's action card (``play:...``, docs/simulate.md S1); the
steps inside an action, the rollouts and the fallback are the ``heuristic`` agent's
(:func:`~whitedwarf.interpreter.lastlight.agents.heuristic.best_option`); the guesses come from
:mod:`~whitedwarf.interpreter.lastlight.determinise` and an unfinished simulation is scored
by the seat's lead in light-equivalents (:func:`~whitedwarf.interpreter.lastlight.valuation.
advantage`), a finished one by 100 for a win (shared: its share) and -100 for a loss.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.lastlight import determinise, game, persist, valuation
from whitedwarf.interpreter.lastlight.agents.aim import Aims, Shared
from whitedwarf.interpreter.lastlight.agents.heuristic import best_option
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.vm import EffectError

#: The decisions searched: the action card of the round (the strategic choice). Steps inside
#: an action are left to the heuristic's rules: with a few noisy samples per option, search
#: chose worse moves and builds than the rules did (docs/simulate.md S1).
SEARCHED = "play:"


class LastLightSearch:
    """The :class:`~whitedwarf.interpreter.agents.search.SearchRules` of Last Light."""

    exploration = 4.0  # light-equivalents
    win_score = 100.0
    errors: tuple[type[BaseException], ...] = (EffectError, KeyError, IndexError, ValueError)

    def observation(self, state: State, seat: int) -> State:
        return persist.observation(state, seat)

    def __init__(self) -> None:
        #: What the view of the decision being searched hides (its guesses share it).
        self._hidden: determinise.Hidden | None = None
        #: The aim's progress its guesses' rollouts share (:data:`.aim.Shared`), made anew
        #: with :attr:`_hidden`: the guesses of one view share its board.
        self._shared: Shared = {}
        #: The world the last rollout decision was made in, and the seats' aims kept for it
        #: (:meth:`.aim.Aim.kept`: a simulation's 40 decisions are made in one world).
        self._world: State | None = None
        self._aims: Aims = {}

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        hidden = self._hidden
        if hidden is None or hidden.view is not view or hidden.seat != seat:
            hidden = self._hidden = determinise.Hidden(view, seat)
            self._shared = {}
        return determinise.determinise(view, seat, rng, hidden)

    def searched(self, view: State, seat: int, ids: Sequence[str]) -> bool:
        return any(i.startswith(SEARCHED) for i in ids)

    def heuristic(
        self, view: State, seat: int, options: Sequence[OptionLike], rng: random.Random
    ) -> str:
        return best_option(view, seat, options, rng)

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        if world is not self._world:
            self._world, self._aims = world, {}
        options = game.legal_options(world, seat)
        return best_option(world, seat, options, rng, self._shared, self._aims)

    def mover(self, world: State) -> int:
        return game.current_players(world)[0]

    def apply(self, world: State, seat: int, option: str) -> None:
        game.apply(world, seat, option)

    def outcome(self, world: State, seat: int) -> float | None:
        if world["phase"] != "over":
            return None
        result = world["result"]
        assert result is not None  # the game is over
        winners = result["winners"]
        return self.win_score / len(winners) if seat in winners else -self.win_score

    def evaluate(self, world: State, seat: int) -> float:
        return valuation.advantage(world, seat)


def last_light_search(seed: int) -> SearchAgent:
    """Last Light's ``search`` agent, seeded."""
    return SearchAgent(seed, LastLightSearch())
