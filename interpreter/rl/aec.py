"""A PettingZoo AEC environment of any whitedwarf pack (docs/rl.md).

The agents are ``seat_0`` ... ``seat_{n-1}``. By default the agent to act is the seat the
engine asks (Last Light's secret action choice asks every seat in turn, seat order); with
``max_cycles`` the agents act in a strict cycle, as PettingZoo's parallel API needs: the
seat the engine asked when a cycle began decides once in it, every other seat has one legal
action, ``wait`` (so each cycle makes one decision), and the game is truncated after
``max_cycles`` cycles. The engine's own end at its round limit is a truncation too
(docs/rules-decisions.md E10; Starlight's SL114).
"""

from __future__ import annotations

import math
import operator
from collections import deque
from collections.abc import Sequence
from itertools import repeat
from sys import getrefcount
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from whitedwarf.interpreter.contract import GameRules, Option
from whitedwarf.interpreter.engines import GameEngine
from whitedwarf.interpreter.replay import seed_problem
from whitedwarf.rl.actions import UnmappedOption
from whitedwarf.rl.packs import stopped
from whitedwarf.rl.recycle import FREE, Pool
from whitedwarf.rl.spec import Spec

#: numpy reads a dtype given as an object, by position, a microsecond sooner than by name.
_INT8 = np.dtype(np.int8)
#: What the engine asks once the game is over: nobody, no options.
_NOBODY: tuple[None, Sequence[Any]] = (None, ())

RENDER_MODES = ("svg", "ansi", "human")
#: From how many actions (cleared and set) a mask is written in C (``map``) rather than by
#: a loop: for a few the interpreter's loop is faster than the calls.
_IN_C = 24
#: Runs an iterator to its end, keeping nothing.
_drain = deque[Any](maxlen=0).extend
#: The action every space starts with: a seat the engine is not asking passes (cyclic mode).
WAIT = 0


class IllegalAction(ValueError):
    """An action index that is not legal for the agent now (its mask is 0 there)."""


def _whole(value: Any, what: str, error: type[ValueError] = IllegalAction) -> int:
    """``value`` as a whole number (a Python or NumPy integer); else a ValueError saying
    what it is (an action of 1.5 was taken as 1, a seed of "x" was an OverflowError)."""
    if not isinstance(value, (bool, np.bool_)):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise error(f"{what} is a whole number (int or a NumPy integer), not {value!r}")


class WhitedwarfEnv(AECEnv):  # type: ignore[misc,unused-ignore]
    """One pack, one player count: a PettingZoo AEC environment (:func:`whitedwarf.rl.env`)."""

    # PettingZoo reads it from the instance; a cyclic env (max_cycles) sets its own copy.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "whitedwarf_v0",
        "render_modes": ["svg", "ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        engine: GameEngine,
        game: GameRules[Any],
        spec: Spec,
        *,
        max_cycles: int | None = None,
        shaping: float = 0.0,
        illegal: str = "raise",
        raw_observation: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if illegal not in ("raise", "wait"):
            raise ValueError(f"illegal is 'raise' or 'wait', not {illegal!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES}, not {render_mode!r}")
        _check_numbers(max_cycles, shaping)
        self.engine, self.game, self.spec = engine, game, spec
        self.n = game.players
        self.max_cycles = max_cycles
        self.cyclic = max_cycles is not None
        if self.cyclic:
            self.metadata = {**self.metadata, "is_parallelizable": True}
        self.shaping = float(shaping)
        self.illegal = illegal
        self.raw_observation = raw_observation
        #: whether an info holds the option texts alone and the agent to act is the seat
        #: the engine asks (:meth:`_decide`)
        self._plain = not self.cyclic and not raw_observation
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(self.n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = len(spec.actions)
        self._obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -np.inf, np.inf, (spec.layout.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (size,), dtype=np.int8),
            }
        )
        self._act_space = gymnasium.spaces.Discrete(size)
        self._size = size
        #: the actions set in the mask of a seat the engine is not asking (cyclic: wait)
        self._idle_ones: tuple[int, ...] = (WAIT,) if self.cyclic else ()
        #: the masks made, each with its bytes and the actions set in it (:meth:`_mask`)
        self._masks = Pool(size, _INT8)
        #: what the engine is asked before each decision, looked up once
        self._ask = getattr(game, "next_decision", None) or self._next
        self._is_terminal, self._current_players = game.is_terminal, game.current_players
        self._legal_options = game.legal_options
        # (a game's spec without it is asked through its ``observe``, the same answer)
        self._observe_asked = getattr(spec, "observe_asked", None) or spec.observe
        self.state_: dict[str, Any] | None = None
        self._np_random_seed: int | None = None

    # -- spaces --------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """``{"observation": Box, "action_mask": Box}``, the same for every agent."""
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """``Discrete(len(action_names))``, the same for every agent."""
        return self._act_space

    @property
    def action_names(self) -> list[str]:
        """Action ``i``'s name (docs/rl.md "Actions")."""
        return list(self.spec.actions.names)

    @property
    def action_layout(self) -> list[dict[str, Any]]:
        """The action families with their index ranges."""
        return self.spec.actions.layout()

    @property
    def observation_layout(self) -> list[dict[str, Any]]:
        """The observation vector's blocks with their offsets."""
        return self.spec.layout.describe()

    # -- the game ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; the same seed plays the same game for the same actions."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        else:  # a seed play takes (NumPy's whole numbers too): "x" was an OverflowError
            seed = _whole(seed, "seed", ValueError)
            problem = seed_problem(seed)
            if problem is not None:
                raise ValueError(f"seed is {problem}")
        self._np_random_seed = seed
        self.state_ = self.game.new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False  # whether a reward of this step may be other than 0
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        idle = self._idle()
        self.infos: dict[str, dict[str, Any]] = {a: {"options": idle} for a in self.agents}
        #: the agent whose info lists options (:meth:`_set_info`): every other's are idle
        self._informed: str | None = None
        self.cycles = 0
        self._turn = 0  # cyclic mode: the place in the cycle
        self._cycle_seat: int | None = None  # cyclic mode: the one seat deciding in this cycle
        self._asked: tuple[int | None, Sequence[Any]] = _NOBODY
        self._done = False  # whether the engine said the game is over (_decide)
        self._legal: dict[int, Any] = {}  # the acting seat's legal actions (spec.legal)
        self._texts: dict[int, str] = {}  # their options' texts: a new dict each decision
        self._light = self._margins()
        self._decide()

    def _decide(self) -> None:
        """Ask the engine who decides, and point ``agent_selection`` at the agent to act."""
        state = self.state_
        assert state is not None, "a decision before reset()"
        asked = self._ask(state)
        if asked is not None and self.cyclic:
            asked = self._in_this_cycle(asked)
        if asked is None:  # next_decision's None: the game is over (is_terminal)
            self._done = True
            self._asked, self._legal, self._texts = _NOBODY, {}, {}
        else:
            self._done = False
            seat = asked[0]
            self._asked = asked  # (seat, options): read at once (spec.legal), never kept
            if seat is None:
                self._legal, self._texts = {}, {}
            else:  # the numbers and the info's texts, in one loop
                self._legal, self._texts = self.spec.legal(state, seat, asked[1])
                agent = self.possible_agents[seat]
                infos = self.infos
                if self._plain and agent in infos:  # (most steps: :meth:`_set_info` of the
                    # seat asked written out: its info the decision's texts, the agent
                    # informed before it, if another, emptied)
                    self.agent_selection = agent
                    informed = self._informed
                    if informed is not agent and informed is not None and informed in infos:
                        infos[informed]["options"] = {}
                    self._informed = agent
                    infos[agent] = {"options": self._texts}
                    return
            if seat is not None and not self.cyclic:
                self.agent_selection = self.possible_agents[seat]
        if self.cyclic:
            self.agent_selection = self.possible_agents[self._turn]
        self._set_info()

    def _in_this_cycle(
        self, asked: tuple[int | None, Sequence[Any]]
    ) -> tuple[int | None, Sequence[Any]]:
        """Cyclic mode: only the seat the engine asked when the cycle began decides in it,
        once, at its turn; every other seat waits. The parallel API hands every agent its
        mask at the cycle's start and takes all the actions at once: a seat the engine came
        to ask later in the cycle (the next seat's secret action choice) had been shown
        `wait` only, and its `wait` was refused. So it decides in the next cycle
        (docs/rules-decisions.md E193)."""
        if self._turn == 0:
            self._cycle_seat = asked[0]
        seat = asked[0]
        if seat is None or seat != self._cycle_seat or seat < self._turn:
            return _NOBODY
        return asked

    def _next(self, state: Any) -> tuple[int | None, Sequence[Option]] | None:
        """A game without ``next_decision``: the same answer from its interface (its
        methods looked up once, in :meth:`__init__`)."""
        if self._is_terminal(state):
            return None
        seats = self._current_players(state)
        if not seats:
            return None, []
        return seats[0], self._legal_options(state, seats[0])

    def _idle(self) -> dict[int, str]:
        """The options of an agent that is not deciding: none (or ``wait``, cyclic)."""
        return {WAIT: "wait: another seat decides"} if self.cyclic else {}

    def _set_info(self) -> None:
        """The acting agent's info: its legal actions' option texts (and the raw
        observation); every other agent's options are emptied (or ``wait``, cyclic): only
        the one informed last can hold others (the rest were emptied then)."""
        agent = self.agent_selection
        infos = self.infos
        informed = self._informed
        if informed is not None and informed != agent and informed in infos:
            infos[informed]["options"] = self._idle()
        if agent not in infos:
            self._informed = None
            return
        self._informed = agent
        seat = self._seat[agent]
        if seat == self._asked[0]:
            info: dict[str, Any] = {"options": self._texts}  # (made for this decision)
        else:
            info = {"options": self._idle()}
        if self.raw_observation:
            info["observation"] = self.game.observation(self.state_, seat)
        infos[agent] = info

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation vector and its action mask."""
        seat = self._seat[agent]
        assert self.state_ is not None, "observe() before reset()"
        if seat == self._asked[0]:  # the seat next_decision names (none once it is over)
            # (the encoder's own method: one call less a step)
            vector = self._observe_asked(self.state_, seat, True)
            return {"observation": vector, "action_mask": self._mask(self._legal)}
        vector = self.spec.observe(self.state_, seat, None)
        return {"observation": vector, "action_mask": self._mask(self._idle_ones)}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the acting agent's observation (if ``observe``), its
        cumulative reward, whether it is terminated or truncated, and its info (the acting
        seat's observation made here, as :meth:`observe` makes it: one call less a step)."""
        agent = self.agent_selection
        if not observe:
            observation = None
        elif self._seat[agent] == self._asked[0] and self.state_ is not None:
            seat = self._asked[0]
            vector = self._observe_asked(self.state_, seat, True)
            observation = {"observation": vector, "action_mask": self._mask(self._legal)}
        else:
            observation = self.observe(agent)
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _mask(self, ones: Any) -> np.ndarray:
        """An action mask with 1 at each of ``ones`` (its keys): a new array, or one made
        before that nobody holds any more (``recycle.py``), made again in place: only the
        actions set then and now are written, not the twelve thousand bytes of a new mask
        (memory the engine's own data then keeps in the cache)."""
        for entry in self._masks.entries:  # (:meth:`Pool.take` written out)
            if getrefcount(entry[0]) == FREE:
                break
        else:
            entry = self._masks.take()
        now = tuple(ones)
        if now != entry[2]:  # (else it holds these already: a third of Starlight's steps)
            view, was = entry[1], entry[2]
            if len(was) + len(now) < _IN_C:
                for k in was:
                    view[k] = 0
                for k in now:
                    view[k] = 1
            else:  # (a 2-player move step lists dozens: written in C)
                _drain(map(view.__setitem__, was, repeat(0)))
                _drain(map(view.__setitem__, now, repeat(1)))
            entry[2] = now
        return entry[0]  # type: ignore[no-any-return]

    def _over(self) -> bool:
        return self._done

    def step(self, action: Any) -> None:
        """Apply the acting agent's action (None once it is terminated or truncated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # (else every reward is 0 already: most steps of most games)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        # An index into the mask: 1.5 was read as 1 and True as 1 (E191)
        k = action if type(action) is int else _whole(action, "an action")
        if seat == self._asked[0]:  # the seat the engine asks: the game is not over
            option = self._legal.get(k)
            if option is None:
                if self.illegal == "raise":
                    raise IllegalAction(
                        f"action {k} ({self._name(k)}) is not legal for "
                        f"{agent} now; its legal actions: {sorted(self._legal)}"
                    )
            else:
                try:
                    self.game.apply(self.state_, seat, option.id, check=False)
                except self.engine.errors as error:  # at the card, as play says it
                    raise stopped(self.game, error) from error
                if self.shaping:
                    self._shape()
        elif k != WAIT and self.illegal == "raise":
            raise IllegalAction(f"{agent} is not deciding now: its only action is {WAIT} (wait)")
        if self.cyclic:
            self._turn = (self._turn + 1) % self.n
            if self._turn == 0:
                self.cycles += 1
        self._decide()
        if self._done or self.cyclic:  # (else the game goes on: nothing ends)
            self._end_if_over()
        if self._rewarded:
            self._accumulate_rewards()

    def _name(self, k: int) -> str:
        names = self.spec.actions.names
        return names[k] if 0 <= k < len(names) else "out of range"

    def _end_if_over(self) -> None:
        """At the game's end (or the cycle limit): rewards, then terminated or truncated
        (in cyclic mode only at a cycle's end, as the parallel API needs)."""
        over = self._over()
        at_cycle_end = not self.cyclic or self._turn == 0
        if not at_cycle_end:
            return
        limit = self.cyclic and self.max_cycles is not None and self.cycles >= self.max_cycles
        if not (over or limit):
            return
        result = self.game.result(self.state_) if over else None
        reason = result.get("reason") if isinstance(result, dict) else None
        truncated = not over or reason == "round limit"
        if over:
            for agent, share in zip(
                self.possible_agents, self.game.returns(self.state_), strict=True
            ):
                if agent in self.rewards:
                    self.rewards[agent] += float(share)
                    self._rewarded = True
        for agent in self.agents:
            if truncated:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True
            self.infos[agent].setdefault("result", result)
        if not self.cyclic and self.agents:
            self.agent_selection = self.agents[0]

    def _margins(self) -> list[float]:
        """Each seat's light (points) minus the mean of the others': the shaping's measure."""
        if not self.shaping:
            return []
        assert self.state_ is not None, "rewards before reset()"
        scores = self.spec.scores(self.state_)
        total = sum(scores)
        return [s - (total - s) / max(1, self.n - 1) for s in scores]

    def _shape(self) -> None:
        if not self.shaping:
            return
        now = self._margins()
        for i, agent in enumerate(self.possible_agents):
            if agent in self.rewards:
                self.rewards[agent] += self.shaping * (now[i] - self._light[i]) / self.spec.goal
                self._rewarded = True
        self._light = now

    # -- pictures ------------------------------------------------------------------------

    def render(self) -> str | None:
        """The board picture as SVG text (``render_mode="svg"``), or the state's summary
        line by seat (``"ansi"``; ``"human"`` prints those lines and returns None, as
        PettingZoo's text games do: its ``render_test`` makes every env in human mode
        first); None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        assert self.state_ is not None, "render() before reset()"
        if self.render_mode == "ansi":
            return self.spec.text(self.state_)
        if self.render_mode == "human":
            print(self.spec.text(self.state_))
            return None
        drawing = self.engine.part(self.engine.drawing)
        title = f"{self.engine.title} · round {self.state_.get('round')}"
        svg: str = drawing.svg(self.game.content, self.state_, [], title)
        return svg

    def state(self) -> dict[str, Any]:
        """The whole engine state (plain data; for debugging, not for agents)."""
        whole: dict[str, Any] = self.game.clone(self.state_)
        return whole

    def close(self) -> None:
        pass


__all__ = ["IllegalAction", "UnmappedOption", "WhitedwarfEnv"]


def _check_numbers(max_cycles: Any, shaping: Any) -> None:
    """Refuse a cycle limit that is not a positive whole number (-1 truncated every game at
    its first step) and a shaping that is not a finite number (NaN made every reward NaN)."""
    whole = isinstance(max_cycles, int) and not isinstance(max_cycles, bool)
    if max_cycles is not None and not (whole and max_cycles >= 1):
        raise ValueError(f"max_cycles is None or a whole number from 1, not {max_cycles!r}")
    number = isinstance(shaping, int | float) and not isinstance(shaping, bool)
    if not (number and math.isfinite(shaping)):
        raise ValueError(f"shaping is a finite number, not {shaping!r}")
