"""The random bot: a fair choice among the legal options, the same draws as ``randrange``.

Seeded simulations, the recorded playthrough and replays made by random seats depend on
which option the bot takes at each decision; the bot draws its index itself (the engine
benchmark counts its cost), so it is held here to the draws of ``random.Random.randrange``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

import pytest
from whitedwarf.interpreter.bots import RandomBot, make_bot


class _Option(NamedTuple):
    id: str


def _options(count: int) -> list[_Option]:
    return [_Option(f"o{i}") for i in range(count)]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_random_bot_takes_the_option_randrange_would(seed: int) -> None:
    bot, reference = RandomBot(seed), random.Random(seed)
    for count in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 100, 1, 1, 2] * 20:
        options = _options(count)
        assert bot.choose({}, 0, options) == options[reference.randrange(count)].id


def test_random_bot_is_uniform() -> None:
    bot, options = make_bot("random", 3, 1), _options(5)
    picks = Counter(bot.choose({}, 0, options) for _ in range(10_000))
    assert set(picks) == {o.id for o in options}
    # 2,000 expected each; a fair die stays well within 1,800-2,200 at this count.
    assert all(1_800 < n < 2_200 for n in picks.values()), picks


def test_random_bot_refuses_an_empty_list() -> None:
    with pytest.raises(ValueError, match="no option"):
        RandomBot(1).choose({}, 0, [])
