"""Benchmark of the determinacy check (a script, not a test).

For each configuration of the default audit (or ``--quick``: the smallest of each game), in a
fresh forked process: the explorer's search (states, transitions, seconds), then the
determinacy check over it (distinct situations, steps looked at, solver questions, seconds,
situations/s and questions/s), the process's peak memory, and the check's time as a ratio of the
search's: the audit's added time per configuration. The totals line gives the whole plan.

    python benchmarks/determinacy.py            # the default audit's configurations
    python benchmarks/determinacy.py --quick    # one small configuration per game
    python benchmarks/determinacy.py --game chomp --ruleset raw
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulecheck.audit import DEFAULT_PLAN  # noqa: E402
from rulecheck.check.explore import Config, explore  # noqa: E402


def _configs(games: list[str], rulesets: list[str], quick: bool) -> list[Config]:
    out = []
    for game in games:
        entries = DEFAULT_PLAN[game][:1] if quick else DEFAULT_PLAN[game]
        for variant, players, deck in entries:
            for ruleset in rulesets:
                out.append(Config(game, variant, players, deck, ruleset))
    return out


def _measure(cfg: Config, bound: int | None, queue: Any) -> None:
    from rulecheck.check.determinacy import check_explored

    t0 = time.process_time()
    res = explore(cfg.load(), config=cfg)
    t1 = time.process_time()
    run = check_explored(res, max_situations=bound)
    t2 = time.process_time()
    queue.put({
        "states": res.distinct, "transitions": res.transitions,
        "complete": res.complete and not (run and run.bounded),
        "explore_s": t1 - t0, "check_s": t2 - t1,
        "situations": run.situations if run else 0, "steps": run.steps if run else 0,
        "questions": run.solver_calls if run else 0, "verified": run.verified if run else 0,
        "disagreements": len(run.disagreements) if run else 0, "silent": len(run.silent) if run else 0,
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    })


def _run(cfg: Config, bound: int | None) -> dict[str, Any]:
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_measure, args=(cfg, bound, queue))
    proc.start()
    got = queue.get()
    proc.join()
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one small configuration per game")
    ap.add_argument("--game", action="append", choices=sorted(DEFAULT_PLAN), help="only this game (repeatable)")
    ap.add_argument("--ruleset", action="append", choices=["raw", "recommended"], help="only this ruleset")
    ap.add_argument("--all", action="store_true",
                    help="check every situation (default: the audit's bound, SITUATIONS_PER_SEARCH)")
    args = ap.parse_args()
    from rulecheck.check.determinacy import SITUATIONS_PER_SEARCH

    bound = None if args.all else SITUATIONS_PER_SEARCH
    configs = _configs(args.game or sorted(DEFAULT_PLAN), args.ruleset or ["raw", "recommended"], args.quick)
    print("CPU seconds (process time) of each forked run; 'added' = check time / search time; "
          f"bound: {'none' if bound is None else f'{bound:,} situations per search'}.")
    head = (f"{'configuration':<72} {'states':>9} {'search s':>8} {'situations':>10} {'questions':>9} "
            f"{'check s':>8} {'sit/s':>7} {'q/s':>7} {'added':>6} {'MB':>6}")
    print(head)
    tot = {"explore_s": 0.0, "check_s": 0.0, "situations": 0, "questions": 0, "disagreements": 0, "silent": 0}
    for cfg in configs:
        r = _run(cfg, bound)
        for k in tot:
            tot[k] += r[k]
        sps = r["situations"] / r["check_s"] if r["check_s"] > 0 else 0.0
        qps = r["questions"] / r["check_s"] if r["check_s"] > 0 else 0.0
        added = r["check_s"] / r["explore_s"] if r["explore_s"] > 0 else 0.0
        flag = "" if r["complete"] else " (bounded)"
        print(f"{cfg.label():<72} {r['states']:>9,} {r['explore_s']:>8.1f} {r['situations']:>10,} "
              f"{r['questions']:>9,} {r['check_s']:>8.1f} {sps:>7.0f} {qps:>7.0f} {added:>5.1f}x "
              f"{r['maxrss_mb']:>6.0f}{flag}", flush=True)
    sps = tot["situations"] / tot["check_s"] if tot["check_s"] else 0.0
    qps = tot["questions"] / tot["check_s"] if tot["check_s"] else 0.0
    print(f"total: search {tot['explore_s']:.1f}s, check {tot['check_s']:.1f}s "
          f"({tot['check_s'] / tot['explore_s']:.2f}x the search), {tot['situations']:,} situations "
          f"({sps:.0f}/s), {tot['questions']:,} questions ({qps:.0f}/s), "
          f"{tot['disagreements']} disagreements, {tot['silent']} silent decisions")


if __name__ == "__main__":
    main()
