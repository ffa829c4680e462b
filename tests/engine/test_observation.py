"""What ``Game.observation`` hides of a pending card effect (persist.py; issue 6).

000 "Action Card #1": unresearched techs are in a player's hand, unseen by the others. While
a player picks "a tech without paying its cost" (000 "Exploration Icons Explained"; the base
pack's Precursor Databank), the effect frame waiting for that choice lists the techs in their
hand: the other seats see that a decision is pending, not what it offers.
"""

from __future__ import annotations

import json

from tests.effects.scenario import fresh, token
from tests.engine.positions import resolve


def test_another_seats_pending_effect_does_not_show_its_hand() -> None:
    g, s = fresh()
    hand = ["warp_drive#1", "x_blaster#2", "galactic_monument#1"]
    s["players"][0]["techs_hand"] = list(hand)
    s["players"][0]["res"]["common"] = 0
    token(s, 0, "free_tech", "manufacture_free an unresearched tech of yours", sector="outer_00")
    assert g.current_players(s) == [0] and s["frames"]
    own = json.dumps(g.observation(s, 0))
    assert all(ref in own for ref in hand)  # the owner sees its options
    assert {o.id for o in g.legal_options(s, 0)} == {f"pick:{r}" for r in hand}
    for seat in (1, 2, 3):
        view = g.observation(s, seat)
        text = json.dumps(view)
        assert not any(ref.partition("#")[0] in text for ref in hand)
        assert view["players"][0]["techs_hand"] == 3
        frame = view["frames"][-1]
        assert frame["owner"] == 0 and frame["pending"] == "?"
        assert g.legal_options(s, seat) == []


def test_which_techs_another_seat_drew_and_kept_is_hidden_how_many_is_not() -> None:
    """000 "Action Card #1": the techs drawn and kept go to the hand, unseen; the discarded
    one goes face up, and techs in play are public. ``tech_stats`` follows (E40)."""
    g, s = fresh()
    resolve(g, s, [["research", 0]])
    drawn = list(s["stack"][-1]["drawn"])
    g.apply(s, 0, f"discard:{drawn[0]}")
    stats = s["players"][0]["tech_stats"]
    assert sum(stats["drawn"].values()) == 3 and sum(stats["kept"].values()) == 2
    kept = {ref.partition("#")[0] for ref in drawn[1:]} - {drawn[0].partition("#")[0]}
    assert kept and all(cid in json.dumps(g.observation(s, 0)) for cid in kept)
    for seat in (1, 2, 3):
        view = g.observation(s, seat)
        shown = view["players"][0]["tech_stats"]
        assert (shown["drawn"], shown["kept"], shown["built"]) == (3, 2, {})
        assert not any(cid in json.dumps(view["players"][0]) for cid in kept)
