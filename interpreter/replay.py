"""Replay logs: a game as JSON Lines, re-runnable to the identical final state.

A log is one JSON object per line, written with sorted keys and no timestamps, so the same
seed and seats give a byte-identical file:

1. ``{"type": "header", "format": 1, "game", "seed", "players", "seats", "options",
   "packs": [{"id", "version", "hash"}], "content_hash", "engine"}``
2. one ``{"type": "decision", "n", "seat", "option"}`` per decision applied, in order
3. ``{"type": "end", "decisions", "final_hash", "result"}``

docs/replays.md describes the format for other tools.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

FORMAT = 1


class ReplayError(Exception):
    """A replay that cannot be read or does not match; the message says why."""


@dataclass
class Replay:
    """A parsed replay log."""

    header: dict[str, Any]
    decisions: list[tuple[int, str]] = field(default_factory=list)
    end: dict[str, Any] | None = None


def dump_line(record: dict[str, Any]) -> str:
    """One canonical JSON line (sorted keys, compact, ASCII)."""
    return json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n"


class ReplayWriter:
    """Streams a replay to a text file as the game goes."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.count = 0

    def header(self, **fields: Any) -> None:
        self.stream.write(dump_line({"type": "header", "format": FORMAT, **fields}))

    def decision(self, seat: int, option: str) -> None:
        self.stream.write(
            dump_line({"type": "decision", "n": self.count, "seat": seat, "option": option})
        )
        self.count += 1

    def end(self, final_hash: str, result: dict[str, Any] | None) -> None:
        record = {
            "type": "end",
            "decisions": self.count,
            "final_hash": final_hash,
            "result": result,
        }
        self.stream.write(dump_line(record))
        self.stream.flush()


def read_replay(path: str | Path) -> Replay:
    """Parse a replay file; :class:`ReplayError` says what is wrong and on which line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ReplayError(f"cannot read {path}: {error}") from None
    records = list(_records(text, str(path)))
    if not records or records[0].get("type") != "header":
        raise ReplayError(f"{path}:1: the first line must be the replay header")
    header = records[0]
    if header.get("format") != FORMAT:
        raise ReplayError(
            f"{path}:1: replay format {header.get('format')!r} is not supported (this is {FORMAT})"
        )
    replay = Replay(header)
    for line, record in enumerate(records[1:], start=2):
        _add_record(replay, record, f"{path}:{line}")
    if replay.end is None:
        raise ReplayError(f"{path}: the log has no end line (the game was cut short?)")
    return replay


def _records(text: str, where: str) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ReplayError(f"{where}:{number}: not valid JSON ({error.msg})") from None
        if not isinstance(record, dict):
            raise ReplayError(f"{where}:{number}: each line must be a JSON object")
        yield record


def _add_record(replay: Replay, record: dict[str, Any], where: str) -> None:
    kind = record.get("type")
    if replay.end is not None:
        raise ReplayError(f"{where}: nothing may follow the end line")
    if kind == "decision":
        seat, option, n = record.get("seat"), record.get("option"), record.get("n")
        if not isinstance(seat, int) or not isinstance(option, str):
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
        raise ReplayError(f"{where}: unknown line type {kind!r}")


def header_mismatch(recorded: dict[str, Any], current: dict[str, Any]) -> list[str]:
    """What differs between the content a log was made with and the content loaded now."""
    problems: list[str] = []
    if recorded.get("game") != current.get("game"):
        problems.append(f"game: log {recorded.get('game')!r}, loaded {current.get('game')!r}")
    old = {p["id"]: p for p in recorded.get("packs", []) if isinstance(p, dict) and "id" in p}
    new = {p["id"]: p for p in current.get("packs", [])}
    for pack_id in sorted(old.keys() | new.keys()):
        before, after = old.get(pack_id), new.get(pack_id)
        if before is None:
            problems.append(f"pack {pack_id!r} is loaded now but was not in the game")
        elif after is None:
            problems.append(f"pack {pack_id!r} was in the game but is not loaded now")
        elif before.get("version") != after.get("version"):
            problems.append(
                f"pack {pack_id!r}: log version {before.get('version')}, "
                f"loaded version {after.get('version')}"
            )
        elif before.get("hash") != after.get("hash"):
            problems.append(f"pack {pack_id!r} {after.get('version')}: its files have changed")
    if not problems and recorded.get("content_hash") != current.get("content_hash"):
        problems.append("the merged content differs (content hash)")
    return problems
