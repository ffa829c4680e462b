"""003 "End of Game", "Your Last Turn", "Scoring": scenario tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.interpreter.starlight import ending, persist
from whitedwarf.interpreter.starlight.content import load_content
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.interpreter.starlight.state import gain_night

from tests.starlight.helpers import MINI, hand, ids, make_game, play, position


def test_daybreak_at_65_finishes_the_round_and_plays_one_more() -> None:
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    gain_night(state, 1, 65, "slot")
    assert state["daybreak"] == state["round"] and state["last_round"] == state["round"] + 1
    play(game, state, "end")  # seat 1 ends round r
    assert not game.is_terminal(state) and state["round"] == state["last_round"]
    assert state["turn_state"]["last"]


def test_the_game_ends_after_the_last_round() -> None:
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0, rays=[], starter=None)
    state["players"][0].update(rays=[], starter=None, cores=[])
    gain_night(state, 1, 70, "slot")
    play(game, state, "end")
    # last round: neither player can assemble a star, both turns are forfeit
    assert game.is_terminal(state)
    result = game.result(state)
    assert result["reason"] == "daybreak" and result["winners"] == [1]


def test_a_player_without_a_complete_star_forfeits_the_last_turn() -> None:
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    state["players"][0].update(rays=[], starter=None, cores=[], saved=3, marker=2)
    gain_night(state, 1, 70, "slot")
    play(game, state, "end")
    p0 = state["players"][0]
    assert p0["marker"] == 2 and p0["ap"] == 0 and state["turn"] == 1  # no move, no action


def test_the_final_launch_goes_anywhere_for_one_ap() -> None:
    # 003 "Your Last Turn": no move, any constellation, 1 AP.
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    state["players"][0].update(rays=hand("2 orange:long"), cores=["core_1"], starter=None)
    gain_night(state, 1, 70, "slot")
    play(game, state, "end")
    assert "final" in ids(game, state)
    play(game, state, "final", "core:core_1", "ray:orange:long", "ray:orange:long", "ready")
    slots = [o for o in ids(game, state) if o.startswith("slot:")]
    assert {"slot:lyra_1", "slot:orion_1", "slot:draco_2"} <= set(slots)
    play(game, state, "slot:orion_1")
    p0 = state["players"][0]
    assert p0["saved"] == 5 - 1 and p0["stars"] == ["orion_1"] and state["turn"] == 1


def test_a_slotless_final_launch_scores_by_size_without_markers() -> None:
    # 003 "Your Last Turn": no eligible slot -> 7 / 11 / 14 night points, nothing recorded.
    game = make_game(("live", "live"))
    state = position(game, seat=1, ap=0)
    for slot in game.content.slots.values():
        if slot.size == "small":
            state["slots"][slot.id] = 1
    state["players"][0].update(rays=hand("2 orange:long"), cores=["core_1"], starter=None)
    gain_night(state, 1, 70, "slot")
    play(game, state, "end", "final", "core:core_1", "ray:orange:long", "ray:orange:long", "ready")
    assert ids(game, state) == ["slotless", "cancel"]
    play(game, state, "slotless")
    p0 = state["players"][0]
    assert p0["points"]["night"]["slotless"] == 7
    assert p0["stars"] == [] and p0["magnitudes"] == [] and p0["aspects"] == []


def test_day_points_alpha_laurels_bonus_and_accolades() -> None:
    # 003 "Scoring": 5 per alpha star; laurels; +3 per laurel with the privilege; accolades.
    game = make_game(("live", "live"))
    state = position(game)
    p = state["players"][0]
    p.update(stars=["hydrus_4", "aquila_1", "lyra_1", "orion_1"], laurels=["laurel_wide"],
             privileges={"laurels_bonus": 0}, accolades=["accolade_first_alpha"])  # fmt: skip
    for slot in p["stars"]:
        state["slots"][slot] = 0
    ending.finish(game, state, "daybreak")
    assert p["points"]["day"] == {"alpha": 5, "laurels": 5, "laurel_bonus": 3, "accolades": 5,
                                  "starbot_stars": 0}  # fmt: skip
    assert p["day"] == 18


def test_an_unmet_laurel_scores_nothing() -> None:
    game = make_game(("live", "live"))
    state = position(game)
    state["players"][0].update(stars=["aquila_1"], laurels=["laurel_wide"])
    ending.finish(game, state, "daybreak")
    assert state["players"][0]["points"]["day"]["laurels"] == 0


def test_ties_go_to_most_stars_then_most_constellations_then_shared() -> None:
    game = make_game(("live", "live", "live"))
    state = position(game)
    players = state["players"]
    for p in players:
        p["night"] = 20
    players[0]["stars"] = ["aquila_1", "aquila_2"]
    players[1]["stars"] = ["hydrus_1", "lyra_1"]
    players[2]["stars"] = ["orion_1"]
    state["players"][2]["night"] = 20
    result = ending.result_of(game, state, "daybreak")
    assert result["winners"] == [1] and result["tiebreak"] == "constellations"
    players[0]["stars"] = ["aquila_1", "hydrus_2"]
    result = ending.result_of(game, state, "daybreak")
    assert result["winners"] == [0, 1] and result["tiebreak"] == "shared"
    players[2]["night"] = 21
    assert ending.result_of(game, state, "daybreak")["winners"] == [2]


def _curtain_game(
    tmp_path: Path,
    effect: str = "when game_end -> choose one: gain 3 night_points or gain 1 night_point",
) -> Game:
    """The mini pack and a mod god acting at the end of the game (SL144)."""
    mod = tmp_path / "curtain"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        'id: curtain\nname: Curtain\nversion: 0.1.0\ngame: starlight\nlanguage: "1.0"\n'
        'depends: {starlight_mini: ">=0.1"}\nallow: [W0432]\n',
        encoding="utf-8",
    )
    (mod / "gods.yaml").write_text(
        f'- id: curtain\n  name: The Curtain Call\n  source: invented\n  effect: "{effect}"\n',
        encoding="utf-8",
    )
    return Game.from_content(load_content([mod], [MINI.parent]), 2, {"seats": ["live", "live"]})


def test_sl144_a_god_scores_at_the_end_of_the_game_before_final_scoring(tmp_path: Path) -> None:
    """After the last round the god's `game_end` power runs, may ask its owner, survives a
    save and load while it asks, and counts in the final score (003 "End of Game": "then
    perform final scoring")."""
    game = _curtain_game(tmp_path)
    state = position(game, seat=1, ap=0, rays=[], starter=None)
    state["players"][0].update(rays=[], starter=None, cores=[], god="curtain")
    gain_night(state, 1, 70, "slot")
    play(game, state, "end")
    assert not game.is_terminal(state) and game.current_players(state) == [0]
    assert ids(game, state, 0) == ["branch:0", "branch:1"]
    state = game.edited(persist.load(persist.save(state)))
    play(game, state, "branch:0")
    assert game.is_terminal(state)
    result = game.result(state)
    assert result["night"] == [3, 70] and result["reason"] == "daybreak"


def _god_game_to_its_end(god: str, players: int) -> tuple[Game, State]:
    """A bundled game whose first seat holds ``god`` and has launched nothing, played
    through every seat's last turn (003 "Your Last Turn"); the last seat holds 70 night
    points."""
    game = Game.from_content(load_content(), players, {"seats": ["live"] * players})
    last = players - 1
    state = position(game, seat=last, ap=0, rays=[], starter=None)
    state["players"][0].update(rays=[], starter=None, cores=[], god=god)
    gain_night(state, last, 70, "slot")
    play(game, state, "end")
    while not game.is_terminal(state):  # the other seats' last turns
        play(game, state, "end")
    return game, state


@pytest.mark.parametrize(("players", "points"), [(2, 0), (3, 7), (4, 10)])
def test_sl144_astraea_gains_night_points_at_the_end(players: int, points: int) -> None:
    """The bundled god that uses the hook: 7 night points at 3 players once the last turn is
    over, even for a seat that launched nothing (SL77: it won 29.8% of 3-player seats with 3);
    10 at 4 players (SL74: it won 15-19% of 4-player games with 3; SL76: 24-30% with 12),
    none at 2 (SL76: 55-59% of 2-player games with 3)."""
    game, state = _god_game_to_its_end("astraea", players)
    assert state["players"][0]["points"]["night"]["effect"] == points
    assert game.result(state)["night"] == [points, *[0] * (players - 2), 70]


@pytest.mark.parametrize(("players", "points"), [(2, 10), (3, 0), (4, 4)])
def test_sl144_iris_gains_night_points_at_the_end_of_a_two_or_four_player_game(
    players: int, points: int
) -> None:
    """Iris's end-of-game points: 10 at 2 players, none at 3, 4 at 4 (SL75: with none it won
    39-42% of 2-player games; SL76: 19-23% of 4-player ones)."""
    game, state = _god_game_to_its_end("iris", players)
    assert game.result(state)["night"][0] == points


@pytest.mark.parametrize(("players", "points"), [(2, 0), (3, 0), (4, 2)])
def test_sl144_mammon_gains_two_night_points_at_the_end_of_a_four_player_game(
    players: int, points: int
) -> None:
    """Mammon's end-of-game points: 2 at 4 players (SL76: with none it won 21-25% of
    4-player games, 22.5% over four batches)."""
    game, state = _god_game_to_its_end("mammon", players)
    assert game.result(state)["night"][0] == points


@pytest.mark.parametrize(("players", "points"), [(2, 6), (3, 6), (4, 0)])
def test_sl144_hermes_gains_six_night_points_at_the_end_of_a_two_or_three_player_game(
    players: int, points: int
) -> None:
    """Hermes's end-of-game points: 6 at 2 or 3 players (SL76: with the double surcharge and no
    points it won 26.5-26.9% of 3-player games, and 37.3% of 2-player ones on the values
    learned again)."""
    game, state = _god_game_to_its_end("hermes", players)
    assert game.result(state)["night"][0] == points


def test_a_gods_cost_that_cannot_be_paid_is_a_trace_note(tmp_path: Path) -> None:
    """A god's `may pay 5 ap -> ...` at the end of the game, with no AP left: nothing is
    asked or gained, and a trace (not the replay's events) says the cost could not be paid."""
    from whitedwarf.interpreter.starlight import events
    from whitedwarf.interpreter.starlight.narrate import describe

    game = _curtain_game(tmp_path, "when game_end -> may pay 5 ap -> gain 3 night_points")
    state = position(game, seat=1, ap=0, rays=[], starter=None)
    state["players"][0].update(rays=[], starter=None, cores=[], god="curtain")
    gain_night(state, 1, 70, "slot")
    heard: list[dict] = []
    told: list[dict] = []

    class Trace:
        def __call__(self, event: dict) -> None:
            heard.append(event)

        def note(self, event: dict) -> None:
            told.append(event)

    with events.listening(Trace()):
        play(game, state, "end")
    assert game.is_terminal(state) and game.result(state)["night"] == [0, 70]
    assert [describe(e) for e in told if e["kind"] == "unpaid"] == [
        f"round {state['round']:>3} seat 0: Curtain cannot pay its cost: what it pays for is "
        "skipped"
    ]
    assert all(e["kind"] != "unpaid" for e in heard)


@pytest.mark.parametrize(
    ("god", "players", "points"),
    [
        ("tyr", 2, 3), ("tyr", 3, 4), ("tyr", 4, 0),
        ("gaea", 2, 0), ("gaea", 3, 4), ("gaea", 4, 0),
        ("hermod", 2, 0), ("hermod", 3, 4), ("hermod", 4, 0),
    ],
)  # fmt: skip
def test_sl77_the_player_count_bonuses_at_the_end(god: str, players: int, points: int) -> None:
    """SL77: Tyr 3 night points at the end of a 2-player game and 4 of a 3-player one; Gaea
    and Hermod 4 of a 3-player one; none otherwise (issue 25's fresh-seed checks)."""
    game, state = _god_game_to_its_end(god, players)
    assert state["players"][0]["points"]["night"]["effect"] == points
    assert game.result(state)["night"] == [points, *[0] * (players - 2), 70]
