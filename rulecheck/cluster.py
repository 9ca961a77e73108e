"""Where a run's work goes: a Dask cluster given by address, or a local one started for the run.

``rulecheck audit --cluster ADDRESS`` sends the audit's jobs (one search per configuration, the
playouts, the full-deck searches) to the workers of a running Dask scheduler;
``rulecheck search ... --cluster ADDRESS`` spreads one exhaustive search over them
(:mod:`rulecheck.check.partitioned`). ``--cluster local`` (what ``--cluster`` alone means) starts
a cluster of ``-j`` worker processes on this machine for the run and stops it afterwards.

Every worker imports rulecheck itself, so every worker needs the same rulecheck (and the same
compiled engine): :func:`cluster_client` asks each worker for its engine build and refuses a
cluster where one differs, naming it. A ruleset given as a file must be readable on the workers.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from rulecheck import ENGINE_BUILD
from rulecheck.core.errors import RulecheckError

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = ["LOCAL", "cluster_client", "engine_build"]

LOCAL = "local"
"""The address that means: start a cluster of worker processes on this machine for the run."""

CONNECT_SECONDS = 30


def engine_build() -> str:
    """This process's engine build (run on each worker to compare with the client's)."""
    return ENGINE_BUILD


@contextmanager
def cluster_client(address: str, workers: int = 2, timeout: float = CONNECT_SECONDS) -> Iterator[Client]:
    """A Dask client for the cluster at ``address`` (``tcp://host:8786``, any address
    ``distributed.Client`` takes), or for ``workers`` local worker processes (one thread each)
    if ``address`` is :data:`LOCAL`; closed (and a local cluster stopped) on leaving. A scheduler
    that does not answer within ``timeout`` seconds is an error.

    Raises :class:`RulecheckError` if Dask's ``distributed`` is not installed, the scheduler
    cannot be reached, it has no workers, or a worker runs another engine build."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise RulecheckError(
            "a cluster run needs Dask's distributed scheduler: pip install 'rulecheck[cluster]'") from exc
    local = None
    try:
        if address == LOCAL:
            local = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                 dashboard_address=":0", silence_logs=logging.ERROR)
            client = Client(local)
        else:
            client = Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        if local is not None:
            local.close()
        raise RulecheckError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from exc
    try:
        _check_workers(client, address)
        yield client
    finally:
        client.close()
        if local is not None:
            local.close()


def _check_workers(client: Client, address: str) -> None:
    builds = client.run(engine_build)
    if not builds:
        raise RulecheckError(f"the Dask cluster at {address!r} has no workers")
    other = {w: b for w, b in sorted(builds.items()) if b != ENGINE_BUILD}
    if other:
        named = ", ".join(f"{w} ({b})" for w, b in other.items())
        raise RulecheckError(f"workers run another rulecheck engine than this one ({ENGINE_BUILD}): {named}; "
                             "install the same rulecheck on every worker")
