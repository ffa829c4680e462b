"""Starlight's ``heuristic`` agent decides from its own observation only and plays on purpose.

It must not see what the seat cannot (other seats' laurels and flares, deck orders, bag
orders, the generator: 003 "Laurels", "Components"); with it, seeded games end and keep the
invariants of the random games; and it launches stars and beats the random bot clearly.
Through the commands: ``play --seats heuristic,...`` and ``simulate --agents heuristic,...``.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.bots import EngineSeat
from whitedwarf.interpreter.engines import engine_for
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.starlight import launch
from whitedwarf.interpreter.starlight.agents import agent
from whitedwarf.interpreter.starlight.agents.agent import StarlightHeuristic
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.tools.cli import main

from tests.starlight.helpers import assert_blind_to_hidden
from tests.starlight.test_random_games import check, check_end, full_pack

REPO = Path(__file__).resolve().parents[2]


def _game(seats: tuple[str, ...]) -> Game:
    return Game.from_content(full_pack(), len(seats), {"seats": list(seats)})


def _seat_bots(game: Game, kinds: tuple[str, ...], seed: int) -> list[Any]:
    engine = engine_for("starlight")
    return [
        EngineSeat(kind) if kind == "starbot" else engine.make_agent(kind, seed, seat, game)
        for seat, kind in enumerate(kinds)
    ]


def _positions(game: Game, seed: int, every: int) -> list[tuple[dict[str, Any], int]]:
    """States met along a game of heuristic seats, every ``every`` real choices."""
    state = game.new_state(seed)
    bots = [StarlightHeuristic(seed + seat, game) for seat in range(game.players)]
    found, count = [], 0
    while not game.is_terminal(state) and len(found) < 15:
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        if len(options) > 1:
            if count % every == 0:
                found.append((game.clone(state), seat))
            count += 1
        game.apply(state, seat, bots[seat].choose(state, seat, options))
    return found


def test_the_agent_gives_the_same_choice_whatever_is_hidden() -> None:
    game = _game(("live", "live", "live"))
    positions = _positions(game, seed=5, every=13)
    assert len(positions) >= 10
    assert_blind_to_hidden(game, positions, lambda: StarlightHeuristic(11, game))


@pytest.mark.parametrize(
    "seats",
    [("heuristic",), ("heuristic", "starbot"), ("heuristic", "random", "heuristic", "starbot")],
)
def test_seeded_games_with_the_agent_end_and_keep_the_invariants(seats: tuple[str, ...]) -> None:
    kinds = tuple("starbot" if s == "starbot" else "live" for s in seats)
    for seed in range(3):
        game = _game(kinds)
        state = game.new_state(seed)
        bots = _seat_bots(game, seats, seed)
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
            check(game, state)
        check_end(game, state)


def test_the_agent_launches_stars_and_beats_random() -> None:
    kinds = ("heuristic", "random", "random")
    wins, stars, random_stars = 0, 0, 0
    for seed in range(60):
        game = _game(("live",) * 3)
        seats = kinds[seed % 3 :] + kinds[: seed % 3]  # it sits in every seat in turn
        state = game.new_state(seed)
        play(game, state, _seat_bots(game, seats, seed))
        mine = seats.index("heuristic")
        wins += mine in game.result(state)["winners"]
        for seat, p in enumerate(state["players"]):
            if seat == mine:
                stars += len(p["stars"])
            else:
                random_stars += len(p["stars"])
    assert wins >= 50  # a fair share would be 20 of 60
    assert stars >= 3 * 60 and stars > 5 * random_stars


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_play_and_simulate_seat_the_agent(tmp_path: Path) -> None:
    pack = str(REPO / "content" / "starlight")
    code, out = _run("play", "--pack", pack, "--seats", "heuristic,heuristic,starbot",
                     "--seed", "7")  # fmt: skip
    assert code == 0 and out.startswith("winner: seat ") and "stars" in out, out
    code, out = _run("simulate", "--pack", pack, "--players", "3", "--games", "6",
                     "--agents", "heuristic,random", "--out", str(tmp_path / "runs"))  # fmt: skip
    assert code == 0 and "Agent heuristic wins" in out, out


def _first_spaces(seed: int) -> list[str]:
    """The rondel space each seat of a seeded 3-player heuristic game put its marker on in
    its first turn (003 "Your First Turn")."""
    game = _game(("live",) * 3)
    state = game.new_state(seed)
    bots = _seat_bots(game, ("heuristic",) * 3, seed)
    while any(p["marker"] is None for p in state["players"]):
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    return [game.content.spaces[p["marker"]]["id"] for p in state["players"]]


def test_the_first_turns_spread_over_the_launch_spaces() -> None:
    """Every Launch space is worth the same to a first star, so each seat draws one (SL102).
    Taking the first sent all three seats of every game to Aquila or Hydrus, where the
    Start Player's star took the best slot: seat 0 won 42% of 3-player games, seat 2 25%."""
    games = [_first_spaces(seed) for seed in range(12)]
    launches = {"launch_aquila_hydrus", "launch_lyra_draco", "launch_cygnus_orion"}
    assert all(set(spaces) <= launches for spaces in games)  # a first star is launched
    for seat in range(3):
        assert {spaces[seat] for spaces in games} == launches, seat
    assert sum(len(set(spaces)) == 1 for spaces in games) <= 4  # was 12 of 12
    assert _first_spaces(3) == _first_spaces(3)  # seeded: the same game, the same draws


def _kept_gods(seed: int) -> list[tuple[list[str], str]]:
    """(the gods dealt, the god kept) of each seat of a seeded 3-player deal, heuristic seats
    on the shipped card values."""
    game = Game.from_content(full_pack(), 3, {"gods": True})
    state = game.new_state(seed)
    bots = _seat_bots(game, ("heuristic",) * 3, seed)
    kept = []
    while True:
        seat = game.current_players(state)[0]
        ids = [o.id for o in game.legal_options(state, seat)]
        if not ids or not all(i.startswith("god:") for i in ids):
            return kept
        choice = bots[seat].choose(state, seat, game.legal_options(state, seat))
        kept.append(([i[4:] for i in ids], choice[4:]))
        game.apply(state, seat, choice)


def test_every_god_is_kept_by_the_heuristic() -> None:
    """A god never kept cannot be judged by `whitedwarf fairness` (SL103). The heuristic kept
    the god its learned values rate highest, and those of 400 games differ by about 2 points
    from one learning to the next: the god learned lowest (Tyr) was never kept. Gods within
    GODS_ALIKE points of the best are now drawn among."""
    deals = [pair for seed in range(40) for pair in _kept_gods(seed)]
    kept = {god for _, god in deals}
    assert kept == set(full_pack().cards["gods"]), set(full_pack().cards["gods"]) - kept
    assert all(god in dealt for dealt, god in deals)
    assert _kept_gods(7) == _kept_gods(7)  # seeded: the same deal, the same keeps


def test_a_god_far_ahead_by_the_learned_values_is_kept() -> None:
    """Gods further apart than GODS_ALIKE are not drawn among: the best is kept."""
    game = Game.from_content(full_pack(), 3, {"gods": True})
    view = game.observation(game.new_state(1), 0)
    known = values.known("starlight", game.content.digest, agent.SHIPPED)
    assert known is not None
    worth = {g: (known.get(g, "keep") or 0.0) for g in game.content.cards["gods"]}
    low, high = min(worth, key=worth.__getitem__), max(worth, key=worth.__getitem__)
    far = {**known.values, low: {"keep": worth[high] - agent.GODS_ALIKE - 1.0}}
    values.install(replace(known, values=far), "starlight", game.content.digest)
    try:
        ids = [f"god:{low}", f"god:{high}"]
        draws = {agent.decide(game, view, 0, ids, random.Random(s)) for s in range(20)}
        near = {**known.values, low: {"keep": worth[high] - agent.GODS_ALIKE + 1.0}}
        values.install(replace(known, values=near), "starlight", game.content.digest)
        alike = {agent.decide(game, view, 0, ids, random.Random(s)) for s in range(20)}
    finally:
        values.forget()
    assert draws == {f"god:{high}"}
    assert alike == set(ids)


@pytest.mark.parametrize(
    ("seats", "gods"),
    [(("live", "live", "live"), True), (("live", "starbot", "live", "live"), True),
     (("live", "live"), False)],
)  # fmt: skip
def test_the_rollouts_choices_without_a_list_are_the_listed_options_choices(
    seats: tuple[str, ...], gods: bool
) -> None:
    """The search's rollouts decide between actions (``turn_choice``) and in a gain action
    (``gain_choice``) without listing the options: at every such decision of seeded games
    (gods that launch anywhere or ignore the surcharge, Core + Ray's free rays among them),
    the same choice and the same draws as :func:`decide` of the listed options, on the full
    state as the rollouts have it."""
    asked = {"between": 0, "gain_cores": 0, "gain_long_rays": 0, "gain_short_rays": 0,
             "gain_flares": 0, "free ray": 0}  # fmt: skip
    for seed in range(6):
        game = Game.from_content(full_pack(), len(seats), {"seats": list(seats), "gods": gods})
        state = game.new_state(seed)
        bots = _seat_bots(game, tuple("heuristic" if s == "live" else s for s in seats), seed)
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            options = game.legal_options(state, seat)
            action = state["action"]
            if state["phase"] == "play" and not state["frames"] and seats[seat] == "live":
                ids = [o.id for o in options]
                listed, lazy = random.Random(seed), random.Random(seed)
                if action is None:
                    mine = agent.turn_choice(game, state, seat, lazy)
                    asked["between"] += 1
                elif action["kind"] != "launch":
                    mine = agent.gain_choice(game, state, seat, action)
                    asked[action["kind"]] += 1
                    asked["free ray"] += action["rays_owed"] > 0
                else:
                    mine = None
                if mine is not None:
                    assert mine == agent.decide(game, state, seat, ids, listed), (seed, ids)
                    assert lazy.getstate() == listed.getstate()
            game.apply(state, seat, bots[seat].choose(state, seat, options))
    assert asked["between"] > 300 and min(asked.values()) > 0, asked


def test_a_scoring_flares_trial_scores_what_the_whole_flare_step_scores() -> None:
    """The heuristic tries a flare that only scores night points (``_scores_only``) on a copy
    of its seat's player, running the points box alone (``_points_box``): at every flare
    step of seeded games, each such flare scores what ``launch.choose`` of the flare step
    scores on a whole copy of the position, and the position is left as it was."""
    tried = scored = 0
    for seed in range(12):
        game = _game(("live", "live", "live"))
        state = game.new_state(seed)
        bots = _seat_bots(game, ("heuristic",) * 3, seed)
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            options = game.legal_options(state, seat)
            action = state["action"]
            if action is not None and action.get("step") == "flare" and not state["frames"]:
                for flare in [o.id[6:] for o in options if o.id.startswith("flare:")]:
                    if not agent._scores_only(game, state, flare):
                        continue
                    before = pickle.dumps(state)
                    whole = game.clone(state)
                    launch.choose(game, whole, f"flare:{flare}")
                    trial = agent._scoring_copy(state, seat)
                    agent._points_box(game, trial, seat, flare)
                    assert trial["players"][seat]["night"] == whole["players"][seat]["night"]
                    assert pickle.dumps(state) == before
                    tried += 1
                    scored += whole["players"][seat]["night"] > state["players"][seat]["night"]
            game.apply(state, seat, bots[seat].choose(state, seat, options))
    assert scored > 20  # most of them score on the launch
    assert tried > 20
