"""Action card #2, Mine: one resource per extractor.

000 "Action Card #2 - mine": "Collect a resource from the supply for each extractor you have
on the board. To see what resource is collected from planets, consult the planetary
exploration token associated with the planet. To see what resources are collected from your
colony ship, consult the icons in any sector of your colony ship containing an extractor."
Public rules FAQ: a blockaded planet can still be mined.

Task ``mine`` steps: ``mine`` -> ``done``; no decisions.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    no_choice,
    no_options,
    register,
    task,
)
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.state import gain
from whitedwarf.interpreter.lastlight.stats import stat

State = dict[str, Any]
Task = dict[str, Any]


def new_task(seat: int) -> Task:
    """The Mine resolution of one player."""
    return task("mine", seat, "mine")


def yield_of(state: State, extractor: dict[str, Any]) -> str:
    """The resource an extractor collects: its planet's token, or its colony ship space."""
    if extractor["planet"] is not None:
        return state["planets"][extractor["planet"]]["resource"]
    return dict(runtime(state).colony_spaces)[extractor["space"]]


def mine_planet(state: State, seat: int, planet: str) -> None:
    """Gain resources as though the player mined this planet (the ``mine`` verb; Allterra)."""
    resource = state["planets"][planet]["resource"]
    gain(state, seat, resource, 1 + stat(state, seat, "mine_bonus"))


def _run(state: State, t: Task) -> None:
    seat = t["seat"]
    bonus = stat(state, seat, "mine_bonus")
    for x in list(state["extractors"].values()):
        if x["owner"] == seat:
            # vocabulary "mine_bonus": extra resources of a mined planet's type.
            extra = bonus if x["planet"] is not None else 0
            gain(state, seat, yield_of(state, x), 1 + extra)
    fire(state, "resources_mined", seat, {})
    t["pc"] = "done"


register("mine", Handler(_run, no_options, no_choice))
