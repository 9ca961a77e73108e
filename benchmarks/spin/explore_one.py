"""One explorer run in this process: states, transitions, wall/CPU time, peak RSS.
usage: explore_one.py VARIANT PLAYERS DECK RULESET [--no-symmetry] [--max-seconds S]"""
import argparse
import json
import resource
import time

from rulecheck.check.explore import Config, explore

ap = argparse.ArgumentParser()
ap.add_argument("variant")
ap.add_argument("players", type=int)
ap.add_argument("deck")
ap.add_argument("ruleset")
ap.add_argument("--no-symmetry", action="store_true")
ap.add_argument("--max-seconds", type=float, default=None)
ap.add_argument("--no-invariants", action="store_true")
a = ap.parse_args()
rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
cfg = Config("chomp", a.variant, a.players, a.deck, a.ruleset)
game = cfg.load()
c0, t0 = time.process_time(), time.perf_counter()
res = explore(game, symmetry=not a.no_symmetry, max_seconds=a.max_seconds, config=cfg,
              check_invariants=not a.no_invariants)
c1, t1 = time.process_time(), time.perf_counter()
out = dict(config=cfg.label(), symmetry=not a.no_symmetry, complete=res.complete, distinct=res.distinct,
           transitions=res.transitions, terminals=len(res.terminals), expanded=res.expanded,
           max_depth=res.depth(res.distinct - 1), cpu_s=round(c1 - c0, 3), wall_s=round(t1 - t0, 3),
           peak_rss_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
           rss_before_mb=round(rss0 / 1024, 1), violations=sorted(res.violations_first), deadlocks=len(res.deadlocks),
           pending=sorted(res.pending_first))
print(json.dumps(out))
