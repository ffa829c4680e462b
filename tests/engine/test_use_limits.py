"""Use limits in Last Light: `once per round`, `at most N times per game` (issue 29 item 1;
docs/rules-decisions.md E128; docs/dsl.md "Use limits")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.scenario import blank, choose, give, options, put_tech

from tests.engine.limits_mod import mod_game

LAMP = "activated, once per round: pay 1 common -> gain 1 light"
#: An ability without a limit, which keeps the window of abilities open.
SPARE = "activated: pay 1 rare -> gain 1 uncommon"
BEACON = "when round_start, at most 2 times per game -> gain 1 light"


def _finish_round(game: Any, state: dict[str, Any]) -> None:
    """Every seat ends its Mine resolution; the round ends and the next one starts."""
    while game.current_players(state) and state["phase"] != "choose":
        seat = game.current_players(state)[0]
        game.apply(
            state,
            seat,
            "done" if "done" in options(game, state, seat) else options(game, state, seat)[0],
        )


def test_e128_an_ability_used_once_this_round_is_not_offered_until_the_next(tmp_path: Path) -> None:
    game = mod_game(tmp_path, {"lamp": LAMP, "spare": SPARE})
    state = blank(game)
    ref = put_tech(state, 0, "lamp")
    spare = put_tech(state, 0, "spare")
    give(state, 0, common=3, rare=1)
    choose(game, state, {0: "mine", 1: "mine"})
    assert f"use:{ref}" in options(game, state, 0)
    game.apply(state, 0, f"use:{ref}")
    assert state["players"][0]["light"] == 1
    assert options(game, state, 0) == [f"use:{spare}", "done"]  # used up, though payable
    assert state["card_uses"][f"{ref}/0"] == {
        "card": ref, "clause": 0, "owner": 0, "used": 1, "of": 1, "per": "round"
    }  # fmt: skip
    _finish_round(game, state)
    assert state["round"] == 2 and not state["card_uses"]
    choose(game, state, {0: "construct", 1: "trade"})
    assert f"use:{ref}" in options(game, state, 0)  # the new round counts afresh


def test_e128_a_used_limit_survives_save_and_load_and_is_seen_by_everyone(tmp_path: Path) -> None:
    game = mod_game(tmp_path, {"lamp": LAMP, "spare": SPARE})
    state = blank(game)
    ref = put_tech(state, 0, "lamp")
    put_tech(state, 0, "spare")
    give(state, 0, common=3, rare=1)
    choose(game, state, {0: "mine", 1: "mine"})
    game.apply(state, 0, f"use:{ref}")
    loaded = persist.load(persist.save(state))
    assert f"use:{ref}" not in options(game, loaded, 0)
    assert game.observation(loaded, 1)["card_uses"][f"{ref}/0"]["used"] == 1
    clone = game.clone(loaded)
    assert f"use:{ref}" not in options(game, clone, 0)


def test_an_old_save_without_the_key_loads_with_nothing_used(tmp_path: Path) -> None:
    game = mod_game(tmp_path, {"lamp": LAMP})
    state = blank(game)
    ref = put_tech(state, 0, "lamp")
    give(state, 0, common=3)
    state.pop("card_uses", None)
    loaded = persist.load(persist.save(state))
    assert "card_uses" not in loaded
    choose(game, loaded, {0: "mine", 1: "mine"})
    assert f"use:{ref}" in options(game, loaded, 0)


def test_e128_a_trigger_limited_per_game_fires_twice_then_says_why_it_did_nothing(
    tmp_path: Path,
) -> None:
    game = mod_game(tmp_path, {"beacon": BEACON})
    state = blank(game)
    put_tech(state, 0, "beacon")
    heard: list[dict[str, Any]] = []

    class Trace:
        """A listener that hears notes too, as `play --trace` does."""

        def __call__(self, event: dict[str, Any]) -> None:
            heard.append(event)

        def note(self, event: dict[str, Any]) -> None:
            heard.append(event)

    game.listen(Trace())
    for card in ("mine", "trade", "construct"):
        choose(game, state, {0: card, 1: card})
        _finish_round(game, state)
    assert state["players"][0]["light_by_source"]["card"] == 2  # rounds 2, 3; 4: used up
    kinds = [e["kind"] for e in heard]
    assert kinds.count("use_counted") == 2 and kinds.count("used_up") == 1
    from whitedwarf.interpreter.lastlight.events import _text_of

    used_up = next(e for e in heard if e["kind"] == "used_up")
    assert _text_of(used_up) == (
        "beacon is triggered (when round_start) but was used 2 of 2 this game: did nothing"
    )


def test_the_terminal_game_shows_a_used_limit_beside_its_card(tmp_path: Path) -> None:
    from whitedwarf.interpreter.lastlight.views.panels import own_panel

    game = mod_game(tmp_path, {"lamp": LAMP, "spare": SPARE})
    state = blank(game)
    ref = put_tech(state, 0, "lamp")
    put_tech(state, 0, "spare")
    give(state, 0, common=3, rare=1)
    choose(game, state, {0: "mine", 1: "mine"})
    game.apply(state, 0, f"use:{ref}")
    panel = own_panel(game.observation(state, 0), 0)
    assert "(used 1 of 1 this round)" in panel
