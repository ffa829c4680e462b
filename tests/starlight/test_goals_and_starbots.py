"""003 "Accolades", "Laurels", "Starbot Play", "The Gods": scenario tests."""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.starlight import goals, starbots

from tests.starlight.helpers import hand, ids, make_game, play, position


def test_an_accolade_is_claimed_right_after_the_action_that_meets_it() -> None:
    game = make_game()
    state = position(game, markers={0: "cores"}, rays=hand("2 orange:long"), cores=["core_1"],
                     starter=None, stars=["lyra_1", "orion_1", "draco_2", "cygnus_2"])  # fmt: skip
    for slot in state["players"][0]["stars"]:
        state["slots"][slot] = 0
    play(game, state, "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long", "ready",
         "slot:aquila_1")  # fmt: skip
    assert state["accolades"][3] == {"id": "accolade_stars", "owner": 0, "marks": {}}
    assert "accolade_stars" in state["players"][0]["accolades"]


def test_a_claimed_accolade_is_not_claimed_again() -> None:
    game = make_game()
    state = position(game, stars=["aquila_1"] * 5)
    state["accolades"][3]["owner"] = 1
    goals.check_accolades(game, state, 0)
    assert state["accolades"][3]["owner"] == 1


def test_starbot_turn_action_points_and_accolade_marker() -> None:
    # 003 "Starbot Play": the card's action, its night points, a marker on its accolade.
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "cores"})
    state["starbot_deck"] = ["bot_5"]
    state["starbot_discard"] = []
    play(game, state, "end")
    bot = state["players"][1]
    assert bot["night"] == 4 and bot["points"]["night"]["starbot"] == 4
    assert bot["marker"] == 2 and bot["stars"] in (["aquila_1"], ["hydrus_1"])
    assert state["accolades"][4]["marks"] == {"1": 1}
    assert state["starbot_discard"] == ["bot_5"] and state["turn"] == 0


def test_five_starbot_markers_win_the_accolade() -> None:
    game = make_game(("live", "starbot"))
    state = position(game)
    for _ in range(5):
        goals.mark_accolade(state, 1, 2)
    assert state["accolades"][1]["owner"] == 1
    assert state["players"][1]["accolades"] == ["accolade_magnitudes"]
    goals.mark_accolade(state, 1, 2)
    assert state["accolades"][1]["marks"] == {"1": 5}  # no marker on a claimed accolade


def test_the_refresh_card_reshuffles_the_starbot_deck() -> None:
    game = make_game(("live", "starbot"))
    state = position(game)
    state["starbot_deck"] = ["bot_refresh"]
    state["starbot_discard"] = ["bot_1", "bot_2"]
    starbots.play_turn(game, state, 1)
    assert sorted(state["starbot_deck"]) == ["bot_1", "bot_2", "bot_refresh"]
    assert state["starbot_discard"] == []


def test_starbot_difficulty_sets_its_end_points_per_star() -> None:
    from whitedwarf.interpreter.starlight import ending

    for level, each in ((1, 2), (3, 6)):
        game = make_game(("live", "starbot"), starbot_level=level)
        state = position(game)
        state["players"][1]["stars"] = ["aquila_1", "lyra_1"]
        ending.finish(game, state, "daybreak")
        assert state["players"][1]["points"]["day"]["starbot_stars"] == 2 * each


def test_gods_are_dealt_two_and_one_is_kept() -> None:
    # 003 "The Gods": deal two, keep one; all or none.
    game = make_game(("live", "live"), gods=True)
    state = game.new_state(5)
    assert game.current_players(state) == [0, 1]
    dealt = state["players"][0]["gods_dealt"]
    assert len(dealt) == 2 and ids(game, state, 0) == [f"god:{g}" for g in dealt]
    view = game.observation(state, 1)
    assert view["players"][0]["gods_dealt"] == 2
    play(game, state, f"god:{dealt[0]}")
    assert game.observation(state, 1)["players"][0]["god"] == "?"
    keep = state["players"][1]["gods_dealt"][1]
    game.apply(state, 1, f"god:{keep}")
    assert state["phase"] == "play" and state["players"][1]["god"] == keep
    assert game.observation(state, 0)["players"][1]["god"] == keep  # revealed together


def test_a_god_changes_standard_numbers_and_rules() -> None:
    game = make_game(("live", "live"), gods=True)
    state = position(game, markers={0: "short_rays", 1: "cores"}, ap=5)
    state["players"][0]["god"] = "god_tireless"
    assert game.stat(state, 0, "ap_per_turn") == 6
    state["players"][0]["god"] = "god_welcome"
    play(game, state, "step", "act")
    assert state["players"][0]["ap"] == 4  # no occupation surcharge


def test_a_god_trigger_fires_on_its_hook() -> None:
    game = make_game(gods=True)
    state = position(game, markers={0: "launch_lyra_cygnus"}, ap=5,
                     rays=hand("6 red:long"), cores=[], starter="starter_red",
                     privileges={"launch_alpha_star": 0})  # fmt: skip
    state["players"][0]["god"] = "god_glory"
    state["actions"] = 2
    state["slots"].update(cygnus_1=1)
    play(game, state, "step", "step", "step")
    state["players"][0]["marker"] = 4
    state["players"][0]["moved"] = True
    play(game, state, "act", "core:starter_red")
    for _ in range(5):
        play(game, state, "ray:red:long")
    play(game, state, "ready", "slot:cygnus_3")
    p = state["players"][0]
    assert p["points"]["night"] == {**p["points"]["night"], "slot": 13, "effect": 2}


def test_a_game_needs_enough_cards_for_its_seats() -> None:
    with pytest.raises(ValueError, match="gods"):
        make_game(("live",) * 4, gods=True)
    with pytest.raises(ValueError, match="at least one live"):
        make_game(("starbot", "starbot"))
    with pytest.raises(ValueError, match="1 to 5"):
        make_game(("live",) * 6)
