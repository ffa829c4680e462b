"""003 "Example of Play", played through the engine and checked sentence by sentence.

The position (SL9): Red (seat 0), Yellow (seat 1) and Blue (seat 2); Red's marker is on
Gain Cores, Yellow's on Gain Short Rays with 2 AP saved, Blue's on Gain Cores. Blue already
has a star in Hydrus (its target slot); Yellow has launched a magnitude 3 star before, holds
the cornucopia Core ``core_1`` (long yellow/orange/green/purple rays) and three long yellow
rays. The mini pack's rondel and Hydrus are laid out as the example needs (SL2).
"""

from __future__ import annotations

from whitedwarf.interpreter.starlight import stars

from tests.starlight.helpers import hand, ids, make_game, play, position, space

RED, YELLOW, BLUE = 0, 1, 2


def _example():
    game = make_game(("live", "live", "live"))
    state = position(game, seat=RED, ap=5, markers={RED: "cores", YELLOW: "short_rays",
                     BLUE: "cores"}, flares=[], saved=0)  # fmt: skip
    yellow = state["players"][YELLOW]
    yellow.update(saved=2, flares=[], cores=["core_1"], rays=hand("3 yellow:long"),
                  magnitudes=[3], privileges={}, aspects=[])  # fmt: skip
    state["slots"]["hydrus_1"] = BLUE
    state["players"][BLUE]["stars"] = ["hydrus_1"]
    return game, state


def test_the_example_of_play_comes_out_as_written() -> None:
    game, state = _example()
    red, yellow = state["players"][RED], state["players"][YELLOW]
    pool = list(state["pools"]["long"])
    bag = len(state["bags"]["long"])

    # "Red gains 5 AP to spend this turn. They spend 2 AP to take two rondel steps, ignoring
    # the first step and landing on the second step, which is Gain Long Rays."
    assert red["ap"] == 5
    play(game, state, "step", "step")
    assert red["ap"] == 3 and red["marker"] == space("long_rays")

    # "Here they decide to spend 3 AP to take three long rays from the pool."
    play(game, state, "act")
    for ray in pool[:3]:
        play(game, state, f"ray:{ray}")
    assert sorted(red["rays"][-3:]) == sorted(pool[:3])

    # "Red is now out of action points, and is done with their turn." "When they are done
    # taking the rays, they refill the pool by drawing three random replacement rays."
    assert red["ap"] == 0 and ids(game, state) == ["done"]
    play(game, state, "done")
    assert state["turn"] == YELLOW and red["saved"] == 0
    assert len(state["pools"]["long"]) == len(pool) and len(state["bags"]["long"]) == bag - 3

    # "Yellow starts on the Gain Short Rays space, and has 2 AP saved ... a total of 7 AP."
    assert yellow["marker"] == space("short_rays") and yellow["ap"] == 7

    # "Yellow wants to gain a Core, so they spend 1 AP to move to that space. But the blue
    # player already has a marker there ... Yellow decides to buy one Core, paying 2 AP."
    play(game, state, "step", "act")
    core = state["pools"]["cores"][0]
    play(game, state, f"core:{core}")
    assert yellow["ap"] == 7 - 1 - 2 and core in yellow["cores"]

    # "Yellow still has 4 AP left ... They spend 1 AP to move to the Launch to Aquila or
    # Hydrus action space, then spend 1 more AP to take that launch action."
    play(game, state, "done", "step", "act")
    assert state["action"]["constellations"] == ["aquila", "hydrus"]

    # "Yellow has 3 suitable rays, and so is ready to launch a magnitude 3 star."
    play(game, state, "core:core_1", "ray:yellow:long", "ray:yellow:long", "ray:yellow:long")
    play(game, state, "ready")
    assert state["action"]["magnitude"] == 3

    # "Hydrus already has one star, so Yellow must choose an empty slot connected to that one
    # star. This could be either the small slot or the medium slot; but Yellow's star is only
    # magnitude 3 so they must use the small slot."
    assert stars.open_slots(game, state, ["hydrus"]) == ["hydrus_2", "hydrus_3"]
    assert stars.eligible_slots(game, state, YELLOW, ["hydrus"], 3) == ["hydrus_2"]
    assert "slot:hydrus_3" not in ids(game, state)
    play(game, state, "slot:hydrus_2")

    # "Yellow puts a marker into that slot and records: 7 night points on the score track;
    # the Refill Rays privilege; nothing for the magnitude 3 launch ...; the cornucopia
    # (brown) Aspect of their Core."
    assert state["slots"]["hydrus_2"] == YELLOW
    assert yellow["night"] == 7
    assert list(yellow["privileges"]) == ["refill_rays"]
    assert yellow["magnitudes"] == [3]
    assert yellow["aspects"] == ["cornucopia"]
    assert game.content.cards["aspects"]["cornucopia"]["colour"] == "brown"

    # "Finally, Yellow returns the star's rays to their respective bags, and discards the
    # Core. Yellow now has 2 AP left to spend, but decides to end the turn by putting 2
    # markers back into the Saved AP box."
    assert yellow["rays"] == [] and "core_1" in state["core_discard"]
    assert yellow["ap"] == 2
    play(game, state, "end")
    assert yellow["saved"] == 2 and state["turn"] == BLUE
