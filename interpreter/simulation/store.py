"""A batch's folder: ``batch.json`` (its settings), ``games.jsonl`` (one record a line, in
game order), then ``summary.json`` and ``report.html`` once the games are played.

Records are appended and flushed one by one, so an interrupted run keeps every finished game;
:func:`finished` reads them back (dropping a last line cut short) to resume.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError

CONFIG = "batch.json"
GAMES = "games.jsonl"
OUTPUTS = (CONFIG, GAMES, "summary.json", "report.html", "comparison.json", "comparison.html")


class StoreError(ValueError):
    """A folder that cannot be used for this batch."""


def prepare(folder: Path, config: BatchConfig, force: bool) -> None:
    """Create the folder for a new batch; an existing batch folder needs ``force``."""
    if folder.exists() and any((folder / name).exists() for name in OUTPUTS):
        if not force:
            raise StoreError(
                f"{folder} already holds a batch; pass --force to overwrite it, "
                "or --resume to continue it"
            )
        for name in OUTPUTS:
            (folder / name).unlink(missing_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / CONFIG).write_text(json.dumps(config.to_json(), indent=2) + "\n", encoding="utf-8")


def load_config(folder: Path) -> BatchConfig:
    """The settings of the batch in ``folder`` (for ``--resume``)."""
    path = folder / CONFIG
    if not path.exists():
        raise StoreError(f"{folder} holds no batch to resume ({CONFIG} is missing)")
    try:
        return BatchConfig.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError) as error:
        raise StoreError(f"cannot read {path}: {error}") from None
    except json.JSONDecodeError as error:
        raise StoreError(
            f"{path}:{error.lineno}:{error.colno}: not valid JSON ({error.msg})"
        ) from None
    except (ValueError, RecursionError) as error:  # BatchError, a number too long, too deep
        said = str(error) if isinstance(error, BatchError) else "not readable JSON"
        raise StoreError(f"{path}: {said}; the batch was left as it is") from None


def finished(folder: Path) -> list[dict[str, Any]]:
    """The records already written, in order; a last line cut short is dropped (and cut).

    A whole line that is not a record of this place in the batch (an edited file) is a
    :class:`StoreError` at its line: the file is left as it is, never cut there.
    """
    path = folder / GAMES
    if not path.exists():
        return []
    records: list[dict[str, Any]] = []
    good_bytes = 0
    with path.open("rb") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.endswith(b"\n"):
                break  # the write an interruption cut short: that game is played again
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):
                record = None
            problem = _record_problem(record, len(records))
            if problem:
                raise StoreError(
                    f"{path}:{number}: {problem}; delete this line and those after it to play "
                    "those games again"
                )
            records.append(record)
            good_bytes += len(line)
    with path.open("r+b") as stream:
        stream.truncate(good_bytes)
    return records


#: The fields every game's record has (each game adds its own: records.result_record,
#: lastlight/records.py), and those of a game stopped by an error.
_RECORD = {"seed": int, "players": int, "agents": list, "winners": list, "rounds": int}
_ERROR = {"seed": int, "agents": list, "error": str}


def _record_problem(record: Any, index: int) -> str | None:
    """Why ``record`` is not the record of game ``index`` (None: it is one)."""
    if not isinstance(record, dict):
        return "not a game record (a JSON object per line)"
    if record.get("index") != index or type(record.get("index")) is not int:
        return f'the record of game {index} must have "index": {index}'
    shape = _ERROR if "error" in record else _RECORD
    for key, kind in shape.items():
        if not isinstance(record.get(key), kind):
            return f"the record of game {index} has no {kind.__name__} {key!r}"
    return None


def append(
    folder: Path, records: Iterable[dict[str, Any]], each: Callable[[], None] | None = None
) -> Iterator[dict[str, Any]]:
    """Write each record as one line, flushed, and pass it on."""
    with (folder / GAMES).open("a", encoding="utf-8", newline="\n") as stream:
        for record in records:
            stream.write(json.dumps(record, sort_keys=True) + "\n")
            stream.flush()
            if each is not None:
                each()
            yield record


def write_json(path: Path, data: Any) -> None:
    """Write JSON data (sorted keys, indented) to ``path``."""
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
