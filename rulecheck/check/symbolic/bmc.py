"""Bounded model checking with incremental solving.

:func:`bmc` asks, depth by depth, "is there a path from an initial state that reaches a
state satisfying ``target`` in exactly k steps?". The unrolling grows by one ``trans`` per
depth on one solver; the target at depth k is asserted inside ``push``/``pop`` so the learnt
clauses of earlier depths are kept. Depths are tried in order, so the first witness is a
shortest one. :func:`bmc_maximize` finds the largest value a metric reaches within k steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import z3

from rulecheck.check.symbolic.system import (
    Budget,
    CheckResult,
    State,
    TransitionSystem,
    extract_witness,
    unroll,
)

__all__ = ["bmc", "bmc_maximize", "new_solver"]


def new_solver(system: TransitionSystem) -> z3.Solver:
    """The solver the checks use: a plain incremental SMT solver (tactic via ``meta``)."""
    tactic = system.meta.get("tactic")
    if tactic:
        return z3.Tactic(tactic).solver()
    return z3.Solver()


def bmc(
    system: TransitionSystem,
    target: Callable[[State], z3.BoolRef],
    max_depth: int,
    *,
    query: str = "reach",
    budget_seconds: float | None = None,
    min_depth: int = 0,
) -> CheckResult:
    """A shortest path of at most ``max_depth`` steps to a ``target`` state.

    Returns ``witness`` (with the path), ``no-witness`` up to ``max_depth``, or ``unknown``
    when the solver gives up or the budget runs out (``depth`` is then the last depth
    completed).

    Examples
    --------
    >>> import z3
    >>> ts = TransitionSystem("count", (("x", z3.IntSort()),), lambda s: s["x"] == 0,
    ...                       lambda s, i, t: t["x"] == s["x"] + 1)
    >>> bmc(ts, lambda s: s["x"] == 3, 5).statement()
    'witness at depth 3'
    """
    budget = Budget(budget_seconds)
    start = time.monotonic()
    solver = new_solver(system)
    u = unroll(system, 0)
    solver.add(u.constraints)
    per_depth: list[float] = []
    for k in range(max_depth + 1):
        if k > 0:
            solver.add(u.extend())
        if k < min_depth:
            continue
        if budget.expired():
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth,
                               "time budget spent")
        t0 = time.monotonic()
        solver.push()
        solver.add(target(u.states[k]))
        budget.arm(solver)
        answer = solver.check()
        per_depth.append(time.monotonic() - t0)
        if answer == z3.sat:
            witness = extract_witness(solver.model(), u, k)
            solver.pop()
            return CheckResult(query, "witness", k, time.monotonic() - start, witness, per_depth)
        if answer == z3.unknown:
            reason = solver.reason_unknown()
            solver.pop()
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth, reason)
        solver.pop()
    return CheckResult(query, "no-witness", max_depth, time.monotonic() - start, None, per_depth)


def bmc_maximize(
    system: TransitionSystem,
    metric: Callable[[State], z3.ArithRef],
    max_depth: int,
    *,
    query: str = "maximize",
    budget_seconds: float | None = None,
) -> CheckResult:
    """The largest value ``metric`` takes at any state within ``max_depth`` steps.

    Unrolls to ``max_depth`` and asks for a state with a larger value than the best found
    until unsat. ``witness`` carries the value in ``value``, the path to the first state
    reaching it, and the claim "no larger value within ``max_depth`` steps" in ``detail``;
    ``unknown`` if the budget ran out first (``value`` is then only a lower bound).
    """
    budget = Budget(budget_seconds)
    start = time.monotonic()
    solver = new_solver(system)
    u = unroll(system, max_depth)
    solver.add(u.constraints)
    values = [metric(s) for s in u.states]
    best: int | None = None
    best_model: z3.ModelRef | None = None
    per_round: list[float] = []
    while True:
        t0 = time.monotonic()
        solver.push()
        if best is not None:
            solver.add(z3.Or([v > best for v in values]))
        budget.arm(solver)
        answer = solver.check()
        per_round.append(time.monotonic() - t0)
        if answer == z3.sat:
            model = solver.model()
            best = max(model.eval(v, model_completion=True).as_long() for v in values)
            best_model = model
            solver.pop()
            continue
        reason = solver.reason_unknown() if answer == z3.unknown else ""
        solver.pop()
        break
    elapsed = time.monotonic() - start
    if best_model is None:
        status = "unknown" if reason else "no-witness"
        return CheckResult(query, status, max_depth, elapsed, None, per_round, reason or "no path")
    first = next(i for i, v in enumerate(values)
                 if best_model.eval(v, model_completion=True).as_long() == best)
    witness = extract_witness(best_model, u, first)
    if reason:
        return CheckResult(query, "unknown", first, elapsed, witness, per_round,
                           f"value {best} reached; larger values not excluded ({reason})", value=best)
    return CheckResult(query, "witness", first, elapsed, witness, per_round,
                       f"no larger value within {max_depth} steps", value=best)
