"""Run a batch on a Dask cluster (the optional ``[cluster]`` extra).

Dask distributed is pure Python, installs with pip on every platform, and has a
``LocalCluster`` that starts real scheduler and worker processes on one machine, so the same
code path is tested here that runs across machines (docs/simulate.md "On several machines").
Each task plays a chunk of consecutive games; the results are gathered in submission order,
so the records equal a local run's for the same seed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from whitedwarf.interpreter.simulation.batch import BatchConfig, BatchError, run_indices
from whitedwarf.interpreter.simulation.workers import chunks


class ClusterUnavailable(BatchError):
    """Dask distributed is not installed, or the scheduler cannot be reached."""


def run_cluster(
    config: BatchConfig, indices: Sequence[int], address: str, workers: int = 2
) -> Iterator[dict[str, Any]]:
    """Records of games ``indices`` in order, played on the cluster at ``address``.

    ``address`` ``"local"`` starts a ``LocalCluster`` of ``workers`` processes for the run.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterUnavailable(
            "running on a cluster needs Dask: pip install 'whitedwarf[cluster]'"
        ) from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=30)
        except OSError as error:
            raise ClusterUnavailable(f"cannot reach the scheduler at {address}: {error}") from None
    try:
        futures = [
            client.submit(run_indices, config, chunk, pure=False) for chunk in chunks(indices)
        ]
        for future in futures:
            yield from future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
