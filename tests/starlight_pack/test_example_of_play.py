"""003 "Example of Play" on the base pack's own rondel and sky (SL55, SL60).

sl-engine plays the example sentence by sentence on its mini pack (tests/starlight); this is
the same example on ``content/starlight``: Red (seat 0) on Gain Cores, Yellow (seat 1) on Gain
Short Rays with 2 AP saved, Blue (seat 2) on Gain Cores with a star on Hydrus's target.
Yellow has launched a magnitude 3 star before and holds the cornucopia core Achernar (long
orange/yellow/green/purple) and three long yellow rays.
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.state import player

from .play import choose, content

RED, YELLOW, BLUE = 0, 1, 2
GAIN_CORES, LAUNCH_AQUILA_HYDRUS, GAIN_LONG_RAYS, GAIN_SHORT_RAYS = 0, 1, 2, 6


def example() -> tuple[Game, dict]:
    game = Game.from_content(content(), 3, {"seats": ["live"] * 3})
    state = game.new_state(3)
    for seat, space in ((RED, GAIN_CORES), (YELLOW, GAIN_SHORT_RAYS), (BLUE, GAIN_CORES)):
        p = player(state, seat)
        p.update(marker=space, moved=False, visit_done=False, saved=0)
    state["turn_state"]["first"] = False
    player(state, RED)["ap"] = 5
    yellow = player(state, YELLOW)
    yellow.update(saved=2, flares=[], cores=["achernar"], rays=["yellow:long"] * 3, magnitudes=[3])
    for place in (state["core_deck"], state["pools"]["cores"]):
        if "achernar" in place:
            place.remove("achernar")
    state["slots"]["hydrus_1"] = BLUE
    player(state, BLUE)["stars"] = ["hydrus_1"]
    return game, state


def play(game: Game, state: dict, *options: str) -> None:
    for option in options:
        choose(game, state, option, game.current_players(state)[0])


def test_the_example_of_play_on_the_base_pack() -> None:
    game, state = example()
    red, yellow = player(state, RED), player(state, YELLOW)
    # Red: two steps from Gain Cores land on Gain Long Rays; three long rays for 3 AP.
    play(game, state, "step", "step")
    assert red["marker"] == GAIN_LONG_RAYS and red["ap"] == 3
    play(game, state, "act", *(f"ray:{r}" for r in state["pools"]["long"][:3]), "done")
    assert len(red["rays"]) >= 3 and red["ap"] == 0 and state["turn"] == YELLOW
    # Yellow: 5 + 2 saved; one step to Gain Cores, where Blue's marker is: 1 + 1 surcharge.
    assert yellow["ap"] == 7
    play(game, state, "step", "act", f"core:{state['pools']['cores'][0]}", "done")
    assert yellow["marker"] == GAIN_CORES and yellow["ap"] == 7 - 1 - 2
    # One step to "Launch to Aquila or Hydrus", 1 AP to launch a magnitude 3 star.
    play(game, state, "step", "act")
    assert state["action"]["constellations"] == ["aquila", "hydrus"]
    play(game, state, "core:achernar", *["ray:yellow:long"] * 3, "ready")
    # The small slot linked to Blue's star, not the medium one (the star is magnitude 3).
    slots = [o.id for o in game.legal_options(state, YELLOW) if o.id.startswith("slot:")]
    assert "slot:hydrus_2" in slots and "slot:hydrus_3" not in slots
    play(game, state, "slot:hydrus_2")  # no flare held, no Buy Night Points: launched
    assert state["action"] is None
    assert yellow["night"] == 7 and list(yellow["privileges"]) == ["refill_rays"]
    assert yellow["magnitudes"] == [3] and yellow["aspects"] == ["cornucopia"]
    assert yellow["ap"] == 2 and yellow["rays"] == []
    play(game, state, "end")
    assert yellow["saved"] == 2 and state["turn"] == BLUE
