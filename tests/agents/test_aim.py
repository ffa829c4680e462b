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
import random
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


class _Counted(dict[tuple[Any, ...], float]):
    """A shared progress table that counts the entries found in it."""

    found = 0

    def get(self, key: Any, default: Any = None) -> Any:
        value = super().get(key, default)
        self.found += value is not None
        return value


def test_the_progress_a_decisions_guesses_share_is_each_views_own() -> None:
    """The search's guesses of one decision share the aim's progress by the fingerprints of
    what its conditions read (:data:`aim.Shared`): along their rollouts, every option's gain
    and the progress now are those of the same aim working them out afresh."""
    from whitedwarf.interpreter.lastlight import determinise
    from whitedwarf.interpreter.lastlight.agents.heuristic import best_option

    game = Game.from_content(base_content(), 4)
    state = game.new_state(23)
    agents = [engine().make_agent("heuristic", 23, s, game) for s in range(4)]
    rng = random.Random(5)
    compared = found = 0
    for decision in range(160):
        if game.is_terminal(state):
            break
        seat = game.current_players(state)[0]
        if state["phase"] != "setup" and decision % 8 == 0:
            view = observation(state, seat)
            hidden, shared = determinise.Hidden(view, seat), _Counted()
            for _ in range(3):
                world = determinise.determinise(view, seat, rng, hidden)
                for _ in range(12 if world is not None else 0):
                    if world is None or game.is_terminal(world):
                        break
                    mover = game.current_players(world)[0]
                    ids = [o.id for o in game.legal_options(world, mover)]
                    kept = aim.Aim.of(world, mover, shared)
                    alone = aim.Aim.of(world, mover)
                    if kept is not None and alone is not None:
                        # each works out its progress now afresh (not from the stamps' memo)
                        aim._PROGRESS.clear()
                        shared_answers = _gains(kept, ids), kept.now
                        aim._PROGRESS.clear()
                        assert shared_answers == (_gains(alone, ids), alone.now)
                        compared += len(ids)
                    option = best_option(world, mover, game.legal_options(world, mover), rng)
                    game.apply(world, mover, option)
            found += shared.found
        game.apply(state, seat, agents[seat].choose(state, seat, game.legal_options(state, seat)))
    assert compared > 1000 and found > 200, (compared, found)


def test_a_rollouts_kept_aims_score_as_aims_made_afresh() -> None:
    """The search keeps each seat's aim for a rollout's world from one decision to the next
    (:meth:`aim.Aim.kept`) and asks the bonus of the options that steer only
    (``heuristic.score_options``): along rollouts from guesses, every decision's scores are
    those of aims made afresh for it, and an option that does not steer has no bonus."""
    from whitedwarf.interpreter.lastlight import determinise
    from whitedwarf.interpreter.lastlight.agents.heuristic import best_option, score_options

    game = Game.from_content(base_content(), 4)
    state = game.new_state(24)
    agents = [engine().make_agent("heuristic", 24, s, game) for s in range(4)]
    rng = random.Random(6)
    compared = reused = zero = 0
    for decision in range(160):
        if game.is_terminal(state):
            break
        seat = game.current_players(state)[0]
        if state["phase"] != "setup" and decision % 8 == 0:
            view = observation(state, seat)
            hidden = determinise.Hidden(view, seat)
            for _ in range(3):
                world = determinise.determinise(view, seat, rng, hidden)
                aims: aim.Aims = {}
                for _ in range(20 if world is not None else 0):
                    if world is None or game.is_terminal(world):
                        break
                    mover = game.current_players(world)[0]
                    ids = [o.id for o in game.legal_options(world, mover)]
                    reused += mover in aims
                    kept = score_options(world, mover, ids, None, aims)
                    assert kept == score_options(world, mover, ids)
                    fresh = aim.Aim.of(world, mover)
                    if fresh is not None and world["phase"] != "setup":
                        for option in ids:
                            if not aim.steers(option):
                                assert fresh.bonus(option) == 0.0, option
                                zero += 1
                    compared += len(ids)
                    option = best_option(world, mover, game.legal_options(world, mover), rng)
                    game.apply(world, mover, option)
        game.apply(state, seat, agents[seat].choose(state, seat, game.legal_options(state, seat)))
    assert compared > 1000 and reused > 200 and zero > 100, (compared, reused, zero)


def test_a_part_of_a_program_is_worth_what_its_calls_are() -> None:
    """``valuation.run_part_value`` (the calls of each item found once per program) gives
    ``run_value`` of the same part, for every part of every clause of the pack's cards."""
    from whitedwarf.interpreter.lastlight import effects, valuation
    from whitedwarf.interpreter.lastlight.content import runtime

    game = Game.from_content(base_content(), 4)
    state = game.new_state(3)  # a discard is priced from the seat's techs: any state serves
    rt = runtime(state)
    parts = 0
    for table in rt.cards.values():
        for cid in table:
            for clause in effects.card_effect(rt, cid).get("clauses", []):
                code = clause.get("code")
                if not isinstance(code, list) or not code:
                    continue
                for start in range(len(code)):
                    for stop in (start + 1, len(code)):
                        for seat in (0, 1):
                            want = valuation.run_value(state, seat, code[start:stop], cid)
                            got = valuation.run_part_value(state, seat, code, start, stop, cid)
                            assert got == want, (cid, start, stop)
                            parts += 1
    assert parts > 100, parts
