"""Under a varied reading the check reuses the default reading's result of every clause that asked
none of the points varied (``rulecheck.core.spec._clause_result``). A reused result must bring
back everything the clause added to the outcome besides its constraint (the variables it touched
and named, the conditions under which it sets a variable, ``when``), or a frame principle that
reads them speaks differently, and the check reports gaps and ambiguities the text does not have.
Chonker Party's ``frame.master_stays`` lost the Munchies Master's conditions that way: under
recommended, ``cp.read.war_chonk_in_pile`` seemed to leave the next Master open."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import rulecheck.core.spec as core_spec
from rulecheck.check.determinacy import check_explored
from rulecheck.check.explore import Config, explore


@dataclass(frozen=True)
class _Sit:
    x: int

    def label(self) -> str:
        return "test"


def _spec() -> core_spec.Spec:
    """A clause that says when it sets ``v`` (and asks no reading), a clause that asks reading
    ``r``, and a principle that keeps ``v`` unchanged outside the conditions clauses gave."""

    def outcome(_: Any) -> core_spec.Outcome:
        o = core_spec.Outcome()
        o.var("v", ("a", "b"))
        o.var("w", ("a", "b"))
        return o

    @core_spec.clause("t.sets.1")
    def sets(s: Any, o: core_spec.Outcome) -> Any:
        cond = o.eq("w", "b") if s.x else False
        o.when.setdefault("v", []).append(cond)
        return core_spec.implies(cond, o.eq("v", "b"))

    @core_spec.clause("t.read.1", readings=("r",))
    def read(s: Any, o: core_spec.Outcome) -> Any:
        return o.eq("w", "b" if s.reading("r") == "second" else "a")

    def stays(s: Any, o: core_spec.Outcome) -> Any:
        return core_spec.implies(core_spec.neg(core_spec.disj(*o.when.get("v", []))), o.eq("v", "a"))

    return core_spec.Spec(
        "toy", outcome, clauses=[sets, read], principles=[core_spec.Principle("t.stays", "v stays.", stays)],
        readings={"r": core_spec.Reading("r", "t.read.1", "Which?", (("first", "a"), ("second", "b")))})


def test_a_reused_clause_result_brings_back_the_conditions_it_gave() -> None:
    spec, sit = _spec(), _Sit(1)
    core_spec.fresh_solver()
    core_spec._ask(spec, sit, None, None)  # the default reading: each clause's result recorded
    _, _, _, tracked, principles, _ = core_spec._ask(spec, sit, {"r": "second"}, None)
    assert [name for name, _ in tracked] == ["t.sets.1", "t.read.1"]
    # the principle sees t.sets.1's condition, reused or not
    assert dict(principles)["t.stays"] == "(=> (not (= |w| 1)) (= |v| 0))"
    core_spec.fresh_solver()
    _, _, _, _, fresh, _ = core_spec._ask(spec, sit, {"r": "second"}, None)
    assert fresh == principles
    verdict, _ = core_spec.determinacy(spec, sit, readings={"r": "second"})
    assert verdict.kind == "determined" and dict(verdict.outcome) == {"v": "b", "w": "b"}


@pytest.mark.parametrize("ruleset", ["raw", "recommended"])
def test_every_varied_reading_asks_the_question_a_fresh_evaluation_asks(
        ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a whole check (the steal deck, where Chonker Party's readings part most), every question
    built under a varied reading, with reuse, is the question built without it."""
    ask = core_spec._ask
    compared = []

    def checked(spec: Any, sit: Any, readings: Any, choices: Any) -> Any:
        got = ask(spec, sit, readings, choices)
        if readings:
            last = (core_spec._LAST["key"], dict(core_spec._LAST["clauses"]))
            reusable = core_spec._reusable
            core_spec._reusable = lambda *_: None  # type: ignore[assignment]
            try:
                view = core_spec.View(sit, core_spec.Reader(spec, readings))
                out = spec.outcome(view)
                rulings = spec.ruling_constraints(choices) if choices is not None else []
                tracked, principles, _ = core_spec._tracked(spec, view, out, rulings)
            finally:
                core_spec._reusable = reusable
                core_spec._LAST["key"], core_spec._LAST["clauses"] = last
            assert (got[3], got[4]) == (tracked, principles), (sit, readings)
            compared.append(readings)
        return got

    monkeypatch.setattr(core_spec, "_ask", checked)
    cfg = Config("chonker-party", "standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1", ruleset)
    check_explored(explore(cfg.load(), config=cfg))
    assert len(compared) > 100


def test_a_reading_that_changes_only_when_a_clause_sets_a_variable_changes_the_question() -> None:
    """The full-deck reading looks pass over steps whose question no reading changes
    (:func:`rulecheck.check.determinacy._reading_changes`); what a clause says includes the
    conditions it gives a frame principle, so a reading that changes only those is a change."""
    from rulecheck.check.determinacy import _reading_changes

    def outcome(_: Any) -> core_spec.Outcome:
        o = core_spec.Outcome()
        o.var("v", ("a", "b"))
        o.var("w", ("a", "b"))
        return o

    @core_spec.clause("t.when.1", readings=("r",))
    def sets_when(s: Any, o: core_spec.Outcome) -> Any:
        o.when.setdefault("v", []).append(o.eq("w", "b" if s.reading("r") == "second" else "a"))
        return o.eq("w", "a")

    reading = core_spec.Reading("r", "t.when.1", "Which?", (("first", "a"), ("second", "b")))
    spec = core_spec.Spec("toy", outcome, clauses=[sets_when], readings={"r": reading})
    assert _reading_changes(spec, _Sit(1), {"r"})
