"""Open a game position from a file: a save or a replay log, of any game.

A replay is re-run from its header's seed to decision ``at`` (default: its end), checking each
decision is legal, as ``whitedwarf replay`` does, with the engine of the game it names. A save
is read by the game's drawing (``Drawing.load_save``, with :func:`read_saved_state`).
Problems are :class:`PositionError` with a message that says what is wrong with which file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whitedwarf.dsl.packs.games import game_engine
from whitedwarf.dsl.packs.loader import LoadedPack
from whitedwarf.interpreter.contract import Decisions, GameClass, GameRules, Listener
from whitedwarf.interpreter.replay import (
    PLAY_SAVE_KIND,
    REPLAY,
    Replay,
    ReplayError,
    decision_place,
    header_mismatch,
    pack_header,
    read_game_file,
    read_named_text,
    read_replay,
    save_made_with_other_packs,
    start_game,
    unreadable,
)
from whitedwarf.interpreter.state import State
from whitedwarf.tools.play_gifts import replayed_with_gifts

Event = dict[str, Any]


class PositionError(Exception):
    """A file that holds no position we can show; the message says why."""


class AtError(PositionError):
    """``--at`` asks for a position the file cannot give (past the replay's end, or of a
    save): the command line is wrong, not the file (README's exit codes: 2)."""


@dataclass
class Position:
    """A state to draw and where it came from."""

    state: State
    decision: int  # decisions applied before this state (0 for a save: unknown)
    total: int  # decisions in the whole replay (0 for a save)
    label: str
    events: list[Event] = field(default_factory=list)  # the engine's, up to here (a replay)


def is_replay(path: Path) -> bool:
    """Whether the file is a replay log rather than a save, as ``replay`` tells it
    (:func:`read_game_file`); PositionError, in ``replay``'s words, when it is neither: empty,
    not text, cut short (where), not JSON."""
    try:
        kind, _ = read_game_file(path)
    except ReplayError as error:
        raise PositionError(str(error)) from None
    return kind == REPLAY


def open_position(
    path: Path,
    at: int | None,
    loaded: LoadedPack,
    content: Any,
    game_class: GameClass,
    load_save: Callable[[Path, Any, Any], State],
    seats_disagree: Callable[[Any, Any], str | None] | None = None,
    check_save: Callable[[Path], str | None] | None = None,
) -> Position:
    """The position in ``path``: a save's state, or a replay's state after ``at`` decisions
    (with the events the engine told on the way). ``seats_disagree`` is the engine's check
    of a header's seat kinds against its options (``GameEngine.seats_disagree``);
    ``check_save`` says why a save of ``play`` cannot be resumed (None: it can), so an
    edited one is refused, not drawn as it was edited (docs/rules-decisions.md E192)."""
    if is_replay(path):
        heard: list[Event] = []
        log, game, state = start_replay(
            path, loaded, content, game_class, heard.append, seats_disagree
        )
        total = len(log.decisions)
        stop = total if at is None else at
        if not 0 <= stop <= total:
            raise AtError(f"{at} is outside 0..{total}, the decisions of {path}")
        for _ in replay_states(game, state, log.decisions[:stop], path, log.lines):
            pass
        return Position(state, stop, total, f"{path.name}: decision {stop} of {total}", heard)
    if at is not None:
        raise AtError(f"{path} is a save, not a replay: only a replay log has positions to pick")
    header = _save_header(path)
    other = save_made_with_other_packs(path, header, pack_header(loaded))
    if other is not None:  # said as `play --resume` says it, naming the packs of the save
        raise PositionError(other)
    problem = None if header is None or check_save is None else check_save(path)
    if problem is not None:
        raise PositionError(problem)
    return Position(load_save(path, content, game_class), 0, 0, f"{path.name}")


def _save_header(path: Path) -> Any:
    """The header of a save of `whitedwarf play` (None for a bare state, or a file the
    game's own reading will refuse in its words)."""
    try:
        record = json.loads(read_named_text(path))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if isinstance(record, dict) and record.get("kind") == PLAY_SAVE_KIND:
        return record.get("header")
    return None


def read_saved_state(
    path: Path, load: Callable[[str], State], refused: type[Exception], what: str
) -> State:
    """The state in ``path``, read by the game's ``load``: a bare state (``persist.save``)
    or the save of the terminal interface, which holds one. PositionError says why not
    (``what`` names what the file should be: "a Starlight save")."""
    try:
        text = read_named_text(path)
        record = json.loads(text)
        if isinstance(record, dict) and record.get("kind") == PLAY_SAVE_KIND:
            text = json.dumps(record.get("state"))
        return load(text)
    except (OSError, UnicodeDecodeError) as error:
        raise PositionError(unreadable(path, error)) from None
    except (refused, ValueError, TypeError) as error:
        raise PositionError(f"{path} is not {what}: {error}") from None


def start_replay(
    path: Path,
    loaded: LoadedPack,
    content: Any,
    game_class: GameClass,
    listener: Listener | None = None,
    seats_disagree: Callable[[Any, Any], str | None] | None = None,
) -> tuple[Replay, GameRules[Any], State]:
    """The parsed log, its game (``listener`` hears its events) and the state before its
    first decision; a header whose seat kinds ``seats_disagree`` refuses is refused."""
    try:
        log = read_replay(path)
    except ReplayError as error:
        raise PositionError(str(error)) from None
    differences = header_mismatch(log.header, pack_header(loaded))
    if differences:
        raise PositionError(
            f"{path} was recorded with different content:\n  " + "\n  ".join(differences)
        )
    try:
        game, seed = start_game(log.header, game_class, content, seats_disagree)
        if "gifts" in log.header:  # play --give: the cards given again where they were
            engine = game_engine(loaded.game)
            game = replayed_with_gifts(log.header, engine, content) or game
    except ReplayError as error:
        raise PositionError(f"{path}:1: {error}") from None
    if listener is not None:
        game.listen(listener)
    return log, game, game.new_state(seed)


def replay_states(
    game: Decisions[Any],
    state: State,
    decisions: list[tuple[int, str]],
    path: Path,
    lines: Sequence[int] = (),
) -> Iterator[tuple[int, str, str]]:
    """Apply ``decisions`` one by one, yielding ``(seat, option id, option text)`` after each.
    ``lines`` holds the file's line of each decision (``Replay.lines``): a decision that is
    not legal is told at its line, the one a person edited."""
    for number, (seat, option) in enumerate(decisions):
        options = {o.id: o.text for o in game.legal_options(state, seat)}
        if seat not in game.current_players(state) or option not in options:
            raise PositionError(
                f"{decision_place(path, lines, number)}: decision {number} ({option!r} by seat "
                f"{seat}) is not legal there "
                "(the log was altered, or made by a different engine)"
            )
        game.apply(state, seat, option, check=False)
        yield seat, option, options[option]
