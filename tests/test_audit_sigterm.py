"""SIGTERM during ``rulecheck audit`` (a CI job killed, a machine shut down): the report of the
configurations finished so far is written, with the findings of every finished search, marked
interrupted: nothing found is lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def test_sigterm_writes_an_interrupted_report(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "rulecheck", "audit", "chomp", "--quick", "-j", "1", "--playouts", "2",
         "--out", str(tmp_path)],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env,
    )
    assert proc.stderr is not None
    seen: list[str] = []
    deadline = time.monotonic() + 120
    for line in proc.stderr:  # the second search starts once the first one's results are in
        seen.append(line)
        if sum(1 for s in seen if s.startswith("[")) == 2:
            break
        assert time.monotonic() < deadline, "no search finished within 120 s"
    proc.send_signal(signal.SIGTERM)
    rest = proc.stderr.read()
    proc.wait(timeout=60)
    assert proc.returncode != 0, "an interrupted audit must not exit 0"
    assert "interrupted: wrote the report" in rest, "".join(seen) + rest
    data = json.loads((tmp_path / "audit.json").read_text())
    assert data["status"] == "interrupted"
    assert data["findings"], "the findings of the finished search were lost"
    assert {f["kind"] for f in data["findings"]} & {"gap", "conflict"}
    assert "INTERRUPTED" in (tmp_path / "AUDIT.md").read_text()


class _SignalsWhileFreed:
    """Sends SIGTERM to this process while Python frees it: an exception raised by the handler
    there is printed and dropped by Python (as when z3 frees a term in ``__del__``)."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGTERM)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_sigterm_dropped_inside_a_destructor_still_stops_the_audit(tmp_path: Path) -> None:
    from audit_helpers import TINY_PLAN

    from rulecheck.audit import run_audit

    notes: list[str] = []

    def progress(msg: str) -> None:
        notes.append(msg)
        if msg.strip().startswith("done") and sum(m.strip().startswith("done") for m in notes) == 1:
            _SignalsWhileFreed()  # freed at once: the handler's exception is dropped

    try:
        run_audit(plan=TINY_PLAN[:2], ruleset="recommended", playouts=0, out_dir=tmp_path, progress=progress)
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("the audit ran to the end after SIGTERM:\n" + "\n".join(notes))
    data = json.loads((tmp_path / "audit.json").read_text())
    assert data["status"] == "interrupted"
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL, "the audit leaves SIGTERM as it found it"


def test_a_stop_request_that_ctypes_wraps_is_an_interruption_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM's handler raises inside whatever Python code runs; inside a z3 call (its C API
    converts arguments in Python) ctypes turns that into an ``ArgumentError``. A job must not record
    it as a configuration the model failed on (a resumed audit would keep the failure): with a stop
    requested, the crash handlers raise the interruption instead. Without one, the same error is a
    crash of the model, reported for its configuration as before."""
    import ctypes

    from rulecheck.audit import jobs
    from rulecheck.audit.runner import STOP, AuditInterrupted
    from rulecheck.check.explore import Config

    wrapped = ctypes.ArgumentError("argument 1: AuditInterrupted: ")

    @jobs._job("thing")
    def job() -> None:
        raise wrapped

    def explore(*args: object, **kwargs: object) -> None:
        raise wrapped

    monkeypatch.setattr(jobs, "explore", explore)
    cfg = Config("chomp", "underwater-war", 2, "shark=1,seal=1,eel=1,octopus=1", "recommended")
    assert job() == "thing: the model raised ArgumentError: argument 1: AuditInterrupted: "
    assert jobs.search_job(cfg, True, None, None, None, "x").error.startswith("the model raised ArgumentError")
    STOP.signum = signal.SIGTERM
    try:
        with pytest.raises(AuditInterrupted):
            job()
        with pytest.raises(AuditInterrupted):
            jobs.search_job(cfg, True, None, None, None, "x")
    finally:
        STOP.clear()
