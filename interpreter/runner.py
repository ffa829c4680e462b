"""Run a game to its end with bot seats, optionally writing a replay.

The runner only uses the four calls of the game contract that play a game
(``interpreter/contract.py``'s ``Decisions``: ``current_players``, ``legal_options``,
``apply``, ``is_terminal``), so bots, replays and tests drive the same code. A game may also
offer ``next_decision(state)`` (``AsksOnce``): the same answer as the first three in one call
(Last Light's, for its hundreds of decisions a game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from whitedwarf.interpreter.bots import Bot
from whitedwarf.interpreter.contract import Decisions, Option
from whitedwarf.interpreter.replay import ReplayError, ReplayWriter, shown_value
from whitedwarf.interpreter.state import interpreted, state_hash


@interpreted  # compiled (mypyc_build.py), still a RuntimeError
class StalledGame(RuntimeError):
    """The engine asked nobody for a decision but the game is not over (an engine bug)."""


class Outcome:
    """How a run ended: the final ``state``, the ``decisions`` made and ``final_hash``.

    The hash is worked out when first read unless given: a simulation batch never reads it,
    and hashing a finished 4-player state costs as much as some fifteen decisions. Read it
    before changing ``state`` any further (every caller reads it at once).
    """

    __slots__ = ("_hash", "decisions", "state")

    def __init__(self, state: Any, decisions: int, final_hash: str | None = None) -> None:
        self.state = state
        self.decisions = decisions
        self._hash = final_hash

    @property
    def final_hash(self) -> str:
        """The sha256 of the final state (``state.state_hash``)."""
        if self._hash is None:
            self._hash = state_hash(self.state)
        return self._hash

    def __repr__(self) -> str:
        return f"Outcome(decisions={self.decisions}, final_hash={self.final_hash!r})"


def play(
    game: Decisions[Any],
    state: Any,
    bots: Sequence[Bot],
    writer: ReplayWriter | None = None,
    max_decisions: int = 2_000_000,
    on_decision: Callable[[int, str], None] | None = None,
) -> Outcome:
    """Let ``bots`` (one per seat) decide until the game ends."""
    count = 0
    # Looked up once, not at each of the game's hundreds of decisions.
    next_decision, apply = _asker(game), game.apply
    choosers = [bot.choose for bot in bots]
    while True:
        asked = next_decision(state)
        if asked is None:
            return Outcome(state, count)
        seat, options = asked
        if seat is None or not options:
            if seat is None:
                raise StalledGame("no player is asked to decide, yet the game is not over")
            raise StalledGame(f"seat {seat} must decide but has no legal option")
        option = choosers[seat](state, seat, options)
        apply(state, seat, option, check=False)
        if writer is not None:
            writer.decision(seat, option)
        if on_decision is not None:
            on_decision(seat, option)
        count += 1
        if count >= max_decisions:
            raise StalledGame(f"no end after {max_decisions} decisions")


#: What :func:`play` asks a game before each decision: None once the game is over, else the
#: seat to decide (``current_players(state)[0]``, None if nobody is) and its legal options.
Asker = Callable[[Any], "tuple[int | None, Sequence[Option]] | None"]


def _asker(game: Decisions[Any]) -> Asker:
    """The game's own ``next_decision`` if it has one (one call a decision where the
    interface takes three: Last Light's), else the same answer from the interface."""
    found: Asker | None = getattr(game, "next_decision", None)
    if found is not None:
        return found
    is_terminal, current_players = game.is_terminal, game.current_players
    legal_options = game.legal_options

    def next_decision(state: Any) -> tuple[int | None, Sequence[Option]] | None:
        if is_terminal(state):
            return None
        seats = current_players(state)
        if not seats:
            return None, []
        return seats[0], legal_options(state, seats[0])

    return next_decision


class DecisionRefused(ReplayError):
    """A logged decision that cannot be played again; ``number`` is the decision's, so a
    caller holding the log can say the file's line (:meth:`Replay.where`)."""

    def __init__(self, number: int, why: str) -> None:
        super().__init__(f"decision {number}: {why}")
        self.number = number


def replay_decisions(
    game: Decisions[Any], state: Any, decisions: Sequence[tuple[int, str]]
) -> Outcome:
    """Re-apply logged decisions, checking each is legal at its point of the game
    (:class:`DecisionRefused` names the first that is not)."""
    for number, (seat, option) in enumerate(decisions):
        if game.is_terminal(state):
            raise DecisionRefused(number, "the game was already over")
        if seat not in game.current_players(state):
            raise DecisionRefused(
                number,
                f"seat {shown_value(seat)} is not the one to decide here "
                "(the log was altered, or made by a different engine)",
            )
        legal = {o.id for o in game.legal_options(state, seat)}
        if option not in legal:
            raise DecisionRefused(
                number,
                f"{shown_value(option)} is not a legal option for seat {seat} here "
                "(the log was altered, or made by a different engine)",
            )
        game.apply(state, seat, option, check=False)
    # Asked once more, as play's last question is: a game that gives cards (``play
    # --give``) gives those due then, before the final state is hashed.
    game.is_terminal(state)
    return Outcome(state, len(decisions), state_hash(state))
