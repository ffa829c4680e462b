"""Use limits, durations and one-shot discounts of Starlight's gods (issue 29 items 1-2;
docs/rules-decisions.md SL145, SL146; docs/dsl.md "Use limits", "Durations")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import persist
from whitedwarf.interpreter.starlight.narrate import WORDING
from whitedwarf.interpreter.starlight.scenario import blank, keep, turn

from tests.starlight.godmod import god_game


def _game(tmp_path: Path, effect: str) -> Any:
    """The base pack and a mod god with ``effect``, kept by seat 0 of two live seats."""
    return god_game(tmp_path, effect, god="tally", name="Tally", gods=True)


class Trace:
    """A listener that hears notes too, as `play --trace` does."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, event: dict[str, Any]) -> None:
        self.lines.append(WORDING[event["kind"]](event))

    note = __call__


def _position(game: Any) -> dict[str, Any]:
    state = blank(game)
    keep(game, state, 0, god="tally")
    for seat in (0, 1):
        state["players"][seat]["marker"] = 0
    return turn(game, state, 0)


def _end_turn(game: Any, state: dict[str, Any]) -> None:
    game.apply(state, state["turn"], "end")


def test_sl145_a_god_limited_per_game_acts_twice_then_says_why_not(tmp_path: Path) -> None:
    game = _game(tmp_path, "when turn_start, at most 2 times per game -> gain 1 night_point")
    state = _position(game)
    trace = Trace()
    game.listen(trace)
    for _ in range(3):  # seat 0's turn ends, seat 1's, then seat 0's next turn starts
        _end_turn(game, state)
        _end_turn(game, state)
    assert state["players"][0]["points"]["night"]["effect"] == 2
    assert state["card_uses"]["tally/0"]["used"] == 2
    assert "the god Tally is used 2 of 2 this game" in trace.lines
    assert (
        "the god Tally is triggered (when turn_start) but was used 2 of 2 this game: did nothing"
        in trace.lines
    )


def test_sl145_once_per_turn_counts_afresh_each_turn(tmp_path: Path) -> None:
    game = _game(tmp_path, "when turn_start, once per turn -> gain 1 night_point")
    state = _position(game)
    for _ in range(2):
        _end_turn(game, state)
        _end_turn(game, state)
    assert state["players"][0]["points"]["night"]["effect"] == 2


def test_sl145_a_grant_lasts_until_the_end_of_the_turn_and_survives_a_save(
    tmp_path: Path,
) -> None:
    game = _game(tmp_path, "when turn_start -> until the end of the turn: you can ignore_surcharge")
    state = _position(game)
    trace = Trace()
    game.listen(trace)
    _end_turn(game, state)
    _end_turn(game, state)  # seat 0's next turn starts: the grant with it
    assert state["turn"] == 0 and game.flag(state, 0, "ignore_surcharge")
    loaded = persist.load(persist.save(state))
    assert game.flag(loaded, 0, "ignore_surcharge")
    _end_turn(game, loaded)
    assert loaded["durations"] == [] and not game.flag(loaded, 0, "ignore_surcharge")
    assert "Tally: until the end of the turn, can ignore_surcharge" in trace.lines
    assert "Tally's can ignore_surcharge ends: the turn is over" in trace.lines


def test_sl146_the_next_launch_costs_less_until_one_is_made(tmp_path: Path) -> None:
    game = _game(tmp_path, "when turn_end -> your next launch costs 1 less")
    state = _position(game)
    full = game.stat(state, 0, "launch_cost")
    _end_turn(game, state)
    assert game.stat(state, 0, "launch_cost") == max(0, full - 1)
    assert game.stat(state, 1, "launch_cost") == full  # its owner's only
    loaded = persist.load(persist.save(state))
    assert loaded["next_costs"] == [{"owner": 0, "card": "tally", "thing": "launch", "amount": 1}]


def _launch(discount: bool) -> tuple[int, dict[str, Any]]:
    """The launch of tests/starlight/test_goals_and_starbots.py (a god's trigger): the AP it
    spends, with or without a discount kept for seat 0, and the state after."""
    from tests.starlight.helpers import hand, make_game, play, position

    game = make_game()
    state = position(game, markers={0: "launch_lyra_cygnus"}, ap=5,
                     rays=hand("6 red:long"), cores=[], starter="starter_red",
                     privileges={"launch_alpha_star": 0})  # fmt: skip
    if discount:
        state["next_costs"] = [{"owner": 0, "card": "tally", "thing": "launch", "amount": 1}]
    state["actions"] = 2
    state["slots"].update(cygnus_1=1)
    play(game, state, "step", "step", "step")
    state["players"][0]["marker"] = 4
    state["players"][0]["moved"] = True
    before = state["players"][0]["ap"]
    play(game, state, "act", "core:starter_red")
    for _ in range(5):
        play(game, state, "ray:red:long")
    play(game, state, "ready", "slot:cygnus_3")
    return before - state["players"][0]["ap"], state


def test_sl146_a_launch_pays_the_discounted_cost_and_uses_the_discount() -> None:
    full, _ = _launch(discount=False)
    spent, state = _launch(discount=True)
    assert full >= 1 and spent == full - 1
    assert state["next_costs"] == []


def test_the_guides_once_per_round_god_gains_in_every_round(tmp_path: Path) -> None:
    """docs/dsl.md "Use limits" shows Starlight's `when turn_start, once per round -> gain 1
    ap`: used up in a round, it acts again in the next (a per-game limit would not)."""
    page = (Path(__file__).parents[2] / "docs" / "dsl.md").read_text(encoding="utf-8")
    effect = "when turn_start, once per round -> gain 1 ap"
    assert f"```effect-starlight god\n{effect}\n```" in page
    seen = {}
    for limit in ("round", "game"):
        (tmp_path / limit).mkdir()
        game = _game(tmp_path / limit, effect.replace("per round", f"per {limit}"))
        state = _position(game)
        aps = []
        for _ in range(3):  # seat 0's turn ends, seat 1's, then seat 0's next turn starts
            _end_turn(game, state)
            _end_turn(game, state)
            aps.append(state["players"][0]["ap"])
        seen[limit] = aps
    assert seen["round"][0] == seen["game"][0]  # the first use, either way
    assert seen["round"][1:] == [seen["round"][0]] * 2  # and once again each round
    assert seen["game"][1:] == [seen["game"][0] - 1] * 2  # not again in the game


def test_a_discount_until_the_end_of_the_turn_is_gone_unused_with_the_turn(tmp_path: Path) -> None:
    """ "The first star you launch each turn costs 1 less AP" (stop 43): kept to the end of
    the turn, an unused discount does not wait and add up as `your next launch costs 1 less`
    alone does (W0411); it survives a save within the turn, and the trace says it is gone."""
    effect = "when turn_start -> until the end of the turn: your next launch costs 1 less"
    game = _game(tmp_path, effect)
    state = _position(game)
    trace = Trace()
    game.listen(trace)
    full = game.stat(state, 0, "launch_cost")
    _end_turn(game, state)
    _end_turn(game, state)  # seat 0's turn starts: the discount with it
    assert state["turn"] == 0 and game.stat(state, 0, "launch_cost") == max(0, full - 1)
    kept = {"owner": 0, "card": "tally", "thing": "launch", "amount": 1, "until": "turn"}
    loaded = persist.load(persist.save(state))
    assert loaded["next_costs"] == [kept]
    _end_turn(game, loaded)  # not used: gone with the turn
    assert loaded["next_costs"] == [] and game.stat(loaded, 0, "launch_cost") == full
    _end_turn(game, loaded)  # the next turn keeps one discount, not two
    assert loaded["next_costs"] == [kept]
    assert "Tally's discount (1 less) is gone: the turn is over" in trace.lines
