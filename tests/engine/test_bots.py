"""The random bot: a fair choice among the legal options, the same draws as ``randrange``.

Seeded simulations, the recorded playthrough and replays made by random seats depend on
which option the bot takes at each decision; the bot draws its index itself (the engine
benchmark counts its cost), so it is held here to the draws of ``random.Random.randrange``.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from whitedwarf.interpreter.bots import RandomBot, make_bot
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.runner import StalledGame, play

from tests.base_content import base_content


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


def _advanced(seed: int, draws: int) -> RandomBot:
    bot = RandomBot(seed)
    for _ in range(draws):
        bot.choose({}, 0, _options(7))
    return bot


@pytest.mark.parametrize(
    "duplicate",
    [copy.deepcopy, lambda bot: pickle.loads(pickle.dumps(bot))],
    ids=["deepcopy", "pickle"],
)
def test_a_copied_random_bot_draws_on_its_own(duplicate: Callable[[Any], Any]) -> None:
    """A copy takes, from the point it was made, the choices the original would have taken,
    and drawing from one leaves the other's choices as they were (a deep copy used to keep
    the original's bound ``getrandbits`` and draw from its generator)."""
    bot = _advanced(5, 40)
    fresh = _advanced(5, 40)
    would = [fresh.choose({}, 0, _options(c)) for c in range(1, 30)]
    twin = duplicate(bot)
    assert [twin.choose({}, 0, _options(c)) for c in range(1, 30)] == would
    assert [bot.choose({}, 0, _options(c)) for c in range(1, 30)] == would


def _final_hash(game: Game, state: Any, bots: list[Any]) -> str:
    return play(game, state, bots).final_hash


@pytest.mark.parametrize(
    "duplicate",
    [copy.deepcopy, lambda line_up: pickle.loads(pickle.dumps(line_up))],
    ids=["deepcopy", "pickle"],
)
def test_a_copied_line_up_replays_its_game(duplicate: Callable[[Any], Any]) -> None:
    """A game stopped after 100 decisions, its state and random seats copied: the copy and
    the original, played on in turn, both end as the game played through does."""
    game = Game.from_content(base_content(), 3)
    seats = [make_bot("random", 4, s) for s in range(3)]
    through = _final_hash(game, game.new_state(4), seats)
    state, bots = game.new_state(4), [make_bot("random", 4, s) for s in range(3)]
    with pytest.raises(StalledGame):
        play(game, state, bots, max_decisions=100)
    copied_state, copied_bots = duplicate((state, bots))
    assert _final_hash(game, copied_state, copied_bots) == through
    assert _final_hash(game, state, bots) == through
