"""The ``search`` agent knows no game: a game hands it its rules (views, guesses, policy).

A toy game of hidden information shows it on its own: the seat holds a card and must call
whether the other's hidden card is higher. The agent never sees the other's card: it
guesses it from the cards not in view, so it calls right on the odds (a card of 9 out of
1-10: "lower"), and changing the hidden card never changes its choice. The shared module
imports no game (Last Light's and Starlight's rules live with them).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.agents import search
from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.state import Option

State = dict[str, Any]
CARDS = list(range(1, 11))


class HigherOrLower:
    """Seat 0 holds ``mine`` and calls ``higher`` or ``lower`` for seat 1's hidden card."""

    exploration = 1.0
    win_score = 1.0
    errors: tuple[type[BaseException], ...] = (KeyError,)

    def observation(self, state: State, seat: int) -> State:
        return {**state, "theirs": "?"}

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        unseen = [c for c in CARDS if c != view["mine"]]
        return {**view, "theirs": rng.choice(unseen)}

    def searched(self, view: State, seat: int, ids: Sequence[str]) -> bool:
        return True

    def heuristic(
        self, view: State, seat: int, options: Sequence[OptionLike], rng: random.Random
    ) -> str:
        return options[0].id

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        raise AssertionError("the game is over after one call")

    def mover(self, world: State) -> int:
        return 0

    def apply(self, world: State, seat: int, option: str) -> None:
        world["call"] = option

    def outcome(self, world: State, seat: int) -> float | None:
        higher = world["theirs"] > world["mine"]
        return 1.0 if (world["call"] == "higher") == higher else -1.0

    def evaluate(self, world: State, seat: int) -> float:
        raise AssertionError("every simulation ends")


OPTIONS = [Option("higher", "their card is higher"), Option("lower", "their card is lower")]


def test_it_calls_on_the_odds_of_what_it_cannot_see() -> None:
    for mine, call in ((9, "lower"), (2, "higher"), (8, "lower"), (3, "higher")):
        for theirs in CARDS:
            if theirs == mine:
                continue
            agent = SearchAgent(7, HigherOrLower(), iterations=60)
            assert agent.choose({"mine": mine, "theirs": theirs}, 0, OPTIONS) == call


def test_the_hidden_card_never_changes_its_choice() -> None:
    for mine in CARDS:
        choices = {
            SearchAgent(5, HigherOrLower(), iterations=8).choose(
                {"mine": mine, "theirs": theirs}, 0, OPTIONS
            )
            for theirs in CARDS
            if theirs != mine
        }
        assert len(choices) == 1


def test_the_shared_agent_imports_no_game() -> None:
    tree = ast.parse(Path(search.__file__).read_text(encoding="utf-8"))
    imported = [
        node.module or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
         for alias in node.names]  # fmt: skip
    assert imported and not [m for m in imported if "lastlight" in m or "starlight" in m]
    text = Path(search.__file__).read_text(encoding="utf-8").lower()
    assert "starlight" not in text
