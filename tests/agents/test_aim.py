"""The kept achievement's pull skips only what-if views that cannot change its progress.

:meth:`Aim.gain` answers 0 without evaluating a what-if view (a ship moved or built, an
extractor placed, a tech made, resources mined) whose changed domains the achievement's
condition does not read (``conditions.reads``). Along seeded heuristic games, every option's
gain is compared with the gain of the same aim told that its condition may read anything
(``domains`` None: every what-if evaluated): they must be equal, for every achievement the
games deal (000 "Planetary Achievement").
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.agents import aim
from whitedwarf.interpreter.lastlight.engine import engine
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.persist import observation

from tests.base_content import base_content

State = dict[str, Any]


def _gains(found: aim.Aim, ids: list[str]) -> list[float]:
    out = []
    for option in ids:
        kind, _, rest = option.partition(":")
        gain = aim._GAINS.get(kind)
        out.append(gain(found, rest) if gain is not None else 0.0)
    return out


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (4, 22)])
def test_a_skipped_what_if_has_the_gain_an_evaluated_one_has(players: int, seed: int) -> None:
    game = Game.from_content(base_content(), players)
    state = game.new_state(seed)
    agents = [engine().make_agent("heuristic", seed, s, game) for s in range(players)]
    compared = skipped = 0
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        ids = [o.id for o in options]
        view = observation(state, seat)
        found = aim.Aim.of(view, seat) if state["phase"] != "setup" else None
        if found is not None and any(aim.steers(i) for i in ids):
            blind = copy.copy(found)
            blind.domains = None  # may read anything: every what-if is evaluated
            assert _gains(found, ids) == _gains(blind, ids)
            compared += len(ids)
            skipped += found.domains is not None
        game.apply(state, seat, agents[seat].choose(state, seat, options))
    assert compared > 100 and skipped > 20, (compared, skipped)
