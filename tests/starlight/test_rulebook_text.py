"""Starlight rules checked as a reader of the rulebook (003) would write them: each test is
a position written with the public scenario helpers (docs/scenarios.md), the decisions the
rule is about and the result the text states, citing the section of 003 it comes from.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.starlight.scenario import (
    blank,
    choose,
    give,
    new_game,
    options,
    put_marker,
    put_star,
    rig_draws,
    turn,
)

Game = Any
State = Any


def _three() -> tuple[Game, State]:
    game = new_game(seats=("live", "live", "live"))
    return game, blank(game)


# -- Using the Rondel, Action Points --------------------------------------------------------------


def test_rondel_no_action_without_moving_first() -> None:
    """003 "Using the Rondel": "You may not take an action without moving first"."""
    game, state = _three()
    put_marker(game, state, 0, "gain_long_rays")
    turn(game, state, 0)
    assert "act" not in options(game, state) and "step" in options(game, state)


def test_rondel_each_action_at_most_once_before_moving_on() -> None:
    """003 "Using the Rondel": "you may take each action at most once before moving on";
    a step onto the next space offers its action again."""
    game, state = _three()
    put_marker(game, state, 0, "launch_aquila_hydrus")  # one step before Gain Long Rays
    turn(game, state, 0)
    pool = state["pools"]["long"]
    choose(game, state, "step", "act", f"ray:{pool[0]}", "done")
    assert "act" not in options(game, state)
    assert state["players"][0]["ap"] == 5 - 1 - 1


def test_ap_the_surcharge_is_one_however_many_markers() -> None:
    """003 "Action Points": "Pay only 1 extra even if there are multiple other markers"."""
    game, state = _three()
    put_marker(game, state, 1, "gain_long_rays")
    put_marker(game, state, 2, "gain_long_rays")
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    assert state["players"][0]["ap"] == 5 - 1 - 1
    pool = state["pools"]["long"]
    choose(game, state, f"ray:{pool[0]}")
    assert state["players"][0]["ap"] == 5 - 1 - 1 - 1


def test_ap_no_surcharge_for_your_own_marker_alone() -> None:
    """003 "Action Points": the surcharge is for "an opponent's marker": a space where no
    opponent's marker stands costs only the action."""
    game, state = _three()
    put_marker(game, state, 1, "gain_cores")
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    assert state["players"][0]["ap"] == 5 - 1


def test_ap_at_most_five_saved_the_rest_lost() -> None:
    """003 "Action Points": "You may save up to 5 unspent AP ... If you have more than 5
    left unspent, the remainder are lost"; the next turn has 5 and the 5 saved."""
    game, state = _three()
    put_marker(game, state, 0, "gain_cores")
    state["players"][0]["saved"] = 3
    game.edited(state)
    turn(game, state, 0)
    assert state["players"][0]["ap"] == 8
    choose(game, state, "end")
    assert state["players"][0]["saved"] == 5
    turn(game, state, 0)
    assert state["players"][0]["ap"] == 10


def test_ap_the_turn_ends_when_no_action_point_is_left() -> None:
    """003 "Action Points": "Your turn is over either when you choose to end your turn, or
    when you have no more action points to spend"."""
    game, state = _three()
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0, ap=2)
    choose(game, state, "step", "step")
    assert state["turn"] == 1 and state["players"][0]["saved"] == 0


def test_ap_steps_wrap_clockwise_round_the_rondel() -> None:
    """003 "Using the Rondel": the marker moves clockwise; from the last space of the
    rondel a step reaches the first (seven spaces, a circle)."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")  # the seventh space
    turn(game, state, 0)
    choose(game, state, "step")
    assert state["players"][0]["marker"] == 0  # Gain Cores


# -- Actions: Gain Cores, Gain Rays, Gain Flares --------------------------------------------------


def test_gain_cores_up_to_two_in_one_action() -> None:
    """003 "Gain Cores": "Take up to 2 Cores from the Core pool, for 1 AP each"."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act")
    pool = list(state["pools"]["cores"])
    choose(game, state, f"core:{pool[0]}", f"core:{pool[1]}")
    assert not [o for o in options(game, state) if o.startswith("core:")]
    assert state["players"][0]["cores"] == pool[:2] and state["players"][0]["ap"] == 9 - 3


def test_gain_cores_at_most_four_held() -> None:
    """003 "Gain Cores": "You may keep at most 4 Cores at a time ... once you have 4 Cores,
    you may not take more": with 3 held only one more is offered."""
    game, state = _three()
    deck = state["core_deck"]
    give(game, state, 0, cores=[deck[0], deck[1], deck[2]])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    pool = state["pools"]["cores"]
    choose(game, state, f"core:{pool[0]}")
    assert len(state["players"][0]["cores"]) == 4
    assert not [o for o in options(game, state) if o.startswith("core:")]


def test_gain_cores_flush_costs_one_and_discards_the_pool() -> None:
    """003 "Gain Cores": "flush the pool (discard all cards from the pool and refill the
    pool from the deck) by paying 1 AP"; "Discarded Cores should go immediately into the
    Core discard pile" (003 "Clarifications")."""
    game, state = _three()
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    old = list(state["pools"]["cores"])
    top = [state["core_deck"][i] for i in range(3)]
    rig_draws(game, state, cores=top)
    choose(game, state, "flush")
    assert state["players"][0]["ap"] == 5 - 1 - 1
    assert sorted(state["core_discard"]) == sorted(old)
    assert sorted(state["pools"]["cores"]) == sorted(top)


def test_gain_cores_an_empty_deck_is_rebuilt_from_the_discards() -> None:
    """003 "Gain Cores": "If the deck of Cores is ever empty, immediately refill it by
    turning the discards face down and shuffling them": a flush with an empty deck refills
    the pool from the discarded Cores."""
    game, state = _three()
    state["core_discard"].extend(state["core_deck"])
    state["core_deck"].clear()
    game.edited(state)
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act", "flush")
    assert len(state["pools"]["cores"]) == 3
    total = len(state["core_deck"]) + len(state["core_discard"]) + len(state["pools"]["cores"])
    assert total == 48 - 0  # no Core lost or made


def test_gain_rays_any_number_at_one_each_and_no_refill_during_the_action() -> None:
    """003 "Gain Rays": "Take as many rays ... as you wish, at a cost of 1 AP per ray ...
    You may not refill the pool during your action except by paying to flush the pool"."""
    game, state = _three()
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0, ap=8)
    choose(game, state, "step", "act")
    pool = state["pools"]["long"]
    taken = list(pool)
    for ray in taken:
        choose(game, state, f"ray:{ray}")
    assert pool == [] and sorted(state["players"][0]["rays"]) == sorted(taken)
    assert state["players"][0]["ap"] == 8 - 1 - 6


def test_gain_flares_cost_one_to_four_by_place() -> None:
    """003 "Gain Flares": "four cards in the pool, with costs of 1, 2, 3, and 4 AP"."""
    game, state = _three()
    put_marker(game, state, 0, "launch_lyra_draco")  # one step before Gain Flares
    turn(game, state, 0, ap=11)
    choose(game, state, "step", "act")
    flares = list(state["pools"]["flares"])
    choose(game, state, "flare:3")
    assert state["players"][0]["ap"] == 11 - 1 - 4
    choose(game, state, "flare:0")
    assert state["players"][0]["ap"] == 11 - 1 - 4 - 1
    assert sorted(state["players"][0]["flares"]) == sorted([flares[3], flares[0]])


def test_gain_flares_pool_slides_to_the_cheap_places_when_the_turn_is_over() -> None:
    """003 "Gain Flares": "When you have finished your entire turn, slide all cards
    remaining in the pool to fill the less-expensive positions, and refill the highest-cost
    positions from the Flares deck"."""
    game, state = _three()
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    flares = list(state["pools"]["flares"])
    new = [state["flare_deck"][0], state["flare_deck"][1]]
    rig_draws(game, state, flares=new)
    choose(game, state, "flare:0", "flare:1")  # the 1 and 2 AP places
    choose(game, state, "done", "end")
    assert state["pools"]["flares"] == [flares[2], flares[3], *new]


def test_gain_flares_flushed_cards_go_to_the_bottom_of_the_deck() -> None:
    """003 "Clarifications": "Discarded Flares go face-down on the bottom of the Flare deck";
    the pool is refilled from the top."""
    game, state = _three()
    put_marker(game, state, 0, "launch_lyra_draco")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    old = list(state["pools"]["flares"])
    top = state["flare_deck"][:4]  # the deck is drawn from its front
    size = len(state["flare_deck"])
    choose(game, state, "flush")
    assert state["pools"]["flares"] == top
    assert len(state["flare_deck"]) == size and sorted(state["flare_deck"][-4:]) == sorted(old)
    assert state["players"][0]["ap"] == 5 - 1 - 1


# -- Launch ---------------------------------------------------------------------------------------


def _launch_position(game: Game, state: State, rays: list[str], core: str) -> None:
    """Seat 0 one step before the Aquila/Hydrus launch space, holding ``core`` and ``rays``."""
    give(game, state, 0, cores=[core], rays=rays)
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)


def test_launch_only_once_per_action() -> None:
    """003 "Launch": "You may launch only once per action": with two complete stars, the
    second is not offered after the first is launched."""
    game, state = _three()
    _launch_position(game, state, ["yellow:long"] * 4, "achernar")
    give(game, state, 0, cores=["fomalhaut"])
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert state["players"][0]["stars"] == ["aquila_1"]
    assert not [o for o in options(game, state) if o.startswith("core:")]
    assert state["players"][0]["ap"] == 5 - 1 - 1


def test_launch_a_large_slot_needs_launch_alpha_star() -> None:
    """003 "Slot Sizes and Magnitudes": "large slots host magnitudes 6 or 7"; "You may not
    launch into a large slot unless you have acquired the Launch Alpha Star privilege":
    with Aquila's large slot open and linked, a star without the privilege cannot grow past
    what an open small slot takes (the medium ones are filled)."""
    game, state = _three()
    for slot in ("aquila_1", "aquila_2", "aquila_4"):
        put_star(game, state, 1, slot)
    _launch_position(game, state, ["yellow:long"] * 6, "achernar")
    choose(game, state, "step", "act", "core:achernar", *["ray:yellow:long"] * 3)
    assert "ray:yellow:long" not in options(game, state)
    choose(game, state, "ready")
    assert "slot:aquila_5" not in options(game, state)


def test_launch_a_large_slot_with_the_privilege_scores_day_points_at_the_end() -> None:
    """003 "Slot Sizes and Magnitudes" and "Scoring": with Launch Alpha Star a magnitude 6
    star goes to a large slot ("Gain 5 day points for each of your alpha stars")."""
    game, state = _three()
    for slot in ("aquila_1", "aquila_2", "aquila_4"):
        put_star(game, state, 1, slot)
    give(game, state, 0, privileges=["launch_alpha_star"])
    _launch_position(game, state, ["yellow:long"] * 6, "achernar")
    choose(game, state, "step", "act", "core:achernar", *["ray:yellow:long"] * 6, "ready")
    slots = [o for o in options(game, state) if o.startswith("slot:")]
    assert slots == ["slot:aquila_5"]
    choose(game, state, "slot:aquila_5")
    assert state["players"][0]["night"] == 14


def test_launch_magnitude_four_goes_to_a_medium_slot_only() -> None:
    """003 "Slot Sizes and Magnitudes": "medium slots host magnitudes 4 or 5"."""
    game, state = _three()
    put_star(game, state, 1, "aquila_1")
    _launch_position(game, state, ["yellow:long"] * 4, "achernar")
    choose(game, state, "step", "act", "core:achernar", *["ray:yellow:long"] * 4, "ready")
    slots = [o for o in options(game, state) if o.startswith("slot:")]
    assert slots and all(o in ("slot:aquila_2", "slot:aquila_4") for o in slots)


def test_launch_buy_night_points_two_ap_each() -> None:
    """003 "Buy Night Points on Launch": "When you launch a star, you may spend 2 AP to
    purchase 1 night point, as many times as you like"."""
    game, state = _three()
    give(game, state, 0, privileges=["buy_night_points"])
    _launch_position(game, state, ["yellow:long"] * 2, "achernar")
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    buys = [o for o in options(game, state) if o.startswith("buy")]
    assert buys, options(game, state)
    choose(game, state, buys[0])
    choose(game, state, buys[0])
    me = state["players"][0]
    assert me["night"] == 3 + 2 and me["ap"] == 9 - 1 - 1 - 4


def test_launch_no_buying_in_the_action_that_gains_the_privilege() -> None:
    """003 "Buy Night Points on Launch": "You may not use this privilege in the same action
    in which you acquire it": a launch into the slot that gives it buys nothing."""
    game, state = _three()
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 2)
    put_marker(game, state, 0, "gain_flares")  # one step before Cygnus/Orion
    turn(game, state, 0, ap=9)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:orion_1")  # a target slot giving Buy Night Points
    assert "buy_night_points" in state["players"][0]["privileges"]
    assert not [o for o in options(game, state) if o.startswith("buy")]
    assert state["players"][0]["night"] == 3


def test_launch_records_magnitude_aspect_and_privilege_once() -> None:
    """003 "Launching a Star" steps 6-8: a privilege, a magnitude and an Aspect are recorded
    "unless you already have" them; launching to a slot whose privilege you hold is allowed."""
    game, state = _three()
    give(game, state, 0, privileges=["core_plus_ray"])
    state["players"][0]["magnitudes"] = [2]
    state["players"][0]["aspects"] = ["cornucopia"]
    game.edited(state)
    _launch_position(game, state, ["yellow:long"] * 2, "achernar")  # cornucopia
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")  # Core + Ray, held already
    me = state["players"][0]
    assert me["magnitudes"] == [2] and me["aspects"] == ["cornucopia"]
    assert list(me["privileges"]) == ["core_plus_ray"] and me["night"] == 3


def test_launch_discards_the_core_and_returns_the_rays_to_their_bags() -> None:
    """003 "Launching a Star" step 9: "Discard your Core and return your star's rays to
    their appropriate grab bags"."""
    game, state = _three()
    _launch_position(game, state, ["yellow:long", "yellow:long"], "achernar")
    bag = len(state["bags"]["long"])
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert state["core_discard"][-1] == "achernar" and state["players"][0]["cores"] == []
    assert len(state["bags"]["long"]) == bag + 2


# -- Flares ---------------------------------------------------------------------------------------


def test_flares_a_flare_used_for_points_is_face_down_and_gives_no_boon() -> None:
    """003 "Flares": "Each Flare may be used either to add victory points to launched stars,
    or to gain the card's boon, but never both. After using any Flare, keep it but turn it
    face down"."""
    game, state = _three()
    give(game, state, 0, flares=["star_chorus"])  # points: 1 per star of yours
    _launch_position(game, state, ["yellow:long"] * 2, "achernar")
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert options(game, state) == ["flare:star_chorus", "no_flare"]
    choose(game, state, "flare:star_chorus")
    me = state["players"][0]
    assert me["flares"] == [] and me["used_flares"] == ["star_chorus"]
    assert me["night"] == 3 + 1  # the star being launched counts
    assert not [o for o in options(game, state) if "star_chorus" in o]


# -- End of Game, Your Last Turn, Scoring ---------------------------------------------------------


def test_end_daybreak_finishes_the_round_then_plays_one_more() -> None:
    """003 "End of Game": at 65 night points "finish that round and play one more complete
    round (so that all players have had an equal number of turns), then perform final
    scoring". Every seat holds a complete star, so none forfeits its last turn (003 "Your
    Last Turn")."""
    game, state = _three()
    for seat in range(3):
        put_marker(game, state, seat, "gain_cores")
    for seat, core, ray in ((0, "fomalhaut", "green"), (1, "denebola", "red"),
                            (2, "elnath", "blue")):  # fmt: skip
        give(game, state, seat, cores=[core], rays=[f"{ray}:long"] * 2)
    state["players"][1]["night"] = 64
    game.edited(state)
    turn(game, state, 1)
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert state["daybreak"] == 1 and state["players"][1]["night"] == 64 + 3
    choose(game, state, "end")  # seat 2 still plays this round, then a whole round more
    seats = []
    while state["phase"] != "over" and len(seats) < 20:
        seats.append((state["round"], state["turn"]))
        choose(game, state, "end")
    assert state["phase"] == "over"
    assert seats == [(1, 2), (2, 0), (2, 1), (2, 2)]


def test_tiebreak_most_stars_then_most_constellations() -> None:
    """003 "Scoring": "If there is a tie, the winner is the tied player who has launched the
    most stars. If there is still a tie, ... stars in the most constellations. And if there
    is still a tie, the tied players rejoice in a shared victory."""
    from whitedwarf.interpreter.starlight.ending import result_of

    game, state = _three()
    put_star(game, state, 0, "aquila_1")
    put_star(game, state, 0, "aquila_3")  # 2 stars, 1 constellation
    put_star(game, state, 1, "hydrus_1")
    put_star(game, state, 1, "lyra_1")  # 2 stars, 2 constellations
    put_star(game, state, 2, "draco_1")  # 1 star
    for p in state["players"]:
        p["night"] = 20
    game.edited(state)
    assert result_of(game, state, "test")["winners"] == [1]
    put_star(game, state, 0, "cygnus_1")  # 3 stars beat more constellations
    result = result_of(game, state, "test")
    assert result["winners"] == [0] and result["tiebreak"] == "stars"


def test_starter_core_has_no_aspect_to_record() -> None:
    """003 "Launching Stars": "Starter Cores have no Aspect"; its pre-printed ray counts, so
    one bought ray makes a magnitude 2 star (step 8 records nothing)."""
    game, state = _three()
    give(game, state, 0, starter="starter_red_long", rays=["blue:short"])
    put_marker(game, state, 0, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "act", "core:starter_red_long", "ray:blue:short", "ready")
    choose(game, state, "slot:aquila_1")
    me = state["players"][0]
    assert me["stars"] == ["aquila_1"] and me["aspects"] == [] and me["magnitudes"] == [2]


def test_clarifications_a_pool_refills_as_far_as_the_bag_allows() -> None:
    """003 "What happens if you can't refill a pool?": "just refill it as much as possible";
    "Discarded rays may be held out until after their pool is refilled; then put them into
    their draw bag": a flush with 2 rays left in the bag leaves a pool of 2."""
    game, state = _three()
    bag = state["bags"]["long"]
    give(game, state, 1, rays=bag[2:])  # all but two long rays are held by seat 1
    assert len(bag) == 2
    left = list(bag)
    put_marker(game, state, 0, "launch_aquila_hydrus")
    turn(game, state, 0)
    old = list(state["pools"]["long"])
    choose(game, state, "step", "act", "flush")
    assert sorted(state["pools"]["long"]) == sorted(left)
    assert sorted(state["bags"]["long"]) == sorted(old)


def test_clarifications_no_ray_pool_flush_during_gain_cores() -> None:
    """003 "When can you flush a pool?": "you may not flush a ray pool while resolving the
    Gain Core action, even when you have the Core + Ray privilege"; the free ray is the
    player's pick of either pool."""
    game, state = _three()
    give(game, state, 0, privileges=["core_plus_ray"])
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act")
    pool = state["pools"]["cores"]
    long_pool = list(state["pools"]["long"])
    choose(game, state, f"core:{pool[0]}")
    offered = options(game, state)
    assert [o for o in offered if o.endswith(":long")] and [
        o for o in offered if o.endswith(":short")
    ]
    short_pool = list(state["pools"]["short"])
    choose(game, state, "flush")  # the one flush offered is the Core pool's
    assert state["pools"]["long"] == long_pool and state["pools"]["short"] == short_pool
    choose(game, state, next(o for o in offered if o.endswith(":long")))
    assert len(state["pools"]["long"]) == len(long_pool) - 1  # no refill without Refill Rays


def test_first_turn_ap_left_over_are_saved() -> None:
    """003 "Your First Turn": "you receive only 2 AP to spend on the action"; "Action Points":
    unspent AP may be saved (docs/rules-decisions.md SL15): one Core taken, 1 AP saved."""
    game, state = _three()
    assert state["players"][0]["ap"] == 2 and state["players"][0]["marker"] is None
    pool = state["pools"]["cores"]
    choose(game, state, "place:0", f"core:{pool[0]}", "done")
    assert state["turn"] == 1 and state["players"][0]["saved"] == 1


def test_flares_one_flare_attached_per_launch() -> None:
    """003 "Flares": "you may attach one Flare to your star during a Launch action": with
    two Flares held, one is attached and the other stays in hand, face up."""
    game, state = _three()
    give(game, state, 0, flares=["star_chorus", "wide_heavens"])
    _launch_position(game, state, ["yellow:long"] * 2, "achernar")
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert "flare:star_chorus" in options(game, state)
    choose(game, state, "flare:star_chorus")
    me = state["players"][0]
    assert not [o for o in options(game, state) if o.startswith("flare:")]
    assert me["flares"] == ["wide_heavens"] and me["used_flares"] == ["star_chorus"]


def test_accolades_claimed_right_after_the_action_by_the_first_only() -> None:
    """003 "Accolades": "Each Accolade may be claimed only once, by the first player to
    achieve its goal ... you may immediately claim an Accolade after any action in which you
    have achieved its goal": a fifth Aspect recorded by a launch claims Many Aspects before
    the turn goes on; another player recording a fifth later does not."""
    game, state = _three()
    four = ["crown", "sword", "chalice", "serpent"]
    state["players"][0]["aspects"] = list(four)
    state["players"][1]["aspects"] = list(four)
    game.edited(state)
    _launch_position(game, state, ["yellow:long"] * 2, "achernar")  # cornucopia
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    many = next(a for a in state["accolades"] if a["id"] == "many_aspects")
    assert many["owner"] == 0 and state["players"][0]["accolades"] == ["many_aspects"]
    assert state["turn"] == 0  # claimed within the turn, after the action
    choose(game, state, "end")
    give(game, state, 1, cores=["denebola"], rays=["red:long"] * 2)  # cornucopia too
    put_marker(game, state, 1, "gain_cores")
    turn(game, state, 1)
    choose(game, state, "step", "act", "core:denebola", "ray:red:long", "ray:red:long")
    choose(game, state, "ready", "slot:hydrus_1")
    assert len(state["players"][1]["aspects"]) == 5
    assert many["owner"] == 0 and state["players"][1]["accolades"] == []


# -- Starbot Play ---------------------------------------------------------------------------------


def _starbot_turn(game: Game, state: State, card: str) -> None:
    """Seat 0 (live) ends its first turn; the Starbot in seat 1 turns up ``card``."""
    rig_draws(game, state, starbots=[card])
    choose(game, state, "place:0", "done")


def test_starbot_fifth_marker_wins_the_accolade_at_once() -> None:
    """003 "Starbot Play": "If a Starbot accumulates 5 of its own markers on an Accolade, it
    immediately wins that Accolade. Take the Accolade card and put it by the Starbot's
    marker supply"; its night points are scored the same turn."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    state["accolades"][1]["marks"] = {"1": 4}  # accolade place 2: four markers already
    game.edited(state)
    _starbot_turn(game, state, "starbot_07")  # Gain Short Rays 1: 3 night points, place 2
    bot = state["players"][1]
    assert state["accolades"][1]["owner"] == 1
    assert bot["accolades"] == [state["accolades"][1]["id"]] and bot["night"] == 3


def test_starbot_places_no_marker_on_a_won_accolade() -> None:
    """003 "Starbot Play": "If the Accolade is no longer in play because some player (live or
    Starbot) has already won it, do not place a marker"; the night points still come."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    state["accolades"][1]["owner"] = 0
    state["players"][0]["accolades"] = [state["accolades"][1]["id"]]
    game.edited(state)
    _starbot_turn(game, state, "starbot_07")
    assert state["accolades"][1]["marks"] == {} and state["accolades"][1]["owner"] == 0
    assert state["players"][1]["night"] == 3 and state["players"][1]["accolades"] == []


def test_starbot_refresh_card_names_no_accolade() -> None:
    """003 "Starbot Play": "each Starbot card (except the Refresh card) specifies the index
    number of one of the five Accolade locations": the Refresh card places no marker."""
    game = new_game(seats=("live", "starbot"))
    state = blank(game)
    _starbot_turn(game, state, "starbot_28")
    assert all(a["marks"] == {} for a in state["accolades"])
    assert state["players"][1]["night"] == 3


def test_last_turn_other_actions_as_usual_then_the_final_launch() -> None:
    """003 "Your Last Turn": "You may take other actions as usual in your last turn ... Just
    save 1 AP to pay for the launch as your last action": a Launch action from the rondel,
    then the final launch, which goes to "any eligible slot in any constellation" without a
    step and ends the turn."""
    game, state = _three()
    for seat in range(3):
        put_marker(game, state, seat, "gain_cores")
    give(game, state, 0, cores=["fomalhaut", "elnath"], rays=["green:long"] * 2 + ["blue:long"] * 2)
    state["players"][1]["night"] = 64
    game.edited(state)
    turn(game, state, 1)
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1", "end")  # daybreak: round 2 is the last
    choose(game, state, "end")  # seat 2
    assert (state["round"], state["turn"]) == (2, 0)
    assert "final" in options(game, state)
    choose(game, state, "step", "act", "core:fomalhaut", "ray:green:long", "ray:green:long")
    choose(game, state, "ready", "slot:aquila_3")
    me = state["players"][0]
    assert me["ap"] == 5 - 1 - 1 - 1  # the step, the launch, seat 1's marker there
    choose(game, state, "final", "core:elnath", "ray:blue:long", "ray:blue:long", "ready")
    assert "slot:lyra_1" in options(game, state)  # a constellation of no launch space here
    choose(game, state, "slot:lyra_1")
    if "no_flare" in options(game, state):
        choose(game, state, "no_flare")
    assert me["stars"] == ["aquila_3", "lyra_1"]
    assert state["players"][0]["saved"] == 1  # 1 AP for the final launch, no surcharge
    assert state["turn"] != 0  # the final launch ended the turn
