"""Distributed runs on Dask (issue 21): a local cluster of two worker processes runs the audit's
sweep and a search partitioned by state hash, and both give what one process gives."""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rulecheck.audit import run_audit
from rulecheck.check.detectors import config_findings
from rulecheck.check.explore import Config, ExploreResult, explore
from rulecheck.check.partitioned import explore_partitioned, owner_of
from rulecheck.cli import main
from rulecheck.cluster import LOCAL, _check_workers, cluster_client
from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Pending

pytest.importorskip("distributed")

CONFIGS = [
    # cycles (non-termination) and their lassos
    Config("chomp", "underwater-war", 2, "shark=1,seal=1,plankton=1,octopus=1,littlefish=1,shrimp=1,bigfish=1",
           "recommended"),
    # open ruling points: Pending states, gaps found on the way
    Config("chomp", "standard", 3, "shark=1,littlefish=1,plankton=1,octopus=2", "raw"),
    Config("chomp", "doble-chomp", 2, "shark=1,seal=1,littlefish=1,plankton=1", "raw"),
]

ARRAYS = ("parent", "parent_action", "offsets", "succ", "terminals", "deadlocks")
TABLES = ("pending_first", "pending_count", "rulings_first", "clauses_cited", "outcomes_first", "outcome_count",
          "violations_first", "violation_count")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with cluster_client(LOCAL, 2) as c:
        assert len(c.scheduler_info()["workers"]) == 2
        yield c


def assert_same_search(one: ExploreResult, spread: ExploreResult) -> None:
    assert spread.summary() == one.summary()
    assert (spread.expanded, spread.transitions) == (one.expanded, one.transitions)
    for name in ARRAYS:
        assert list(getattr(spread, name)) == list(getattr(one, name)), name
    for name in TABLES:
        assert getattr(spread, name) == getattr(one, name), name
    assert list(spread.states) == list(one.states)


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.label())
def test_a_search_partitioned_over_two_workers_is_the_one_process_search(client: Any, cfg: Config) -> None:
    """Same states, numbered alike, same edges, same findings with the same witnesses; and the
    result does not depend on how many parts the states are cut into."""
    one = explore(cfg.load(), config=cfg)
    for parts in (2, 3):
        spread = explore_partitioned(client, cfg, partitions=parts)
        assert spread.complete and spread.packed
        assert_same_search(one, spread)
    want = [f.to_json() for f in config_findings(one)]
    assert want, "each configuration here has findings to compare"
    assert [f.to_json() for f in config_findings(spread)] == want
    if cfg.ruleset == "raw":
        assert any(type(s) is Pending for s in spread.states)


def test_the_parts_own_states_by_a_hash_every_machine_agrees_on(client: Any) -> None:
    cfg = CONFIGS[0]
    res = explore(cfg.load(), config=cfg, compact=True)
    encoded = [res.index[i] for i in range(res.distinct)]  # type: ignore[index]
    owners = [owner_of(e, 3) for e in encoded]
    assert set(owners) == {0, 1, 2}  # every part holds states
    # the workers compute the same owners (another process, another PYTHONHASHSEED)
    assert client.submit(lambda es: [owner_of(e, 3) for e in es], encoded, pure=False).result() == owners


def test_a_bounded_partitioned_search_says_it_stopped(client: Any) -> None:
    cfg = CONFIGS[0]
    res = explore_partitioned(client, cfg, max_states=1000)
    assert not res.complete and res.stop_reason == "max-states" and res.proved() == []
    assert 1000 <= res.distinct < explore(cfg.load(), config=cfg).distinct
    assert res.expanded < res.distinct  # the last level's states are the frontier


def test_a_game_without_a_byte_encoding_is_refused(client: Any) -> None:
    cfg = Config("chonker-party", "standard", 2, "sweet=1,leaf=1,spoiled=1,hand=1", "raw")
    with pytest.raises(RulecheckError, match="no compact state encoding"):
        explore_partitioned(client, cfg)


PLAN = [("chomp", "underwater-war", 2, "shark=1,seal=1,eel=1,octopus=1"),
        ("chonker-party", "standard", 2, "sweet=1,leaf=1,spoiled=1,hand=1")]


def test_the_audit_on_a_cluster_writes_the_report_one_process_writes(client: Any, tmp_path: Any) -> None:
    """The sweep (searches, playouts, full-deck searches) sent to the cluster by address."""
    address = client.scheduler.address
    kw: dict[str, Any] = {"plan": PLAN, "playouts": 4, "playout_steps": 400, "spec_situations": 200}
    run_audit(["chomp", "chonker-party"], out_dir=tmp_path / "one", jobs=1, **kw)
    run_audit(["chomp", "chonker-party"], out_dir=tmp_path / "cluster", cluster=address, **kw)
    for name in ("audit.json", "AUDIT.md"):
        assert (tmp_path / "cluster" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()
    report = json.loads((tmp_path / "one" / "audit.json").read_text())
    assert report["findings"] and len(report["configurations"]) == 2


def test_search_gives_the_same_answer_with_and_without_a_local_cluster() -> None:
    deck = "shark=1,seal=1,plankton=1,octopus=1,littlefish=1,shrimp=1,bigfish=1"
    args = ["search", "chomp", "-v", "underwater-war", "-n", "2", "--deck", deck]
    runner = CliRunner()
    alone = runner.invoke(main, args)
    spread = runner.invoke(main, [*args, "--cluster", "-j", "2", "--partitions", "3"])
    assert alone.exit_code == spread.exit_code == 0, (alone.output, spread.output)
    assert alone.stdout == spread.stdout
    assert "complete: 22,307 states, 36,250 transitions" in alone.stdout
    assert "chomp.cycle.underwater-war" in alone.stdout


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    with (pytest.raises(RulecheckError, match=re.escape("cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'")),
          cluster_client("tcp://127.0.0.1:9", timeout=2)):
        pass


class _Workers:
    def __init__(self, builds: dict[str, str]) -> None:
        self.builds = builds

    def run(self, fn: Any) -> dict[str, str]:
        return self.builds


def test_a_worker_with_another_engine_is_named() -> None:
    from rulecheck import ENGINE_BUILD

    _check_workers(_Workers({"tcp://a:1": ENGINE_BUILD}), "tcp://s:8786")  # type: ignore[arg-type]
    with pytest.raises(RulecheckError, match=r"tcp://b:2 \(0000\)"):
        _check_workers(_Workers({"tcp://a:1": ENGINE_BUILD, "tcp://b:2": "0000"}), "tcp://s:8786")  # type: ignore[arg-type]
    with pytest.raises(RulecheckError, match="no workers"):
        _check_workers(_Workers({}), "tcp://s:8786")  # type: ignore[arg-type]


def test_a_worker_lost_in_the_middle_of_a_search_is_a_clear_error() -> None:
    """A partition's states live only on its worker: losing it ends the search with a message,
    not a traceback from the scheduler."""
    cfg = CONFIGS[0]
    with cluster_client(LOCAL, 2) as c:
        def kill_a_worker(expanded: int, *_: Any) -> None:
            if expanded == 1:  # after the first level
                pids = c.run(os.getpid)
                os.kill(pids[sorted(pids)[0]], signal.SIGKILL)

        with pytest.raises(RulecheckError, match=r"the partitioned search stopped: .*run the search again"):
            explore_partitioned(c, cfg, progress=kill_a_worker)


@pytest.mark.parametrize("option", [["--partitions", "3"], ["-j", "3"]])
def test_cluster_options_without_a_cluster_are_a_usage_error(option: list[str]) -> None:
    got = CliRunner().invoke(main, ["search", "chomp", "-v", "underwater-war", "-n", "2", *option])
    assert got.exit_code == 2 and "give --cluster too" in got.output


def _kill_own_worker() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_job_that_keeps_killing_its_worker_is_a_clear_error(tmp_path: Path) -> None:
    """A job that takes its worker process down (a crash, the memory killer) is retried on a new
    worker by Dask; once Dask gives up, the audit stops with a message naming the job, not a
    traceback from the scheduler, and the jobs already kept stay kept.

    The first job is already in the checkpoint (as after an interrupted run), so the killing job
    is the only one on the worker: a job run just before it on the same worker can be reported
    lost with it (its result not yet sent when the worker died), which would make the job named
    in the message depend on timing."""
    import dask

    from rulecheck.audit.runner import Runner
    from rulecheck.checkpoint import Checkpoint

    cp = Checkpoint.start(tmp_path, {"test": 1}, {})
    cp.keep(0, "kept")
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), cluster_client(LOCAL, 1) as c:
        runner = Runner(1, c)
        with pytest.raises(RulecheckError, match=r"job 2 of 2 \(_kill_own_worker\) failed on the Dask cluster: "
                                                 r"KilledWorker.*--resume"):
            list(runner.map([(os.getpid, ()), (_kill_own_worker, ())], cp))
    assert cp.done() == {0: "kept"}


def test_a_cluster_left_without_workers_is_a_clear_error() -> None:
    """Dask gives a lost worker's jobs to the others; with none left the run would wait for ever:
    it stops, saying so."""
    from rulecheck.audit.runner import Runner

    with cluster_client(LOCAL, 1) as c:
        c.retire_workers(list(c.scheduler_info()["workers"]), close_workers=True)
        runner = Runner(1, c, no_workers_seconds=2)
        with pytest.raises(RulecheckError, match=r"no workers for 2 s with 1 of 1 jobs unfinished.*--resume"):
            list(runner.map([(os.getpid, ())]))


def test_a_lost_scheduler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """While jobs run, the runner asks the scheduler whether workers are left; a scheduler that no
    longer answers stops the audit with a message, not a traceback from the connection."""
    import time

    from rulecheck.audit.runner import Runner

    with cluster_client(LOCAL, 1) as c:
        def gone() -> dict[str, Any]:
            raise OSError("connection closed")

        monkeypatch.setattr(c, "scheduler_info", gone)
        runner = Runner(1, c)
        with pytest.raises(RulecheckError, match=r"lost the Dask scheduler with 1 of 1 jobs unfinished.*--resume"):
            list(runner.map([(time.sleep, (30,))]))
        runner.close(abort=True)
