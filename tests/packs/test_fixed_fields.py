"""Pack fields the engine used to ignore: now played, or refused (issue 6 item 4).

docs/rules-decisions.md C22: ``rotation_direction``, ``starting_ships`` and every
``starting_resources`` are played; piece counts said twice must agree (E0924); components
the engine does not count, and colony ship and extractor rules it plays as printed, accept
only the printed value (E0605).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight.board import Board
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.packs import content_from_pack

MANIFEST = "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"


def base(kind: str) -> str:
    return (bundled_pack() / f"{kind}.yaml").read_text("utf-8")


@pytest.fixture
def mod(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mod").mkdir()
    (tmp_path / "mod" / "pack.yaml").write_text(MANIFEST)
    return tmp_path / "mod"


def after_setup(mod: Path, players: int = 2) -> dict[str, Any]:
    """The state once every seat has kept a faction and an achievement."""
    result = load_packs(["mod"])
    assert result.errors == [], result.errors
    game = Game(content_from_pack(result.pack), players, {})
    state = game.new_state(3)
    while state["phase"] == "setup":
        seat = game.current_players(state)[0]
        game.apply(state, seat, game.legal_options(state, seat)[0].id)
    return state


def test_a_counterclockwise_board_turns_the_other_way() -> None:
    data = json.loads(json.dumps(load_packs([bundled_pack()]).pack.data["board"]))
    clockwise = Board.from_data(data)
    data["rotation_direction"] = "counterclockwise"
    counter = Board.from_data(data)
    sector = next(s for s, v in clockwise.sectors.items() if v.ring == "outer")
    start = clockwise.angle_of(sector, 0)
    assert counter.angle_of(sector, 0) == start
    turned = clockwise.angle_of(sector, 1) - start
    assert turned and (counter.angle_of(sector, 1) - start) % 360 == (-turned) % 360


def _pieces(state: dict[str, Any]) -> list[tuple[int, int]]:
    """Per seat: medium ships on the board and rare resources held."""
    return [
        (
            sum(1 for s in state["ships"].values() if s["owner"] == seat and s["size"] == "medium"),
            player["res"]["rare"],
        )
        for seat, player in enumerate(state["players"])
    ]


def test_starting_ships_and_resources_are_dealt(mod: Path) -> None:
    (mod / "supply.yaml").write_text(base("supply"))
    before = _pieces(after_setup(mod))
    supply = base("supply").replace(
        "starting_ships: {small: 1}", "starting_ships: {small: 1, medium: 1}"
    )
    supply = supply.replace(
        "starting_resources: {common: 1}", "starting_resources: {common: 1, rare: 2}"
    )
    (mod / "supply.yaml").write_text(supply)
    after = _pieces(after_setup(mod))
    assert after == [(ships + 1, rare + 2) for ships, rare in before]


@pytest.mark.parametrize(
    ("kind", "old", "new", "message"),
    [
        ("supply", "dice: 6", "dice: 8", "`dice` can only be `6`, not `8`"),
        ("supply", "action_cards: 6", "action_cards: 7", "can only be `6`, not `7`"),
        ("ships", "movable: false", "movable: true", "can only be `false`, not `true`"),
        ("ships", "yield: 1", "yield: 2", "can only be `1`, not `2`"),
    ],
)
def test_fields_the_engine_plays_as_printed_accept_only_that(
    mod: Path, kind: str, old: str, new: str, message: str
) -> None:
    assert old in base(kind)
    (mod / f"{kind}.yaml").write_text(base(kind).replace(old, new, 1))
    errors = load_packs(["mod"]).errors
    assert [d.code for d in errors] == ["E0605"] and message in errors[0].message


def test_a_ship_count_that_disagrees_with_the_supply_is_refused(mod: Path) -> None:
    (mod / "ships.yaml").write_text(base("ships").replace("count: 2", "count: 4", 1))
    [problem] = load_packs(["mod"]).errors
    assert problem.code == "E0924" and problem.span.path == "mod/ships.yaml"
    assert problem.message == "`count` is 4 but supply.yaml `per_player.ships.large` is 2"


def test_a_mods_supply_that_disagrees_with_the_ships_is_told_in_the_mods_file(mod: Path) -> None:
    """It was told in the base pack's ships.yaml (`/.../content/lastlight/ships.yaml:98:10:
    `count` is 8 but supply.yaml `per_player.extractors` is 0`), a file the mod's author
    does not edit, and not at the line they changed."""
    supply = base("supply").replace("extractors: 8", "extractors: 0", 1)
    (mod / "supply.yaml").write_text(supply)
    [problem] = load_packs(["mod"]).errors
    assert problem.code == "E0924" and problem.span.path == "mod/supply.yaml"
    assert problem.message == "`per_player.extractors` is 0 but ships.yaml's `count` is 8"
    assert supply.splitlines()[problem.span.line - 1].strip() == "extractors: 0"
