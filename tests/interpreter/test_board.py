"""Scenarios for the board geometry and the base pack's static component data.

Each test loads the real YAML of content/lastlight and checks one rule of the rulebook
(000 "Board Rotation", 000 "Action Card #6 - Command" "1. Move", 000 "Components", 000 "setup").
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from whitedwarf.interpreter.lastlight.board import (
    Board,
    BoardError,
    SetupLayout,
    load_setup,
    setup_entry,
)

PACK = Path(__file__).resolve().parents[2] / "content" / "lastlight"
MY_FILES = ("board", "setups", "planets", "ships", "dice", "actions", "supply")
PLAYER_COUNTS = (2, 3, 4)
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def load(stem: str) -> Any:
    """One content file of the base pack, loaded with the safe loader."""
    return YAML(typ="safe").load((PACK / f"{stem}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def board_data() -> dict[str, Any]:
    return load("board")


@pytest.fixture(scope="module")
def setups_data() -> dict[str, Any]:
    return load("setups")


@pytest.fixture(scope="module")
def supply() -> dict[str, Any]:
    return load("supply")


def make_board(board_data: dict[str, Any], carries: bool = False, setup: Any = None) -> Board:
    """The real board, optionally with the 135-degree reading of the public rules FAQ."""
    data = copy.deepcopy(board_data)
    data["outer_carries_inner"] = carries
    return Board.from_data(data, setup)


def layouts(board_data: dict[str, Any], setups_data: dict[str, Any]) -> list[SetupLayout]:
    return [load_setup(board_data, setups_data, n) for n in PLAYER_COUNTS]


# -- file conventions (DESIGN principle 6) ----------------------------------------------------


@pytest.mark.parametrize("stem", MY_FILES)
def test_file_starts_with_its_schema_comment(stem: str) -> None:
    first = (PACK / f"{stem}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema=../../schemas/{stem}.schema.json"


def test_card_like_entries_carry_provenance_and_snake_case_ids(setups_data: Any) -> None:
    entries = [
        *load("planets"),
        *load("actions"),
        *load("ships")["ships"],
        *load("dice")["dice"],
        *setups_data["setups"],
    ]
    for entry in entries:
        assert entry["source"] in {"rulebook", "invented"}, entry
        if "id" in entry:
            assert SNAKE.match(entry["id"]), entry["id"]


# -- 000 "Components": the 4-player map uses the whole box ------------------------------------


def test_four_player_setup_uses_the_whole_box(
    board_data: Any, setups_data: Any, supply: Any
) -> None:
    layout = load_setup(board_data, setups_data, 4)
    assert len(layout.planets) == supply["planets"] == 15
    assert len(layout.asteroids) == supply["asteroids"] == 7
    assert len(layout.deep_space) == supply["deep_space_tokens"] == 12
    assert len(layout.homes) == supply["colony_ships"] == 4
    assert layout.white_dwarf == board_data["centre"]


def test_planets_sit_on_inner_outer_and_distant_sectors(board_data: Any, setups_data: Any) -> None:
    # 000 "PLANETARY TERMINOLOGY": inner, outer and distant planets.
    board = make_board(board_data)
    for layout in layouts(board_data, setups_data):
        rings = {board.ring_of(p.sector) for p in layout.planets}
        assert rings == {"inner", "outer", "distant"}


def test_planet_token_piles_are_big_enough(board_data: Any, setups_data: Any, supply: Any) -> None:
    for layout in layouts(board_data, setups_data):
        piles = Counter(p.token for p in layout.planets)
        for token, used in piles.items():
            assert used <= supply["planetary_tokens"][token]


@pytest.mark.parametrize("players", (2, 3))
def test_smaller_games_use_subsets_of_the_box(
    board_data: Any, setups_data: Any, players: int
) -> None:
    # 000 "setup": "Any unused tokens should be returned to the box."
    full = load_setup(board_data, setups_data, 4)
    small = load_setup(board_data, setups_data, players)
    assert len(small.homes) == players
    assert len(small.planets) < len(full.planets)
    assert len(small.deep_space) < len(full.deep_space)
    assert len(small.asteroids) <= len(full.asteroids)
    assert set(small.contents()) <= set(make_board(board_data).sectors)


def test_only_the_two_player_game_has_lumos_in_the_centre(
    board_data: Any, setups_data: Any
) -> None:
    # 002: "Add 2 small Lumos ships to the center sector of the game board".
    two, three, four = layouts(board_data, setups_data)
    assert [(n.faction, n.sector, dict(n.ships)) for n in two.neutral_ships] == [
        ("lumos", "centre", {"small": 2})
    ]
    assert three.neutral_ships == four.neutral_ships == ()


def test_setup_rejects_two_things_on_one_sector(board_data: Any, setups_data: Any) -> None:
    data = copy.deepcopy(setups_data)
    entry = setup_entry(data, 4)
    entry["asteroids"] = [*entry["asteroids"], entry["homes"][0]]
    with pytest.raises(BoardError, match="an asteroid on 'distant_00', which already has a home"):
        load_setup(board_data, data, 4)


def test_colony_ship_has_a_common_space_for_the_starting_extractor(board_data: Any) -> None:
    # 000 "setup": "an extractor on one of the common resource spaces (grey)".
    spaces = board_data["colony_ship"]["spaces"]
    resources = Counter(s["resource"] for s in spaces)
    assert resources == {"common": 2, "uncommon": 1, "rare": 1}
    assert len({s["id"] for s in spaces}) == len(spaces)


# -- 000 "1. Move": adjacency ------------------------------------------------------------------


def tiny_board() -> Board:
    """An inner ring of four 90-degree sectors inside an outer ring of eight 45-degree ones."""
    data = {
        "centre": "c",
        "rings": [
            {"id": "centre", "slots": 1, "sectors": [{"id": "c", "slot": 0}]},
            {
                "id": "inner",
                "slots": 4,
                "degrees_per_rotation": 90,
                "sectors": [{"id": f"a{k}", "slot": k} for k in range(4)],
            },
            {
                "id": "outer",
                "slots": 8,
                "degrees_per_rotation": 45,
                "sectors": [{"id": f"b{k}", "slot": k} for k in range(8)],
            },
        ],
    }
    return Board.from_data(data, None)


def test_corner_only_contact_is_not_adjacent() -> None:
    # a0 spans 0-90 degrees; b1 spans 45-90 (shares an edge), b2 spans 90-135 and meets a0
    # only at the point (90 degrees, ring boundary): a diagonal corner.
    board = tiny_board()
    assert board.interval_of("a0", 0) == (0.0, 90.0)
    assert board.interval_of("b2", 0) == (90.0, 135.0)
    assert "b1" in board.adjacent("a0", 0)
    assert "b2" not in board.adjacent("a0", 0)
    assert "b7" not in board.adjacent("a0", 0)
    assert board.adjacent("a0", 0) == ("a1", "a3", "b0", "b1", "c")


def test_real_board_never_links_sectors_meeting_at_a_point(board_data: Any) -> None:
    for carries in (False, True):
        board = make_board(board_data, carries)
        for rotation in range(board.rotations_cycle()):
            for a, b in corner_contacts(board, rotation):
                assert b not in board.adjacent(a, rotation)


def corner_contacts(board: Board, rotation: int) -> list[tuple[str, str]]:
    """Pairs on neighbouring rings whose intervals meet at one end and do not overlap."""
    pairs = []
    rings = ("inner", "outer", "distant")
    for lower, upper in pairwise(rings):
        for a in board.sectors_of_ring(lower):
            a0, a1 = board.interval_of(a, rotation)
            for b in board.sectors_of_ring(upper):
                b0, b1 = board.interval_of(b, rotation)
                if a1 % 360 == b0 % 360 or b1 % 360 == a0 % 360:
                    pairs.append((a, b))
    assert pairs, "the real board has corner contacts to test"
    return pairs


def test_centre_touches_every_inner_sector_and_nothing_else(board_data: Any) -> None:
    board = make_board(board_data)
    for rotation in range(board.rotations_cycle()):
        assert board.adjacent("centre", rotation) == board.sectors_of_ring("inner")


@pytest.mark.parametrize("carries", (False, True))
def test_adjacency_is_symmetric_in_every_rotation_state(board_data: Any, carries: bool) -> None:
    board = make_board(board_data, carries)
    for rotation in range(board.rotations_cycle()):
        for a in board.sectors:
            assert a not in board.adjacent(a, rotation)
            for b in board.adjacent(a, rotation):
                assert a in board.adjacent(b, rotation)


@pytest.mark.parametrize("carries", (False, True))
def test_adjacency_repeats_after_the_cycle(board_data: Any, carries: bool) -> None:
    board = make_board(board_data, carries)
    cycle = board.rotations_cycle()
    assert cycle == 8  # the outer ring's 45-degree turn needs 8 rotations to come round
    for rotation in range(cycle):
        for sector in board.sectors:
            assert board.adjacent(sector, rotation) == board.adjacent(sector, rotation + cycle)


# -- 000 "Board Rotation" ----------------------------------------------------------------------


def turn(board: Board, sector: str, rotation: int) -> float:
    """Degrees a sector moves clockwise during rotation number ``rotation + 1``."""
    return (board.angle_of(sector, rotation + 1) - board.angle_of(sector, rotation)) % 360


def test_inner_turns_90_and_outer_45_degrees_clockwise(board_data: Any) -> None:
    # 000 "Board Rotation": "The inner ring rotates 90 degrees clockwise. The outer ring
    # rotates 45 degrees clockwise."
    board = make_board(board_data)
    for rotation in range(board.rotations_cycle()):
        assert turn(board, "inner_3", rotation) == 90
        assert turn(board, "outer_05", rotation) == 45
        assert turn(board, "distant_07", rotation) == 0
        assert board.angle_of("centre", rotation) == 0


def test_outer_carrying_inner_turns_the_inner_ring_135_degrees(board_data: Any) -> None:
    # Public rules FAQ report: the outer ring carries the inner ring, 45 + 90 = 135 degrees.
    board = make_board(board_data, carries=True)
    assert board.ring_degrees_per_rotation("inner") == 135
    assert board.ring_degrees_per_rotation("outer") == 45
    assert turn(board, "inner_0", 0) == 135
    assert turn(board, "outer_00", 0) == 45


def test_contents_turn_with_their_ring(board_data: Any, setups_data: Any) -> None:
    # A planet on inner_0 stays on inner_0 (same id, same ring); only the sector's angle and
    # so its outer neighbours change: 0-45 degrees touches outer_00/01 before the rotation;
    # after it, inner_0 is at 90-135 and the outer ring has turned 45, so outer_02/03 lie there.
    board = make_board(board_data)
    layout = load_setup(board_data, setups_data, 4)
    assert "inner_0" in {p.sector for p in layout.planets}
    outer_before = [s for s in board.adjacent("inner_0", 0) if board.ring_of(s) == "outer"]
    outer_after = [s for s in board.adjacent("inner_0", 1) if board.ring_of(s) == "outer"]
    assert board.ring_of("inner_0") == "inner"
    assert board.interval_of("inner_0", 1) == (90.0, 135.0)
    assert outer_before == ["outer_00", "outer_01"]
    assert outer_after == ["outer_02", "outer_03"]


def test_distant_sectors_keep_their_neighbours_in_the_ring(board_data: Any) -> None:
    board = make_board(board_data)
    for rotation in range(board.rotations_cycle()):
        distant = [s for s in board.adjacent("distant_00", rotation) if s.startswith("distant")]
        assert distant == ["distant_01", "distant_15"]


def test_a_turn_that_is_not_whole_slots_is_refused(board_data: Any) -> None:
    data = copy.deepcopy(board_data)
    data["rings"][2]["degrees_per_rotation"] = 30
    with pytest.raises(BoardError, match="whole number"):
        Board.from_data(data, None)


# -- movement ----------------------------------------------------------------------------------


def test_asteroids_block_movement(board_data: Any, setups_data: Any) -> None:
    # 000 "1. Move": "Ships cannot enter a sector containing an asteroid." From a sector beside
    # each asteroid of every map, one move reaches it on an empty board and no number of moves
    # reaches any asteroid on the map.
    board = make_board(board_data)
    for layout in layouts(board_data, setups_data):
        for asteroid in layout.asteroids:
            start = next(s for s in board.adjacent(asteroid, 0) if s not in layout.blocked)
            assert asteroid in board.reachable(start, 1, 0, frozenset())
            for steps in range(1, 6):
                reached = board.reachable(start, steps, 0, layout.blocked)
                assert not set(reached) & layout.blocked, (layout.players, asteroid, steps)


def test_reachable_counts_fewest_moves(board_data: Any) -> None:
    board = make_board(board_data)
    reached = board.reachable("distant_00", 3, 0, frozenset())
    assert reached["distant_00"] == 0
    assert reached["outer_00"] == 1
    assert reached["inner_0"] == 2
    assert reached["centre"] == 3
    assert max(reached.values()) == 3


def test_blocked_sector_forces_a_detour(board_data: Any) -> None:
    board = make_board(board_data)
    assert board.distance("distant_00", "centre", 0, frozenset()) == 3
    detour = board.distance("distant_00", "centre", 0, frozenset({"outer_00"}))
    assert detour == 4


@pytest.mark.parametrize("carries", (False, True))
def test_every_home_reaches_the_centre_in_every_state(
    board_data: Any, setups_data: Any, carries: bool
) -> None:
    for layout in layouts(board_data, setups_data):
        board = make_board(board_data, carries, {"homes": layout.homes})
        assert board.home_sectors == layout.homes
        for rotation in range(board.rotations_cycle()):
            for home in layout.homes:
                assert board.distance(home, board.centre, rotation, layout.blocked) is not None


def test_homes_are_distant_and_in_clockwise_seat_order(board_data: Any, setups_data: Any) -> None:
    board = make_board(board_data)
    for layout in layouts(board_data, setups_data):
        angles = [board.angle_of(h, 0) for h in layout.homes]
        assert angles == sorted(angles)
        assert {board.ring_of(h) for h in layout.homes} == {"distant"}


def test_every_home_starts_beside_a_planet_and_a_deep_space_token(
    board_data: Any, setups_data: Any
) -> None:
    """But two homes. The 4-player map's last home (distant_12): the box's 15 planets leave one
    quarter a planet short, and since docs/rules-decisions.md K16 it is that quarter's distant
    planet, not its outer one (an outer planet claims light at every Refresh). The 3-player
    map's first home (distant_00): the inner ring brings it the empty quarter's inner planet
    first, so its distant planet lies away from it (K18; the next test)."""
    board = make_board(board_data)
    for layout in layouts(board_data, setups_data):
        contents = layout.contents()
        for home in layout.homes:
            around = {
                contents.get(s) for s in board.adjacent(home, 0) if board.ring_of(s) == "distant"
            }
            short = (layout.players, home) in {(4, "distant_12"), (3, "distant_00")}
            assert around == ({None, "deep_space"} if short else {"planet", "deep_space"}), home


def test_three_player_first_home_meets_the_empty_quarter_first(
    board_data: Any, setups_data: Any
) -> None:
    """docs/rules-decisions.md K18: on the 3-player map the first clockwise inner turn puts
    inner_6, the empty quarter's planet, two moves from distant_00 and from no other home, so
    distant_00's distant planet is distant_12, 4 moves from it and 6 from the other homes."""
    board = make_board(board_data)
    layout = load_setup(board_data, setups_data, 3)
    planets = {p.sector for p in layout.planets}
    assert "inner_6" in planets and "distant_12" in planets
    near_inner_6 = [h for h in layout.homes if board.distance(h, "inner_6", 1, layout.blocked) == 2]
    assert near_inner_6 == ["distant_00"]
    far = [board.distance(h, "distant_12", 0, layout.blocked) for h in layout.homes]
    assert far == [4, 6, 6]


# -- static components -------------------------------------------------------------------------


def test_planets_are_fifteen_in_three_colours() -> None:
    planets = load("planets")
    assert len(planets) == len({p["id"] for p in planets}) == 15
    assert Counter(p["colour"] for p in planets) == {"red": 5, "blue": 5, "green": 5}


def test_ships_match_the_rulebook(supply: Any) -> None:
    # 000 "Components", "2. Attack", ship mods, "1. Move".
    ships = {s["id"]: s for s in load("ships")["ships"]}
    assert {k: s["count"] for k, s in ships.items()} == supply["per_player"]["ships"]
    assert [ships[k]["attack"] for k in ("small", "medium", "large")] == [1, 2, 3]
    assert [ships[k]["mod_slots"] for k in ("small", "medium", "large")] == [1, 2, 3]
    assert {s["movement"] for s in ships.values()} == {1}
    assert load("ships")["extractor"]["shields"] == 1  # public rules FAQ


def test_die_has_six_faces_with_every_printed_result() -> None:
    die = load("dice")["dice"][0]
    results = {r["id"]: r for r in die["results"]}
    assert set(results) == {"miss", "hit", "hit_ability", "explode", "ability"}
    assert sum(r["faces"] for r in results.values()) == die["sides"] == 6
    assert results["explode"]["extra_die"] and results["explode"]["damage"] == 1


def test_six_action_cards_in_number_order() -> None:
    actions = load("actions")
    assert [(a["number"], a["id"]) for a in actions] == [
        (1, "research"),
        (2, "mine"),
        (3, "construct"),
        (4, "trade"),
        (5, "refresh"),
        (6, "command"),
    ]
    steps = {a["id"]: a["steps"] for a in actions}
    assert steps["research"] == ["research", "manufacture"]
    assert steps["construct"] == ["ships", "extractor"]
    assert steps["refresh"] == ["refresh", "claim"]
    assert steps["command"] == ["move", "attack"]


def test_supply_holds_the_rule_constants(supply: Any) -> None:
    assert supply["resources"] == {"common": 30, "uncommon": 15, "rare": 15}
    assert supply["rules"]["game_end_light"] == 20
    assert supply["rules"]["refresh_light"] == {"inner": 2, "outer": 1, "distant": 0}
    assert supply["rules"]["graveyard_light_two_players"] == 2
