"""The board facts designs.yaml's checks are written against (its header comment), so that a
new map or a new pack fails here first, not in a check that would then test nothing."""

from __future__ import annotations

from whitedwarf.interpreter.lastlight.scenario import adjacent, blank, new_game
from whitedwarf.interpreter.starlight import scenario as sl


def test_the_last_light_facts_hold() -> None:
    s = blank(new_game(players=3))
    homes = {v["home"]: k for k, v in s["sectors"].items() if v["home"] is not None}
    assert homes == {0: "distant_00", 1: "distant_04", 2: "distant_08"}
    planets = {p: (v["sector"], v["resource"]) for p, v in s["planets"].items()}
    assert planets["wildroot"] == ("outer_09", "common")
    assert planets["thornhold"][0] == "outer_05"
    inner = {"mossreach": "inner_0", "azure_deep": "inner_2", "emberlyn": "inner_4"}
    assert {p: planets[p][0] for p in inner} == inner
    assert planets["rustvale"][0] == "inner_6"
    assert {"outer_10", "inner_4"} <= set(adjacent(s, "outer_09"))
    assert s["sectors"]["outer_10"]["planet"] is None
    assert {f"inner_{n}" for n in range(8)} == set(adjacent(s, "centre"))
    for sector in ("outer_05", "outer_09", "outer_10", "centre", "inner_1", "inner_2"):
        assert not s["sectors"][sector]["asteroid"], sector


def test_the_starlight_facts_hold() -> None:
    game = sl.new_game()
    spaces = [space["id"] for space in game.content.spaces]
    assert spaces == [
        "gain_cores",
        "launch_aquila_hydrus",
        "gain_long_rays",
        "launch_lyra_draco",
        "gain_flares",
        "launch_cygnus_orion",
        "gain_short_rays",
    ]
    assert sl.linked(game, "hydrus_1") == ["hydrus_2", "hydrus_3"]
    slots = game.content.slots
    assert (slots["hydrus_2"].size, slots["hydrus_3"].size) == ("small", "medium")
    assert slots["hydrus_1"].target and slots["aquila_1"].target
