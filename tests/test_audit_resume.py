"""Nothing lost (issue 20): an interrupted audit keeps every finished search in its checkpoint and
never writes over a complete report; `rulecheck audit --resume` continues it and gives reports
byte-identical to an uninterrupted run's; worker processes end with the audit whatever signal
it gets (SIGKILL included)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from audit_helpers import CP_QUICK, tiny_quick_plan
from click.testing import CliRunner

from rulecheck.checkpoint import CHECKPOINT_DIR, Checkpoint, code_fingerprint
from rulecheck.cli import main

# 3 configurations (raw and recommended searches) and 3 playout jobs: about 15 s on one core
RUN = ["audit", "chomp", "--quick", "--playouts", "2"]
JOBS = 9
REPORTS = ("audit.json", "AUDIT.md")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _start(out: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "rulecheck", *RUN, "--out", str(out), *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})


def _resume(out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulecheck", "audit", "--resume", "--out", str(out), *args],
                          capture_output=True, text=True, timeout=600)


def _kept(out: Path) -> int:
    return len(list((out / CHECKPOINT_DIR).glob("job-*.pickle")))


def _wait_for(cond: object, what: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not cond():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"no {what} within {seconds:.0f} s"
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("uninterrupted")
    # in a process of its own, as the interrupted and resumed runs are: nothing left by other tests
    res = subprocess.run([sys.executable, "-m", "rulecheck", *RUN, "-j", "1", "--out", str(out)],
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    assert not (out / CHECKPOINT_DIR).exists(), "a finished audit removes its checkpoint"
    return out


def _same_reports(a: Path, b: Path) -> None:
    for name in REPORTS:
        assert (a / name).read_bytes() == (b / name).read_bytes(), f"{name} differs"


def test_sigkill_then_resume_gives_byte_identical_reports(uninterrupted: Path, tmp_path: Path) -> None:
    proc = _start(tmp_path, "-j", "2")
    _wait_for(lambda: _kept(tmp_path) >= 1 or proc.poll() is not None, "finished search")
    workers = _children(proc.pid)
    proc.kill()  # SIGKILL: no handler runs, no report is written
    proc.wait(timeout=30)
    kept = _kept(tmp_path)
    assert 1 <= kept < JOBS, f"the audit was not killed mid-run ({kept} of {JOBS} jobs kept)"
    _wait_for(lambda: not any(_alive(w) for w in workers), "end of the workers", 15)
    assert not (tmp_path / "audit.json").exists()

    res = _resume(tmp_path, "-j", "2")
    assert res.returncode == 0, res.stderr
    assert f"resuming the audit from {tmp_path / CHECKPOINT_DIR}: {kept} finished search(es) kept" in res.stderr
    _same_reports(uninterrupted, tmp_path)
    assert not (tmp_path / CHECKPOINT_DIR).exists() and not (tmp_path / "audit.partial.json").exists()


def test_sigterm_keeps_the_complete_report_and_says_how_to_resume(uninterrupted: Path, tmp_path: Path) -> None:
    for name in REPORTS:
        shutil.copy(uninterrupted / name, tmp_path / name)
    proc = _start(tmp_path, "-j", "1")
    _wait_for(lambda: _kept(tmp_path) >= 1 or proc.poll() is not None, "finished search")
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    _same_reports(uninterrupted, tmp_path)  # the complete report is not replaced by a partial one
    partial = json.loads((tmp_path / "audit.partial.json").read_text(encoding="utf-8"))
    assert partial["status"] == "interrupted" and partial["findings"]
    assert "INTERRUPTED" in (tmp_path / "AUDIT.partial.md").read_text(encoding="utf-8")
    assert f"(the complete report in {tmp_path / 'audit.json'} and {tmp_path / 'AUDIT.md'} is kept)" in err
    assert f"`rulecheck audit --resume --out {tmp_path}` continues the audit" in err
    assert _kept(tmp_path) >= 1

    res = _resume(tmp_path, "-j", "1")
    assert res.returncode == 0, res.stderr
    _same_reports(uninterrupted, tmp_path)
    assert not (tmp_path / "audit.partial.json").exists() and not (tmp_path / "AUDIT.partial.md").exists()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGHUP, signal.SIGTERM, signal.SIGINT],
                         ids=lambda s: signal.Signals(s).name)
def test_workers_end_with_the_audit_whatever_the_signal(sig: int, tmp_path: Path) -> None:
    proc = _start(tmp_path, "-j", "2")
    _wait_for(lambda: len(_children(proc.pid)) >= 2 or proc.poll() is not None, "two workers", 60)
    workers = _children(proc.pid)
    assert len(workers) >= 2 and proc.poll() is None
    proc.send_signal(sig)
    proc.communicate(timeout=60)
    _wait_for(lambda: not any(_alive(w) for w in workers), f"end of the workers after {signal.Signals(sig).name}", 15)


_ORPHAN = textwrap.dedent("""
    import os, sys, time
    from rulecheck.core import lifetime
    if sys.argv[1] == "watchdog":
        lifetime._death_signal = lambda: False  # as on a system without prctl
    parent = os.getpid()
    child = os.fork()
    if child == 0:
        lifetime.end_with_parent(parent, poll_seconds=0.1)
        time.sleep(120)
        os._exit(0)
    print(child, flush=True)
    time.sleep(120)
""")


@pytest.mark.parametrize("how", ["prctl", "watchdog"])
def test_end_with_parent(how: str) -> None:
    proc = subprocess.Popen([sys.executable, "-c", _ORPHAN, how], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    child = int(proc.stdout.readline())
    time.sleep(0.3)  # the child has called end_with_parent
    assert _alive(child)
    proc.kill()
    proc.wait(timeout=10)
    _wait_for(lambda: not _alive(child), "end of the orphan", 10)


def test_resume_without_a_checkpoint_exits_2(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["audit", "--resume", "--out", str(tmp_path)])
    assert res.exit_code == 2 and res.stderr.startswith(f"error: no checkpoint in {tmp_path / CHECKPOINT_DIR}")


def test_resume_takes_the_run_options_from_the_checkpoint(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["audit", "chomp", "--resume", "--max-states", "5", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "drop GAMES, --max-states" in res.stderr, res.output


def test_a_checkpoint_of_other_options_or_other_code_is_not_resumed(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from rulecheck.audit import run as audit_module
    from rulecheck.core.errors import InputFileError

    cp_quick = [*CP_QUICK, "--out", str(tmp_path)]
    tiny_quick_plan(monkeypatch)
    monkeypatch.setattr(Checkpoint, "remove", lambda self: None)  # keep the checkpoint of a finished run
    res = CliRunner().invoke(main, cp_quick)
    assert res.exit_code == 0, res.output
    first = (tmp_path / "audit.json").read_bytes()
    assert _kept(tmp_path) == 4  # 2 configurations, raw and recommended

    with pytest.raises(InputFileError, match=r"other options \(seed\)"):
        audit_module.run_audit(["chonker-party"], quick=True, playouts=0, seed=1, out_dir=tmp_path, resume=True)
    monkeypatch.setattr(audit_module, "code_fingerprint", lambda: "other code")
    res = CliRunner().invoke(main, ["audit", "--resume", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "rulecheck's code or the model files changed since it was made" in res.stderr
    monkeypatch.setattr(audit_module, "code_fingerprint", code_fingerprint)

    (tmp_path / "audit.json").unlink()
    res = CliRunner().invoke(main, ["audit", "--resume", "--out", str(tmp_path)])  # every search from the checkpoint
    assert res.exit_code == 0 and "4 finished search(es) kept" in res.stderr, res.output
    assert (tmp_path / "audit.json").read_bytes() == first
