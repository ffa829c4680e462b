"""Starlight's card values learned from play (the experiment of ``interpreter/agents/values.py``).

Each game of the experiment seats three ``heuristic`` agents playing by their rules of thumb
and randomises what they hold, so that a seat's final lead in points can be put down to its
cards:

* every seat is given a Core and a Flare drawn at random from the pack, from the start
  (``simulate --give``'s machinery: ``starlight/gifts.py``): their ``build`` worth (what
  taking the Core from the pool, or buying the Flare, brings; the AP paid is not in it);
* in every other game the gods are dealt (``gods=true``, 003 "The Gods") and each seat keeps
  one at random among those dealt: a god's ``keep`` worth.

Starlight's rules of thumb gave every card the same worth (the first Core of the pool, the
cheapest Flare, the first god dealt), so the prior of every card is 0: a card seldom drawn
keeps about the average worth. The heuristic uses the gods' worth (the god it keeps); the
Cores' and Flares' are kept for the reports and the strong agents, not for its own choices:
used there they lost games to the Starbot (BENCHMARKS.md "Card values learned from play").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.agents import agent_seed, values
from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.runner import StalledGame, play
from whitedwarf.interpreter.simulation.gifts import Gift, GiftError, Gifting, GiftingGame
from whitedwarf.interpreter.starlight.agents.agent import SHIPPED, StarlightHeuristic
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.gifts import GIVER
from whitedwarf.interpreter.vm import EffectError

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.content import StarlightContent

GAME = "starlight"
#: Seats of an experiment's game.
PLAYERS = 3


def learned(content: StarlightContent) -> values.CardValues | None:
    """The pack's learned values, learning them now (with a progress bar) when they are
    neither shipped nor cached and the mode allows it (``interpreter/agents/values.py``)."""
    found = values.known(GAME, content.digest, SHIPPED)
    if found is not None or values.mode() != "learn":
        return found
    return values.ensure(lambda: StarlightExperiment(content), GAME, content.digest, SHIPPED)


class StarlightExperiment:
    """One pack's experiment (the module docstring)."""

    game = GAME
    #: About a minute or two on 2 cores for the bundled pack (docs/simulate.md).
    default_games = 400

    def __init__(self, content: StarlightContent) -> None:
        self.content = content
        self.digest = content.digest
        self.cores = sorted(content.cards.get("cores", {}))
        self.flares = sorted(content.cards.get("flares", {}))
        self.gods = sorted(content.cards.get("gods", {}))

    def priors(self) -> dict[str, float]:
        names = [f"build:{c}" for c in (*self.cores, *self.flares)]
        return {name: 0.0 for name in (*names, *(f"keep:{g}" for g in self.gods))}

    def play(self, seed: int) -> tuple[list[values.Row], dict[str, float]]:
        rng = random.Random(seed)
        with_gods = bool(self.gods) and rng.random() < 0.5
        options: dict[str, Any] = {"gods": True} if with_gods else {}
        try:
            game = Game.from_content(self.content, PLAYERS, options)
            agents = [LearningAgent(agent_seed(seed, seat), game) for seat in range(PLAYERS)]
            state = game.new_state(seed)
            gifts = _gifts(state, rng, self.cores, self.flares)
            play(GiftingGame(game, Gifting(GIVER, game, gifts)), state, agents)
        except (GiftError, EffectError, StalledGame, KeyError, ValueError):
            return [], {}  # a deal the gifts do not fit, or a runaway card: left out
        result = state["result"]
        if result is None:
            return [], {}
        features: list[dict[str, float]] = []
        for seat, agent in enumerate(agents):
            mine = {f"build:{g.card}": 1.0 for g in gifts if g.seat == seat}
            if agent.god:
                mine[f"keep:{agent.god}"] = 1.0
            features.append(mine)
        scores = [float(p) for p in result["points"]]
        return values.rows_of(features, values.leads(scores)), {}

    def finish(
        self, worth: dict[str, float], seen: dict[str, float], counts: dict[str, float]
    ) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for card in (*self.cores, *self.flares):
            out[card] = {"build": round(worth.get(f"build:{card}", 0.0), 4)}
        for god in self.gods:
            out[god] = {"keep": round(worth.get(f"keep:{god}", 0.0), 4)}
        return out


def _gifts(state: Any, rng: random.Random, cores: list[str], flares: list[str]) -> list[Gift]:
    """A Core and a Flare for each seat, drawn from those still in their decks (a card the
    setup put in a pool or a hand stays there: taking a Core out of the pool leaves a hole
    the pool's options do not expect)."""
    out: list[Gift] = []
    for pool, deck in ((cores, "core_deck"), (flares, "flare_deck")):
        free = [c for c in pool if c in state[deck]]
        for seat, card in enumerate(rng.sample(free, min(PLAYERS, len(free)))):
            out.append(Gift(seat, card))
    return out


class LearningAgent(StarlightHeuristic):
    """The heuristic agent keeping a god at random among those dealt (the experiment's coin)."""

    def __init__(self, seed: int, game: Game) -> None:
        super().__init__(seed, game)
        self.god: str | None = None

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        ids = [o.id for o in options]
        if ids and all(i.startswith("god:") for i in ids):
            chosen = ids[self.rng.randrange(len(ids))]
            self.god = chosen[4:]
            return chosen
        return super().choose(state, seat, options)


def ship(workers: int = 2, games: int | None = None) -> values.CardValues:
    """Learn the bundled pack's values and write them where the game ships them
    (:data:`SHIPPED`): ``python -m whitedwarf.interpreter.agents.ship``."""
    from whitedwarf.interpreter.starlight.content import load_content

    experiment = StarlightExperiment(load_content())
    found = values.learn(experiment, games or experiment.default_games, 0, workers)
    values.write(found, SHIPPED)
    return found
