"""Issue 29 item 7, the smaller vocabulary of Last Light, played through the scenario API.

Each scenario loads a small mod pack whose cards use one new word, sets a position with
``interpreter/lastlight/scenario.py`` and plays the decisions the rule is about:

* ``keep 1 tech from 3``: look at the top 3 techs, keep 1, discard the rest face up as
  Research does (000 "Action Card #1"; docs/rules-decisions.md R10);
* ``reroll each miss die`` / ``treat a miss die as hit``: dice of the roll chosen by face
  (000 "Combat Dice Results Explained");
* ``your large ships have -1 cost``: a discount for one ship type (000 "1. Ships");
* ``blockaded`` planets (000 "2. Claim").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight import events, persist
from whitedwarf.interpreter.lastlight.agents.heuristic import HeuristicAgent
from whitedwarf.interpreter.lastlight.agents.search import LastLightSearch
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.scenario import (
    blank,
    choose,
    give,
    keep,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
    rig_dice,
)
from whitedwarf.interpreter.lastlight.state import card_id

State = dict[str, Any]

PACK = """\
id: vocab29
name: Vocabulary 29
version: 0.1.0
game: lastlight
depends: {lastlight: ">=1.0,<2"}
description: One card per word of issue 29 item 7.
allow: [W0902, W0432]
"""

TECHS = """\
- id: second_look
  name: Second Look
  kind: civilization
  cost: {common: 1}
  copies: 1
  source: invented
  effect: when before_research -> keep 1 tech from 3
- id: gunnery_computer
  name: Gunnery Computer
  kind: ship_mod
  cost: {common: 1}
  copies: 1
  source: invented
  effect: when miss_rolled -> reroll each miss die
- id: fire_control
  name: Fire Control
  kind: ship_mod
  cost: {common: 1}
  copies: 1
  source: invented
  effect: when hit_rolled -> treat a miss die as hit
"""

FACTIONS = """\
- id: shipwrights
  name: Shipwrights
  three_plus: false
  source: invented
  effect: your large ships have -1 cost
- id: tollkeepers
  name: Tollkeepers
  three_plus: false
  source: invented
  effect: |
    your small ships have +1 cost
    you have -1 tech_discount
- id: wardens
  name: Wardens
  three_plus: false
  source: invented
  effect: |
    when round_end -> gain 1 common per blockaded planet you control
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    folder: Path = tmp_path_factory.mktemp("vocab29")
    (folder / "pack.yaml").write_text(PACK, encoding="utf-8")
    (folder / "techs.yaml").write_text(TECHS, encoding="utf-8")
    (folder / "factions.yaml").write_text(FACTIONS, encoding="utf-8")
    return new_game(players=2, packs=[folder])


def _traced(game: Game) -> list[str]:
    """The trace lines ``game`` tells from now on, notes included (as ``--trace`` does)."""
    lines: list[str] = []

    class Trace:
        def __call__(self, event: dict[str, Any]) -> None:
            lines.append(events.describe(event))

        def note(self, event: dict[str, Any]) -> None:
            lines.append(events.describe(event))

    game.listen(Trace())
    return lines


# -- keep: look at N, keep M -------------------------------------------------------------------


def _looking(game: Game) -> tuple[State, list[str]]:
    """Seat 0 with Second Look plays Research: the card asks which of the top 3 to keep."""
    state = blank(game)
    put_tech(state, 0, "second_look")
    top = list(reversed(state["deck"][-3:]))  # the deck is drawn from its end
    choose(game, state, {0: "research", 1: "mine"})
    return state, top


def test_keep_looks_at_the_top_3_keeps_the_one_chosen_and_discards_the_rest(game: Game) -> None:
    """000 "Action Card #1": drawn techs not kept are "discarded face up next to the
    technology deck" (docs/rules-decisions.md R10: the same for the `keep` verb)."""
    state, top = _looking(game)
    assert options(game, state, 0) == [f"keep:{ref}" for ref in top]
    discard_before = list(state["discard"])
    game.apply(state, 0, f"keep:{top[1]}")
    player = state["players"][0]
    assert top[1] in player["techs_hand"]
    assert state["discard"][len(discard_before) :] == [top[0], top[2]]
    assert not {top[0], top[2]} & set(state["deck"])
    assert player["tech_stats"]["kept"].get(card_id(top[1])) == 1


def test_keep_is_told_in_the_trace(game: Game) -> None:
    lines = _traced(game)
    try:
        state, top = _looking(game)
        game.apply(state, 0, f"keep:{top[0]}")
    finally:
        game.listen(None)
    looked = ", ".join(card_id(r) for r in top)
    said = "\n".join(lines)
    assert f"looks at {looked} on top of the tech deck" in said
    assert f"tech {card_id(top[0])} kept in hand" in said
    assert f"tech {card_id(top[2])} discarded" in said


def test_keep_saved_and_loaded_mid_decision_asks_the_same_and_ends_the_same(game: Game) -> None:
    """A save taken while the owner chooses holds the techs looked at; the loaded game asks
    the same question and, answered alike, reaches the same state."""
    state, top = _looking(game)
    loaded = persist.load(persist.save(state))
    Game.edited(loaded)
    assert options(game, loaded, 0) == options(game, state, 0)
    game.apply(state, 0, f"keep:{top[2]}")
    game.apply(loaded, 0, f"keep:{top[2]}")
    assert persist.save(loaded) == persist.save(state)


def test_keep_hides_the_techs_looked_at_from_the_other_players(game: Game) -> None:
    state, top = _looking(game)
    seen = persist.save(persist.observation(state, 1))
    assert not [ref for ref in top if ref in seen]
    assert all(ref in persist.save(persist.observation(state, 0)) for ref in top)


@pytest.mark.parametrize(
    "agent",
    [
        RandomBot(3),
        HeuristicAgent(3),
        SearchAgent(3, LastLightSearch(), iterations=6, horizon=12),
    ],
    ids=["random", "heuristic", "search"],
)
def test_every_agent_answers_a_keep(game: Game, agent: Any) -> None:
    state, top = _looking(game)
    legal = game.legal_options(state, 0)
    picked = agent.choose(state, 0, legal)
    assert picked in {f"keep:{ref}" for ref in top}
    game.apply(state, 0, picked)
    assert card_id(picked.partition(":")[2]) in map(card_id, state["players"][0]["techs_hand"])


# -- dice by face ------------------------------------------------------------------------------


def _fight(game: Game, tech: str, attacker: str) -> tuple[State, str]:
    """Seat 0's ``attacker`` ship with ``tech`` meets a large enemy ship in outer_05."""
    state = blank(game)
    put_tech(state, 0, tech, ship_type=attacker)
    put_ship(state, 0, attacker, "outer_05")
    theirs = put_ship(state, 1, "large", "outer_05")
    choose(game, state, {0: "command", 1: "mine"})
    game.apply(state, 0, "done")  # no move; the attack follows
    assert f"roll:{attacker}" in options(game, state, 0)
    return state, theirs


def test_reroll_each_miss_die_rolls_the_miss_again_and_the_new_face_counts(game: Game) -> None:
    """000 "Combat Dice Results Explained": a hit deals 1 damage. The small ship's one die
    shows a miss, Gunnery Computer rerolls it, and the hit it shows now is dealt."""
    state, theirs = _fight(game, "gunnery_computer", "small")
    lines = _traced(game)
    try:
        rig_dice(state, ["miss", "hit"])
        game.apply(state, 0, "roll:small")
    finally:
        game.listen(None)
    assert state["ships"][theirs]["damage"] == 1
    assert [line.partition(": ")[2] for line in lines[1:4]] == [
        "gunnery_computer is triggered (when miss_rolled)",
        "gunnery_computer: reroll d0",
        "die d0 shows hit, not miss: rerolled",
    ]


def test_a_die_already_counted_is_not_picked_by_its_face(game: Game) -> None:
    """Fire Control treats a miss as a hit when a hit is rolled: the medium ship's dice
    show a hit then a miss, and the miss, not yet counted, becomes a hit (2 damage). Shown
    a miss then a hit, the miss was counted before the hit came: it stays (1 damage)
    (docs/rules-decisions.md R11)."""
    state, theirs = _fight(game, "fire_control", "medium")
    rig_dice(state, ["hit", "miss"])
    game.apply(state, 0, "roll:medium")
    assert state["ships"][theirs]["damage"] == 2

    state, theirs = _fight(game, "fire_control", "medium")
    rig_dice(state, ["miss", "hit"])
    game.apply(state, 0, "roll:medium")
    assert state["ships"][theirs]["damage"] == 1


# -- a cost for one ship type ------------------------------------------------------------------


def test_your_large_ships_cost_one_less_common_first(game: Game) -> None:
    """000 "1. Ships": pay the cost on your player board (a large ship: 2 common, 1 uncommon,
    1 rare); Shipwrights take 1 off large ships only, common first."""
    state = blank(game)
    keep(state, 0, faction="shipwrights")
    give(state, 0, common=1, uncommon=1, rare=1)
    choose(game, state, {0: "construct", 1: "mine"})
    assert "build:large" in options(game, state, 0)
    assert "build:medium" not in options(game, state, 0)  # 2 common, 1 uncommon: no discount
    game.apply(state, 0, "build:large")
    assert state["players"][0]["res"] == {"common": 0, "uncommon": 0, "rare": 0}

    state = blank(game)
    give(state, 0, common=1, uncommon=1, rare=1)
    choose(game, state, {0: "construct", 1: "mine"})
    assert "build:large" not in options(game, state, 0)


def test_a_dearer_ship_or_tech_costs_more_common(game: Game) -> None:
    """docs/rules-decisions.md R12: a negative discount adds common (before, `-1
    tech_discount` was accepted and did nothing)."""
    from whitedwarf.interpreter.lastlight import construct, research

    state = blank(game)
    keep(state, 0, faction="tollkeepers")
    assert construct.ship_cost(state, 0, "small") == {"common": 3}
    assert construct.ship_cost(state, 0, "medium") == {"common": 2, "uncommon": 1}
    ref = put_tech(state, 0, "x_blaster", hand=True)  # 2 common, 1 uncommon
    assert research.tech_cost(state, 0, ref) == {"common": 3, "uncommon": 1}
    give(state, 0, common=2)
    choose(game, state, {0: "construct", 1: "mine"})
    assert "build:small" not in options(game, state, 0)


# -- blockades ---------------------------------------------------------------------------------


def test_a_planet_with_an_enemy_ship_in_its_sector_is_blockaded(game: Game) -> None:
    """000 "2. Claim": "A planet is considered blockaded if any ships of a different color
    than the extractor occupy that sector". Wardens gain 1 common per blockaded planet of
    theirs at the round's end: of two planets held, one has an enemy ship in its sector (1
    common), the other their own ship only; a blockaded planet is still mined (FAQ)."""
    state = blank(game)
    keep(state, 0, faction="wardens")
    put_extractor(state, 0, planet="ashfall")
    put_extractor(state, 0, planet="azure_deep")
    put_ship(state, 1, "small", state["planets"]["ashfall"]["sector"])
    put_ship(state, 0, "small", state["planets"]["azure_deep"]["sector"])
    lines = _traced(game)
    try:
        choose(game, state, {0: "mine", 1: "mine"})
        while state["round"] == 1:
            seat = game.current_players(state)[0]
            game.apply(state, seat, game.legal_options(state, seat)[0].id)
    finally:
        game.listen(None)
    told = [line.partition(": ")[2] for line in lines]
    at_end = told[told.index("wardens is triggered (when round_end)") :]
    assert at_end == [
        "wardens is triggered (when round_end)",
        "wardens: gain 1 common",
        "gains 1 common [by wardens]",
    ]
    assert told.count("gains 1 common") + told.count("gains 1 rare") == 2  # both mined
