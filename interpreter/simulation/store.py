"""A batch's folder: ``batch.json`` (its settings), its records (``games.jsonl``, or
``games.jsonl.gz`` or ``games.parquet/`` with ``--records``: record_files.py), then
``summary.json`` and ``report.html`` once the games are played.

Records are appended as games finish, so an interrupted run keeps the finished games;
:func:`finished` checks them (cutting what was half written) to resume.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.engines import MOST_ROUNDS
from whitedwarf.interpreter.simulation import record_files
from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError

CONFIG = "batch.json"
GAMES = "games.jsonl"
RECORDS = tuple(record_files.FILES.values())
OUTPUTS = (CONFIG, *RECORDS, "summary.json", "report.html", "comparison.json", "comparison.html")


class StoreError(ValueError):
    """A folder that cannot be used for this batch."""


def _taken(folder: Path, found: list[str]) -> str:
    """Why a new batch may not go in ``folder``: a batch is there (its settings), or files
    of a batch's names that no batch wrote, which --force would delete (named, since a
    folder of one's own notes is not a batch to --resume)."""
    if CONFIG in found:
        return (
            f"{folder} already holds a batch; pass --force to overwrite it, "
            "or --resume to continue it"
        )
    return (
        f"{folder} already holds {', '.join(found)}, not a batch's (it has no {CONFIG}); "
        "pass --out another folder, or --force to overwrite them"
    )


def prepare(folder: Path, config: BatchConfig, force: bool) -> None:
    """Create the folder for a new batch; an existing batch folder needs ``force``."""
    found = [name for name in OUTPUTS if folder.exists() and (folder / name).exists()]
    if found:
        if not force:
            raise StoreError(_taken(folder, found))
        for name in OUTPUTS:
            if (folder / name).is_dir():  # games.parquet/
                shutil.rmtree(folder / name)
            else:
                (folder / name).unlink(missing_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / CONFIG).write_text(json.dumps(config.to_json(), indent=2) + "\n", encoding="utf-8")


def load_config(folder: Path) -> BatchConfig:
    """The settings of the batch in ``folder`` (for ``--resume``)."""
    path = folder / CONFIG
    if not path.exists():
        raise StoreError(f"{folder} holds no batch ({CONFIG} is missing)")
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


def records_kind(config: BatchConfig) -> str:
    """The format the batch writes its records in (``--records``; ``jsonl`` by default)."""
    kind = config.extra.get("records", "jsonl")
    return kind if kind in record_files.FORMATS else "jsonl"


def finished(folder: Path, kind: str | None = None) -> int:
    """How many records are already written, checked in order; what an interruption left
    half written (a last line, a gzip member, a Parquet part) is cut (see record_files.py).

    A whole record that is not the record of its place in the batch (an edited file) is a
    :class:`StoreError` at its place: the file is left as it is, never cut there.
    """
    try:
        kind = kind or record_files.present(folder) or "jsonl"
        return record_files.keep_finished(folder, kind, record_problem)
    except record_files.RecordsError as error:
        raise StoreError(str(error)) from None


def records(folder: Path) -> Iterator[dict[str, Any]]:
    """The records in ``folder``, in game order, one at a time (none held after use)."""
    try:
        kind = record_files.present(folder)
        if kind is not None:
            yield from record_files.read(folder, kind)
    except record_files.RecordsError as error:
        raise StoreError(str(error)) from None


#: The fields every game's record has (each game adds its own: records.result_record,
#: lastlight/records.py), and those of a game stopped by an error.
_RECORD = {"seed": int, "players": int, "agents": list, "winners": list, "rounds": int}
_ERROR = {"seed": int, "agents": list, "error": str}


def record_problem(record: Any, index: int) -> str | None:
    """Why ``record`` is not the record of game ``index`` of a batch (None: it is one)."""
    if not isinstance(record, dict):
        return "not a game record (a JSON object per line)"
    if record.get("index") != index or type(record.get("index")) is not int:
        return f'the record of game {index} must have "index": {index}'
    shape = _ERROR if "error" in record else _RECORD
    for key, kind in shape.items():
        if not isinstance(record.get(key), kind):
            return f"the record of game {index} has no {kind.__name__} {key!r}"
    return None if "error" in record else _seats_problem(record, index)


#: Per-seat lists a record may hold, and what each entry must be (the reports sort and
#: index by them: an edited entry of another kind ended in an internal error there).
_PER_SEAT: dict[str, tuple[type | tuple[type, ...], str]] = {
    "agents": (str, "text"),
    "factions": (str, "text"),
    "light": ((int, float), "a finite number"),
    "points": ((int, float), "a finite number"),
}


def _seats_problem(record: dict[str, Any], index: int) -> str | None:
    """Why the per-seat values of a finished game's record do not fit its seats, if they
    do not: one entry of the right kind per seat, winners among the seats."""
    players = record["players"]
    if not 1 <= players <= 5:
        return f"the record of game {index} has {players} players; a game has 1 to 5"
    if not 0 <= record["rounds"] <= MOST_ROUNDS:  # no round limit allows more: edited
        rounds = record["rounds"]
        return f"the record of game {index} has {rounds} rounds; a game has 0 to {MOST_ROUNDS}"
    for key, (kind, said) in _PER_SEAT.items():
        values = record.get(key)
        if key not in record or (key == "points" and values == []):
            continue
        if not (
            isinstance(values, list)
            and len(values) == players
            and all(isinstance(v, kind) and not isinstance(v, bool) for v in values)
            and all(math.isfinite(v) for v in values if isinstance(v, float))
        ):
            return f"the record of game {index} must have {players} {key}, each {said}"
    winners = record["winners"]
    if not all(type(w) is int and 0 <= w < players for w in winners) or len(set(winners)) < len(
        winners
    ):
        return f"the record of game {index} has winners that are not its seats 0 to {players - 1}"
    return None


def append(
    folder: Path,
    records: Iterable[dict[str, Any]],
    each: Callable[[], None] | None = None,
    kind: str = "jsonl",
) -> Generator[dict[str, Any], None, None]:
    """Write each record (in the format ``kind``) and pass it on; what a format holds back
    (a gzip member, a Parquet row group) is written when the run ends or is interrupted."""
    try:
        out = record_files.writer(folder, kind)
    except record_files.RecordsError as error:
        raise StoreError(str(error)) from None
    try:
        for record in records:
            out.write(record)
            if each is not None:
                each()
            yield record
    finally:
        out.close()
        stop = getattr(records, "close", None)
        if stop is not None:  # the workers or the cluster, stopped now rather than when collected
            stop()


def write_json(path: Path, data: Any) -> None:
    """Write JSON data (sorted keys, indented) to ``path``."""
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
