"""The Starlight scenario helpers (interpreter/starlight/scenario.py, docs/scenarios.md): a
position written with them keeps the box whole, is played by the engine as it is, saves and
replays like any other, and a position the game cannot have is refused in a sentence."""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.starlight import persist, supply
from whitedwarf.interpreter.starlight.scenario import (
    ScenarioError,
    blank,
    choose,
    give,
    keep,
    linked,
    new_game,
    options,
    put_marker,
    put_star,
    rig_draws,
    set_pool,
    started,
    turn,
)
from whitedwarf.interpreter.state import state_hash

from tests.starlight.test_random_games import check_supplies

GAME = new_game(seats=("live", "live", "starbot"))


def test_every_helper_keeps_the_box_whole() -> None:
    state = blank(GAME)
    check_supplies(GAME, state)
    assert all(not p["rays"] and p["starter"] is None for p in state["players"])
    flare, starter = state["flare_deck"][0], sorted(GAME.content.cards["starters"])[0]
    give(GAME, state, 0, rays=["red:long", "red:short"], cores=["achernar"], flares=[flare],
         starter=starter, privileges=["refill_rays"])  # fmt: skip
    keep(GAME, state, 1, laurels=sorted(GAME.content.cards["laurels"])[:2])
    set_pool(GAME, state, "cores", ["alnair", "antares"])
    set_pool(GAME, state, "short", ["blue:short"] * 2)
    set_pool(GAME, state, "flares", ["last_light"])
    rig_draws(GAME, state, cores=["betelgeuse"], flares=["seventh_ray"], rays=["green:long"])
    put_star(GAME, state, 2, "hydrus_1")
    put_star(GAME, state, 0, "hydrus_2")
    check_supplies(GAME, state)
    assert state["pools"]["flares"] == ["last_light", None, None, None]
    assert state["core_deck"][0] == "betelgeuse" and state["flare_deck"][0] == "seventh_ray"
    assert state["slots"]["hydrus_2"] == 0 and state["players"][2]["stars"] == ["hydrus_1"]


def test_started_keeps_the_first_god_dealt() -> None:
    game = new_game(seats=("live", "live"), gods=True)
    state = started(game)
    assert state["phase"] == "play" and all(p["god"] for p in state["players"])
    assert options(game, state)[0] == "place:0"


def test_a_given_privilege_is_usable_at_once() -> None:
    """003 "Privileges": usable from the action after it was gained; a privilege given is
    recorded before this action, so Refill Rays refills the pool after the first ray."""
    state = blank(GAME)
    put_marker(GAME, state, 0, "launch_aquila_hydrus")
    give(GAME, state, 0, privileges=["refill_rays"])
    turn(GAME, state, 0)
    choose(GAME, state, "step", "act", f"ray:{state['pools']['long'][0]}")
    assert len(state["pools"]["long"]) == supply.pool_size(GAME, "long")


def test_rigged_rays_leave_the_generator_alone_and_the_game_saves_and_replays() -> None:
    state = blank(GAME)
    before = state["rng"]
    wanted = ["purple:short", "purple:short", "green:long"]
    rig_draws(GAME, state, rays=wanted)
    assert state["rng"] == before  # only the bags' hidden order changed
    saved = persist.load(persist.save(state))
    for position in (state, saved):
        assert [supply.draw_ray(position, r.partition(":")[2]) for r in wanted] == wanted
    assert state_hash(state) == state_hash(saved)


def test_a_rigged_starbot_card_is_the_next_turned_up_and_the_game_plays_on() -> None:
    state = blank(GAME)
    rig_draws(GAME, state, starbots=["starbot_28", "starbot_01"])
    choose(GAME, state, "place:0", "done", "place:0", "done")  # two first turns
    assert state["players"][2]["night"] == 3  # Refresh: 3 night points, no accolade
    assert all(not a["marks"] for a in state["accolades"])
    assert "starbot_28" in state["starbot_deck"]  # shuffled back in with the discards
    copy = persist.load(persist.save(state))
    while state["phase"] != "over" and state["round"] < 4:
        choice = options(GAME, state)[0]
        choose(GAME, state, choice)
        choose(GAME, copy, choice)
    assert state_hash(state) == state_hash(copy)


def test_linked_reads_the_sky() -> None:
    assert linked(GAME, "hydrus_1") == ["hydrus_2", "hydrus_3"]


REFUSED: dict[str, tuple[Any, str]] = {
    "a ray colour the bags have not": (
        lambda s: give(GAME, s, 0, rays=["pink:long"]), "the long bag holds no pink:long ray"),
    "a Core in a pool": (
        lambda s: give(GAME, s, 0, cores=[s["pools"]["cores"][0]]), "is not in the Core deck"),
    "a card the pack has not": (
        lambda s: give(GAME, s, 0, flares=["supernova"]), "no Flare 'supernova' in the pack"),
    "five Cores": (
        lambda s: give(GAME, s, 0, cores=sorted(s["core_deck"])[:5]), "more than 4 Cores"),
    "cards for a Starbot": (
        lambda s: give(GAME, s, 2, rays=["red:long"]), "seat 2 is a Starbot"),
    "a first star off the target": (
        lambda s: put_star(GAME, s, 0, "hydrus_3"), "its first star goes to a target slot"),
    "a star linked to nothing": (
        lambda s: (put_star(GAME, s, 0, "hydrus_1"), put_star(GAME, s, 0, "hydrus_4")),
        "hydrus_4 is linked to no filled slot of hydrus"),
    "a star on a star": (
        lambda s: (put_star(GAME, s, 0, "hydrus_1"), put_star(GAME, s, 1, "hydrus_1")),
        "hydrus_1 holds a star of seat 0 already"),
    "a space the rondel has not": (
        lambda s: put_marker(GAME, s, 0, "launch_all"), "no rondel space 'launch_all'"),
    "an ordinary turn without a marker": (
        lambda s: turn(GAME, s, 1), "seat 1 has no marker"),
    "a seat the game has not": (
        lambda s: put_star(GAME, s, 7, "hydrus_1"), "no seat 7 in a 3-seat game"),
    "a laurel held twice": (
        lambda s: (keep(GAME, s, 0, laurels=["swarm"]), keep(GAME, s, 1, laurels=["swarm"])),
        "seat 0 holds the laurel swarm already"),
    "an overfull pool": (
        lambda s: set_pool(GAME, s, "cores", ["alnair", "antares", "achernar", "betelgeuse"]),
        "the cores pool holds 3, not 4"),
    "a ray in the other pool": (
        lambda s: set_pool(GAME, s, "long", ["red:short"]), "red:short is not a long ray"),
    "a pool the game has not": (
        lambda s: set_pool(GAME, s, "gods", []), "no pool 'gods'"),
    "a ray the bag has run out of": (
        lambda s: rig_draws(GAME, s, rays=["red:long"] * 9),
        "the long bag has no red:long ray left"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_position_the_game_cannot_have_is_refused_in_a_sentence(case: str) -> None:
    state = blank(GAME)
    write, words = REFUSED[case]
    with pytest.raises(ScenarioError) as refused:
        write(state)
    message = str(refused.value)
    assert words in message, message
    assert "\n" not in message
