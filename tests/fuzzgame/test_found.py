"""What the game fuzzer found, each kept as a small scenario (docs/rules-decisions.md
E120-E139): the card, where it is played, and what must happen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight import hooks, versions
from whitedwarf.interpreter.lastlight.game import Game

from tests.effects.scenario import faction, fresh, home, ship
from tests.engine.positions import TECHS, content, empty_board, force_faces, resolve, started
from tests.engine.positions import ship as place
from tests.fuzzgame.games import Batch, write_pack


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
