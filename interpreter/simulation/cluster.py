"""Run a batch on a Dask cluster (the optional ``[cluster]`` extra).

Dask distributed is pure Python, installs with pip on every platform, and has a
``LocalCluster`` that starts real scheduler and worker processes on one machine, so the same
code path is tested here that runs across machines (docs/simulate.md "On several machines").
Each task plays a chunk of consecutive games; the results are gathered in submission order,
so the records equal a local run's for the same seed. Only a window of chunks is out at a
time (:data:`WINDOW` per worker): the parent holds no more than that, whatever the batch.

Faults: a worker that dies mid-batch loses only its tasks, which the scheduler gives to
another worker (a game's record depends on its seed alone, so the records are the same); a
scheduler that cannot be reached, or goes away mid-batch, is a :class:`ClusterUnavailable`
after the games already gathered are written, so ``--resume`` goes on from there, locally or
on another cluster.

A Dask scheduler runs whatever it is sent, and a worker whatever its scheduler sends: with
TLS (:func:`security`) the batch talks only to a scheduler whose certificate its certificate
authority signed, and the cluster only to holders of a certificate it trusts.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError, run_indices
from whitedwarf.interpreter.simulation.workers import chunks

#: Games per task on a cluster: a task costs the scheduler about a millisecond, a game of
#: random agents about 30 ms, so 16 games keep the scheduler's share small.
CLUSTER_CHUNK = 16
#: Tasks out at once per worker thread: enough that no worker waits for its next task.
WINDOW = 4
#: Seconds between two questions to the scheduler of how many worker threads it has.
THREADS_EVERY = 5.0


class ClusterUnavailable(BatchError):
    """Dask distributed is not installed, or the scheduler cannot be reached or was lost."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailable(
            "running on a cluster needs Dask: pip install 'whitedwarf[cluster]'"
        ) from None
    return distributed


def security(ca_file: str | None, cert: str | None, key: str | None) -> Any:
    """The ``distributed.Security`` of ``--tls-ca-file``, ``--tls-cert`` and ``--tls-key``
    (None when none is given): encryption required, the scheduler's certificate checked
    against the certificate authority, this client known by its certificate."""
    given = {"--tls-ca-file": ca_file, "--tls-cert": cert, "--tls-key": key}
    if not any(given.values()):
        return None
    missing = [name for name, value in given.items() if not value]
    if missing:
        raise BatchError(f"TLS needs {', '.join(given)} together: {' and '.join(missing)} missing")
    return _distributed().Security(
        tls_ca_file=ca_file,
        tls_client_cert=cert,
        tls_client_key=key,
        require_encryption=True,
    )


def check_address(address: str, secure: Any) -> None:
    """With TLS configured, only a ``tls://`` scheduler (whose certificate can be checked)
    is sent work; a ``local`` cluster is made here and takes no TLS settings."""
    if secure is None:
        return
    if address == "local":
        raise BatchError(
            "the --tls-* options are for a remote scheduler: a local cluster runs on this "
            "machine only"
        )
    if not address.startswith("tls://"):
        raise BatchError(
            f"TLS is configured, so the batch sends its games only to a scheduler it can "
            f"verify: give its address as tls://..., not {address}"
        )


def run_cluster(
    config: BatchConfig,
    indices: Sequence[int],
    address: str,
    workers: int = 2,
    secure: Any = None,
) -> Iterator[dict[str, Any]]:
    """Records of games ``indices`` in order, played on the cluster at ``address``.

    ``address`` ``"local"`` starts a ``LocalCluster`` of ``workers`` processes for the run;
    ``secure`` is a :func:`security` for a ``tls://`` scheduler.
    """
    check_address(address, secure)
    if not indices:
        return
    distributed = _distributed()
    cluster = None
    if address == "local":
        cluster = local_cluster(workers)
        client = distributed.Client(cluster)
    else:
        try:
            client = distributed.Client(address, security=secure)
        except (OSError, ValueError) as error:  # refused, timed out, a certificate refused
            raise ClusterUnavailable(f"cannot reach the scheduler at {address}: {error}") from None
    try:
        yield from _gather(client, config, indices, address)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def local_cluster(workers: int) -> Any:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes. :func:`run_cluster`
    makes one for a ``local`` run; a caller running many batches on one (``tune``, a batch
    a block) makes it here once, gives :func:`run_cluster` its ``scheduler_address`` and
    closes it when done, so the workers are not started again for every batch."""
    return _distributed().LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )


def _gather(
    client: Any, config: BatchConfig, indices: Sequence[int], address: str
) -> Iterator[dict[str, Any]]:
    """Submit chunks a window at a time and yield their records in order."""
    todo = chunks(indices, CLUSTER_CHUNK)
    window: deque[Any] = deque()
    lost: tuple[type[BaseException], ...] = (OSError, *_lost_errors())
    threads, asked = 1, -THREADS_EVERY
    try:
        while True:
            if time.monotonic() - asked >= THREADS_EVERY:  # workers may join a running batch
                threads, asked = max(1, sum(client.nthreads().values())), time.monotonic()
            while len(window) < WINDOW * threads:
                chunk = next(todo, None)
                if chunk is None:
                    break
                window.append(client.submit(run_indices, config, chunk, pure=False))
            if not window:
                return
            future = window.popleft()
            try:
                records = future.result()
            finally:
                future.release()
            yield from records
    except lost as error:
        raise ClusterUnavailable(
            f"lost the scheduler at {address} mid-batch ({type(error).__name__})"
        ) from None


def _lost_errors() -> tuple[type[BaseException], ...]:
    """What a future raises when its scheduler went away (the names move between Dask
    versions: the cancelled error, and the futures' own)."""
    import asyncio
    import concurrent.futures

    from distributed.client import FutureCancelledError

    return (asyncio.CancelledError, concurrent.futures.CancelledError, FutureCancelledError)
