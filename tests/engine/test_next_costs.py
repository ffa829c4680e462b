"""One-shot discounts in Last Light: `your next tech costs 1 less` (issue 29 item 2;
docs/rules-decisions.md E130; docs/dsl.md "One-shot discounts")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.scenario import blank, choose, give, options, put_tech

from tests.engine.limits_mod import Trace, mod_game

COUPON = "activated: exhaust this card -> your next tech costs 1 less"
TECHS = {"coupon": COUPON, "gadget": "you have +1 trades", "widget": "you have +1 trades"}


def _research(tmp_path: Path) -> tuple[Any, dict[str, Any], Trace]:
    """Seat 0 holds the coupon in play and two 1-common techs in hand, no resources, and
    researches; it discards at the keep step, where its abilities are offered."""
    game = mod_game(tmp_path, TECHS)
    state = blank(game)
    put_tech(state, 0, "coupon")
    put_tech(state, 0, "gadget", hand=True)
    put_tech(state, 0, "widget", hand=True)
    trace = Trace()
    game.listen(trace)
    choose(game, state, {0: "research", 1: "mine"})
    return game, state, trace


def _discard_one(game: Any, state: dict[str, Any]) -> None:
    game.apply(state, 0, next(o for o in options(game, state, 0) if o.startswith("discard:")))


def test_e130_the_discount_makes_the_next_tech_only_cheaper(tmp_path: Path) -> None:
    game, state, trace = _research(tmp_path)
    game.apply(state, 0, "use:coupon#1")
    assert state["next_costs"] == [{"owner": 0, "card": "coupon#1", "thing": "tech", "amount": 1}]
    _discard_one(game, state)
    assert options(game, state, 0) == ["make:gadget#1", "make:widget#1", "done"]  # both free now
    game.apply(state, 0, "make:gadget#1")
    assert state["next_costs"] == []
    assert "make:widget#1" not in options(game, state, 0)  # the next costs 1 common again
    assert "coupon's discount (1 less) is used on gadget" in trace.lines
    assert "coupon: your next tech costs 1 less" in trace.lines


def test_e130_an_unused_discount_waits_across_rounds_and_a_save(tmp_path: Path) -> None:
    game, state, _ = _research(tmp_path)
    game.apply(state, 0, "use:coupon#1")
    _discard_one(game, state)
    game.apply(state, 0, "done")  # nothing made this time: the discount is not lost
    while state["phase"] != "choose":
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[-1])
    loaded = persist.load(persist.save(state))
    assert loaded["round"] == 2
    assert loaded["next_costs"] == [{"owner": 0, "card": "coupon#1", "thing": "tech", "amount": 1}]


def test_a_ship_discount_is_used_by_the_next_ship_of_its_size(tmp_path: Path) -> None:
    game = mod_game(
        tmp_path, {"yard": "activated: exhaust this card -> your next small ship costs 1 less"}
    )
    state = blank(game)
    put_tech(state, 0, "yard")
    give(state, 0, common=3)  # a small ship costs 2 common
    choose(game, state, {0: "construct", 1: "mine"})
    game.apply(state, 0, "use:yard#1")
    game.apply(state, 0, "build:small")  # placed at home, the one place it may go
    assert state["players"][0]["res"]["common"] == 2  # 1 common paid, not 2
    assert state["next_costs"] == []
    game.apply(state, 0, "build:small")  # the next one costs 2
    assert state["players"][0]["res"]["common"] == 0
