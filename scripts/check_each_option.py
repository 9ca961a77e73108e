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
    python scripts/check_each_option.py chomp 300 --combined 3   # then rulesets of many options

``--combined N`` checks, after the single options, rulesets that change many ruling points at once:
every point's last option, and N rulesets drawn at random (seeds 1 to N): the options' constraints
must also hold together.
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
from rulecheck.check.each_option import (
    OptionCheck,
    check_option,
    check_ruleset,
    last_options,
    other_options,
    seeded_ruleset,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(DEFAULT_PLAN))
    ap.add_argument("bound", type=int, nargs="?", default=300, help="distinct situations per search")
    ap.add_argument("--json", type=Path, help="write every option's result here")
    ap.add_argument("--combined", type=int, metavar="N", help="then every point's last option, and N seeded rulesets")
    ap.add_argument("--only-combined", action="store_true", help="skip the single options")
    args = ap.parse_args()
    t0 = time.monotonic()
    results = {}
    plan = DEFAULT_PLAN[args.game]
    for rid, option in ([] if args.only_combined else other_options(args.game)):
        r = check_option(args.game, rid, option, plan, args.bound)
        results[f"{rid}={option}"] = dataclasses.asdict(r)
        print(r.summary(), flush=True)
    if args.combined is not None:
        rulesets = {"last options": last_options(args.game),
                    **{f"seed {i}": seeded_ruleset(args.game, i) for i in range(1, args.combined + 1)}}
        for name, choices in rulesets.items():
            r = check_ruleset(args.game, choices, plan, args.bound, OptionCheck("ruleset", name))
            results[f"ruleset: {name}"] = dataclasses.asdict(r)
            print(r.summary(), flush=True)
            for e in r.examples:
                print("    " + e[:400], flush=True)
    bad = sorted(k for k, r in results.items() if r["disagreements"] or r["open"])
    print(f"{len(bad)} of {len(results)} options or rulesets not verified everywhere; {time.monotonic() - t0:.0f}s")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
