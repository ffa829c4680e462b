"""Starlight rules an outside checker would write from the rulebook (003), fifth pass: the
passages earlier passes covered thinly or not at all, each as a position made with the
public scenario helpers (docs/scenarios.md), the decision, and what 003 says follows. A
flushed Flare pool goes under the deck "in any order", which sets the prices when the deck
is too short to refill the pool (SL164); a slotless final star is a star launched in the
tiebreak but in no constellation (SL165); a pool left short refills once discards come back;
a flush in the middle of Gain Cores; turns in clockwise order from the Start Player, a
Starbot's among them; a claimed Accolade costs nothing; a final launch records as usual.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import persist
from whitedwarf.interpreter.starlight.ending import result_of
from whitedwarf.interpreter.starlight.scenario import (
    blank,
    choose,
    give,
    keep,
    new_game,
    options,
    put_marker,
    put_star,
    set_pool,
    turn,
)
from whitedwarf.interpreter.starlight.state import stars_launched

from tests.starlight.godmod import GOD, Trace, god_game
from tests.starlight.rulebook_steps import last_round as _last_round
from tests.starlight.rulebook_steps import three as _three

Game = Any
State = Any


def _at_gain_flares(game: Game, state: State, ap: int = 9) -> None:
    """Seat 0 steps from Launch to Lyra or Draco onto Gain Flares and acts."""
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0, ap=ap)
    choose(game, state, "step", "act")


def _deck_left(game: Game, state: State, left: int) -> None:
    """Seat 1 holds every Flare of the deck but its first ``left`` (no limit to Flares held:
    003 "Gain Flares")."""
    give(game, state, 1, flares=list(state["flare_deck"][left:]))
    assert len(state["flare_deck"]) == left


def _under(game: Game, state: State) -> list[str]:
    return sorted(o[6:] for o in options(game, state) if o.startswith("under:"))


# -- Flushing the Flare pool (003 "Gain Flares", "When you flush a pool"; SL164) --------------


def test_flush_flares_over_an_empty_deck_comes_back_in_the_order_chosen() -> None:
    """003 "Gain Flares": "You may also flush the pool (discard all cards from the pool and
    refill the pool from the deck) by paying 1 AP"; "Clarifications": "Discarded Flares go
    face-down on the bottom of the Flare deck, in any order". With the deck empty the
    discards are the whole deck, so the pool refills with them in the order the player put
    them under: the 4 AP Flare is put first and comes back at the 1 AP place."""
    game, state = _three()
    _deck_left(game, state, 0)
    pool = list(state["pools"]["flares"])
    _at_gain_flares(game, state)
    assert "flush" in options(game, state)
    choose(game, state, "flare:0", "flush")  # the 1 AP Flare bought, then the flush
    assert _under(game, state) == sorted(pool[1:])
    assert [o for o in options(game, state) if not o.startswith("under:")] == []
    choose(game, state, f"under:{pool[3]}", f"under:{pool[1]}")  # the last one follows
    assert state["pools"]["flares"] == [pool[3], pool[1], pool[2], None]
    assert state["flare_deck"] == []
    me = state["players"][0]
    assert me["ap"] == 9 - 1 - 1 - 1  # the step, the Flare, the flush
    choose(game, state, "flare:0")  # the former 4 AP Flare, now for 1
    assert me["flares"] == [pool[0], pool[3]] and me["ap"] == 5


def test_flush_flares_over_a_short_deck_draws_the_deck_first_then_the_order_chosen() -> None:
    """003 "When you flush a pool": the discards go under the deck, the pool refills from
    its top: with two Flares left in the deck, they take the 1 and 2 AP places, and the two
    flushed Flares the player puts under first take the 3 and 4 AP places; the other two
    stay in the deck."""
    game, state = _three()
    _deck_left(game, state, 2)
    deck = list(state["flare_deck"])
    pool = list(state["pools"]["flares"])
    _at_gain_flares(game, state)
    choose(game, state, "flush")
    assert _under(game, state) == sorted(pool)
    choose(game, state, f"under:{pool[2]}", f"under:{pool[0]}", f"under:{pool[3]}")
    assert state["pools"]["flares"] == [*deck, pool[2], pool[0]]
    assert state["flare_deck"] == [pool[3], pool[1]]


def test_flush_flares_over_a_deck_that_refills_the_pool_asks_no_order() -> None:
    """With four Flares or more in the deck the flushed ones stay under it, and the pool
    refills from the deck's top at once: no order to give (SL164)."""
    game, state = _three()
    _deck_left(game, state, 4)
    deck = list(state["flare_deck"])
    pool = list(state["pools"]["flares"])
    _at_gain_flares(game, state)
    choose(game, state, "flush")
    assert _under(game, state) == []
    assert state["pools"]["flares"] == deck and state["flare_deck"] == pool


def test_flush_flares_over_an_empty_deck_is_not_offered_when_nothing_can_move() -> None:
    """A flush that would bring the pool back as it was is a payment for nothing (SL147):
    one Flare left, in the 1 AP place, over an empty deck."""
    game, state = _three()
    _deck_left(game, state, 0)
    _at_gain_flares(game, state, ap=11)
    choose(game, state, "flare:1", "flare:2", "flare:3")
    assert state["pools"]["flares"][1:] == [None, None, None]
    assert "flush" not in options(game, state)


def test_flush_flares_one_flare_left_in_a_dear_place_slides_to_the_cheap_one() -> None:
    """003 "Gain Flares": "You may not refill the pool nor move cards during your action
    except by paying to flush the pool": over an empty deck, the one Flare left in the 4 AP
    place comes back at the 1 AP place, with no order to ask."""
    game, state = _three()
    _deck_left(game, state, 0)
    last = state["pools"]["flares"][3]
    _at_gain_flares(game, state, ap=9)
    choose(game, state, "flare:0", "flare:1", "flare:2")
    assert state["players"][0]["ap"] == 9 - 1 - 6
    choose(game, state, "flush")
    assert state["pools"]["flares"] == [last, None, None, None]
    assert _under(game, state) == []


# -- A slotless final star in the tiebreak (003 "Scoring", "Your Last Turn"; SL165) ---------


def test_a_slotless_final_star_is_a_star_launched_in_no_constellation() -> None:
    """003 "Your Last Turn" scores a star with no eligible slot as the "slotless final
    launch", placing no marker; 003 "Scoring": ties go to the player who "has launched the
    most stars", then to stars "in the most constellations". Seat 1's last star is slotless;
    seat 0 has one star in the sky. Tied on points, they tie on stars launched (1 each), and
    seat 0 wins on constellations (1 against 0)."""
    game, state = _three()
    small = [s for s, slot in game.content.slots.items() if slot.size == "small"]
    for sid in small:
        state["slots"][sid] = 2  # by hand: every small slot taken by seat 2
    state["players"][2]["stars"] = list(small)
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    choose(game, state, "slotless")
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    me = state["players"][1]
    assert me["stars"] == [] and me["slotless"] == 1 and stars_launched(me) == 1
    first, third = state["players"][0], state["players"][2]
    state["slots"][small[0]] = 0  # by hand: one of the sky's stars is seat 0's
    third["stars"].remove(small[0])
    first["stars"] = [small[0]]
    first["night"], me["night"], third["night"] = me["night"], me["night"], 0
    game.edited(state)
    result = result_of(game, state, "test")
    assert result["points"][0] == result["points"][1]
    assert result["stars"][:2] == [1, 1] and result["constellations"][:2] == [1, 0]
    assert result["winners"] == [0] and result["tiebreak"] == "constellations"


# -- Pools (003 "What happens if you can't refill a pool?", "When can you flush a pool?") ----


def test_a_short_ray_pool_refills_at_the_turns_end_once_rays_are_back_in_the_bag() -> None:
    """003 "Clarifications": "just refill it as much as possible ... Refill the pools at the
    usual times once discards have been made available": the long bag empty, the long pool
    holds one ray; seat 0 launches a star of three long rays, which go back to the bag (step
    9); when the turn is over the long pool is full again."""
    game, state = _three()
    size = game.content.number("long_ray_pool")
    set_pool(game, state, "long", [])  # every long ray in the bag
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 3)
    keep, *rest = state["bags"]["long"]
    give(game, state, 1, rays=rest)  # every other long ray held by seat 1
    set_pool(game, state, "long", [keep])
    assert state["bags"]["long"] == [] and state["pools"]["long"] == [keep]
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:achernar", *["ray:yellow:long"] * 3, "ready")
    choose(game, state, sorted(o for o in options(game, state) if o.startswith("slot:"))[0])
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    assert sorted(state["bags"]["long"]) == ["yellow:long"] * 3
    assert state["pools"]["long"] == [keep]  # not before the turn is over
    choose(game, state, "end")
    assert len(state["pools"]["long"]) == min(size, 1 + 3)  # the one left and the three back
    assert state["pools"]["long"][0] == keep


def test_gain_cores_a_flush_between_two_cores_leaves_the_limit_of_two() -> None:
    """003 "When can you flush a pool?": "at any time during the pool's associated Gain
    action"; 003 "Gain Cores": "Take up to 2 Cores": a Core, a flush, a Core, and no third."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act", f"core:{state['pools']['cores'][0]}", "flush")
    choose(game, state, f"core:{state['pools']['cores'][0]}")
    me = state["players"][0]
    assert len(me["cores"]) == 2 and me["ap"] == 9 - 1 - 1 - 1 - 1
    assert not [o for o in options(game, state) if o.startswith("core:")]
    assert "flush" in options(game, state)  # flushing still allowed, taking is not


# -- Turns (003 "Basics of Play", "Starbot Play") --------------------------------------------


def test_turns_go_clockwise_from_the_start_player_and_a_starbot_takes_its_own() -> None:
    """003 "Basics of Play": "Players take turns in clockwise order, beginning with the Start
    Player"; "Starbot Play": "Starbot players take a turn each round like live players do":
    seat 0 ends, the Starbot in seat 1 plays its card, and seat 2's turn follows in the
    same round; seat 2 ending begins round 2 with seat 0."""
    game = new_game(seats=("live", "starbot", "live"))
    state = blank(game)
    for seat in (0, 1, 2):
        put_marker(game, state, seat, "gain_cores")
    turn(game, state, 0)
    deck = len(state["starbot_deck"])
    start = state["round"]
    choose(game, state, "end")
    assert state["turn"] == 2 and state["round"] == start
    assert len(state["starbot_deck"]) == deck - 1  # the Starbot's card was turned up
    choose(game, state, "end")
    assert state["turn"] == 0 and state["round"] == start + 1


# -- Accolades (003 "Accolades") ------------------------------------------------------------


def test_claiming_an_accolade_costs_no_ap() -> None:
    """003 "Accolades": "Claiming an Accolade is not an action and has no cost; you may
    immediately claim an Accolade after any action in which you have achieved its goal":
    with four privileges, a launch into Hydrus's Refill Rays slot records the fifth, and The
    Gods' Favourite ("the number of your privileges is at least 5") is claimed; the AP spent
    are the step and the launch only."""
    game, state = _three()
    give(game, state, 0, privileges=["core_plus_ray", "extra_action_point", "laurels_bonus",
                                     "launch_alpha_star"])  # fmt: skip
    put_star(game, state, 2, "hydrus_1")
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 3)
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0, ap=6)
    choose(game, state, "step", "act", "core:achernar", *["ray:yellow:long"] * 3, "ready")
    choose(game, state, "slot:hydrus_2")
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    me = state["players"][0]
    assert "refill_rays" in me["privileges"] and me["accolades"] == ["gods_favourite"]
    assert me["ap"] == 6 - 1 - 1 and me["night"] == 7


# -- Your Last Turn (003): "Record and score your star as usual" ----------------------------


def test_the_final_launch_records_its_magnitude_aspect_and_privilege_as_usual() -> None:
    """003 "Your Last Turn": "Pay 1 AP and you may then launch a completed star to any
    eligible slot in any constellation. Record and score your star as usual": a magnitude 2
    star into an empty constellation's target slot records the magnitude, the Core's aspect
    and the slot's privilege."""
    game, state = _three()
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    slot = sorted(o for o in options(game, state) if o.startswith("slot:"))[0][5:]
    choose(game, state, f"slot:{slot}")
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    me = state["players"][1]
    found = game.content.slots[slot]
    assert me["stars"] == [slot] and me["magnitudes"] == [2]
    aspect = game.content.cards["cores"]["achernar"].get("aspect")
    assert me["aspects"] == ([aspect] if aspect else [])
    assert list(me["privileges"]) == ([found.privilege] if found.privilege else [])
    assert me["night"] == found.night_points


def test_flush_flares_the_flush_is_heard_once_the_order_is_given_and_survives_a_save(
    tmp_path: Path,
) -> None:
    """SL164 with SL154: the flush is over, and heard (the flusher's god's `pool_flushed`,
    the `flush` event), once the last Flare is under the deck; a game saved while the order
    is asked loads and goes on."""
    game = god_game(tmp_path, "when pool_flushed -> gain 1 night_point", gods=True)
    state = blank(game)
    keep(game, state, 0, god=GOD)
    _deck_left(game, state, 0)
    pool = list(state["pools"]["flares"])
    _at_gain_flares(game, state)
    trace = Trace()
    game.listen(trace)
    choose(game, state, "flush")
    me = state["players"][0]
    assert me["night"] == 0 and not any("flushes the" in line for line in trace.lines)
    state = game.edited(persist.load(persist.save(state)))  # saved while the order is asked
    assert _under(game, state) == sorted(pool)
    choose(game, state, *[f"under:{f}" for f in reversed(pool[1:])])
    assert state["pools"]["flares"] == [*reversed(pool[1:]), pool[0]]
    assert state["players"][0]["night"] == 1
    assert sum("flushes the" in line for line in trace.lines) == 1
