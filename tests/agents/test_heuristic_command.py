"""The heuristic plays Command for the moves it makes (000 "Action Card #6 - Command").

Before, the ``heuristic`` agent valued the Command card by counting its ships (at most 3
points, below what Research or Construct usually scored), so it played Command least
readily, and ``whitedwarf explain``'s probe ``always_command`` (the heuristic, but always
playing Command when it can) beat it by 41 points. Now Command is worth each ship's best
move by the move step's own rule: a ship onto a free planet (an extractor the next
Construct), into the centre (light at every rotation), onto a face-down token. One seat of
the heuristic as it is now against three seats keeping the old rule wins well above its fair
quarter of 4-player games (63% of 800 games measured; BENCHMARKS.md, issue 24).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.lastlight.agents import heuristic
from whitedwarf.interpreter.lastlight.engine import engine
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.persist import shared_observation
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.simulation.batch import game_seed

from tests.base_content import base_content


class OldCommand:
    """The heuristic with the old Command rule: 1 + 0.4 a ship (at most 5), 0 without one."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.commands = 0

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        view = shared_observation(state, seat)
        ids = [o.id for o in options]
        scores = heuristic.score_options(view, seat, ids)
        ships = sum(1 for s in view["ships"].values() if s["owner"] == seat)
        old = 0.0 if ships == 0 else 1.0 + 0.4 * min(ships, 5)
        scores = [old if i == "play:command" else s for i, s in zip(ids, scores, strict=True)]
        top = max(scores)
        best = [i for i, s in zip(ids, scores, strict=True) if s >= top - 1e-9]
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]


class Counted:
    """An agent whose Command plays are counted."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.commands = 0

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        choice: str = self.agent.choose(state, seat, options)
        self.commands += choice == "play:command"
        return choice


def test_one_heuristic_seat_beats_three_seats_that_value_command_by_counting_ships() -> None:
    games, players = 60, 4
    game = Game.from_content(base_content(), players)
    wins = 0.0
    mine_commands = old_commands = 0
    for index in range(games):
        seed = game_seed(24, index)
        mine = index % players  # each seat holds the new rule equally often
        bots: list[Any] = [OldCommand(seed * 10 + s) for s in range(players)]
        bots = [Counted(b) for b in bots]
        bots[mine] = Counted(engine().make_agent("heuristic", seed, mine, game))
        state = game.new_state(seed)
        play(game, state, bots)
        wins += game.returns(state)[mine]
        mine_commands += bots[mine].commands
        old_commands += sum(b.commands for s, b in enumerate(bots) if s != mine)
    # A fair share is 25%; the old rule's seat, in the same place, won 24% of 800 games.
    assert wins / games > 0.45, wins
    # It plays Command more often than each old seat does (22% of its action cards, 14%).
    assert mine_commands > 1.3 * old_commands / (players - 1), (mine_commands, old_commands)
