"""dice.yaml does what it says (issue 6 item 4; docs/rules-decisions.md C10).

000 "Combat Dice Results Explained" prints the results; dice.yaml says how many of the die's
``sides`` show each (``faces``). A roll picks a side at random and reads its result, so a
pack that changes ``sides`` and ``faces`` changes the odds of every roll, and one whose
numbers disagree, or whose die could never stop rolling, is refused where it is written.
``count`` (dice in the box) limited no roll and is no longer a field (supply.yaml's ``dice``
records the box count).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight.combat import roll_face
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.packs import content_from_pack

from tests.engine.positions import TECHS, content, empty_board, resolve, ship, started

MANIFEST = "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '*'}\n"


def _result(face: str, faces: int) -> str:
    damage = 0 if face in ("miss", "ability") else 1
    ability = "true" if face in ("hit_ability", "ability") else "false"
    extra = "true" if face == "explode" else "false"
    return (f"      - {{id: {face}, damage: {damage}, ability: {ability}, "
            f"extra_die: {extra}, faces: {faces}}}\n")  # fmt: skip


def _die_yaml(sides: int, faces: dict[str, int], extra: str = "") -> str:
    results = "".join(_result(face, n) for face, n in faces.items())
    return ("dice:\n  - id: combat_die\n    name: Combat die\n" + extra +
            f"    sides: {sides}\n    source: invented\n    results:\n" + results)  # fmt: skip


def _mod(tmp_path: Path, dice: str) -> Any:
    mod = tmp_path / "mod"
    mod.mkdir(exist_ok=True)
    (mod / "pack.yaml").write_text(MANIFEST)
    (mod / "dice.yaml").write_text(dice)
    return load_packs([mod])


def _codes(result: Any) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in result.errors]


# -- the validator -----------------------------------------------------------------------------


def test_sides_that_the_faces_do_not_fill_are_refused_at_sides(tmp_path: Path) -> None:
    """Issue 6: `sides: 8` validated clean and changed nothing."""
    result = _mod(tmp_path, _die_yaml(8, {"miss": 3, "hit": 3}))
    assert _codes(result) == [("E0920", 4, 12)]
    assert result.errors[0].message == (
        "die `combat_die` has 8 sides but the faces of its results add up to 6"
    )


def test_count_is_no_longer_a_field(tmp_path: Path) -> None:
    """Issue 6: `count` was required and never read; the box count is supply.yaml's `dice`."""
    result = _mod(tmp_path, _die_yaml(6, {"miss": 3, "hit": 3}, extra="    count: 6\n"))
    assert _codes(result) == [("E0602", 4, 5)]


def test_a_second_die_is_refused(tmp_path: Path) -> None:
    second = _die_yaml(1, {"hit": 1}).replace("dice:\n", "").replace("combat_die", "spare")
    result = _mod(tmp_path, _die_yaml(6, {"miss": 3, "hit": 3}) + second)
    assert [d.code for d in result.errors] == ["E0921"]
    assert "`spare`" in result.errors[0].message


def test_a_die_that_always_rolls_again_is_refused(tmp_path: Path) -> None:
    result = _mod(tmp_path, _die_yaml(2, {"explode": 2}))
    assert _codes(result) == [("E0922", 7, 7)]


def test_the_base_die_is_six_sides_of_five_results() -> None:
    result = load_packs([Path(__file__).resolve().parents[2] / "content" / "lastlight"])
    assert result.errors == []
    die = runtime({"content": Game.from_content(content_from_pack(result.pack), 4).content_id}).die
    assert die.sides == 6
    assert [die.face(side) for side in range(6)] == [
        "miss",
        "miss",
        "hit",
        "hit_ability",
        "explode",
        "ability",
    ]


# -- the engine --------------------------------------------------------------------------------


def _counts(g: Game, rolls: int = 6000) -> Counter[str]:
    state = g.new_state(5)
    return Counter(roll_face(state) for _ in range(rolls))


def test_faces_and_sides_set_the_odds_of_a_roll(tmp_path: Path) -> None:
    """The base die shows a miss on 2 of 6 sides; a mod's 12-sided die on 9 of 12."""
    base = _counts(Game.from_content(content(), 2))
    result = _mod(tmp_path, _die_yaml(12, {"miss": 9, "hit": 2, "explode": 1}))
    assert result.errors == []
    modded = _counts(Game.from_content(content_from_pack(result.pack), 2))
    assert 1800 < base["miss"] < 2200 and set(base) == {
        "miss",
        "hit",
        "hit_ability",
        "explode",
        "ability",
    }
    assert 4300 < modded["miss"] < 4700 and 300 < modded["explode"] < 700
    assert set(modded) == {"miss", "hit", "explode"}


def _duel(g: Game) -> dict[str, Any]:
    """Seat 0's small ship rolls its 1 die at seat 1's small ship."""
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    ship(state, 1, "small", "outer_00")
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    return state


def test_a_one_sided_hit_die_always_destroys_and_a_miss_die_never_does(tmp_path: Path) -> None:
    hit = _mod(tmp_path, _die_yaml(1, {"hit": 1}))
    assert hit.errors == []
    state = _duel(Game.from_content(content_from_pack(hit.pack), 4))
    assert len(state["players"][0]["graveyard"]) == 1
    miss = content(dice={"dice": [{"id": "combat_die", "name": "d", "sides": 3,
                                   "source": "invented",
                                   "results": [{"id": "miss", "damage": 0, "ability": False,
                                                "extra_die": False, "faces": 3}]}]})  # fmt: skip
    state = _duel(Game.from_content(miss, 4))
    assert state["players"][0]["graveyard"] == []


def test_treat_as_a_face_the_die_lacks_keeps_the_printed_meaning() -> None:
    """000 "Combat Dice Results Explained": explode deals 1 and rolls another die, even on a
    pack's die that shows no explode side (AI Targeting: "treat this as a [face]")."""
    treat = {
        "id": "targeting",
        "name": "Targeting",
        "kind": "ship_ability",
        "cost": {"common": 1},
        "copies": 1,
        "effect": "when miss_rolled -> may exhaust this card -> treat this die as explode",
    }
    dice = {"dice": [{"id": "combat_die", "name": "d", "sides": 1, "source": "invented",
                      "results": [{"id": "miss", "damage": 0, "ability": False,
                                   "extra_die": False, "faces": 1}]}]}  # fmt: skip
    g = Game.from_content(content(techs=[*TECHS, treat], dice=dice), 4)
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    enemy = ship(state, 1, "medium", "outer_00")
    state["players"][0]["techs"].append(
        {"ref": "targeting#1", "exhausted": False, "ship_type": "small"}
    )
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    g.apply(state, 0, "yes")  # the miss counts as explode: 1 damage and one more die (a miss)
    assert state["ships"][enemy]["damage"] == 1
