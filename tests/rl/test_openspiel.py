"""whitedwarf's games as OpenSpiel games pass OpenSpiel's random-simulation test, and their
randomness comes from explicit chance nodes."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import whitedwarf.rl.openspiel  # noqa: E402, F401  (registers the games)
from whitedwarf import rl  # noqa: E402


@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("python_whitedwarf_lastlight", 2),
        ("python_whitedwarf_lastlight", 3),
        ("python_whitedwarf_starlight", 2),
        ("python_whitedwarf_starlight", 3),
    ],
)
def test_random_simulation(name: str, players: int) -> None:
    game = pyspiel.load_game(name, {"players": players, "round_limit": 6})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_mod_pack_plays_in_openspiel() -> None:
    from pathlib import Path

    mod = Path(__file__).resolve().parent / "packs" / "rl_mod"
    game = pyspiel.load_game(
        "python_whitedwarf_lastlight", {"players": 2, "round_limit": 6, "pack": str(mod)}
    )
    assert (
        game.num_distinct_actions()
        > pyspiel.load_game("python_whitedwarf_lastlight", {"players": 2}).num_distinct_actions()
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _play(game: object, seed: int) -> tuple[int, list[str]]:
    """A random game: the chance nodes met after setup, and the history as text."""
    rand = random.Random(seed)
    state = game.new_initial_state()
    chance, history = -1, []
    while not state.is_terminal():
        if state.is_chance_node():
            chance += 1
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = rand.choice([a for a, _ in outcomes])
        else:
            action = rand.choice(state.legal_actions())
        history.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    return chance, history


def test_dice_and_draws_are_chance_nodes_and_the_rest_is_deterministic() -> None:
    # Decks and tokens are shuffled at setup (its chance node); later, combat dice draw.
    game = pyspiel.load_game("python_whitedwarf_lastlight", {"players": 2})
    chance, history = _play(game, 0)
    assert chance > 0
    assert any(h.startswith("chance outcome") for h in history[1:])
    assert _play(game, 0) == (chance, history)  # the same outcomes and actions: the same game
    # the action names are the environment's (docs/rl.md "Actions")
    assert any(h.startswith("play:") for h in history)


@pytest.mark.parametrize("outcomes", [0, -5, 10**9])
def test_a_chance_outcomes_parameter_out_of_bounds_is_refused(outcomes: int) -> None:
    """0 or fewer failed with an IndexError at the first chance node; a billion hung it,
    building the list of outcomes."""
    with pytest.raises(ValueError, match="chance_outcomes is a whole number 1 to 4096, not"):
        pyspiel.load_game("python_whitedwarf_lastlight", {"chance_outcomes": outcomes})


@pytest.mark.parametrize(
    ("name", "pack", "other"),
    [("python_whitedwarf_lastlight", "starlight", "starlight"),
     ("python_whitedwarf_starlight", "lastlight", "lastlight")],
)  # fmt: skip
def test_a_pack_of_the_other_game_is_refused_naming_the_game_to_load(
    name: str, pack: str, other: str
) -> None:
    """It was loaded: the other game played under this one's name and player range."""
    with pytest.raises(rl.PackError) as refused:
        pyspiel.load_game(name, {"players": 2, "pack": pack})
    assert str(refused.value).endswith(f"load python_whitedwarf_{other}")
