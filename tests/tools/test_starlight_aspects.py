"""An aspect reaches the player as its icon shows it: its name and its icon's colour.

003 "Launching a Star, step by step" 8: "Record a new Aspect". The pack gives each aspect a
``name`` and the ``colour`` of its icon (content/starlight/aspects.yaml); the terminal shows
both, on each Core's plan and on the player's mat, so neither field is set for nothing.
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight.content import load_content
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.views.board_text import aspect_words, core_plan
from whitedwarf.interpreter.starlight.views.panels import own_panel


def test_a_cores_plan_names_its_aspect_and_the_icons_colour() -> None:
    content = load_content()
    core = next(c for c in content.cards["cores"] if content.cards["cores"][c]["aspect"] == "crown")
    assert core_plan(content, core).endswith("; aspect Crown (gold icon)")


def test_the_mat_lists_recorded_aspects_by_name() -> None:
    content = load_content()
    game = Game.from_content(content, 1)
    state = game.new_state(3)
    state["players"][0]["aspects"] = ["cornucopia", "lyre"]
    panel = own_panel(content, state, 0)
    assert "aspects recorded: Cornucopia (brown icon), Lyre (pink icon)" in panel


def test_an_aspect_the_pack_lacks_shows_its_id() -> None:
    assert aspect_words(load_content(), "comet") == "comet"
