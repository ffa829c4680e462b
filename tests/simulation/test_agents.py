"""The strong agents decide from their own observation only, and play on purpose (issue 8)."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight import valuation
from whitedwarf.interpreter.lastlight.engine import engine
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.runner import play

from tests.base_content import base_content


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_content(base_content(), 3)


def _positions(
    game: Game, seed: int, every: int, prefix: str = ""
) -> list[tuple[dict[str, Any], int]]:
    """States met along a heuristic game, with the seat deciding, every ``every`` decisions
    among those whose options start with ``prefix``."""
    state = game.new_state(seed)
    bots = [engine().make_agent("heuristic", seed, s, game) for s in range(3)]
    found, count = [], 0
    while not game.is_terminal(state) and len(found) < 12:
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        if len(options) > 1 and options[0].id.startswith(prefix):
            if count % every == 0:
                found.append((game.clone(state), seat))
            count += 1
        game.apply(state, seat, bots[seat].choose(state, seat, options))
    return found


def _alter_hidden(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The same position with everything ``seat`` cannot see changed."""
    altered = copy.deepcopy(state)
    altered["rng"] = (altered["rng"] * 6364136223846793005 + 1) % 2**64
    altered["deck"].reverse()
    others = [p for p in altered["players"] if p["seat"] != seat]
    for p in others:  # their unresearched techs trade places with cards of the deck
        count = min(len(p["techs_hand"]), len(altered["deck"]))
        p["techs_hand"][:count], altered["deck"][:count] = (
            altered["deck"][:count],
            p["techs_hand"][:count],
        )
    # kept achievements not yet played trade places (a played one is public: None)
    for a, b in itertools.pairwise([p for p in others if p["achievement"] is not None]):
        a["achievement"], b["achievement"] = b["achievement"], a["achievement"]
    for p in others:
        if p["choice"] is not None and len(p["hand"]) > 1:
            p["choice"] = next(c for c in p["hand"] if c != p["choice"])
    hidden = [s for s in altered["sectors"].values() if s["token"] and not s["revealed"]]
    tokens = [s["token"] for s in hidden]
    for sector, token in zip(hidden, tokens[1:] + tokens[:1], strict=True):
        sector["token"] = token
    return altered


@pytest.mark.parametrize("kind", ["heuristic", "search"])
def test_an_agent_gives_the_same_choice_whatever_is_hidden(game: Game, kind: str) -> None:
    # the search agent searches the action card choice (play:...); test it there
    if kind == "heuristic":
        positions = _positions(game, seed=3, every=17)
    else:
        positions = _positions(game, seed=3, every=5, prefix="play:")
    assert len(positions) >= 5
    for state, seat in positions:
        options = game.legal_options(state, seat)
        altered = _alter_hidden(state, seat)
        assert game.observation(altered, seat) == game.observation(state, seat)
        first = engine().make_agent(kind, 11, seat, game).choose(state, seat, options)
        second = engine().make_agent(kind, 11, seat, game).choose(altered, seat, options)
        assert first == second


def test_heuristic_beats_random(game: Game) -> None:
    wins = 0
    for seed in range(12):
        bots = [
            engine().make_agent("heuristic", seed, 0, game),
            RandomBot(seed + 1),
            RandomBot(seed + 2),
        ]
        state = game.new_state(seed)
        play(game, state, bots)
        wins += 0 in state["result"]["winners"]
    assert wins >= 9  # a fair share would be 4 of 12


def test_a_tech_is_valued_from_its_effect_not_its_id() -> None:
    light_every_round = {
        "compiled": {
            "clauses": [
                {
                    "form": "trigger",
                    "hook": "round_end",
                    "code": [["call", "gain", [{"amount": ["num", 5], "unit": "light"}]]],
                }
            ]
        }
    }
    one_common = {
        "compiled": {
            "clauses": [
                {
                    "form": "trigger",
                    "hook": "round_end",
                    "code": [["call", "gain", [{"amount": ["num", 1], "unit": "common"}]]],
                }
            ]
        }
    }
    assert valuation.card_value(light_every_round) > 10 * valuation.card_value(one_common)
