"""Benchmark of the symbolic checks: depth reached within fixed budgets, solver time per depth.

    python benchmarks/symbolic.py            # budgets 10 s and 60 s
    python benchmarks/symbolic.py --budgets 10 --queries over unable-to-play
    python benchmarks/symbolic.py --standard-only      # the Chomp! 3+ player game only (3, 4 and 5 players)
    python benchmarks/symbolic.py --standard-only --players 3 --rulesets recommended --budgets 60
    python benchmarks/symbolic.py --exact-only --budgets 10 60   # the exact Chonker Party encoding only
    python benchmarks/symbolic.py --two-player-only    # Chomp rápido, Doble Chomp, Underwater War lassos
    python benchmarks/symbolic.py --proofs --budgets 900   # card conservation on every Chomp! encoding

Each line: configuration, query, budget, the exact result (witness at depth d / no witness up
to depth k / unknown after depth k) and the solver seconds for each depth. Also compares the
two incremental modes (assumption literals vs push/pop) on one query, and times the Chonker
Party termination proof (phase machine ranking, 2-6 players; ``--chonker-only`` for just that).
"""

from __future__ import annotations

import argparse
import json
import time

from rulecheck.check.symbolic import bmc as bmc_module
from rulecheck.check.symbolic.bmc import bmc
from rulecheck.check.symbolic.chomp_encoding import standard_game, underwater_war
from rulecheck.check.symbolic.chomp_two_player import chomp_rapido, doble_chomp
from rulecheck.check.symbolic.chonker_checks import bmc_fresh, run_exact_query
from rulecheck.check.symbolic.chonker_exact import exact_encoding
from rulecheck.check.symbolic.chonker_phases import phase_machine, prove_terminates
from rulecheck.check.symbolic.lasso import lasso
from rulecheck.check.symbolic.queries import run_query
from rulecheck.games import load_game

BOTTOM = {"choices": {"chomp.two_player_won_cards": "bottom_of_pile"}}
QUERIES = ("over", "unable-to-play", "ruling:chomp.war_short", "ruling:chomp.bad_chomp_no_card",
           "ruling:chomp.reshuffle_when")
STD_QUERIES = ("ruling:chomp.reshuffle_when", "ruling:chomp.replay_no_card", "over")
EXACT_QUERIES = ("ruling:cp.named_types", "unable-to-play", "invariant:same-cards-left", "stacked-chain")
"""Exact Chonker Party encoding (raw ruleset): depth reached within each budget."""
"""Standard-game queries whose witnesses are deep (a pile must run out): the depth reached."""
RAPIDO_QUERIES = ("over", "unable-to-play", "ruling:chomp.war_short", "ruling:chomp.rapido_after_war",
                  "ruling:chomp.reshuffle_when")
DOBLE_QUERIES = ("over", "unable-to-play", "ruling:chomp.doble_short", "ruling:chomp.replay_no_card",
                 "ruling:chomp.bad_chomp_no_card", "ruling:chomp.reshuffle_when")
"""Chomp rápido / Doble Chomp queries (raw: every ruling point open) whose witnesses are deep."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--budgets", type=float, nargs="*", default=[10.0, 60.0])
    ap.add_argument("--queries", nargs="*", default=list(QUERIES))
    ap.add_argument("--max-depth", type=int, default=60)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--chonker-only", action="store_true", help="only the Chonker Party termination proofs")
    ap.add_argument("--standard-only", action="store_true", help="only the Chomp! 3+ player game")
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5], help="standard game: player counts")
    ap.add_argument("--rulesets", nargs="*", default=["recommended", "raw"], help="standard game: rulesets")
    ap.add_argument("--std-queries", nargs="*", default=list(STD_QUERIES), help="standard game: queries")
    ap.add_argument("--exact-only", action="store_true", help="only the exact Chonker Party encoding")
    ap.add_argument("--exact-players", type=int, nargs="*", default=[2, 4],
                    help="exact Chonker Party encoding: player counts")
    ap.add_argument("--two-player-only", action="store_true",
                    help="only Chomp rápido, Doble Chomp and the Underwater War lassos")
    ap.add_argument("--proofs", action="store_true",
                    help="only the card conservation proofs of every Chomp! encoding (budget: the first)")
    args = ap.parse_args()
    rows = []
    if args.proofs:
        _print(_proofs(args.budgets[0], args.players), args.json)
        return
    if args.exact_only or args.two_player_only:
        if args.exact_only:
            _exact(rows, args)
        if args.two_player_only:
            rows += _two_player(args.budgets, args.max_depth)
        _print(rows, args.json)
        return
    # Chomp! 3+ player game: depth reached on queries whose witnesses are deep, and the Ink Out chain
    for players in () if args.chonker_only else args.players:
        for ruleset in args.rulesets:
            enc = standard_game(players, ruleset)
            for budget in args.budgets:
                for q in args.std_queries:
                    r = bmc(enc.system, enc.targets[q][1], args.max_depth, query=q, budget_seconds=budget)
                    rows.append((f"chomp/standard/{players}p/{ruleset}", q, budget, r))
                r = run_query(enc, "longest-chain", 8, budget)
                rows.append((f"chomp/standard/{players}p/{ruleset}", "longest-chain (k=8)", budget, r))
    if args.standard_only:
        _print(rows, args.json)
        return
    # Chonker Party: every game ends (ranking proof on the phase machine, recommended ruleset)
    for n in range(2, 7):
        pm = phase_machine(n, load_game("chonker-party", None, n).card_total())
        r = prove_terminates(pm, budget_seconds=args.budgets[0])
        rows.append((f"chonker-party/{n}p/recommended", "terminates", args.budgets[0], r))
    for ruleset, label in () if args.chonker_only else (("recommended", "recommended"), (BOTTOM, "bottom_of_pile")):
        enc = underwater_war(ruleset)
        for budget in args.budgets:
            for q in args.queries:
                r = bmc(enc.system, enc.targets[q][1], args.max_depth, query=q, budget_seconds=budget)
                rows.append((f"chomp/underwater-war/{label}", q, budget, r))
            if label == "bottom_of_pile":
                r = lasso(enc.system, args.max_depth, budget_seconds=budget)
                rows.append((f"chomp/underwater-war/{label}", "lasso", budget, r))
    # incremental modes on one query
    enc = underwater_war("recommended")
    for mode in () if args.chonker_only else bmc_module.MODES:
        t0 = time.monotonic()
        r = bmc(enc.system, enc.targets["unable-to-play"][1], 8, query=f"unable-to-play[{mode}]",
                budget_seconds=args.budgets[0] * 3, mode=mode)
        r.seconds = time.monotonic() - t0
        rows.append(("chomp/underwater-war/recommended", r.query, args.budgets[0] * 3, r))
    _print(rows, args.json)


def _exact(rows: list, args: argparse.Namespace) -> None:
    """The exact Chonker Party encoding: depth reached per budget, and fresh solver per depth vs
    Z3's incremental solving (assumption literals) on one shallow query."""
    for n in args.exact_players:
        enc = exact_encoding(n, "raw")
        for budget in args.budgets:
            for q in EXACT_QUERIES:
                depth = 6 if q == "stacked-chain" else args.max_depth
                r = run_exact_query(enc, q, depth, budget)
                label = f"{q} (k={depth})" if q == "stacked-chain" else q
                if r.trace is not None:
                    label += " [replays]" if r.replayed else " [DOES NOT REPLAY]"
                rows.append((f"chonker-party/exact/{n}p/raw", label, budget, r))
    enc = exact_encoding(args.exact_players[0], "raw")
    target = enc.targets["ruling:cp.steal_from_self"][1]
    budget = args.budgets[0] * 3
    rows.append((f"chonker-party/exact/{args.exact_players[0]}p/raw", "ruling:cp.steal_from_self[fresh]", budget,
                 bmc_fresh(enc.system, target, 6, budget_seconds=budget)))
    rows.append((f"chonker-party/exact/{args.exact_players[0]}p/raw", "ruling:cp.steal_from_self[assumptions]", budget,
                 bmc(enc.system, target, 6, budget_seconds=budget)))


def _two_player(budgets: list[float], max_depth: int) -> list:
    """Chomp rápido and Doble Chomp (raw): depth reached on deep targets; Underwater War with a
    fixed return order: the lasso from the deal and the lasso after an engine stem."""
    rows = []
    for label, enc, queries in (("chomp/chomp-rapido/raw", chomp_rapido("raw"), RAPIDO_QUERIES),
                                ("chomp/doble-chomp/raw", doble_chomp("raw"), DOBLE_QUERIES)):
        for budget in budgets:
            for q in queries:
                r = bmc(enc.system, enc.targets[q][1], max_depth, query=q, budget_seconds=budget)
                rows.append((label, q, budget, r))
    enc = underwater_war(BOTTOM)
    for budget in budgets:
        rows.append(("chomp/underwater-war/bottom_of_pile", "lasso", budget,
                     lasso(enc.system, max_depth, budget_seconds=budget)))
        rows.append(("chomp/underwater-war/bottom_of_pile", "lasso-after-stem", budget,
                     run_query(enc, "lasso-after-stem", 12, budget)))
    return rows


def _proofs(budget: float, players: list[int]) -> list:
    """``invariant:cards-conserved`` on every Chomp! encoding, recommended ruleset (and the won
    cards under the pile for the 2-player games that keep their piles in order)."""
    encodings = [(f"chomp/standard/{n}p/recommended", lambda n=n: standard_game(n)) for n in players]
    encodings += [("chomp/doble-chomp/recommended", doble_chomp)]
    for label, make in (("underwater-war", underwater_war), ("chomp-rapido", chomp_rapido)):
        encodings += [(f"chomp/{label}/recommended", make),
                      (f"chomp/{label}/bottom_of_pile", lambda make=make: make(BOTTOM))]
    return [(label, "invariant:cards-conserved", budget, run_query(make(), "invariant:cards-conserved", 4, budget))
            for label, make in encodings]


def _print(rows: list, as_json: bool) -> None:
    if as_json:
        print(json.dumps([{"config": c, "query": q, "budget": b, **r.to_json()} for c, q, b, r in rows], indent=1))
        return
    for config, q, budget, r in rows:
        times = " ".join(f"{t:.2f}" for t in r.per_depth)
        print(f"{config:40} {q:34} {budget:5.0f}s  {r.statement():45}  total {r.seconds:6.1f}s  per depth: {times}")


if __name__ == "__main__":
    main()
