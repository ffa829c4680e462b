"""rl.rate plays a policy against the project's agents and says its win share."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from whitedwarf import rl


def test_a_random_policy_is_rated_against_random_and_heuristic_seats() -> None:
    found = rl.rate(rl.masked_random(1), "lastlight", 2, "random", games=2)
    assert found.opponent == "random" and found.games == 2 and found.par == 0.5
    assert 0.0 <= found.win_share <= 1.0
    assert rl.rate(rl.masked_random(1), "lastlight", 2, "random", games=2) == found  # seeded
    assert rl.rate(rl.masked_random(1), "lastlight", 2, "heuristic", games=1).games == 1


def test_an_unknown_opponent_and_an_illegal_choice_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="Last Light has no agent 'grandmaster'"):
        rl.rate(rl.masked_random(), "lastlight", 2, "grandmaster", games=1)

    def illegal(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.flatnonzero(mask == 0)[0])

    with pytest.raises(ValueError, match="which its mask does not allow"):
        rl.rate(illegal, "lastlight", 2, "random", games=1)
