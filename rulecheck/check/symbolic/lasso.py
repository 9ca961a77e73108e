"""Lasso search: infinite plays as a path whose last state equals an earlier one.

A path s_0 .. s_k from an initial state with s_k = s_j for some j < k can be repeated from
s_j forever: an infinite play (for a finite-state system every infinite play has this
shape). The unrolling grows incrementally; the loop condition at depth k is asserted
as a retractable goal (:func:`.bmc.check_under`). ``fair(s)`` (optional) must hold at some state inside the loop,
e.g. "a card was turned over", to exclude trivial stuttering.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import z3

from rulecheck.check.symbolic.bmc import new_portfolio
from rulecheck.check.symbolic.system import (
    Budget,
    CheckResult,
    State,
    TransitionSystem,
    extract_witness,
    states_equal,
    unroll,
)

__all__ = ["lasso"]


def lasso(
    system: TransitionSystem,
    max_depth: int,
    *,
    query: str = "lasso",
    budget_seconds: float | None = None,
    min_loop: int = 1,
    fair: Callable[[State], z3.BoolRef] | None = None,
    mode: str = "assumptions",
) -> CheckResult:
    """A shortest lasso of at most ``max_depth`` steps (``witness.loop_start`` = j).

    ``no-witness`` means no infinite play whose lasso fits in ``max_depth`` steps; it does
    not mean that every play ends.
    """
    budget = Budget(budget_seconds)
    start = time.monotonic()
    solver = new_portfolio(system)
    u = unroll(system, 0)
    solver.add(*u.constraints)
    per_depth: list[float] = []
    for k in range(1, max_depth + 1):
        solver.add(u.extend())
        if k < min_loop:
            continue
        if budget.expired():
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth,
                               "time budget spent")
        t0 = time.monotonic()
        loops = []
        for j in range(k - min_loop + 1):
            closes = states_equal(system, u.states[j], u.states[k])
            if fair is not None:
                closes = z3.And(closes, z3.Or([fair(u.states[i]) for i in range(j + 1, k + 1)]))
            loops.append(closes)
        answer, model, reason = solver.check_goal(z3.Or(loops), budget, mode)
        per_depth.append(time.monotonic() - t0)
        if model is not None:
            j = next(j for j in range(len(loops)) if z3.is_true(model.eval(loops[j], model_completion=True)))
            witness = extract_witness(model, u, k, loop_start=j)
            return CheckResult(query, "witness", k, time.monotonic() - start, witness, per_depth,
                               f"state {k} equals state {j}: the steps {j}..{k} repeat forever")
        if answer == z3.unknown:
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth, reason)
    return CheckResult(query, "no-witness", max_depth, time.monotonic() - start, None, per_depth)
