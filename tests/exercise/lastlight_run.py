"""Run a Last Light design's behaviour check: a position as data, the steps, the change.

A check is run twice from the same seed: once with the design's card in play for seat 0 and
once without it (the *baseline*). After each ``expect`` step, what the card changed is the
difference between the two runs, each counted from the end of its setup; it must equal the
``expect`` map exactly, and every other watched number (:data:`WATCHED`) must not have changed.
So "gain 1 light at the end of the round" fails both when the light never comes and when it
comes early, twice, or to someone else.

Setup keys (all optional): ``players`` (3), ``slot`` (the ship type a ship tech sits on),
``ships`` (name: [seat, size, sector, damage]), ``extractors`` (name: [seat, planet] or
[seat, {space: common_a}]), ``give`` (seat: {common: 2, light: 3}), ``techs`` ([seat, tech,
ship type]), ``hand`` ([seat, tech]: unresearched, in the hand), ``set`` (state path: value,
a path's parts joined with ``.``), ``token`` (the sector an exploration card lies face down
in; the baseline's sector holds no token), ``options`` (new_game options: ``round_limit``).

Steps: ``game_start`` (the end of setup on this position: every seat's starting techs and
common as its faction changes them, then ``game_start``), ``play`` (seat: action card, for
every seat), ``do`` ([seat, option id]; ``$name``
is the id of the ship named ``name``), ``first`` ([seat, N]: the seat takes its first option
N times: a Research's discard, whose cards the deck decides), ``dice`` (the next combat dice
faces), ``until_round`` (every waiting seat takes ``done`` or else its first option until
that round's action choice, or the game's end), ``reload`` (the state is saved and loaded
again, in both runs), ``has`` / ``lacks`` ([seat, option id]: offered now or not, card run
only), ``expect`` (path: change). A step with ``card_only: true`` runs only with the card
(answering a question only the card asks).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    give,
    keep,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
    rig_dice,
    start_players,
)

from tests.exercise.compare import set_path
from tests.exercise.designs import Design

State = dict[str, Any]
#: The numbers a check watches, per seat: ``p0.light``, ``p1.common``, ...
WATCHED: dict[str, Callable[[dict[str, Any], State], int]] = {
    "light": lambda p, s: p["light"],
    "common": lambda p, s: p["res"]["common"],
    "uncommon": lambda p, s: p["res"]["uncommon"],
    "rare": lambda p, s: p["res"]["rare"],
    "techs": lambda p, s: len(p["techs"]),
    "hand": lambda p, s: len(p["techs_hand"]),
    "exhausted": lambda p, s: sum(1 for t in p["techs"] if t["exhausted"]),
    "ships": lambda p, s: sum(1 for x in s["ships"].values() if x["owner"] == p["seat"]),
    "extractors": lambda p, s: sum(1 for x in s["extractors"].values() if x["owner"] == p["seat"]),
    "damage": lambda p, s: sum(x["damage"] for x in s["ships"].values() if x["owner"] == p["seat"]),
    "graveyard": lambda p, s: len(p["graveyard"]),
    "played": lambda p, s: len(p["played"]),
}
#: Rounds an ``until_round`` step may take at most (a check that never gets there fails).
MOST_DECISIONS = 400


class LastLightRun:
    """One run of a check: the game, the state, the named ships, the numbers after setup."""

    def __init__(
        self, design: Design, pack: Path | None, check: dict[str, Any], card: bool
    ) -> None:
        setup = check.get("setup", {})
        self.card = card
        self.game: Game = _game(pack, setup.get("players", 3), _frozen(setup.get("options", {})))
        self.state: State = blank(self.game)
        self.ships: dict[str, str] = {}
        self._setup(design, setup)
        self.game.edited(self.state)
        self.start = self.numbers()

    def _setup(self, design: Design, setup: dict[str, Any]) -> None:
        s = self.state
        for name, (seat, size, sector, *damage) in setup.get("ships", {}).items():
            self.ships[name] = put_ship(s, seat, size, sector, damage[0] if damage else 0)
        for _name, (seat, where) in setup.get("extractors", {}).items():
            if isinstance(where, dict):
                put_extractor(s, seat, space=where["space"])
            else:
                put_extractor(s, seat, planet=where)
        for seat, amounts in setup.get("give", {}).items():
            give(s, int(seat), **amounts)
        for seat, tech, *slot in setup.get("techs", []):
            put_tech(s, seat, tech, ship_type=slot[0] if slot else None)
        for seat, tech in setup.get("hand", []):
            put_tech(s, seat, tech, hand=True)
        for path, value in setup.get("set", {}).items():
            set_path(s, self.sub(path), value)
        token = setup.get("token")
        if token is not None:
            sector = s["sectors"][token]
            sector.update(token=None, token_kind=None, revealed=False)
        if self.card:
            self._put_card(design, setup)

    def _put_card(self, design: Design, setup: dict[str, Any]) -> None:
        s, kind = self.state, design.kind
        if kind in ("civilization", "ship_ability", "ship_mod"):
            slot = setup.get("slot", "medium") if kind != "civilization" else None
            put_tech(s, 0, design.id, ship_type=slot)
        elif kind == "faction":
            keep(s, 0, faction=design.id)
        elif kind == "achievement":
            keep(s, 0, achievement=design.id)
        else:  # an exploration token, face down where the check says
            s["sectors"][setup["token"]].update(
                token=f"{design.id}#1", token_kind=kind, revealed=False
            )

    def numbers(self) -> dict[str, int]:
        """Every watched number now; ``waiting``: effects waiting for an answer (a check must
        answer every question the card asks before it expects)."""
        found = {
            f"p{p['seat']}.{key}": read(p, self.state)
            for p in self.state["players"]
            for key, read in WATCHED.items()
        }
        found["waiting"] = len(self.state["frames"])
        return found

    def changed(self) -> dict[str, int]:
        """How much each watched number changed since the setup."""
        now = self.numbers()
        return {key: now[key] - self.start[key] for key in now}

    def sub(self, text: str) -> str:
        """``$name`` replaced by the id of the ship named ``name``."""
        return re.sub(r"\$(\w+)", lambda m: self.ships[m.group(1)], text)

    def step(self, step: dict[str, Any]) -> None:
        """Do one non-``expect`` step."""
        if step.get("reload"):  # saved and loaded: what the card keeps must be in the state
            self.state = persist.load(persist.save(self.state))
        game, s = self.game, self.state
        if step.get("game_start"):  # the end of setup: starting techs and common, game_start
            start_players(game, s)
        if "play" in step:
            for seat, card in step["play"].items():
                game.apply(s, int(seat), f"play:{card}")
        if "dice" in step:
            rig_dice(s, step["dice"])
        if "do" in step:
            seat, option = step["do"]
            offered = options(game, s, seat)
            option = self.sub(option)
            assert option in offered, f"seat {seat} is not offered {option!r}: {offered}"
            game.apply(s, seat, option)
        if "first" in step:  # [seat, N]: the seat takes its first option, N times
            seat, times = step["first"]
            for _ in range(times):
                game.apply(s, seat, options(game, s, seat)[0])
        if "until_round" in step:
            self.until_round(step["until_round"])
        if self.card:
            for key, want in (("has", True), ("lacks", False)):
                if key in step:
                    seat, option = step[key]
                    offered = options(game, s, seat)
                    assert (self.sub(option) in offered) == want, (
                        f"seat {seat} {'is not' if want else 'is'} offered {option!r}: {offered}"
                    )

    def until_round(self, target: int) -> None:
        game, s = self.game, self.state
        for _ in range(MOST_DECISIONS):
            if s["result"] is not None:
                return
            if s["round"] >= target and s["phase"] == "choose":
                return
            seat = game.current_players(s)[0]
            ids = options(game, s, seat)
            if s["phase"] == "choose":
                pick = next((o for o in ids if o == "play:mine"), ids[0])
            else:
                pick = "done" if "done" in ids else ids[0]
            game.apply(s, seat, pick)
        raise AssertionError(f"round {target} did not come in {MOST_DECISIONS} decisions")


@functools.lru_cache(maxsize=8)
def _game(pack: Path | None, players: int, options: tuple[tuple[str, Any], ...]) -> Game:
    """The game of a pack, loaded once for both runs of a check (a game keeps no state of its
    own between states: docs/scenarios.md)."""
    return new_game(players=players, packs=[pack] if pack else [], **dict(options))


def _frozen(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))
