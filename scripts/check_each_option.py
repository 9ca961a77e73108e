"""Each ruling option beside `recommended`, one at a time: does the determinacy check still verify
every situation (a script for issue 16's "any user ruleset", not a test)?

For every ruling point and each option other than its recommended one, every configuration of the
default audit plan is searched under `recommended` with that one option changed, and the clause
specification is checked over the search (at most BOUND distinct situations per search). A
disagreement is the engine doing something else than the clauses and the options require; an open
situation is one the clauses and the options leave open or contradictory (a silent decision under
that ruleset). Both are findings of the audit run with that ruleset (`rulecheck audit --ruleset FILE`).

    python scripts/check_each_option.py chonker-party 300
    python scripts/check_each_option.py chomp 300 --json each_option.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulecheck.audit import DEFAULT_PLAN
from rulecheck.check.determinacy import check_explored
from rulecheck.check.explore import Config, explore
from rulecheck.core.errors import RulecheckError
from rulecheck.core.rulings import load_ruling_points


def check_option(game: str, ruling: str, option: str, bound: int) -> dict[str, Any]:
    """The check over every configuration of the plan under `recommended` with ``ruling=option``."""
    got: dict[str, Any] = {"disagreements": 0, "open": 0, "verified": 0, "searches": 0, "examples": []}
    for variant, players, deck in DEFAULT_PLAN[game]:
        cfg = Config(game, variant, players, deck, "recommended", choices=((ruling, option),))
        try:
            run = check_explored(explore(cfg.load(), config=cfg), max_situations=bound)
        except RulecheckError as exc:
            got["examples"].append(f"{cfg.label()}: refused: {exc}")
            continue
        if run is None:
            continue
        got["searches"] += 1
        got["verified"] += run.verified
        got["disagreements"] += len(run.disagreements)
        got["open"] += len(run.silent)
        for key, e in [*run.disagreements.items(), *run.silent.items()][:1]:
            if len(got["examples"]) < 3:
                got["examples"].append(f"{cfg.label()}: {key}: {e['situation']} (core: {e.get('core')})")
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(DEFAULT_PLAN))
    ap.add_argument("bound", type=int, nargs="?", default=300, help="distinct situations per search")
    ap.add_argument("--json", type=Path, help="write every option's result here")
    args = ap.parse_args()
    t0 = time.monotonic()
    results = {}
    for rid, rp in sorted(load_ruling_points(args.game).items()):
        for option in rp.option_ids:
            if option == rp.recommended:
                continue
            r = results[f"{rid}={option}"] = check_option(args.game, rid, option, args.bound)
            flag = "   <- not verified" if r["disagreements"] or r["open"] else ""
            print(f"{rid}={option}: {r['disagreements']} disagreements, {r['open']} open, "
                  f"{r['verified']:,} steps verified in {r['searches']} searches{flag}", flush=True)
    bad = sorted(k for k, r in results.items() if r["disagreements"] or r["open"])
    print(f"{len(bad)} of {len(results)} options not verified everywhere; {time.monotonic() - t0:.0f}s")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
