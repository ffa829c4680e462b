"""Card state played in Last Light (issue 29 item 1, docs/rules-decisions.md R13): counters a
card puts on itself and takes off as a cost, and an opponent it chose and remembers, through
the scenario module (docs/scenarios.md), across save and load, in the observation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight import persist, scenario
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.hooks import check_achievements, fire

State = dict[str, Any]

FACTIONS = """\
- id: chronos
  name: Chronos
  three_plus: false
  source: invented
  effect: |
    when after_refresh -> put 1 charge on this card
    activated: remove 3 charges from this card -> gain 2 light
- id: vendetta
  name: Vendetta
  three_plus: false
  source: invented
  effect: |
    when game_start -> choose an opponent: gain 1 light
    when round_start -> steal 1 common from that opponent
- id: hoarders
  name: Hoarders
  three_plus: false
  source: invented
  effect: |
    when round_start -> put 60 sparks on this card
    when round_end -> gain 1 light per 33 sparks on this card
- id: grudge
  name: Grudge
  three_plus: false
  source: invented
  effect: |
    when round_start -> steal 1 common from that opponent
    when round_end -> choose an opponent: gain 1 common
- id: tinkers
  name: Tinkers
  three_plus: false
  source: invented
  effect: |
    when after_refresh -> put 1 charge on this card
    activated: remove 2 charges from this card -> choose one: gain 2 light or gain 2 rare
- id: spendthrift
  name: Spendthrift
  three_plus: false
  source: invented
  allow: [W0412]
  effect: |
    when round_start -> put 1 charge on this card
    activated: remove (charges on this card) charges from this card ->
      gain 1 common per charge on this card
- id: late_tally
  name: Late Tally
  three_plus: false
  source: invented
  allow: [W0415]
  effect: |
    when round_start -> put 1 charge on this card
    when round_start if charges on this card >= 2 -> remove 2 charges from this card -> gain 1 rare
- id: tally
  name: Tally
  three_plus: false
  source: invented
  effect: |
    when round_start -> put 1 charge on this card
      then if charges on this card >= 2 -> remove 2 charges from this card -> gain 1 rare
- id: cashier
  name: Cashier
  three_plus: false
  source: invented
  effect: |
    when round_start -> put 1 charge on this card
    activated, once per round: gain 1 common per charge on this card
      then remove (charges on this card) charges from this card
"""

TECHS = """\
- id: hourglass
  name: Hourglass
  kind: civilization
  cost: {common: 1}
  copies: 2
  source: invented
  effect: |
    when after_refresh -> put 1 charge on this card
    when round_end if charges on this card >= 2 -> gain 1 light
- id: dawn
  name: Dawn
  kind: civilization
  cost: {common: 1}
  copies: 1
  source: invented
  allow: [W0414]
  effect: |
    when game_start -> put 2 charges on this card
    activated: remove 1 charge from this card -> gain 1 light
- id: bloom
  name: Bloom
  kind: civilization
  cost: {common: 1}
  copies: 1
  source: invented
  effect: |
    as soon as round >= 1 -> put 2 charges on this card
    activated: remove 1 charge from this card -> gain 1 light
"""


@pytest.fixture(scope="module")
def mod(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("packs") / "statemod"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: statemod\nname: State mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902, W0432]\n"
    )
    (folder / "factions.yaml").write_text(FACTIONS)
    (folder / "techs.yaml").write_text(TECHS)
    return folder


def _game(mod: Path, factions: str, players: int = 3) -> tuple[Game, State]:
    game = scenario.new_game(players, packs=[mod], factions=factions)
    state = scenario.started(game)
    state.pop("card_state", None)  # what setup's `game_start` chose, for a scenario of its own
    return game, Game.edited(state)


def _reloaded(state: State) -> State:
    return Game.edited(persist.load(persist.save(state)))


# -- counters ----------------------------------------------------------------------------------


def test_r10_three_charges_buy_two_light_and_fewer_are_not_offered(mod: Path) -> None:
    """R13: `remove 3 charges from this card` is a cost: with 2 charges the ability is not
    offered (E15), with 3 it is, and using it takes the 3 and gives the 2 light."""
    game, state = _game(mod, "chronos")
    for _ in range(2):
        fire(state, "after_refresh", 0, {})
    assert state["card_state"]["0"]["chronos"]["counters"] == {"charge": 2}
    scenario.choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    assert "use:chronos" not in scenario.options(game, state, 0)
    fire(state, "after_refresh", 0, {})
    assert "use:chronos" in scenario.options(game, state, 0)
    light = state["players"][0]["light"]
    game.apply(state, 0, "use:chronos")
    assert state["players"][0]["light"] == light + 2
    assert state["card_state"]["0"]["chronos"]["counters"] == {}
    assert "use:chronos" not in scenario.options(game, state, 0)


@pytest.mark.parametrize(("faction", "gained"), [("spendthrift", 0), ("cashier", 2)])
def test_a_count_read_after_the_removal_of_every_counter_is_0(
    mod: Path, faction: str, gained: int
) -> None:
    """W0412's card: "spend every charge for a common each" written with the removal as a
    cost pays the cost first, so the gain reads 0 charges; read first, it gains 2."""
    game, state = _game(mod, faction)
    for _ in range(2):
        fire(state, "round_start", 0, {})
    scenario.choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    common = state["players"][0]["res"]["common"]
    game.apply(state, 0, f"use:{faction}")
    assert state["players"][0]["res"]["common"] == common + gained
    assert state["card_state"]["0"][faction]["counters"] == {}


@pytest.mark.parametrize(("faction", "rounds"), [("late_tally", 3), ("tally", 2)])
def test_a_condition_on_the_hook_sees_the_count_from_before_the_earlier_clause(
    mod: Path, faction: str, rounds: int
) -> None:
    """W0415's card: both clauses hear `round_start`, and the second's condition is tested
    as the hook comes (R8), before the first puts its charge, so the rare comes a round late;
    tested after the put, in one clause, it comes at the second charge."""
    _, state = _game(mod, faction)
    rare = state["players"][0]["res"]["rare"]
    fired = 0
    while state["players"][0]["res"]["rare"] == rare and fired < 4:
        fire(state, "round_start", 0, {})
        fired += 1
    assert fired == rounds


def test_a_tech_never_hears_game_start_and_as_soon_as_runs_once_it_is_in_play(
    mod: Path,
) -> None:
    """W0414's card: a tech is never in play at `game_start` (every tech starts unresearched),
    so Dawn's charges never come; Bloom's `as soon as round >= 1` puts them once the tech is
    in play, and only once."""
    _, state = _game(mod, "chronos")
    for tech in ("dawn", "bloom"):
        scenario.put_tech(state, 0, tech)
    state = Game.edited(state)
    check_achievements(state)
    check_achievements(state)
    kept = state["card_state"]["0"]
    assert kept["bloom#1"]["counters"] == {"charge": 2}
    assert "dawn#1" not in kept


def test_r10_a_card_holds_at_most_99_of_a_kind_and_per_reads_them(mod: Path) -> None:
    """R13: `put` beyond 99 puts what fits; `per 33 sparks on this card` reads the count."""
    _, state = _game(mod, "hoarders")
    fire(state, "round_start", 0, {})
    fire(state, "round_start", 0, {})
    assert state["card_state"]["0"]["hoarders"]["counters"] == {"spark": 99}
    light = state["players"][0]["light"]
    fire(state, "round_end", 0, {})
    assert state["players"][0]["light"] == light + 3


def test_r10_counters_are_per_copy_and_owner_and_leave_with_a_discarded_tech(mod: Path) -> None:
    """Two copies of a tech, with two owners, count apart; a discarded copy takes its
    counters with it (R13)."""
    _, state = _game(mod, "")
    mine = scenario.put_tech(state, 0, "hourglass")
    theirs = scenario.put_tech(state, 1, "hourglass")
    fire(state, "after_refresh", 0, {})
    fire(state, "after_refresh", 0, {})
    fire(state, "after_refresh", 1, {})
    assert state["card_state"]["0"][mine]["counters"] == {"charge": 2}
    assert state["card_state"]["1"][theirs]["counters"] == {"charge": 1}
    lights = [p["light"] for p in state["players"]]
    fire(state, "round_end", 0, {})
    fire(state, "round_end", 1, {})
    assert [p["light"] for p in state["players"]][:2] == [lights[0] + 1, lights[1]]
    from whitedwarf.interpreter.lastlight.verbs import verb_discard

    verb_discard(state, {"owner": 0, "card": "hourglass", "context": {}}, [mine])
    assert mine not in state["card_state"]["0"]


def test_r10_a_paid_effect_saved_at_its_choice_keeps_what_the_cost_took(mod: Path) -> None:
    """Save and load in the middle of the effect: the 2 charges are off the card while the
    owner chooses, and stay off after the load; the choice then pays out."""
    game, state = _game(mod, "tinkers")
    for _ in range(3):
        fire(state, "after_refresh", 0, {})
    scenario.choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    game.apply(state, 0, "use:tinkers")
    assert scenario.options(game, state, 0) == ["branch:0", "branch:1"]
    assert state["card_state"]["0"]["tinkers"]["counters"] == {"charge": 1}
    state = _reloaded(state)
    assert state["card_state"]["0"]["tinkers"]["counters"] == {"charge": 1}
    rare = state["players"][0]["res"]["rare"]
    game.apply(state, 0, "branch:1")
    assert state["players"][0]["res"]["rare"] == rare + 2
    assert "use:tinkers" not in scenario.options(game, state, 0)


def test_counters_are_public_and_an_old_save_without_them_loads(mod: Path) -> None:
    game, state = _game(mod, "chronos")
    fire(state, "after_refresh", 0, {})
    for seat in (1, 2):
        seen = persist.observation(state, seat)["card_state"]
        assert seen == {"0": {"chronos": {"counters": {"charge": 1}, "chosen": {}}}}
    old = json.loads(persist.save(state))
    del old["card_state"]  # a save written before card state existed
    loaded = Game.edited(persist.load(json.dumps(old)))
    scenario.choose(game, loaded, {0: "trade", 1: "mine", 2: "mine"})
    assert "use:chronos" not in scenario.options(game, loaded, 0)
    for _ in range(3):
        fire(loaded, "after_refresh", 0, {})
    assert "use:chronos" in scenario.options(game, loaded, 0)


# -- a remembered choice -----------------------------------------------------------------------


def test_r10_the_opponent_chosen_at_game_start_is_stolen_from_each_round(mod: Path) -> None:
    """Vendetta: the owner picks an opponent once; every round it steals from that one, the
    choice surviving a save and load in the middle of the game and shown to every seat."""
    game, state = _game(mod, "vendetta")
    fire(state, "game_start", 0, {})
    assert scenario.options(game, state, 0) == ["pick:p1", "pick:p2"]
    state = _reloaded(state)  # saved while the owner chooses
    game.apply(state, 0, "pick:p2")
    assert state["card_state"]["0"]["vendetta"]["chosen"] == {"opponent": "p2"}
    assert persist.observation(state, 1)["card_state"]["0"]["vendetta"]["chosen"] == {
        "opponent": "p2"
    }
    for p in state["players"]:
        p["res"]["common"] = 3
    state = _reloaded(state)
    for _ in range(2):
        fire(state, "round_start", 0, {})
    assert [p["res"]["common"] for p in state["players"]] == [5, 3, 1]


def test_r10_that_opponent_before_any_choice_does_nothing(mod: Path) -> None:
    """Grudge steals at round start from the opponent it chooses at round end: in the first
    round nobody is chosen yet, so the steal does nothing (R13); after, it steals."""
    game, state = _game(mod, "grudge")
    for p in state["players"]:
        p["res"]["common"] = 3
    fire(state, "round_start", 0, {})
    assert [p["res"]["common"] for p in state["players"]] == [3, 3, 3]
    fire(state, "round_end", 0, {})
    game.apply(state, 0, "pick:p1")
    fire(state, "round_start", 0, {})
    assert [p["res"]["common"] for p in state["players"]] == [5, 2, 3]


def test_choosing_again_replaces_the_choice(mod: Path) -> None:
    game, state = _game(mod, "grudge")
    fire(state, "round_end", 0, {})
    game.apply(state, 0, "pick:p1")
    fire(state, "round_end", 0, {})
    game.apply(state, 0, "pick:p2")
    assert state["card_state"]["0"]["grudge"]["chosen"] == {"opponent": "p2"}


def test_a_clone_for_search_keeps_the_card_state(mod: Path) -> None:
    """Search agents copy states (``Game.clone``) and determinise observations: both keep
    what the cards hold, which is public."""
    from whitedwarf.interpreter.lastlight.determinise import determinise

    game, state = _game(mod, "chronos")
    fire(state, "after_refresh", 0, {})
    assert game.clone(state)["card_state"] == state["card_state"]
    import random

    view = persist.observation(state, 1)
    guessed = determinise(view, 1, random.Random(1))
    assert guessed is not None and guessed["card_state"] == state["card_state"]


def test_r10_the_trace_says_a_full_card_took_only_what_fits(mod: Path) -> None:
    """A put beyond 99 is no error: the trace line says how many went on and that the card
    is full (a note: never in a replay)."""
    from whitedwarf.interpreter.lastlight import events

    _, state = _game(mod, "hoarders")
    told: list[str] = []

    class Trace:
        def __call__(self, event: dict[str, Any]) -> None:
            pass

        def note(self, event: dict[str, Any]) -> None:
            told.append(events.describe(event))

    with events.listening(Trace()):
        fire(state, "round_start", 0, {})
        fire(state, "round_start", 0, {})
    assert told[-1].endswith(
        "hoarders: puts 39 sparks on hoarders (99 sparks now, full: no more fit on a card)"
    )
