"""Where the audit's jobs run: inline, in a pool of forked processes, or on a Dask cluster; and how
an interrupt (Ctrl-C, SIGTERM) reaches the main process without being lost.
"""

from __future__ import annotations

import concurrent.futures
import functools
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from rulecheck.checkpoint import Checkpoint
from rulecheck.core.errors import RulecheckError
from rulecheck.core.lifetime import end_with_parent

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client


Progress = Callable[[str], None]


class AuditInterrupted(BaseException):
    """Raised inside the audit loop by SIGTERM (Ctrl-C raises KeyboardInterrupt); a
    BaseException so that no ``except Exception`` swallows it."""


class StopRequest:
    """SIGINT or SIGTERM asked the audit to stop. The handler raises at once, but an exception
    raised while Python runs a ``__del__`` (z3 frees its terms there) or a weakref callback is
    printed and dropped; so the request is also remembered, and :meth:`check` raises it at the
    next safe point (a progress note, a finished job, the end of the run). A signal is never lost.
    Raised inside a ctypes call (z3's C API converts its arguments in Python), it comes out as a
    ``ctypes.ArgumentError`` instead: a job's handler of crashes in the model therefore asks
    :meth:`check` first, so that an interruption is never recorded as a failed configuration."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def clear(self) -> None:
        self.signum = None

    def handler(self, signum: int, frame: Any) -> None:
        self.signum = signum
        self.check()

    def check(self) -> None:
        if self.signum == signal.SIGINT:
            raise KeyboardInterrupt
        if self.signum is not None:
            raise AuditInterrupted()


STOP = StopRequest()


def stderr_note(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def worker_init() -> None:
    """Workers leave interruption to the main process: it writes the report and ends them; a
    main process killed outright (SIGKILL) cannot, so they also end when it does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = multiprocessing.parent_process()
    end_with_parent(parent.pid if parent is not None and parent.pid is not None else os.getppid())


def _keep(checkpoint: Checkpoint, index: int, result: Any) -> None:
    """Keep a finished job's result, unless it is an interruption rather than a result."""
    error = result if isinstance(result, str) else getattr(result, "error", None)
    if error != "interrupted":
        checkpoint.keep(index, result)


def _keep_future(keep: Callable[[int, Any], None], index: int, fut: concurrent.futures.Future[Any]) -> None:
    if not fut.cancelled() and fut.exception() is None:
        keep(index, fut.result())


POLL_SECONDS = 1.0
"""How often a cluster run looks at its scheduler while no job finishes."""


class Runner:
    """Runs jobs inline (``jobs == 1``), in a pool of forked processes, or on a Dask cluster
    (``client``, :mod:`rulecheck.cluster`); results come back in submission order, so the report
    does not depend on where or when each job finishes."""

    def __init__(self, jobs: int, client: Client | None = None, note: Progress | None = None,
                 no_workers_seconds: float = 60.0) -> None:
        self.jobs = jobs
        self.no_workers_seconds = no_workers_seconds
        self.client = client
        self.note = note
        self.futures: list[Any] = []
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None
        if jobs > 1 and client is None:
            self.pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=jobs, mp_context=multiprocessing.get_context("fork"), initializer=worker_init
            )

    def map(self, calls: list[tuple[Callable[..., Any], tuple[Any, ...]]], checkpoint: Checkpoint | None = None,
            ) -> Iterable[Any]:
        """The results of ``calls`` in order; those in ``checkpoint`` are taken from it, the others
        run, and each kept in it as soon as it is in (before the earlier ones, with a pool)."""
        done = checkpoint.done() if checkpoint is not None else {}
        keep = functools.partial(_keep, checkpoint) if checkpoint is not None else None
        if self.client is not None:
            yield from self._cluster_map(calls, done, keep)
            return
        if self.pool is None:
            for i, (fn, args) in enumerate(calls):
                STOP.check()
                result = done[i] if i in done else fn(*args)
                if keep is not None and i not in done:
                    keep(i, result)
                STOP.check()  # a stop request raised inside fn may have been dropped (see StopRequest)
                yield result
            return
        futures = {i: self.pool.submit(fn, *args) for i, (fn, args) in enumerate(calls) if i not in done}
        if keep is not None:
            for i, fut in futures.items():
                fut.add_done_callback(functools.partial(_keep_future, keep, i))
        for i in range(len(calls)):
            result = done[i] if i in done else futures[i].result()
            STOP.check()
            yield result

    def _cluster_map(self, calls: list[tuple[Callable[..., Any], tuple[Any, ...]]], done: dict[int, Any],
                     keep: Callable[[int, Any], None] | None) -> Iterator[Any]:
        """:meth:`map` on the Dask cluster: every job submitted at once; each result kept in the
        checkpoint as it arrives; a line of progress per finished job."""
        assert self.client is not None
        futures = {i: self.client.submit(fn, *args, pure=False) for i, (fn, args) in enumerate(calls) if i not in done}
        self.futures = list(futures.values())
        where = {fut.key: i for i, fut in futures.items()}
        results: dict[int, Any] = {}
        finished = len(done)
        arrived = self._arrivals(list(futures.values()), len(calls) - finished)
        for i in range(len(calls)):
            while i not in done and i not in results:
                fut = next(arrived)
                j = where[fut.key]
                try:
                    results[j] = fut.result()
                except Exception as exc:  # the job's own errors come back as results: this is the cluster's
                    name = getattr(calls[j][0], "__name__", "job")
                    raise RulecheckError(
                        f"job {j + 1} of {len(calls)} ({name}) failed on the Dask cluster: {type(exc).__name__}: "
                        f"{exc}; the jobs finished so far are kept: run the same command with --resume to "
                        "continue") from exc
                finished += 1
                if keep is not None:
                    keep(j, results[j])
                if self.note is not None:
                    self.note(f"  cluster: {finished}/{len(calls)} jobs done")
                STOP.check()
            yield done[i] if i in done else results.pop(i)

    def _arrivals(self, futures: list[Any], total: int) -> Iterator[Any]:
        """The futures as they finish. Dask gives a lost worker's jobs to the others; a cluster
        left with no worker at all for :attr:`no_workers_seconds` would wait for ever, so that is
        an error (the checkpoint keeps every job finished so far, for ``--resume``)."""
        from distributed import wait

        assert self.client is not None
        pending = set(futures)
        without_workers = 0.0
        while pending:
            try:
                ready = wait(list(pending), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                ready = set()
            if ready:
                without_workers = 0.0
                for fut in [f for f in futures if f in ready]:
                    pending.discard(fut)
                    yield fut
                continue
            STOP.check()
            try:
                workers = self.client.scheduler_info().get("workers")
            except Exception as exc:  # the scheduler itself is gone (a closed connection, a timeout)
                raise RulecheckError(
                    f"lost the Dask scheduler with {len(pending)} of {total} jobs unfinished ({type(exc).__name__}: "
                    f"{exc}); run the same command with --resume to continue from the jobs already done") from exc
            if workers:
                without_workers = 0.0
                continue
            without_workers += POLL_SECONDS
            if without_workers >= self.no_workers_seconds:
                raise RulecheckError(
                    f"the Dask cluster has had no workers for {without_workers:.0f} s with {len(pending)} of "
                    f"{total} jobs unfinished (workers that crashed or were stopped); start workers and run "
                    "the same command with --resume to continue from the jobs already done")

    def close(self, abort: bool = False) -> None:
        if self.client is not None:
            if abort and self.futures:
                self.client.cancel(self.futures)
            self.futures = []
            return
        if self.pool is None:
            return
        if abort:
            procs = list((getattr(self.pool, "_processes", None) or {}).values())
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.join(timeout=5)
                if proc.is_alive():
                    proc.kill()
            self.pool.shutdown(wait=False, cancel_futures=True)
        else:
            self.pool.shutdown()
