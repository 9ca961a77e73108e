"""Termination by ranking functions that Z3 proves decrease on every transition.

A ranking function maps states to a tuple of integers. :func:`prove_ranking` proves, for
*every* state satisfying the invariant ``assume`` (not only reachable ones, and without any
bound on depth) and every transition from it, that the tuple is bounded below by 0 and
decreases lexicographically. If ``assume`` is given it is first proved inductive
(init implies it, and it is preserved by trans); otherwise no assumption is made. Since the
order is well-founded, no infinite play exists: the game ends (``proved``).

For a system that need not end (a lasso exists), see :mod:`.lasso`; :func:`deadlocks` looks
for reachable states that are not terminal but have no enabled transition.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import z3

from rulecheck.check.symbolic.bmc import bmc, new_solver
from rulecheck.check.symbolic.system import Budget, CheckResult, State, TransitionSystem, evaluate

__all__ = ["Ranking", "deadlocks", "find_ranking", "prove_inductive", "prove_ranking"]

Ranking = Callable[[State], Sequence[z3.ArithRef]]


def _decreases(r0: Sequence[z3.ArithRef], r1: Sequence[z3.ArithRef]) -> z3.BoolRef:
    """Lexicographic strict decrease of r1 below r0."""
    options = []
    for i in range(len(r0)):
        prefix = [r1[j] == r0[j] for j in range(i)]
        options.append(z3.And(*prefix, r1[i] < r0[i]))
    return z3.Or(options)


def prove_inductive(
    system: TransitionSystem,
    inv: Callable[[State], z3.BoolRef],
    *,
    query: str = "inductive",
    budget_seconds: float | None = None,
) -> CheckResult:
    """``proved`` if init implies ``inv`` and ``inv`` is preserved by every transition."""
    budget = Budget(budget_seconds)
    start = time.monotonic()
    s, i, t = system.state(0, "ind"), system.input(0, "ind"), system.state(1, "ind")
    for name, formula in (
        ("initiation", z3.And(system.init(s), z3.Not(inv(s)))),
        ("consecution", z3.And(inv(s), system.step(s, i, t), z3.Not(inv(t)))),
    ):
        solver = new_solver(system)
        solver.add(formula)
        budget.arm(solver)
        answer = solver.check()
        if answer == z3.sat:
            return CheckResult(query, "unknown", 0, time.monotonic() - start, None, [],
                               f"not inductive: {name} fails")
        if answer == z3.unknown:
            return CheckResult(query, "unknown", 0, time.monotonic() - start, None, [], solver.reason_unknown())
    return CheckResult(query, "proved", 1, time.monotonic() - start, None, [], "1-inductive")


def prove_ranking(
    system: TransitionSystem,
    rank: Ranking,
    *,
    assume: Callable[[State], z3.BoolRef] | None = None,
    query: str = "termination",
    budget_seconds: float | None = None,
) -> CheckResult:
    """Prove every play ends: ``rank`` is >= 0 and decreases on every transition.

    Returns ``proved`` or ``unknown`` (with the offending transition's values in ``meta``).
    A failed proof does not show that some play is infinite: the offending state may be
    unreachable or the ranking too weak.
    """
    start = time.monotonic()
    if assume is not None:
        inv = prove_inductive(system, assume, query=query, budget_seconds=budget_seconds)
        if inv.status != "proved":
            inv.detail = f"the assumed invariant is not proved: {inv.detail}"
            return inv
    budget = Budget(budget_seconds)
    s, i, t = system.state(0, "rk"), system.input(0, "rk"), system.state(1, "rk")
    r0, r1 = list(rank(s)), list(rank(t))
    solver = new_solver(system)
    if assume is not None:
        solver.add(assume(s))
    solver.add(system.step(s, i, t))
    solver.add(z3.Not(z3.And(*[x >= 0 for x in r0], _decreases(r0, r1))))
    budget.arm(solver)
    answer = solver.check()
    elapsed = time.monotonic() - start
    if answer == z3.unsat:
        return CheckResult(query, "proved", 1, elapsed, None, [],
                           f"ranking of {len(r0)} component(s) is >= 0 and decreases on every transition")
    if answer == z3.sat:
        model = solver.model()
        return CheckResult(query, "unknown", 0, elapsed, None, [], "ranking does not decrease on some transition",
                           meta={"rank_before": [evaluate(model, x) for x in r0],
                                 "rank_after": [evaluate(model, x) for x in r1]})
    return CheckResult(query, "unknown", 0, elapsed, None, [], solver.reason_unknown())


def find_ranking(
    system: TransitionSystem,
    candidates: Sequence[tuple[str, Ranking]],
    *,
    assume: Callable[[State], z3.BoolRef] | None = None,
    query: str = "termination",
    budget_seconds: float | None = None,
) -> CheckResult:
    """The first candidate ranking that :func:`prove_ranking` proves (``meta['ranking']``)."""
    last = CheckResult(query, "unknown", 0, 0.0, None, [], "no candidate ranking")
    for name, rank in candidates:
        last = prove_ranking(system, rank, assume=assume, query=query, budget_seconds=budget_seconds)
        last.meta["ranking"] = name
        if last.status == "proved":
            return last
    return last


def deadlocks(
    system: TransitionSystem,
    max_depth: int,
    *,
    query: str = "deadlock",
    budget_seconds: float | None = None,
) -> CheckResult:
    """A reachable state that is not terminal and has no enabled transition (BMC).

    Uses ``system.enabled`` when given; otherwise "some inputs and next state satisfy trans",
    an existential the solver handles by quantifier instantiation.
    """
    def stuck(s: State) -> z3.BoolRef:
        if system.enabled is not None:
            can_move = system.enabled(s)
        else:
            i, t = system.input(0, "dl"), system.state(1, "dl")
            bound = list(i.values()) + list(t.values())
            can_move = z3.Exists(bound, system.step(s, i, t))
        term = system.terminal(s) if system.terminal is not None else z3.BoolVal(False)
        return z3.And(z3.Not(term), z3.Not(can_move))

    return bmc(system, stuck, max_depth, query=query, budget_seconds=budget_seconds)
