"""003 "Starbot Play": what a Starbot's turn does to the table, as a rulebook reader checks it.

The Card Almanac's Starbot actions are not in the seeds; the engine's reading is SL20.
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight import goals

from tests.starlight.helpers import hand, ids, make_game, play, position, space


def _starbot_plays(game, state, *cards: str) -> None:
    """Seat 0 (live) ends its turn; the Starbot in seat 1 turns up ``cards`` in order."""
    state["starbot_deck"], state["starbot_discard"] = list(cards), []
    play(game, state, "end")


def test_a_starbot_marker_makes_live_players_pay_the_surcharge() -> None:
    # 003 "Action Points": "If an opponent's marker is on an action space, it will cost you
    # 1 AP extra"; a Starbot's marker moves to its card's action (SL20).
    game = make_game(("live", "starbot"))
    state = position(game, markers={0: "short_rays", 1: "long_rays"}, ap=0)
    _starbot_plays(game, state, "bot_1")  # Gain Cores: the next Gain Cores space
    assert state["players"][1]["marker"] == space("cores")
    p = state["players"][0]
    assert state["turn"] == 0 and p["ap"] == 5
    play(game, state, "step", "act")
    assert p["ap"] == 5 - 1 - 1  # the step and the occupation surcharge


def test_a_starbot_gain_thins_the_pool_which_refills_after_its_turn() -> None:
    # 003 "When do pools refill?": when the (Starbot's) turn is complete.
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "cores"}, ap=0)
    first = state["pools"]["cores"][0]
    _starbot_plays(game, state, "bot_1")
    assert first in state["core_discard"] and first not in state["pools"]["cores"]
    assert len(state["pools"]["cores"]) == 3


def test_a_starbot_scores_and_marks_even_when_its_launch_finds_no_slot() -> None:
    # 003 "Starbot Play": take the action, score the night points, add an accolade marker.
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "cores"}, ap=0)
    for slot in game.content.constellations["aquila"] + game.content.constellations["hydrus"]:
        state["slots"][slot] = 0
    _starbot_plays(game, state, "bot_5")
    bot = state["players"][1]
    assert bot["stars"] == [] and bot["night"] == 4
    assert state["accolades"][4]["marks"] == {"1": 1}


def test_a_starbot_launch_fills_the_smallest_open_slot() -> None:
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "cores"}, ap=0)
    state["slots"].update(aquila_1=0, hydrus_1=0, hydrus_2=0)
    _starbot_plays(game, state, "bot_5")  # open: aquila_2 (medium), hydrus_3 (medium)
    assert state["players"][1]["stars"] == ["aquila_2"]


def test_an_empty_starbot_deck_is_reshuffled_from_its_discards() -> None:
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "cores"}, ap=0)
    state["starbot_deck"], state["starbot_discard"] = [], ["bot_2", "bot_3"]
    play(game, state, "end")
    assert state["players"][1]["night"] in (2, 3)
    assert len(state["starbot_deck"]) == 1 and len(state["starbot_discard"]) == 1


def test_a_starbot_never_claims_an_accolade_by_its_goal() -> None:
    # 003 "Starbot Play": "Starbots do not win Accolades in the same way as live players".
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "cores"}, ap=0)
    bot = state["players"][1]
    bot["stars"] = ["aquila_1", "hydrus_1", "lyra_1", "orion_1", "draco_2"]  # Star Maker: 5
    _starbot_plays(game, state, "bot_2")
    assert all(a["owner"] is None for a in state["accolades"])


def test_no_marker_goes_on_an_accolade_a_live_player_has_won() -> None:
    # 003 "Starbot Play": "If the Accolade is no longer in play ... do not place a marker."
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "cores"}, ap=0)
    for _ in range(4):
        goals.mark_accolade(state, 1, 4)
    state["accolades"][3]["owner"] = 0  # seat 0 claimed Star Maker first
    _starbot_plays(game, state, "bot_4")  # place 4
    assert state["accolades"][3]["owner"] == 0 and state["accolades"][3]["marks"] == {"1": 4}
    assert state["players"][1]["accolades"] == []


def test_a_live_player_still_can_claim_while_a_starbot_gathers_markers() -> None:
    # 003 "Accolades": "claimed only once, by the first player to achieve its goal".
    game = make_game(("live", "starbot"))
    state = position(game, markers={0: "cores", 1: "flares"}, rays=hand("2 orange:long"),
                     cores=["core_1"], starter=None,
                     stars=["lyra_1", "orion_1", "draco_2", "cygnus_2"])  # fmt: skip
    for slot in state["players"][0]["stars"]:
        state["slots"][slot] = 0
    for _ in range(4):
        goals.mark_accolade(state, 1, 4)
    play(game, state, "step", "act", "core:core_1", "ray:orange:long", "ray:orange:long", "ready",
         "slot:aquila_1")  # a fifth star  # fmt: skip
    assert state["accolades"][3]["owner"] == 0
    assert "act" not in ids(game, state)


def test_one_live_player_and_four_starbots_set_up_as_five_seats() -> None:
    # 003 "Live and Starbot Players": "as few as one live player, and add as many Starbots
    # ... (up to a combined total of 5)"; Starbots "do not get player mats or any kind of
    # cards" (003 "Starbot Play"). Live setup: SL4 (a starter, two rays, the laurels).
    game = make_game(("live", "starbot", "starbot", "starbot", "starbot"))
    state = game.new_state(2)
    live, *bots = state["players"]
    assert live["starter"] and len(live["rays"]) == 2 and len(live["laurels"]) == 1
    for bot in bots:
        assert (bot["starter"], bot["rays"], bot["laurels"], bot["cores"]) == (None, [], [], [])
    assert game.current_players(state) == [0] and live["ap"] == 2  # 003 "Your First Turn"
    play(game, state, "place:0", "done")  # the four Starbots play their turns in between
    assert state["round"] == 2 and state["turn"] == 0
    assert all(bot["night"] > 0 for bot in bots)
