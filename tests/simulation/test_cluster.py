"""The cluster path: a real Dask LocalCluster plays a batch to the same records as a local run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.simulation.helpers import run

pytest.importorskip("distributed", reason="the [cluster] extra (dask distributed) is missing")

BATCH = ("simulate", "--players", "3", "--agents", "heuristic,random", "--seed", "9")


def test_a_local_dask_cluster_gives_the_local_records(tmp_path: Path) -> None:
    local, cluster = tmp_path / "local", tmp_path / "cluster"
    assert run(*BATCH, "--games", "8", "--out", str(local))[0] == 0
    code, text = run(
        *BATCH, "--games", "8", "--out", str(cluster), "--cluster", "local", "--workers", "2"
    )
    assert code == 0, text
    assert (cluster / "games.jsonl").read_text() == (local / "games.jsonl").read_text()
