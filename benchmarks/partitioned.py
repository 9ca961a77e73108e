"""The search partitioned over a Dask cluster against the one-process search (a script, not a test).

For each deck size of 2-player Underwater War (the SPIN yardstick's decks, no symmetry reduction,
as in ``growth.py``), runs the one-process compact search (``explore(..., compact=True)``) in a
fresh process, then the partitioned search (:mod:`rulecheck.check.partitioned`) on a local
cluster of ``--workers`` processes (or the scheduler at ``--cluster``), checks that the two give
the same states and transitions, and prints wall time, CPU (the client's and every worker's) and
peak memory (the client's and the largest worker's). One JSON line per run, then a Markdown table.

    python benchmarks/partitioned.py 7 8 9 --workers 2 --partitions 2
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
YARDSTICK = ROOT / "benchmarks" / "spin"
sys.path.insert(0, str(YARDSTICK))
sys.path.insert(0, str(ROOT))

from decks import deck  # type: ignore[import-not-found]  # noqa: E402

from rulecheck.check.explore import Config  # noqa: E402
from rulecheck.check.partitioned import explore_partitioned  # noqa: E402
from rulecheck.cluster import LOCAL, cluster_client  # noqa: E402

_ONE = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from rulecheck.check.explore import Config, explore
cfg = Config("chomp", "underwater-war", 2, {deck!r}, "recommended")
t0, c0 = time.monotonic(), time.process_time()
res = explore(cfg.load(), config=cfg, symmetry=False, compact=True)
print(json.dumps({{"states": res.distinct, "transitions": res.transitions, "complete": res.complete,
                  "wall": time.monotonic() - t0, "cpu": time.process_time() - c0,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def _usage() -> tuple[float, float]:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime, r.ru_maxrss / 1024


def one_process(cards: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", _ONE.format(root=str(ROOT), deck=deck(cards))],
                         capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout))


def partitioned(client: Any, cards: int, partitions: int | None) -> dict[str, Any]:
    cfg = Config("chomp", "underwater-war", 2, deck(cards), "recommended")
    before = client.run(_usage)
    c0, t0 = time.process_time(), time.monotonic()
    res = explore_partitioned(client, cfg, partitions=partitions, symmetry=False)
    wall, client_cpu = time.monotonic() - t0, time.process_time() - c0
    after = client.run(_usage)
    workers_cpu = sum(after[w][0] - before[w][0] for w in after)
    return {"states": res.distinct, "transitions": res.transitions, "complete": res.complete, "wall": wall,
            "cpu": client_cpu + workers_cpu, "client_cpu": client_cpu, "workers_cpu": workers_cpu,
            "client_peak_mb": _usage()[1], "worker_peak_mb": max(v[1] for v in after.values())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cards", type=int, nargs="+", help="deck sizes (4-11)")
    ap.add_argument("--workers", type=int, default=2, help="local worker processes")
    ap.add_argument("--partitions", type=int, default=None, help="parts (default: one per worker)")
    ap.add_argument("--cluster", default=LOCAL, help="a scheduler's address (default: a local cluster)")
    args = ap.parse_args()
    rows = []
    with cluster_client(args.cluster, args.workers) as client:
        workers = len(client.scheduler_info()["workers"])
        for n in args.cards:
            one = one_process(n)
            spread = partitioned(client, n, args.partitions)
            agree = (one["states"], one["transitions"]) == (spread["states"], spread["transitions"])
            row = {"cards": n, "workers": workers, "partitions": args.partitions or workers,
                   "one": one, "partitioned": spread, "agree": agree}
            print(json.dumps(row), flush=True)
            if not agree:
                sys.exit(f"{n} cards: the counts differ: {one} against {spread}")
            rows.append(row)
    print()
    print("| cards | states | transitions | one process: wall / CPU / peak | partitioned: wall / CPU (client + "
          "workers) / peak (client, largest worker) |")
    print("|---:|---:|---:|---|---|")
    for r in rows:
        o, p = r["one"], r["partitioned"]
        print(f"| {r['cards']} | {o['states']:,} | {o['transitions']:,} | {o['wall']:.1f} s / {o['cpu']:.1f} s / "
              f"{o['peak_mb']:.0f} MB | {p['wall']:.1f} s / {p['cpu']:.1f} s ({p['client_cpu']:.1f} + "
              f"{p['workers_cpu']:.1f}) / {p['client_peak_mb']:.0f} MB, {p['worker_peak_mb']:.0f} MB |")


if __name__ == "__main__":
    main()
