"""The scenario helpers (interpreter/lastlight/scenario.py, docs/scenarios.md): a position
written by hand keeps the box whole, is seen by the engine as it is, and a position the game
cannot have is refused with a sentence naming why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import game as engine
from whitedwarf.interpreter.lastlight.combat import roll_face
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.scenario import (
    ScenarioError,
    blank,
    give,
    keep,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
    rig_dice,
    start_players,
    started,
)
from whitedwarf.interpreter.lastlight.state import RESOURCES, SIZES

GAME = new_game(players=3)


def box_is_whole(state: dict[str, Any]) -> None:
    """Every piece and resource is somewhere: on the board, in a supply or a graveyard, held."""
    rt = runtime(state)
    for seat, player in enumerate(state["players"]):
        for size in SIZES:
            board = sum(
                1 for s in state["ships"].values() if s["owner"] == seat and s["size"] == size
            )
            graves = sum(
                1 for p in state["players"] for u in p["graveyard"]
                if u["owner"] == seat and u["size"] == size
            )  # fmt: skip
            assert board + graves + player["supply"][size] == rt.pieces[size], (seat, size)
    for unit in RESOURCES:
        held = sum(p["res"][unit] for p in state["players"])
        assert held + state["supply"][unit] == rt.resources_total[unit], unit


def test_blank_empties_the_position_and_keeps_the_box_whole() -> None:
    state = blank(GAME, seed=4)
    assert state["ships"] == {} and state["extractors"] == {}
    for player in state["players"]:
        assert player["techs"] == [] and player["techs_hand"] == []
        assert player["faction"] is None and player["achievement"] is None
        assert player["light"] == 0 and set(player["res"].values()) == {0}
    box_is_whole(state)


def test_pieces_and_resources_come_out_of_the_supplies() -> None:
    state = blank(GAME)
    extractors = state["players"][2]["supply"]["extractor"]
    put_ship(state, 1, "large", "outer_05")
    put_extractor(state, 2, space="common_a")
    give(state, 0, common=3, rare=1, light=2)
    assert state["players"][1]["supply"]["large"] == runtime(state).pieces["large"] - 1
    assert state["players"][2]["supply"]["extractor"] == extractors - 1
    assert state["players"][0]["res"]["common"] == 3 and state["players"][0]["light"] == 2
    box_is_whole(state)


def test_an_edit_by_hand_is_seen_once_the_game_is_told() -> None:
    """A seed-0 game of random bots stopped where a seat manufactures with techs in hand: the
    engine has worked out (and remembers) what it can afford; resources given by hand are
    seen once ``edited`` is called: the options are then those of a fresh copy of the same
    position (what the rules say of it). Without the call they were the old ones (2 of 4)."""
    state = GAME.new_state(0)
    bots = [make_bot("random", 0, seat) for seat in range(GAME.players)]
    while True:
        seat = GAME.current_players(state)[0]
        offered = GAME.legal_options(state, seat)
        top = state["stack"][-1] if state["phase"] == "resolve" and state["stack"] else None
        manufacturing = top is not None and top["pc"] == "manufacture" and not state["frames"]
        if manufacturing and len(state["players"][seat]["techs_hand"]) >= 3:
            break
        GAME.apply(state, seat, bots[seat].choose(state, seat, offered), check=False)
    for unit in RESOURCES:
        state["players"][seat]["res"][unit] += 5
        state["supply"][unit] -= 5
    GAME.edited(state)
    fresh = engine.legal_options(json.loads(json.dumps(state)), seat)
    assert len(fresh) > len(offered)  # something became affordable
    assert GAME.legal_options(state, seat) == fresh


def test_rigged_dice_show_the_faces_asked_in_order() -> None:
    state = blank(GAME)
    results = runtime(state).die.results
    for faces in ([results[0]], list(results), ["explode"] * 4 + ["miss"]):
        rig_dice(state, faces)
        assert [roll_face(state) for _ in faces] == faces


def _asteroid(state: dict[str, Any]) -> str:
    """A sector of the board holding an asteroid."""
    return next(sector for sector, held in state["sectors"].items() if held["asteroid"])


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda s: put_ship(s, 0, "small", "outer_99"), "no sector 'outer_99'; sectors: centre"),
        (lambda s: put_ship(s, 0, "huge", "outer_05"), "no ship size 'huge'"),
        (lambda s: put_ship(s, 0, "small", _asteroid(s)), "holds an asteroid: no ship can be"),
        (lambda s: put_ship(s, 5, "small", "outer_05"), "no seat 5 in a 3-player game"),
        (lambda s: put_ship(s, -1, "small", "outer_05"), "the Lumos play only in a 2-player"),
        (lambda s: [put_ship(s, 0, "large", "outer_05") for _ in range(3)], "no large ship left"),
        (lambda s: put_extractor(s, 0), "on a planet or on a colony ship space"),
        (lambda s: put_extractor(s, 0, planet="vulcan"), "no planet 'vulcan' on the board"),
        (lambda s: give(s, 0, gold=1), "no unit 'gold'"),
        (lambda s: give(s, 0, rare=999), "the supply holds"),
        (lambda s: put_tech(s, 0, "warp_drv"), "no tech 'warp_drv' in the pack"),
        (lambda s: put_tech(s, 0, "warp_drive"), "warp_drive is a ship_ability tech: name its"),
        (lambda s: keep(s, 0, faction="borg"), "no faction 'borg' in the pack"),
        (lambda s: rig_dice(s, ["crit"]), "the die has no face 'crit'"),
        (lambda s: rig_dice(s, ["miss"] * 8), "rig 1 to 7 dice at a time, not 8"),
    ],
)
def test_a_position_the_game_cannot_have_is_refused_in_a_sentence(call: Any, said: str) -> None:
    state = blank(GAME)
    with pytest.raises(ScenarioError) as raised:
        call(state)
    assert said in str(raised.value)


def test_starlight_games_take_the_same_call() -> None:
    from whitedwarf.interpreter.starlight.game import Game as Starlight

    assert Starlight.edited({"a": 1}) == {"a": 1}


def test_a_game_outlives_another_game_of_the_same_pack() -> None:
    """Two games of one pack share a content id; dropping the second leaves the first
    working (it was refused as "content ... is not loaded" once the second was collected,
    which any test file making a game at import met after another file's games went)."""
    import gc

    first = new_game(players=2)
    second = new_game(players=2)
    assert first.content_id == second.content_id
    blank(second)
    del second
    gc.collect()
    state = blank(first)
    assert state["phase"] == "choose" and first.legal_options(state, 0)


def _faction_pack(tmp_path: Path, effect: str) -> Path:
    """A mod holding one faction, ``asker``, with ``effect``."""
    (tmp_path / "pack.yaml").write_text(
        "id: asking\nname: Asking\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '>=1.0,<2'}\ndescription: one faction that asks\n"
        "allow: [W0430, W0902]\n",
        encoding="utf-8",
    )
    (tmp_path / "factions.yaml").write_text(
        "- id: asker\n  name: Asker\n  three_plus: false\n  source: invented\n"
        f"  text: An invented faction.\n  effect: {json.dumps(effect)}\n",
        encoding="utf-8",
    )
    return tmp_path


def test_blank_leaves_no_question_of_the_faction_it_took_away(tmp_path: Path) -> None:
    """Design round 10: `started` keeps the first faction dealt, whose `round_start` may ask;
    `blank` takes the faction away, and its question went with it only since then (it was
    answered in the scenario's position, by whatever came next: the design exercise's
    baseline manufactured a tech without the card)."""
    game = new_game(
        players=3,
        packs=[_faction_pack(tmp_path, "when round_start -> may gain 1 common")],
        factions="asker,",
    )
    assert started(game)["frames"]  # the kept faction asks at round 1's start
    state = blank(game)
    assert state["frames"] == []
    assert "card_uses" not in state and "card_state" not in state
    assert "play:mine" in options(game, state, 0)  # seat 0 chooses its action card


def test_start_players_gives_a_factions_starting_twist_and_fires_game_start(tmp_path: Path) -> None:
    """`start_players` does what the end of setup does on a written position: the starting
    common and techs as the faction changes them, then `game_start` (000 "setup")."""
    effect = "you have +2 starting_common\nwhen game_start -> gain 1 uncommon"
    game = new_game(players=3, packs=[_faction_pack(tmp_path, effect)])
    state = blank(game)
    keep(state, 0, faction="asker")
    start_players(game, state)
    mine, other = state["players"][0], state["players"][1]
    assert mine["res"]["common"] - other["res"]["common"] == 2
    assert (mine["res"]["uncommon"], other["res"]["uncommon"]) == (1, 0)
    assert len(mine["techs_hand"]) == len(other["techs_hand"])
