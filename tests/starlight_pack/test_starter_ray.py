"""A starter core's printed ray (`starters.yaml`'s `ray`): what each of its fields does.

Its `colour` counts among the star's colours (003 "Your Starter Core": the printed ray "counts
like a regular ray"; the value `star_colours`). Its `size` is the card's picture: a starter
takes "any sizes of ray ... without restriction", so no rule reads it; it is shown on each
Core's plan in play and on the card sheet, and a game plays the same whatever it says
(docs/rules-decisions.md SL65, docs/packs.md)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from whitedwarf.interpreter.starlight.content import StarlightContent
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.values import value_star_colours
from whitedwarf.interpreter.starlight.views.board_text import core_plan
from whitedwarf.interpreter.starlight.views.cards import face

from .play import content

FLIPPED = {"long": "short", "short": "long"}


def with_starters(change: Any) -> StarlightContent:
    """The base pack with each starter's printed ray changed by ``change(ray)``."""
    base = content()
    files = copy.deepcopy(base.files)
    for card in files["starters"]:
        change(card["ray"])
    return StarlightContent(base.name, files)


def moves(game_content: StarlightContent, seed: int) -> list[str]:
    """Every option taken in a seeded random 3-seat game, and the final night points."""
    game = Game.from_content(game_content, 3, {"seats": ["live"] * 3})
    state, draw = game.new_state(seed), random.Random(seed)
    taken = []
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        keen = [o for o in options if o.id not in ("end", "cancel", "no_flare")]
        taken.append(draw.choice(keen or options).id)
        game.apply(state, seat, taken[-1])
    return [*taken, str([p["night"] for p in state["players"]])]


def test_the_size_is_shown_on_the_plan_and_the_card() -> None:
    flipped = with_starters(lambda ray: ray.update(size=FLIPPED[ray["size"]]))
    first = content().files["starters"][0]
    assert first["ray"] == {"colour": "red", "size": "long"}
    assert core_plan(content(), first["id"]) == "printed red long ray; any other rays"
    assert core_plan(flipped, first["id"]) == "printed red short ray; any other rays"
    printed = face(first, "starters", None, "starlight").text  # type: ignore[arg-type]  # unused
    assert "Its printed red long ray counts as a ray of the star." in printed


@pytest.mark.parametrize("seed", [3, 11])
def test_a_game_plays_the_same_whatever_the_size(seed: int) -> None:
    """Every starter's size flipped: the same moves, star for star, and the same scores."""
    flipped = with_starters(lambda ray: ray.update(size=FLIPPED[ray["size"]]))
    played = moves(content(), seed)
    assert any(m.startswith("core:starter_") for m in played)  # a starter was launched
    assert moves(flipped, seed) == played


@pytest.mark.parametrize(("printed", "colours"), [("red", 2), ("green", 3)])
def test_the_colour_counts_among_the_stars_colours(printed: str, colours: int) -> None:
    """`star_colours` of a placed starter's star with red and blue rays: the printed colour
    is one more colour unless the rays have it already."""
    changed = with_starters(lambda ray: ray.update(colour=printed))
    game = Game.from_content(changed, 2, {"seats": ["live", "live"]})
    launch = {"kind": "launch", "seat": 0, "placed": True, "core": "starter_red_long"}
    state = {"action": {**launch, "rays": ["red:short", "blue:long"]}}
    assert value_star_colours(game, state, 0) == colours  # type: ignore[arg-type]  # a part
