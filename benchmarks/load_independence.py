"""Same command, same report, whatever the machine's load (a script, not a test).

Runs the default audit (or the arguments given after ``--``) twice: once on the machine as it
is, once with one busy process per core competing for the CPU; then compares the two reports
byte for byte (``audit.json`` and ``AUDIT.md``) and prints each run's wall time, its exit
status and the verdict. The audit's bounds are amounts of work (states, situations, playouts,
steps); only the safety-net time limit ``--max-seconds`` depends on the machine, and a run it
stops exits 4, which this script reports as such.

    python benchmarks/load_independence.py                 # the default audit
    python benchmarks/load_independence.py -- --quick      # the quick plan
    python benchmarks/load_independence.py --burners 4 -- chomp --quick

Exit status: 0 if both runs completed and their reports are identical, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPORTS = ("audit.json", "AUDIT.md")
BURN = "while True:\n    pass\n"


def _audit(args: list[str], out: Path) -> tuple[int, float]:
    """Run ``rulecheck audit ARGS --out OUT``; (exit status, wall seconds)."""
    t0 = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "rulecheck", "audit", *args, "--out", str(out)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return done.returncode, time.monotonic() - t0


def _loaded(args: list[str], out: Path, burners: int) -> tuple[int, float]:
    """The same run with ``burners`` busy processes competing for the CPU."""
    procs = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(burners)]
    try:
        return _audit(args, out)
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--burners", type=int, default=os.cpu_count() or 2,
                    help="busy processes during the loaded run (default: one per core)")
    opts = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rulecheck-load-") as tmp:
        as_is, loaded = Path(tmp, "as-is"), Path(tmp, "loaded")
        code_a, wall_a = _audit(extra, as_is)
        code_b, wall_b = _loaded(extra, loaded, opts.burners)
        same = {name: Path(as_is, name).read_bytes() == Path(loaded, name).read_bytes()
                if Path(as_is, name).exists() and Path(loaded, name).exists() else False for name in REPORTS}
    print(f"rulecheck audit {' '.join(extra)}".rstrip())
    print(f"  machine as it is:      exit {code_a}, {wall_a:.1f} s wall")
    print(f"  with {opts.burners} busy processes: exit {code_b}, {wall_b:.1f} s wall ({wall_b / wall_a:.2f}x)")
    for name, ok in same.items():
        print(f"  {name}: {'identical' if ok else 'DIFFERENT'}")
    for code, label in ((code_a, "as it is"), (code_b, "loaded")):
        if code == 4:
            print(f"  the run {label} hit the time limit --max-seconds (exit 4): raise it for this machine")
    ok = all(same.values()) and code_a in (0, 1) and code_b == code_a
    print("verdict: " + ("the same report under load" if ok else "NOT the same"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
