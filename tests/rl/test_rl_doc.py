"""docs/rl.md's examples run as written, and its tables say what the code does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from whitedwarf import rl

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text("utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE, re.S)


def test_the_three_lines_and_the_loop_play_a_whole_game() -> None:
    scope: dict[str, object] = {}
    exec(BLOCKS[0], scope)  # the three lines
    exec(BLOCKS[1], scope)  # PettingZoo's loop, to the game's end
    env = scope["env"]
    assert env.agents == []  # every agent stepped out: the game is over
    assert env.game.is_terminal(env.state_)
    # Random legal actions play a real game: someone reaches the light that ends it. (The
    # loop once made a new generator at every step, seeded 0, so it took the same fraction
    # of the legal actions each time and every game ran to the round limit at 0 light.)
    result = env.game.result(env.state_)
    assert result["reason"] == "light" and max(result["light"]) >= 20, result


def test_the_parallel_lines_play_a_whole_game_with_the_masks_given() -> None:
    """The parallel API's loop, as docs/rl.md writes it, plays to the game's end (each
    cycle's masks once went stale within the cycle: the next seat asked was refused)."""
    scope: dict[str, object] = {}
    exec(BLOCKS[0], scope)  # `rl`
    exec("import numpy as np\nrng = np.random.default_rng(0)", scope)
    exec(BLOCKS[2], scope)
    assert scope["par"].agents == []
    ended = {**scope["terminations"], **scope["truncations"]}  # type: ignore[dict-item]
    assert set(ended) == {"seat_0", "seat_1"}
    assert scope["infos"]["seat_0"]["result"]["reason"] == "light"  # type: ignore[index]


def test_the_openspiel_lines_load_the_game() -> None:
    pytest.importorskip("pyspiel")
    scope: dict[str, object] = {}
    exec(BLOCKS[3], scope)
    assert scope["game"].num_players() == 2


def test_the_rating_lines_rate_a_policy() -> None:
    scope: dict[str, object] = {}
    exec(BLOCKS[4], scope)
    assert scope["rating"].games == 4


def _table(heading: str) -> list[list[str]]:
    section = PAGE.split(heading, 1)[1]
    rows = re.findall(r"^\| (.+) \|$", section, re.M)
    out = []
    for row in rows:
        cells = [c.strip() for c in row.split(" | ")]
        if set(cells[0]) <= {"-", " "} or cells[0] in ("block", "family"):
            continue
        out.append(cells)
        if cells[0] == "own" or cells[0] == "keep":
            break
    return out


def test_the_observation_table_is_the_layout() -> None:
    env = rl.env("lastlight", players=2)
    layout = [(b["block"], b["first"], b["count"]) for b in env.observation_layout]
    table = [(c[0], int(c[1]), int(c[2])) for c in _table("Last Light's, 2 players")]
    assert table == layout
    assert f"{env.spec.layout.size:,} numbers" in PAGE


def test_the_action_counts_are_the_spaces() -> None:
    two, four = rl.env("lastlight", players=2), rl.env("lastlight", players=4)
    count = {f["family"]: f["count"] for f in two.action_layout}
    for cells in _table("Last Light's families, in order"):
        families = [f.strip() for f in cells[0].split(",")]
        numbers = [int(n.replace(",", "")) for n in cells[-1].split(", ")]
        assert [count[f] for f in families] == numbers, cells[0]
    assert (
        f"{len(two.action_names):,} actions in all at 2 players, {len(four.action_names):,} at 4"
        in PAGE
    )
    star = rl.env("starlight", players=2)
    assert f"its {len(star.action_names)} actions (2 seats)" in PAGE
    assert f"({star.spec.layout.size} numbers at 2 seats" in PAGE
