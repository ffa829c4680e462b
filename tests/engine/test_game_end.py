"""Game end and its tiebreakers, as a tester reads them from the rulebook.

000 "winning the game": "The game ends at the end of a round when at least one player has 20+
light. Whoever has the most light at the end of the game wins." 000 "Game End": "If there is a
tie, the tied player with the most Technology cards in play is the winner. If multiple tied
players have the same number of technology cards in play, then the player among them who has
the most resources wins the game." 001 "6. Scoring & End Game": "End Game Check: After board
rotation."
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight import persist, rotation, scenario
from whitedwarf.interpreter.lastlight.game import Game

from tests.engine.positions import (
    TECHS,
    choose_all,
    content,
    empty_board,
    extractor,
    game,
    planet_at,
    ship,
    started,
)

ACTIONS = ["research", "mine", "construct", "trade", "refresh", "command"]


def _tech(ref: str, ship_type: str | None = None) -> dict[str, Any]:
    return {"ref": ref, "exhausted": False, "ship_type": ship_type}


def _light(state: dict[str, Any], *lights: int) -> None:
    for seat, light in enumerate(lights):
        state["players"][seat]["light"] = light


def test_000_most_light_wins_not_the_first_to_20_nor_the_most_techs() -> None:
    """000 "winning the game": the most light at the end wins; the tiebreakers are only for
    tied players, so a player with less light and more techs does not win."""
    g = game(3)
    state = started(g)
    _light(state, 20, 23, 19)
    state["players"][0]["techs"] = [_tech(f"galactic_monument#{k}") for k in (1, 2)]
    state["players"][2]["techs"] = [_tech("resourcefulness#1")]
    rotation.finish_game(state, "light")
    assert state["result"]["winners"] == [1] and state["result"]["tiebreak"] == "light"


def test_000_tied_light_goes_to_more_techs_even_against_more_resources() -> None:
    """000 "Game End": techs in play are the first tiebreaker; resources only the second."""
    g = game(3)
    state = started(g)
    _light(state, 20, 20, 3)
    state["players"][0]["techs"] = [_tech("galactic_monument#1")]
    state["players"][0]["res"] = {"common": 0, "uncommon": 0, "rare": 0}
    state["players"][1]["techs"] = []
    state["players"][1]["res"] = {"common": 5, "uncommon": 5, "rare": 5}
    state["players"][2]["techs"] = [_tech(f"x_blaster#{k}", "large") for k in (1, 2, 3)]
    rotation.finish_game(state, "light")
    assert state["result"]["winners"] == [0] and state["result"]["tiebreak"] == "techs"


def test_000_techs_in_hand_are_not_in_play_but_ship_techs_are() -> None:
    """000 "Game End" counts technology cards "in play": unresearched techs in hand do not
    count; ship mods and ship abilities on the player board do (000: three types of
    technology cards "put into play")."""
    g = game(2)
    state = started(g)
    _light(state, 21, 21)
    first, second = state["players"]
    first["techs_hand"] = ["galactic_monument#1", "galactic_monument#2", "resourcefulness#1"]
    first["techs"] = [_tech("x_blaster#1", "small")]
    second["techs_hand"] = []
    second["techs"] = [_tech("warp_drive#1", "medium"), _tech("x_blaster#2", "medium")]
    first["res"] = {"common": 9, "uncommon": 0, "rare": 0}
    second["res"] = {"common": 0, "uncommon": 0, "rare": 0}
    rotation.finish_game(state, "light")
    assert state["result"]["winners"] == [1] and state["result"]["tiebreak"] == "techs"


def test_000_the_game_runs_to_the_end_of_the_round_and_the_most_light_then_wins() -> None:
    """000: the game ends "at the end of a round": a player reaching 20 in the middle of a
    round lets the rest of the round resolve, and a later card can still overtake them."""
    g = game(3)
    state = empty_board(started(g))
    _light(state, 19, 0, 19)
    for p in state["players"]:
        p["played"], p["hand"] = [], list(ACTIONS)
    state["players"][1]["res"] = {"common": 0, "uncommon": 0, "rare": 0}
    # Seat 2's extractor on an inner planet pays 2 light at its Refresh (000 "2. Claim").
    extractor(state, 2, planet=planet_at(state, "inner_0"))
    choose_all(g, state, {0: "mine", 1: "trade", 2: "refresh"})
    g.apply(state, 1, "trade:gain_common")
    g.apply(state, 1, "trade:gain_common")
    assert not g.is_terminal(state)
    g.apply(state, 1, "gift:0")  # seat 0 now has 20 light; Refresh (#5) is still to resolve
    assert g.is_terminal(state)
    assert [p["light"] for p in state["players"]] == [20, 0, 21]
    assert state["result"]["winners"] == [2] and state["result"]["reason"] == "light"


def test_001_the_end_check_comes_after_the_rotation_and_its_centre_light() -> None:
    """001 "6. Scoring & End Game": "End Game Check: After board rotation"; 000 "Board
    Rotation": 1 light per ship in the centre. 19 light and a ship in the centre when the
    board turns ends the game that round."""
    g = game(3)
    state = empty_board(started(g))
    _light(state, 19, 0, 0)
    ship(state, 0, "small", "centre")
    for p in state["players"]:
        p["played"], p["hand"] = ["mine"], [a for a in ACTIONS if a != "mine"]
    choose_all(g, state, {0: "refresh", 1: "refresh", 2: "refresh"})
    assert state["rotation"] == 1
    assert g.is_terminal(state) and state["result"]["winners"] == [0]
    assert state["players"][0]["light"] == 20


def test_000_below_20_the_game_goes_on() -> None:
    """000 "Game End": only 20+ light ends the game; 19 does not."""
    g = game(2)
    state = started(g)
    _light(state, 19, 19)
    choose_all(g, state, {0: "mine", 1: "mine"})
    assert not g.is_terminal(state) and state["round"] == 2 and state["phase"] == "choose"


# End-of-game effects (docs/rules-decisions.md E126): `when game_end` runs once the game is
# over and before the winner is decided, so what it gives counts for the win.

CLOSING_CEREMONY = {
    "id": "closing_ceremony", "name": "Closing Ceremony", "kind": "civilization",
    "cost": {"common": 1}, "copies": 1, "source": "invented",
    "effect": "when game_end -> may pay 1 common -> gain 1 light",
}  # fmt: skip


def _tied_at_twenty(game: Any, round_: int) -> dict[str, Any]:
    """Both seats at 20 light; seat 0 leads on techs in play, seat 1 holds The Long Game
    (`when game_end if round >= 20 -> gain 1 light`)."""
    state = scenario.blank(game)
    scenario.give(state, 0, light=20)
    scenario.give(state, 1, light=20)
    scenario.put_tech(state, 0, "stellar_cartography")
    scenario.put_tech(state, 0, "grand_archive")
    scenario.put_tech(state, 1, "long_game")
    state["round"] = round_
    return game.edited(state)


def test_e126_game_end_effects_count_before_the_winner_is_decided() -> None:
    """The Long Game's light at the end of a 20-round game turns a loss on the techs
    tiebreaker (000 "Game End") into a win on light."""
    game = scenario.new_game(players=2)
    state = scenario.choose(game, _tied_at_twenty(game, 20), {0: "mine", 1: "mine"})
    assert game.is_terminal(state)
    assert state["result"]["light"] == [20, 21]
    assert state["result"]["winners"] == [1] and state["result"]["tiebreak"] == "light"


def test_e126_a_game_end_condition_that_fails_gives_nothing() -> None:
    """The same position in round 19: the condition is false, seat 0 wins on techs."""
    game = scenario.new_game(players=2)
    state = scenario.choose(game, _tied_at_twenty(game, 19), {0: "mine", 1: "mine"})
    assert state["result"]["light"] == [20, 20]
    assert state["result"]["winners"] == [0] and state["result"]["tiebreak"] == "techs"


def test_e126_a_game_end_question_waits_and_survives_save_and_load() -> None:
    """An end-of-game effect that asks its owner holds the result back until answered; the
    waiting game saves and loads (the task waits at its `decide` step, plain data)."""
    game = Game.from_content(content(techs=[*TECHS, CLOSING_CEREMONY]), 2)
    state = scenario.blank(game)
    scenario.give(state, 0, light=20)
    scenario.give(state, 1, light=20, common=1)
    scenario.put_tech(state, 0, "galactic_monument")
    scenario.put_tech(state, 1, "closing_ceremony")
    scenario.choose(game, state, {0: "mine", 1: "mine"})
    assert not game.is_terminal(state) and state.get("result") is None
    assert game.current_players(state) == [1] and scenario.options(game, state, 1) == [
        "yes",
        "no",
    ]
    state = game.edited(persist.load(persist.save(state)))
    game.apply(state, 1, "yes")
    assert game.is_terminal(state) and state["result"]["winners"] == [1]
    assert state["result"]["light"] == [20, 21]
    assert state["players"][1]["res"]["common"] == 0
