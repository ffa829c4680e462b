"""Starlight rules an outside checker would write from the rulebook (003), fourth pass: where
two rules meet at one moment (the end of the game and a privilege, daybreak and Buy Night
Points, an empty Core deck and a flush), each as a position made with the public scenario
helpers (docs/scenarios.md), the decisions the rules are about and what a player would see,
quoting the section of 003 it comes from. They add to ``test_rulebook_text.py``,
``test_rulebook_edges.py`` and ``test_rulebook_exceptions.py``.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.starlight.scenario import (
    choose,
    give,
    keep,
    options,
    put_marker,
    put_star,
    turn,
)

from tests.starlight.rulebook_steps import at_launch as _at_launch
from tests.starlight.rulebook_steps import last_round as _last_round
from tests.starlight.rulebook_steps import three as _three

Game = Any
State = Any


def _play_out(game: Game, state: State, limit: int = 60) -> list[tuple[int, int]]:
    """Every seat ends its turn at once (a last turn without a star is forfeit) until the
    game is over; returns the (round, seat) of each turn played."""
    seats = []
    for _ in range(limit):
        if state["phase"] == "over":
            return seats
        seats.append((state["round"], state["turn"]))
        offered = options(game, state)
        choose(game, state, "end" if "end" in offered else offered[-1])
    raise AssertionError("the game did not end")


def _complete_stars(game: Game, state: State, seats: tuple[int, ...]) -> None:
    """Each of ``seats`` holds a complete magnitude 2 star (a Core and two of its rays)."""
    held = {0: ("fomalhaut", "green"), 1: ("denebola", "red"), 2: ("elnath", "blue")}
    for seat in seats:
        core, colour = held[seat]
        give(game, state, seat, cores=[core], rays=[f"{colour}:long"] * 2)


# -- Daybreak (003 "End of Game") -----------------------------------------------------------------


def test_daybreak_night_points_bought_on_launch_reach_sixty_five() -> None:
    """003 "End of Game": daybreak comes "when any player ... reaches or exceeds 65 Victory
    Points on the score track"; 003 "Buy Night Points on Launch": "spend 2 [AP] to purchase 1
    night point, as many times as you like". At 60, a small target slot's 3 points make 63:
    no daybreak; the second point bought makes 65, and daybreak comes with it."""
    game, state = _three()
    state["players"][0]["night"] = 60
    give(game, state, 0, privileges=["buy_night_points"])
    _at_launch(game, state, "achernar", ["yellow:long"] * 2, ap=10)
    choose(game, state, "ray:yellow:long", "ray:yellow:long", "ready", "slot:aquila_1")
    assert state["players"][0]["night"] == 63 and state["daybreak"] is None
    choose(game, state, "buy")
    assert state["players"][0]["night"] == 64 and state["daybreak"] is None
    choose(game, state, "buy")
    assert state["players"][0]["night"] == 65 and state["daybreak"] == state["round"]


def test_daybreak_in_the_start_players_turn_the_round_then_one_more() -> None:
    """003 "End of Game": "finish that round and play one more complete round (so that all
    players have had an equal number of turns)": daybreak in the Start Player's (seat 0)
    turn of round 1; seats 1 and 2 finish round 1, every seat plays round 2, and the game
    ends: each seat had two turns. Every seat holds a complete star, so none forfeits its
    last turn (003 "Your Last Turn")."""
    game, state = _three()
    for seat in range(3):
        put_marker(game, state, seat, "gain_cores")
    _complete_stars(game, state, (0, 1, 2))
    state["players"][0]["night"] = 64
    game.edited(state)
    turn(game, state, 0)
    give(game, state, 0, cores=["achernar"], rays=["yellow:long"] * 2)
    choose(game, state, "step", "act", "core:achernar", "ray:yellow:long", "ray:yellow:long")
    choose(game, state, "ready", "slot:aquila_1")
    assert state["daybreak"] == 1
    choose(game, state, "end")
    assert _play_out(game, state) == [(1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]


def test_daybreak_a_second_player_past_sixty_five_in_the_last_round_adds_no_round() -> None:
    """003 "End of Game": daybreak is triggered once ("when any player ... reaches or
    exceeds 65"); a player passing 65 in the one more round does not bring another: the
    game ends when that round ends (seat 2 holds a star, so it plays its last turn)."""
    game, state = _three()
    _complete_stars(game, state, (2,))
    state["players"][1]["night"] = 64
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    last = state["round"]
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    choose(game, state, "slot:aquila_1")
    assert state["players"][1]["night"] >= 65
    assert _play_out(game, state) == [(last, 2)]
    assert state["phase"] == "over"


# -- A privilege gained at the end (003 "Privileges", "Scoring") -----------------------------


def test_laurels_bonus_gained_in_the_final_launch_counts_in_final_scoring() -> None:
    """003 "Privileges": a privilege is "yours to use for the remainder of the game,
    beginning with the action after you gain the privilege"; "Laurels +3 Victory Points":
    "At the end of the game, each of your fulfilled Laurels gains 3 more victory points".
    Final scoring comes after the last action, so Laurels +3 gained by the final launch
    (Aquila's slot 6) adds 3 to the laurel that launch fulfils (Star Forger: 6 stars)."""
    game, state = _three()
    for slot in ("aquila_1", "aquila_3", "hydrus_1", "lyra_1", "cygnus_1"):
        put_star(game, state, 1, slot)
    keep(game, state, 1, laurels=["star_forger"])
    give(game, state, 1, cores=["achernar"], rays=["yellow:long"] * 2)
    game.edited(state)
    _last_round(game, state, 1)
    choose(game, state, "final", "core:achernar", "ray:yellow:long", "ray:yellow:long", "ready")
    choose(game, state, "slot:aquila_6")
    _play_out(game, state)
    me = state["players"][1]
    assert "laurels_bonus" in me["privileges"]
    assert me["points"]["day"]["laurels"] == 4 and me["points"]["day"]["laurel_bonus"] == 3


# -- Pools (003 "Gain Cores", "Clarifications") ---------------------------------------------


def test_gain_cores_a_flush_that_empties_the_deck_reshuffles_the_flushed_cores() -> None:
    """003 "Clarifications": "Discarded Cores should go immediately into the Core discard
    pile"; 003 "Gain Cores": "If the deck of Cores is ever empty, immediately refill it by
    turning the discards face down and shuffling them." With one Core left in the deck, a
    flush discards the pool's three, draws the last Core, and refills the deck from the
    discards, the three just flushed among them: the pool is full again and no Core is lost."""
    game, state = _three()
    deck, discard = state["core_deck"], state["core_discard"]
    discard.extend(deck[1:])  # by hand: every Core but one was discarded earlier
    del deck[1:]
    total = len(deck) + len(discard) + len(state["pools"]["cores"])
    last = deck[0]
    game.edited(state)
    put_marker(game, state, 0, "gain_short_rays")
    turn(game, state, 0)
    choose(game, state, "step", "act", "flush")
    pool = state["pools"]["cores"]
    assert len(pool) == 3 and last in pool
    assert state["core_discard"] == []
    assert len(state["core_deck"]) + len(pool) == total
