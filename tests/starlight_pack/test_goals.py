"""Every laurel and accolade of the base pack in play (003 "Laurels", "Accolades").

A laurel scores its day points at final scoring when its goal is met then (003: "At the end
of the game (not during)"); an accolade is claimed by the first player to meet its goal,
after an action or at the end of a turn, and scores its day points at the end. Each case
gives a position that meets the goal and one just short of it.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.starlight.state import player

from .data import read
from .play import end_turn, final_scoring, fresh, put

SMALL = ["aquila_1", "aquila_3", "aquila_6", "hydrus_1", "hydrus_2", "hydrus_5"]
MEDIUM = ["aquila_2", "aquila_4", "aquila_7", "hydrus_3", "hydrus_4", "hydrus_7"]
LARGE = ["aquila_5", "hydrus_6", "lyra_5"]
#: One star in each constellation, in the order of the sky.
SPREAD = ["aquila_1", "hydrus_1", "lyra_1", "draco_2", "cygnus_2", "orion_1"]
#: Aquila's slots 1-6 are all linked to another of them.
CHAIN = ["aquila_1", "aquila_2", "aquila_3", "aquila_4", "aquila_5", "aquila_6"]
PRIVILEGES = [p["id"] for p in read("privileges")]
ASPECTS = [a["id"] for a in read("aspects")]
FLARES = [f["id"] for f in read("flares")]
CORES = [c["id"] for c in read("cores")]


def stars(n: int, alpha: int = 0) -> dict[str, Any]:
    """``n`` stars of seat 0 in small and medium slots, plus ``alpha`` large ones."""
    return {"stars": (SMALL + MEDIUM)[:n] + LARGE[:alpha]}


def mix(**parts: Any) -> dict[str, Any]:
    """A position from several parts (``stars`` lists are joined)."""
    out: dict[str, Any] = {}
    for key, value in parts.items():
        out.update(value if isinstance(value, dict) else {key: value})
    return out


#: laurel id -> (a position meeting the goal, a position just short of it)
LAURELS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    # 003 "Laurels": a star in each of the four constellations shown (SL69: Aquila,
    # Hydrus, Lyra, Cygnus); four others, or three of them with Draco, are not enough.
    "four_constellations": (
        {"stars": ["aquila_1", "hydrus_1", "lyra_1", "cygnus_2"]},
        {"stars": ["aquila_1", "hydrus_1", "lyra_1", "draco_2", "orion_1"]},
    ),
    "far_traveller": ({"stars": SPREAD[:5]}, {"stars": SPREAD[:4]}),
    "whole_sky": ({"stars": SPREAD}, {"stars": SPREAD[:5]}),
    "star_forger": (stars(6), stars(5)),
    "star_smith": (stars(8), stars(7)),
    "star_lord": (stars(10), stars(9)),
    "scale_climber": ({"magnitudes": [2, 3, 4, 5]}, {"magnitudes": [2, 3, 4]}),
    "five_magnitudes": ({"magnitudes": [2, 3, 4, 5, 6]}, {"magnitudes": [2, 3, 4, 5]}),
    "every_magnitude": ({"magnitudes": [2, 3, 4, 5, 6, 7]}, {"magnitudes": [2, 3, 4, 5, 6]}),
    "collector": ({"aspects": ASPECTS[:4]}, {"aspects": ASPECTS[:3]}),
    "connoisseur": ({"aspects": ASPECTS[:5]}, {"aspects": ASPECTS[:4]}),
    "pantheon": ({"aspects": ASPECTS[:6]}, {"aspects": ASPECTS[:5]}),
    "favoured": ({"privileges": PRIVILEGES[:3]}, {"privileges": PRIVILEGES[:2]}),
    "chosen": ({"privileges": PRIVILEGES[:4]}, {"privileges": PRIVILEGES[:3]}),
    "anointed": ({"privileges": PRIVILEGES[:5]}, {"privileges": PRIVILEGES[:4]}),
    "all_privileges": ({"privileges": PRIVILEGES}, {"privileges": PRIVILEGES[:5]}),
    "lone_alpha": (stars(0, alpha=1), stars(3)),
    "twin_alphas": (stars(0, alpha=2), stars(0, alpha=1)),
    "alpha_lord": (stars(0, alpha=3), stars(0, alpha=2)),
    "three_small": ({"stars": SMALL[:3]}, {"stars": [*SMALL[:2], *MEDIUM[:2]]}),
    "swarm": ({"stars": SMALL[:5]}, {"stars": SMALL[:4]}),
    "three_medium": ({"stars": MEDIUM[:3]}, {"stars": [*MEDIUM[:2], *SMALL[:2]]}),
    "steady_hand": ({"stars": MEDIUM[:5]}, {"stars": MEDIUM[:4]}),
    "chain": ({"stars": ["aquila_1", "aquila_2"]}, {"stars": ["aquila_1", "aquila_4"]}),
    "web_of_light": (
        {"stars": CHAIN[:2] + CHAIN[3:5]},
        {"stars": [*CHAIN[:2], "aquila_4", "lyra_1"]},
    ),
    "tapestry": ({"stars": CHAIN}, {"stars": [*CHAIN[:5], "lyra_1"]}),
    "flare_spender": ({"used_flares": FLARES[:3]}, {"used_flares": FLARES[:2]}),
    "flare_master": ({"used_flares": FLARES[:5]}, {"used_flares": FLARES[:4]}),
    "flare_keeper": ({"flares": FLARES[:3]}, {"flares": FLARES[:2]}),
    "balanced_sky": (
        {"stars": SMALL[:2] + MEDIUM[:2]},
        {"stars": SMALL[:3] + MEDIUM[:1]},
    ),
    "full_range": (
        {"stars": ["aquila_1", "aquila_2", "aquila_5"]},
        {"stars": SMALL[:1] + MEDIUM[:2]},
    ),
    "pilgrim": (
        {"privileges": ["refill_rays"], "stars": SPREAD[:3]},
        {"privileges": PRIVILEGES[:2] + PRIVILEGES[3:], "stars": SPREAD},
    ),
    "scholar": (
        {"magnitudes": [2, 3, 4, 5], "aspects": ASPECTS[:4]},
        {"magnitudes": [2, 3, 4, 5], "aspects": ASPECTS[:3]},
    ),
    "patient_god": (
        {"stars": ["aquila_5", *MEDIUM[:2]]},
        {"stars": ["aquila_5", *MEDIUM[:1]]},
    ),
    "humble_sky": (stars(6), stars(5, alpha=1)),
    "frugal": (stars(5), mix(s=stars(5), used_flares=FLARES[:1])),
    "hoarder": (
        {"rays": ["red:long"] * 3 + ["red:short"] * 3},
        {"rays": ["red:long"] * 4 + ["red:short"] * 2},
    ),
    # The starter core counts until it is launched: 2 cores + the starter.
    "unfinished_works": ({"cores": CORES[:2]}, {"cores": CORES[:1]}),
    "bright_path": (
        {"magnitudes": [2, 3, 4], "stars": CHAIN[:3]},
        {"magnitudes": [2, 3], "stars": CHAIN[:3]},
    ),
    "rich_sky": (
        {"aspects": ["cornucopia"], "privileges": PRIVILEGES[:3]},
        {"aspects": ASPECTS[1:], "privileges": PRIVILEGES},
    ),
    "cartographer": (
        {"stars": [*CHAIN[:3], *SPREAD[1:4]]},
        {"stars": [*CHAIN[:3], *SPREAD[1:3]]},
    ),
    "radiant": (
        {"stars": LARGE[:2], "privileges": PRIVILEGES[:4]},
        {"stars": LARGE[:1], "privileges": PRIVILEGES[:4]},
    ),
    "night_watch": ({"night": 60}, {"night": 59}),
}

LAUREL_CARDS = {c["id"]: c for c in read("laurels")}


@pytest.mark.parametrize("laurel", sorted(LAURELS))
def test_laurel_scores_when_its_goal_is_met_at_the_end(laurel: str) -> None:
    meets, misses = LAURELS[laurel]
    for position, points in ((meets, LAUREL_CARDS[laurel]["points"]), (misses, 0)):
        game, state = fresh()
        put(state, laurels=[laurel], **position)
        final_scoring(game, state)
        p = player(state, 0)
        assert p["points"]["day"]["laurels"] == points, position
        assert p["laurels_met"] == ([laurel] if points else [])


def test_laurels_bonus_adds_three_per_fulfilled_laurel() -> None:
    # 003 "Laurels +3 Victory Points".
    game, state = fresh()
    put(
        state,
        laurels=["favoured", "chosen"],
        privileges=["laurels_bonus", "refill_rays", "core_plus_ray"],
    )
    final_scoring(game, state)
    p = player(state, 0)
    assert p["laurels_met"] == ["favoured"]
    assert p["points"]["day"]["laurel_bonus"] == 3


#: accolade id -> (a position meeting the goal, a position just short of it)
ACCOLADES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "first_alpha": (stars(0, alpha=1), stars(4)),
    "sky_walker": ({"stars": SPREAD[:5]}, {"stars": SPREAD[:4]}),
    "spectrum_master": ({"magnitudes": [2, 3, 4, 5, 6]}, {"magnitudes": [2, 3, 4, 5]}),
    "many_aspects": ({"aspects": ASPECTS[:5]}, {"aspects": ASPECTS[:4]}),
    "gods_favourite": ({"privileges": PRIVILEGES[:5]}, {"privileges": PRIVILEGES[:4]}),
}

ACCOLADE_CARDS = {c["id"]: c for c in read("accolades")}


@pytest.mark.parametrize("accolade", sorted(ACCOLADES))
def test_accolade_is_claimed_by_the_first_to_meet_its_goal(accolade: str) -> None:
    meets, misses = ACCOLADES[accolade]
    game, state = fresh()
    put(state, **misses)
    end_turn(game, state)
    assert all(a["owner"] is None for a in state["accolades"])
    game, state = fresh()
    put(state, **meets)
    end_turn(game, state)
    claimed = {a["id"]: a["owner"] for a in state["accolades"] if a["owner"] is not None}
    assert claimed == {accolade: 0}
    final_scoring(game, state)
    assert player(state, 0)["points"]["day"]["accolades"] == ACCOLADE_CARDS[accolade]["points"]


def test_every_laurel_and_accolade_has_a_case() -> None:
    assert sorted(LAURELS) == sorted(LAUREL_CARDS)
    assert sorted(ACCOLADES) == sorted(ACCOLADE_CARDS)
