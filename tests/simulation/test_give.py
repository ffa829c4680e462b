"""``simulate --give SEAT:CARD[@ROUND]`` (issue 24 item 4): a card in a seat's play in every
game of a batch, for both games, or a one-sentence refusal (exit 2).

Before, only a faction could be set (``--option factions=``); a tech or a god could be watched
only by writing Python with the scenario module."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.simulation.helpers import run


def records(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]


def test_a_given_tech_faction_and_late_tech_are_in_play_in_every_game(tmp_path: Path) -> None:
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--players", "3", "--games", "4", "--agents", "heuristic,random",
        "--give", "0:warp_drive", "--give", "1:hexan", "--give", "2:galactic_monument@3",
        "--round-limit", "8", "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    games = records(out)
    assert len(games) == 4
    for game in games:
        assert "error" not in game
        assert game["factions"][1] == "hexan"
        assert "warp_drive" in game["techs"][0]["in_play"]
        assert "galactic_monument" in game["techs"][2]["in_play"]
        assert game["gifts"] == [
            {"seat": 1, "card": "hexan", "kind": "factions", "round": 0},
            {"seat": 0, "card": "warp_drive", "kind": "techs", "round": 1},
            {"seat": 2, "card": "galactic_monument", "kind": "techs", "round": 3},
        ]
    settings = json.loads((out / "batch.json").read_text())
    assert settings["extra"]["give"] == ["0:warp_drive", "1:hexan", "2:galactic_monument@3"]


def test_a_starlight_god_and_flare_are_given(tmp_path: Path) -> None:
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--pack", "starlight", "--players", "3", "--games", "3",
        "--option", "gods=true", "--give", "0:helion", "--give", "1:star_chorus@2",
        "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    for game in records(out):
        assert "error" not in game
        assert game["gifts"] == [
            {"seat": 0, "card": "helion", "kind": "gods", "round": 1},
            {"seat": 1, "card": "star_chorus", "kind": "flares", "round": 2},
        ]


def test_a_starlight_core_given_from_the_pool_leaves_the_pool_whole(tmp_path: Path) -> None:
    """Alnilam lies in the Core pool after the deal of the second game (seed 0's batch): it
    is taken as a player takes a Core, and the games play on (the pool kept a hole, and a
    later take of that Core failed with "list.remove(x): x not in list")."""
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--pack", "starlight", "--players", "3", "--games", "3",
        "--give", "0:alnilam", "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert all("error" not in game for game in records(out))


REFUSED = {
    "a misspelt card": (("--give", "0:warp_drvie"), "did you mean `warp_drive`?"),
    "a seat the game has not": (("--give", "5:warp_drive"), "no seat 5 in a 2-seat game"),
    "a token in a Starlight game": (
        ("--pack", "starlight", "--give", "0:wormhole"), "no card 'wormhole' in the pack",
    ),
    "not SEAT:CARD": (("--give", "warp_drive"), "is not SEAT:CARD"),
    "two cards in one --give": (  # was "no card 'warp_drive,1:supersonic'" and no more
        ("--give", "0:warp_drive,1:supersonic"),
        "give each card with a --give of its own (--give 0:a --give 1:b)",
    ),
    "round 0": (("--give", "0:warp_drive@0"), "rounds are numbered from 1"),
    "a round after the round limit": (
        ("--round-limit", "5", "--give", "0:warp_drive@6"),
        "round 6 never comes: the games end by round 5 (--round-limit)",
    ),
    "a huge round": (
        ("--give", "0:warp_drive@99999999999999999999"),
        "never comes: the games end by round 200",
    ),
    "a Starlight round after the game's own end": (
        ("--pack", "starlight", "--give", "0:alnilam@62"),
        "round 62 never comes: a Starlight game ends by round 61 whatever --round-limit says",
    ),
    "a Starlight round after both ends": (
        ("--pack", "starlight", "--round-limit", "10", "--give", "0:alnilam@200"),
        "round 200 never comes: the games end by round 10 (--round-limit)",
    ),
    "a god without gods": (
        ("--pack", "starlight", "--give", "0:helion"), "give it with --option gods=true",
    ),
    "a card to a Starbot": (
        ("--pack", "starlight", "--agents", "heuristic,starbot", "--give", "1:star_chorus"),
        "seat 1 is a Starbot",
    ),
}  # fmt: skip


@pytest.mark.parametrize(("args", "said"), REFUSED.values(), ids=REFUSED.keys())
def test_a_gift_the_game_cannot_make_is_refused_in_one_sentence(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    out = tmp_path / "b"
    code, text = run("simulate", "--players", "2", "--games", "1", *args, "--out", str(out))
    assert code == 2, text
    assert said in text and "--give" in text and "Traceback" not in text
    assert not out.exists()


def test_a_batch_with_gifts_writes_the_same_records_whatever_the_workers(tmp_path: Path) -> None:
    args = ("simulate", "--players", "3", "--games", "8", "--give", "0:warp_drive@2",
            "--give", "1:hexan", "--round-limit", "6", "-q")  # fmt: skip
    for workers in ("1", "2"):
        code, text = run(*args, "--workers", workers, "--out", str(tmp_path / workers))
        assert code == 0, text
    assert (tmp_path / "1" / "games.jsonl").read_text() == (
        tmp_path / "2" / "games.jsonl"
    ).read_text()


def test_a_starlight_gift_in_round_61_is_taken(tmp_path: Path) -> None:
    """Round 61 comes in a Starlight game whose daybreak came in round 60 (SL17: its one
    more round is played), so a gift for it is accepted; round 62 never comes (refused)."""
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--pack", "starlight", "--players", "2", "--games", "1",
        "--give", "0:alnilam@61", "--workers", "1", "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text


def _mod_with_a_god(folder: Path) -> Path:
    """A Starlight mod (``whitedwarf new pack``) that adds one god, Lumen, to the box."""
    pack = folder / "mod"
    assert run("new", "pack", str(pack), "--game", "starlight")[0] == 0
    with (pack / "gods.yaml").open("a", encoding="utf-8") as gods:
        gods.write(
            "- id: lumen\n  name: Lumen\n  source: invented\n"
            '  text: "At the start of your turn: gain 1 [AP]."\n'
            "  effect: when turn_start -> gain 1 ap\n"
        )
    return pack


def test_a_god_given_to_seat_0_counts_in_every_game_with_its_win_rate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the report and `fairness` counted a god only when the seat had kept it from its
    own deal: Lumen, given in all 6 games, showed in the few where the deal brought it."""
    monkeypatch.setenv("WHITEDWARF_CARD_VALUES", "off")  # the mod's values are not learned
    monkeypatch.chdir(tmp_path)
    _mod_with_a_god(tmp_path)
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--pack", "mod", "--players", "3", "--games", "6", "--option", "gods=true",
        "--give", "0:lumen", "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    games = records(out)
    seat_0_wins = sum(1 / len(g["winners"]) for g in games if 0 in g["winners"])
    for game in games:
        seat_0 = game["picks"]["god"][0]
        assert (seat_0["held"], seat_0["given"], seat_0["kept"]) == ("lumen", True, None)
        assert [e["held"] for e in game["picks"]["god"]].count("lumen") == 1  # one copy
    summary = json.loads((out / "summary.json").read_text())
    lumen = next(r for r in summary["picks"]["god"] if r["name"] == "lumen")
    assert (lumen["games"], lumen["wins"]) == (6, pytest.approx(seat_0_wins))
    assert lumen["rate"] == pytest.approx(seat_0_wins / 6)
    # Seat 0's deal, overruled by the gift, measures no pick: 2 seats x 2 gods x 6 games.
    assert sum(r["offered"] for r in summary["picks"]["god"]) == 2 * 2 * 6
    code, text = run("fairness", "--json", str(tmp_path / "f.json"), str(out))
    side = next(s for s in json.loads((tmp_path / "f.json").read_text())[0]["sides"]
                if s["name"] == "lumen")  # fmt: skip
    assert (side["kind"], side["games"], side["rate"]) == ("god", 6, lumen["rate"])
    assert "Lumen" in (out / "report.html").read_text()


def test_a_last_light_faction_given_counts_in_every_game_with_its_win_rate(
    tmp_path: Path,
) -> None:
    """Last Light records the faction each seat plays with (``factions``), however it came:
    the report and `fairness` count a given faction in every game, as Starlight's gods now."""
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--players", "3", "--games", "4", "--agents", "heuristic,random",
        "--give", "1:hexan", "--round-limit", "8", "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    games = records(out)
    wins = sum(1 / len(g["winners"]) for g in games if 1 in g["winners"])
    summary = json.loads((out / "summary.json").read_text())
    hexan = next(r for r in summary["factions"] if r["name"] == "hexan")
    assert (hexan["games"], hexan["wins"]) == (4, pytest.approx(wins))
    run("fairness", "--json", str(tmp_path / "f.json"), str(out))
    side = next(s for s in json.loads((tmp_path / "f.json").read_text())[0]["sides"]
                if s["name"] == "hexan")  # fmt: skip
    assert (side["kind"], side["games"]) == ("faction", 4)


@pytest.mark.parametrize("kind", ["factions", "achievements"])
def test_a_last_light_card_given_in_play_is_swapped_with_the_seat_holding_it(
    tmp_path: Path, kind: str
) -> None:
    """One copy of each faction and achievement (000 "setup" 8): a faction or hidden
    achievement given from round 3 leaves the seat that held it with the given seat's own,
    never two seats with one card (it did: allterra twice in a 3-player game)."""
    card = "allterra" if kind == "factions" else "red_worlds"
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--players", "3", "--games", "6", "--agents", "heuristic,random",
        "--give", f"2:{card}@3", "--round-limit", "8", "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    for game in records(out):
        assert "error" not in game
        held = game[kind] if kind == "factions" else [a["kept"] for a in game[kind]]
        assert held[2] == card
        assert len(set(held)) == len(held), held


def test_the_report_says_what_was_given_and_does_not_call_it_seat_order(tmp_path: Path) -> None:
    """A batch with ``--give`` reported as if it were dealt: seat 0 given a god won most games
    and the report said "The starting player (seat 0) wins 75%: a significant advantage", with
    no word of the gift anywhere in the text, the HTML or summary.json."""
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--pack", "starlight", "--players", "3", "--games", "4",
        "--option", "gods=true", "--give", "0:helion", "--give", "2:star_chorus@3",
        "--workers", "1", "--seed", "5", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    given = (
        "Given: Helion the Tireless (helion) to seat 0 from the start in every game (4 of 4); "
        "Star Chorus (star_chorus) to seat 2 from round 3"
    )
    assert given in text
    assert "The starting player (seat 0, given Helion the Tireless)" in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["gifts"][0] == {"seat": 0, "card": "helion", "round": 1, "games": 4}
    assert any(s.startswith(given) for s in summary["sentences"])
    assert "Given: Helion the Tireless (helion) to seat 0" in (out / "report.html").read_text()


def test_a_batch_without_gifts_says_nothing_of_them(tmp_path: Path) -> None:
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--players", "2", "--games", "2", "--agents", "random",
        "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "Given" not in text
    assert "gifts" not in json.loads((out / "summary.json").read_text())
