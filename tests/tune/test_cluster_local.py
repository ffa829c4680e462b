"""`tune --cluster local` plays every block of the tuning on one local cluster: it started a
Dask LocalCluster (its worker processes, their imports and the pack loaded in each) for every
block of games, eight for a tuning of two candidates in blocks of 8 (49 s against 14 s here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tune.helpers import planted_pack, run, targets_file

distributed = pytest.importorskip("distributed", reason="the [cluster] extra is missing")
pytest.importorskip("optuna", reason="the [tune] extra is missing")


def test_one_local_cluster_plays_every_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[Any] = []
    real = distributed.LocalCluster

    def counted(*args: Any, **kwargs: Any) -> Any:
        cluster = real(*args, **kwargs)
        started.append(cluster)
        return cluster

    monkeypatch.setattr(distributed, "LocalCluster", counted)
    pack = planted_pack(tmp_path / "planted")
    code, output = run(
        "tune", str(pack), "--targets", str(targets_file(tmp_path)),
        "--option", "factions=sunborn,iou_nell", "--round-limit", "20", "--games", "16",
        "--block", "8", "--budget", "2", "--confirm-games", "16", "--workers", "2",
        "--cluster", "local", "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert code == 0, output
    assert "after: 16/16 games" in output and "report:" in output, output
    assert len(started) == 1
    assert started[0].status.name == "closed"  # and closed when the tuning is done
