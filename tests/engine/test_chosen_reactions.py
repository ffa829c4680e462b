"""`when that opponent plays research -> ...`: a reaction heard only when the acting player
is the one the card remembers (`choose an opponent: ...`; docs/rules-decisions.md E139)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.scenario import blank, choose, options, put_tech

from tests.engine.limits_mod import mod_game

RIVAL = (
    "when after_mine -> choose an opponent: gain 1 common\n"
    "when that opponent plays research -> gain 1 light"
)


def _finish_round(game: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Every waiting seat takes `done`, or else its first option, until the next round."""
    while state["phase"] != "choose":
        seat = game.current_players(state)[0]
        found = options(game, state, seat)
        game.apply(state, seat, "done" if "done" in found else found[0])
    return state


def _rival_chose(tmp_path: Path, rival: int) -> tuple[Any, dict[str, Any]]:
    game = mod_game(tmp_path, {"rival": RIVAL}, players=3)
    state = blank(game)
    put_tech(state, 0, "rival")
    choose(game, state, {0: "mine", 1: "mine", 2: "mine"})
    (pick,) = [o for o in options(game, state, 0) if o.endswith(f"p{rival}")]
    game.apply(state, 0, pick)
    return game, persist.load(persist.save(_finish_round(game, state)))  # kept in the state


def test_e139_only_the_chosen_opponent_s_research_is_heard(tmp_path: Path) -> None:
    game, state = _rival_chose(tmp_path, rival=2)
    choose(game, state, {0: "trade", 1: "research", 2: "construct"})
    _finish_round(game, state)
    assert state["players"][0]["light"] == 0  # seat 1 researched: not the rival
    choose(game, state, {0: "construct", 1: "refresh", 2: "research"})
    _finish_round(game, state)
    assert state["players"][0]["light"] == 1
