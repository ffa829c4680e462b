"""A mod cannot remove what the game cannot do without (issue 6 item 4).

000 "setup" deals each seat 2 factions (3+ factions removed with 2 players) and one set of 4
achievements, and puts a planet on every planet slot; the six action cards are rules of the
game (000 "playing the game"). A mod that removes too much is refused when it is validated,
at its own ``remove`` line, naming it, instead of validating clean and then dealing a seat
faction ``None``, or playing a Trade card the mod removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.tools.cli import main

MANIFEST = "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
BASE_FACTIONS = [
    "iou_nell",
    "allterra",
    "deshard",
    "lyannae",
    "talorin",
    "vorrkai",
    "korrundi",
    "quillari",
    "shavani",
    "myrr",
    "thessari",
    "veyshan",
    "hexan",
    "zhur",
    "khet",
]
SET_FOUR = ["three_suns", "dominion", "conqueror", "comeback"]


@pytest.fixture
def mod(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", "off")
    folder = tmp_path / "mod"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST + "allow: [W0902]\n")
    return folder


def removing(ids: list[str]) -> str:
    return "".join(f"- {{id: {i}, remove: true}}\n" for i in ids)


def located(mod: Path) -> list[str]:
    result = load_packs([mod.name])
    return [f"{d.span.path}:{d.span.line}:{d.span.column}: {d.code}" for d in result.errors]


def test_removing_an_action_card_is_refused_at_the_mods_line(mod: Path) -> None:
    (mod / "actions.yaml").write_text(removing(["trade"]))
    result = load_packs(["mod"])
    [problem] = result.errors
    assert problem.code == "E0805" and problem.span.path == "mod/actions.yaml"
    assert (problem.span.line, problem.span.column) == (1, 8)
    assert "mod removes the action card `trade`" in problem.message


def test_renumbering_an_action_card_is_refused_not_ignored(mod: Path) -> None:
    (mod / "actions.yaml").write_text(
        "- number: 7\n  id: trade\n  name: Barter\n  source: invented\n  replace: true\n"
        "  steps: [trade]\n  returnable: false\n  turn_order: false\n"
    )
    errors = load_packs(["mod"]).errors
    assert [(d.code, d.span.line) for d in errors] == [("E0923", 1), ("E0923", 6)]
    assert "`number: 7`, but the engine plays it with `number: 4`" in errors[0].message


def test_rewording_an_action_card_and_its_returnable_is_allowed(mod: Path) -> None:
    (mod / "actions.yaml").write_text(
        "- number: 4\n  id: trade\n  name: Barter\n  source: invented\n  replace: true\n"
        "  steps: [trade, gift_light]\n  returnable: false\n  turn_order: false\n"
    )
    result = load_packs(["mod"])
    assert result.errors == []
    assert result.pack.data["actions"][3]["name"] == "Barter"


def test_removing_twelve_factions_is_refused_at_the_last_removal(mod: Path) -> None:
    (mod / "factions.yaml").write_text(removing(BASE_FACTIONS[:12]))
    assert located(mod) == ["mod/factions.yaml:12:8: E0930"]
    [problem] = load_packs(["mod"]).errors
    assert problem.message.startswith(
        "the 4-player setup deals 2 factions to each seat, 8 factions in all, but the loaded "
        "packs leave 3 factions: mod removes `iou_nell`"
    )


def test_play_refuses_the_mod_instead_of_dealing_faction_none(mod: Path) -> None:
    (mod / "factions.yaml").write_text(removing(BASE_FACTIONS[:12]))
    seats = "random,random,random,random"
    result = CliRunner().invoke(main, ["play", "--pack", "mod", "--seats", seats])
    assert result.exit_code != 0
    assert "error[E0930]" in result.output and "None" not in result.output


def test_removing_a_whole_achievement_set_is_refused(mod: Path) -> None:
    (mod / "achievements.yaml").write_text(removing(SET_FOUR))
    assert located(mod) == ["mod/achievements.yaml:4:8: E0930"]
    [problem] = load_packs(["mod"]).errors
    assert "deals a set to each seat, 4 achievement sets in all" in problem.message
    assert "leave 3 achievement sets" in problem.message


def test_removing_part_of_a_set_still_deals_every_seat(mod: Path) -> None:
    (mod / "achievements.yaml").write_text(removing(SET_FOUR[:3]))
    assert load_packs(["mod"]).errors == []


def test_two_player_setup_counts_only_factions_without_three_plus(mod: Path) -> None:
    factions = load_packs(["mod"]).pack.data["factions"]
    two_player = [f["id"] for f in factions if not f["three_plus"]]
    (mod / "factions.yaml").write_text(removing(two_player[:-3]))
    [problem] = load_packs(["mod"]).errors
    assert problem.message.startswith("the 4-player setup deals 2 factions to each seat")
    assert problem.notes[-1] == (
        "the 2-player setup is short too: it deals 2 factions to each seat (3+ factions are "
        "removed in a 2-player game), 4 factions in all"
    )


def test_removing_planets_below_the_slots_is_refused(mod: Path) -> None:
    planets = Path(load_packs(["mod"]).pack.packs[0].path, "planets.yaml").read_text()
    ids = [line.split()[-1] for line in planets.splitlines() if line.startswith("- id:")]
    (mod / "planets.yaml").write_text(removing(ids[:8]))
    [problem] = load_packs(["mod"]).errors
    assert problem.code == "E0930" and "planet on each slot" in problem.message


def test_the_mods_own_cards_also_count(mod: Path) -> None:
    added = "".join(
        f"- {{id: new_{i}, name: New {i}, three_plus: false, source: invented, "
        f"effect: 'when rotation -> gain 1 common'}}\n"
        for i in range(5)
    )
    (mod / "factions.yaml").write_text(removing(BASE_FACTIONS[:12]) + added)
    assert load_packs(["mod"]).errors == []


def test_factions_dealt_per_seat_is_read_by_setup(mod: Path) -> None:
    from whitedwarf.interpreter.lastlight.game import Game
    from whitedwarf.interpreter.lastlight.packs import content_from_pack

    supply = Path(load_packs(["mod"]).pack.packs[0].path, "supply.yaml").read_text()
    (mod / "supply.yaml").write_text(
        supply.replace("faction_cards_dealt: 2", "faction_cards_dealt: 3")
    )
    game = Game(content_from_pack(load_packs(["mod"]).pack), 4, {})
    state = game.new_state(1)
    assert {len(p["factions_dealt"]) for p in state["players"]} == {3}
    (mod / "supply.yaml").write_text(
        supply.replace("faction_cards_dealt: 2", "faction_cards_dealt: 4")
    )
    [problem] = load_packs(["mod"]).errors
    assert problem.code == "E0930" and problem.span.path.endswith("lastlight/setups.yaml")
