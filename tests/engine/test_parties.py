"""Named parties, hook context and reactions in play (issue 29 items 3-5).

Each scenario is a position written with ``interpreter/lastlight/scenario.py`` and a small
pack of cards written for it, played through the engine, and checked against the rule
decision it is about (docs/rules-decisions.md E131 reactions, E132 named parties, E133 unit
hooks).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.interpreter.lastlight import events, persist
from whitedwarf.interpreter.lastlight.events import describe
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    choose,
    give,
    keep,
    new_game,
    options,
    put_ship,
    rig_dice,
)

from tests.engine.faction_mod import faction_mod

PACK = """\
id: reactors
name: Reactors
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
description: Cards for the named-party and reaction scenarios of issue 29.
allow: [W0902, W0432]
"""

FACTIONS = """\
- id: spy
  name: Spy
  three_plus: false
  source: invented
  effect: when an opponent plays research -> may pay 1 common -> gain 1 light
- id: thief
  name: Thief
  three_plus: false
  source: invented
  effect: when an opponent plays research -> steal 1 common from the player who played research
- id: landlord
  name: Landlord
  three_plus: false
  source: invented
  effect: when an opponent builds an extractor -> steal 1 common from the owner of this planet
- id: avenger
  name: Avenger
  three_plus: false
  source: invented
  effect: when unit_lost if this ship is large -> steal 1 common from the destroyer
- id: grudge
  name: Grudge
  three_plus: false
  source: invented
  effect: when unit_lost -> deal 1 damage to a ship of the destroyer here
- id: raider
  name: Raider
  three_plus: false
  source: invented
  effect: when hit_rolled -> steal 1 common from the opponent in this combat
- id: leveller
  name: Leveller
  three_plus: false
  source: invented
  effect: when round_end -> steal 1 common from the leader
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return faction_mod(tmp_path_factory, "reactors", PACK, FACTIONS)


def _trace(game: Game) -> list[str]:
    lines: list[str] = []

    class Trace:
        def __call__(self, event: dict) -> None:
            lines.append(describe(event))

        def note(self, event: dict) -> None:  # trace-only lines (unmet, unpaid, absent)
            lines.append(describe(event))

    game.listen(Trace())
    return lines


def _research_done(game: Game, state: dict) -> None:
    """Seat 0's Research: it keeps the first techs offered and manufactures nothing."""
    while game.current_players(state) == [0]:
        game.apply(state, 0, options(game, state, 0)[0])


def _commons(state: dict) -> list[int]:
    return [p["res"]["common"] for p in state["players"]]


def test_e128_reactions_resolve_after_the_act_in_turn_order_from_the_first_player(pack):
    """E131: seat 0's Research resolves, then seat 1's reaction (it asks its owner), and only
    when that is answered seat 2's: turn order from the first player, the actor skipped."""
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 1, faction="spy")
    keep(state, 2, faction="thief")
    give(state, 0, common=3)
    give(state, 1, common=2)
    trace = _trace(game)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    _research_done(game, state)

    assert game.current_players(state) == [1]
    assert options(game, state, 1) == ["yes", "no"]
    assert _commons(state) == [3, 2, 0]  # the thief waits for the spy's answer
    game.apply(state, 1, "yes")
    assert state["players"][1]["light"] == 1
    assert _commons(state)[:3] == [2, 1, 1]  # then the thief took from the researcher
    started = [line for line in trace if "is triggered" in line]
    assert started == [
        "round   1 seat 1: spy is triggered (when seat 0 plays research)",
        "round   1 seat 2: thief is triggered (when seat 0 plays research)",
    ]


def test_e128_a_reaction_waiting_for_its_owner_survives_save_load_and_clone(pack):
    """The actor is kept in the waiting frame's context: a game saved with the spy's question
    open, loaded (and cloned), plays on exactly as the one left running."""
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 1, faction="spy")
    keep(state, 2, faction="thief")
    give(state, 0, common=3)
    give(state, 1, common=2)
    choose(game, state, {0: "research", 1: "mine", 2: "mine"})
    _research_done(game, state)
    assert options(game, state, 1) == ["yes", "no"]

    loaded = persist.load(persist.save(state))
    assert loaded["frames"][0]["context"]["actor"] == 0  # the thief's, under the question
    copy = game.clone(loaded)
    for each in (state, loaded, copy):
        game.apply(each, 1, "yes")
    assert persist.save(loaded) == persist.save(state) == persist.save(copy)
    assert _commons(loaded)[:3] == [2, 1, 1]


def test_e129_steal_from_the_owner_of_this_planet(pack):
    """E132: `the owner of this planet` is the player with an extractor on it; a reaction to
    an opponent's extractor steals from them (the owner is the actor here)."""
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 1, faction="landlord")
    give(state, 0, common=3, uncommon=3, rare=3)
    planet = sorted(state["planets"])[0]
    put_ship(state, 0, "small", state["planets"][planet]["sector"])
    choose(game, state, {0: "construct", 1: "mine"})
    game.apply(state, 0, "done")  # no ship built
    game.apply(state, 0, f"extractor:{planet}")
    assert [x["owner"] for x in state["extractors"].values() if x["planet"] == planet] == [0]
    assert state["players"][1]["res"]["common"] == 1


def test_e129_a_party_that_is_not_there_does_nothing_and_says_so(pack):
    """E132: a large ship its own owner destroyed has no destroyer: the Avenger takes
    nothing, and the trace says the steal had nobody to act on."""
    from whitedwarf.interpreter.lastlight.graveyard import destroy

    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="avenger")
    give(state, 1, common=2)
    large = put_ship(state, 0, "large", "outer_05")
    trace = _trace(game)
    with events.listening(game.listener):
        destroy(state, large, 0)
    assert _commons(state) == [0, 2]
    assert "round   1 seat 0: avenger: steal has nobody or nothing to act on here: did nothing" in (
        trace
    )


def test_e130_a_unit_lost_card_pays_only_for_its_ship_size(pack):
    """E133: `when unit_lost if this ship is large` on a faction: a small ship destroyed by
    the enemy pays nothing, a large one takes 1 common from its destroyer."""
    from whitedwarf.interpreter.lastlight.graveyard import destroy

    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="avenger")
    give(state, 1, common=3)
    small = put_ship(state, 0, "small", "outer_05")
    large = put_ship(state, 0, "large", "outer_05")
    destroy(state, small, 1)
    assert _commons(state) == [0, 3]
    destroy(state, large, 1)
    assert _commons(state) == [1, 2]


def test_e129_the_opponent_in_this_combat_is_the_enemy_in_the_sector(pack):
    """E132: each hit of the Raider takes a common from the player it fights there."""
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="raider")
    give(state, 1, common=3)
    put_ship(state, 0, "small", "outer_05")
    put_ship(state, 1, "large", "outer_05")
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    assert _commons(state) == [1, 2]


def test_a_tech_reacts_too_and_the_acting_seat_hears_nothing(pack):
    """A reaction hears other players only: the researcher's own spy hears nothing."""
    game = new_game(players=2, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="spy")
    give(state, 0, common=3)
    choose(game, state, {0: "research", 1: "mine"})
    _research_done(game, state)
    assert state["players"][0]["light"] == 0
    assert not state["frames"]


def test_e129_the_things_of_a_named_party(pack):
    """E132: `a ship of the destroyer here` is a ship the destroyer owns, in the sector where
    the unit was lost: the Grudge damages the destroyer's ship there, never its own."""
    from whitedwarf.interpreter.lastlight.graveyard import destroy

    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="grudge")
    lost = put_ship(state, 0, "small", "outer_05")
    mine = put_ship(state, 0, "large", "outer_05")
    theirs = put_ship(state, 1, "large", "outer_05")
    bystander = put_ship(state, 2, "large", "outer_05")
    destroy(state, lost, 1)
    damage = {sid: state["ships"][sid]["damage"] for sid in (mine, theirs, bystander)}
    assert damage == {mine: 0, theirs: 1, bystander: 0}


def test_e136_the_leader_is_the_opponent_with_the_most_light_first_after_you_on_a_tie(pack):
    """E136: `the leader` is read when the verb runs: the opponent with the most light, and
    of opponents tied for it the first after the card's owner in turn order."""
    from whitedwarf.interpreter.lastlight.parties import party

    game = new_game(players=4, packs=[pack])
    state = blank(game)
    for seat, light in enumerate([9, 3, 5, 5]):
        state["players"][seat]["light"] = light
    frame = {"owner": 3, "context": {}}
    assert party(state, frame, {"party": "leader"}) == "p0"  # the owner's own 9 never counts
    frame["owner"] = 0
    assert party(state, frame, {"party": "leader"}) == "p2"  # 2 and 3 tie: 2 comes first
    frame["owner"] = 2
    assert party(state, frame, {"party": "leader"}) == "p0"


def test_e136_a_round_end_card_steals_from_the_leader(pack):
    """E136 in play: the Leveller's `when round_end -> steal 1 common from the leader` takes
    from the opponent ahead on light, not from the one with the most commons."""
    game = new_game(players=3, packs=[pack])
    state = blank(game)
    keep(state, 0, faction="leveller")
    give(state, 1, common=3)
    give(state, 2, common=1)
    state["players"][2]["light"] = 4
    trace = _trace(game)
    with events.listening(game.listener):
        from whitedwarf.interpreter.lastlight import hooks

        hooks.fire(state, "round_end", 0, {})
    assert _commons(state)[:3] == [1, 3, 0]
    assert any("leveller" in line for line in trace)
