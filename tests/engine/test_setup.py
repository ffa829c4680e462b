"""Setup scenarios (000 "setup", 001 "3. Setup", 002)."""

from __future__ import annotations

from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.state import LUMOS, home_of

from tests.engine.positions import game, ids, started


def test_000_setup_pieces_for_every_player_count() -> None:
    """000 "setup": a small ship at home, an extractor on a common colony space, 1 tech."""
    for n in (2, 3, 4):
        g = game(n)
        state = started(g)
        rt = runtime(state)
        assert len(state["planets"]) == len(rt.layout.planets)
        for seat, player in enumerate(state["players"]):
            home = home_of(state, seat)
            own = [s for s in state["ships"].values() if s["owner"] == seat]
            assert [(s["size"], s["sector"]) for s in own] == [("small", home)]
            (x,) = [x for x in state["extractors"].values() if x["owner"] == seat]
            assert x["space"] == "common_a" and x["sector"] == home
            assert player["supply"] == {"small": 4, "medium": 3, "large": 2, "extractor": 7}
            assert len(player["techs_hand"]) == 1
            assert player["hand"] == [
                "research",
                "mine",
                "construct",
                "trade",
                "refresh",
                "command",
            ]


def test_000_setup_keep_one_faction_of_two_and_one_achievement_of_four() -> None:
    """000 "setup": 2 factions dealt, 1 kept; 4 achievements, 1 kept; secret and simultaneous."""
    g = game(4)
    state = g.new_state(3)
    assert state["phase"] == "setup"
    assert g.current_players(state) == [0, 1, 2, 3]
    offered = ids(g.legal_options(state, 2))
    assert len(offered) == 2 and all(o.startswith("faction:") for o in offered)
    g.apply(state, 2, offered[1])
    kept = offered[1].split(":")[1]
    # Kept face down: not revealed before every seat has kept (000 "setup").
    assert state["players"][2]["faction"] is None
    assert state["players"][2]["factions_dealt"] == [kept]
    achievements = ids(g.legal_options(state, 2))
    assert len(achievements) == 4
    g.apply(state, 2, achievements[3])
    assert 2 not in g.current_players(state)
    view = g.observation(state, 0)
    assert view["players"][2]["faction"] is None
    assert view["players"][2]["factions_dealt"] == 1
    assert kept not in str(view)
    assert view["players"][2]["achievement"] is None
    assert g.observation(state, 2)["players"][2]["factions_dealt"] == [kept]
    while state["phase"] == "setup":
        seat = g.current_players(state)[0]
        g.apply(state, seat, g.legal_options(state, seat)[0].id)
    # "All players reveal their alien faction card": together, once all have kept.
    assert state["players"][2]["faction"] == kept
    assert g.observation(state, 0)["players"][2]["faction"] == kept
    assert g.observation(state, 0)["players"][2]["achievement"] == "?"


def test_000_setup_three_plus_factions_removed_with_two_players() -> None:
    """000 "setup": "some alien faction cards are labeled 3+ and should be removed"."""
    for seed in range(10):
        state = game(2).new_state(seed)
        dealt = [f for p in state["players"] for f in p["factions_dealt"]]
        assert "deshard" not in dealt and "fifth" not in dealt
        assert "deshard" in state["box"]["factions"]


def test_002_setup_lumos_two_small_ships_in_centre() -> None:
    """002: "Add 2 small Lumos ships to the center sector"; allied to nobody on a tie."""
    state = started(game(2))
    lumos = [s for s in state["ships"].values() if s["owner"] == LUMOS]
    assert [(s["size"], s["sector"]) for s in lumos] == [("small", "centre")] * 2
    assert state["lumos"] == {
        "ally": None,
        "supply": {"small": 3, "medium": 3, "large": 2},
        "box": 0,
    }


def test_setup_is_deterministic_by_seed() -> None:
    """One seeded generator in the state: the same seed gives the same setup."""
    g = game(4)
    assert g.new_state(11) == g.new_state(11)
    assert g.new_state(11) != g.new_state(12)


def test_001_every_player_starts_with_one_common_resource() -> None:
    """001 "3. Setup": each player receives "1 common resource" (000 is silent: C3); it comes
    from the finite supply (E6)."""
    for n in (2, 3, 4):
        g = game(n)
        state = started(g)
        assert [p["res"] for p in state["players"]] == [{"common": 1, "uncommon": 0, "rare": 0}] * n
        assert state["supply"]["common"] == runtime(state).resources_total["common"] - n


def test_the_factions_option_deals_a_seat_its_faction_alone() -> None:
    """A designer's option, not a rule: the seat keeps the named faction without a choice,
    the other seats are dealt 2 from the rest (000 "setup"), and no faction is dealt twice."""
    factions = sorted(runtime(game(3).new_state(1)).cards["factions"])
    named = factions[0]
    g = game(3, factions=f",{named}")
    state = g.new_state(5)
    dealt = [p["factions_dealt"] for p in state["players"]]
    assert dealt[1] == [named]
    assert len(dealt[0]) == len(dealt[2]) == 2 and named not in dealt[0] + dealt[2]
    assert len(set(dealt[0] + dealt[2])) == 4
    assert all(o.id.startswith("achievement:") for o in g.legal_options(state, 1))
    assert started(g, 5)["players"][1]["faction"] == named
