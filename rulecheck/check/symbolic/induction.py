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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import z3

from rulecheck.check.symbolic.bmc import new_portfolio, new_solver
from rulecheck.check.symbolic.system import (
    Budget,
    CheckResult,
    State,
    TransitionSystem,
    extract_witness,
    states_equal,
    unroll,
)

__all__ = ["induction_by_cases", "k_induction"]


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


def _conjuncts(formula: z3.BoolRef) -> list[z3.BoolRef]:
    """The conjuncts of ``formula``, nested ``And`` flattened."""
    if z3.is_and(formula):
        return [c for child in formula.children() for c in _conjuncts(child)]
    return [formula]


def _values(var: z3.ExprRef) -> list[z3.ExprRef]:
    """Every value of a Bool or a bit-vector of at most 4 bits (the cases of a split)."""
    if z3.is_bool(var):
        return [z3.BoolVal(True), z3.BoolVal(False)]
    width = var.sort().size()
    if width > 4:
        raise ValueError(f"cannot split on {var} ({width} bits): at most 4")
    return [z3.BitVecVal(v, width) for v in range(2 ** width)]


def induction_by_cases(
    system: TransitionSystem,
    prop: Callable[[State], z3.BoolRef],
    *,
    split_on: Sequence[str] | Callable[[Mapping[str, Any]], str | None],
    query: str = "invariant",
    budget_seconds: float | None = None,
    case_seconds: float = 20.0,
    assume: Sequence[Callable[[State], z3.BoolRef]] = (),
    progress: Callable[[str], None] | None = None,
) -> CheckResult:
    """Prove ``prop`` invariant by 1-induction, its step case split into cases (case splitting,
    "cube and conquer" by hand).

    Base: no initial state violates ``prop``. Step: for each conjunct ``c`` of ``prop(t)``,
    ``prop(s) and trans(s, i, t) and not c`` is unsat. Each such question is split on the
    variables ``split_on`` (state or input variable names, Bools or bit-vectors of at most 4
    bits) one at a time, by every value the variable can take, so the cases are exhaustive: a
    question is first asked for each value of ``split_on[0]`` (e.g. the phase), and a case the
    solver cannot answer within ``case_seconds`` is split again on the next variable. With the
    value fixed, Z3 simplifies the transition relation down to the branch that runs, which is
    what makes the full-deck step case answerable at all (unsplit it times out).

    Returns ``proved`` (depth 1: every case unsat, and the base case), ``witness`` (an initial
    state that violates it), or ``unknown`` (a case with a counterexample to induction, named in
    ``meta['cti']``: then ``prop`` is not 1-inductive and k-induction with a larger k may still
    prove it; or a case the solver could not answer even after the last split; or the budget).
    """
    budget = Budget(budget_seconds)
    start = time.monotonic()
    base = new_portfolio(system)
    s0 = system.state(0, "cb")
    base.add(system.init(s0))
    answer, model, reason = base.check_goal(z3.Not(prop(s0)), budget)
    base_seconds = time.monotonic() - start
    if model is not None:
        u = unroll(system, 0, tag="cb")
        witness = extract_witness(model, u, 0)
        return CheckResult(query, "witness", 0, base_seconds, witness, [base_seconds], "an initial state violates it")
    if answer != z3.unsat:
        return CheckResult(query, "unknown", 0, base_seconds, None, [base_seconds], f"base case: {reason}")
    s, i, t = system.state(0, "cs"), system.input(0, "cs"), system.state(1, "cs")
    frame = [prop(s), system.step(s, i, t), *(f(s) for f in assume), *(f(t) for f in assume)]
    variables = {**i, **s}
    if not callable(split_on):
        names = tuple(split_on)
        unknown_var = [name for name in names if name not in variables]
        if unknown_var:
            raise ValueError(f"cannot split on {unknown_var}: not a state or input variable of {system.name}")

        def next_split(fixed: Mapping[str, Any]) -> str | None:
            return names[len(fixed)] if len(fixed) < len(names) else None
    else:
        next_split = split_on
    conjuncts = _conjuncts(prop(t))
    stats: dict[str, Any] = {"cases": 0, "slowest": 0.0, "slowest_case": "", "split": []}

    def solve(goal: z3.BoolRef, fixed: dict[str, Any], seconds: float) -> z3.CheckSatResult:
        solver = new_solver(system)
        left = budget.remaining_ms()
        ms = int(seconds * 1000) if left is None else min(int(seconds * 1000), left)
        solver.set("timeout", max(ms, 1))
        solver.add(*frame, *(variables[k] == _value(variables[k], v) for k, v in fixed.items()), goal)
        t0 = time.monotonic()
        answer = solver.check()
        took = time.monotonic() - t0
        stats["cases"] += 1
        if took > stats["slowest"]:
            stats["slowest"], stats["slowest_case"] = took, _describe(fixed)
        return answer

    def ask(goal: z3.BoolRef, fixed: dict[str, Any]) -> tuple[str, str]:
        """'unsat', or ('sat' | 'unknown', the case's description)."""
        name = next_split(fixed)
        if fixed:
            answer = solve(goal, fixed, case_seconds)
            if answer == z3.unknown and name is None and not budget.expired():
                answer = solve(goal, fixed, 4 * case_seconds)
            if answer == z3.unsat:
                return "unsat", ""
            if answer == z3.sat:
                return "sat", _describe(fixed)
            if budget.expired() or name is None:
                return "unknown", _describe(fixed)
        if name is None:
            raise ValueError("the first split of induction_by_cases must name a variable")
        if name not in variables:
            raise ValueError(f"cannot split on {name!r}: not a state or input variable of {system.name}")
        if name not in stats["split"]:
            stats["split"].append(name)
        for value in _values(variables[name]):
            verdict, where = ask(goal, {**fixed, name: _python(value)})
            if verdict != "unsat":
                return verdict, where
        return "unsat", ""

    for n, c in enumerate(conjuncts):
        verdict, where = ask(z3.Not(c), {})
        if progress is not None:
            progress(f"{query}: conjunct {n + 1}/{len(conjuncts)} {verdict} ({stats['cases']} cases so far, "
                     f"{time.monotonic() - start:.0f} s)")
        if verdict != "unsat":
            elapsed = time.monotonic() - start
            r = CheckResult(query, "unknown", 0, elapsed, None, [base_seconds, elapsed - base_seconds],
                            f"step case, conjunct {n + 1} of {len(conjuncts)}, case {where}: "
                            + ("a counterexample to induction (not 1-inductive)" if verdict == "sat"
                               else "the time budget ran out" if budget.expired()
                               else "no answer within the time"))
            if verdict == "sat":
                r.meta["cti"] = where
            return r
    elapsed = time.monotonic() - start
    r = CheckResult(query, "proved", 1, elapsed, None, [base_seconds, elapsed - base_seconds],
                    f"1-inductive: the step case split into {stats['cases']} cases ({len(conjuncts)} conjuncts, "
                    f"split on {', '.join(stats['split'])}), every case unsat; the slowest took "
                    f"{stats['slowest']:.1f} s ({stats['slowest_case']})")
    r.meta["cases"] = stats["cases"]
    return r


def _python(value: z3.ExprRef) -> Any:
    return z3.is_true(value) if z3.is_bool(value) else value.as_long()


def _value(var: z3.ExprRef, value: Any) -> z3.ExprRef:
    return z3.BoolVal(value) if z3.is_bool(var) else z3.BitVecVal(value, var.sort().size())


def _describe(fixed: Mapping[str, Any]) -> str:
    """``phase=2, act=3``: a case as the values it fixes."""
    return ", ".join(f"{k}={v}" for k, v in fixed.items()) or "(all)"
