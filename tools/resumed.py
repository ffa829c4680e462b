"""A resumed batch's settings checked as the command line's are (``simulate --resume``).

``batch.json`` is a file anyone may edit between two runs: ``BatchConfig.from_json`` bounds
its numbers, but its agents and its ``extra`` settings (game options, gifts, the think time,
the robust agents ...) were trusted, so an edited one ended in an internal error halfway
into the run, or was silently ignored. Each is refused here in one sentence at the file,
before any game is played, and the batch is left as it is. :func:`check_given` (``--give``)
lives here so that ``simulate`` and this check share it without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from whitedwarf.interpreter.agents.strong import think_error
from whitedwarf.interpreter.simulation import record_files, store
from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError, check_agents
from whitedwarf.tools.kept_settings import FLAG, TEXT, TEXTS, Rule
from whitedwarf.tools.play import make_game
from whitedwarf.tools.session import Loaded
from whitedwarf.tools.think import MOST_THINK_MS


def check_resumed_batch(folder: Path, config: BatchConfig, loaded: Loaded) -> None:
    """Refuse settings of ``folder``'s batch the command line would have refused."""
    try:
        _check(config, loaded)
    except (BatchError, click.ClickException) as error:
        said = error.format_message() if isinstance(error, click.ClickException) else str(error)
        raise click.ClickException(
            f"{folder / store.CONFIG}: {said}; the batch was left as it is"
        ) from None


def _check(config: BatchConfig, loaded: Loaded) -> None:
    fewest, most = loaded.engine.players
    if not fewest <= config.players <= most:
        raise BatchError(f"{loaded.engine.title} is for {fewest} to {most} players")
    check_agents(config.agents, config.players, loaded.engine)
    unknown = sorted(set(config.extra) - set(_EXTRA))
    if unknown:
        raise BatchError(f"unknown setting {unknown[0]!r} in 'extra'")
    for key, value in config.extra.items():
        _EXTRA[key](value, config, loaded)


def _options(value: Any, config: BatchConfig, loaded: Loaded) -> None:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise BatchError(f"the game options must be a JSON object, not {value!r}")
    try:  # the game checks its own options, as for --option
        make_game(loaded, config.players, value)
    except click.ClickException as error:
        raise BatchError(f"the game options are refused: {error.format_message()}") from None


def _records(value: Any, config: BatchConfig, loaded: Loaded) -> None:
    if value not in record_files.FORMATS:
        raise BatchError(f"'records' is one of {', '.join(record_files.FORMATS)}, not {value!r}")


def _kept(name: str, rule: Rule) -> Callable[[Any, BatchConfig, Loaded], None]:
    """The check of a setting that need only pass ``rule`` (kept_settings' rules)."""

    def check(value: Any, config: BatchConfig, loaded: Loaded) -> None:
        if not rule.test(value):
            raise BatchError(f"{name!r} must be {rule.said}, not {value!r}")

    return check


def _give(value: Any, config: BatchConfig, loaded: Loaded) -> None:
    _kept("give", TEXTS)(value, config, loaded)
    options, limit = config.extra.get("options", {}), config.round_limit
    try:
        check_given(loaded, config.players, config.agents, options, tuple(value), limit)
    except click.BadParameter as error:
        raise BatchError(f"the gift is refused: {error.message}") from None


def check_given(
    loaded: Loaded,
    players: int,
    agents: tuple[str, ...],
    options: dict[str, Any],
    gifts: tuple[str, ...],
    round_limit: int,
) -> None:
    """Refuse a ``--give`` the game cannot make, in one sentence (exit 2): not SEAT:CARD, a
    seat or card that does not exist, a kind of card no seat holds, a round after the
    games' round limit (gifts.py)."""
    from whitedwarf.interpreter.simulation.gifts import GiftError, check_gifts, parse_gift

    engine = loaded.engine
    # The seat kinds of a batch with one agent a seat (a pool: every seat one that decides).
    seats = list(agents) if len(agents) == players else ["live"] * players
    game_options = {**engine.game_options(seats, round_limit), **options}
    try:
        parsed = [parse_gift(text) for text in gifts]
        check_gifts(engine, loaded.content, players, game_options, parsed, round_limit)
    except GiftError as error:
        raise click.BadParameter(str(error), param_hint="--give") from None


def _think(value: Any, config: BatchConfig, loaded: Loaded) -> None:
    # kept as a number: text ("5") would reach the strong seat's clock as text
    problem = f"{value!r} is not a number" if isinstance(value, str) else think_error(value)
    if problem is None and value > MOST_THINK_MS:
        problem = f"{value} ms is more than the {MOST_THINK_MS:,} ms a strong seat may think"
    if problem is not None:
        raise BatchError(f"'think': {problem}")


def _robust(value: Any, config: BatchConfig, loaded: Loaded) -> None:
    _kept("robust", TEXTS)(value, config, loaded)
    check_agents(tuple(value), config.players, loaded.engine)


def _probe(value: Any, config: BatchConfig, loaded: Loaded) -> None:
    seat = value.get("seat") if isinstance(value, dict) else None
    seated = isinstance(seat, int) and not isinstance(seat, bool) and seat in range(config.players)
    if not (seated and isinstance(value.get("probe"), str)):
        raise BatchError(f"'probe' must be {{seat, probe}} with a seat of the game, not {value!r}")


#: The ``extra`` settings a batch may keep (simulate, ladder, explain, ablate), each checked.
_EXTRA: dict[str, Callable[[Any, BatchConfig, Loaded], None]] = {
    "options": _options,
    "records": _records,
    "give": _give,
    "think": _think,
    "robust": _robust,
    "base_values": _kept("base_values", TEXTS),
    "ablate": _kept("ablate", Rule("a card id", TEXT.test)),
    "rotate": _kept("rotate", FLAG),
    "probe": _probe,
}
