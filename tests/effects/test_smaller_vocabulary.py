"""Issue 29 item 7 on a real Last Light state (position -> effect -> state): techs by kind and
slot, blockaded extractors, dice by face outside and inside a roll, and the edges of ``keep``.
"""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import hooks
from whitedwarf.interpreter.lastlight.content import runtime

from tests.effects.scenario import extractor, fresh, ids, planets, sector_of, ship, tech, token


def _common(state: dict, seat: int = 0) -> int:
    return state["players"][seat]["res"]["common"]


def test_techs_by_kind_count_only_that_kind() -> None:
    """000 "Technology cards": civilization, ship ability and ship mod techs (``kind:``)."""
    _g, s = fresh()
    tech(s, 0, "monument", "activated: exhaust this card -> gain 1 light")
    tech(s, 0, "blaster", "this ship type has +1 attack", kind="ship_mod", slot="large")
    tech(s, 0, "plating", "this ship type has +1 shield", kind="ship_mod", slot="small")
    tech(s, 1, "armour", "this ship type has +1 shield", kind="ship_mod", slot="small")
    token(s, 0, "t1", "gain 1 common per ship_mod tech of yours")
    assert _common(s) == 2
    token(s, 0, "t2", "gain 1 common per civilization tech of yours")
    assert _common(s) == 3
    token(s, 0, "t3", "gain 1 common per ship_ability tech of yours")
    assert _common(s) == 3


def test_techs_by_slot_count_the_techs_on_that_ship_type() -> None:
    """000 "Ship mod technology cards": mods slide under the player board at a ship type;
    `large techs` are those on your large ships, `techs of this type` those on the card's."""
    _g, s = fresh()
    tech(s, 0, "blaster", "this ship type has +1 attack", kind="ship_mod", slot="large")
    tech(s, 0, "plating", "this ship type has +1 shield", kind="ship_mod", slot="large")
    tech(s, 0, "engine", "this ship type has +1 movement", kind="ship_mod", slot="small")
    tech(s, 0, "monument", "activated: exhaust this card -> gain 1 light")
    token(s, 0, "t1", "gain 1 common per large techs of yours")
    assert _common(s) == 2
    tech(
        s,
        0,
        "drill",
        "when round_end -> gain 1 common per ship_mod tech of yours of this type",
        kind="ship_mod",
        slot="large",
    )
    hooks.fire(s, "round_end", 0, {})
    assert _common(s) == 2 + 3  # blaster, plating and the drill itself are on large ships


def test_a_blockaded_enemy_extractor_is_one_with_a_ship_of_another_colour_by_it() -> None:
    """000 "2. Claim"; seat 1 holds two planets, seat 0 has a ship by one of them: only that
    extractor is blockaded (for seat 0 it is an enemy's); a planet with no extractor is not."""
    _g, s = fresh()
    first, second, third = planets(s)[:3]
    by_ship = extractor(s, 1, first)
    free = extractor(s, 1, second)
    ship(s, 0, "small", sector_of(s, first))
    ship(s, 0, "small", sector_of(s, third))
    token(s, 0, "t", "destroy each blockaded enemy extractor")
    assert by_ship not in s["extractors"] and free in s["extractors"]
    token(s, 0, "t2", "gain 1 common per blockaded planet")
    assert _common(s) == 0  # `first` has no extractor now, `third` never had one


def test_reroll_by_face_outside_a_roll_finds_no_die() -> None:
    """A die is one of the roll being resolved: at a round's end there is none."""
    _g, s = fresh()
    token(s, 0, "t", "reroll each miss die then gain 1 common")
    assert _common(s) == 1 and s["dice"] == []


def test_dice_by_face_pick_only_the_dice_not_yet_counted() -> None:
    """docs/rules-decisions.md R11: dice before the one being resolved have
    given their hits; only it and those after it are picked by their face."""
    _g, s = fresh()
    s["dice"] = [{"face": "miss", "ship": None, "owner": 0, "size": "small"} for _ in range(3)]
    s["stack"].append({"kind": "attack", "seat": None, "pc": "dice", "ask": None, "die": 1})
    try:
        token(s, 0, "t", "treat each miss die as hit")
    finally:
        s["stack"].pop()
    assert [d["face"] for d in s["dice"]] == ["miss", "hit", "hit"]


def test_keep_keeps_everything_looked_at_when_it_keeps_as_many() -> None:
    _g, s = fresh()
    top = list(reversed(s["deck"][-2:]))
    token(s, 0, "t", "keep 2 techs from 2")
    assert s["players"][0]["techs_hand"] == top and not s["frames"]


def test_keep_from_a_short_deck_looks_at_what_is_left() -> None:
    """An empty deck is refilled from the discard pile once (E5); with both empty there is
    nothing to look at, and nothing is asked."""
    g, s = fresh()
    s["discard"] = []
    s["deck"] = s["deck"][-2:]
    top = list(reversed(s["deck"]))
    token(s, 0, "t", "keep 1 tech from 3")
    assert ids(g, s, 0) == [f"keep:{ref}" for ref in top]
    g.apply(s, 0, f"keep:{top[1]}")
    assert s["players"][0]["techs_hand"] == [top[1]] and s["discard"] == [top[0]]
    token(s, 0, "t2", "keep 1 tech from 3")  # the deck is empty; the discard refills it
    assert len(s["players"][0]["techs_hand"]) == 2 and not s["frames"]
    s["discard"] = []
    token(s, 0, "t3", "keep 1 tech from 3")
    assert len(s["players"][0]["techs_hand"]) == 2 and not s["frames"]


def test_keep_two_is_asked_twice() -> None:
    g, s = fresh()
    top = list(reversed(s["deck"][-4:]))
    token(s, 0, "t", "keep 2 techs from 4")
    assert ids(g, s, 0) == [f"keep:{ref}" for ref in top]
    g.apply(s, 0, f"keep:{top[2]}")
    assert ids(g, s, 0) == [f"keep:{ref}" for ref in (top[0], top[1], top[3])]
    g.apply(s, 0, f"keep:{top[0]}")
    assert s["players"][0]["techs_hand"] == [top[2], top[0]]
    assert s["discard"][-2:] == [top[1], top[3]]
    assert runtime(s) is not None
