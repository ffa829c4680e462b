"""Positions for Starlight scenario tests: a mini-pack game and a state set up as data."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight.content import StarlightContent, load_content
from whitedwarf.interpreter.starlight.game import Game

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "starlight-mini"
SPACES = ["short_rays", "cores", "launch_aquila_hydrus", "long_rays", "launch_lyra_cygnus",
          "flares", "launch_orion_draco"]  # fmt: skip


@cache
def mini() -> StarlightContent:
    return load_content([MINI])


def make_game(seats: tuple[str, ...] = ("live", "live"), **options: Any) -> Game:
    return Game.from_content(mini(), len(seats), {"seats": list(seats), **options})


def space(name: str) -> int:
    return SPACES.index(name)


def position(
    game: Game, seed: int = 1, seat: int = 0, markers: dict[int, str] | None = None,
    ap: int = 5, **player: Any,
) -> dict[str, Any]:  # fmt: skip
    """A state after setup, at ``seat``'s ordinary turn (not the first) with ``ap`` AP.

    ``markers`` puts seats' markers on spaces (every other live seat defaults to the
    Gain Flares space); ``player`` overrides fields of ``seat``'s record (``rays``, ``cores``...).
    """
    state = game.new_state(seed)
    state["phase"] = "play"
    for p in state["players"]:
        p["marker"] = space("flares")
        p["god"] = p["god"] or None
    for who, name in (markers or {}).items():
        state["players"][who]["marker"] = space(name)
    me = state["players"][seat]
    me.update(player)
    me["ap"], me["moved"], me["visit_done"] = ap, False, False
    state.update(turn=seat, action=None, frames=[], todo=[])
    state["turn_state"] = {"seat": seat, "first": False, "last": False, "final_done": False,
                           "forfeit": False}  # fmt: skip
    return state


def ids(game: Game, state: dict[str, Any], seat: int | None = None) -> list[str]:
    seat = state["turn"] if seat is None else seat
    return [o.id for o in game.legal_options(state, seat)]


def play(game: Game, state: dict[str, Any], *choices: str) -> dict[str, Any]:
    """Apply each choice for the seat whose decision it is."""
    for choice in choices:
        seat = game.current_players(state)[0]
        game.apply(state, seat, choice)
    return state


def hand(*rays: str) -> list[str]:
    """``hand("red:long", "2 blue:short")`` -> the rays as a list."""
    out: list[str] = []
    for item in rays:
        count, _, ray = item.partition(" ") if " " in item else ("1", "", item)
        out += [ray] * int(count)
    return out


def take_first_from_pool(game: Game, state: dict[str, Any]) -> dict[str, Any]:
    """Answer a boon's "which ray or core of the pool?" with the first, until it is done."""
    while state["frames"] and all(
        i.startswith(("ray:", "core:")) for i in ids(game, state, state["frames"][-1]["owner"])
    ):
        play(game, state, ids(game, state, state["frames"][-1]["owner"])[0])
    return state
