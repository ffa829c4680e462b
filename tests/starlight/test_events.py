"""Starlight's engine events (interpreter/starlight/events.py): heard only while listening,
and the night points they announce are every night point scored."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.starlight.helpers import make_game, play, position


def _played(seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game = make_game(("live", "starbot", "live"), gods=True)
    heard: list[dict[str, Any]] = []
    game.listen(heard.append)
    state = game.new_state(seed)
    draw = random.Random(seed)
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        keen = [o for o in options if o.id not in ("end", "cancel", "done", "no")]
        game.apply(state, seat, draw.choice(keen if keen and draw.random() < 0.9 else options).id)
    return state, heard


def test_the_points_heard_are_the_night_points_scored() -> None:
    state, heard = _played(4)
    for p in state["players"]:
        by_source: Counter[str] = Counter()
        for event in heard:
            if event["kind"] == "points" and event["seat"] == p["seat"]:
                by_source[event["source"]] += event["amount"]
        assert dict(by_source) == {k: v for k, v in p["points"]["night"].items() if v}
    kinds = Counter(e["kind"] for e in heard)
    assert kinds["gods"] == 1 and kinds["game_end"] == 1 and kinds["starbot"] > 0
    assert heard[-1]["winners"] == state["result"]["winners"]


def test_nothing_is_heard_without_a_listener_or_while_options_are_read() -> None:
    game = make_game()
    heard: list[dict[str, Any]] = []
    state = position(game, markers={0: "short_rays"})
    play(game, state, "step")  # nobody listens yet
    game.listen(heard.append)
    game.legal_options(state, 0)
    assert heard == []
    play(game, state, "act")
    assert [e["kind"] for e in heard] == ["action"]
    game.listen(None)
    play(game, state, "done")
    assert [e["kind"] for e in heard] == ["action"]
