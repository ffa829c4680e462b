"""Hostile numbers never exhaust memory or hang the engine (issue 6 item 9; decision E21).

Each case of the issue is built here as engine content directly (the test helpers, not the
validator, so the declared ranges that refuse the literal numbers do not stop it first), and
again with in-range numbers that several cards add up. Every case ends normally, bounded by
the supply it draws from, or in one ``EffectLimitReached`` naming the card: never a
MemoryError, never a hang. Loops are bounded by counting decisions, not by the clock.
"""

from __future__ import annotations

import copy
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.registry import Range
from whitedwarf.interpreter.lastlight import card_effects, graveyard, limits, versions
from whitedwarf.interpreter.lastlight.content import ContentError, runtime
from whitedwarf.interpreter.lastlight.game import EffectLimitReached, Game
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.tools.play import play

from tests.engine.positions import (
    ACHIEVEMENTS,
    BASE,
    EXPLORATION,
    FACTIONS,
    TECHS,
    content,
    empty_board,
    resolve,
    ship,
    started,
)

HUGE = 1_000_000_000
WIDE = Range(-(10**40), 10**40, "no range: these tests reach the engine with hostile numbers")


@pytest.fixture(autouse=True)
def _unbounded_checker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker's declared ranges (E0417) refuse the issue's literal numbers before the
    engine sees them; these tests are about the engine, so its compiler gets a registry whose
    every range is wide open."""
    reg = copy.copy(registry())
    reg.stats = {name: replace(stat, range=WIDE) for name, stat in reg.stats.items()}
    reg.verbs = {
        name: replace(verb, params=tuple(replace(p, range=p.range and WIDE) for p in verb.params))
        for name, verb in reg.verbs.items()
    }
    reg.numbers = {name: WIDE for name in reg.numbers}
    monkeypatch.setattr(card_effects, "registry", lambda: reg)  # what compiles card effects


BASE_DIR = Path(__file__).resolve().parents[2] / "content" / "lastlight"
#: More decisions than any bounded case below can need: a loop past it is a hang.
BUDGET = 5_000


def _game(players: int = 4, **files: Any) -> Game:
    return Game.from_content(content(**files), players, {})


def _factions(effect: str) -> list[dict[str, Any]]:
    """Every faction of the test content carries ``effect``."""
    return [{**f, "effect": effect} for f in FACTIONS]


def _tech(cid: str, effect: str, kind: str = "ship_mod", copies: int = 1) -> dict[str, Any]:
    name = cid.replace("_", " ").title()
    return {"id": cid, "name": name, "kind": kind, "cost": {"common": 1}, "copies": copies,
            "effect": effect}  # fmt: skip


def _in_play(state: dict[str, Any], seat: int, refs: list[str], slot: str | None) -> None:
    state["players"][seat]["techs"] += [
        {"ref": r, "exhausted": False, "ship_type": slot} for r in refs
    ]
    versions.forget(state)  # the cards were put in play in place, past the engine


def _deck_size(g: Game) -> int:
    cards = runtime({"content": g.content_id}).cards["techs"]
    return sum(int(c.get("copies", 1)) for c in cards.values())


def _settle(g: Game, state: dict[str, Any], seat: int, prefix: str) -> int:
    """Answer ``seat``'s decisions whose options start with ``prefix`` (the first option)
    until none is asked; the number answered (a hang fails at :data:`BUDGET`)."""
    for answered in range(BUDGET):
        options = g.legal_options(state, seat) if seat in g.current_players(state) else []
        if not options or not options[0].id.startswith(prefix):
            return answered
        g.apply(state, seat, options[0].id)
    raise AssertionError(f"still asking {prefix!r} after {BUDGET} decisions: a hang")


# -- dice --------------------------------------------------------------------------------------


def _fight(g: Game, size: str = "small", mine: int = 1) -> dict[str, Any]:
    """Seat 0's ``size`` ships and one enemy small ship in outer_00, at the attack step."""
    state = empty_board(started(g))
    for _ in range(mine):
        ship(state, 0, size, "outer_00")
    ship(state, 1, "small", "outer_00")
    return state


def _attack(state: dict[str, Any], g: Game) -> None:
    resolve(g, state, [["attack", [0]]])


def test_a_billion_attack_on_a_tech_is_one_error_naming_it() -> None:
    """Issue 6: `this ship type has +1000000000 attack` ran out of memory rolling dice."""
    g = _game(techs=[*TECHS, _tech("big_gun", f"this ship type has +{HUGE} attack")])
    state = _fight(g)
    _in_play(state, 0, ["big_gun#1"], "small")
    _attack(state, g)
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "roll:small")
    assert (caught.value.card, caught.value.limit) == ("big_gun", "dice")
    assert str(caught.value) == (
        "card 'big_gun': 1 small ship(s) of player 0 with attack 1,000,000,001 would roll "
        "1,000,000,001 dice at once; a roll has at most 1,000 dice"
    )


def test_attack_added_up_over_many_cards_names_the_largest() -> None:
    """In-range +5 attack on 250 copies of a mod, and +1 on another: the +5 card is named."""
    techs = [*TECHS, _tech("gun", "this ship type has +5 attack", copies=250),
             _tech("sight", "this ship type has +1 attack")]  # fmt: skip
    g = _game(techs=techs)
    state = _fight(g, "large", mine=2)
    _in_play(state, 0, ["sight#1", *(f"gun#{k}" for k in range(1, 251))], "large")
    _attack(state, g)
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "roll:large")
    assert caught.value.card == "gun"
    assert "with attack 1,254 would roll 2,508 dice" in str(caught.value)
    assert "card 'gun' (with 'sight')" in str(caught.value)


def test_attack_at_the_limit_rolls() -> None:
    techs = [*TECHS, _tech("gun", "this ship type has +1 attack", copies=999)]
    g = _game(techs=techs, dice=_one_result_die("hit"))
    state = _fight(g)
    _in_play(state, 0, [f"gun#{k}" for k in range(1, 1000)], "small")  # 1 + 999 = 1,000 dice
    _attack(state, g)
    g.apply(state, 0, "roll:small")
    assert len(state["players"][0]["graveyard"]) == 1  # one hit destroyed it, the rest lost


def _one_result_die(result: str, faces: int = 1) -> dict[str, Any]:
    meaning = {"explode": (1, False, True), "miss": (0, False, False), "hit": (1, False, False)}
    damage, ability, extra = meaning[result]
    return {"dice": [{"id": "combat_die", "name": "Combat die", "sides": faces,
                      "source": "invented",
                      "results": [{"id": result, "damage": damage, "ability": ability,
                                   "extra_die": extra, "faces": faces}]}]}  # fmt: skip


def test_a_die_whose_every_face_rolls_again_is_one_error_naming_the_die() -> None:
    g = _game(dice=_one_result_die("explode"))
    state = _fight(g)
    _attack(state, g)
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "roll:small")
    assert (caught.value.card, caught.value.limit) == ("combat_die", "dice")
    assert "went over 1,000 dice" in str(caught.value)


def test_a_card_that_makes_every_die_roll_again_is_named() -> None:
    """`when miss_rolled -> treat this die as explode` on a die of misses: every die rolls
    another, for ever; the card, not the die, is named."""
    treat = _tech("echo", "when miss_rolled -> treat this die as explode", "ship_ability")
    g = _game(techs=[*TECHS, treat], dice=_one_result_die("miss"))
    state = _fight(g)
    _in_play(state, 0, ["echo#1"], "small")
    _attack(state, g)
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "roll:small")
    assert (caught.value.card, caught.value.limit) == ("echo", "dice")


def test_a_trillion_faces_builds_no_table_and_rolls() -> None:
    """Issue 6: a face count of 1000000000000 ran out of memory building the face table."""
    dice = {"dice": [{"id": "combat_die", "name": "Combat die", "sides": 10**12 + 1,
                      "source": "invented",
                      "results": [{"id": "miss", "damage": 0, "ability": False,
                                   "extra_die": False, "faces": 10**12},
                                  {"id": "hit", "damage": 1, "ability": False,
                                   "extra_die": False, "faces": 1}]}]}  # fmt: skip
    g = _game(dice=dice)
    state = _fight(g)
    assert runtime(state).die.sides == 10**12 + 1
    assert runtime(state).die.face(10**12) == "hit" and runtime(state).die.face(0) == "miss"
    _attack(state, g)
    g.apply(state, 0, "roll:small")
    assert state["players"][0]["graveyard"] == []  # a miss: 1 hit side in a trillion


def test_sides_that_disagree_with_the_faces_are_refused_when_the_game_is_made() -> None:
    die = _one_result_die("hit", 6)
    die["dice"][0]["sides"] = 8
    with pytest.raises(ContentError, match="has 8 sides but the faces of its results add up to 6"):
        _game(dice=die)


# -- decks and draws ---------------------------------------------------------------------------


def test_a_trillion_copies_is_one_error_naming_the_card() -> None:
    """Issue 6: `copies: 1000000000000` on a tech ran out of memory building the deck."""
    with pytest.raises(EffectLimitReached) as caught:
        _game(techs=[*TECHS, _tech("spam", "", "civilization", copies=10**12)])
    assert (caught.value.card, caught.value.limit) == ("spam", "copies")
    assert str(caught.value) == (
        "card 'spam': 1,000,000,000,000 copies make the technology deck 1,000,000,000,010 "
        "cards; a deck holds at most 10,000"
    )


def test_copies_added_up_over_many_cards_overfill_the_deck() -> None:
    tokens = [{**t, "copies": 10} for t in EXPLORATION] * 1  # 28 cards x 10: fine
    _game(exploration=tokens)
    many = [{"id": f"ore_x{i}", "kind": "planetary", "pile": "common", "resource": "common",
             "copies": 10} for i in range(1001)]  # fmt: skip
    with pytest.raises(EffectLimitReached) as caught:
        _game(exploration=EXPLORATION + many)
    assert caught.value.limit == "copies"
    assert "the exploration tokens 10,038 cards" in str(caught.value)


def test_a_trillion_ships_in_a_players_supply_is_one_error_naming_the_entry() -> None:
    """Free builds (a ship discount) would let a player build ships one decision at a time
    until the supply runs out; the Lumos setup places ships up to the supply too."""
    supply = BASE.files["supply"]
    per_player = {**supply["per_player"], "ships": {"small": 10**12, "medium": 3, "large": 2}}
    with pytest.raises(EffectLimitReached) as caught:
        _game(2, supply={**supply, "per_player": per_player})
    assert (caught.value.card, caught.value.limit) == ("supply.yaml:per_player/ships/small",
                                                      "pieces")  # fmt: skip
    assert "a supply holds at most 100 of a kind" in str(caught.value)


def test_starting_techs_beyond_the_deck_deal_the_deck_and_setup_ends() -> None:
    """Issue 6: `you have +10^30 starting_techs` on a faction: setup never ended."""
    g = _game(factions=_factions(f"you have +{10**30} starting_techs"))
    state = started(g)
    hands = sum(len(p["techs_hand"]) for p in state["players"])
    assert state["phase"] != "setup"
    assert hands == _deck_size(g) and state["deck"] == [] and state["discard"] == []


def test_starting_techs_in_range_on_every_faction_are_bounded_by_the_deck() -> None:
    g = _game(factions=_factions("you have +10 starting_techs"))  # 4 x 11 > 10 cards
    state = started(g)
    assert sum(len(p["techs_hand"]) for p in state["players"]) == _deck_size(g) == 10


def _research(g: Game, state: dict[str, Any]) -> None:
    for seat in range(1, 4):
        g.apply(state, seat, "play:trade")
    g.apply(state, 0, "play:research")


def test_a_billion_research_draws_draw_the_deck_and_research_ends() -> None:
    """Issue 6: `when before_research -> may pay 1 uncommon -> add 1000000000 to
    research_draw` made a Research that never ended. 000 #1: the cards are drawn from the
    deck, so no more than the deck (and its discard pile, E5) can be drawn."""
    g = _game(factions=_factions(f"when before_research -> may pay 1 uncommon -> add {HUGE} "
                                 "to research_draw"))  # fmt: skip
    state = started(g)
    state["players"][0]["res"]["uncommon"] = 1
    available = len(state["deck"]) + len(state["discard"])
    _research(g, state)
    assert [o.id for o in g.legal_options(state, 0)] == ["yes", "no"]
    g.apply(state, 0, "yes")
    assert len(state["stack"][-1]["drawn"]) == available
    assert _settle(g, state, 0, "discard:") == available - 2  # keep 2, then go on
    assert len(state["players"][0]["techs_hand"]) >= 2


def test_research_draw_added_up_over_many_techs_is_bounded_by_the_deck() -> None:
    techs = [*TECHS] + [_tech(f"lens_{i}", "you have +10 research_draw", "civilization")
                        for i in range(30)]  # fmt: skip
    g = _game(techs=techs)
    state = started(g)
    _in_play(state, 0, [f"lens_{i}#1" for i in range(30)], None)
    available = len(state["deck"]) + len(state["discard"])
    _research(g, state)
    assert len(state["stack"][-1]["drawn"]) == available < 301


def test_a_negative_research_keep_discards_everything_and_research_goes_on() -> None:
    g = _game(factions=_factions("you have -5 research_keep"))
    state = started(g)
    _research(g, state)
    assert _settle(g, state, 0, "discard:") == 3
    assert state["stack"] == [] or state["stack"][-1]["pc"] != "keep"


# -- trades and graveyards ---------------------------------------------------------------------


def test_a_billion_trades_is_one_error_naming_the_card() -> None:
    g = _game(factions=_factions(f"you have +{HUGE} trades"))
    state = started(g)
    for seat in range(1, 4):
        g.apply(state, seat, "play:mine")
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "play:trade")
    assert (caught.value.card, caught.value.limit) == (state["players"][0]["faction"], "trades")
    assert "would make 1,000,000,002 trades in one Trade action" in str(caught.value)


def test_trades_added_up_over_many_techs_name_one_of_them() -> None:
    techs = [*TECHS] + [_tech(f"bazaar_{i}", "you have +4 trades", "civilization")
                        for i in range(25)]  # fmt: skip
    g = _game(techs=techs)
    state = started(g)
    _in_play(state, 0, [f"bazaar_{i}#1" for i in range(25)], None)
    for seat in range(1, 4):
        g.apply(state, seat, "play:mine")
    with pytest.raises(EffectLimitReached) as caught:
        g.apply(state, 0, "play:trade")
    assert caught.value.card == "bazaar_0" and "102 trades" in str(caught.value)


def test_a_graveyard_of_zero_units_pays_out_once_per_unit_not_for_ever() -> None:
    supply = {**BASE.files["supply"], "rules": {**BASE.files["supply"]["rules"],
                                                "graveyard_units": 0}}  # fmt: skip
    g = _game(supply=supply)
    state = started(g)
    state["players"][0]["graveyard"] = [{"kind": "ship", "owner": 1, "size": "small"}]
    light = state["players"][0]["light"]
    graveyard.check(state, 0)
    assert state["players"][0]["graveyard"] == [] and state["players"][0]["light"] > light


def test_the_test_content_is_what_the_cases_assume() -> None:
    assert len(ACHIEVEMENTS) == 16 and sum(t["copies"] for t in TECHS) == 10


# -- activated abilities -----------------------------------------------------------------------


def test_an_ability_that_pays_for_itself_ends_in_one_error_naming_the_card() -> None:
    """`activated: pay 1 common -> gain 1 common` validates clean; a bot that always uses it
    made a Mine action that never ended (2,000,000 decisions, then a traceback)."""
    g = _game(factions=_factions("activated: pay 1 common -> gain 1 common"))
    state = started(g)
    state["players"][0]["res"]["common"] = 1
    for seat in range(1, 4):
        g.apply(state, seat, "play:trade")
    g.apply(state, 0, "play:mine")
    card = state["players"][0]["faction"]
    with pytest.raises(EffectLimitReached) as caught:
        for _ in range(BUDGET):
            g.apply(state, 0, f"use:{card}")
    assert (caught.value.card, caught.value.limit) == (card, "uses")
    assert "more than 100 times in one action card" in str(caught.value)


def test_ability_uses_are_counted_per_action_card() -> None:
    g = _game(factions=_factions("activated: pay 1 common -> gain 1 common"))
    state = started(g)
    state["players"][0]["res"]["common"] = 1
    card = state["players"][0]["faction"]
    for seat in range(1, 4):
        g.apply(state, seat, "play:trade")
    g.apply(state, 0, "play:mine")
    for _ in range(limits.MAX_ABILITY_USES):  # exactly the limit is allowed
        g.apply(state, 0, f"use:{card}")
    assert state["players"][0]["temp"][limits.USES] == limits.MAX_ABILITY_USES
    g.apply(state, 0, "done")  # Mine is resolved: the count goes with it
    assert limits.USES not in state["players"][0]["temp"]


# -- whitedwarf play ---------------------------------------------------------------------------


def test_play_prints_a_limit_hit_in_play_as_one_line_and_exits_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The base pack with the dice limit lowered to 0: the first roll goes over (seed 0: the
    game of seed 7 has no fight since the faction retune, docs/rules-decisions.md K11)."""
    monkeypatch.setattr(limits, "MAX_DICE_PER_ROLL", 0)
    result = CliRunner().invoke(play, ["--seed", "0"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert result.output.startswith("Error: card ")
    assert "dice at once; a roll has at most 0 dice" in result.output
    assert result.output.count("\n") == 1


def test_play_prints_a_deck_over_the_limit_as_one_line_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A copy of the base pack (a content not built before) with the deck limit lowered."""
    pack = tmp_path / "copy"
    shutil.copytree(BASE_DIR, pack)
    manifest = (pack / "pack.yaml").read_text("utf-8")
    (pack / "pack.yaml").write_text(manifest.replace("id: lastlight", "id: lastlight_copy"))
    monkeypatch.setattr(limits, "MAX_DECK", 50)
    result = CliRunner().invoke(play, ["--pack", str(pack), "--seed", "7"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert "copies make the technology deck 83 cards; a deck holds at most 50" in result.output
    assert result.output.count("\n") == 1
