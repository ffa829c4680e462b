"""Cards put into a seat's play for a whole batch: ``simulate --give SEAT:CARD[@ROUND]``.

A designer who wants to see one card at work cannot wait for the deal to bring it (a new
tech's trigger fired once in 40 seeded games): a gift puts it in the seat's play in every game,
from the start or at the start of a round, the way the scenario modules write a position
(``lastlight/scenario.py``, ``starlight/scenario.py``: the box stays whole, a card given comes
out of its deck). What each game can hold is its own, said by the :class:`Giver` its engine
brings (``GameEngine.giver``: ``interpreter/<game>/gifts.py``):

* Last Light: a tech (into play: a civilization tech by the player's board, a ship tech on the
  first ship type that has no copy of it), a faction, a hidden planetary achievement (000
  "setup" 8), an exploration token's effect (docs/rules-decisions.md E135). A faction given
  from the start is dealt to its seat alone (the ``factions`` option), so its setup happens
  as the rules say.
* Starlight: a Core, a Flare, a Starter Core, a laurel, a god (with ``--option gods=true``:
  003 "The Gods"), a privilege (003 "Privileges"); only to a live seat (a Starbot holds no
  cards: 003 "Starbot Play").

A gift is applied before the first decision of its round (round 1: the first decision after
setup), and each game's record lists the gifts it applied (``gifts``), so a report and a
resumed batch know. An effect that resolves rather than being held (a Last Light exploration
token) is resolved for the seat then, as if it had revealed it. A card the game cannot hold
(a Starlight accolade, which whoever earns it scores) is refused when the batch is set up,
in one sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.contract import GameRules, Option
from whitedwarf.interpreter.state import State

if TYPE_CHECKING:
    from whitedwarf.interpreter.engines import GameEngine


_GIFT = re.compile(r"^\s*(-?\d+)\s*:\s*([^@\s]+)\s*(?:@\s*(-?\d+)\s*)?$")


class GiftError(ValueError):
    """A gift the batch cannot make: the message says which and why, in one sentence."""


@dataclass(frozen=True)
class Gift:
    """``card`` into ``seat``'s play at the start of ``round`` (1: from the start)."""

    seat: int
    card: str
    round: int = 1

    def text(self) -> str:
        """``0:warp_drive@3`` (``@1`` left out), as ``--give`` takes it."""
        return f"{self.seat}:{self.card}" + (f"@{self.round}" if self.round != 1 else "")


def parse_gift(text: str) -> Gift:
    """``SEAT:CARD[@ROUND]`` to a :class:`Gift`; :class:`GiftError` when it is not that."""
    found = _GIFT.match(text)
    if found is None:
        raise GiftError(f"{text!r} is not SEAT:CARD or SEAT:CARD@ROUND (0:warp_drive@3)")
    seat, card, round_ = int(found[1]), found[2], int(found[3] or 1)
    if seat < 0:
        raise GiftError(f"{text!r}: seats are numbered from 0")
    if round_ < 1:
        raise GiftError(f"{text!r}: rounds are numbered from 1")
    return Gift(seat, card, round_)


def gifts_of(extra: dict[str, Any]) -> list[Gift]:
    """The gifts kept in a batch's settings (``BatchConfig.extra["give"]``)."""
    return [parse_gift(text) for text in extra.get("give", [])]


#: ``(gifts, options, cards)`` to the game options dealing gifts at setup, the gifts left to
#: apply in play, and those the options applied (for the record, at round 0: the setup).
SetupGifts = Callable[
    [Sequence[Gift], dict[str, Any], dict[str, Any]],
    tuple[dict[str, Any], list[Gift], list[dict[str, Any]]],
]


def no_problem(game: Any, seat: int) -> str | None:
    """Every seat can hold a card."""
    return None


def in_play(
    gifts: Sequence[Gift], options: dict[str, Any], cards: dict[str, Any]
) -> tuple[dict[str, Any], list[Gift], list[dict[str, Any]]]:
    """No gift is dealt at setup: every one is applied in play."""
    return options, list(gifts), []


@dataclass(frozen=True)
class Giver:
    """How one game gives cards (its engine's ``GameEngine.giver``): the kinds it can give,
    its card tables and the function putting one in play."""

    #: The card kinds it can give, by the name of its content's card table.
    kinds: tuple[str, ...]
    #: The game's card tables, by kind.
    cards: Callable[[Any], dict[str, dict[str, Any]]]
    #: ``(game, state, seat, kind, card)``: the card put in the seat's play;
    #: :class:`GiftError` when the game cannot (one sentence).
    give: Callable[[Any, State, int, str, str], None]
    #: Why a kind of card that the game has cannot be given (said when it is asked for).
    not_given: dict[str, str] = field(default_factory=dict)
    #: Whether a seat takes decisions (a Starlight Starbot does not, and holds no cards).
    #: ``(game, seat) -> reason it cannot hold a card``, or None.
    seat_problem: Callable[[Any, int], str | None] = no_problem
    #: The gifts dealt by the game's options at setup (Last Light's factions).
    setup: SetupGifts = in_play
    #: The last round any game of it can have whatever ``--round-limit`` says, and the
    #: rule that ends it (Starlight: SL17); None when only the round limit ends a game.
    last_round: tuple[int, str] | None = None


def giver(engine: Any) -> Giver:
    """The game's :class:`Giver`; :class:`GiftError` for a game that cannot give cards."""
    found: Giver | None = getattr(engine, "giver", None)
    if found is None:
        raise GiftError(f"--give cannot put cards in play in {engine.name} yet")
    return found


def card_kind(
    how: Giver,
    cards: dict[str, dict[str, Any]],
    card: str,
    removed: Mapping[str, str] | None = None,
) -> str:
    """The table of ``cards`` (a game's content, by kind) that holds ``card``, if the game can
    give that kind; :class:`GiftError` otherwise (with the nearest card id, or the mod that
    removed it: ``removed``, the content's)."""
    kinds = [kind for kind, table in cards.items() if card in table]
    if not kinds and removed and card in removed:
        return _refuse(f"no card {card} in the game: {removed[card]}")
    if not kinds:
        known = {cid for kind in how.kinds for cid in cards.get(kind, {})}
        close = did_you_mean(card, known)
        if "," in card:  # `--give 0:a,1:b`: one card a --give
            close = "give each card with a --give of its own (--give 0:a --give 1:b)"
        return _refuse(f"no card {card!r} in the pack" + (f"; {close}" if close else ""))
    given = [kind for kind in kinds if kind in how.kinds]
    if not given:
        why = how.not_given.get(kinds[0], f"the game cannot put a card of {kinds[0]} in play")
        return _refuse(f"{card} cannot be given: {why}")
    return given[0]


def _refuse(message: str) -> str:
    raise GiftError(message)


def _never_comes(how: Giver, round_: int, round_limit: int | None) -> str | None:
    """Why round ``round_`` comes in no game of the batch (None when it may come): after
    the batch's ``round_limit``, or after the last round the game itself allows."""
    last = how.last_round
    if last is not None and round_ > last[0] and (round_limit is None or last[0] <= round_limit):
        return f"round {round_} never comes: {last[1]}"
    if round_limit is not None and round_ > round_limit:
        return f"round {round_} never comes: the games end by round {round_limit} (--round-limit)"
    return None


def check_gifts(
    engine: GameEngine,
    content: Any,
    players: int,
    options: dict[str, Any],
    gifts: Sequence[Gift],
    round_limit: int | None = None,
) -> None:
    """Refuse a gift the batch cannot make (:class:`GiftError`, one sentence naming it): a
    seat the game does not have or that holds no cards, a card the pack does not have or of
    a kind the game cannot put in play, a round after the games' ``round_limit`` (it would
    never be given), or one the game refuses at the start of a game (a dry run of a game: a
    fifth Core, a god without gods, a 3+ faction with 2 players)."""
    how = giver(engine)
    game = engine.game.from_content(content, players, options)
    cards = how.cards(game)
    for gift in gifts:
        prefix = f"{gift.text()}: "
        if gift.seat >= players:
            raise GiftError(f"{prefix}there is no seat {gift.seat} in a {players}-seat game")
        never = _never_comes(how, gift.round, round_limit)
        if never:
            raise GiftError(f"{prefix}{never}")
        problem = how.seat_problem(game, gift.seat)
        try:
            if problem:
                raise GiftError(problem)
            card_kind(how, cards, gift.card, getattr(content, "removed", {}))
        except GiftError as error:
            raise GiftError(f"{prefix}{error}") from None
    try:
        game, gifting, _ = prepared(engine, content, players, options, gifts)
    except engine.errors as error:
        listed = ", ".join(g.text() for g in gifts)
        raise GiftError(f"{listed}: {error}") from None
    state = game.new_state(0)
    _past_setup(game, state)
    try:
        gifting.due(state, every=True)
    except GiftError as error:
        raise GiftError(f"{gifting.current}: {error}") from None
    except engine.errors as error:  # a token's effect a mod wrote that runs away
        raise GiftError(f"{gifting.current}: {error}") from None


def _past_setup(game: GameRules[Any], state: State) -> None:
    """Make the setup's choices (each seat keeps the first card offered)."""
    while _in_setup(state):
        seat = game.current_players(state)[0]
        game.apply(state, seat, game.legal_options(state, seat)[0].id)


def prepared(
    engine: GameEngine,
    content: Any,
    players: int,
    options: dict[str, Any],
    gifts: Sequence[Gift],
) -> tuple[GameRules[Any], Gifting, list[dict[str, Any]]]:
    """The game of a batch with gifts (its options dealing a faction given from the start),
    the :class:`Gifting` applying the others in play, and the gifts its setup applied."""
    how = giver(engine)
    cards = how.cards(engine.game.from_content(content, players, options))
    options, rest, applied = how.setup(gifts, options, cards)
    game = engine.game.from_content(content, players, options)
    return game, Gifting(how, game, rest), applied


class GiftingGame:
    """A game whose next decision is asked after the gifts due are applied: what
    ``runner.play`` plays when a batch gives cards (everything else is the game's)."""

    def __init__(self, game: GameRules[Any], gifting: Gifting) -> None:
        from whitedwarf.interpreter.runner import _asker

        self.game, self.gifting, self.asker = game, gifting, _asker(game)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def next_decision(self, state: State) -> tuple[int | None, Sequence[Option]] | None:
        """The game's next decision, the gifts due applied first."""
        self.gifting.due(state)
        return self.asker(state)

    # A replay asks the three calls of the interface instead (``runner.replay_decisions``,
    # ``render``, the viewer): each applies the gifts due first, so the gifts land at the
    # point of the game where ``play --give`` gave them, before the next decision.
    def is_terminal(self, state: State) -> bool:
        self.gifting.due(state)
        return bool(self.game.is_terminal(state))

    def current_players(self, state: State) -> list[int]:
        self.gifting.due(state)
        return list(self.game.current_players(state))

    def legal_options(self, state: State, seat: int) -> list[Option]:
        self.gifting.due(state)
        return list(self.game.legal_options(state, seat))


def gifted(
    engine: GameEngine, content: Any, players: int, options: dict[str, Any], texts: Sequence[str]
) -> GiftingGame:
    """The game of ``play --give`` (and of its replay, whose header keeps the gifts as
    ``SEAT:CARD[@ROUND]`` texts): the gifts applied as their rounds come, before the next
    decision. :class:`GiftError` for a text that is not a gift; the game's errors for a
    gift it refuses."""
    gifts = [parse_gift(text) for text in texts]
    game, gifting, _ = prepared(engine, content, players, options, gifts)
    return GiftingGame(game, gifting)


class Gifting:
    """The gifts of one game, applied as their rounds come (:meth:`due` before each
    decision), and what was applied (:attr:`applied`, for the record)."""

    def __init__(self, how: Giver, game: GameRules[Any], gifts: Sequence[Gift]) -> None:
        self.game, self.how = game, how
        self.cards = self.how.cards(game)
        self.waiting = sorted(gifts, key=lambda g: g.round)
        self.applied: list[dict[str, Any]] = []
        self.current = ""

    def due(self, state: State, every: bool = False) -> None:
        """Apply the gifts whose round has come (``every``: all of them now, a dry run),
        once the setup's choices are made."""
        if not self.waiting or _in_setup(state):
            return
        now = state.get("round", 1)
        while self.waiting and (every or self.waiting[0].round <= now):
            if state.get("frames") and not every:
                # A gift's effect under way (a token's "you may ..." asks its seat): the next
                # gift waits until it is resolved (000 "1. Move": one token at a time).
                break
            gift = self.waiting.pop(0)
            self.current = gift.text()
            kind = card_kind(self.how, self.cards, gift.card)
            self.how.give(self.game, state, gift.seat, kind, gift.card)
            self.applied.append({"seat": gift.seat, "card": gift.card, "kind": kind, "round": now})
        self.game.edited(state)


def _in_setup(state: State) -> bool:
    """Whether the setup's choices (a faction, a god to keep) are still being made."""
    return state.get("phase") in ("setup", "gods")
