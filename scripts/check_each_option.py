"""Each ruling option beside `recommended`, one at a time: does the determinacy check still verify
every situation (a script for issue 16's "any user ruleset", not a test)?

For every ruling point and each option other than its recommended one, every configuration of the
default audit plan is searched under `recommended` with that one option changed, and the clause
specification is checked over the search (at most BOUND distinct situations per search;
:mod:`rulecheck.check.each_option`). A disagreement is the engine doing something else than the
clauses and the options require; an open situation is one the clauses and the options leave open
or contradictory (a silent decision under that ruleset). Both are findings of the audit run with
that ruleset (`rulecheck audit --ruleset FILE`).

    python scripts/check_each_option.py chonker-party 300
    python scripts/check_each_option.py chomp 300 --json each_option.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulecheck.audit import DEFAULT_PLAN
from rulecheck.check.each_option import check_option, other_options


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(DEFAULT_PLAN))
    ap.add_argument("bound", type=int, nargs="?", default=300, help="distinct situations per search")
    ap.add_argument("--json", type=Path, help="write every option's result here")
    args = ap.parse_args()
    t0 = time.monotonic()
    results = {}
    for rid, option in other_options(args.game):
        r = check_option(args.game, rid, option, DEFAULT_PLAN[args.game], args.bound)
        results[f"{rid}={option}"] = dataclasses.asdict(r)
        print(r.summary(), flush=True)
    bad = sorted(k for k, r in results.items() if r["disagreements"] or r["open"])
    print(f"{len(bad)} of {len(results)} options not verified everywhere; {time.monotonic() - t0:.0f}s")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
