"""Rate a policy on a pack against the project's own agents (docs/rl.md "Rating").

A policy is any callable ``(observation vector, action mask) -> action index`` (the
environment's). It plays one seat, the agents of ``opponent`` kind (``random``, ``heuristic``,
``search`` ..., as ``whitedwarf play --seats`` names them) the others, seeded as ``play``
seeds them; the policy's seat goes round the table from game to game so no seat's advantage
counts for it. The rating is its mean win share (``Game.returns``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

Policy = Callable[[np.ndarray, np.ndarray], int]


@dataclass(frozen=True)
class Rating:
    """How a policy did: its mean win share over ``games`` against ``opponent`` seats."""

    opponent: str
    games: int
    win_share: float
    #: The share a seat of equal strength would get: 1 / players.
    par: float


def masked_random(seed: int = 0) -> Policy:
    """A policy choosing uniformly among the legal actions (the baseline)."""
    pick = random.Random(seed).choice

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(pick(np.flatnonzero(mask).tolist()))

    return policy


def rate(
    policy: Policy,
    pack: str | Path = "lastlight",
    players: int = 2,
    opponent: str = "random",
    games: int = 20,
    first_seed: int = 0,
    **options: Any,
) -> Rating:
    """Play ``games`` seeded games of ``policy`` against ``opponent`` agents."""
    from whitedwarf.rl.packs import load, spec_of

    engine, game = load(pack, players, **options)
    if opponent not in engine.agents and opponent not in engine.game_agents:
        known = ", ".join(sorted({*engine.agents, *engine.game_agents}))
        raise ValueError(f"{engine.title} has no agent {opponent!r} (its agents: {known})")
    spec = spec_of(engine, game)
    size = len(spec.actions)
    total = 0.0
    for number in range(games):
        seed, mine = first_seed + number, number % players
        state = game.new_state(seed)
        others = {
            seat: engine.make_agent(opponent, seed, seat, game)
            for seat in range(players)
            if seat != mine
        }
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            offered = game.legal_options(state, seat)
            if seat == mine:
                legal: dict[int, str] = {}
                for option in offered:
                    legal.setdefault(spec.index(state, seat, option.id), option.id)
                mask = np.zeros(size, dtype=np.int8)
                mask[list(legal)] = 1
                action = int(policy(spec.observe(state, seat), mask))
                if action not in legal:
                    raise ValueError(
                        f"the policy chose action {action}, which its mask does not allow "
                        f"(game {number}, seed {seed}, seat {seat})"
                    )
                chosen = legal[action]
            else:
                chosen = others[seat].choose(state, seat, offered)
            game.apply(state, seat, chosen, check=False)
        total += float(game.returns(state)[mine])
    return Rating(opponent, games, total / max(1, games), 1 / players)
