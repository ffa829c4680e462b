"""The cluster path under faults (issue 28): a worker killed mid-batch, a scheduler that
cannot be reached or goes away mid-batch, and a TLS cluster that sends work only to a
scheduler it can verify. Each batch is of random agents: short games, quick tests."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.simulation.helpers import run

distributed = pytest.importorskip(
    "distributed", reason="the [cluster] extra (dask distributed) is missing"
)
import dask  # noqa: E402 (dask comes with distributed)

GAMES = 64
BATCH = ("simulate", "--players", "3", "--agents", "random", "--seed", "28", "--games", str(GAMES))


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The records of the batch played here, in one process."""
    folder = tmp_path_factory.mktemp("faults") / "local"
    code, out = run(*BATCH, "--workers", "1", "--out", str(folder))
    assert code == 0, out
    return (folder / "games.jsonl").read_text()


@pytest.fixture
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as made:
        yield made


def _when_games_written(folder: Path, games: int, act: Callable[[], None]) -> threading.Thread:
    """Run ``act`` in a thread once ``games`` records are in ``folder`` (mid-batch)."""

    def watch() -> None:
        path = folder / "games.jsonl"
        while not path.exists() or path.read_text().count("\n") < games:
            time.sleep(0.02)
        act()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


def test_a_worker_killed_mid_batch_changes_no_record(
    local: str, cluster: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "killed"
    killed: list[int] = []

    def kill_a_worker() -> None:
        with distributed.Client(cluster.scheduler_address) as client:
            pid = next(iter(client.run(os.getpid).values()))
        os.kill(pid, signal.SIGKILL)
        killed.append((folder / "games.jsonl").read_text().count("\n"))  # games by then

    watcher = _when_games_written(folder, 16, kill_a_worker)
    code, out = run(*BATCH, "--out", str(folder), "--cluster", cluster.scheduler_address)
    watcher.join(timeout=30)
    assert code == 0, out
    assert killed and killed[0] < GAMES, "the batch ended before a worker could be killed"
    assert (folder / "games.jsonl").read_text() == local


def test_a_scheduler_lost_mid_batch_keeps_the_games_and_resumes_here(
    local: str, cluster: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "lost"
    address = cluster.scheduler_address
    watcher = _when_games_written(folder, 16, cluster.close)
    code, out = run(*BATCH, "--out", str(folder), "--cluster", address)
    watcher.join(timeout=30)
    assert code == 1
    kept = (folder / "games.jsonl").read_text().count("\n")
    assert 16 <= kept < GAMES
    assert f"Error: lost the scheduler at {address} mid-batch" in out
    assert (
        f"; {kept} of {GAMES} games kept in {folder}; "
        f"continue with whitedwarf simulate --resume {folder}" in out
    )
    code, out = run("simulate", "--resume", str(folder), "--workers", "1")
    assert code == 0, out
    assert (folder / "games.jsonl").read_text() == local


def test_a_scheduler_that_cannot_be_reached_is_said_in_one_sentence(tmp_path: Path) -> None:
    import socket

    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    folder = tmp_path / "unreached"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code, out = run(*BATCH, "--out", str(folder), "--cluster", f"tcp://127.0.0.1:{port}")
    assert code == 1
    assert f"Error: cannot reach the scheduler at tcp://127.0.0.1:{port}: " in out
    assert (
        f"0 of {GAMES} games kept in {folder}; continue with whitedwarf simulate --resume {folder}"
        in out
    )
    assert "Traceback" not in out


# -- TLS ---------------------------------------------------------------------------------------


def _pem_files(folder: Path, name: str) -> dict[str, str]:
    """A self-signed certificate (its own certificate authority) and its key, as files."""
    made = distributed.Security.temporary()
    folder.mkdir(parents=True, exist_ok=True)
    files = {"cert": folder / f"{name}.pem", "key": folder / f"{name}.key"}
    files["cert"].write_text(made.tls_ca_file)
    files["key"].write_text(made.tls_client_key)
    return {kind: str(path) for kind, path in files.items()}


@pytest.fixture
def tls_cluster(tmp_path: Path) -> Iterator[tuple[Any, dict[str, str]]]:
    pem = _pem_files(tmp_path / "certs", "cluster")
    security = distributed.Security(
        tls_ca_file=pem["cert"],
        tls_scheduler_cert=pem["cert"],
        tls_scheduler_key=pem["key"],
        tls_worker_cert=pem["cert"],
        tls_worker_key=pem["key"],
        tls_client_cert=pem["cert"],
        tls_client_key=pem["key"],
        require_encryption=True,
    )
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        protocol="tls://",
        security=security,
    ) as made:
        yield made, pem


def _tls(pem: dict[str, str]) -> tuple[str, ...]:
    return ("--tls-ca-file", pem["cert"], "--tls-cert", pem["cert"], "--tls-key", pem["key"])


def test_a_tls_cluster_plays_the_batch(local: str, tls_cluster: Any, tmp_path: Path) -> None:
    cluster, pem = tls_cluster
    assert cluster.scheduler_address.startswith("tls://")
    folder = tmp_path / "tls"
    code, out = run(
        *BATCH, "--out", str(folder), "--cluster", cluster.scheduler_address, *_tls(pem)
    )
    assert code == 0, out
    assert (folder / "games.jsonl").read_text() == local


def test_with_tls_a_plain_address_is_refused(tmp_path: Path) -> None:
    pem = _pem_files(tmp_path / "certs", "cluster")
    plain = "tcp://127.0.0.1:8786"
    code, out = run(*BATCH, "--out", str(tmp_path / "b"), "--cluster", plain, *_tls(pem))
    assert code == 2
    assert (
        "TLS is configured, so the batch sends its games only to a scheduler it can verify: "
        f"give its address as tls://..., not {plain}"
    ) in out
    assert not (tmp_path / "b").exists()


def test_with_tls_a_scheduler_of_another_authority_is_refused(
    tls_cluster: Any, tmp_path: Path
) -> None:
    cluster, _ = tls_cluster
    stranger = _pem_files(tmp_path / "other", "stranger")  # a CA that never signed the cluster
    folder = tmp_path / "b"
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        code, out = run(
            *BATCH, "--out", str(folder), "--cluster", cluster.scheduler_address, *_tls(stranger)
        )
    assert code == 1
    assert f"Error: cannot reach the scheduler at {cluster.scheduler_address}: " in out
    assert not (folder / "games.jsonl").exists() or not (folder / "games.jsonl").read_text()


def test_tls_options_need_all_three_and_a_cluster(tmp_path: Path) -> None:
    pem = _pem_files(tmp_path / "certs", "c")
    code, out = run(*BATCH, "--out", str(tmp_path / "b"), *_tls(pem))
    assert code == 2 and "the --tls-* options go with --cluster tls://ADDRESS" in out
    code, out = run(
        *BATCH, "--out", str(tmp_path / "b"), "--cluster", "tls://127.0.0.1:1",
        "--tls-ca-file", pem["cert"],
    )  # fmt: skip
    assert code == 2
    assert (
        "TLS needs --tls-ca-file, --tls-cert, --tls-key together: --tls-cert and --tls-key" in out
    )
