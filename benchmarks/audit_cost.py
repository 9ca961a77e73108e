"""What the clause specification costs the whole audit (a script, not a test).

Runs the default audit (``rulecheck audit``, 2 processes: every configuration, playouts, full-deck checks) twice
in fresh processes, one after the other on the same machine: as it is, and with every determinacy
check switched off (the searches, detectors, playouts and full-deck statuses unchanged). Prints
wall time, CPU time (user + system, all processes) and peak memory of each, and the ratios: the
audit's added time. Both runs write to temporary folders; the committed reports are untouched.

    python benchmarks/audit_cost.py
    python benchmarks/audit_cost.py --quick     # the quick plan
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_RUN = """
import sys
sys.path.insert(0, {root!r})
import rulecheck.audit as audit
from rulecheck.audit import full_deck, jobs, run
if {off}:  # each check where the audit calls it (patched before the workers fork)
    for module, name in ((jobs, "check_explored"), (jobs, "check_playouts"), (jobs, "check_reading_steps"),
                         (full_deck, "check_ruling_steps"), (run, "check_examples")):
        assert hasattr(module, name), (module, name)
        setattr(module, name, lambda *a, **k: None)
audit.run_audit(["chomp", "chonker-party"], quick={quick}, out_dir={out!r}, jobs={jobs})
"""


def _measure(off: bool, quick: bool, jobs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as out:
        code = _RUN.format(root=str(ROOT), off=off, quick=quick, out=out, jobs=jobs)
        t0 = time.monotonic()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"the audit exited with status {proc.returncode}")
        return {"wall": time.monotonic() - t0,
                "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
                "mb": after.ru_maxrss / 1024}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the quick plan")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="searches at once, as `rulecheck audit -j` (default 2)")
    args = ap.parse_args()
    print(f"{'audit':<34} {'wall s':>8} {'CPU s':>8} {'peak MB':>8}")
    rows = {}
    for label, off in (("without the determinacy check", True), ("as it is (with the check)", False)):
        rows[label] = r = _measure(off, args.quick, args.jobs)
        print(f"{label:<34} {r['wall']:>8.1f} {r['cpu']:>8.1f} {r['mb']:>8.0f}", flush=True)
    a, b = rows["without the determinacy check"], rows["as it is (with the check)"]
    print(f"the check's cost: {b['wall'] / a['wall']:.2f}x the wall time, {b['cpu'] / a['cpu']:.2f}x the CPU time "
          f"of the audit without it")


if __name__ == "__main__":
    main()
