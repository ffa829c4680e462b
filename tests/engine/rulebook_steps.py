"""Steps the rulebook scenarios of Last Light share (tests/engine/test_rulebook_edges.py and
test_rulebook_exceptions.py): a position edited by hand, a round played out, hits assigned."""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.scenario import adjacent, options

Game = Any
State = Any


def home(state: State, seat: int) -> str:
    """The sector of ``seat``'s home."""
    return next(s for s, v in state["sectors"].items() if v["home"] == seat)


def played(state: State, seat: int, *cards: str) -> None:
    """By hand: ``cards`` lie played on the table (so a 2-player Refresh may be played)."""
    player = state["players"][seat]
    player["played"] = list(cards)
    player["hand"] = [c for c in player["hand"] if c not in cards]


def finish_round(game: Game, state: State, limit: int = 200) -> None:
    """Every open decision answered with its last option (``done``, the last target) until
    the next round's choice or the game's end."""
    for _ in range(limit):
        if state["phase"] in ("choose", "over"):
            return
        seat = game.current_players(state)[0]
        game.apply(state, seat, options(game, state, seat)[-1])
    raise AssertionError("the round did not end")


def assign_all(game: Game, state: State, seat: int) -> None:
    """Assign every hit of ``seat``'s roll to the first target offered."""
    while game.current_players(state) == [seat]:
        hits = [o for o in options(game, state, seat) if o.startswith("assign:")]
        if not hits:
            return
        game.apply(state, seat, hits[0])


def swap_token(state: State, sector: str, card: str) -> None:
    """Put a token of ``card`` in ``sector``, swapping it with the token lying there."""
    other = next(s for s, v in state["sectors"].items() if (v["token"] or "").startswith(card))
    here, there = state["sectors"][sector], state["sectors"][other]
    assert here["token_kind"] == there["token_kind"]
    here["token"], there["token"] = there["token"], here["token"]


def deep_space(state: State) -> str:
    """A sector holding a face-down deep space token, not beside the centre."""
    return next(
        s for s, v in sorted(state["sectors"].items())
        if v["token_kind"] == "deep_space" and v["token"] and "centre" not in adjacent(state, s)
    )  # fmt: skip
