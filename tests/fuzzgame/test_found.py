"""What the game fuzzer found, each kept as a small scenario (docs/rules-decisions.md
E120-E139): the card, where it is played, and what must happen."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight import construct, hooks, persist, versions
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import gain
from whitedwarf.interpreter.starlight import effects as sl_effects
from whitedwarf.interpreter.starlight.content import load_content
from whitedwarf.interpreter.starlight.game import Game as StarlightGame
from whitedwarf.interpreter.starlight.state import player as sl_player
from whitedwarf.tools.cli import main

from tests.effects.scenario import add_card, faction, fresh, home, ship, tech
from tests.engine.positions import TECHS, content, empty_board, force_faces, resolve, started
from tests.engine.positions import ship as place
from tests.fuzzgame.games import Batch, write_pack
from tests.starlight_pack.play import fresh as fresh_starlight
from tests.starlight_pack.play import launch_space, put


def _pack_with(tmp_path: Path, kind: str, text: str) -> Path:
    texts: dict[str, list[str]] = {k: [] for k in ("civilization", "ship_ability", "ship_mod")}
    texts.update(faction=[], deep_space=[], planetary=[], achievement=[])
    texts[kind] = [text]
    return write_pack(tmp_path / "mod", Batch(0, texts))


def test_your_home_sector_is_refused_at_your(tmp_path: Path) -> None:
    """E120: ``your`` on a sector stopped a game with a KeyError; now ``validate`` refuses it
    where ``of yours`` is refused (E0407), at the word, with the text to write instead."""
    text = "when centre_light_harvested -> may move a ship of yours to your home sector"
    result = load_packs([_pack_with(tmp_path, "ship_ability", text)])
    assert result.pack is None
    [problem] = [d for d in result.diagnostics if d.is_error]
    assert problem.code == "E0407"
    assert problem.message.startswith("`your` does not apply to sectors")
    assert problem.hint == "write `the home sector` or `a home sector`"
    assert problem.span is not None and problem.span.path.endswith("techs.yaml")
    line = result.sources[problem.span.path].split("\n")[problem.span.line - 1]
    assert line[problem.span.column - 1 :].startswith("your home sector")


def test_the_home_sector_plays() -> None:
    """E120: the text the hint gives plays: the ship goes to its owner's home sector."""
    g, s = fresh()
    faction(s, 0, "homing", "when round_start -> may move a ship of yours to the home sector")
    sid = ship(s, 0, "small", "outer_08")
    hooks.fire(s, "round_start", 0, {})
    g.apply(s, 0, "yes")
    assert s["ships"][sid]["sector"] == home(s, 0) and not s["frames"]


def _with_tech(effect: str, kind: str = "civilization") -> Game:
    card = {"id": "fuzzed", "name": "Fuzzed", "kind": kind, "cost": {"common": 1}, "copies": 1}
    return Game.from_content(content(techs=[*TECHS, {**card, "effect": effect}]), 4)


def _in_play(state: dict[str, Any], seat: int, slot: str | None = None) -> None:
    state["players"][seat]["techs"].append(
        {"ref": "fuzzed#1", "exhausted": False, "ship_type": slot}
    )
    versions.forget(state)  # a card put into play past the engine


def test_a_ship_a_damage_trigger_destroys_is_not_destroyed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """E121: the attacker's ``damage_dealt`` trigger finishes the ship the hit damaged (a
    medium ship, 2 shields: the hit and the card's damage); the attack then finds it gone
    and does not destroy it a second time (it was a KeyError). 000 "2. Attack": the ship is
    destroyed once, into the attacker's graveyard."""
    force_faces(monkeypatch, ["hit"])
    g = _with_tech("when damage_dealt -> deal 1 damage to an enemy ship here")
    state = empty_board(started(g))
    _in_play(state, 0)
    place(state, 0, "small", "outer_00")
    target = place(state, 1, "medium", "outer_00")
    resolve(g, state, [["attack", [0]]])
    g.apply(state, 0, "roll:small")
    assert target not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "medium"}]


def test_starlight_a_pick_asked_before_other_effects_is_asked_again() -> None:
    """SL140: a boon waiting for its owner's pick of a ray, under an effect started after it
    (a god's trigger), is asked again on the pool as that effect left it. It offered the rays
    the later effect took, and picking one was a KeyError. 003 "Flares": a ray is gained from
    the pool; a ray no longer there cannot be."""
    game, state = fresh_starlight()
    assert sorted(set(state["pools"]["short"])) == [
        "orange:short",
        "purple:short",
        "red:short",
        "yellow:short",
    ]
    sl_effects.start(game, state, "flares.boon", "little_lights", 0)  # gain 2 short_rays: asks
    sl_effects.start(game, state, "flares.boon", "bright_heart", 0)  # the same, started on top
    game.apply(state, 0, "ray:purple:short")
    game.apply(state, 0, "ray:yellow:short")  # bright_heart done: little_lights asks again
    assert [f["card"] for f in state["frames"]] == ["flares.boon:little_lights"]
    assert [o.id for o in game.legal_options(state, 0)] == ["ray:orange:short", "ray:red:short"]
    game.apply(state, 0, "ray:red:short")
    game.apply(state, 0, "ray:orange:short")
    assert not state["frames"]
    assert sorted(state["players"][0]["rays"][-4:]) == [
        "orange:short",
        "purple:short",
        "red:short",
        "yellow:short",
    ]


def test_starlight_a_first_turn_launch_dearer_than_its_ap_is_not_offered(tmp_path: Path) -> None:
    """SL141: a god with ``you have +3 launch_cost`` (a launch costs 4 AP) on a first turn
    of 2 AP: the launch spaces were offered, and the launch left the seat at -2 AP (and -2
    saved AP). 003 "Your First Turn": "you receive only 2 [AP] to spend on the action"."""
    mod = tmp_path / "dear"
    mod.mkdir()
    manifest = {"id": "dear", "name": "Dear", "version": "1.0.0", "game": "starlight",
                "depends": {"starlight": "*"}}  # fmt: skip
    (mod / "pack.yaml").write_text(json.dumps(manifest))
    god = {
        "id": "dear_god",
        "name": "Dear",
        "source": "invented",
        "effect": "you have +3 launch_cost",
    }
    (mod / "gods.yaml").write_text(json.dumps([god]))
    game = StarlightGame.from_content(
        load_content([mod]), 2, {"seats": ["live", "live"], "gods": True}
    )
    state = game.new_state(1)
    while state["phase"] == "gods":  # each seat keeps a dealt god; seat 0's is then this one
        seat = game.current_players(state)[0]
        game.apply(state, seat, game.legal_options(state, seat)[0].id)
    state["players"][0]["god"] = "dear_god"
    assert state["turn_state"]["first"] and state["players"][0]["ap"] == 2
    spaces = game.content.spaces
    offered = [spaces[int(o.id.partition(":")[2])]["action"] for o in game.legal_options(state, 0)]
    assert "launch" not in offered and offered
    state["players"][0]["god"] = None  # a launch costs 1 again: the launch spaces are back
    assert "launch" in [
        spaces[int(o.id.partition(":")[2])]["action"] for o in game.legal_options(state, 0)
    ]


def test_starlight_a_boon_during_a_launch_cannot_spend_the_launch_ap() -> None:
    """SL142: a boon used while a star is being built (SL13) spent the AP the launch pays
    when the star is placed, and the seat went to -1 AP (a fuzzed boon `pay 10 ap`). With
    1 AP and a launch costing 1, Forge Bellows' `may pay 1 ap -> gain 4 long_rays` now cannot
    be paid: nothing happens, and the launch is paid. 003 "Action Points"."""
    game, state = fresh_starlight()
    put(state, cores=[], rays=["red:short"], flares=["forge_bellows"], ap=1)
    p = sl_player(state, 0)
    p["starter"] = "starter_red_long"
    p["marker"], p["moved"], p["visit_done"] = launch_space(game, "hydrus_1"), True, False
    game.apply(state, 0, "act")
    game.apply(state, 0, "boon:forge_bellows")  # used while the star is being built
    assert not state["frames"] and p["ap"] == 1 and p["rays"] == ["red:short"]
    for option in ("core:starter_red_long", "ray:red:short", "ready", "slot:hydrus_1"):
        game.apply(state, 0, option)
    assert p["ap"] == 0 and "hydrus_1" in p["stars"]


def test_starlight_a_goal_only_claims_and_only_goals_claim(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SL143: a laurel whose goal also gained night points gained them in final scoring,
    after a game ended by the round limit (daybreak set after the end); `claim` in a god
    claimed nothing. Both are E0947 now, as docs/diagnostics.md shows, word for word."""
    monkeypatch.chdir(tmp_path)
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        'id: mod\nname: Mod\nversion: 0.1.0\ngame: starlight\ndepends: {starlight: "*"}\n'
        "allow: [W0432]\n"  # the cards have no text: only the two errors are the point here
    )
    (mod / "laurels.yaml").write_text(
        "- id: greedy_goal\n  name: Greedy Goal\n  source: invented\n"
        "  goal: as soon as stars_launched >= 3 -> gain 20 night_points then claim\n"
        "  points: 4\n"
    )
    (mod / "gods.yaml").write_text(
        "- id: vain\n  name: Vain\n  source: invented\n  effect: when turn_end -> claim\n"
    )
    output = CliRunner().invoke(main, ["validate", "--no-cache", "mod"]).output
    page = (Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md").read_text("utf-8")
    headlines = re.findall(r"^(\S+: error\[E0947\]: .*)$", page, re.M)
    assert len(headlines) == 2 and all(h in output for h in headlines)
    assert "2 errors, 0 warnings" in output


def test_a_trade_asked_before_a_trigger_spent_resources_is_asked_again() -> None:
    """E122: a card's second trade was asked right after its first, then a `trade_made`
    trigger ran above it and spent 2 uncommon; the trade still offered `2 uncommon for 1
    rare` with 1 uncommon left, and taking it left the seat at -1 uncommon. The question is
    now asked again on the resources as they are (000 "Action Card #4": a trade is paid)."""
    g, s = fresh()
    tech(s, 0, "trader", "when round_start -> trade 2")
    tech(s, 0, "tithe", "when trade_made -> pay 2 uncommon")
    s["players"][0]["res"]["uncommon"] = 4
    s["supply"]["uncommon"] -= 4
    hooks.fire(s, "round_start", 0, {})
    g.apply(s, 0, "trade:uncommon_to_common")  # 3 uncommon, then the tithe: 1
    assert s["players"][0]["res"] == {"common": 2, "uncommon": 1, "rare": 0}
    offered = [o.id for o in g.legal_options(s, 0)]
    assert "trade:uncommon_to_rare" not in offered and "trade:uncommon_to_common" in offered


def _hidden_achievement(state: dict[str, Any], seat: int, cid: str, effect: str) -> None:
    """Seat ``seat`` holds the achievement ``cid`` (hidden, played when its condition holds)."""
    add_card(state, "achievements", cid, effect)
    state["players"][seat]["achievement"] = cid
    versions.forget(state)  # the card was dealt past the engine


def _construct_small_ship(state: dict[str, Any]) -> None:
    """Seat 0's Construct pays for and builds a small ship at home: a step of the rules that
    fires `ship_built` before the engine's own achievement check after the step (E17)."""
    for unit, amount in construct.ship_cost(state, 0, "small").items():
        gain(state, 0, unit, amount)
    construct.build_ship(state, 0, "small", None, home(state, 0))


def test_an_extractor_place_asked_before_an_achievement_built_is_asked_again() -> None:
    """E124: `build extractor` asked where (four empty colony spaces) right after the Construct
    ship that fired it; the check after the question played an achievement above it that
    built the seat's last extractor on `common_a`. The question still offered all four
    spaces, and taking `common_a` put a second extractor there and left the supply at -1.
    Asked again on the supply as it is, there is nothing left to build (000 "2. Extractor":
    a colony space "that does not yet contain an extractor"; 8 extractors a player)."""
    g, s = fresh()
    tech(s, 0, "founder", "when ship_built -> build extractor")
    _hidden_achievement(
        s, 0, "outpost", "as soon as number of small ships you own >= 1 -> build extractor"
    )
    s["players"][0]["supply"]["extractor"] = 1
    _construct_small_ship(s)
    founder, outpost = s["frames"]
    assert (founder["card"], outpost["card"]) == ("founder", "outpost")
    # Only the question with an effect started above it is marked to be asked again (E123),
    # and the mark is plain data: a save and load in between keeps it.
    assert founder["pending"]["again"] and "again" not in outpost["pending"]
    s = persist.load(persist.save(s))
    g.apply(s, 0, "place:common_a")  # the achievement builds the last extractor
    assert not s["frames"]  # asked again: no extractor left to build, so no question
    assert s["players"][0]["supply"]["extractor"] == 0
    assert [x["space"] for x in s["extractors"].values()] == ["common_a"]


def test_a_free_manufacture_asked_before_its_tech_was_discarded_is_asked_again() -> None:
    """E125: `manufacture_free` asked which ship type takes X Blaster (a ship mod: three
    free slots); the check after the question played an achievement above it that discarded
    the seat's only unresearched tech, X Blaster. The slots were still offered, and taking
    one stopped the effect with the engine's own refusal (IllegalOption: the tech is not in
    hand). Asked again, there is nothing to manufacture (000 "Exploration": "Research a tech
    without paying its cost": a tech in your hand)."""
    _, s = fresh()
    tech(s, 0, "maker", "when ship_built -> manufacture_free an unresearched tech of yours")
    _hidden_achievement(
        s,
        0,
        "purge",
        "as soon as number of small ships you own >= 1 -> discard an unresearched tech of yours",
    )
    _deal(s, 0, ["x_blaster#1"])
    _construct_small_ship(s)
    assert not s["frames"]
    assert s["players"][0]["techs_hand"] == [] and s["discard"][-1] == "x_blaster#1"
    assert [t["ref"] for t in s["players"][0]["techs"]] == ["maker#1"]


def test_a_free_manufacture_asked_before_its_slot_filled_is_asked_again() -> None:
    """E125: `manufacture_free` asked which ship type takes X Blaster; an achievement played
    above it drew Power Shield and put it on the small ships, whose one mod slot is then full.
    The small ships were still offered for X Blaster, and taking them stopped the effect
    (IllegalOption). Asked again, only the medium and large ships are offered (000 "Ship mod
    technology cards": "Small ships may hold 1 ship mod")."""
    g, s = fresh()
    tech(s, 0, "maker", "when ship_built -> manufacture_free an unresearched tech of yours")
    _hidden_achievement(
        s,
        0,
        "tinker",
        "as soon as number of small ships you own >= 1 -> "
        "draw 1 tech then manufacture_free an unresearched tech of yours",
    )
    _deal(s, 0, ["x_blaster#1"], top="power_shield#1")  # the achievement draws the top
    _construct_small_ship(s)
    assert [f["card"] for f in s["frames"]] == ["maker", "tinker"]
    g.apply(s, 0, "pick:power_shield#1")
    g.apply(s, 0, "slot:small")  # the small ships' only mod slot
    assert [f["card"] for f in s["frames"]] == ["maker"]
    assert _offered(g, s) == ["slot:medium", "slot:large"]
    g.apply(s, 0, "slot:medium")
    assert not s["frames"] and s["players"][0]["techs_hand"] == []
    slots = {t["ref"]: t["ship_type"] for t in s["players"][0]["techs"]}
    assert slots == {"maker#1": None, "power_shield#1": "small", "x_blaster#1": "medium"}


def _offered(game: Game, state: dict[str, Any]) -> list[str]:
    return [o.id for o in game.legal_options(state, 0)]


def _deal(state: dict[str, Any], seat: int, hand: list[str], top: str | None = None) -> None:
    """``hand`` are the seat's unresearched techs and ``top`` the top of the deck, each
    taken from wherever the setup dealt it."""
    moved = [*hand, *([top] if top else [])]
    for pile in (state["deck"], state["discard"], *(p["techs_hand"] for p in state["players"])):
        pile[:] = [ref for ref in pile if ref not in moved]
    state["players"][seat]["techs_hand"] = list(hand)
    if top:
        state["deck"].append(top)  # draw_one takes the last
    versions.forget(state)
