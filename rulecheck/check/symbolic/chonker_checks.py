"""The queries of the exact Chonker Party encoding (:mod:`.chonker_exact`), with decoded witnesses.

Measured on this encoding, Z3's incremental solving is many times slower than a fresh
solver per depth (the incremental SAT back end skips the preprocessing that eliminates the
functional ``next == f(current)`` equalities: ``benchmarks/symbolic.py``), so the drivers
here pose each depth to a fresh ``SolverFor("QF_BV")``:

* ``ruling:<id>``: an engine action that consults the ruling point, within k steps (under
  ``raw`` a witness is a gap or conflict);
* ``over``, ``unable-to-play`` (a player whose turn it is to play holds no card:
  cp.after-round.3, where the engine consults ``cp.empty_hand_turn``): reachability;
* ``invariant:same-cards-left``: the book's claim cp.round.6 ("all players should have the same
  number of cards left" at the end of the circle): a witness is a violation;
* ``deadlock``: an engine state that is not over and has no legal action, within k steps;
* ``stacked-chain``: the most draw-and-play action cards (Choose, Steal, See a Card, War) put
  down in a row in one turn within k steps (cp.stacking.1-2; BMC maximisation);
* ``exact-admitted``: seeded engine playouts are paths of the encoding, step by step, with the
  same ruling points consulted (sampled, not proved).

Depths count the encoding's steps: one per engine action, plus a micro-step for each of the
engine's recursive calls that is not inlined (a pass over an empty hand, the round's end, the
refill, the final count).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable

import z3

from rulecheck.check.symbolic.chonker_decode import check_engine_step, replay_exact
from rulecheck.check.symbolic.chonker_exact import ChonkerExact
from rulecheck.check.symbolic.system import Budget, CheckResult, State, TransitionSystem, extract_witness, unroll
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.game import Action, Game, Pending, Step
from rulecheck.games import load_game

__all__ = ["EXACT_QUERIES", "bmc_fresh", "exact_queries", "maximize_fresh", "run_exact_query"]

EXACT_QUERIES = ("over", "unable-to-play", "deadlock", "invariant:same-cards-left", "stacked-chain",
                 "exact-admitted")


def exact_queries(enc: ChonkerExact) -> list[str]:
    """The exact encoding's query names (``ruling:<id>`` for every ruling point it consults)."""
    return [name for name in enc.targets if name.startswith("ruling:")] + list(EXACT_QUERIES)


def _solver(budget: Budget) -> z3.Solver:
    s = z3.SolverFor("QF_BV")
    budget.arm(s)
    return s


def bmc_fresh(system: TransitionSystem, target: Callable[[State], z3.BoolRef], max_depth: int, *,
              query: str = "reach", budget_seconds: float | None = None) -> CheckResult:
    """A shortest path of at most ``max_depth`` steps to a ``target`` state, one fresh solver
    per depth. ``witness``, ``no-witness`` up to ``max_depth``, or ``unknown`` (``depth`` is then
    the last depth completed)."""
    budget = Budget(budget_seconds)
    start = time.monotonic()
    u = unroll(system, 0)
    per_depth: list[float] = []
    for k in range(max_depth + 1):
        if k > 0:
            u.extend()
        if budget.expired():
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth,
                               "time budget spent")
        t0 = time.monotonic()
        solver = _solver(budget)
        solver.add(*u.constraints)
        solver.add(target(u.states[k]))
        answer = solver.check()
        per_depth.append(time.monotonic() - t0)
        if answer == z3.sat:
            return CheckResult(query, "witness", k, time.monotonic() - start, extract_witness(solver.model(), u, k),
                               per_depth)
        if answer == z3.unknown:
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth,
                               solver.reason_unknown())
    return CheckResult(query, "no-witness", max_depth, time.monotonic() - start, None, per_depth)


def maximize_fresh(system: TransitionSystem, metric: Callable[[State], z3.ExprRef], max_depth: int, *,
                   query: str = "maximize", budget_seconds: float | None = None) -> CheckResult:
    """The largest value ``metric`` (unsigned) takes within ``max_depth`` steps: asks for a larger
    value than the best found until unsat. ``witness`` carries it in ``value`` with the path to
    the first state reaching it; ``unknown`` if the budget ran out first (a lower bound)."""
    budget = Budget(budget_seconds)
    start = time.monotonic()
    u = unroll(system, max_depth)
    values = [metric(s) for s in u.states]
    best: int | None = None
    best_model: z3.ModelRef | None = None
    rounds: list[float] = []
    reason = ""
    while not budget.expired():
        t0 = time.monotonic()
        solver = _solver(budget)
        solver.add(*u.constraints)
        if best is not None:
            solver.add(z3.Or([z3.UGT(v, best) for v in values]))
        answer = solver.check()
        rounds.append(time.monotonic() - t0)
        if answer == z3.sat:
            best_model = solver.model()
            best = max(best_model.eval(v, model_completion=True).as_long() for v in values)
            continue
        reason = solver.reason_unknown() if answer == z3.unknown else ""
        break
    else:
        reason = "time budget spent"
    elapsed = time.monotonic() - start
    if best_model is None or best is None:
        return CheckResult(query, "unknown" if reason else "no-witness", max_depth, elapsed, None, rounds,
                           reason or "no path")
    first = next(i for i, v in enumerate(values) if best_model.eval(v, model_completion=True).as_long() == best)
    witness = extract_witness(best_model, u, first)
    if reason:
        return CheckResult(query, "unknown", first, elapsed, witness, rounds,
                           f"value {best} reached; larger values not excluded ({reason})", value=best)
    return CheckResult(query, "witness", first, elapsed, witness, rounds,
                       f"no larger value within {max_depth} steps", value=best)


def run_exact_query(enc: ChonkerExact, name: str, depth: int, budget_seconds: float | None) -> CheckResult:
    """One named query on the exact encoding; every witness is decoded and replayed."""
    system = enc.system
    if name in enc.targets:
        desc, target = enc.targets[name]
        result = bmc_fresh(system, target, depth, query=name, budget_seconds=budget_seconds)
    elif name == "deadlock":
        desc, target = enc.targets["no-legal-action"]
        result = bmc_fresh(system, target, depth, query=name, budget_seconds=budget_seconds)
        if result.status == "no-witness":
            result.detail = "bounded only: not proved for all depths on the exact encoding"
    elif name.startswith("invariant:"):
        desc, prop = enc.invariants[name.split(":", 1)[1]]
        result = bmc_fresh(system, lambda s: z3.Not(prop(s)), depth, query=name, budget_seconds=budget_seconds)
        if result.status == "witness":
            result.detail = "the invariant fails on this path"
    elif name == "stacked-chain":
        desc = "the most draw-and-play action cards put down in a row in one turn (cp.stacking.1-2)"
        result = maximize_fresh(system, lambda s: s["chain"], depth, query=name, budget_seconds=budget_seconds)
    elif name == "exact-admitted":
        return _admitted(enc, budget_seconds)
    else:
        raise InvalidConfigError(f"unknown query {name!r}")
    result.meta["question"] = desc
    result.meta["encoding"] = "exact (engine steps; depth counts steps and micro-steps)"
    if result.witness is not None:
        result.attach_replay(replay_exact(enc, result.witness))
    return result


def _admitted(enc: ChonkerExact, budget_seconds: float | None, seeds: int = 2, limit: int = 150) -> CheckResult:
    """Seeded engine playouts are paths of the exact encoding (states and rulings consulted)."""
    t0 = time.monotonic()
    budget = Budget(budget_seconds)
    g = load_game("chonker-party", None, enc.players, enc.ruleset)
    steps = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        st = g.root_state()
        st = _resolve(g, st, g.sample_chance(st, rng), rng)[0].state
        n = 0
        while not g.is_terminal(st) and n < limit and not budget.expired():
            a = g.sample_chance(st, rng) if g.is_chance_node(st) else rng.choice(g.legal_actions(st))
            step, options = _resolve(g, st, a, rng)
            msg = check_engine_step(enc, st, a, step.state, options, step.provenance.rulings)
            if msg:
                return CheckResult("exact-admitted", "witness", steps, time.monotonic() - t0, None, [],
                                   f"seed {seed}, step {n}: {msg}")
            st, n, steps = step.state, n + 1, steps + 1
    r = CheckResult("exact-admitted", "no-witness", steps, time.monotonic() - t0, None, [],
                    f"{steps} engine steps of seeded playouts ({enc.ruleset.name}) are paths of the exact encoding "
                    "with the same ruling points consulted (sampled, not proved)")
    r.meta["question"] = "engine steps the exact encoding does not admit"
    return r


def _resolve(g: Game, state: Hashable, action: Action, rng: random.Random) -> tuple[Step, dict[str, int]]:
    """Apply ``action``; a Pending ruling (open in the ruleset) gets a random option."""
    step = g.apply(state, action)
    options: dict[str, int] = {}
    while isinstance(step.state, Pending):
        rid = step.state.ruling
        ids = g.ruling_points[rid].option_ids
        options[rid] = rng.randrange(len(ids))
        step = g.apply(step.state, ("ruling", rid, ids[options[rid]]))
    return step, options
