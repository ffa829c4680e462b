"""Saves and per-seat views of a Starlight state (DESIGN principle 4; SL26)."""

from __future__ import annotations

import json

import pytest
from whitedwarf.interpreter.starlight import persist

from tests.starlight.helpers import make_game, play, position


def test_a_save_loads_to_the_same_state_and_plays_on_alike() -> None:
    game = make_game(("live", "starbot", "live"))
    state = game.new_state(11)
    play(game, state, "place:1", "done")
    loaded = persist.load(persist.save(state))
    assert loaded == state
    for copy in (state, loaded):
        play(game, copy, "place:3")
    assert loaded == state


def test_a_save_of_another_game_or_format_is_refused() -> None:
    game = make_game()
    text = persist.save(game.new_state(1))
    with pytest.raises(
        persist.SaveError, match="the state is of the game 'lastlight', not 'starlight'"
    ):
        persist.load(text.replace('"starlight"', '"lastlight"', 1))
    data = json.loads(text)
    data["format"] = 99
    with pytest.raises(persist.SaveError, match="format 99"):
        persist.load(json.dumps(data))


def test_a_seat_sees_its_own_secrets_and_not_the_others() -> None:
    game = make_game(("live", "live", "starbot"))
    state = position(game, flares=["flare_stars"])
    mine, theirs = game.observation(state, 0), game.observation(state, 1)
    assert mine["players"][0]["laurels"] == state["players"][0]["laurels"]
    assert theirs["players"][0]["laurels"] == 1 and theirs["players"][0]["flares"] == 1
    assert mine["players"][0]["flares"] == ["flare_stars"]
    for view in (mine, theirs):
        assert view["rng"] == view["seed"] == "?"
        assert view["core_deck"] == len(state["core_deck"])
        assert view["starbot_deck"] == len(state["starbot_deck"])
        assert view["bags"]["long"] == sorted(state["bags"]["long"])
        assert view["pools"] == state["pools"] and view["slots"] == state["slots"]
    assert state["players"][0]["flares"] == ["flare_stars"]  # the state itself is untouched


def test_an_effect_question_is_hidden_from_the_other_seats() -> None:
    game = make_game()
    state = position(game, ap=5, flares=["flare_trade"])
    play(game, state, "boon:flare_trade")
    assert game.observation(state, 1)["frames"][0]["pending"] == "?"
    assert game.observation(state, 0)["frames"][0]["pending"]["kind"] == "ask"
    assert game.current_players(state) == [0]
