"""Starlight's ``search`` agent: it sees only what its seat may see, and it is reproducible.

Two states that differ only in what seat S cannot see (the others' laurels and flares, the
gods dealt to them while gods are kept, the order of every deck and bag, the generator:
003 "Laurels", "Components", "The Gods") make S's search agent choose the same option with
the same seed; the same seed gives the same game; and the commands seat it
(``play --seats search,...``, ``simulate --agents search,...``).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.engines import engine_for
from whitedwarf.interpreter.starlight.agents.agent import StarlightHeuristic, StarlightSearch
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.state import state_hash
from whitedwarf.tools.cli import main

from tests.starlight.helpers import assert_blind_to_hidden
from tests.starlight.test_random_games import full_pack

REPO = Path(__file__).resolve().parents[2]
State = dict[str, Any]


def _game(seats: tuple[str, ...], gods: bool = False) -> Game:
    return Game.from_content(full_pack(), len(seats), {"seats": list(seats), "gods": gods})


def _small_search(seed: int, game: Game) -> SearchAgent:
    """The search agent with a small budget (the property tested does not depend on it)."""
    return SearchAgent(seed, StarlightSearch(game), iterations=6, horizon=50)


def _searched_positions(game: Game, seed: int, every: int) -> list[tuple[State, int]]:
    """States of a heuristic game where the search agent searches, every ``every``."""
    state = game.new_state(seed)
    bots = [StarlightHeuristic(seed + seat, game) for seat in range(game.players)]
    rules = StarlightSearch(game)
    found, count = [], 0
    while not game.is_terminal(state) and len(found) < 8:
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        view = game.observation(state, seat)
        if len(options) > 1 and rules.searched(view, seat, [o.id for o in options]):
            if count % every == 0:
                found.append((game.clone(state), seat))
            count += 1
        game.apply(state, seat, bots[seat].choose(state, seat, options))
    return found


@pytest.mark.parametrize(("seats", "seed"), [(("live", "live", "live"), 5),
                                             (("live", "starbot", "live"), 9)])  # fmt: skip
def test_the_same_choice_whatever_the_seat_cannot_see(seats: tuple[str, ...], seed: int) -> None:
    game = _game(seats)
    positions = _searched_positions(game, seed, every=7)
    assert len(positions) >= 6
    assert_blind_to_hidden(game, positions, lambda: _small_search(11, game))


def test_the_gods_dealt_to_the_others_do_not_change_the_choice() -> None:
    # keeping a god is the heuristic's choice (not searched); its view hides the others'
    game = _game(("live", "live", "live"), gods=True)
    state = game.new_state(3)
    game.apply(state, 1, f"god:{state['players'][1]['gods_dealt'][1]}")
    dealt = {g for p in state["players"] for g in p["gods_dealt"]}
    spare = [g for g in sorted(game.content.cards["gods"]) if g not in dealt]
    altered = copy.deepcopy(state)
    altered["players"][1]["god"] = spare[0]
    altered["players"][1]["gods_dealt"] = [spare[0]]
    altered["players"][2]["gods_dealt"] = spare[1:3]
    assert game.observation(altered, 0) == game.observation(state, 0)
    options = game.legal_options(state, 0)
    agent = engine_for("starlight").make_agent("search", 4, 0, game)
    again = engine_for("starlight").make_agent("search", 4, 0, game)
    assert agent.choose(state, 0, options) == again.choose(altered, 0, options)


def test_a_seeded_game_with_search_seats_is_the_same_every_time() -> None:
    game = _game(("live", "live", "starbot"))
    engine = engine_for("starlight")
    hashes = []
    for _ in range(2):
        state = game.new_state(21)
        bots = [engine.make_agent("search", 21, 0, game), StarlightHeuristic(2, game)]
        for _ in range(150):  # the first rounds: enough searched decisions to differ
            seat = game.current_players(state)[0]
            game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
        hashes.append(state_hash(state))
    assert hashes[0] == hashes[1]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_play_and_simulate_seat_the_search_agent(tmp_path: Path) -> None:
    pack = str(REPO / "content" / "starlight")
    code, out = _run("play", "--pack", pack, "--seats", "search,starbot", "--seed", "3")
    assert code == 0 and out.startswith("winner: seat ") and "stars" in out, out
    code, out = _run("simulate", "--pack", pack, "--players", "2", "--games", "1",
                     "--agents", "search,starbot", "--out", str(tmp_path / "runs"))  # fmt: skip
    assert code == 0 and "Agent search wins" in out, out


def test_the_search_plays_its_lines_unheard_by_the_games_listener() -> None:
    """A simulated line is not the game: a replay writer or --trace listening to the game
    hears only the moves played, never those the search tried, and keeps listening after."""
    game = _game(("live", "live", "live"))
    heard: list[dict[str, Any]] = []
    game.listen(heard.append)
    (state, seat), *_ = _searched_positions(game, 5, 1)
    heard.clear()
    options = game.legal_options(state, seat)
    choice = _small_search(5, game).choose(state, seat, options)
    assert heard == []  # nothing of the simulations
    game.apply(state, seat, choice)
    assert heard  # the move played is heard
