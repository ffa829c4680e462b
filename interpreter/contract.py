"""The game contract: what every game's ``Game`` class offers the shared layers.

The runner, the bots and agents, the replay log, the simulation batches and the commands
drive any game through these calls alone (docs/new-game.md, "The decision interface"), so
a new game needs no change to them. mypy holds each game to it: a game's module assigns its
class to ``type[GameRules[State]]`` (Last Light's and Starlight's ``game.py``, the tiny
game of the tests), and :class:`~whitedwarf.interpreter.engines.GameEngine` takes only a
class that fits.

The contract is generic over the game's state type ``S`` (Last Light's and Starlight's are
plain JSON dicts); the shared layers know no state's insides and take ``GameRules[Any]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

#: A game's state (a plain-data dict in both games).
S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)

#: One engine event: a plain dict with at least ``kind``; ``round`` and ``seat`` where they
#: apply (each game's ``events.py`` lists its kinds).
Event = dict[str, Any]

#: Who hears a game's events (``Game.listen``): a callable taking each event as it happens.
Listener = Callable[[Event], None]


class Option(Protocol):
    """One legal choice as a game offers it: a stable ``id`` for programs and replays, and a
    ``text`` for people (``interpreter/state.py``'s ``Option`` is one)."""

    @property
    def id(self) -> str:
        """What ``apply`` takes and a replay records."""
        ...

    @property
    def text(self) -> str:
        """The choice in words (the terminal interface, ``play --trace``)."""
        ...


class Decisions(Protocol[S]):
    """The four calls that play a game to its end (``runner.play``, ``replay_decisions``)."""

    def current_players(self, state: S) -> list[int]:
        """Seats whose decision is awaited (none once the game is over)."""
        ...

    def legal_options(self, state: S, player: int) -> Sequence[Option]:
        """The options ``player`` may choose now (empty when it is not their decision)."""
        ...

    def apply(self, state: S, player: int, option_id: str, check: bool = True) -> S:
        """Apply ``player``'s choice in place and run the rules up to the next decision;
        returns the state. ``check``: refuse an option that is not legal."""
        ...

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        ...


class AsksOnce(Protocol[S_contra]):
    """What a game may offer besides (``runner.play`` uses it when present): the answer of
    ``is_terminal``, ``current_players`` and ``legal_options`` in one call."""

    def next_decision(self, state: S_contra) -> tuple[int | None, Sequence[Option]] | None:
        """None once the game is over, else the seat asked next (``current_players(state)[0]``,
        None if nobody is) and its legal options."""
        ...


class GameRules(Decisions[S], Protocol[S]):
    """A game's ruleset for one table (content, player count, options): the whole contract.

    Made with :meth:`from_content`; a state is made by :meth:`new_state` and changed only by
    :meth:`apply` (or by hand, announced with :meth:`edited`).
    """

    @property
    def players(self) -> int:
        """The number of seats, automated ones included."""
        ...

    @property
    def content(self) -> Any:
        """The game's content object (its engine's ``content_from_pack`` made it)."""
        ...

    @property
    def options(self) -> dict[str, Any]:
        """The options it was made with (a replay header records them)."""
        ...

    @classmethod
    def from_content(
        cls, content: Any, players: int, options: dict[str, Any] | None = None
    ) -> Self:
        """A game of ``players`` seats on ``content``; the game's own errors (its
        ``GameEngine.errors``) when it refuses them."""
        ...

    def listen(self, listener: Listener | None) -> None:
        """Send every event to ``listener`` from now on, as it happens inside
        :meth:`new_state` and :meth:`apply` (None: stop)."""
        ...

    def new_state(self, seed: int) -> S:
        """The state after setup, waiting for the first decision (seeded: the same seed, the
        same game)."""
        ...

    def clone(self, state: S) -> S:
        """An independent copy of ``state``."""
        ...

    def edited(self, state: S) -> S:
        """Say that ``state`` was changed by hand since the game last touched it; returns it."""
        ...

    def result(self, state: S) -> Mapping[str, Any] | None:
        """``{"winners", "points", "reason", "tiebreak", ...}`` once over, else None."""
        ...

    def returns(self, state: S) -> list[float]:
        """Each seat's share of the win: 1/k for each of k winners, 0 otherwise."""
        ...

    def observation(self, state: S, player: int) -> S:
        """What ``player`` may see of ``state`` (others' secrets hidden)."""
        ...


#: A game's ``Game`` class as the shared layers hold it (``GameEngine.game``).
GameClass = type[GameRules[Any]]
