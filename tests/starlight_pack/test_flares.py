"""Every flare of the base pack in play, both boxes (003 "Flares").

Blue box: seat 0 launches a star with the flare attached and scores its night points,
counted with the star being launched (003: "Include the star you are launching now in your
calculation"), before the slot's privilege, magnitude and aspect are recorded (launch steps 5
then 6-8). Green box: seat 0 uses the flare for its boon between actions, and the flare is
spent either way (face down, counted as used).

The standard star below is the core Achernar (orange/yellow/green/purple, long rays only,
aspect cornucopia) launched to ``hydrus_1`` (Hydrus's target: small, 4 night points, Launch
Alpha Star) from the Aquila/Hydrus launch space; a case changes what it needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from whitedwarf.interpreter.starlight.state import player

from .data import read
from .play import fresh, holding, launch, put, use_boon

OR, YE, GR, PU = "orange:long", "yellow:long", "green:long", "purple:long"
TWO = [OR, YE]  # magnitude 2, two colours
THREE = [OR, YE, GR]  # magnitude 3, three colours


@dataclass(frozen=True)
class Points:
    """Launch with ``flare`` attached from position ``given``: the flare scores ``expect``."""

    id: str
    flare: str
    expect: int
    rays: list[str] = field(default_factory=lambda: list(TWO))
    slot: str = "hydrus_1"
    given: dict[str, Any] = field(default_factory=dict)


MEDIUM = {"others": ["aquila_1"]}  # aquila_2 (medium) is linked to a filled slot
ALPHA = {"others": ["aquila_1", "aquila_2"], "privileges": ["launch_alpha_star"]}

POINTS = [
    Points("star_chorus", "star_chorus", 3, given={"stars": ["aquila_1", "aquila_3"]}),
    Points("wide_heavens", "wide_heavens", 6, given={"stars": ["aquila_1", "lyra_1"]}),
    Points("little_lights", "little_lights", 4, given={"stars": ["aquila_1", "aquila_2"]}),
    Points("middle_way", "middle_way", 4, given={"stars": ["aquila_1", "aquila_2", "aquila_4"]}),
    Points("alpha_crown", "alpha_crown", 6, given={"stars": ["aquila_5"]}),
    Points("chain_of_light", "chain_of_light", 4, THREE, "hydrus_2", {"stars": ["hydrus_1"]}),
    Points("twin_lights", "twin_lights", 6, given={"stars": ["aquila_1", "aquila_3", "lyra_1"]}),
    Points("twin_lights_rounds_down", "twin_lights", 4, given={"stars": ["aquila_1", "lyra_1"]}),
    Points("bright_heart", "bright_heart", 3, THREE),
    Points("rainbow", "rainbow", 6, THREE),
    Points("giant_flare", "giant_flare", 8, [OR, YE, GR, PU, OR], "aquila_2", MEDIUM),
    Points("giant_flare_too_small", "giant_flare", 0, [OR, YE, GR, PU], "aquila_2", MEDIUM),
    Points("small_wonder", "small_wonder", 5, THREE),
    Points("small_wonder_too_big", "small_wonder", 0, [OR, YE, GR, PU], "aquila_2", MEDIUM),
    Points("pure_light", "pure_light", 7, [OR, OR]),
    Points("pure_light_two_colours", "pure_light", 0, TWO),
    Points("twin_colours", "twin_colours", 6, TWO),
    Points("full_spectrum", "full_spectrum", 10, [OR, YE, GR, PU], "aquila_2", MEDIUM),
    Points("full_spectrum_three_colours", "full_spectrum", 0, [OR, YE, GR, OR], "aquila_2", MEDIUM),
    Points("seventh_ray", "seventh_ray", 12, [OR, OR, YE, YE, GR, GR, PU], "aquila_5", ALPHA),
    Points(
        "seventh_ray_magnitude_6", "seventh_ray", 3, [OR, OR, YE, YE, GR, GR], "aquila_5", ALPHA
    ),
    Points("full_scale", "full_scale", 3, THREE, given={"magnitudes": [2, 4]}),
    Points("many_faces", "many_faces", 3, given={"aspects": ["crown", "sword"]}),
    Points("many_faces_aspect_known", "many_faces", 2, given={"aspects": ["cornucopia", "sword"]}),
    # The slot's privilege is recorded after the flare scores (launch step 6 after step 5).
    Points(
        "royal_favour", "royal_favour", 2, given={"privileges": ["core_plus_ray", "refill_rays"]}
    ),
    Points(
        "scholars_glow",
        "scholars_glow",
        2,
        THREE,
        given={"magnitudes": [2, 4], "aspects": ["crown"]},
    ),
    Points(
        "favoured_one",
        "favoured_one",
        6,
        given={"privileges": ["core_plus_ray", "refill_rays", "laurels_bonus", "buy_night_points"]},
    ),
    Points("favoured_one_three", "favoured_one", 2, given={"privileges": ["core_plus_ray"]}),
    # one flare used before it, plus 2: the flare being used is not counted (SL151)
    Points("spent_embers", "spent_embers", 3, given={"used_flares": ["star_chorus"]}),
    Points(
        "flare_hoard",
        "flare_hoard",
        4,
        given={"flares": ["flare_hoard", "steady_flame", "wishing_star"]},
    ),
    Points("ray_hoard", "ray_hoard", 6, given={"rays": [*TWO, "red:short"] * 2}),
    Points("ray_hoard_spent", "ray_hoard", 3),
    # cores_held counts the starter and, until launch step 9 discards it, the star's own core.
    Points("core_keeper", "core_keeper", 8, given={"cores": ["achernar", "adhara", "algol"]}),
    Points("core_keeper_one", "core_keeper", 2, given={"cores": ["achernar"], "starter": None}),
    Points("steady_flame", "steady_flame", 4),
    Points("late_bloom", "late_bloom", 4, given={"round": 9}),
    Points("early_spark", "early_spark", 7, given={"round": 6}),
    Points("early_spark_late", "early_spark", 3, given={"round": 7}),
    Points("crowded_sky", "crowded_sky", 4),
    # The slot's 4 night points come first (launch step 5): 24 and 52 after the slot.
    Points("underdog", "underdog", 7, given={"night": 20}),
    Points("underdog_ahead", "underdog", 3, given={"night": 26}),
    Points("last_light", "last_light", 6, given={"night": 46}),
    Points("last_light_behind", "last_light", 3, given={"night": 45}),
    Points("forge_bellows", "forge_bellows", 4),
    Points("starfall", "starfall", 4),
    Points("second_wind", "second_wind", 3),
    Points("kindling", "kindling", 1),
    Points("wishing_star", "wishing_star", 5),
]


@pytest.mark.parametrize("case", POINTS, ids=[c.id for c in POINTS])
def test_blue_box_scores_when_attached_to_a_launch(case: Points) -> None:
    game, state = fresh()
    given = dict(case.given)
    rays = list(given.pop("rays", case.rays))
    flares = list(given.pop("flares", [case.flare]))
    cores = list(given.pop("cores", ["achernar"]))
    put(state, cores=cores, rays=rays, flares=flares, **given)
    night = player(state, 0)["night"]
    launch(game, state, "achernar", case.rays, case.slot, case.flare)
    p = player(state, 0)
    slot_points = game.content.slots[case.slot].night_points
    assert p["points"]["night"]["flare"] == case.expect
    assert p["night"] == night + slot_points + case.expect
    assert case.flare in p["used_flares"] and case.flare not in p["flares"]


@pytest.mark.parametrize(
    ("flare", "rays", "expect"),
    [("pure_light", ["red:long"], 7), ("twin_colours", ["blue:short"], 6),
     ("pure_light", ["blue:short"], 0)],
)  # fmt: skip
def test_a_starters_printed_ray_counts_for_the_colours_of_the_star(
    flare: str, rays: list[str], expect: int
) -> None:
    # 003 "Your Starter Core": the pre-printed ray "counts like a regular ray"; 003 "Flares":
    # the blue box counts "the star you are launching now". Red long starter + the rays.
    game, state = fresh()
    put(state, cores=[], rays=rays, flares=[flare])
    player(state, 0)["starter"] = "starter_red_long"
    launch(game, state, "starter_red_long", rays, "hydrus_1", flare)
    assert player(state, 0)["points"]["night"]["flare"] == expect


@dataclass(frozen=True)
class Boon:
    """Use ``flare``'s boon, answering ``answers``: seat 0 holds ``gains`` more of each."""

    flare: str
    gains: dict[str, int]
    answers: tuple[str, ...] = ()


BOONS = [
    Boon("star_chorus", {"long": 2}),
    Boon("wide_heavens", {"cores": 1}),
    Boon("little_lights", {"short": 2}),
    Boon("middle_way", {"long": 2}),
    Boon("alpha_crown", {"cores": 1, "long": 1}),
    Boon("chain_of_light", {"cores": 1}),
    Boon("twin_lights", {"long": 1, "short": 1}),
    Boon("bright_heart", {"short": 2}),
    Boon("rainbow", {"short": 2}, ("branch:1",)),
    Boon("giant_flare", {"cores": 1}),
    Boon("small_wonder", {"ap": 2}),
    Boon("pure_light", {"long": 2}),
    Boon("twin_colours", {"short": 2}),
    Boon("full_spectrum", {"flares": 1}),
    Boon("seventh_ray", {"long": 3}),
    Boon("full_scale", {"ap": 2}),
    Boon("many_faces", {"flares": 1}),
    Boon("royal_favour", {"long": 1, "short": 1}),
    Boon("scholars_glow", {"cores": 1}),
    Boon("favoured_one", {"ap": 2}),
    Boon("spent_embers", {"flares": 1}),
    Boon("flare_hoard", {"short": 2}),
    Boon("ray_hoard", {"long": 2}),
    Boon("core_keeper", {"cores": 1}),
    Boon("steady_flame", {"ap": 2}),
    Boon("late_bloom", {"short": 2}),
    Boon("early_spark", {"long": 1, "short": 1}),
    Boon("crowded_sky", {"long": 2}),
    Boon("underdog", {"short": 3}),
    Boon("last_light", {"cores": 1}),
    Boon("forge_bellows", {"long": 4, "ap": -1}, ("yes",)),
    Boon("starfall", {"short": 4, "ap": -1}, ("yes",)),
    Boon("second_wind", {"ap": 3}),
    Boon("kindling", {"cores": 1, "short": 1}),
    Boon("wishing_star", {"cores": 1}, ("branch:0",)),
]


@pytest.mark.parametrize("case", BOONS, ids=[c.flare for c in BOONS])
def test_green_box_gives_its_boon(case: Boon) -> None:
    game, state = fresh()
    put(state, flares=[case.flare])
    before = holding(state)
    use_boon(game, state, case.flare, case.answers)
    after = holding(state)
    gained = {k: after[k] - before[k] for k in after}
    # The flare itself is spent (face down): one flare fewer in hand, one more used.
    assert gained == {"long": 0, "short": 0, "cores": 0, "ap": 0, **case.gains} | {
        "flares": case.gains.get("flares", 0) - 1
    }
    assert player(state, 0)["used_flares"] == [case.flare]


def test_a_declined_paid_boon_gives_nothing_and_still_spends_the_flare() -> None:
    game, state = fresh()
    put(state, flares=["forge_bellows"])
    before = holding(state)
    use_boon(game, state, "forge_bellows", ("no",))
    assert holding(state) == {**before, "flares": before["flares"] - 1}


def test_every_flare_has_a_case_for_each_box() -> None:
    flares = {f["id"] for f in read("flares")}
    assert {c.flare for c in POINTS} == flares
    assert sorted(c.flare for c in BOONS) == sorted(flares)
