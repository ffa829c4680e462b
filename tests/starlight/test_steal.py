"""A Starlight verb that takes another player's things (issue 29; docs/rules-decisions.md
SL152): `steal N long_rays from an opponent`, the opponent and the colour the owner's pick."""

from __future__ import annotations

from pathlib import Path

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.starlight import persist, scenario
from whitedwarf.interpreter.starlight.vocabulary import registry

from tests.starlight.godmod import GOD, Trace, god_game, start_turn

EFFECT = "when turn_start -> may pay 1 ap -> steal 1 long_ray from an opponent"


def _table(tmp_path: Path, effect: str = EFFECT):
    game = god_game(tmp_path, effect, ("live", "live", "live"))
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.put_marker(game, state, 0, "gain_cores")
    return game, state


def test_a_wrong_unit_is_located() -> None:
    text = "when turn_start -> steal 1 core from an opponent"
    _, found = compile_effect(EffectSource.standalone(text), registry(), "god")
    assert [(d.code, d.span.column) for d in found] == [("E0409", 28)]


def test_sl150_the_owner_picks_the_colour_of_the_one_opponent_holding_rays(
    tmp_path: Path,
) -> None:
    game, state = _table(tmp_path)
    scenario.give(game, state, 1, rays=["red:long", "blue:long"])
    trace = Trace()
    game.listen(trace)
    start_turn(game, state, 0)
    assert scenario.options(game, state) == ["yes", "no"]
    scenario.choose(game, state, "yes")  # seat 2 holds no ray: seat 1 without asking
    assert scenario.options(game, state) == ["ray:blue:long", "ray:red:long"]
    state = game.edited(persist.load(persist.save(state)))  # saved while it asks
    scenario.choose(game, state, "ray:red:long")
    assert state["players"][0]["rays"] == ["red:long"] and state["players"][0]["ap"] == 4
    assert state["players"][1]["rays"] == ["blue:long"]
    assert any("takes a red long ray from seat 1" in line for line in trace.lines)


def test_sl150_two_opponents_with_rays_are_both_offered(tmp_path: Path) -> None:
    game, state = _table(tmp_path)
    scenario.give(game, state, 1, rays=["red:long"])
    scenario.give(game, state, 2, rays=["green:long"])
    start_turn(game, state, 0)
    # a cost's targets are chosen before the `may` question (docs/effect-ir.md, `paid`)
    assert scenario.options(game, state) == ["pick:1", "pick:2"]
    assert [o.text for o in game.legal_options(state, 0)] == ["seat 1", "seat 2"]
    scenario.choose(game, state, "pick:2", "yes")
    assert state["players"][0]["rays"] == ["green:long"]


def test_sl150_nothing_to_steal_is_not_offered_nor_paid(tmp_path: Path) -> None:
    game, state = _table(tmp_path)
    scenario.give(game, state, 1, rays=["red:short"])  # no long ray anywhere
    start_turn(game, state, 0)
    assert scenario.options(game, state) == ["step", "end"]
    assert state["players"][0]["ap"] == 5 and state["players"][1]["rays"] == ["red:short"]
