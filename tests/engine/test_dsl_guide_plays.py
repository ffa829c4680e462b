"""Effects of docs/dsl.md that no other test played, played as the page's prose says they act.

test_dsl_guide.py holds that each ```effect block compiles; these take the block's text from
the page, put it on a tech in a game of the base pack and fire its hook, so the sentence the
page writes beside it is what happens (a reader walking the page checked them by hand first).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight import hooks
from whitedwarf.interpreter.lastlight.scenario import blank, give, put_ship, put_tech

from tests.engine.limits_mod import mod_game

PAGE = (Path(__file__).parents[2] / "docs" / "dsl.md").read_text(encoding="utf-8")
BLOCKS = [m.group(1).strip() for m in re.finditer(r"^```effect \w+\n(.*?)^```$", PAGE, re.M | re.S)]


def on_the_page(text: str) -> str:
    """``text``, which must be a whole effect block of the page."""
    assert text in BLOCKS, f"docs/dsl.md has no block `{text}`"
    return text


def played(tmp_path: Path, effect: str, players: int = 3) -> tuple[Any, dict]:
    """A blank game in which seat 0 holds a tech with ``effect``."""
    game = mod_game(tmp_path, {"guide_card": on_the_page(effect)}, players=players)
    state = blank(game)
    put_tech(state, 0, "guide_card")
    return game, state


def commons(state: dict) -> list[int]:
    return [p["res"]["common"] for p in state["players"]]


def test_each_opponent_is_given_one_common(tmp_path: Path) -> None:
    """The page: "In `for each`, `it` is the thing of the current round of the loop"."""
    _, state = played(tmp_path, "when round_end -> for each opponent -> give 1 common to it")
    give(state, 0, common=3)
    hooks.fire(state, "round_end", 0, {})
    assert commons(state) == [3, 1, 1]  # `give` moves from the supply (docs/reference.md)


def test_behind_is_less_light_than_yours(tmp_path: Path) -> None:
    """The page: "Players are picked by their light with `ahead` (more light than you now) and
    `behind` (less)": with one opponent level with you, only one is behind."""
    _, state = played(
        tmp_path, "when round_end if number of opponents behind >= 2 -> gain 1 common"
    )
    for seat, light in enumerate([3, 2, 3]):
        state["players"][seat]["light"] = light
    hooks.fire(state, "round_end", 0, {})
    assert commons(state)[0] == 0
    state["players"][2]["light"] = 1
    hooks.fire(state, "round_end", 0, {})
    assert commons(state)[0] == 1


def test_the_player_to_your_right_is_the_one_before_you(tmp_path: Path) -> None:
    """The page: "`the player to your left`, `to your right`: the next player after you in
    turn order ..., the player before you": for seat 0 of three, seat 2."""
    effect = "when round_start if number of ships of the player to your right >= 3 -> gain 1 common"
    _, state = played(tmp_path, effect)
    for _ in range(3):
        put_ship(state, 1, "small", "outer_05")
    hooks.fire(state, "round_start", 0, {})
    assert commons(state)[0] == 0  # seat 1 sits to the left
    for _ in range(3):
        put_ship(state, 2, "small", "outer_09")
    hooks.fire(state, "round_start", 0, {})
    assert commons(state)[0] == 1


def test_a_condition_joined_with_and_not_and_brackets(tmp_path: Path) -> None:
    """The page: "conditions join with `and`, `or` and `not`, and group with parentheses"."""
    effect = "when round_end if light >= 5 and not (rare > 0 or uncommon > 1) -> gain 1 rare"
    _, state = played(tmp_path, effect)
    state["players"][0]["light"] = 5
    give(state, 0, uncommon=2)
    hooks.fire(state, "round_end", 0, {})
    assert state["players"][0]["res"]["rare"] == 0  # 2 uncommon: `uncommon > 1` holds
    state["players"][0]["res"]["uncommon"] = 1
    state["supply"]["uncommon"] += 1
    hooks.fire(state, "round_end", 0, {})
    assert state["players"][0]["res"]["rare"] == 1


def test_a_trigger_condition_is_read_when_the_hook_comes(tmp_path: Path) -> None:
    """The page: "A condition may follow the hook", tested when the hook comes."""
    _, state = played(tmp_path, "when round_end if light < 5 -> gain 1 common", players=2)
    state["players"][0]["light"] = 5
    hooks.fire(state, "round_end", 0, {})
    assert commons(state)[0] == 0
    state["players"][0]["light"] = 4
    hooks.fire(state, "round_end", 0, {})
    assert commons(state)[0] == 1
