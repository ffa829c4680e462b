"""Replay logs: a game as JSON Lines, re-runnable to the identical final state.

A log is one JSON object per line, written with sorted keys and no timestamps, so the same
seed and seats give a byte-identical file:

1. ``{"type": "header", "format": 1, "game", "seed", "players", "seats", "options",
   "packs": [{"id", "version", "hash"}], "content_hash", "data_hash", "engine"}`` (``game``
   names the game, so any installed game's log is replayed by its own engine; ``data_hash``,
   the digest of the merged content data, lets a log outlive a reformatting of its packs)
2. one ``{"type": "decision", "n", "seat", "option"}`` per decision applied, in order, each
   followed by the engine's events that decision caused (format 2):
   ``{"type": "event", "decision": n, "kind", "round", ...}`` (whatever the game's engine
   announces: Last Light's are in ``lastlight/events.py``); the events of the setup follow
   the header, ``decision`` null
3. ``{"type": "end", "decisions", "final_hash", "result"}``

Format 1 logs (no event lines) are still read and verified.

docs/replays.md describes the format for other tools.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.contract import GameClass, GameRules

FORMAT = 2
#: Formats :func:`read_replay` reads (1: decisions only; 2: with events).
READABLE = (1, 2)


class ReplayError(Exception):
    """A replay that cannot be read or does not match; the message says why."""


def unreadable(path: str | Path, error: OSError | UnicodeDecodeError) -> str:
    """Why a replay or save file cannot be read, in words: a binary file is not "a 'utf-8'
    codec can't decode byte 0xdc in position 4", it is not a text file."""
    if isinstance(error, UnicodeDecodeError):
        return f"{path} is not a text file (not UTF-8), so not a replay log or a save"
    if isinstance(error, NamedFileRefused):  # its message names the file and says why
        return str(error)
    return f"cannot read {path}: {error.strerror or error}"


#: The most a file named on the command line (a replay, a save, tune's targets) may hold: a
#: replay of 1,000 rounds (``--round-limit``'s most) of four seats is a few MiB.
NAMED_FILE_LIMIT = 64 * 2**20

#: Pipes read before, by (device, inode): ``render <(zcat game.jsonl.gz)`` reads its file
#: more than once (what it holds, its game, its decisions), and a pipe gives its text once.
_PIPES_READ: dict[tuple[int, int], str] = {}


class NamedFileRefused(OSError):
    """A file named on the command line that is not read: a named pipe, a device, too big.
    An OSError, so every reader's ``except OSError`` tells it as a file it cannot read."""


def read_named_text(path: str | Path) -> str:
    """The text of a file the user named (``utf-8-sig``: an editor on Windows may have put a
    byte order mark in front), read whole, at most :data:`NAMED_FILE_LIMIT` bytes.

    A named pipe (``mkfifo``) is refused: reading it waits, silently and for ever, until a
    program writes to it. The pipe of a process substitution (``<(zcat game.jsonl.gz)``,
    ``/dev/fd/N``), whose writer is already running, is read, once; a device other than
    standard input (``/dev/zero``, a terminal) is refused."""
    import os
    import stat

    info = os.stat(path)
    said = str(path)
    substituted = said.startswith(("/dev/fd/", "/proc/")) or said == "/dev/stdin"
    if stat.S_ISFIFO(info.st_mode) and not substituted:
        raise NamedFileRefused(
            f"{path} is a named pipe (FIFO), which would wait for a program to write to it: "
            "name a file, or a process substitution such as <(zcat game.jsonl.gz)"
        )
    if (stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)) and not substituted:
        raise NamedFileRefused(f"{path} is a device, not a file")
    key = (info.st_dev, info.st_ino)
    if stat.S_ISFIFO(info.st_mode) and key in _PIPES_READ:
        return _PIPES_READ[key]
    with open(path, "rb") as stream:
        data = stream.read(NAMED_FILE_LIMIT + 1)
    if len(data) > NAMED_FILE_LIMIT:
        raise NamedFileRefused(
            f"{path} holds more than {NAMED_FILE_LIMIT // 2**20} MiB, more than any replay, "
            "save or targets file whitedwarf writes or reads"
        )
    text = data.decode("utf-8-sig")
    if stat.S_ISFIFO(info.st_mode):
        _PIPES_READ[key] = text
    return text


#: The ``kind`` of a terminal game's save (``whitedwarf play`` with human seats).
PLAY_SAVE_KIND = "whitedwarf-play-save"

#: What a file given to ``replay``, ``render`` or ``play --resume`` holds (:func:`read_game_file`).
REPLAY = "a replay log"
PLAY_SAVE = "a save of `whitedwarf play`"
STATE = "a saved game state"
#: Valid JSON that is none of the three: each command says in its own words what it wanted.
OTHER = "other JSON"

#: How each kind starts as whitedwarf writes it (spaces taken out), for a file cut so short
#: that no line of it is whole: a replay's header line and a terminal game's save are written
#: with sorted keys, a state with its format first.
_STARTS = (
    (REPLAY, ('{"content_hash":',), ('"type":"header"',)),
    (PLAY_SAVE, ('{"decisions":',), (f'"kind":"{PLAY_SAVE_KIND}"',)),
    (STATE, ('{"format":',), ()),
)


def read_game_file(path: str | Path) -> tuple[str, str]:
    """What the file at ``path`` holds (:data:`REPLAY`, :data:`PLAY_SAVE`, :data:`STATE` or
    :data:`OTHER`) and its text: the one place ``replay``, ``render`` and ``play --resume``
    tell a replay log from a save, so they say the same of the same file.

    :class:`ReplayError` says why it is neither, in words and where: it cannot be read, is
    not text, is empty, is cut short (the line and column it ends at, and what it was when
    that can be told), or is not JSON.
    """
    try:
        # utf-8-sig: an editor on Windows may have put a byte order mark in front.
        text = read_named_text(path)
    except (OSError, UnicodeDecodeError) as error:
        raise ReplayError(unreadable(path, error)) from None
    if not text.strip():
        raise ReplayError(f"{path} is empty: not a whitedwarf save or replay log")
    first, newline, _ = text.partition("\n")
    if newline and _is_header(_json_or_none(first)):
        return REPLAY, text  # JSON Lines: its later lines are read by read_replay
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        if _cut_inside(text, error.pos, error.msg):
            raise ReplayError(_cut_short(path, text, _kind_of_start(text))) from None
        if newline and isinstance(_json_or_none(first), dict):
            return OTHER, text  # JSON Lines without a header: read_replay says so
        raise ReplayError(
            f"{path}:{error.lineno}:{error.colno}: not a whitedwarf save or replay log "
            f"(not valid JSON: {error.msg.lower()})"
        ) from None
    except RecursionError:  # arrays nested thousands deep
        raise ReplayError(_too_big(path, text, RecursionError, "nested too deep")) from None
    except ValueError:  # a number of thousands of digits
        raise ReplayError(_too_big(path, text, ValueError, "a number too long")) from None
    if _is_header(record):
        return REPLAY, text  # the header line alone (read_replay: no end line)
    if isinstance(record, dict) and record.get("kind") == PLAY_SAVE_KIND:
        return PLAY_SAVE, text
    if isinstance(record, dict) and "game" in record and "format" in record:
        return STATE, text
    return OTHER, text


def _too_big(path: str | Path, text: str, error: type[Exception], said: str) -> str:
    """``game.jsonl:1: not a whitedwarf save or replay log (nested too deep)``, at the first
    line JSON cannot read for that reason (no line when only the whole text shows it: a save
    written over several lines)."""
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            json.loads(line)
        except json.JSONDecodeError:
            continue
        except error:
            return f"{path}:{number}: not a whitedwarf save or replay log ({said})"
    return f"{path}: not a whitedwarf save or replay log ({said})"


def _json_or_none(line: str) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _is_header(record: Any) -> bool:
    return isinstance(record, dict) and record.get("type") == "header"


def _cut_inside(text: str, pos: int, message: str) -> bool:
    """Whether a JSON error at ``pos`` is the text running out in the middle of a value: the
    text has no line end at its end and the error is at its end (or is a string that never
    closes). Text that is wrong before its end is not JSON, not a cut file."""
    if text.endswith("\n"):
        return False
    return message.startswith("Unterminated string") or pos >= len(text.rstrip())


def _kind_of_start(text: str) -> str | None:
    """What a file cut short was, told from how it starts (None: too little is left)."""
    squeezed = text.replace(" ", "")
    first = squeezed.split("\n", 1)[0]
    for kind, prefixes, marks in _STARTS:
        if first.startswith(prefixes) or any(mark in squeezed for mark in marks):
            return kind
    return None


def _cut_short(path: str | Path, text: str, kind: str | None) -> str:
    """``game.jsonl:572:17: a replay log cut short: ...``, at the line and column the file
    stops at (the column after its last character, where JSON says the text ran out)."""
    lines = text.split("\n")
    where = f"{path}:{len(lines)}:{len(lines[-1]) + 1}"
    if kind is None:
        return (
            f"{where}: cut short: the file ends here, in the middle of its JSON, too soon to "
            "tell a replay log from a save (was it written or copied only in part?)"
        )
    return (
        f"{where}: {kind} cut short: the file ends here, in the middle of a line "
        "(was it written or copied only in part?)"
    )


@dataclass
class Replay:
    """A parsed replay log."""

    header: dict[str, Any]
    decisions: list[tuple[int, str]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    #: The engine's events (format 2), each with the ``decision`` that caused it.
    events: list[dict[str, Any]] = field(default_factory=list)
    #: The file's line of each decision (``lines[n]`` holds decision ``n``), so a decision
    #: refused on replay is told at the line a person would edit.
    lines: list[int] = field(default_factory=list)
    #: The file's line of each event (``event_lines[n]`` holds ``events[n]``) and of the end
    #: line: an edited event or final hash is told at its line, as a decision is.
    event_lines: list[int] = field(default_factory=list)
    end_line: int = 0

    def where(self, path: str | Path, number: int) -> str:
        """``game.jsonl:14``: the file and line of decision ``number`` (the file alone when
        the log was not read from a file)."""
        return decision_place(path, self.lines, number)


def decision_place(path: str | Path, lines: Sequence[int], number: int) -> str:
    """``game.jsonl:14``: the file and, when ``lines`` (each decision's line) has it, the
    line of decision ``number``."""
    if 0 <= number < len(lines):
        return f"{path}:{lines[number]}"
    return str(path)


def dump_line(record: dict[str, Any]) -> str:
    """One canonical JSON line (sorted keys, compact, ASCII)."""
    return json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n"


class ReplayWriter:
    """Streams a replay to a text file as the game goes."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.count = 0
        self.pending: list[dict[str, Any]] = []

    def header(self, **fields: Any) -> None:
        self.stream.write(dump_line({"type": "header", "format": FORMAT, **fields}))
        self._flush(None)

    def event(self, event: dict[str, Any]) -> None:
        """An engine event (a plain dict), written after the decision causing it."""
        self.pending.append(event)

    def decision(self, seat: int, option: str) -> None:
        self.stream.write(
            dump_line({"type": "decision", "n": self.count, "seat": seat, "option": option})
        )
        self._flush(self.count)
        self.count += 1

    def _flush(self, decision: int | None) -> None:
        for event in self.pending:
            record = {**event_record(event), "type": "event", "decision": decision}
            self.stream.write(dump_line(record))
        self.pending.clear()

    def end(self, final_hash: str, result: Mapping[str, Any] | None) -> None:
        record = {
            "type": "end",
            "decisions": self.count,
            "final_hash": final_hash,
            "result": result,
        }
        self.stream.write(dump_line(record))
        self.stream.flush()


def event_record(event: dict[str, Any]) -> dict[str, Any]:
    """An engine event as its replay line holds it (JSON types: string keys, lists)."""
    record: dict[str, Any] = json.loads(json.dumps(event, sort_keys=True))
    return record


def first_event_difference(
    recorded: list[dict[str, Any]], replayed: list[dict[str, Any]]
) -> tuple[int, str] | None:
    """Where the events of a replayed game first differ from the log's: the event's number
    and, in words, its first field that differs (None: they agree). A field's value is cut
    short as a header's is (``shown_value``): an edited event may hold a megabyte of text."""
    for number, (old, new) in enumerate(zip(recorded, replayed, strict=False)):
        old = {k: v for k, v in old.items() if k not in ("type", "decision")}
        new = event_record(new)
        if old != new:
            # a key only one side has differs even when its value is null (`"by": null`
            # spliced into `"b y": null`: both `get`s are None)
            key = next(
                k
                for k in sorted({*old, *new}, key=str)
                if k not in old or k not in new or old[k] != new[k]
            )
            log = f"has {shown_value(old[key])} for" if key in old else "has no"
            game = f"has {shown_value(new[key])}" if key in new else "has none"
            kind = shown_value(new.get("kind", old.get("kind")), quoted=False)
            return number, f"event {number} ({kind}) {log} {shown_value(key)}, the game's {game}"
    if len(recorded) != len(replayed):
        said = f"the log has {counted(len(recorded), 'event')}, the game {len(replayed)}"
        return min(len(recorded), len(replayed)), said
    return None


def read_replay(path: str | Path) -> Replay:
    """Parse a replay file; :class:`ReplayError` says what is wrong and on which line."""
    kind, text = read_game_file(path)
    if kind == PLAY_SAVE:
        raise ReplayError(
            f"{path} is a save of `whitedwarf play`, not a replay log: continue it with "
            f"`whitedwarf play --resume {path}`, or draw it with `whitedwarf render {path}`"
        )
    if kind == STATE:
        raise ReplayError(
            f"{path} is a saved game state, not a replay log: draw it with "
            f"`whitedwarf render {path}`"
        )
    records = list(_records(text, str(path)))
    if not records or records[0][1].get("type") != "header":
        raise ReplayError(f"{path}:1: the first line must be the replay header")
    header = records[0][1]
    if type(header.get("format")) is not int or header["format"] not in READABLE:
        raise ReplayError(
            f"{path}:1: replay format {header.get('format')!r} is not supported "
            f"(this version reads formats {', '.join(map(str, READABLE))})"
        )
    replay = Replay(header)
    with_events = header["format"] >= 2
    for line, record in records[1:]:
        if record.get("type") == "event" and with_events and replay.end is None:
            replay.events.append(record)
            replay.event_lines.append(line)
            continue
        _add_record(replay, record, f"{path}:{line}")
        if record.get("type") == "decision":
            replay.lines.append(line)
        elif record.get("type") == "end":
            replay.end_line = line
    if replay.end is None:
        last = len(text.rstrip("\n").split("\n"))
        raise ReplayError(
            f"{path}: the log has no end line: it stops after line {last} (the game was cut "
            "short, or the file written or copied only in part?)"
        )
    return replay


def read_header(path: str | Path) -> dict[str, Any]:
    """The header of a replay log (its first line) without reading the rest."""
    try:
        first = read_named_text(path).partition("\n")[0]
    except (OSError, UnicodeDecodeError) as error:
        raise ReplayError(unreadable(path, error)) from None
    records = list(_records(first, str(path)))
    if not records or records[0][1].get("type") != "header":
        raise ReplayError(f"{path}:1: the first line must be the replay header")
    return records[0][1]


def _records(text: str, where: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each line's number and object; blank lines are skipped, but counted, so a number is
    the line an editor shows."""
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            if number == len(lines) and _cut_inside(
                text, len(text) - len(line) + error.pos, error.msg
            ):
                raise ReplayError(_cut_short(where, text, REPLAY)) from None
            raise ReplayError(
                f"{where}:{number}:{error.colno}: not valid JSON ({error.msg.lower()})"
            ) from None
        except (ValueError, RecursionError) as error:
            # A number of thousands of digits (ValueError), or arrays nested thousands deep.
            said = "nested too deep" if isinstance(error, RecursionError) else "a number too long"
            raise ReplayError(f"{where}:{number}: not a replay line ({said})") from None
        if not isinstance(record, dict):
            raise ReplayError(f"{where}:{number}: each line must be a JSON object")
        yield number, record


def _add_record(replay: Replay, record: dict[str, Any], where: str) -> None:
    kind = record.get("type")
    if replay.end is not None:
        raise ReplayError(f"{where}: nothing may follow the end line")
    if kind == "decision":
        seat, option, n = record.get("seat"), record.get("option"), record.get("n")
        if type(seat) is not int or not isinstance(option, str):
            raise ReplayError(f"{where}: a decision needs an integer seat and a string option")
        if n != len(replay.decisions):
            raise ReplayError(
                f"{where}: decision number {n!r} out of order (expected {len(replay.decisions)})"
            )
        replay.decisions.append((seat, option))
    elif kind == "end":
        if record.get("decisions") != len(replay.decisions):
            raise ReplayError(
                f"{where}: the end line counts {record.get('decisions')!r} decisions "
                f"but the log has {len(replay.decisions)}"
            )
        replay.end = record
    else:
        raise ReplayError(f"{where}: {_line_type_problem(record, kind)}")


def _line_type_problem(record: dict[str, Any], kind: Any) -> str:
    """Why a line's ``type`` cannot stand where it is: missing, a second header, an event in
    a log of format 1 (which has none), or a word no log has (cut short)."""
    if "type" not in record:
        return f"a line without a 'type' (a log's lines are of the types {_LINE_TYPES})"
    if kind == "header":
        return "a second header line: only line 1 is the header (were two logs joined?)"
    if kind == "event":
        return "an event line in a log of format 1, which has none (was its format edited?)"
    return f"unknown line type {shown_value(kind)} (a log's lines are of the types {_LINE_TYPES})"


_LINE_TYPES = "header, decision, event, end"


#: The seeds whitedwarf plays (``play --seed``): a signed 64-bit whole number. A log's or a
#: save's seed outside them was written by hand, and its game cannot be the one recorded.
SEED_RANGE = (-(2**63), 2**63 - 1)


def seed_problem(seed: Any) -> str | None:
    """Why ``seed`` (a header's or a save's) is not a seed ``play`` writes, after "is", or
    None: told as a bad seed, not as its first decision refused under another game."""
    low, high = SEED_RANGE
    if type(seed) is not int:
        return f"{shown_value(seed)}, not a whole number"
    if not low <= seed <= high:
        return f"{shown_value(seed)}, outside the seeds play takes ({low} to {high})"
    return None


def game_setup(header: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
    """The seed, player count and options a log's header starts its game with; ReplayError
    (at line 1) naming the field that is missing or of the wrong kind, or when its seats
    disagree with them."""
    seed, players, options = header.get("seed"), header.get("players"), header.get("options")
    problem = seed_problem(seed)
    if problem is not None:
        raise ReplayError(f"the header's 'seed' is {problem}")
    assert isinstance(seed, int)  # what seed_problem checked
    if type(players) is not int:
        raise ReplayError(f"the header's 'players' is {shown_value(players)}, not a whole number")
    if not isinstance(options, dict):
        raise ReplayError(
            f"the header's 'options' is {shown_value(options)}, not a mapping of option names "
            "to values"
        )
    seats = header.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != players):
        raise ReplayError(f"the header names {players} players but its seats are {seats!r}")
    engine = header.get("engine", "")
    if not isinstance(engine, str):  # what play writes: the engine's version, as text
        raise ReplayError(f"the header's 'engine' is {engine!r}, not an engine version (text)")
    return seed, players, options


def start_game(
    header: dict[str, Any],
    game_class: GameClass,
    content: Any,
    seats_disagree: Callable[[Any, Any], str | None] | None = None,
    refused: tuple[type[BaseException], ...] = (ValueError,),
) -> tuple[GameRules[Any], int]:
    """The game a log's header sets up (``game_class.from_content``) and its seed.

    ReplayError (at line 1) when the header's setup is malformed, when ``seats_disagree``
    (the engine's check of seat kinds against options) objects, or when the game refuses
    its options with one of ``refused``: a header is a stranger's text."""
    seed, players, options = game_setup(header)
    if seats_disagree is not None and "seats" in header:
        problem = seats_disagree(header["seats"], options)
        if problem is not None:
            raise ReplayError(problem)
    try:
        return game_class.from_content(content, players, options), seed
    except refused as error:
        raise ReplayError(str(error)) from None


def engine_problem(header: Mapping[str, Any], game: str, field: str) -> str | None:
    """Why a header's ``engine`` (``field`` names it: "the header's 'engine'") is not the
    engine that plays ``game`` here, or None. A header without one (older logs) passes; a
    game with no engine installed is told apart by the command that needs it."""
    engine = header.get("engine")
    if engine is None:
        return None
    if not isinstance(engine, str):  # what play writes: the engine's version, as text
        return f"{field} is {shown_value(engine)}, not an engine version (text)"
    from whitedwarf.interpreter.engines import Unserved, engine_for

    try:
        version = engine_for(game).version
    except Unserved:
        return None
    if engine == version:
        return None
    return (
        f"{field} is {shown_value(engine)}, but {game} is played by {version!r} here "
        "(a log of another engine, or of another version of whitedwarf)"
    )


def pack_header(pack: Any) -> dict[str, Any]:
    """What a replay records about the content it was played with: the game, each pack's id,
    version and file digest, the digest of those (``content_hash``) and the digest of the
    merged content data the engine reads (``data_hash``; a ``LoadedPack``)."""
    return {
        "game": pack.game,
        "packs": [{"id": p.id, "version": p.version, "hash": p.sha256} for p in pack.packs],
        "content_hash": pack.content_hash,
        "data_hash": pack.data_hash,
    }


def _is_bundled(pack_id: Any) -> bool:
    """Whether a pack id a log names is a pack shipped with whitedwarf."""
    from whitedwarf.content import bundled_pack

    # (only a pack id names a bundled pack: never a path a hostile log wrote, `../../etc`)
    return (
        isinstance(pack_id, str)
        and re.fullmatch(r"[a-z][a-z0-9_]*", pack_id) is not None
        and (bundled_pack(pack_id) / "pack.yaml").is_file()
    )


def _last_missing_mod(listed: list[Any], loaded: dict[str, Any]) -> str | None:
    """The last pack of the log's load order that is neither loaded now nor bundled. Load
    order is dependency order, so no pack of the log depends on it: it is a mod the game was
    played with (`--pack modmod`), and the mods before it may be its dependencies, which
    `--pack` of it finds beside its folder (a replay of a mod of a mod asked for every pack)."""
    ids = [p.get("id") for p in listed if isinstance(p, dict)]
    missing = [i for i in ids if isinstance(i, str) and i not in loaded and not _is_bundled(i)]
    return missing[-1] if missing else None


def _how_to_load(pack_id: str, last_mod: str | None = None) -> str:
    """How to load a pack a log names: a bundled pack by its id, any other by its folder;
    one loaded before ``last_mod`` (:func:`_last_missing_mod`) may come with that mod."""
    if _is_bundled(pack_id):
        return f"pass --pack {pack_id}"
    if last_mod is None or pack_id == last_mod:
        return "pass its folder with --pack"
    return (
        f"it may come with {last_mod!r}: --pack finds a mod's dependencies beside its folder; "
        "else pass its folder with --pack too"
    )


def shown_value(value: Any, quoted: bool = True) -> str:
    """A value of a log's header as a message shows it: quoted with its control characters
    escaped (repr; unquoted text, ``quoted`` False, only when it has none), and cut short
    when long (a hostile log's 5,000-digit version)."""
    plain = not quoted and isinstance(value, str) and value.isprintable()
    said = value if plain else repr(value)
    return said if len(said) <= 60 else f"{said[:40]}...{said[-10:]} ({len(said):,} characters)"


def save_made_with_other_packs(path: Any, header: Any, current: dict[str, Any]) -> str | None:
    """Why a save of `whitedwarf play` (its ``header``) cannot be used with the packs loaded
    now (``current``, a :func:`pack_header`), naming the packs it was made with; None when
    they agree or the header lists no packs (a bare state, refused in its own words)."""
    listed = header.get("packs") if isinstance(header, dict) else None
    if not isinstance(listed, list):
        return None
    differences = header_mismatch(header, current)
    if not differences:
        return None
    made = ", ".join(
        " ".join(shown_value(p.get(key), quoted=False) for key in ("id", "version"))
        for p in listed
        if isinstance(p, dict)
    )
    ids = {p.get("id") for p in listed if isinstance(p, dict)}
    if ids == {p["id"] for p in current.get("packs", [])}:
        # The same --pack options, but a pack was edited since: passing them again is no fix.
        return (
            f"{path} was made with the packs {made}, and they have changed since "
            f"({'; '.join(differences)}): a game goes on with the cards it started with; "
            "put the pack back as it was (keep a copy of a mod for a game in progress)"
        )
    return (
        f"{path} was made with the packs {made}; pass the same --pack options "
        f"({'; '.join(differences)})"
    )


def header_mismatch(recorded: dict[str, Any], current: dict[str, Any]) -> list[str]:
    """What differs between the content a log was made with and the content loaded now.

    Files that differ in bytes only (``whitedwarf fmt``, a comment added) are no difference
    when the log recorded the digest of the merged content data and it is the one loaded now;
    a log without it (made before it was recorded) is held to the file digests as before."""
    problems: list[str] = []
    same_data = _same_data(recorded, current)
    if recorded.get("game") != current.get("game"):
        problems.append(
            f"game: log {shown_value(recorded.get('game'))}, loaded {current.get('game')!r} "
            "(without --pack the log's own game is loaded)"
        )
    listed = recorded.get("packs")
    if not isinstance(listed, list) or not all(isinstance(p, dict) for p in listed):
        return [f"packs: the log's is {shown_value(listed)}, not a list of {{id, version, hash}}"]
    packs = listed
    old = {p["id"]: p for p in packs if isinstance(p, dict) and isinstance(p.get("id"), str)}
    new = {p["id"]: p for p in current.get("packs", [])}
    last_mod = _last_missing_mod(packs, new)
    for pack_id in sorted(old.keys() | new.keys()):
        before, after = old.get(pack_id), new.get(pack_id)
        if before is None:
            problems.append(f"pack {pack_id!r} is loaded now but was not in the game")
        elif after is None:
            problems.append(
                f"pack {shown_value(pack_id)} was in the game but is not loaded now "
                f"({_how_to_load(pack_id, last_mod)})"
            )
        elif before.get("version") != after.get("version"):
            was = shown_value(before.get("version"), quoted=False)
            problems.append(
                f"pack {pack_id!r}: log version {was}, loaded version {after.get('version')}"
            )
        elif before.get("hash") != after.get("hash") and not same_data:
            problems.append(f"pack {pack_id!r} {after.get('version')}: its files have changed")
    if (
        not problems
        and not same_data
        and recorded.get("content_hash") != current.get("content_hash")
    ):
        problems.append("the merged content differs (content hash)")
    return problems


def _same_data(recorded: dict[str, Any], current: dict[str, Any]) -> bool:
    """Whether a log recorded the digest of the merged content data (text) and it is the
    digest of the content loaded now: then the engine reads the same content, whatever the
    files' layout and comments."""
    digest = recorded.get("data_hash")
    return isinstance(digest, str) and bool(digest) and digest == current.get("data_hash")
