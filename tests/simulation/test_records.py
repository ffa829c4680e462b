"""``--records jsonl|jsonl.gz|parquet``: the same records in each format, resumed after a cut,
and read by the data tools the docs show."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.simulation.helpers import run

BATCH = ("simulate", "--players", "3", "--agents", "random", "--seed", "4", "--games", "12")


def _lines(folder: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records") / "jsonl"
    code, out = run(*BATCH, "--out", str(folder))
    assert code == 0, out
    return folder


def test_gzip_records_are_the_same_lines_and_report(plain: Path, tmp_path: Path) -> None:
    folder = tmp_path / "gz"
    code, out = run(*BATCH, "--records", "jsonl.gz", "--out", str(folder))
    assert code == 0, out
    assert not (folder / "games.jsonl").exists()
    with gzip.open(folder / "games.jsonl.gz", "rt", encoding="utf-8") as stream:
        assert stream.read() == (plain / "games.jsonl").read_text()
    assert (folder / "summary.json").read_text() == (plain / "summary.json").read_text()


def test_a_gzip_batch_cut_mid_member_resumes_to_the_same_records(
    plain: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from whitedwarf.interpreter.simulation import record_files

    monkeypatch.setattr(record_files, "MEMBER", 5)  # members of 5 games: 5, 5, 2
    folder = tmp_path / "gz"
    assert run(*BATCH, "--records", "jsonl.gz", "--out", str(folder))[0] == 0
    path = folder / "games.jsonl.gz"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 7])  # a kill mid-write: the last member cut short
    code, out = run("simulate", "--resume", str(folder))
    assert code == 0, out
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        assert stream.read() == (plain / "games.jsonl").read_text()


def test_an_edited_gzip_record_is_refused_at_its_game(tmp_path: Path) -> None:
    folder = tmp_path / "gz"
    assert run(*BATCH, "--games", "2", "--records", "jsonl.gz", "--out", str(folder))[0] == 0
    (folder / "games.jsonl.gz").write_bytes(gzip.compress(b'{"index": 0}\n'))
    code, out = run("simulate", "--resume", str(folder))
    assert code == 1 and "games.jsonl.gz:game 0: the record of game 0 has no int 'seed'" in out


def test_parquet_records_hold_the_same_games(plain: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="the [parquet] extra (pyarrow) is missing")
    folder = tmp_path / "pq"
    code, out = run(*BATCH, "--records", "parquet", "--out", str(folder))
    assert code == 0, out
    table = pq.read_table(folder / "games.parquet")
    assert table.column_names == [
        "index", "seed", "players", "agents", "winners", "rounds", "reason", "tiebreak",
        "decisions", "error", "record",
    ]  # fmt: skip
    rows = table.to_pylist()
    assert [json.loads(row["record"]) for row in rows] == _lines(plain)
    assert [row["winners"] for row in rows] == [r["winners"] for r in _lines(plain)]
    assert (folder / "summary.json").read_text() == (plain / "summary.json").read_text()


def test_a_parquet_batch_interrupted_in_a_part_resumes_to_the_same_games(
    plain: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pyarrow", reason="the [parquet] extra (pyarrow) is missing")
    from whitedwarf.interpreter.simulation import record_files, store

    monkeypatch.setattr(record_files, "PART", 4)
    monkeypatch.setattr(record_files, "ROW_GROUP", 2)
    folder = tmp_path / "pq"
    assert run(*BATCH, "--records", "parquet", "--out", str(folder))[0] == 0
    parts = sorted((folder / "games.parquet").iterdir())
    assert [p.name for p in parts] == [f"part-0000{i}.parquet" for i in range(3)]
    parts[-1].rename(parts[-1].with_suffix(".parquet.partial"))  # a kill before the rename
    assert run("simulate", "--resume", str(folder))[0] == 0
    assert list(store.records(folder)) == _lines(plain)


def test_the_docs_duckdb_query_reads_every_format(plain: Path, tmp_path: Path) -> None:
    """docs/simulate.md "Records": DuckDB counts the games and their length by how they
    ended, in any of the three formats."""
    duckdb = pytest.importorskip("duckdb", reason="duckdb is not installed")
    pytest.importorskip("pyarrow", reason="the [parquet] extra (pyarrow) is missing")
    for kind in ("jsonl.gz", "parquet"):
        assert run(*BATCH, "--records", kind, "--out", str(tmp_path / kind))[0] == 0
    sources = {
        "jsonl": f"read_json_auto('{plain}/games.jsonl')",
        "jsonl.gz": f"read_json_auto('{tmp_path}/jsonl.gz/games.jsonl.gz')",
        "parquet": f"read_parquet('{tmp_path}/parquet/games.parquet/*.parquet')",
    }
    query = "SELECT reason, count(*) AS games, avg(rounds) AS rounds FROM {} GROUP BY reason"
    counts = {kind: duckdb.sql(query.format(source)).fetchall() for kind, source in sources.items()}
    assert counts["jsonl"] == counts["jsonl.gz"] == counts["parquet"]
    assert sum(games for _, games, _ in counts["jsonl"]) == 12


@pytest.mark.parametrize("kind", ["jsonl.gz", "parquet"])
def test_ctrl_c_keeps_every_finished_game_of_a_compact_batch(
    kind: str, plain: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A format that holds games back (a gzip member, a Parquet row group) writes them when
    Ctrl-C stops the batch: the games played are kept, and --resume ends at the same games."""
    if kind == "parquet":
        pytest.importorskip("pyarrow", reason="the [parquet] extra (pyarrow) is missing")
    from whitedwarf.interpreter.simulation import store
    from whitedwarf.tools import batch_run

    played = list(store.records(plain))
    real_run_local = batch_run.run_local

    def interrupted(config: object, indices: range, workers: int) -> Iterator[object]:
        yield from played[indices.start : 7]
        raise KeyboardInterrupt

    folder = tmp_path / kind
    monkeypatch.setattr(batch_run, "run_local", interrupted)
    code, out = run(*BATCH, "--records", kind, "--out", str(folder))
    assert code == 130  # interrupted (README: exit codes)
    assert (
        f"interrupted: 7 of 12 games kept in {folder}; "
        f"continue with whitedwarf simulate --resume {folder}" in out
    )
    assert list(store.records(folder)) == played[:7]
    monkeypatch.setattr(batch_run, "run_local", real_run_local)
    assert run("simulate", "--resume", str(folder))[0] == 0
    assert list(store.records(folder)) == played
