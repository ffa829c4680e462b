"""The environment hands out its observation arrays again once nobody holds them
(``whitedwarf/rl/recycle.py``): an array an agent keeps, or a view of it, is never written
afterwards, and every observation is what a new one would be (the vector equal to the
from-scratch encoding, the mask set exactly at the legal actions), whether the agent keeps
its arrays or drops them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from whitedwarf import rl

CASES = [("lastlight", 2), ("lastlight", 4), ("starlight", 3)]


def _play(env: Any, seed: int, keep: list[Any] | None, steps: int = 150) -> int:
    """Play ``steps`` random steps, checking each observation against a new one; keep
    every observation (and views of it) in ``keep`` if given. How many were checked."""
    env.reset(seed=seed)
    pick = random.Random(seed).choice
    checked = 0
    for agent in env.agent_iter(steps):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        mask, vector = obs["action_mask"], obs["observation"]
        assert set(np.flatnonzero(mask).tolist()) == set(env._legal)
        seat = env._seat[agent]
        state = env.state_
        reference = env.spec.encode(env.game.observation(state, seat), seat, True)
        assert np.array_equal(vector, reference)
        checked += 1
        if keep is not None:
            keep.append((mask, mask.copy(), vector[5:].view(np.int32), vector.copy()))
        action = pick(sorted(env._legal))
        del obs, mask, vector
        env.step(action)
    return checked


@pytest.mark.parametrize(("pack", "players"), CASES)
def test_kept_arrays_are_never_written_and_dropped_ones_are_made_again(
    pack: str, players: int
) -> None:
    env = rl.env(pack=pack, players=players)
    kept: list[Any] = []
    assert _play(env, 3, kept) > 50
    # the game goes on with the agent's arrays kept: none of them changes
    assert _play(env, 4, None) > 50
    for mask, mask_then, view, vector_then in kept:
        assert np.array_equal(mask, mask_then)
        assert np.array_equal(view, vector_then[5:].view(np.int32))
    # dropped, they are made again (the pools' arrays serve the game) and still right
    del kept, mask, mask_then, view, vector_then
    assert _play(env, 5, None) > 50
