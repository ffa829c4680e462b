"""``play --give SEAT:CARD[@ROUND]``: a card in a seat's play in one game of bots, from the
start or from the start of ROUND, given as ``simulate --give`` gives it
(``interpreter/simulation/gifts.py``), so a designer watches a card the deal seldom brings
with ``--trace``. The replay's header keeps the gifts (``gifts``, the ``SEAT:CARD[@ROUND]``
texts), and ``replay``, ``replay --html`` and ``render`` give them again at the same points
of the game: before the first decision of their round.

Only a game of bots takes gifts: the terminal interface's saves and ``--resume`` do not
carry them, so a game with a human seat refuses ``--give`` in one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from whitedwarf.interpreter.contract import GameRules
from whitedwarf.interpreter.engines import GameEngine
from whitedwarf.interpreter.replay import ReplayError, game_setup
from whitedwarf.interpreter.simulation.gifts import (
    GiftError,
    GiftingGame,
    check_gifts,
    gifted,
    parse_gift,
)
from whitedwarf.tools.session import Loaded

GIVE_OPTION = click.option(
    "--give",
    "gifts",
    multiple=True,
    metavar="SEAT:CARD[@ROUND]",
    help="put a card in a seat's play, from the start or at the start of ROUND (repeatable; "
    "a game of bots only; as simulate --give): 0:warp_drive, 1:hexan, 0:apollo with "
    "--option gods=true",
)


def check_play_gifts(
    loaded: Loaded,
    kinds: list[str],
    options: dict[str, Any],
    gifts: Sequence[str],
    round_limit: int,
    human: bool,
) -> None:
    """Refuse a ``--give`` this game cannot make, in one sentence (exit 2): in a game with a
    human seat or resumed from a save, or one ``simulate --give`` would refuse (not
    SEAT:CARD, a seat or card that is not there, a round that never comes)."""
    if not gifts:
        return
    if human:
        raise click.UsageError(
            "--give puts cards in a game of bots (to watch them with --trace); a game with a "
            "human seat, or resumed from a save, cannot take it"
        )
    try:
        parsed = [parse_gift(text) for text in gifts]
        check_gifts(loaded.engine, loaded.content, len(kinds), options, parsed, round_limit)
    except GiftError as error:
        raise click.BadParameter(str(error), param_hint="--give") from None


def gifted_game(
    loaded: Loaded, players: int, options: dict[str, Any], gifts: Sequence[str]
) -> GameRules[Any]:
    """The game, giving ``gifts`` as their rounds come (checked by :func:`check_play_gifts`)."""
    return gifted(loaded.engine, loaded.content, players, options, gifts)  # type: ignore[return-value]


def rules_of(game: Any) -> GameRules[Any]:
    """The game the bots play on: a giving game's own (a bot's look-ahead must not give the
    cards: a gift is given once, in the game played)."""
    inner: GameRules[Any] = game.game if isinstance(game, GiftingGame) else game
    return inner


def replayed_with_gifts(
    header: dict[str, Any], engine: GameEngine, content: Any
) -> GameRules[Any] | None:
    """The game of a replay whose header keeps ``gifts``, giving them again; None for a
    header without. :class:`ReplayError` for gifts that are not a list of
    ``SEAT:CARD[@ROUND]`` texts, or that the game refuses (the header is a stranger's)."""
    texts = header.get("gifts")
    if texts is None:
        return None
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ReplayError(f"the header's 'gifts' is {texts!r}, not a list of SEAT:CARD texts")
    _, players, options = game_setup(header)
    try:
        parsed = [parse_gift(text) for text in texts]
        check_gifts(engine, content, players, options, parsed)
        return gifted(engine, content, players, options, texts)  # type: ignore[return-value]
    except GiftError as error:
        raise ReplayError(f"the header's 'gifts': {error}") from None
    except engine.errors as error:
        raise ReplayError(f"the header's 'gifts': {error}") from None


def told_gifts(gifts: Sequence[str]) -> list[str]:
    """The trace's lines for the gifts, before the game: who is given what, from when."""
    lines = []
    for text in gifts:
        gift = parse_gift(text)
        when = "from the start" if gift.round == 1 else f"at the start of round {gift.round}"
        lines.append(f"setup seat {gift.seat}: is given {gift.card} {when} (--give)")
    return lines
