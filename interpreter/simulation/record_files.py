"""A batch's records on disk, in one of three formats (``--records``, docs/simulate.md):

* ``jsonl``: ``games.jsonl``, one record a line, flushed game by game (the default).
* ``jsonl.gz``: ``games.jsonl.gz``, the same lines gzip-compressed, written as one gzip
  member per :data:`MEMBER` games (any gzip reader reads the members as one stream). An
  interruption that cuts the last member short loses only that member's games: they are
  played again on ``--resume``.
* ``parquet``: ``games.parquet/``, a folder of Parquet files (``part-00000.parquet``, ...)
  of :data:`PART` games each, in :data:`ROW_GROUP`-game row groups (pyarrow, the optional
  ``[parquet]`` extra). Each part is written under a temporary name and renamed whole, so
  a part is either all there or not at all. Its columns (:data:`COLUMNS`) are the fields
  every game has, to filter and count on, and ``record``, the game's whole record as JSON
  (the line ``games.jsonl`` would hold).

Records are written and read in game order; nothing holds more than a part's row group of
them at once.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Protocol

Record = dict[str, Any]

FORMATS = ("jsonl", "jsonl.gz", "parquet")
FILES = {"jsonl": "games.jsonl", "jsonl.gz": "games.jsonl.gz", "parquet": "games.parquet"}
#: Games per gzip member of ``games.jsonl.gz``: what an interruption may cost.
MEMBER = 256
#: Games per Parquet file, and per row group within one.
PART = 4096
ROW_GROUP = 512
#: The Parquet columns (docs/simulate.md "Records"): name, Arrow type, field of the record.
COLUMNS = (
    ("index", "int64"),
    ("seed", "int64"),
    ("players", "int32"),
    ("agents", "list<string>"),
    ("winners", "list<int32>"),
    ("rounds", "int32"),
    ("reason", "string"),
    ("tiebreak", "string"),
    ("decisions", "int64"),
    ("error", "string"),
    ("record", "string"),
)


class RecordsError(ValueError):
    """A records file that cannot be read (the message names the file and the place)."""


#: Says why a parsed line is not the record of game ``index`` (None: it is one).
Check = Callable[[Any, int], "str | None"]


def line(record: Record) -> str:
    """A record as one line of JSON (sorted keys): ``games.jsonl``'s line, Parquet's ``record``."""
    return json.dumps(record, sort_keys=True)


class Writer(Protocol):
    """Appends records in game order; ``close`` writes what is still held."""

    def write(self, record: Record) -> None: ...

    def close(self) -> None: ...


def writer(folder: Path, kind: str) -> Writer:
    """A writer appending to the records of ``kind`` in ``folder``."""
    if kind == "jsonl.gz":
        return _GzipWriter(folder / FILES[kind])
    if kind == "parquet":
        return _ParquetWriter(folder / FILES[kind])
    return _LineWriter(folder / FILES["jsonl"])


def need_pyarrow() -> Any:
    """pyarrow, or a :class:`RecordsError` saying how to install it."""
    try:
        import pyarrow
    except ImportError:
        raise RecordsError(
            "Parquet records need pyarrow: pip install 'whitedwarf[parquet]'"
        ) from None
    return pyarrow


def present(folder: Path) -> str | None:
    """The format of the records in ``folder`` (None: there are none)."""
    found = [kind for kind, name in FILES.items() if (folder / name).exists()]
    if len(found) > 1:
        names = " and ".join(FILES[k] for k in found)
        raise RecordsError(f"{folder} holds {names}: keep the records of one format only")
    return found[0] if found else None


def keep_finished(folder: Path, kind: str, check: Check) -> int:
    """Check the records written so far, in order, and cut what an interruption left half
    written (a last line, a gzip member, a Parquet part's temporary file); how many there are.

    A whole record that is not the record of its place in the batch (an edited file) is a
    :class:`RecordsError` at its place: the file is left as it is, never cut there.
    """
    if kind == "jsonl.gz":
        return _keep_gzip(folder / FILES[kind], check)
    if kind == "parquet":
        return _keep_parquet(folder / FILES[kind], check)
    return _keep_lines(folder / FILES["jsonl"], check)


def read(folder: Path, kind: str) -> Iterator[Record]:
    """The records in ``folder``, in order, one at a time. What a batch still running (or
    interrupted) has half written is not read: a last line cut short, a gzip member cut
    short, a Parquet part not yet renamed. A record that is not JSON is a
    :class:`RecordsError` at its place."""
    if kind == "parquet":
        yield from _read_parquet(folder / FILES[kind])
        return
    path = folder / FILES[kind]
    if not path.exists():
        return
    opener: Callable[[Path, str], IO[bytes]] = gzip.open if kind == "jsonl.gz" else open  # type: ignore[assignment]
    with opener(path, "rb") as stream:
        number = 0
        while True:
            try:
                text = stream.readline()
            except (EOFError, OSError, zlib.error):  # a gzip member cut short
                return
            if not text.endswith(b"\n"):
                return  # the end, or a line cut short
            number += 1
            record = _parse(text)
            if not isinstance(record, dict):
                raise RecordsError(f"{path}:{number}: not a game record (a JSON object per line)")
            yield record


def _problem(path: Path, where: str, problem: str) -> RecordsError:
    return RecordsError(
        f"{path}:{where}: {problem}; delete this record and those after it to play "
        "those games again"
    )


def _parse(text: bytes) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


# -- jsonl ------------------------------------------------------------------------------------


class _LineWriter:
    def __init__(self, path: Path) -> None:
        self.stream = path.open("a", encoding="utf-8", newline="\n")

    def write(self, record: Record) -> None:
        self.stream.write(line(record) + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()


def _keep_lines(path: Path, check: Check) -> int:
    if not path.exists():
        return 0
    count = good_bytes = 0
    with path.open("rb") as stream:
        for number, text in enumerate(stream, start=1):
            if not text.endswith(b"\n"):
                break  # the write an interruption cut short: that game is played again
            problem = check(_parse(text), count)
            if problem:
                raise _problem(path, str(number), problem)
            count += 1
            good_bytes += len(text)
    with path.open("r+b") as stream:
        stream.truncate(good_bytes)
    return count


# -- jsonl.gz ---------------------------------------------------------------------------------


class _GzipWriter:
    def __init__(self, path: Path) -> None:
        self.stream = path.open("ab")
        self.held: list[str] = []

    def write(self, record: Record) -> None:
        self.held.append(line(record) + "\n")
        if len(self.held) >= MEMBER:
            self._member()

    def _member(self) -> None:
        if self.held:
            data = "".join(self.held).encode("utf-8")
            # mtime 0: the same games give the same bytes, whatever the day
            self.stream.write(gzip.compress(data, compresslevel=6, mtime=0))
            self.stream.flush()
            self.held = []

    def close(self) -> None:
        self._member()
        self.stream.close()


def _members(path: Path) -> Iterator[tuple[int, bytes]]:
    """Each whole gzip member's end offset and its data; a last member cut short is left
    out. Corrupt data is a :class:`RecordsError` at its byte."""
    start = 0
    with path.open("rb") as stream:
        pending = b""
        while True:
            inflate = zlib.decompressobj(wbits=31)
            parts: list[bytes] = []
            data = pending
            used = 0
            while not inflate.eof:
                if not data:
                    data = stream.read(1 << 16)
                    if not data:
                        return  # the file ends inside a member: it was cut short
                try:
                    parts.append(inflate.decompress(data))
                except zlib.error as error:
                    raise RecordsError(f"{path}: byte {start}: not gzip data ({error})") from None
                used += len(data) - len(inflate.unused_data)
                data = b""
            pending = inflate.unused_data
            start += used
            yield start, b"".join(parts)
            if not pending:
                pending = stream.read(1 << 16)
                if not pending:
                    return


def _keep_gzip(path: Path, check: Check) -> int:
    if not path.exists():
        return 0
    count = good_bytes = 0
    for end, data in _members(path):
        for text in data.splitlines(keepends=True):
            problem = check(_parse(text), count)
            if problem:
                raise _problem(path, f"game {count}", problem)
            count += 1
        good_bytes = end
    with path.open("r+b") as stream:
        stream.truncate(good_bytes)
    return count


# -- parquet ----------------------------------------------------------------------------------


def _schema() -> Any:
    pa = need_pyarrow()
    types = {
        "int64": pa.int64(),
        "int32": pa.int32(),
        "string": pa.string(),
        "list<string>": pa.list_(pa.string()),
        "list<int32>": pa.list_(pa.int32()),
    }
    return pa.schema([(name, types[kind]) for name, kind in COLUMNS])


class _ParquetWriter:
    def __init__(self, folder: Path) -> None:
        need_pyarrow()
        folder.mkdir(exist_ok=True)
        self.folder = folder
        self.parts = len(_parts(folder))
        self.held: list[Record] = []
        self.file: Any = None
        self.in_part = 0

    def write(self, record: Record) -> None:
        self.held.append(record)
        if len(self.held) >= ROW_GROUP:
            self._row_group()
        if self.in_part >= PART:
            self._end_part()

    def _row_group(self) -> None:
        if not self.held:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self.file is None:
            self.file = pq.ParquetWriter(
                self._temporary(), _schema(), compression="zstd", write_statistics=True
            )
        columns = {name: [r.get(name) for r in self.held] for name, _ in COLUMNS[:-1]}
        for name, kind in COLUMNS:  # a game's own reason may be other than text
            if kind == "string" and name in columns:
                columns[name] = [None if v is None else str(v) for v in columns[name]]
        columns["record"] = [line(r) for r in self.held]
        self.file.write_table(pa.table(columns, schema=_schema()))
        self.in_part += len(self.held)
        self.held = []

    def _temporary(self) -> Path:
        return self.folder / f"part-{self.parts:05d}.parquet.partial"

    def _end_part(self) -> None:
        self._row_group()
        if self.file is not None:
            self.file.close()
            self._temporary().rename(self.folder / f"part-{self.parts:05d}.parquet")
            self.parts += 1
            self.file, self.in_part = None, 0

    def close(self) -> None:
        self._end_part()


def _parts(folder: Path) -> list[Path]:
    return sorted(folder.glob("part-*.parquet"))


def _keep_parquet(folder: Path, check: Check) -> int:
    if not folder.exists():
        return 0
    for partial in folder.glob("*.partial"):
        partial.unlink()  # a part an interruption left unwritten: its games are played again
    count = 0
    for record in _read_parquet(folder):
        problem = check(record, count)
        if problem:
            raise _problem(folder, f"game {count}", problem)
        count += 1
    return count


def _read_parquet(folder: Path) -> Iterator[Record]:
    if not folder.exists():
        return
    need_pyarrow()
    import pyarrow.parquet as pq

    for part in _parts(folder):
        try:
            batches = pq.ParquetFile(part).iter_batches(batch_size=ROW_GROUP, columns=["record"])
            for batch in batches:
                for text in batch.column(0).to_pylist():
                    yield json.loads(text)
        except (OSError, ValueError, KeyError) as error:  # pyarrow's errors are among these
            raise RecordsError(f"{part}: not a records file of a batch ({error})") from None
