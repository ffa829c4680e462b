"""The data-only parts of the Starlight pack: counts, references, and the sky of 003's example.

These read the YAML directly, so they hold whatever the engine does; the pack's validation by
``whitedwarf validate`` is in ``test_validates.py``.
"""

from __future__ import annotations

from collections import Counter

from .data import constellations, neighbours, read, slots

SIZES = ("small", "medium", "large")
RAY_COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")


def test_component_counts_match_003() -> None:
    # 003 "Components": 48 Cores, 8 Starters, 28 Starbots, 48 long and 48 short rays.
    assert len(read("cores")) == 48
    assert len(read("starters")) == 8
    assert len(read("starbots")) == 28
    colours = read("rays")["colours"]
    assert sum(c["long"] for c in colours) == 48
    assert sum(c["short"] for c in colours) == 48
    assert [c["colour"] for c in colours] == list(RAY_COLOURS)
    assert [p["id"] for p in read("privileges")] == [
        "buy_night_points",
        "extra_action_point",
        "refill_rays",
        "laurels_bonus",
        "core_plus_ray",
        "launch_alpha_star",
    ]


def test_setup_numbers_printed_in_003() -> None:
    setup = read("setup")
    printed = {
        "ap_per_turn": 5,
        "saved_ap_max": 5,
        "first_turn_ap": 2,
        "surcharge": 1,
        "step_cost": 1,
        "launch_cost": 1,
        "flush_cost": 1,
        "cores_pool": 3,
        "max_cores": 4,
        "cores_per_action": 2,
        "flare_costs": [1, 2, 3, 4],
        "daybreak": 65,
        "gods_per_player": 2,
        "slotless_points": {"small": 7, "medium": 11, "large": 14},
        "alpha_day_points": 5,
        "laurel_bonus": 3,
        "night_point_price": 2,
    }
    assert {key: setup[key] for key in printed} == printed


def test_rondel_order_agrees_with_the_example_of_play() -> None:
    # 003 "Example of Play": Red moves two steps from Gain Cores to Gain Long Rays; Yellow moves
    # from Gain Short Rays one step to Gain Cores, then one to "Launch to Aquila or Hydrus".
    spaces = read("rondel")["spaces"]
    assert len(spaces) == 7
    ids = [s["id"] for s in spaces]

    def step(space: str, steps: int) -> dict:
        return spaces[(ids.index(space) + steps) % len(spaces)]

    assert step("gain_cores", 2)["action"] == "gain_long_rays"
    assert step("gain_short_rays", 1)["action"] == "gain_cores"
    assert step("gain_short_rays", 2)["constellations"] == ["aquila", "hydrus"]
    actions = Counter(s["action"] for s in spaces)
    assert actions == {
        "gain_cores": 1,
        "gain_long_rays": 1,
        "gain_short_rays": 1,
        "gain_flares": 1,
        "launch": 3,
    }


def test_every_constellation_is_on_exactly_one_launch_space() -> None:
    named = [c for s in read("rondel")["spaces"] for c in s.get("constellations", [])]
    assert all(len(s.get("constellations", [])) in (0, 2) for s in read("rondel")["spaces"])
    assert sorted(named) == sorted(c["id"] for c in constellations())


def test_slots_are_well_formed() -> None:
    privileges = {p["id"] for p in read("privileges")}
    for slot in slots().values():
        assert slot["size"] in SIZES, slot
        assert slot["privilege"] is None or slot["privilege"] in privileges, slot
        assert isinstance(slot["target"], bool), slot
    for constellation in constellations():
        own = {s["id"] for s in constellation["slots"]}
        assert any(s["target"] for s in constellation["slots"]), constellation["id"]
        for link in constellation["links"]:
            assert len(link) == 2 and set(link) <= own and link[0] != link[1], link


def test_every_slot_can_be_reached_from_a_target() -> None:
    # 003: the first star goes to a target; every later one next to a filled slot.
    for constellation in constellations():
        reached = {s["id"] for s in constellation["slots"] if s["target"]}
        frontier = list(reached)
        while frontier:
            for n in neighbours(frontier.pop()):
                if n not in reached:
                    reached.add(n)
                    frontier.append(n)
        assert reached == {s["id"] for s in constellation["slots"]}, constellation["id"]


def test_night_points_grow_with_slot_size() -> None:
    by_size = {
        size: [s["night_points"] for s in slots().values() if s["size"] == size] for size in SIZES
    }
    assert max(by_size["small"]) <= min(by_size["medium"])
    assert max(by_size["medium"]) < min(by_size["large"])
    # Every size has slots in each constellation's reach: one alpha slot per constellation.
    assert Counter(s["constellation"] for s in slots().values() if s["size"] == "large") == {
        c["id"]: 1 for c in constellations()
    }


def test_every_privilege_is_in_at_least_four_constellations() -> None:
    where: dict[str, set[str]] = {}
    for slot in slots().values():
        if slot["privilege"]:
            where.setdefault(slot["privilege"], set()).add(slot["constellation"])
    assert {p: len(c) >= 4 for p, c in where.items()} == {p["id"]: True for p in read("privileges")}
    # 003 "Privileges": "Most slots have an associated privilege".
    assert sum(1 for s in slots().values() if s["privilege"]) > len(slots()) / 2
    # A large slot needs Launch Alpha Star first, so no large slot gives it.
    assert all(
        s["privilege"] != "launch_alpha_star" for s in slots().values() if s["size"] == "large"
    )


def test_hydrus_is_the_sky_of_the_example_of_play() -> None:
    # 003 "Example of Play": Hydrus holds one star; the empty slots connected to it are a small
    # slot and a medium slot; the small one gives 7 night points and the Refill Rays privilege.
    sky = slots()
    first = [s for s in sky.values() if s["constellation"] == "hydrus" and s["target"]]
    assert len(first) == 1
    linked = sorted((sky[n]["size"], n) for n in neighbours(first[0]["id"]))
    assert [size for size, _ in linked] == ["medium", "small"]
    small = sky[linked[1][1]]
    assert (small["night_points"], small["privilege"]) == (7, "refill_rays")


def test_core_plans_can_be_completed_from_the_supply() -> None:
    # 003 "Completed Stars and Plans": 2-7 rays, all matching the plan's colours and sizes.
    supply = {c["colour"]: c for c in read("rays")["colours"]}
    aspects = {a["id"] for a in read("aspects")}
    for core in read("cores"):
        assert core["aspect"] in aspects, core
        assert set(core["colours"]) <= set(RAY_COLOURS) and core["colours"], core
        long = sum(supply[c]["long"] for c in core["colours"])
        short = sum(supply[c]["short"] for c in core["colours"])
        if core["pattern"] == "long":
            assert long >= 7, core
        elif core["pattern"] == "short":
            assert short >= 7, core
        elif core["pattern"] == "equal":
            assert min(long, short) >= 4, core
        else:
            assert core["pattern"] == "any" and long + short >= 7, core


def test_the_cornucopia_brown_aspect_exists() -> None:
    # 003 "Example of Play": 'The "cornucopia" (brown) Aspect of their Core.'
    cornucopia = [a for a in read("aspects") if a["id"] == "cornucopia"]
    assert cornucopia and cornucopia[0]["colour"] == "brown"
    assert any(c["aspect"] == "cornucopia" for c in read("cores"))


def test_starbot_deck_has_one_refresh_and_accolades_1_to_5() -> None:
    # 003 "Starbot Play": every card except the Refresh card names an Accolade location 1-5.
    deck = read("starbots")
    refresh = [c for c in deck if c["action"] == "refresh"]
    assert len(refresh) == 1 and refresh[0]["accolade"] is None
    rondel_actions = {s["action"] for s in read("rondel")["spaces"]}
    for card in deck:
        if card["action"] != "refresh":
            assert card["action"] in rondel_actions and card["accolade"] in range(1, 6), card
    assert Counter(c["accolade"] for c in deck if c["accolade"]).keys() == set(range(1, 6))


def test_starters_have_one_printed_ray_and_no_aspect() -> None:
    for starter in read("starters"):
        assert set(starter) == {"id", "name", "ray", "source"}
        assert starter["ray"]["colour"] in RAY_COLOURS and starter["ray"]["size"] in (
            "long",
            "short",
        )
