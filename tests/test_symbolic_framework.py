"""The generic symbolic checks on tiny hand-made systems where every answer is known."""

from __future__ import annotations

from itertools import pairwise

import pytest
import z3

from rulecheck.check.symbolic.bmc import bmc, bmc_maximize
from rulecheck.check.symbolic.induction import induction_by_cases, k_induction
from rulecheck.check.symbolic.lasso import lasso
from rulecheck.check.symbolic.system import TransitionSystem, unroll
from rulecheck.check.symbolic.termination import deadlocks, find_ranking, prove_inductive, prove_ranking

X = (("x", z3.IntSort()),)


def steps_of_one_or_two(limit: int = 10) -> TransitionSystem:
    """x starts at 0 and grows by 1 or 2 (input), never past ``limit``; stuck at ``limit``."""
    return TransitionSystem(
        "steps",
        X,
        init=lambda s: s["x"] == 0,
        trans=lambda s, i, t: z3.And(z3.Or(i["d"] == 1, i["d"] == 2), t["x"] == s["x"] + i["d"], t["x"] <= limit),
        inputs=(("d", z3.IntSort()),),
        enabled=lambda s: s["x"] + 1 <= limit,
        terminal=lambda s: s["x"] == limit,
    )


def modular(n: int) -> TransitionSystem:
    """x counts 0, 1, ..., n-1, 0, ... forever."""
    return TransitionSystem("mod", X, lambda s: s["x"] == 0,
                            lambda s, i, t: t["x"] == z3.If(s["x"] == n - 1, 0, s["x"] + 1))


def swap() -> TransitionSystem:
    """a' = b, b' = a from a = b = false: 'not a' is invariant, 2-inductive but not 1-inductive."""
    v = (("a", z3.BoolSort()), ("b", z3.BoolSort()))
    return TransitionSystem("swap", v, lambda s: z3.And(z3.Not(s["a"]), z3.Not(s["b"])),
                            lambda s, i, t: z3.And(t["a"] == s["b"], t["b"] == s["a"]))


def test_unroll_has_init_and_k_transitions() -> None:
    u = unroll(steps_of_one_or_two(), 3)
    assert u.depth == 3 and len(u.constraints) == 4 and len(u.inputs) == 3


def test_bmc_reachable_shortest_witness() -> None:
    r = bmc(steps_of_one_or_two(), lambda s: s["x"] == 7, 10)
    assert r.status == "witness" and r.depth == 4
    assert r.witness is not None
    xs = [st["x"] for st in r.witness.states]
    assert xs[0] == 0 and xs[-1] == 7
    assert all(b - a in (1, 2) for a, b in pairwise(xs))
    assert r.statement() == "witness at depth 4"


def test_bmc_unreachable_is_bounded_only() -> None:
    r = bmc(steps_of_one_or_two(), lambda s: s["x"] == 11, 8)
    assert r.status == "no-witness" and r.depth == 8
    assert r.statement() == "no witness up to depth 8"
    assert len(r.per_depth) == 9


def test_bmc_maximize() -> None:
    r = bmc_maximize(steps_of_one_or_two(), lambda s: s["x"], 3)
    assert r.status == "witness" and r.value == 6 and r.depth == 3


def test_k_induction_proves_inductive_invariant() -> None:
    r = k_induction(steps_of_one_or_two(), lambda s: z3.And(s["x"] >= 0, s["x"] <= 10), 3)
    assert r.status == "proved" and r.depth == 1
    assert r.statement() == "proved for all depths"


def test_k_induction_needs_k_2() -> None:
    r = k_induction(swap(), lambda s: z3.Not(s["a"]), 4)
    assert r.status == "proved" and r.depth == 2
    one = prove_inductive(swap(), lambda s: z3.Not(s["a"]))
    assert one.status == "unknown"  # true but not 1-inductive


def test_k_induction_false_invariant_gives_counterexample() -> None:
    r = k_induction(modular(8), lambda s: s["x"] != 5, 10)
    assert r.status == "witness" and r.depth == 5
    assert r.witness is not None and r.witness.states[-1]["x"] == 5


def test_k_induction_true_but_not_inductive_stays_bounded() -> None:
    # 0 <= x < 8 in the mod-8 counter is 1-inductive
    prop = lambda s: z3.And(s["x"] >= 0, s["x"] < 8)  # noqa: E731
    assert k_induction(modular(8), prop, 3).status == "proved"
    # "x != 9" is 2-inductive: 9 only follows 8, which follows nothing (7 -> 0)
    assert k_induction(modular(8), lambda s: s["x"] != 9, 3).depth == 2
    # "x != -1" is true, but the unreachable chain -k, ..., -2, -1 defeats every k
    r = k_induction(modular(8), lambda s: s["x"] != -1, 3, simple_path=True)
    assert r.status == "no-witness" and r.depth == 3


def test_lasso_found_and_absent() -> None:
    r = lasso(modular(5), 10)
    assert r.status == "witness" and r.depth == 5
    assert r.witness is not None and r.witness.loop_start == 0
    none = lasso(steps_of_one_or_two(), 12)
    assert none.status == "no-witness"


def test_ranking_proves_termination_and_rejects_a_bad_one() -> None:
    ts = steps_of_one_or_two()
    good = prove_ranking(ts, lambda s: [10 - s["x"]], assume=lambda s: s["x"] <= 10)
    assert good.status == "proved"
    bad = prove_ranking(ts, lambda s: [s["x"]], assume=lambda s: s["x"] <= 10)
    assert bad.status == "unknown"
    assert prove_ranking(modular(4), lambda s: [4 - s["x"]]).status == "unknown"
    found = find_ranking(ts, [("x", lambda s: [s["x"]]), ("10-x", lambda s: [10 - s["x"]])],
                         assume=lambda s: z3.And(s["x"] >= 0, s["x"] <= 10))
    assert found.status == "proved" and found.meta["ranking"] == "10-x"


def test_deadlock_search() -> None:
    # steps stuck at 10 is terminal: no deadlock; declare nothing terminal and 10 is one
    assert deadlocks(steps_of_one_or_two(4), 6).status == "no-witness"
    ts = steps_of_one_or_two(4)
    no_terminal = TransitionSystem(ts.name, ts.variables, ts.init, ts.trans, ts.inputs, ts.enabled)
    r = deadlocks(no_terminal, 6)
    assert r.status == "witness" and r.witness is not None and r.witness.states[-1]["x"] == 4
    # the quantified fallback when no enabled() is given
    implicit = TransitionSystem(ts.name, ts.variables, ts.init, ts.trans, ts.inputs)
    r2 = deadlocks(implicit, 6)
    assert r2.status == "witness" and r2.depth == 2


def two_piles(leak_in_phase: int | None = None) -> TransitionSystem:
    """Cards move one at a time from pile ``a`` to pile ``b`` (input ``move``) while ``phase``
    cycles 0, 1, 2; phase 3 is unreachable and would conjure a card into ``a``.
    ``leak_in_phase``: that (reachable) phase also loses a card from ``b`` (a planted bug)."""
    bv = z3.BitVecSort
    v = (("phase", bv(2)), ("a", bv(4)), ("b", bv(4)))

    def trans(s: dict, i: dict, t: dict) -> z3.BoolRef:
        moved = z3.And(i["move"], s["a"] != 0)
        a = z3.If(s["phase"] == 3, s["a"] + 1, z3.If(moved, s["a"] - 1, s["a"]))
        b = z3.If(moved, s["b"] + 1, s["b"])
        if leak_in_phase is not None:
            b = z3.If(z3.And(s["phase"] == leak_in_phase, b != 0), b - 1, b)
        phase = z3.If(s["phase"] == 2, z3.BitVecVal(0, 2), s["phase"] + 1)
        return z3.And(t["phase"] == phase, t["a"] == a, t["b"] == b)

    return TransitionSystem("piles", v, lambda s: z3.And(s["phase"] == 0, s["a"] == 10, s["b"] == 0), trans,
                            inputs=(("move", z3.BoolSort()),))


def cards_kept(s: dict) -> z3.BoolRef:
    return z3.ZeroExt(4, s["a"]) + z3.ZeroExt(4, s["b"]) == 10


def test_induction_by_cases_proves_and_names_cases() -> None:
    strengthened = lambda s: z3.And(cards_kept(s), s["phase"] != 3)  # noqa: E731
    r = induction_by_cases(two_piles(), strengthened, split_on=("phase", "move"), case_seconds=5)
    assert r.status == "proved" and r.depth == 1
    assert r.meta["cases"] == 2 * 4  # 2 conjuncts x 4 phases (each answered without a further split)
    assert "split on phase)" in r.detail  # "move" was never needed


def test_induction_by_cases_counterexample_to_induction_names_the_case() -> None:
    r = induction_by_cases(two_piles(), cards_kept, split_on=("phase",), case_seconds=5)
    assert r.status == "unknown" and r.meta["cti"] == "phase=3"  # true, but not 1-inductive
    bug = induction_by_cases(two_piles(leak_in_phase=1), lambda s: z3.And(cards_kept(s), s["phase"] != 3),
                             split_on=lambda fixed: None if fixed else "phase", case_seconds=5)
    assert bug.status == "unknown" and bug.meta["cti"] == "phase=1"


def test_induction_by_cases_rejects_an_unknown_split() -> None:
    with pytest.raises(ValueError, match="cannot split on"):
        induction_by_cases(two_piles(), cards_kept, split_on=("colour",))
