"""Orbits of the concretely reachable states (a search without symmetry, then canonical()) against
the states of the symmetry-reduced search, and the reachable states whose successor classes differ
from their canonical twin's. An exact reduction misses no orbit and has no such state.

usage: orbits.py VARIANT PLAYERS DECK [RULESET] [RULING=OPTION ...]   (Chomp!; RULESET: recommended)

Pending states (a ruling point the ruleset leaves open, under ``raw``) are not reduced by the
explorer: they are left out of the orbits and followed through to the states their options lead to.
"""

from __future__ import annotations

import sys

from rulecheck.check.explore import Config, explore, successor_classes
from rulecheck.core.game import Pending


def main(argv: list[str]) -> None:
    variant, players, deck = argv[0], int(argv[1]), argv[2]
    ruleset = argv[3] if len(argv) > 3 else "recommended"
    choices = tuple(sorted(tuple(x.split("=", 1)) for x in argv[4:]))
    cfg = Config("chomp", variant, players, deck, ruleset, choices)  # type: ignore[arg-type]
    game = cfg.load()
    full = explore(game, symmetry=False, check_invariants=False)
    reduced = explore(game, symmetry=True, check_invariants=False)
    concrete = [s for s in full.states if not isinstance(s, Pending)]
    orbits = {game.canonical(s) for s in concrete}
    stored = {s for s in reduced.states if not isinstance(s, Pending)}
    differ = [s for s in concrete if not game.is_terminal(s) and game.canonical(s) != s
              and successor_classes(game, s) != successor_classes(game, game.canonical(s))]
    print(f"{cfg.label()}: concrete reachable {full.distinct:,} (pending {full.distinct - len(concrete):,}), "
          f"their orbits {len(orbits):,}, reduced search {reduced.distinct:,} "
          f"(pending {reduced.distinct - len(stored):,}), "
          f"orbits missed {len(orbits - stored):,}, stored states not representatives {len(stored - orbits):,}, "
          f"states whose successor classes differ from their canonical twin's {len(differ):,}")
    if differ:
        print("  e.g.", game.describe_state(differ[0]))


if __name__ == "__main__":
    main(sys.argv[1:])
