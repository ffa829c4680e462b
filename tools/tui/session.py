"""A game with human seats, as plain logic: whose turn, their options, undo, save and resume.

The terminal interface (``app.py``) only draws what this holds and forwards key presses, so
the rules of the human seats are tested without a terminal. Any game with the ``terminal``
feature is played through it: the game comes as its ``GameEngine`` (bots, the ``Game``) and
its :class:`~whitedwarf.tools.tui.views.TerminalViews` (saving, what is secret, wording).
Bots decide as soon as it is their turn; seats the engine plays itself (Starlight's Starbots)
are never asked. When several seats choose at once (Last Light's secret action choice) the
bots go first, so a human's choice stays undoable until the cards are revealed.

Undo (docs/rules-decisions.md E60, SL41): a seat may take back its own choices while they are
not locked in. A choice is locked in once another seat decides after it, or once the game's
views say it is (``locks_in``: it drew on the game's random generator, revealed secret
choices, or showed new cards): undoing it then would show the seat something it could not
know and let it choose again.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.packs.games import unknown_game
from whitedwarf.interpreter.bots import Bot
from whitedwarf.interpreter.contract import GameRules, Option
from whitedwarf.interpreter.engines import GameEngine, engine_for
from whitedwarf.interpreter.replay import (
    PLAY_SAVE,
    PLAY_SAVE_KIND,
    REPLAY,
    ReplayError,
    ReplayWriter,
    engine_problem,
    event_record,
    read_game_file,
    read_named_text,
    seed_problem,
    shown_value,
)
from whitedwarf.interpreter.runner import DecisionRefused, Outcome, replay_decisions
from whitedwarf.interpreter.state import State, state_hash
from whitedwarf.tools.atomic import write_atomically
from whitedwarf.tools.tui.save_log import log_problem
from whitedwarf.tools.tui.views import TerminalViews, views_of

HUMAN = "human"
SAVE_KIND = PLAY_SAVE_KIND
SAVE_VERSION = 1


class SaveProblem(Exception):
    """A save that cannot be read or resumed; the message says why."""


class NotASave(SaveProblem):
    """A file of another kind given as a save (a replay log): the message says what it is
    and which command reads it, so it is not called a save."""


class GameStopped(Exception):
    """A decision ended in an error of the engine's (a runaway card effect, a number over an
    engine limit: docs/rules-decisions.md E16): the game cannot go past it. The session is
    left as it was before that decision; the message says why, placed at the card."""


@dataclass
class LogEntry:
    """One decision and the engine's events it caused (the game's ``events.py``)."""

    number: int
    round: int
    seat: int
    kind: str
    text: str
    events: list[dict[str, Any]] = field(default_factory=list)

    def words(self) -> str:
        who = f"seat {self.seat} ({self.kind})"
        return f"round {self.round}: {who} chose: {self.text}"


@dataclass
class _Snapshot:
    state: State
    decisions: int
    log: int


@dataclass
class Session:
    """A game in progress with its seats (``human``, a bot kind, or a seat kind the engine
    plays) and its decision record. ``engine`` defaults to the engine of the header's game."""

    game: GameRules[State]
    state: State
    seats: list[str]
    seed: int
    header: dict[str, Any]
    decisions: list[tuple[int, str]] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)  # seat -> log entries it has been shown
    replay_to: str | None = None  # where the replay is written when the game ends
    _undo: list[_Snapshot] = field(default_factory=list)
    _undo_seat: int | None = None
    _bots: dict[int, Bot] = field(default_factory=dict)
    engine: GameEngine | None = None
    #: An engine error in words, placed at its card (``LoadedPack.located``).
    locate: Callable[[BaseException], str] = str
    #: The options that loaded the game's packs (``--pack mymod``): a save of a mod's game
    #: resumes only with them, so the command the interface shows carries them.
    pack_options: tuple[str, ...] = ()
    #: ``--think MS`` when the game was played with it: a strong seat resumed without it
    #: would search a fixed number of simulations, not the time its players chose.
    think_options: tuple[str, ...] = ()
    #: The files this session saved to, and the save it was resumed from (``owns_save``).
    saved_to: set[Path] = field(default_factory=set)
    resumed_from: Path | None = None

    def __post_init__(self) -> None:
        if self.engine is None:
            self.engine = engine_for(str(self.header.get("game", "lastlight")))
        self.views: TerminalViews = views_of(self.engine)
        self._heard: list[dict[str, Any]] = []
        self.game.listen(lambda event: self._heard.append(event_record(event)))
        offset = len(self.decisions)  # a resumed game does not replay the bots' first picks
        self._bots = {
            seat: self.engine.make_agent(kind, self.seed + offset, seat, self.game)
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN and kind not in self.engine.automated_seats
        }

    def resume_command(self, save_path: Path | str) -> str:
        """The command that resumes this game from ``save_path``, with its pack options."""
        return " ".join(
            [
                "whitedwarf play --resume",
                shlex.quote(str(save_path)),
                *self.pack_options,
                *self.think_options,
            ]
        )

    # -- whose turn --------------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        """The human seats."""
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def over(self) -> bool:
        """Whether the game has ended."""
        over: bool = self.game.is_terminal(self.state)
        return over

    def human_to_move(self) -> int | None:
        """The human seat whose decision is awaited now (after the bots have played)."""
        self.run_bots()
        waiting = [s for s in self.game.current_players(self.state) if self.seats[s] == HUMAN]
        return waiting[0] if waiting else None

    def run_bots(self, limit: int = 100_000) -> None:
        """Let bot seats decide until a human must, or the game is over."""
        for _ in range(limit):
            if self.over():
                return
            seats = self.game.current_players(self.state)
            bots = [s for s in seats if self.seats[s] != HUMAN]
            if not bots:
                return
            seat = bots[0]
            options = self.game.legal_options(self.state, seat)
            choice = self._bots[seat].choose(self.state, seat, options)
            self._record(seat, choice, options)
        raise RuntimeError(f"the bots made {limit} decisions without reaching a human seat")

    def options(self, seat: int) -> Sequence[Option]:
        """The legal options of ``seat`` now, with the engine's texts."""
        return self.game.legal_options(self.state, seat)

    def view(self, seat: int) -> State:
        """What ``seat`` may see (``Game.observation``): the only state a human is shown."""
        seen: State = self.game.observation(self.state, seat)
        return seen

    # -- choosing and undoing ----------------------------------------------------------------

    def choose(self, seat: int, option_id: str) -> None:
        """Apply a human seat's choice (checked against its legal options)."""
        options = self.options(seat)
        if option_id not in {o.id for o in options}:
            raise ValueError(f"seat {seat} cannot choose {option_id!r} now")
        if self._undo_seat != seat:
            self._undo.clear()
        snapshot = _Snapshot(self.game.clone(self.state), len(self.decisions), len(self.log))
        self._record(seat, option_id, options)
        if self.views.locks_in(snapshot.state, self.state):
            # It drew on chance, or it showed what was hidden: locked in (E60, SL41).
            self._undo.clear()
            self._undo_seat = None
        else:
            self._undo.append(snapshot)
            self._undo_seat = seat

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has a choice it may still take back."""
        return self._undo_seat == seat and bool(self._undo)

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last choice if it is not locked in; False if there is none."""
        if not self.can_undo(seat):
            return False
        snapshot = self._undo.pop()
        self.state = snapshot.state
        del self.decisions[snapshot.decisions :]
        del self.log[snapshot.log :]
        return True

    def _record(self, seat: int, option_id: str, options: Sequence[Option]) -> None:
        text = next((o.text for o in options if o.id == option_id), option_id)
        round_now = self.state["round"]
        self._heard.clear()
        self._apply(seat, option_id)
        self.decisions.append((seat, option_id))
        if seat != self._undo_seat:
            self._undo.clear()  # another seat decided: earlier choices are locked in
            self._undo_seat = None
        heard = list(self._heard)
        entry = LogEntry(len(self.decisions), round_now, seat, self.seats[seat], text, heard)
        self.log.append(entry)

    def _apply(self, seat: int, option_id: str) -> None:
        """Apply a decision; on an engine error, put the state back and raise
        :class:`GameStopped` (the error leaves the state in the middle of an effect).

        The state before is made again only then, from the decisions recorded (the game is
        deterministic, as :meth:`write_replay` uses): no copy of every state is kept."""
        assert self.engine is not None  # set by __post_init__
        try:
            self.game.apply(self.state, seat, option_id, check=False)
        except self.engine.errors as error:
            self.state = self._played_again().state
            raise GameStopped(self.locate(error)) from None

    def _fresh_game(self) -> GameRules[State]:
        """A game like this one that nobody listens to yet."""
        return type(self.game).from_content(self.game.content, self.state["n"], self.game.options)

    def _played_again(self) -> Outcome:
        """The decisions recorded, played again from the seed in a fresh game, each checked
        (``runner.replay_decisions``): the state before an engine error, and a resumed save's
        proof that its state is where its decisions lead."""
        game = self._fresh_game()
        return replay_decisions(game, game.new_state(self.seed), self.decisions)

    # -- what happened -----------------------------------------------------------------------

    def news(self, seat: int) -> list[str]:
        """What happened since ``seat``'s previous turn, in words: each decision and the
        engine's events it caused, as far as ``seat`` may know them.

        The secret action choice of another seat is told as "chose an action card" until the
        cards are revealed (000 "playing the game": chosen "simultaneously").
        """
        lines: list[str] = []
        for entry in self.log[self.seen.get(seat, 0) :]:
            lines.append(self._told(entry, seat))
            tell = self.views.tell
            lines.extend(t for e in entry.events if (t := tell(e, seat)) is not None)
        return lines

    def mark_seen(self, seat: int) -> None:
        """The seat is deciding: its news starts after its previous turn.

        Not at its latest decision: in a turn of several decisions what the other seats did
        before it would vanish after the first one, before the player had read it."""
        if self.log and self.log[-1].seat == seat:
            return  # the same turn goes on: its news stays as it began
        last_own = next(
            (i for i in range(len(self.log) - 1, -1, -1) if self.log[i].seat == seat), -1
        )
        self.seen[seat] = last_own + 1

    def _told(self, entry: LogEntry, seat: int) -> str:
        if entry.seat == seat:
            return f"round {entry.round}: you chose: {self.views.renamed(entry.text)}"
        secret = self.views.told(entry.text, entry.round, self.state)
        if secret is not None:
            return f"round {entry.round}: seat {entry.seat} ({entry.kind}) {secret}"
        return replace(entry, text=self.views.renamed(entry.text)).words()

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The save: the state (``persist.save``) with the seats and the decisions so far."""
        record = {
            "kind": SAVE_KIND,
            "version": SAVE_VERSION,
            "seats": self.seats,
            "seed": self.seed,
            "header": self.header,
            "decisions": [[seat, option] for seat, option in self.decisions],
            "seen": {str(k): v for k, v in self.seen.items()},
            "log": [entry.__dict__ for entry in self.log],
            "state": json.loads(self.views.save(self.state)),
            "replay": self.replay_to,
        }
        return json.dumps(record, sort_keys=True)

    def save(self, path: Path) -> None:
        """Write the save to ``path`` (a temporary file first, so a crash leaves the old one)."""
        write_atomically(path, self.to_json())
        self.saved_to.add(path.resolve())

    def owns_save(self, path: Path) -> bool:
        """Whether ``path`` holds a save of this game: one this session wrote, or the save it
        was resumed from (a file of someone else's is never taken for it)."""
        if not path.is_file():
            return False
        return path.resolve() in self.saved_to or path.resolve() == self.resumed_from

    def write_replay(self, path: Path) -> None:
        """The game as a replay log (docs/replays.md), events and all.

        The decisions are played again on a fresh game that tells its events to the writer,
        so the log is exactly what `whitedwarf play` writes for the same decisions.
        """
        game = self._fresh_game()
        with path.open("w", encoding="utf-8", newline="\n") as stream:
            writer = ReplayWriter(stream)
            game.listen(writer.event)
            state = game.new_state(self.seed)
            writer.header(**self.header)
            for seat, option in self.decisions:
                game.apply(state, seat, option)
                writer.decision(seat, option)
            writer.end(state_hash(state), game.result(state))


def save_game(path: Path) -> str | None:
    """The game a save in ``path`` was made for (None when it cannot be told): ``play
    --resume`` then loads that game's bundled pack unless ``--pack`` is given."""
    try:
        record = json.loads(read_named_text(path))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None  # read_save says what is wrong with the file
    header = record.get("header") if isinstance(record, dict) else None
    game = header.get("game") if isinstance(header, dict) else None
    return game if isinstance(game, str) else None


def read_save(path: Path, views: TerminalViews) -> dict[str, Any]:
    """The save record in ``path``, its state read by the game's ``views``;
    :class:`SaveProblem` says why it cannot be used."""
    try:  # told apart as `replay` and `render` tell them: empty, cut short (where), not JSON
        kind, text = read_game_file(path)
    except ReplayError as error:
        raise SaveProblem(str(error)) from None
    if kind == REPLAY:
        raise NotASave(
            f"{path} is a replay log, not a save: `whitedwarf replay {path}` re-runs it, "
            f"`whitedwarf render {path} --at N` draws it at a decision"
        )
    if kind != PLAY_SAVE:  # read_game_file found no object of the save's kind
        raise SaveProblem(f"{path} is not a save of `whitedwarf play` (no {SAVE_KIND!r} kind)")
    record: dict[str, Any] = json.loads(text)  # read_game_file found the save's object
    if type(record.get("version")) is not int or record["version"] != SAVE_VERSION:
        raise SaveProblem(
            f"{path}: save version {record.get('version')!r} is not supported "
            f"(this whitedwarf reads version {SAVE_VERSION})"
        )
    problem = _record_problem(record)
    if problem is not None:
        raise SaveProblem(f"{path}: {problem}")
    try:
        record["state"] = views.load(json.dumps(record["state"]))
    except (KeyError, ValueError, TypeError) as error:
        raise SaveProblem(f"{path}: the saved game state cannot be used: {error}") from None
    return record


def resume(
    record: dict[str, Any], game: GameRules[Any], engine: GameEngine | None = None
) -> Session:
    """A session from a save record, once its content's game is made."""
    state = record["state"]
    engine = engine or engine_for(str(dict(record.get("header") or {}).get("game", "lastlight")))
    loaded_now = views_of(engine).content_id(game)
    if state.get("content") != loaded_now:
        raise SaveProblem(
            f"the save was made with different content ({state.get('content')}); the packs "
            f"loaded now are {loaded_now}: pass the same --pack options"
        )
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != state["n"]:
        raise SaveProblem("the save's seats do not match its number of players")
    known = {HUMAN, *engine.agents, *engine.automated_seats}
    unknown = [kind for kind in seats if kind not in known]
    if unknown:
        raise SaveProblem(f"the save's seat kind {unknown[0]!r} is not one of {sorted(known)}")
    if HUMAN not in seats:  # `play` saves only a game a person sits at: this one was edited
        raise SaveProblem(
            f"the save's seats ({', '.join(map(str, seats))}) have no human seat, and a save "
            "is of a game a person plays (a game of bots alone: play --seats ... --seed ...)"
        )
    edited = views_of(engine).unknown_name(game, state)
    if edited is not None:  # said before the replay, which could only say "not where ... lead"
        raise SaveProblem(edited)
    session = Session(
        game,
        state,
        [str(s) for s in seats],
        int(record.get("seed", 0)),
        dict(record.get("header", {})),
        [(int(s), str(o)) for s, o in record.get("decisions", [])],
        [LogEntry(**entry) for entry in record.get("log", [])],
        {int(k): int(v) for k, v in record.get("seen", {}).items()},
        record.get("replay") if isinstance(record.get("replay"), str) else None,
        engine=engine,
    )
    _check_played(session)
    return session


def _check_played(session: Session) -> None:
    """The saved state must be where the saved decisions lead from the seed (the game is
    deterministic): an edited state, seed, option or decision is refused, not played on."""
    assert session.engine is not None  # set by Session.__post_init__
    refused: tuple[type[BaseException], ...] = (
        ReplayError,
        *session.engine.errors,
        KeyError,
        TypeError,
        ValueError,
    )
    try:
        replayed = session._played_again()
    except DecisionRefused as error:  # named with what it says, to find it in the file
        written = session.decisions[error.number]
        why = str(error).removeprefix(f"decision {error.number}: ")
        raise SaveProblem(
            f"the save's decisions cannot be played again: decision {error.number} (counted "
            f"from 0 in its 'decisions'), {json.dumps(list(written))}: {why}"
        ) from None
    except refused as error:
        raise SaveProblem(f"the save's decisions cannot be played again: {error}") from None
    if replayed.final_hash != state_hash(session.state):
        raise SaveProblem(
            f"the saved state is not where its {counted(len(session.decisions), 'decision')} "
            f"{'leads' if len(session.decisions) == 1 else 'lead'} "
            "(the file was edited, or written by another version of whitedwarf)"
        )


def check_log(session: Session) -> None:
    """A resumed session's log must be what its decisions did (``save_log``, E190): asked
    after its state and seats are found right, so an edited seat kind is told as that."""
    entries = [entry.__dict__ for entry in session.log]
    problem = log_problem(
        session._fresh_game(), session.seed, session.seats, session.decisions, entries
    )
    if problem is not None:
        raise SaveProblem(problem)


_ENGINE_FIELD = "the save's header 'engine'"

#: What each field of a save record must be (``Session.to_json``).
_LOG_FIELDS = {"number": int, "round": int, "seat": int, "kind": str, "text": str, "events": list}


def _record_problem(record: dict[str, Any]) -> str | None:
    """The first field of a save record that is missing or of the wrong kind (None: none)."""
    header = record.get("header")  # play always writes one: without it the options are lost
    options = header.get("options", {}) if isinstance(header, dict) else {}
    checks: list[tuple[str, bool]] = [
        ("header", isinstance(header, dict)),
        ("header's options", isinstance(options, dict)),
        ("seats", _list_of(record.get("seats"), lambda s: isinstance(s, str))),
        ("decisions", _list_of(record.get("decisions", []), _is_decision)),
        ("log", _list_of(record.get("log", []), _is_log_entry)),
        ("seen", _is_seen(record.get("seen", {}))),
        ("replay", isinstance(record.get("replay"), (str, type(None)))),
        ("state", "state" in record),
    ]
    wrong = [name for name, fine in checks if not fine]
    if wrong:
        return f"the save's {wrong[0]!r} is missing or of the wrong kind"
    assert isinstance(header, dict)  # the first of the checks
    problem = seed_problem(record.get("seed", 0))
    if problem is not None:  # a bad seed, not a first decision refused under another game
        return f"the save's 'seed' is {problem}"
    return _header_problem(header, record)


def _header_problem(header: dict[str, Any], record: dict[str, Any]) -> str | None:
    """The first field of a save's header that is not what ``play`` writes (``replay_header``:
    the game, its packs and content digest, the seed, players and seats; None: none). The
    header goes into the replay written when the game ends, so it must describe this game."""
    missing = [name for name in _HEADER_NEEDS if name not in header]
    if missing:
        # Without them the game would be set up with other options or packs, and its
        # decisions refused as "not a legal option" far from the real cause.
        return f"the save's header has no {missing[0]!r} (the file was edited)"
    if "game" in header:
        problem = unknown_game(header["game"], "the save's header")
        if problem is not None:
            return problem
    problem = engine_problem(header, str(header.get("game", "lastlight")), _ENGINE_FIELD)
    if problem is not None:
        return problem
    expected: list[tuple[str, bool, str]] = [
        ("players", type(header.get("players", 0)) is int, "not a whole number"),
        ("seats", _list_of(header.get("seats", []), lambda s: isinstance(s, str)), "not a list"),
        ("packs", _list_of(header.get("packs", []), _is_pack), "not a list of {id, version, hash}"),
        ("content_hash", isinstance(header.get("content_hash", ""), str), "not a digest (text)"),
        ("data_hash", isinstance(header.get("data_hash", ""), str), "not a digest (text)"),
    ]
    for name, fine, why in expected:
        if not fine:
            return f"the save's header {name!r} is {shown_value(header[name])}, {why}"
    problem = seed_problem(header.get("seed", 0))
    if problem is not None:
        return f"the save's header 'seed' is {problem}"
    return None


def header_disagrees(header: dict[str, Any], seed: int, seats: list[str]) -> str | None:
    """Where a save's header says another game than the save holds (its seed and seats,
    checked against the state and the game first): the replay written at the game's end
    would carry it."""
    disagree = [
        ("seed", header.get("seed", seed) != seed, f"but the save's seed is {seed}"),
        ("players", header.get("players", len(seats)) != len(seats), f"but it has {len(seats)}"),
        ("seats", header.get("seats", seats) != seats, f"but the save's seats are {seats}"),
    ]
    for name, wrong, why in disagree:
        if wrong:
            return f"the save's header {name!r} is {shown_value(header[name])}, {why}"
    return None


def _is_pack(item: Any) -> bool:
    """A pack a header names: ``{"id", "version", "hash"}``, each text."""
    return isinstance(item, dict) and all(isinstance(item.get(k), str) for k in _PACK_FIELDS)


_PACK_FIELDS = ("id", "version", "hash")

#: What every header ``play`` writes has (``replay_header``), and a resumed game needs.
_HEADER_NEEDS = ("game", "options")


def _list_of(value: Any, each: Callable[[Any], bool]) -> bool:
    return isinstance(value, list) and all(each(item) for item in value)


def _is_decision(item: Any) -> bool:
    """``[seat, option]``."""
    return (
        isinstance(item, list)
        and len(item) == 2
        and type(item[0]) is int
        and isinstance(item[1], str)
    )


def _is_log_entry(item: Any) -> bool:
    """A :class:`LogEntry` as a JSON object."""
    return (
        isinstance(item, dict)
        and set(item) == set(_LOG_FIELDS)
        and all(_is(item[key], kind) for key, kind in _LOG_FIELDS.items())
        and all(isinstance(event, dict) for event in item["events"])
    )


def _is(value: Any, kind: type) -> bool:
    """``isinstance``, except that JSON's true and false are not whole numbers."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _is_seen(value: Any) -> bool:
    """seat (as text) -> log entries shown."""
    return isinstance(value, dict) and all(
        key.isdigit() and type(count) is int for key, count in value.items()
    )
