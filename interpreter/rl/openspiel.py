"""whitedwarf's games as OpenSpiel Python games: ``python_whitedwarf_lastlight`` and
``python_whitedwarf_starlight`` (docs/rl.md "OpenSpiel").

>>> import pyspiel, whitedwarf.rl.openspiel
>>> game = pyspiel.load_game("python_whitedwarf_lastlight", {"players": 2})

Actions are the PettingZoo environment's (``whitedwarf.rl``): the same fixed space, derived
from the pack. Chance: the engine draws its dice, decks and tokens from one seeded generator
inside ``Game.apply`` (``interpreter/rng.py``) and cannot stop in the middle of a step to be
told a die's face. So a chance node stands before every decision that draws: the decision is
tried on a copy of the state, and if the generator moved, the state waits at a chance node
whose ``chance_outcomes`` outcomes (equally likely) each reseed the generator (mixed with its
state, so each chance node's streams are new) before the decision is applied. The game's
setup is a chance node of as many seeds. The outcomes are streams of the generator, not
faces: an algorithm sees ``chance_outcomes`` equally likely futures of each random step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from whitedwarf.interpreter import rng
from whitedwarf.interpreter.state import state_hash
from whitedwarf.rl.packs import stopped

#: Each game's defaults; ``pack`` "" is the bundled pack, else a pack folder (a mod).
PARAMETERS: dict[str, Any] = {"players": 2, "pack": "", "round_limit": 200, "chance_outcomes": 64}
#: The most outcomes a chance node may have: each is listed by ``chance_outcomes`` at every
#: chance node, so a parameter of a billion hung the first one building its list.
MAX_CHANCE_OUTCOMES = 4096
#: Decisions a round can take at most, for OpenSpiel's ``max_game_length`` (a bound, generous).
DECISIONS_PER_ROUND = 400


def _game_type(name: str, title: str, players: tuple[int, int]) -> Any:
    return pyspiel.GameType(
        short_name=f"python_whitedwarf_{name}",
        long_name=f"whitedwarf {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


def _chance_outcomes(value: Any) -> int:
    """The ``chance_outcomes`` parameter, refused in a sentence unless 1 to the bound (0 left
    every chance node without an outcome: an IndexError deep inside the first step)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not 1 <= value <= MAX_CHANCE_OUTCOMES
    ):
        raise ValueError(
            f"chance_outcomes is a whole number 1 to {MAX_CHANCE_OUTCOMES}, not {value!r}"
        )
    return value


# pyspiel (a compiled module) ships no type information, so its classes are Any to mypy:
# subclassing them is what OpenSpiel's Python games do.
class WhitedwarfGame(pyspiel.Game):  # type: ignore[misc]
    """One pack and seat count of a whitedwarf game, for OpenSpiel."""

    game_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        from whitedwarf import rl

        values = {**PARAMETERS, **(params or {})}
        players, limit = int(values["players"]), int(values["round_limit"])
        self.outcomes = _chance_outcomes(values["chance_outcomes"])
        options: dict[str, Any] = {"round_limit": limit}
        self.engine, self.wd = rl.load(values["pack"] or self.game_name, players, **options)
        if self.engine.name != self.game_name:
            # Else python_whitedwarf_lastlight would play Starlight under Last Light's name
            # and player range.
            raise rl.PackError(
                f"the pack {values['pack']!r} is a {self.engine.name} pack, and "
                f"python_whitedwarf_{self.game_name} plays {self.game_name} packs: load "
                f"python_whitedwarf_{self.engine.name}"
            )
        self.spec = rl.spec_of(self.engine, self.wd)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.spec.actions),
            max_chance_outcomes=self.outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=limit * DECISIONS_PER_ROUND,
        )
        super().__init__(TYPES[self.game_name], info, values)

    def new_initial_state(self) -> WhitedwarfState:
        return WhitedwarfState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self)


class LastLightGame(WhitedwarfGame):
    game_name = "lastlight"


class StarlightGame(WhitedwarfGame):
    game_name = "starlight"


class WhitedwarfState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped (above)
    """A position: the engine's state (None before the setup's chance node) and the decision
    waiting for a chance outcome, if any. OpenSpiel copies a state by deep-copying these."""

    def __init__(self, game: WhitedwarfGame) -> None:
        super().__init__(game)
        self.position: dict[str, Any] | None = None
        self.waiting: tuple[int, str] | None = None

    def _game(self) -> WhitedwarfGame:
        game: WhitedwarfGame = self.get_game()
        return game

    def current_player(self) -> int:
        if self.position is None or self.waiting is not None:
            return int(pyspiel.PlayerId.CHANCE)
        wd = self._game().wd
        if wd.is_terminal(self.position):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(wd.current_players(self.position)[0])

    def _options(self, player: int) -> dict[int, str]:
        """Legal action index -> the engine's first option of that action."""
        game = self._game()
        assert self.position is not None, "options before the setup's chance node"
        found: dict[int, str] = {}
        for option in game.wd.legal_options(self.position, player):
            found.setdefault(game.spec.index(self.position, player, option.id), option.id)
        return found

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._options(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        count = self._game().outcomes
        return [(k, 1.0 / count) for k in range(count)]

    def _apply_action(self, action: int) -> None:
        try:
            self._applied(action)
        except self._game().engine.errors as error:  # at the card, as play says it (E191)
            raise stopped(self._game().wd, error) from error

    def _applied(self, action: int) -> None:
        game = self._game()
        wd = game.wd
        if self.position is None:
            self.position = wd.new_state(int(action))
            return
        if self.waiting is not None:
            seat, option = self.waiting
            self.waiting = None
            after = wd.clone(self.position)
            after["rng"] = rng.seed_state(after["rng"] ^ (int(action) + 1))
            wd.apply(after, seat, option, check=False)
            self.position = after
            return
        seat = self.current_player()
        option = self._options(seat)[int(action)]
        after = wd.clone(self.position)
        wd.apply(after, seat, option, check=False)
        if after["rng"] == self.position["rng"]:
            self.position = after  # nothing was drawn: no chance node
        else:
            self.waiting = (seat, option)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return str(self._game().spec.actions.names[action])

    def is_terminal(self) -> bool:
        return self.position is not None and bool(self._game().wd.is_terminal(self.position))

    def returns(self) -> list[float]:
        game = self._game()
        if self.position is None:
            return [0.0] * game.wd.players
        return [float(r) for r in game.wd.returns(self.position)]

    def __str__(self) -> str:
        if self.position is None:
            return "setup (chance)"
        waiting = (
            f" waiting for chance: seat {self.waiting[0]} {self.waiting[1]}" if self.waiting else ""
        )
        return f"{state_hash(self.position)}{waiting}"


class Observer:
    """OpenSpiel's observer: the PettingZoo environment's observation vector of a seat."""

    def __init__(self, game: WhitedwarfGame) -> None:
        self.spec = game.spec
        self.tensor = np.zeros(game.spec.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: WhitedwarfState, player: int) -> None:
        if state.position is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = self.spec.observe(state.position, player)

    def string_from(self, state: WhitedwarfState, player: int) -> str:
        if state.position is None:
            return "setup"
        return str(self.spec.text(state.position))


TYPES = {
    "lastlight": _game_type("lastlight", "Last Light", (2, 4)),
    "starlight": _game_type("starlight", "Starlight", (1, 5)),
}
for _kind, _cls in (("lastlight", LastLightGame), ("starlight", StarlightGame)):
    if TYPES[_kind].short_name not in pyspiel.registered_names():
        pyspiel.register_game(TYPES[_kind], _cls)
