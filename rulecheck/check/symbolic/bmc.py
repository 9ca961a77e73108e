"""Bounded model checking with incremental solving.

:func:`bmc` asks, depth by depth, "is there a path from an initial state that reaches a
state satisfying ``target`` in exactly k steps?". The unrolling grows by one ``trans`` per
depth on one solver; the target at depth k is posed under an assumption literal (or inside
``push``/``pop``, see :data:`MODES`) so the learnt clauses of earlier depths are kept.
Depths are tried in order, so the first witness is a shortest one; after an unsat depth k,
"not target at step k" (implied) is kept as a lemma.
:func:`bmc_maximize` finds the largest value a metric reaches within k steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import z3

from rulecheck.check.symbolic.system import (
    Budget,
    CheckResult,
    State,
    TransitionSystem,
    extract_witness,
    unroll,
)

__all__ = ["MODES", "Portfolio", "bmc", "bmc_maximize", "check_under", "new_portfolio", "new_solver"]

MODES = ("assumptions", "push-pop")
"""How a depth's goal is posed to the incremental solver: as an assumption literal
(``goal_k => target(s_k)``, checked with ``check(goal_k)``; works with Z3's incremental SAT
back end for bit-vector encodings) or inside ``push``/``pop``. Measured on the Chomp!
encodings, assumptions on ``SolverFor("QF_BV")`` are many times faster (see
``benchmarks/symbolic.py``)."""

_counter = [0]


class Portfolio:
    """Incremental solvers that receive the same assertions; a goal is tried on each in turn
    with growing time slices (0.5 s, 2 s, 8 s, ...) until one answers or the budget ends.

    Measured on the Underwater War encoding: Z3's incremental SAT back end
    (``SolverFor("QF_BV")``) proves the unsat depths fast but sometimes needs half a minute
    to find an easy deal that the default SMT solver finds in 0.1 s; the portfolio gets both.

    ``adaptive``: the solver that answered the last goal goes first, with twice the time it
    took. Measured on the 3-player standard-game encoding (reachability to depth k, one query,
    60 s): the SAT back end answers every unsat depth, and the fixed slices spent about half
    of the time on the default solver (depth 16 completed, against 22 adaptive).
    """

    SLICES = (0.5, 2.0, 8.0, 32.0, 128.0, 512.0)

    def __init__(self, solvers: list[z3.Solver], adaptive: bool = False) -> None:
        self.solvers = solvers
        self.adaptive = adaptive
        self.lead: int | None = None  # adaptive: the solver that answered the last goal
        self.lead_seconds = 0.0  # ... and how long that took

    def _slice(self, n: int, r: int) -> float:
        """Solver ``n``'s time in round ``r``. Adaptive: the solver that answered the last goal
        goes first with twice the time it took (BMC's next depth is a little harder than the
        last), then four times as much each round; the others keep the fixed slices."""
        if self.adaptive and n == self.lead:
            return max(self.SLICES[0], 2.0 * self.lead_seconds) * 4.0 ** r
        return self.SLICES[r]

    def _order(self) -> list[int]:
        order = list(range(len(self.solvers)))
        if self.adaptive and self.lead is not None:
            order.remove(self.lead)
            order.insert(0, self.lead)
        return order

    def add(self, *formulas: Any) -> None:
        for s in self.solvers:
            s.add(*formulas)

    def check_goal(self, goal: z3.BoolRef, budget: Budget, mode: str = "assumptions") -> tuple[
            z3.CheckSatResult, z3.ModelRef | None, str]:
        if len(self.solvers) == 1:
            budget.arm(self.solvers[0])
            return check_under(self.solvers[0], goal, mode)
        reason = ""
        broken: set[int] = set()
        for r in range(len(self.SLICES)):
            for n in self._order():
                if n in broken:
                    continue
                cap = self._slice(n, r)
                s = self.solvers[n]
                left = budget.remaining_ms()
                ms = int(cap * 1000) if left is None else min(int(cap * 1000), left)
                s.set("timeout", max(ms, 1))
                t0 = time.monotonic()
                try:
                    answer, model, why = check_under(s, goal, mode)
                except z3.Z3Exception as exc:  # e.g. the SAT back end rejects a term
                    broken.add(n)
                    reason = str(exc)[:200]
                    continue
                if answer != z3.unknown:
                    self.lead, self.lead_seconds = n, time.monotonic() - t0
                    return answer, model, ""
                reason = why
                if budget.expired():
                    return z3.unknown, None, reason or "time budget spent"
            if len(broken) == len(self.solvers):
                break
        return z3.unknown, None, reason


def new_solver(system: TransitionSystem) -> z3.Solver:
    """One solver: ``SolverFor(meta['logic'])`` if the encoding names a logic, else Z3's default."""
    logic = system.meta.get("logic")
    if logic:
        return z3.SolverFor(str(logic))
    return z3.Solver()


def new_portfolio(system: TransitionSystem) -> Portfolio:
    """The solvers the checks use: for an encoding that names a logic (the Chomp! encoding is
    pure bit-vector and pseudo-Boolean: ``QF_BV``), ``SolverFor(logic)`` and the default
    solver; otherwise the default solver alone. An encoding whose ``meta['portfolio']`` is
    ``"adaptive"`` gets the adaptive slices (:meth:`Portfolio._first_slice`)."""
    if system.meta.get("logic"):
        return Portfolio([new_solver(system), z3.Solver()], adaptive=system.meta.get("portfolio") == "adaptive")
    return Portfolio([z3.Solver()])


def check_under(
    solver: z3.Solver, goal: z3.BoolRef, mode: str = "assumptions"
) -> tuple[z3.CheckSatResult, z3.ModelRef | None, str]:
    """Check the solver's assertions plus ``goal`` without keeping ``goal``.

    Returns (answer, model if sat, reason if unknown).
    """
    if mode == "push-pop":
        solver.push()
        solver.add(goal)
        answer = solver.check()
        model = solver.model() if answer == z3.sat else None
        reason = solver.reason_unknown() if answer == z3.unknown else ""
        solver.pop()
        return answer, model, reason
    if mode != "assumptions":
        raise ValueError(f"unknown mode {mode!r}; one of {MODES}")
    _counter[0] += 1
    lit = z3.Bool(f"goal!{_counter[0]}")
    solver.add(z3.Implies(lit, goal))
    answer = solver.check(lit)
    model = solver.model() if answer == z3.sat else None
    reason = solver.reason_unknown() if answer == z3.unknown else ""
    if model is not None and not _satisfies(model, [*solver.assertions(), goal]):
        answer, model, reason = z3.unknown, None, "the solver's model does not satisfy the constraints"
    solver.add(z3.Not(lit))  # retire the goal for good
    return answer, model, reason


def _satisfies(model: z3.ModelRef, formulas: list[z3.BoolRef]) -> bool:
    """Whether no formula evaluates to false under ``model`` (a quantified formula the model
    cannot evaluate is not held against it). Measured: an incremental solver interrupted by its
    timeout can later answer sat with a model that breaks the initial-state constraints (a deal
    that is not one); such an answer is treated as unknown, never as a witness."""
    return not any(z3.is_false(model.eval(f, model_completion=True)) for f in formulas)


def bmc(
    system: TransitionSystem,
    target: Callable[[State], z3.BoolRef],
    max_depth: int,
    *,
    query: str = "reach",
    budget_seconds: float | None = None,
    min_depth: int = 0,
    mode: str = "assumptions",
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
    solver = new_portfolio(system)
    u = unroll(system, 0)
    solver.add(*u.constraints)
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
        answer, model, reason = solver.check_goal(target(u.states[k]), budget, mode)
        per_depth.append(time.monotonic() - t0)
        if model is not None:
            witness = extract_witness(model, u, k)
            return CheckResult(query, "witness", k, time.monotonic() - start, witness, per_depth)
        if answer == z3.unknown:
            return CheckResult(query, "unknown", k - 1, time.monotonic() - start, None, per_depth, reason)
        # unsat: no path reaches the target in k steps, so "not target at step k" is implied by
        # the unrolling; asserted as a lemma it prunes the deeper searches (measured on the
        # 3-player standard game: about a fifth less time per depth)
        solver.add(z3.Not(target(u.states[k])))
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
    solver = new_portfolio(system)
    u = unroll(system, max_depth)
    solver.add(*u.constraints)
    values = [metric(s) for s in u.states]
    best: int | None = None
    best_model: z3.ModelRef | None = None
    per_round: list[float] = []
    while True:
        t0 = time.monotonic()
        goal = z3.BoolVal(True) if best is None else z3.Or([_gt(v, best) for v in values])
        _, model, reason = solver.check_goal(goal, budget)
        per_round.append(time.monotonic() - t0)
        if model is not None:
            best = max(model.eval(v, model_completion=True).as_long() for v in values)
            best_model = model
            continue
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


def _gt(v: z3.ExprRef, bound: int) -> z3.BoolRef:
    if z3.is_bv(v):
        return z3.UGT(v, bound)
    return v > bound
