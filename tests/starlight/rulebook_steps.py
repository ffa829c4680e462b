"""Steps the rulebook scenarios of Starlight share (tests/starlight/test_rulebook_edges.py and
test_rulebook_exceptions.py): a 3-seat table, a seat stepped onto a launch, a last round."""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.starlight.scenario import (
    blank,
    choose,
    give,
    new_game,
    put_marker,
    turn,
)

Game = Any
State = Any


def three() -> tuple[Game, State]:
    """A bundled 3-seat game of live players, blank."""
    game = new_game(seats=("live", "live", "live"))
    return game, blank(game)


def at_launch(
    game: Game, state: State, core: str, rays: list[str], ap: int | None = None, seat: int = 0
) -> None:
    """``seat`` holding ``core`` and ``rays``, one step before the Aquila/Hydrus launch space,
    then stepped onto it and acting: the launch's first question (which Core) is next."""
    give(game, state, seat, cores=[core], rays=rays)
    put_marker(game, state, seat, "gain_cores")
    turn(game, state, seat, ap=ap)
    choose(game, state, "step", "act", f"core:{core}")


def last_round(game: Game, state: State, seat: int) -> None:
    """Daybreak came earlier this round; the engine begins ``seat``'s last turn (the seat
    before it ends its turn)."""
    for s in range(len(state["players"])):
        if state["players"][s]["marker"] is None:
            put_marker(game, state, s, "gain_cores")
    state["daybreak"] = state["round"]
    state["last_round"] = state["round"]
    game.edited(state)
    before = seat - 1
    assert before >= 0, "the seat before must play this round too"
    turn(game, state, before)
    choose(game, state, "end")
