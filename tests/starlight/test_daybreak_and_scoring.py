"""003 "End of Game", "Your Last Turn", "Scoring": scenarios a rulebook reader tries first.

Each test sets a position as data, plays the rules and checks what 003 says should follow.
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight import ending
from whitedwarf.interpreter.starlight.persist import observation
from whitedwarf.interpreter.starlight.state import gain_night
from whitedwarf.interpreter.starlight.views.panels import others_panel, own_panel
from whitedwarf.interpreter.starlight.views.public import public_panels

from tests.starlight.helpers import hand, ids, make_game, play, position


def _ready_to_launch(p) -> None:
    """A complete magnitude 2 star in hand (core_1 takes orange long rays)."""
    p.update(rays=hand("2 orange:long"), cores=["core_1"], starter=None)


def test_daybreak_comes_at_65_not_64() -> None:
    # 003 "End of Game": "reaches or exceeds 65 Victory Points on the score track".
    game = make_game(("live", "live"))
    state = position(game)
    gain_night(state, 0, 64, "slot")
    assert state["daybreak"] is None
    gain_night(state, 0, 1, "slot")
    assert state["daybreak"] == state["round"]


def test_a_starbot_reaching_65_brings_daybreak() -> None:
    # 003 "End of Game": "when any player (live or Starbot) reaches or exceeds 65".
    game = make_game(("live", "starbot"))
    state = position(game, markers={1: "short_rays"}, ap=0)
    state["players"][1]["night"] = 63
    state["starbot_deck"], state["starbot_discard"] = ["bot_1"], []  # 2 night points
    round_ = state["round"]
    play(game, state, "end")
    assert state["players"][1]["night"] == 65
    assert state["daybreak"] == round_ and state["last_round"] == round_ + 1


def test_after_daybreak_every_seat_has_played_the_same_number_of_turns() -> None:
    # 003 "End of Game": "finish that round and play one more complete round (so that all
    # players have had an equal number of turns), then perform final scoring".
    game = make_game(("live", "live", "live"))
    state = position(game, ap=0)
    for p in state["players"]:
        _ready_to_launch(p)
    round_ = state["round"]
    gain_night(state, 0, 65, "slot")  # seat 0, first in the round, brings daybreak
    asked: list[tuple[int, int, bool]] = []
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        asked.append((state["round"], seat, state["turn_state"]["last"]))
        play(game, state, "end")
    daybreak_round = [(round_, seat, False) for seat in range(3)]
    last_round = [(round_ + 1, seat, True) for seat in range(3)]
    assert asked == daybreak_round + last_round
    assert game.result(state)["reason"] == "daybreak"


def test_the_turns_left_in_the_daybreak_round_are_ordinary() -> None:
    # Only the one more round is the last: no final launch before it.
    game = make_game(("live", "live"))
    state = position(game, seat=0, ap=0)
    _ready_to_launch(state["players"][1])
    gain_night(state, 0, 70, "slot")
    play(game, state, "end")
    assert state["turn"] == 1 and "final" not in ids(game, state)


def test_the_winner_has_the_most_night_plus_day_points() -> None:
    # 003 "Victory Points": "the player with the most total points (night + day)"; 003
    # "Scoring": 5 day points for each alpha star.
    game = make_game(("live", "live"))
    state = position(game)
    first, second = state["players"]
    first["night"] = 70
    second.update(night=66, stars=["hydrus_4"])
    state["slots"]["hydrus_4"] = 1
    ending.finish(game, state, "daybreak")
    result = game.result(state)
    assert result["points"] == [70, 71] and result["winners"] == [1]
    assert result["tiebreak"] == "points"


def test_a_tie_between_a_live_player_and_a_starbot_goes_to_more_stars() -> None:
    # 003 "Scoring": "The player (live or Starbot) with the most victory points is the winner.
    # If there is a tie, the winner is the tied player who has launched the most stars."
    game = make_game(("live", "starbot"), starbot_level=1)  # 2 day points per Starbot star
    state = position(game)
    live, bot = state["players"]
    live.update(night=70, stars=["aquila_1"])
    bot.update(night=64, stars=["lyra_1", "orion_1", "draco_2"])  # 64 + 3 * 2 = 70
    for seat, p in enumerate(state["players"]):
        for slot in p["stars"]:
            state["slots"][slot] = seat
    ending.finish(game, state, "daybreak")
    result = game.result(state)
    assert result["points"] == [70, 70] and result["winners"] == [1]
    assert result["tiebreak"] == "stars"


def test_a_starbot_scores_its_accolades_and_stars_but_no_alpha_or_laurels() -> None:
    # 003 "Scoring", For Starbot Players: day points from their Accolades and per star.
    game = make_game(("live", "starbot"), starbot_level=2)  # 4 day points per star
    state = position(game)
    bot = state["players"][1]
    bot.update(night=30, stars=["hydrus_4", "aquila_1"], accolades=["accolade_privileges"])
    ending.finish(game, state, "daybreak")
    assert bot["points"]["day"] == {"alpha": 0, "laurels": 0, "laurel_bonus": 0,
                                    "accolades": 5, "starbot_stars": 8}  # fmt: skip
    assert game.result(state)["points"][1] == 30 + 13


def test_a_slotless_final_star_is_launched_but_in_no_constellation_in_the_tiebreak() -> None:
    # SL165 (replacing SL111): 003 "Scoring" breaks a tie on "launched the most stars", and
    # 003 "Your Last Turn" calls the star scored without a slot a "slotless final launch";
    # it places no marker, so it is in no constellation. Seats 0 and 1 tie on points with
    # one last star each: tied on stars, seat 0 wins on constellations.
    game = make_game(("live", "live", "live"))
    state = position(game, seat=2, ap=0)
    for slot in game.content.slots.values():
        if slot.size == "small" and slot.id != "lyra_3":
            state["slots"][slot.id] = 2  # seat 2 holds every small slot but lyra_3
    state["slots"]["lyra_2"] = 2  # lyra_3 is linked to it
    first, second, third = state["players"]
    third.update(stars=[s for s, owner in state["slots"].items() if owner == 2], rays=[],
                 cores=[], starter=None)  # fmt: skip
    _ready_to_launch(first)
    _ready_to_launch(second)
    gain_night(state, 0, 68, "slot")  # + lyra_3's 4 = 72
    gain_night(state, 1, 65, "slot")  # + the slotless 7 = 72
    play(game, state, "end")  # seat 2 ends the daybreak round
    play(game, state, "final", "core:core_1", "ray:orange:long", "ray:orange:long", "ready",
         "slot:lyra_3")  # the last small slot of the sky  # fmt: skip
    play(game, state, "final", "core:core_1", "ray:orange:long", "ray:orange:long", "ready")
    assert ids(game, state) == ["slotless", "cancel"]
    play(game, state, "slotless")  # seat 2 has no star: its last turn is forfeit
    result = game.result(state)
    assert result["points"][:2] == [72, 72] and result["stars"][:2] == [1, 1]
    assert result["constellations"][:2] == [1, 0]
    assert result["winners"] == [0] and result["tiebreak"] == "constellations"


def test_the_final_launch_needs_one_ap_left() -> None:
    # 003 "Your Last Turn": "Just save 1 AP to pay for the launch as your last action."
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    first = state["players"][0]
    _ready_to_launch(first)
    first.update(saved=0, marker=5)  # on Gain Flares
    gain_night(state, 1, 70, "slot")
    play(game, state, "end")
    assert first["ap"] == 5 and "final" in ids(game, state)
    for _ in range(5):
        play(game, state, "step")
    assert state["turn"] == 1  # no AP left: no final launch, the turn is over
    assert first["stars"] == []


def test_a_slotless_final_launch_may_take_a_flare_and_bought_points() -> None:
    # 003 "Your Last Turn": slotless, "you may still use your privileges and attach a Flare".
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    for slot in game.content.slots.values():
        if slot.size == "small":
            state["slots"][slot.id] = 1
    first = state["players"][0]
    _ready_to_launch(first)
    first.update(flares=["flare_trade"], privileges={"buy_night_points": 0}, saved=0)
    gain_night(state, 1, 70, "slot")
    play(game, state, "end", "final", "core:core_1", "ray:orange:long", "ray:orange:long",
         "ready", "slotless", "flare:flare_trade", "buy", "done")  # fmt: skip
    assert first["points"]["night"] == {"slot": 0, "flare": 3, "bought": 1, "slotless": 7,
                                        "starbot": 0, "effect": 0}  # fmt: skip
    assert first["ap"] == 0 and first["privileges"] == {"buy_night_points": 0}


def test_daybreak_in_the_round_limits_round_still_gets_its_one_more_round() -> None:
    # 003 "End of Game": after daybreak "play one more complete round"; the round limit
    # (SL17) is for games that never reach daybreak.
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    state["round"] = ending.ROUND_LIMIT
    _ready_to_launch(state["players"][0])
    gain_night(state, 1, 65, "slot")
    play(game, state, "end")
    assert not game.is_terminal(state) and state["round"] == ending.ROUND_LIMIT + 1
    assert "final" in ids(game, state)


def test_a_round_limit_of_60_cuts_the_round_after_a_daybreak_in_round_60() -> None:
    # SL114: the player's limit is a cut-off, daybreak or not; `--round-limit 60` was
    # dropped as "no shorter than SL17" and round 61 was played anyway.
    from whitedwarf.interpreter.starlight.engine import _options

    options = _options(["live", "live"], ending.ROUND_LIMIT)
    assert options["round_limit"] == ending.ROUND_LIMIT
    assert "round_limit" not in _options(["live", "live"], ending.ROUND_LIMIT + 1)
    game = make_game(("live", "live"), round_limit=ending.ROUND_LIMIT)
    state = position(game, seat=1, ap=0)
    state["round"] = ending.ROUND_LIMIT
    _ready_to_launch(state["players"][0])
    gain_night(state, 1, 65, "slot")
    play(game, state, "end")
    assert game.is_terminal(state) and state["round"] == ending.ROUND_LIMIT


def test_the_status_views_name_stars_on_the_board_not_stars_launched() -> None:
    # 003 "Your Last Turn": a slotless star is scored, but "do not place any markers on the
    # board". The panels counted the markers and called them "stars": after a slotless final
    # launch they said "stars 0" of a seat that had just launched a star.
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    for slot in game.content.slots.values():
        if slot.size == "small":
            state["slots"][slot.id] = 1
    first = state["players"][0]
    _ready_to_launch(first)
    first["saved"] = 0
    gain_night(state, 1, 70, "slot")
    play(game, state, "end", "final", "core:core_1", "ray:orange:long", "ray:orange:long",
         "ready", "slotless")  # fmt: skip
    assert first["points"]["night"]["slotless"] == 7 and first["stars"] == []
    seat = public_panels(game.content, state)[0]["lines"]
    assert any(line.endswith("· stars on the board 0") for line in seat), seat
    assert not any(line.endswith("stars 0") for line in seat)
    view = observation(state, 0)
    assert "stars on the board: none" in own_panel(game.content, view, 0)
    assert "  stars on the board: none" in others_panel(game.content, view, 1, ["live"] * 2)
