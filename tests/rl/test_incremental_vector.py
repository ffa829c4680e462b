"""The fast observation encoders (each game's ``rl/vector.py``) keep blocks between
observations and make again only what changed; here their vector equals the from-scratch
encoding (``spec.encode`` of ``Game.observation``) for every seat at every decision of seeded
games of both games at 2, 3 and 4 seats and of a mod pack (thousands of positions), also
when the encoder is turned to a saved copy of an earlier position (a rewind, as OpenSpiel's
search does), to a branch played on from it, and back to the game."""

from __future__ import annotations

import functools
import random
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from whitedwarf import rl

#: A mod pack of Last Light (a new faction): its content, numbered and encoded as the base's.
MOD = str(Path(__file__).resolve().parent / "packs" / "rl_mod")
CASES = [
    *(("lastlight", n, {}) for n in (2, 3, 4)),
    *(("starlight", n, {}) for n in (2, 3, 4)),
    ("starlight", 3, {"gods": True}),
    *((MOD, n, {}) for n in (2, 4)),
]
IDS = [f"{Path(p).name}-{n}p{'-gods' if o else ''}" for p, n, o in CASES]


@functools.cache
def _loaded(pack: str, players: int, gods: bool) -> tuple[Any, Any]:
    return rl.load(pack, players, **({"gods": True} if gods else {}))


def _same(spec: Any, game: Any, state: Any) -> int:
    """Every seat's fast vector of ``state`` against the reference; how many compared."""
    asking = set(game.current_players(state))
    for seat in range(game.players):
        asked = seat in asking
        fast = spec.observe(state, seat, asked)
        reference = spec.encode(game.observation(state, seat), seat, asked)
        assert fast.dtype == np.float32
        assert np.array_equal(fast, reference), f"seat {seat} at round {state['round']}"
    return game.players


def _step(game: Any, state: Any, pick: Any) -> bool:
    """One random legal decision; False once the game is over."""
    if game.is_terminal(state):
        return False
    seats = game.current_players(state)
    if not seats:
        return False
    options = game.legal_options(state, seats[0])
    game.apply(state, seats[0], pick(options).id)
    return True


@pytest.mark.parametrize(("pack", "players", "options"), CASES, ids=IDS)
def test_the_kept_vector_is_the_from_scratch_one_with_saves_and_rewinds(
    pack: str, players: int, options: dict[str, Any]
) -> None:
    engine, game = _loaded(pack, players, bool(options))
    spec = rl.spec_of(engine, game)  # one encoder for the live game, its saves and branches
    compared = 0
    for seed in (21, 22):
        rng = random.Random(seed)
        state = game.new_state(seed)
        saves: list[Any] = []
        step = 0
        while _step(game, state, rng.choice):
            step += 1
            compared += _same(spec, game, state)
            if step % 25 == 0:
                saves.append(game.clone(state))  # a save: a new state object
            if step % 40 == 0 and saves:
                # a rewind to an earlier save, a branch played on from it a few decisions,
                # then back to the live game: each observed as the reference encodes it
                branch = game.clone(rng.choice(saves))
                compared += _same(spec, game, branch)
                for _ in range(rng.randrange(1, 6)):
                    if not _step(game, branch, rng.choice):
                        break
                    compared += _same(spec, game, branch)
                compared += _same(spec, game, state)
    assert compared > 1000


def test_a_unit_paid_out_of_a_graveyard_shows_in_its_owners_supply() -> None:
    """Seed 49's 2-player game (seed 33's until K21c's numbers changed the games) pays out a
    graveyard: the units go home to their owners' supplies while they are off the board (no
    ``fleet`` stamp renews); the owner's supply numbers must show them
    (``state.return_piece`` renews its ``supply`` stamp)."""
    engine, game = _loaded("lastlight", 2, False)
    spec = rl.spec_of(engine, game)
    rng = random.Random(49)
    state = game.new_state(49)
    supplies = []
    while _step(game, state, rng.choice):
        _same(spec, game, state)
        supplies.append([dict(p["supply"]) for p in state["players"]])
    grew = any(
        now[s][k] > was[s][k] for was, now in pairwise(supplies) for s in range(2) for k in now[s]
    )
    assert grew, "no piece came back to a supply: the seed no longer tests it"


def _table(state: Any) -> tuple[Any, ...]:
    """The slots' and accolades' owners, and each seat's stars and accolades lists."""
    return (
        dict(state["slots"]),
        [(a["id"], a.get("owner")) for a in state["accolades"]],
        [(list(p["stars"]), list(p["accolades"])) for p in state["players"]],
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_starlight_slot_or_accolade_changes_owner_only_beside_a_seats_own_list(
    players: int,
) -> None:
    """Starlight's encoder makes its slots and accolades blocks again only when a seat's
    stars or accolades list changed (``starlight/rl/vector.py``): every decision of seeded
    random games, Starbots' included, keeps to it."""
    _, game = _loaded("starlight", players, False)
    changes = 0
    for seed in range(30, 36):
        rng = random.Random(seed)
        state = game.new_state(seed)
        was = _table(state)
        while _step(game, state, rng.choice):
            now = _table(state)
            if now[:2] != was[:2]:
                changes += 1
                assert now[2] != was[2], f"seed {seed}, round {state['round']}"
            was = now
    assert changes > 10
