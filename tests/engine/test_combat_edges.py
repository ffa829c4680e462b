"""Combat edge cases a tester writes from 000 "2. Attack", 004 "2. Attack" and 002.

Positions on the 4-player map unless a 2-player game is needed (``outer_00``: a planet,
``centre``: the white dwarf). Dice faces are forced (``force_faces``): "hit" deals 1 damage,
"hit_ability" 1 damage and the ship ability, "miss" nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.lastlight.combat import shield
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import LUMOS

from tests.engine.positions import (
    TECHS,
    choose_all,
    content,
    empty_board,
    force_faces,
    ids,
    resolve,
    ship,
    started,
)

#: Printed ship mods (000 "power shield", "x blaster": "This ship type has +1 _").
POWER_SHIELD = {
    "id": "power_shield", "name": "Power Shield", "kind": "ship_mod", "cost": {"common": 1},
    "copies": 1, "effect": "this ship type has +1 shield",
}  # fmt: skip
BLASTER = {
    "id": "blaster", "name": "Blaster", "kind": "ship_mod", "cost": {"common": 1},
    "copies": 1, "effect": "this ship type has +1 attack",
}  # fmt: skip
#: A ship ability that shows whether it fired: 1 common each time its die shows the icon.
SCANNER = {
    "id": "scanner", "name": "Scanner", "kind": "ship_ability", "cost": {"common": 1},
    "copies": 1, "effect": "when ability_rolled -> gain 1 common",
}  # fmt: skip


def _game(players: int = 4) -> Game:
    return Game.from_content(content(techs=[*TECHS, POWER_SHIELD, BLASTER, SCANNER]), players)


def _tech(state: dict[str, Any], seat: int, card: str, size: str) -> None:
    state["players"][seat]["techs"].append(
        {"ref": f"{card}#1", "exhausted": False, "ship_type": size}
    )


def test_000_damage_stays_until_refresh_so_a_hurt_ship_falls_to_less(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """000 "Action Card #5": damage tokens are removed only by Refresh; 000 "Attack": a ship
    "which receives damage equal to its shields is destroyed". A medium ship (2 shields) with
    1 damage from an earlier fight is destroyed by a single hit."""
    force_faces(monkeypatch, ["hit"])
    g = _game()
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    hurt = ship(state, 1, "medium", "outer_00", damage=1)
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    assert hurt not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "medium"}]


def test_000_a_shield_mod_needs_one_more_damage(monkeypatch: pytest.MonkeyPatch) -> None:
    """000 "power shield": "+1 [shield]" for the ship type: a small ship then survives 1 hit
    and keeps the damage token (000: "Place a damage token beneath a ship")."""
    force_faces(monkeypatch, ["hit"])
    g = _game()
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    shielded = ship(state, 1, "small", "outer_00")
    _tech(state, 1, "power_shield", "small")
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    assert state["ships"][shielded]["damage"] == 1


def test_000_an_attack_mod_rolls_one_more_die_per_ship(monkeypatch: pytest.MonkeyPatch) -> None:
    """000 "Attack": "Each small ship rolls 1 attack die by default" ... "(These numbers may be
    altered by ship mods)": with a +1 attack mod one small ship rolls 2 dice."""
    force_faces(monkeypatch, ["hit", "hit"])
    g = _game()
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    a = ship(state, 1, "small", "outer_00")
    b = ship(state, 1, "small", "outer_00")
    _tech(state, 0, "blaster", "small")
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    g.apply(state, 0, f"assign:{a}")  # the second hit has one target left: b
    assert a not in state["ships"] and b not in state["ships"]


def test_000_the_final_damage_names_the_destroyer(monkeypatch: pytest.MonkeyPatch) -> None:
    """000 "Attack": a destroyed ship is "placed on the graveyard card of the player who
    assigned the final damage": two Command players hit a medium ship once each; the second
    hit (the second roller's, in turn order) is the final one."""
    force_faces(monkeypatch, ["hit", "hit"])
    g = _game()
    state = empty_board(started(g))
    state["first"] = 0
    first = ship(state, 0, "small", "outer_00")
    second = ship(state, 1, "small", "outer_00")
    medium = ship(state, 2, "medium", "outer_00")
    resolve(g, state, [["attack", [0, 1]]])
    g.apply(state, 0, "roll:small")
    g.apply(state, 0, f"assign:{medium}")
    g.apply(state, 1, "roll:small")
    g.apply(state, 1, f"assign:{medium}")
    assert medium not in state["ships"] and {first, second} <= set(state["ships"])
    assert state["players"][0]["graveyard"] == []
    assert state["players"][1]["graveyard"] == [{"kind": "ship", "owner": 2, "size": "medium"}]


def test_000_attack_rolls_follow_the_first_player_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """000 "Attack": "Attack rolls should be in turn order" from the first player token:
    with the token on seat 2, seat 2 rolls before seat 0 in a shared sector."""
    force_faces(monkeypatch, [])
    g = _game(3)
    state = empty_board(started(g))
    state["first"] = 2
    ship(state, 0, "small", "outer_00")
    ship(state, 2, "small", "outer_00")
    choose_all(g, state, {0: "command", 1: "mine", 2: "command"})
    g.apply(state, 2, "done")  # seat 2 moves first, then seat 0
    g.apply(state, 0, "done")
    assert g.current_players(state) == [2]
    assert ids(g.legal_options(state, 2)) == ["roll:small", "done"]


def test_000_own_ships_alone_in_a_sector_do_not_fight() -> None:
    """004: ships "can only attack if there is an enemy ship present": a sector holding only
    the Command player's ships has no combat."""
    g = _game()
    state = empty_board(started(g))
    ship(state, 0, "small", "outer_00")
    ship(state, 0, "medium", "outer_00")
    resolve(g, state, [["attack", [0]]])
    assert state["phase"] == "choose"


# -- the Lumos (002) ---------------------------------------------------------------------------


def test_002_unallied_lumos_are_everyones_enemy_and_go_to_the_box(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """002: with tied light the Lumos are allied to nobody, so a Command player may attack
    them; "When Lumos ships are destroyed they go to the player's graveyard as normal"."""
    force_faces(monkeypatch, ["hit"])
    g = _game(2)
    state = empty_board(started(g))
    assert state["lumos"]["ally"] is None
    ship(state, 0, "small", "centre")
    lum = ship(state, LUMOS, "small", "centre")
    resolve(g, state, [["attack", [0]]])
    assert ids(g.legal_options(state, 0)) == ["roll:small", "done"]  # no Lumos group to roll
    g.apply(state, 0, "roll:small")
    assert lum not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": LUMOS, "size": "small"}]


def test_002_the_ally_does_not_fight_its_lumos() -> None:
    """002: the Lumos are allied to the player with least light; their ships are not that
    player's enemies, so the ally's ship alone with them has no combat."""
    g = _game(2)
    state = empty_board(started(g))
    state["lumos"]["ally"] = 0
    ship(state, 0, "small", "centre")
    ship(state, LUMOS, "small", "centre")
    resolve(g, state, [["attack", [0]]])
    assert state["phase"] == "choose"


def test_002_lumos_roll_only_for_a_commanding_ally(monkeypatch: pytest.MonkeyPatch) -> None:
    """002: "When an allied player plays the Command card, they may command the Lumos ships";
    000: ships of players who did not choose Command do not attack. The other player attacks
    the Lumos, which do not roll back."""
    force_faces(monkeypatch, ["miss"])
    g = _game(2)
    state = empty_board(started(g))
    state["lumos"]["ally"] = 1
    mine_ = ship(state, 0, "small", "centre")
    ship(state, LUMOS, "small", "centre")
    resolve(g, state, [["attack", [0]]])
    assert ids(g.legal_options(state, 0)) == ["roll:small", "done"]
    g.apply(state, 0, "roll:small")
    assert state["phase"] == "choose" and state["ships"][mine_]["damage"] == 0


def test_002_lumos_attack_with_base_stats_and_no_ship_abilities(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """002: Lumos ships "do not use technologies associated with your civilization or your
    ships—they attack only using the base stats associated with their ship size": the ally's
    +1 attack mod and ship ability on small ships do not apply to a Lumos small ship."""
    force_faces(monkeypatch, ["hit_ability", "hit"])
    g = _game(2)
    state = empty_board(started(g))
    state["lumos"]["ally"] = 0
    _tech(state, 0, "blaster", "small")
    _tech(state, 0, "scanner", "small")
    common = state["players"][0]["res"]["common"]
    ship(state, LUMOS, "small", "outer_08")
    a = ship(state, 1, "small", "outer_08")
    b = ship(state, 1, "small", "outer_08")
    resolve(g, state, [["attack", [0]]])
    assert ids(g.legal_options(state, 0)) == ["roll:lumos:small", "done"]
    g.apply(state, 0, "roll:lumos:small")
    g.apply(state, 0, f"assign:{a}")  # one die: one hit
    assert a not in state["ships"] and b in state["ships"]
    assert state["players"][0]["res"]["common"] == common  # no ability fired


def test_e100_a_fifth_unit_waits_in_the_emptied_graveyard(monkeypatch: pytest.MonkeyPatch) -> None:
    """000 "Graveyard": "As soon as you have 4 units in your graveyard, gain 1 light from the
    supply and return the units to their original owners." A sector's two kills take a
    graveyard of 3 to 5: the first 4 pay 1 light and go home, the fifth stays (E100)."""
    force_faces(monkeypatch, ["hit", "hit"])
    g = _game()
    state = empty_board(started(g))
    state["players"][0]["graveyard"] = [{"kind": "ship", "owner": 2, "size": "small"}] * 3
    supply = state["players"][1]["supply"]["small"]
    ship(state, 0, "medium", "outer_00")
    a = ship(state, 1, "small", "outer_00")
    ship(state, 1, "small", "outer_00")
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:medium")
    g.apply(state, 0, f"assign:{a}")  # the second hit has one target left
    assert state["players"][0]["light"] == 1
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]
    assert state["players"][1]["supply"]["small"] == supply + 1


def test_001_ship_techs_stay_when_the_ships_are_destroyed(monkeypatch: pytest.MonkeyPatch) -> None:
    """001 FAQ: "What happens to techs when ship is destroyed? Ship techs stay on player board;
    only ship is removed." A player's last small ship is destroyed; its +1 shield mod stays and
    serves the next small ship."""
    force_faces(monkeypatch, ["hit", "hit"])
    g = _game()
    state = empty_board(started(g))
    _tech(state, 1, "power_shield", "small")
    ship(state, 0, "medium", "outer_00")
    victim = ship(state, 1, "small", "outer_00")
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:medium")
    assert victim not in state["ships"]
    assert [t["ref"] for t in state["players"][1]["techs"]] == ["power_shield#1"]
    assert shield(state, state["ships"][ship(state, 1, "small", "outer_02")]) == 2


def test_000_every_sector_with_a_fight_is_resolved_in_the_chosen_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """000 "Attack": "Attacks are resolved sector by sector. The player holding the first
    player token chooses the order": after the chosen sector the other one still fights, and
    ships of a player without Command in a third sector are left alone."""
    force_faces(monkeypatch, ["hit", "hit"])
    g = _game()
    state = empty_board(started(g))
    state["first"] = 2
    ship(state, 0, "small", "outer_00")
    ship(state, 0, "small", "outer_02")
    west = ship(state, 1, "small", "outer_00")
    east = ship(state, 1, "small", "outer_02")
    ship(state, 1, "small", "outer_04")
    ship(state, 2, "small", "outer_04")
    resolve(g, state, [["attack", [0]]])
    assert g.current_players(state) == [2]
    assert ids(g.legal_options(state, 2)) == ["sector:outer_00", "sector:outer_02"]
    g.apply(state, 2, "sector:outer_02")
    g.apply(state, 0, "roll:small")
    assert east not in state["ships"] and west in state["ships"]
    assert g.current_players(state) == [0]  # outer_00 is the only one left: opened at once
    g.apply(state, 0, "roll:small")
    assert west not in state["ships"] and state["phase"] == "choose"


def test_000_a_ship_ability_fires_only_for_its_own_ship_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """000 "Ship ability technology cards": "These cards activate every time you roll a
    [ability] when attacking with a ship of the associated type": an ability on the medium
    ships does nothing when a small ship rolls the icon, and fires when a medium ship does."""
    force_faces(monkeypatch, ["ability", "ability", "miss"])
    g = _game()
    state = empty_board(started(g))
    _tech(state, 0, "scanner", "medium")
    common = state["players"][0]["res"]["common"]
    ship(state, 0, "small", "outer_00")
    ship(state, 0, "medium", "outer_00")
    ship(state, 1, "large", "outer_00")
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    assert state["players"][0]["res"]["common"] == common
    g.apply(state, 0, "roll:medium")
    assert state["players"][0]["res"]["common"] == common + 1
