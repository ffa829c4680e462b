"""Last Light's part of the ``strong`` agent (:mod:`~whitedwarf.interpreter.agents.strong`).

Every decision after setup with more than one option is searched: the action card, and the
steps inside an action (which tech to make and on which ship, where to build, place an
extractor or move, what to trade, give or discard, whether to use an ability or answer a
card's "may"). The candidates are the ``heuristic`` agent's best few by its own scores
(:func:`~whitedwarf.interpreter.lastlight.agents.heuristic.score_options`), the rollouts
are its choices on the guessed state, the guesses come from
:mod:`~whitedwarf.interpreter.lastlight.determinise` (what a view hides is worked out once a
decision, :class:`~whitedwarf.interpreter.lastlight.determinise.Hidden`), and a line stops at
the end of the round after the one it starts in (000 "End of Round"; a round is about nine
decisions of the table), where it is scored by the seat's lead in light-equivalents
(:func:`lead_with_board`: light, resources, techs, ships and extractors, valued by the
heuristic's own public functions, so better card values make this agent better too, and the
light the board is set to earn: ships in the centre, extractors on ringed planets). A
finished game scores :data:`WIN_SCORE` for a win (shared:
its share) and minus it for a loss, plus the final lead.

Setup's picks (the faction and the achievement kept) are made once and pay over the whole
game: they are searched with :data:`SETUP_WEIGHT` budgets, on lines of :data:`SETUP_ROUNDS`
rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from whitedwarf.interpreter.agents.strong import Budget, StrongAgent, current_budget
from whitedwarf.interpreter.lastlight import determinise, game, persist, valuation
from whitedwarf.interpreter.lastlight.agents.heuristic import best_option, score_options
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.vm import EffectError

#: A won game's score, in light-equivalents (a loss scores minus it).
WIN_SCORE = 20.0
#: Rounds a line plays past the one it starts in before it is scored.
ROUNDS_AHEAD = 1
#: Setup's picks (the faction and the achievement kept, 000 "Setup") are made once and
#: pay over the whole game: they get this many budgets, and their lines play this many
#: rounds before they are scored.
SETUP_WEIGHT, SETUP_ROUNDS = 8.0, 6
#: Simulated decisions per searched decision (the reproducible budget): nearly every
#: decision is searched, and a line of two rounds is about 17 decisions, so this is about
#: three lines per candidate of four, and the mean stays under 50 ms of CPU a decision
#: (BENCHMARKS.md, issue 24: 240 cost 46-47 ms on the loaded machine and won no more).
NODES = 200
#: What the board is set to earn after a line (:func:`board_light`), in light: a ship in the
#: centre (about two rotations are left in a game's middle), a point of an extractor's
#: Refresh light (about three Refreshes). On games 100-129 of seed 24, four players, 1 and 2
#: won 10 of 30, 2 and 3 won 15, 3 and 4 won 15; adding 1.5 for a free planet held alone
#: (an extractor the next Construct) won 10.
CENTRE_SHIP, REFRESH_SHARE = 2.0, 3.0


class LastLightStrong:
    """The :class:`~whitedwarf.interpreter.agents.strong.StrongRules` of Last Light."""

    errors: tuple[type[BaseException], ...] = (EffectError, KeyError, IndexError, ValueError)
    loss = -2 * WIN_SCORE

    def __init__(self, rounds_ahead: int = ROUNDS_AHEAD) -> None:
        self.rounds_ahead = rounds_ahead
        #: What the view of the decision being searched hides (its guesses share it).
        self._hidden: determinise.Hidden | None = None

    def observation(self, state: State, seat: int) -> State:
        return persist.shared_observation(state, seat)

    def candidates(self, view: State, seat: int, ids: Sequence[str], width: int) -> list[str]:
        """The heuristic's best ``width`` options by its scores (setup: its pick alone)."""
        scores = score_options(view, seat, ids)
        order = sorted(range(len(ids)), key=lambda i: -scores[i])
        return [ids[i] for i in order[:width]]

    def weight(self, view: State, seat: int) -> float:
        return SETUP_WEIGHT if view["phase"] == "setup" else 1.0

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        hidden = self._hidden
        if hidden is None or hidden.view is not view or hidden.seat != seat:
            hidden = self._hidden = determinise.Hidden(view, seat)
        return determinise.determinise(view, seat, rng, hidden)

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        return best_option(world, seat, game.legal_options(world, seat), rng)

    def mover(self, world: State) -> int | None:
        seats = game.current_players(world)
        return seats[0] if seats else None

    def apply(self, world: State, seat: int, option: str) -> None:
        game.apply(world, seat, option)

    def horizon(self, world: State) -> int:
        """The last round the line plays (setup's picks: :data:`SETUP_ROUNDS` of them)."""
        if world["phase"] == "setup":
            return SETUP_ROUNDS
        return int(world["round"]) + self.rounds_ahead

    def past(self, world: State, start: int) -> bool:
        return int(world["round"]) > start

    def value(self, world: State, seat: int) -> float:
        lead = lead_with_board(world, seat)
        result = world["result"]
        if world["phase"] != "over" or result is None:
            return lead
        winners = result["winners"]
        return lead + (WIN_SCORE / len(winners) if seat in winners else -WIN_SCORE)


def lead_with_board(world: State, seat: int) -> float:
    """``seat``'s position value (:func:`~whitedwarf.interpreter.lastlight.valuation.
    position_value`) and :func:`board_light`, less the best other seat's: its lead."""
    standings = board_light(world)
    mine = valuation.position_value(world, seat) + standings.get(seat, 0.0)
    others = (
        valuation.position_value(world, s) + standings.get(s, 0.0)
        for s in range(world["n"])
        if s != seat
    )
    return mine - max(others, default=0.0)


def board_light(world: State) -> dict[int, float]:
    """The light each seat's board is set to earn after a line ends, which
    :func:`~whitedwarf.interpreter.lastlight.valuation.position_value` leaves out: a line of
    two rounds seldom reaches a rotation or a Refresh, so without this a ship moved into the
    centre scored as any other ship and an extractor on an inner planet as one on a colony
    ship, and the search undid the heuristic's Command (it won 5 of 30 four-player games
    against three heuristic seats; 15 with this).

    * :data:`CENTRE_SHIP` a ship in the centre (000 "Board Rotation": 1 light a ship at each
      rotation);
    * :data:`REFRESH_SHARE` times the light an extractor on a ringed planet claims at a
      Refresh (001 "5. Refresh": the pack's ``refresh_light``), unless enemy ships blockade
      it.
    """
    rt = runtime(world)
    centre = rt.board.centre
    owners: dict[str, set[int]] = {}
    out: dict[int, float] = {}
    for ship in world["ships"].values():
        owner = ship["owner"]
        owners.setdefault(ship["sector"], set()).add(owner)
        if ship["sector"] == centre:
            out[owner] = out.get(owner, 0.0) + CENTRE_SHIP
    rates = rt.rules.get("refresh_light", {})
    for extractor in world["extractors"].values():
        sector, owner = extractor["sector"], extractor["owner"]
        if extractor.get("planet") is None or owners.get(sector, set()) - {owner}:
            continue  # a colony ship's space, or blockaded (001 "2. Mine")
        light = rates.get(rt.ring.get(sector, ""), 0)
        out[owner] = out.get(owner, 0.0) + REFRESH_SHARE * light
    return out


def last_light_strong(seed: int, budget: Budget | None = None) -> StrongAgent:
    """Last Light's ``strong`` agent, seeded (``budget``: the current one, :func:`~whitedwarf.
    interpreter.agents.strong.current_budget`)."""
    return StrongAgent(seed, LastLightStrong(), budget or current_budget(NODES))
