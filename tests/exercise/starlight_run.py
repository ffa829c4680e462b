"""Run a Starlight design's behaviour check: a position as data, the steps, the change.

As for Last Light (``lastlight_run``): the check runs with the design's card held by seat 0
and without it (the baseline), from the same seed, and after each ``expect`` step the
difference between the two runs' changes since setup must be exactly the ``expect`` map.

Setup keys (all optional): ``seats`` (two live seats), ``options`` (new_game options:
``round_limit``; ``gods`` is on for a god), ``markers`` (seat: rondel space id), ``stars``
([seat, slot]), ``give`` (seat: {rays, cores, flares, privileges}), ``pools`` (pool: items),
``set`` (state path: value), ``turn`` (the seat whose ordinary turn it is; ``end`` then
begins the next seat's turn through the engine, which fires ``turn_start``), ``ap`` (that
turn's AP).

Steps: ``do`` (option ids, in turn, for the seat whose decision it is), ``first`` (N: take
the first option offered, N times: which ray of the pool a gain takes, say), ``draws`` (the next
cores/flares/rays drawn: rig_draws), ``until_end`` (every seat ends its turns until the game
is over), ``reload`` (the state is saved and loaded again, in both runs), ``has`` / ``lacks``
(an option id offered now or not, card run only), ``expect``. Watched: each seat's
numbers (:data:`WATCHED`), ``waiting`` and ``new_flares`` (Flare pool cards not there at
setup: a flush).
A step with ``card_only: true`` runs only with the card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import persist
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.scenario import (
    blank,
    choose,
    give,
    keep,
    new_game,
    options,
    put_marker,
    put_star,
    rig_draws,
    set_pool,
    turn,
)

from tests.exercise.compare import set_path
from tests.exercise.designs import Design

State = dict[str, Any]
#: The numbers a check watches, per seat: ``p0.night``, ``p1.ap``, ...
WATCHED: dict[str, Callable[[dict[str, Any]], int]] = {
    "night": lambda p: p["night"],
    "day": lambda p: p["day"],
    # AP gained between the seat's turns waits for its next one (SL155): the seat's all the same
    "ap": lambda p: p["ap"] + p.get("ap_waiting", 0),
    "saved": lambda p: p["saved"],
    "rays": lambda p: len(p["rays"]),
    "long_rays": lambda p: sum(1 for r in p["rays"] if r.endswith(":long")),
    "short_rays": lambda p: sum(1 for r in p["rays"] if r.endswith(":short")),
    "cores": lambda p: len(p["cores"]),
    "flares": lambda p: len(p["flares"]),
    "used_flares": lambda p: len(p["used_flares"]),
    "stars": lambda p: len(p["stars"]),
    "privileges": lambda p: len(p["privileges"]),
    "accolades": lambda p: len(p["accolades"]),
}
MOST_DECISIONS = 400


class StarlightRun:
    """One run of a check (see the module docstring)."""

    def __init__(
        self, design: Design, pack: Path | None, check: dict[str, Any], card: bool
    ) -> None:
        setup = check.get("setup", {})
        self.card = card
        opts = dict(setup.get("options", {}))
        if design.kind == "god":
            opts["gods"] = True
        seats = tuple(setup.get("seats", ("live", "live")))
        self.game: Game = _game(pack, seats, tuple(sorted(opts.items())))
        self.state: State = blank(self.game)
        self._setup(design, setup)
        self.first_flares = set(self.state["pools"]["flares"])
        self.start = self.numbers()

    def _setup(self, design: Design, setup: dict[str, Any]) -> None:
        game, s = self.game, self.state
        for seat, space in setup.get("markers", {}).items():
            put_marker(game, s, int(seat), space)
        for seat, slot in setup.get("stars", []):
            put_star(game, s, seat, slot)
        for seat, things in setup.get("give", {}).items():
            give(game, s, int(seat), **things)
        for pool, items in setup.get("pools", {}).items():
            set_pool(game, s, pool, items)
        if self.card:
            if design.kind == "god":
                keep(game, s, 0, god=design.id)
            elif design.kind == "laurel":
                keep(game, s, 0, laurels=[design.id])
            elif design.kind == "flare":
                give(game, s, 0, flares=[design.id])
        elif design.kind == "accolade":  # public: the baseline's sky board does not lay it out
            s["accolades"] = [a for a in s["accolades"] if a["id"] != design.id]
        for path, value in setup.get("set", {}).items():
            set_path(s, path, value)
        if "turn" in setup:
            turn(game, s, setup["turn"], ap=setup.get("ap"))
        game.edited(s)

    def numbers(self) -> dict[str, int]:
        """Every watched number now; ``waiting``: effects waiting for an answer."""
        found = {
            f"p{p['seat']}.{key}": read(p)
            for p in self.state["players"]
            for key, read in WATCHED.items()
        }
        found["waiting"] = len(self.state["frames"])
        # a flush changes no seat's numbers: the Flare pool's cards not in it at setup show it
        found["new_flares"] = len(
            [f for f in self.state["pools"]["flares"] if f and f not in self.first_flares]
        )
        return found

    def changed(self) -> dict[str, int]:
        now = self.numbers()
        return {key: now[key] - self.start[key] for key in now}

    def step(self, step: dict[str, Any]) -> None:
        if step.get("reload"):  # saved and loaded: what the card keeps must be in the state
            self.state = persist.load(persist.save(self.state))
        game, s = self.game, self.state
        if "draws" in step:
            rig_draws(game, s, **step["draws"])
        if "do" in step:
            for option in [step["do"]] if isinstance(step["do"], str) else step["do"]:
                offered = options(game, s)
                assert option in offered, f"{option!r} is not offered: {offered}"
                choose(game, s, option)
        for _ in range(step.get("first", 0)):
            choose(game, s, options(game, s)[0])
        if step.get("until_end"):
            for _ in range(MOST_DECISIONS):
                if s["result"] is not None:
                    break
                ids = options(game, s)
                choose(game, s, "end" if "end" in ids else ("done" if "done" in ids else ids[0]))
            else:
                raise AssertionError(f"the game did not end in {MOST_DECISIONS} decisions")
        if self.card:
            for key, want in (("has", True), ("lacks", False)):
                if key in step:
                    offered = options(game, s)
                    assert (step[key] in offered) == want, (
                        f"{'not ' if want else ''}offered {step[key]!r}: {offered}"
                    )


@functools.lru_cache(maxsize=8)
def _game(pack: Path | None, seats: tuple[str, ...], options: tuple[tuple[str, Any], ...]) -> Game:
    """The game of a pack, loaded once for both runs of a check."""
    return new_game(seats=seats, packs=[pack] if pack else [], **dict(options))
