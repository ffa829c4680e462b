"""``whitedwarf fairness DIR...``: each faction, achievement set and god against its fair share
(Holm-corrected) and the first seat's advantage, a verdict a batch and exit 1 when unfair.

The batches are written by hand (a real ``batch.json``, records made up) so that what is
unfair is known: a side that always wins is significant at 200 games, one that wins its
share is not.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.content import bundled_pack

from tests.simulation.helpers import run

FACTIONS = [
    "iou_nell",
    "allterra",
    "deshard",
    "lyannae",
    "talorin",
    "vorrkai",
    "korrundi",
    "quillari",
    "shavani",
    "myrr",
    "thessari",
    "veyshan",
    "hexan",
    "zhur",
    "khet",
]
#: One achievement of each set (content/lastlight/achievements.yaml).
SETS = ["red_worlds", "blue_worlds", "green_worlds", "three_suns"]
GODS = ["astraea", "gaea", "helion", "hermes", "hermod", "iris", "mammon", "nyx", "selene"]


def _batch(folder: Path, players: int, records: list[dict[str, Any]], pack: str = "") -> Path:
    """A batch folder of ``records`` as ``simulate`` writes one."""
    folder.mkdir()
    config = {
        "packs": [pack] if pack else [],
        "players": players,
        "games": max(1, len(records)),
        "agents": ["heuristic"],
        "seed": 0,
    }
    (folder / "batch.json").write_text(json.dumps(config), encoding="utf-8")
    lines = [json.dumps({"index": i, **r}) + "\n" for i, r in enumerate(records)]
    (folder / "games.jsonl").write_text("".join(lines), encoding="utf-8")
    return folder


def _last_light(games: int, winner: Any, seed: int = 0) -> list[dict[str, Any]]:
    """Four-player records with factions and sets dealt at random; ``winner(factions, sets,
    index)`` names the winning seat."""
    rng = random.Random(seed)
    records = []
    for index in range(games):
        factions = rng.sample(FACTIONS, 4)
        sets = rng.sample(SETS, 4)
        records.append(
            {
                "seed": index,
                "players": 4,
                "agents": ["heuristic"] * 4,
                "rounds": 20,
                "factions": factions,
                "achievements": [{"kept": card, "done": []} for card in sets],
                "winners": [winner(factions, sets, index)],
            }
        )
    return records


def _even(factions: list[str], sets: list[str], index: int) -> int:
    """Every seat wins in turn: no side and no seat is favoured."""
    return index % 4


def test_a_fair_batch_says_fair_and_exits_0(tmp_path: Path) -> None:
    folder = _batch(tmp_path / "fair", 4, _last_light(400, _even))
    code, out = run("fairness", str(folder))
    assert code == 0, out
    assert "4 players, 400 games: fair" in out
    assert "first seat: +0.0 points against the fair share 25.0%" in out


def test_an_invented_faction_that_always_wins_is_named_and_exits_1(tmp_path: Path) -> None:
    def vorrkai(factions: list[str], sets: list[str], index: int) -> int:
        return factions.index("vorrkai") if "vorrkai" in factions else index % 4

    folder = _batch(tmp_path / "vorrkai", 4, _last_light(400, vorrkai))
    code, out = run("fairness", str(folder), "--table")
    assert code == 1, out
    assert "4 players, 400 games: NOT fair." in out
    assert "  faction Vorrkai wins" in out
    assert "| faction Vorrkai | invented |" in out
    assert "| achievement set 1 | invented |" in out


def test_a_printed_faction_off_is_said_but_does_not_fail(tmp_path: Path) -> None:
    def allterra(factions: list[str], sets: list[str], index: int) -> int:
        return factions.index("allterra") if "allterra" in factions else (index * 7 // 3) % 4

    code, out = run("fairness", str(_batch(tmp_path / "p", 4, _last_light(400, allterra))))
    assert "faction Allterra (printed: stays as printed) wins" in out
    # Allterra's wins are taken from all the others: no invented faction is off by as much.
    assert code == 0, out


def test_an_achievement_set_is_judged(tmp_path: Path) -> None:
    def set_two(factions: list[str], sets: list[str], index: int) -> int:
        return sets.index("blue_worlds") if index % 2 else index % 4

    code, out = run("fairness", str(_batch(tmp_path / "s", 4, _last_light(400, set_two))))
    assert code == 1, out
    assert "  achievement set 2 wins" in out


def test_the_first_seat_beyond_the_tolerance_fails(tmp_path: Path) -> None:
    def seat_zero(factions: list[str], sets: list[str], index: int) -> int:
        return 0 if index % 8 == 1 else index % 4  # 37.5% for seat 0

    folder = _batch(tmp_path / "seat", 4, _last_light(400, seat_zero))
    code, out = run("fairness", str(folder))
    assert code == 1, out
    assert "first seat: +12.5 points against the fair share 25.0%" in out
    assert "outside 5 points" in out
    code, out = run("fairness", str(folder), "--first-seat", "15")
    assert code == 0, out
    # 400 games: +12.5 (95% interval +7.7 to +17.6) is outside 5 points whatever chance did
    assert "may be chance" not in run("fairness", str(folder))[1]


def test_a_first_seat_verdict_a_short_batch_cannot_make_is_said_to_be_chancy(
    tmp_path: Path,
) -> None:
    """At 40 games seat 0's interval is about +-13 points: "within" or "outside" 5 points
    is the point estimate's luck, and the verdict says so (it said "NOT fair" bare)."""

    def seat_zero(factions: list[str], sets: list[str], index: int) -> int:
        return 0 if index % 8 == 1 else index % 4  # 37.5% for seat 0

    code, out = run("fairness", str(_batch(tmp_path / "short", 4, _last_light(40, seat_zero))))
    assert code == 1, out  # the verdict is still the point estimate's (S26)
    assert (
        "  the first seat's interval reaches both within and outside 5 points: at 40 games the "
        "verdict on it may be chance; more games would tell (2,000 give about +-2 points)."
    ) in out


def test_a_starlight_god_is_judged_against_the_keepers_share(tmp_path: Path) -> None:
    rng = random.Random(1)
    records = []
    for index in range(300):
        gods = rng.sample(GODS, 3)
        winner = gods.index("iris") if "iris" in gods else index % 3
        records.append(
            {
                "seed": index,
                "players": 3,
                "agents": ["heuristic"] * 3,
                "rounds": 18,
                "winners": [winner],
                "picks": {"god": [{"kept": g, "offered": [g]} for g in gods]},
            }
        )
    folder = _batch(tmp_path / "gods", 3, records, str(bundled_pack("starlight")))
    code, out = run("fairness", str(folder), "--json", str(tmp_path / "f.json"))
    assert code == 1, out
    assert "  god Iris the Weaver wins" in out
    saved = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    assert "iris" in saved[0]["invented_off"]
    assert saved[0]["sides"][0]["fair"] == pytest.approx(1 / 3)


def test_a_folder_without_games_is_refused_in_one_sentence(tmp_path: Path) -> None:
    folder = _batch(tmp_path / "empty", 4, [])
    code, out = run("fairness", str(folder))
    assert code == 1
    assert out.strip().endswith("holds no finished game to judge")


def test_a_solo_batch_has_no_seat_order_to_judge(tmp_path: Path) -> None:
    records = [
        {"seed": i, "players": 1, "agents": ["heuristic"], "rounds": 18, "winners": [0],
         "picks": {"god": [{"kept": GODS[i % 3], "offered": [GODS[i % 3]]}]}}
        for i in range(30)
    ]  # fmt: skip
    folder = _batch(tmp_path / "solo", 1, records, str(bundled_pack("starlight")))
    code, out = run("fairness", str(folder))
    assert code == 0, out
    assert "1 players, 30 games: fair (no invented side significantly off its fair share, " in out
    assert "one seat: no seat order to judge" in out
