"""Hooks, tokens, achievements, activated abilities and the frame driver on real states."""

from __future__ import annotations

import pytest
from whitedwarf.interpreter.lastlight import hooks, versions
from whitedwarf.interpreter.lastlight.effects import EffectLimitError
from whitedwarf.interpreter.lastlight.state import GameState
from whitedwarf.interpreter.state import from_json, to_json

from tests.effects.scenario import (
    add_card,
    extractor,
    faction,
    fresh,
    ids,
    planets,
    ship,
    tech,
    token,
)


def test_faction_fires_before_techs_in_play_order():
    g, s = fresh()
    tech(s, 0, "first_tech", "when round_start -> gain 1 rare")
    tech(s, 0, "second_tech", "when round_start -> may gain 1 uncommon")
    faction(s, 0, "fac", "when round_start -> may gain 1 common")
    hooks.fire(s, "round_start", 0, {})
    assert [f["card"] for f in s["frames"]] == ["second_tech", "first_tech", "fac"]
    g.apply(s, 0, "yes")  # the faction's
    assert s["players"][0]["res"] == {"common": 1, "uncommon": 0, "rare": 1}
    g.apply(s, 0, "no")
    assert not s["frames"]


def test_ship_techs_fire_only_for_their_ship_type():
    # 000 "Ship ability technology cards": they activate on a roll "with a ship of the
    # associated type".
    _g, s = fresh()
    tech(s, 0, "ab", "when ability_rolled -> gain 1 common", kind="ship_ability", slot="medium")
    faction(s, 0, "fac", "when ability_rolled -> gain 1 rare")
    sid = ship(s, 0, "small", "outer_08")
    s["dice"] = [{"face": "ability", "ship": sid, "size": "small", "owner": 0}]
    hooks.fire(
        s, "ability_rolled", 0, {"die": 0, "ship": sid, "ship_type": "small", "sector": "outer_08"}
    )
    assert s["players"][0]["res"] == {"common": 0, "uncommon": 0, "rare": 1}
    hooks.fire(s, "ability_rolled", 0, {"die": 0, "ship_type": "medium"})
    assert s["players"][0]["res"]["common"] == 1


def test_when_condition_is_tested_as_the_hook_fires():
    _g, s = fresh()
    faction(s, 0, "zhur_like", "when round_start if light < opponents_max_light -> gain 1 common")
    hooks.fire(s, "round_start", 0, {})
    assert s["players"][0]["res"]["common"] == 0
    s["players"][1]["light"] = 3
    hooks.fire(s, "round_start", 0, {})
    assert s["players"][0]["res"]["common"] == 1


def test_an_effects_triggers_resolve_before_its_next_step_in_order():
    # A verb's hooks run first (depth-first), in the order they fired.
    _g, s = fresh()
    faction(s, 0, "fac", "when ship_built -> gain 1 common")
    tech(s, 0, "t1", "when ship_built -> if common == 1 -> gain 1 uncommon")
    token(
        s,
        0,
        "t",
        "build small ship in this sector then if uncommon == 1 -> gain 1 light",
        sector="outer_08",
    )
    assert s["players"][0]["res"]["uncommon"] == 1
    assert s["players"][0]["light"] == 1


def test_frames_started_while_one_waits_run_after_it():
    g, s = fresh()
    faction(s, 0, "fac", "when round_start -> may gain 1 common")
    tech(s, 0, "t1", "when round_end -> gain 1 rare")
    hooks.fire(s, "round_start", 0, {})
    hooks.fire(s, "round_end", 0, {})  # the engine fires on while a frame waits
    assert s["players"][0]["res"]["rare"] == 0
    assert [f["card"] for f in s["frames"]] == ["t1", "fac"]
    g.apply(s, 0, "yes")
    assert s["players"][0]["res"] == {"common": 1, "uncommon": 0, "rare": 1}
    assert not s["frames"]


def test_deep_space_token_effect_with_a_branch():
    g, s = fresh()
    token(s, 2, "t", "choose one: gain 1 common or gain 1 rare")
    assert g.current_players(s) == [2]
    assert ids(g, s, 2) == ["branch:0", "branch:1"]
    g.apply(s, 2, "branch:1")
    assert s["players"][2]["res"]["rare"] == 1


def test_blank_tokens_do_nothing():
    _g, s = fresh()
    hooks.run_card(s, 0, "@blank_deep#3", {"sector": "outer_08"})
    assert not s["frames"]


def test_achievement_plays_once_when_its_condition_holds():
    # 000 "Planetary Achievement": "Keep Hidden. Play immediately when you control 2 red
    # planets. Gain 2 [light]".
    _g, s = fresh()
    add_card(
        s,
        "achievements",
        "reds",
        "as soon as number of red planets you control >= 2 -> gain 2 light",
    )
    s["players"][1]["achievement"] = "reds"
    extractor(s, 1, planet="ashfall")
    hooks.check_achievements(s)
    assert s["players"][1]["light"] == 0
    extractor(s, 1, planet="cinder")
    hooks.check_achievements(s)
    hooks.check_achievements(s)
    p = s["players"][1]
    assert (p["light"], p["achievement"], p["achievements_done"]) == (2, None, ["reds"])


def test_as_soon_as_on_a_tech_runs_once():
    _g, s = fresh()
    ref = tech(s, 0, "golden", "as soon as techs_in_play >= 1 -> gain 2 light")
    hooks.check_achievements(s)
    hooks.check_achievements(s)
    assert s["players"][0]["light"] == 2
    assert s["players"][0]["once"] == [f"{ref}:0"]


def test_activated_options_only_when_payable():
    g, s = fresh()
    ref = tech(
        s,
        0,
        "rapid",
        "activated: exhaust this card and pay 1 rare -> take_back a played action card of yours",
    )
    assert hooks.activated_options(s, 0) == []
    s["players"][0]["res"]["rare"] = 1
    s["players"][0]["played"] = []
    assert hooks.activated_options(s, 0) == []  # payable, but nothing to take back
    s["players"][0]["played"] = ["mine", "command"]
    versions.forget(s)  # the played cards edited in place, behind the engine's back
    assert hooks.activated_options(s, 0) == [(f"use:{ref}", "use Rapid")]
    hooks.start_activated(s, 0, f"use:{ref}")
    assert ids(g, s, 0) == ["pick:command", "pick:mine"]
    g.apply(s, 0, "pick:command")
    assert "command" in s["players"][0]["hand"]
    assert s["players"][0]["res"]["rare"] == 0


def test_ship_ability_pays_after_targets_are_chosen():
    # 000 warp drive: "You may exhaust this card and pay [uncommon] to move one of your ships
    # of this type to any location." The base pack's card, on medium ships.
    g, s = fresh()
    p = s["players"][0]
    p["techs"].append({"ref": "warp_drive#1", "exhausted": False, "ship_type": "medium"})
    p["res"]["uncommon"] = 1
    sid = ship(s, 0, "medium", "outer_08")
    s["dice"] = [{"face": "ability", "ship": sid, "size": "medium", "owner": 0}]
    hooks.fire(
        s, "ability_rolled", 0, {"die": 0, "ship": sid, "ship_type": "medium", "sector": "outer_08"}
    )
    assert "pick:centre" in ids(g, s, 0)
    g.apply(s, 0, "pick:centre")
    assert ids(g, s, 0) == ["yes", "no"]
    g.apply(s, 0, "yes")
    assert s["ships"][sid]["sector"] == "centre"
    assert p["techs"][0]["exhausted"] and p["res"]["uncommon"] == 0


def test_a_trigger_loop_hits_the_depth_limit():
    # DESIGN principle 3: "trigger chains have a depth limit".
    _g, s = fresh()
    for name in ("thick", "thicker", "thickest"):  # 3 + 3 x 5 shields outlast the depth 16
        tech(s, 0, name, "this ship type has +5 shield", kind="ship_mod", slot="large")
    faction(s, 0, "loop", "when damage_dealt -> deal 1 damage to a large ship of yours")
    ship(s, 0, "large", "outer_08")
    with pytest.raises(EffectLimitError, match="'loop'"):
        token(s, 0, "t", "deal 1 damage to a large ship of yours")


def test_an_endless_effect_hits_the_step_budget():
    _g, s = fresh()
    with pytest.raises(EffectLimitError, match="'spin'") as error:
        token(
            s,
            0,
            "spin",
            "repeat (players) times -> " * 2 + "repeat 10 times -> " * 3 + "gain 1 common",
        )
    assert error.value.limit == "steps"


def test_save_and_load_mid_effect_then_continue_identically():
    # DESIGN principle 4: an effect waiting for a choice is plain data.
    g, s = fresh()
    faction(s, 0, "fac", "when ship_built -> may gain 1 common")
    ship(s, 1, "small", "outer_08")
    ship(s, 2, "small", "outer_08")
    effect = (
        "deal 1 damage to an enemy ship here then build small ship in this sector then gain 1 light"
    )
    token(s, 0, "t", effect, sector="outer_08")
    assert ids(g, s, 0)[0].startswith("pick:")
    loaded = GameState(from_json(to_json(s)))  # plain data, with room for its own memos
    assert loaded == s
    for state in (s, loaded):
        g.apply(state, 0, ids(g, state, 0)[-1])
        assert ids(g, state, 0) == ["yes", "no"]
        g.apply(state, 0, "yes")
    assert to_json(s) == to_json(loaded)
    assert not s["frames"]
    assert s["players"][0]["light"] == 1 and s["players"][0]["res"]["common"] == 1


def test_a_pure_effect_started_after_a_waiting_one_waits_its_turn():
    # Frames run in the order they started: a pure effect (no decision, no hook) runs at once
    # only while nothing before it waits (effects.push runs pure programs without the driver).
    g, s = fresh()
    faction(s, 0, "fac", "when round_start -> may gain 1 common")
    tech(s, 0, "t1", "when round_start -> gain 1 rare then gain 1 light")
    hooks.fire(s, "round_start", 0, {})
    assert s["players"][0]["res"]["rare"] == 0
    g.apply(s, 0, "no")
    assert s["players"][0]["res"]["rare"] == 1 and s["players"][0]["light"] == 1
    assert not s["frames"]
    tech(s, 0, "t0", "when round_end -> gain 1 uncommon")
    faction(s, 0, "fac", "when round_end -> if uncommon == 1 -> gain 1 common")
    hooks.fire(s, "round_end", 0, {})  # both pure: the faction first, then the tech
    assert s["players"][0]["res"]["common"] == 0 and s["players"][0]["res"]["uncommon"] == 1


def test_for_each_planet_you_control_counts_only_yours_of_that_ring():
    # 000 "2. Extractor": "A planet is considered to be controlled by the player who has an
    # extractor on that planet"; 000 "PLANETARY TERMINOLOGY": distant planets. The loop lists
    # only the owner's planets first (selectors.candidates_planet), so this pins the answer:
    # an extractor on a colony space, another ring's planet or an opponent's planet adds none.
    _g, s = fresh()
    ref = tech(
        s, 0, "tithe", "when round_end -> for each distant planet you control -> gain 1 common"
    )
    far = planets(s, ring="distant")
    extractor(s, 0, planet=far[0])
    extractor(s, 0, planet=far[1])
    extractor(s, 0, planet=planets(s, ring="inner")[0])
    extractor(s, 0)  # a colony space at home: no planet
    extractor(s, 1, planet=far[2])
    before = [p["res"]["common"] for p in s["players"]]
    hooks.fire(s, "round_end", 0, {"card": ref})
    after = [p["res"]["common"] for p in s["players"]]
    assert [a - b for a, b in zip(after, before, strict=True)] == [2, 0, 0, 0]


def test_e127_a_ship_tech_hears_only_the_loss_of_a_ship_of_its_type() -> None:
    """`when unit_lost` on a ship mod of large ships paid for every lost unit (issue 29): a
    ship tech hears the loss of its own ship type only; a civilization tech hears every loss,
    an extractor's included (E127)."""
    from whitedwarf.interpreter.lastlight.graveyard import destroy

    _, s = fresh()
    tech(s, 0, "hull_insurance", "when unit_lost -> gain 1 rare", kind="ship_mod", slot="large")
    tech(s, 0, "escape_pods", "when unit_lost -> gain 1 common")
    sector = planets(s)[0]
    small = ship(s, 0, "small", "outer_02")
    large = ship(s, 0, "large", "outer_02")
    mine = extractor(s, 0, planet=sector)
    for unit in (small, mine):
        destroy(s, unit, 1)
    assert s["players"][0]["res"]["rare"] == 0 and s["players"][0]["res"]["common"] == 2
    destroy(s, large, 1)
    assert s["players"][0]["res"]["rare"] == 1 and s["players"][0]["res"]["common"] == 3


def test_a_ship_tech_hears_the_damage_its_own_ship_type_deals_not_the_damaged_ships_type():
    """E156: `damage_dealt` on a ship mod of medium ships was heard when an enemy *medium*
    ship took damage, from anything (the hook's ship is the damaged one): now it is heard for
    damage its own ship type deals, by its roll or its own effect, and no card's verb else."""
    from whitedwarf.interpreter.lastlight.verbs import verb_deal

    _, s = fresh()
    tech(s, 0, "gun_crews", "when damage_dealt -> gain 1 rare", kind="ship_mod", slot="medium")
    tech(s, 0, "boarders", "when damage_dealt -> gain 1 common")
    enemy = ship(s, 1, "medium", "outer_02")
    big = ship(s, 1, "large", "outer_02")
    token(s, 0, "t", "deal 1 damage to each enemy ship here", sector="outer_02")
    # a token's verb: no ship type dealt it, so only the civilization tech hears it (twice)
    assert s["players"][0]["res"]["rare"] == 0 and s["players"][0]["res"]["common"] == 2
    # the medium ship tech's own effect deals it: its ship type's damage
    frame = {"owner": 0, "card": "gun_crews", "clause": 0, "context": {"ship_type": "medium"}}
    verb_deal(s, frame, [(1, "damage"), big])
    assert s["players"][0]["res"]["rare"] == 1 and s["players"][0]["res"]["common"] == 3
    assert enemy in s["ships"]


def test_a_limited_trigger_declined_gets_its_use_back_an_activated_ability_does_not():
    """E155: a limited clause whose whole effect is one `may` is used only when taken, for a
    trigger; an activated ability its owner started and declined keeps its use (given back,
    it could be started and declined without end)."""
    g, s = fresh()
    s["players"][0]["res"]["common"] = 2
    tech(s, 0, "tolls", "when ship_moved, once per round -> may pay 1 common -> gain 1 rare")
    lamp = tech(s, 0, "lamp", "activated, once per round: may pay 1 common -> gain 1 light")
    sid = ship(s, 0, "small", "outer_08")
    context = {"ship": sid, "sector": "outer_08"}
    hooks.fire(s, "ship_moved", 0, context)
    g.apply(s, 0, "no")
    hooks.fire(s, "ship_moved", 0, context)
    g.apply(s, 0, "yes")
    assert s["players"][0]["res"]["rare"] == 1
    hooks.fire(s, "ship_moved", 0, context)  # used: not asked again this round
    assert not s["frames"]
    assert (f"use:{lamp}", "use Lamp") in hooks.activated_options(s, 0)
    hooks.start_activated(s, 0, f"use:{lamp}")
    g.apply(s, 0, "no")
    assert all(o[0] != f"use:{lamp}" for o in hooks.activated_options(s, 0))


def test_a_declined_may_whose_rest_does_nothing_gets_its_use_back():
    """E181: a limited clause that starts with a `may`, declined, gets its use back when what
    follows its `then` would do nothing now (a test of what the `may` would have done); a
    rest that does something counts the use, as before."""
    g, s = fresh()
    s["players"][0]["res"]["common"] = 2
    tech(s, 0, "tolls", "when ship_moved, once per round -> may pay 1 common -> gain 1 rare "
         "then if rare >= 1 -> gain 1 uncommon")  # fmt: skip
    sid = ship(s, 0, "small", "outer_08")
    context = {"ship": sid, "sector": "outer_08"}
    hooks.fire(s, "ship_moved", 0, context)
    g.apply(s, 0, "no")  # no rare: the rest would gain nothing, so no use is spent
    hooks.fire(s, "ship_moved", 0, context)
    g.apply(s, 0, "yes")
    assert (s["players"][0]["res"]["rare"], s["players"][0]["res"]["uncommon"]) == (1, 1)
    _, s2 = fresh()
    tech(s2, 0, "tolls", "when ship_moved, once per round -> may pay 1 common -> gain 1 rare "
         "then gain 1 uncommon")  # fmt: skip
    sid = ship(s2, 0, "small", "outer_08")
    context = {"ship": sid, "sector": "outer_08"}
    hooks.fire(s2, "ship_moved", 0, context)  # nothing to pay: the rest still gains
    assert s2["players"][0]["res"]["uncommon"] == 1
    hooks.fire(s2, "ship_moved", 0, context)  # used
    assert s2["players"][0]["res"]["uncommon"] == 1
