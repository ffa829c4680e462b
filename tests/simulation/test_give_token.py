"""``--give SEAT:TOKEN[@ROUND]`` and ``--ablate TOKEN`` for Last Light's exploration tokens
(issue 24 item 4, "exploration effect"; docs/rules-decisions.md E135): the token's effect is
resolved for the seat as if it had revealed it, at the start of the game or of ROUND.

Before, a token was refused: "wormhole cannot be given: an exploration token resolves when a
ship reveals its sector"."""

from __future__ import annotations

import json
from pathlib import Path

from tests.simulation.helpers import pack_copy, run


def records(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]


def test_a_given_token_is_resolved_for_its_seat_in_every_game(tmp_path: Path) -> None:
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--players", "3", "--games", "4", "--round-limit", "4",
        "--give", "0:stellar_remnant", "--give", "1:free_ship", "--give", "2:free_extractor@2",
        "--workers", "1", "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    games = records(out)
    assert len(games) == 4
    for game in games:
        assert "error" not in game
        assert game["gifts"] == [
            {"seat": 0, "card": "stellar_remnant", "kind": "exploration", "round": 1},
            {"seat": 1, "card": "free_ship", "kind": "exploration", "round": 1},
            {"seat": 2, "card": "free_extractor", "kind": "exploration", "round": 2},
        ]
        # Stellar Remnant's light is counted as exploration light, as a revealed one's is.
        assert game["light_by_source"][0]["exploration"] >= 1


def test_an_ablated_token_shows_its_planted_effect(tmp_path: Path) -> None:
    """Stellar Remnant made to give 10 light: its holder ends with about 10 light more."""
    pack = pack_copy(tmp_path, "rich")
    tokens = pack / "exploration.yaml"
    text = tokens.read_text()
    old = "  text: Gain a light.\n  effect: gain 1 light\n"
    assert old in text
    tokens.write_text(text.replace(old, "  text: Gain 10 light.\n  effect: gain 10 light\n", 1))
    out = tmp_path / "abl"
    code, text = run(
        "simulate", "--pack", str(pack), "--players", "3", "--games", "8", "--round-limit",
        "6", "--give", "0:stellar_remnant", "--ablate", "stellar_remnant", "--workers", "1",
        "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "8 paired games (the same seeds with and without Stellar Remnant" in text
    assert "Its holder ends with" in text and "light more on average" in text
    result = json.loads((out / "ablation.json").read_text())
    assert result["light"]["p"] < 0.05 and result["light"]["low"] > 5
    assert all("gifts" not in game for game in records(out / "without"))


def test_a_starlight_privilege_is_given_in_every_game(tmp_path: Path) -> None:
    """Starlight has no exploration token; its nearest, a reward reached on the board (a
    privilege: 003 "Privileges"), was refused ("a privilege is recorded on a mat by an
    action, not a card") and is given now."""
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--pack", "starlight", "--players", "3", "--games", "2",
        "--give", "0:extra_action_point", "--give", "1:refill_rays@3", "--workers", "1",
        "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    for game in records(out):
        assert "error" not in game
        assert game["gifts"] == [
            {"seat": 0, "card": "extra_action_point", "kind": "privileges", "round": 1},
            {"seat": 1, "card": "refill_rays", "kind": "privileges", "round": 3},
        ]
