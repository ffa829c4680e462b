"""benchmarks/strong_bench.py combines the games of split batches into one line, and says in
one sentence when a file to combine is missing or holds no games yet (a traceback before)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import strong_bench


def _game(index: int, win: float) -> str:
    row = {"index": index, "seat": index % 4, "win": win, "decisions": 50, "searched": 49,
           "cpu": 2.0, "winners": [index % 4]}  # fmt: skip
    return json.dumps(row) + "\n"


def test_combine_reads_the_slices_of_a_split_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(_game(0, 1.0) + _game(1, 0.0))
    second.write_text(_game(2, 1.0) + _game(3, 1.0))
    strong_bench.main(["--combine", str(first), str(second)])
    out = capsys.readouterr().out
    assert out.startswith("games 4, strong wins 3 = 75.0% (95% ")
    assert "200 decisions, 98% searched, 40.0 ms CPU a decision" in out


@pytest.mark.parametrize("content", [None, ""])
def test_combine_refuses_a_missing_or_empty_file_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None
) -> None:
    path = tmp_path / "games.jsonl"
    if content is not None:
        path.write_text(content)
    with pytest.raises(SystemExit) as exit_:
        strong_bench.main(["--combine", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    expected = f"no file {path}" if content is None else "the files hold no games yet"
    assert f"error: --combine: {expected}" in err
    assert "Traceback" not in err
