"""Positions for Starlight scenario tests: a mini-pack game and a state set up as data."""

from __future__ import annotations

import copy
from collections.abc import Callable
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


def alter_hidden(game: Game, state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The same position with everything ``seat`` cannot see changed: the others' flares
    trade places with the Flare deck's, their laurels with laurels never dealt, decks and
    bags are reordered and the generator moves on."""
    altered = copy.deepcopy(state)
    altered["rng"] = (altered["rng"] * 6364136223846793005 + 1) % 2**64
    for deck in ("core_deck", "flare_deck", "starbot_deck"):
        altered[deck].reverse()
    for bag in altered["bags"].values():
        bag.reverse()  # the view sorts a bag: its order is hidden, its contents are not
    held = {c for p in state["players"] for c in p["laurels"]}
    unused = [c for c in sorted(game.content.cards["laurels"]) if c not in held]
    for p in altered["players"]:
        if p["seat"] == seat:
            continue
        p["laurels"], unused = unused[: len(p["laurels"])], unused[len(p["laurels"]) :]
        count = min(len(p["flares"]), len(altered["flare_deck"]))
        p["flares"][:count], altered["flare_deck"][:count] = (
            altered["flare_deck"][:count],
            p["flares"][:count],
        )
    return altered


def assert_blind_to_hidden(
    game: Game, positions: list[tuple[dict[str, Any], int]], agent: Callable[[], Any]
) -> None:
    """At each ``(state, seat)``, a fresh ``agent()`` chooses the same option in the state
    and in :func:`alter_hidden`'s, whose view for the seat is the same; every position really
    had something hidden to alter."""
    changed = 0
    for state, seat in positions:
        options = game.legal_options(state, seat)
        altered = alter_hidden(game, state, seat)
        changed += altered != state
        assert game.observation(altered, seat) == game.observation(state, seat)
        first = agent().choose(state, seat, options)
        second = agent().choose(altered, seat, options)
        assert first == second
    assert changed == len(positions)


def write_mod_cards(mod: Path) -> None:
    """The cards of the Starlight mod the CLI tests play: a new god and two flares."""
    (mod / "gods.yaml").write_text(
        "- id: lumen\n  name: Lumen the Generous\n  source: invented\n"
        '  text: "At the start of your turn: gain 1 [AP]."\n'
        "  effect: when turn_start -> gain 1 ap\n",
        encoding="utf-8",
    )
    (mod / "flares.yaml").write_text(
        "- id: twin_sparks\n  name: Twin Sparks\n  source: invented\n"
        '  text: "Flare points: Gain [night point] equal to the number of your stars * 2. '
        'Flare boon: Gain 2 [short ray]."\n'
        "  points: gain (stars_launched * 2) night_points\n  boon: gain 2 short_rays\n"
        "- id: long_glow\n  name: Long Glow\n  source: invented\n"
        '  text: "Flare points: Gain 3 [night point]. Flare boon: Gain 2 [long ray]."\n'
        "  points: gain 3 night_points\n  boon: gain 2 long_rays\n",
        encoding="utf-8",
    )
