"""Static modifiers and granted flags read through stats.stat / stats.flag."""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import versions
from whitedwarf.interpreter.lastlight.command import destinations
from whitedwarf.interpreter.lastlight.modifiers import (
    add_temp,
    card_modifier,
    has_flag,
    temp_amount,
)
from whitedwarf.interpreter.lastlight.stats import flag, stat

from tests.effects.scenario import adjacent, faction, fresh, home, ship, tech


def test_ship_mod_changes_only_its_ship_type():
    # 000 "Ship mod technology cards": "a permanent upgrade to all ships of the associated type".
    _g, s = fresh()
    tech(s, 0, "blaster", "this ship type has +1 attack", kind="ship_mod", slot="medium")
    assert stat(s, 0, "attack", "medium") == 3
    assert stat(s, 0, "attack", "small") == 1
    assert stat(s, 1, "attack", "medium") == 2


def test_modifiers_count_while_exhausted_and_stack():
    # 000: an effect that does not exhaust "is always on once you have it in play".
    _g, s = fresh()
    tech(s, 0, "lens", "you have +1 outer_light", exhausted=True)
    faction(s, 0, "fac", "you have +1 outer_light ; you have -1 research_light_per")
    assert stat(s, 0, "outer_light") == 3
    assert stat(s, 0, "research_light_per") == 3
    assert card_modifier(s, 0, "outer_light") == 2


def test_player_modifiers_and_temporary_adds():
    _g, s = fresh()
    faction(s, 0, "iou", "you have +1 research_draw")
    add_temp(s, 0, "research_draw", 2)
    assert temp_amount(s, 0, "research_draw") == 2
    assert stat(s, 0, "research_draw") == 6


def test_grants_are_per_ship_type():
    # 000 bombardment: "This ship can now bombard enemy extractors."
    _g, s = fresh()
    tech(s, 0, "bomb", "this ship type can bombard", kind="ship_mod", slot="large")
    assert flag(s, 0, "bombard", "large")
    assert not flag(s, 0, "bombard", "small")
    assert has_flag(s, 0, "large", "bombard")
    assert not flag(s, -1, "bombard", "large")


def test_lumos_use_base_stats():
    # 002: "they attack only using the base stats associated with their ship size".
    _g, s = fresh(players=2)
    tech(s, 0, "blaster", "this ship type has +1 attack", kind="ship_mod", slot="small")
    assert stat(s, -1, "attack", "small") == 1
    assert card_modifier(s, -1, "attack", "small") == 0


def test_losing_the_tech_removes_the_modifier():
    _g, s = fresh()
    tech(s, 0, "blaster", "this ship type has +1 attack", kind="ship_mod", slot="small")
    assert stat(s, 0, "attack", "small") == 2
    s["players"][0]["techs"].clear()
    assert stat(s, 0, "attack", "small") == 1


def test_000_a_faction_with_plus_one_movement_moves_its_ships_one_sector_further():
    # 000 "1. Move": a ship moves its movement in sectors (1 by default); a faction's
    # `your ships have +1 movement` raises every ship type of its owner's (issue 23 item 4).
    _g, s = fresh()
    mine = ship(s, 0, "small", home(s, 0))
    theirs = ship(s, 1, "small", home(s, 1))
    before = destinations(s, s["ships"][mine])
    faction(s, 0, "swift", "your ships have +1 movement")
    versions.forget(s)  # the faction was set in place, past the engine
    after = destinations(s, s["ships"][mine])
    assert set(before) < set(after)
    two_away = set(after) - set(before) - {home(s, 0)}
    assert two_away and not two_away & set(adjacent(s, home(s, 0)))
    assert all(stat(s, 0, "movement", size) == 2 for size in ("small", "medium", "large"))
    assert stat(s, 1, "movement", "small") == 1 and destinations(s, s["ships"][theirs])
    assert len(destinations(s, s["ships"][theirs])) == len(before)


def test_a_faction_changes_only_the_ship_sizes_it_names():
    # `your large ships have +1 attack`: the large type only, whatever tech it sits on.
    _g, s = fresh()
    faction(s, 0, "heavy", "your large ships have +1 attack\nyour small ships can bombard")
    assert stat(s, 0, "attack", "large") == 4
    assert stat(s, 0, "attack", "medium") == 2
    assert flag(s, 0, "bombard", "small") and not flag(s, 0, "bombard", "large")
    tech(s, 0, "rig", "your medium ships have +1 shield", slot="small")
    versions.forget(s)
    assert stat(s, 0, "shield", "medium") == 3 and stat(s, 0, "shield", "small") == 1
    assert stat(s, 1, "attack", "large") == 3
