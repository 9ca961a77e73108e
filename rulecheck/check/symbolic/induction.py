"""k-induction: invariants proved for all depths, not bounded.

For k = 0, 1, 2, ... two questions are asked on two incremental solvers:

* base: does a path from an initial state violate the property at step k? (BMC; a ``sat``
  answer is a counterexample, reported as a ``witness`` of the violation);
* step: is there any path of k+1 transitions (from any state, reachable or not) on which the
  property holds at the first k+1 states and fails at the last? ``unsat`` means the
  property is k-inductive: with the base cases up to k it holds at every depth (``proved``).

``simple_path`` adds "the states of the step path are pairwise different", which makes
k-induction complete for finite systems (at quadratic cost); ``assume`` strengthens the
step case with facts already proved invariant (e.g. card conservation).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

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

__all__ = ["k_induction"]


def k_induction(
    system: TransitionSystem,
    prop: Callable[[State], z3.BoolRef],
    max_k: int,
    *,
    query: str = "invariant",
    budget_seconds: float | None = None,
    simple_path: bool = False,
    assume: Sequence[Callable[[State], z3.BoolRef]] = (),
) -> CheckResult:
    """Prove ``prop`` invariant by k-induction with k up to ``max_k``.

    Returns ``proved`` (with ``depth`` = the k that worked), ``witness`` (a path from an
    initial state to a violation), ``no-witness`` (no violation up to ``max_k`` steps, but
    not k-inductive for any k tried), or ``unknown``.
    """
    budget = Budget(budget_seconds)
    start = time.monotonic()
    base = new_portfolio(system)
    step = new_portfolio(system)
    bu = unroll(system, 0)
    base.add(*bu.constraints)
    su = unroll(system, 0, with_init=False, tag="k")
    per_depth: list[float] = []
    for k in range(max_k + 1):
        t0 = time.monotonic()
        if k > 0:
            base.add(bu.extend())
        answer, model, reason = base.check_goal(z3.Not(prop(bu.states[k])), budget)
        if model is not None:
            witness = extract_witness(model, bu, k)
            per_depth.append(time.monotonic() - t0)
            return CheckResult(query, "witness", k, time.monotonic() - start, witness, per_depth,
                               "the invariant fails on this path")
        if answer == z3.unknown:
            per_depth.append(time.monotonic() - t0)
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth,
                               f"base case: {reason}")
        # step case over s_0 .. s_{k+1}: prop at 0..k, trans between, not prop at k+1
        s_k = su.states[k]
        step.add(prop(s_k))
        for fact in assume:
            step.add(fact(s_k))
        step.add(su.extend())
        nxt = su.states[k + 1]
        for fact in assume:
            step.add(fact(nxt))
        if simple_path:
            for j in range(k + 1):
                step.add(z3.Not(states_equal(system, su.states[j], nxt)))
        answer, _, reason = step.check_goal(z3.Not(prop(nxt)), budget)
        per_depth.append(time.monotonic() - t0)
        if answer == z3.unsat:
            return CheckResult(query, "proved", k + 1, time.monotonic() - start, None, per_depth,
                               f"{k + 1}-inductive")
        if answer == z3.unknown:
            return CheckResult(query, "unknown", k, time.monotonic() - start, None, per_depth,
                               f"step case: {reason}")
        if budget.expired():
            return CheckResult(query, "unknown", k, time.monotonic() - start, None, per_depth,
                               "time budget spent")
    return CheckResult(query, "no-witness", max_k, time.monotonic() - start, None, per_depth,
                       f"holds up to depth {max_k}; not k-inductive for k <= {max_k + 1}")
