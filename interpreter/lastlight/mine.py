"""Action card #2, Mine: one resource per extractor.

000 "Action Card #2 - mine": "Collect a resource from the supply for each extractor you have
on the board. To see what resource is collected from planets, consult the planetary
exploration token associated with the planet. To see what resources are collected from your
colony ship, consult the icons in any sector of your colony ship containing an extractor."
Public rules FAQ: a blockaded planet can still be mined.

Task ``mine`` steps: ``mine`` -> ``done``; no decisions.
"""

from __future__ import annotations

from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    no_choice,
    no_options,
    task,
)
from whitedwarf.interpreter.lastlight.fleet import extractors_of
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.records import State, Task
from whitedwarf.interpreter.lastlight.state import gain
from whitedwarf.interpreter.lastlight.stats import stat


def new_task(seat: int) -> Task:
    """The Mine resolution of one player."""
    return task("mine", seat, "mine")


def mine_planet(state: State, seat: int, planet: str) -> None:
    """Gain resources as though the player mined this planet (the ``mine`` verb; Allterra)."""
    resource = state["planets"][planet]["resource"]
    gain(state, seat, resource, 1 + stat(state, seat, "mine_bonus"))


def _run(state: State, t: Task) -> None:
    seat = t["seat"]
    bonus = stat(state, seat, "mine_bonus")
    planets = state["planets"]
    spaces = dict(runtime(state).colony_spaces)
    # The seat's own extractors from the index by owner (board order, as a walk over every
    # extractor gives them): gaining resources changes no extractor.
    for x in extractors_of(state, seat):
        planet = x["planet"]
        if planet is None:
            # Not on a planet: on a colony ship space (``records.Extractor``).
            gain(state, seat, spaces[x["space"]], 1)  # type: ignore[index]
        else:
            # vocabulary "mine_bonus": extra resources of a mined planet's type.
            gain(state, seat, planets[planet]["resource"], 1 + bonus)
    fire(state, "resources_mined", seat, {})
    t["pc"] = "done"


#: What runs the ``mine`` task (``game.HANDLERS``).
HANDLER = Handler(_run, no_options, no_choice)
