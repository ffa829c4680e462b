"""A long game's state does not carry its history, and the engine's memos never go stale.

The state holds the position only (save format 2: the decisions are the replay's, not the
state's), so its size, and the cost of cloning, saving and hashing it, is bounded by the
pieces on the table, not by the decisions made. The engine memoises per content, keyed by
what they depend on, the cards bound to each hook, the activated abilities and the move,
research and construct options, and the fingerprints of false achievement conditions; a
state cloned mid-game and driven elsewhere must then get exactly what a fresh computation
gives.
"""

from __future__ import annotations

import copy
import random

from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.content import GameContent, runtime
from whitedwarf.interpreter.lastlight.game import Game, load_game_content
from whitedwarf.interpreter.lastlight.state import SIZES
from whitedwarf.interpreter.lastlight.stats import flag, stat
from whitedwarf.interpreter.state import clone


def game_to(light: int, players: int = 4) -> Game:
    """The base pack with the game ending at ``light`` light (20 in the base game)."""
    base = load_game_content()
    files = copy.deepcopy(base.files)
    files["supply"]["rules"]["game_end_light"] = light
    return Game.from_content(GameContent(files, base.name), players)


def step(game: Game, state: dict, agent: random.Random) -> None:
    seat = game.current_players(state)[0]
    option = agent.choice(game.legal_options(state, seat))
    game.apply(state, seat, option.id)


def test_the_save_does_not_grow_with_the_decisions_made() -> None:
    """At decision 2,000 of a long game the save is within 2x its size at decision 100 (it
    was 3.5x while the state kept its log); what grows is pieces and techs in play."""
    game = game_to(40)
    state, bots = game.new_state(3), [make_bot("random", 3, seat) for seat in range(4)]
    sizes = {}
    for made in range(1, 2_001):
        assert not game.is_terminal(state), "the game must still be on at decision 2,000"
        seat = game.current_players(state)[0]
        option = bots[seat].choose(state, seat, game.legal_options(state, seat))
        game.apply(state, seat, option)
        if made in (100, 2_000):
            sizes[made] = len(persist.save(state))
    assert "log" not in state
    assert sizes[2_000] < 2 * sizes[100], sizes


def test_a_clone_driven_elsewhere_leaves_the_memos_right() -> None:
    """Every 40 decisions a clone plays on differently (filling the memos with other
    positions); the original's options and stats then equal a loaded copy's computed with
    every memo of the content emptied."""
    game = game_to(30, players=3)
    state, agent = game.new_state(11), random.Random(11)
    rt = runtime(state)
    for made in range(900):
        if game.is_terminal(state):
            break
        if made % 40 == 0:
            other, elsewhere = clone(state), random.Random(made)
            for _ in range(60):
                if game.is_terminal(other):
                    break
                step(game, other, elsewhere)
            seat = game.current_players(state)[0]
            memoised = (game.legal_options(state, seat), numbers(state))
            loaded = persist.load(persist.save(state))
            rt.forget()
            assert (game.legal_options(loaded, seat), numbers(loaded)) == memoised
        step(game, state, agent)


def numbers(state: dict) -> list[object]:
    """Every stat and flag of every player, for each ship type and none."""
    rt = runtime(state)
    out: list[object] = []
    for seat in range(state["n"]):
        for size in (None, *SIZES):
            out += [stat(state, seat, name, size) for name in rt.ship_stats[SIZES[0]]]
            out += [flag(state, seat, name, size) for name in ("bombard", "fight_twice")]
        out += [stat(state, seat, name) for name in rt.base_stats]
    return out
