"""Where a reading point can be asked: only by the clauses that declare it (``clause(...,
readings=...)``), or, for a point shared helpers ask (``Spec.shared_readings``), where its test of
the situation holds. The check refuses anything else (``rulecheck.core.spec.check_declared``), and
the full-deck reading looks rely on it to pass over the steps that cannot show a point
(``rulecheck.check.determinacy._reading_filter``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import rulecheck.core.spec as core_spec
from rulecheck.check import determinacy as det
from rulecheck.check.explore import Config
from rulecheck.check.stats import playout


@dataclass(frozen=True)
class _Sit:
    x: int

    def label(self) -> str:
        return "test"


def _spec(declared: tuple[str, ...], shared: dict[str, Any] | None = None) -> core_spec.Spec:
    """One clause that asks reading ``r`` through a helper, declaring ``declared``."""

    def outcome(_: Any) -> core_spec.Outcome:
        o = core_spec.Outcome()
        o.var("v", ("a", "b"))
        return o

    def helper(s: Any) -> str:
        return "b" if s.reading("r") == "second" else "a"

    @core_spec.clause("t.asks.1", readings=declared)
    def asks(s: Any, o: core_spec.Outcome) -> Any:
        return o.eq("v", helper(s))

    return core_spec.Spec("toy", outcome, clauses=[asks], shared_readings=shared or {},
                          readings={"r": core_spec.Reading("r", "t.asks.1", "Which?", (("first", "a"),
                                                                                      ("second", "b")))})


def test_a_clause_that_asks_a_reading_point_it_does_not_declare_is_refused() -> None:
    core_spec.fresh_solver()
    with pytest.raises(ValueError, match=r"clause t\.asks\.1 asks the reading point\(s\) r without declaring them"):
        core_spec.determinacy(_spec(()), _Sit(1))
    core_spec.fresh_solver()
    verdict, asked = core_spec.determinacy(_spec(("r",)), _Sit(1))
    assert verdict.kind == "determined" and asked == {"r"}


def test_a_shared_reading_point_is_refused_where_its_test_says_it_cannot_be_asked() -> None:
    core_spec.fresh_solver()
    verdict, _ = core_spec.determinacy(_spec((), {"r": lambda s: s.x > 0}), _Sit(1))
    assert verdict.kind == "determined"
    core_spec.fresh_solver()
    with pytest.raises(ValueError, match=r"shared reading point\(s\) r in a situation its shared_readings test"):
        core_spec.determinacy(_spec((), {"r": lambda s: s.x > 0}), _Sit(0))


@pytest.mark.parametrize(("players", "point"), [(2, "cp.read.steal_also_draws"), (4, "cp.read.steal_also_draws"),
                                                (2, "cp.read.war_answers_force"), (3, "cp.read.no_effect_scope")])
def test_the_reading_looks_filter_passes_every_step_another_reading_changes(players: int, point: str) -> None:
    """The filter's cheap first test never turns away a step its second test would pass: in the
    steps of seeded full-deck games, wherever another reading of the point changes what a clause
    says, the filter lets the step through. (Its first test once asked only whether a clause that
    declares the point applies: in 2-player game 0 at step 152, a Steal whose stealer may draw
    too, no declaring clause applied and the step was turned away.)"""
    cfg = Config("chonker-party", "standard", players, "full", "recommended")
    game, raw = cfg.load(), cfg.with_ruleset("raw").load()
    check = det._FullDeckCheck.start(raw, "raw")
    assert check is not None
    meets = det._reading_filter(check, {point})
    changed = passed = 0
    for state, action, _ in playout(game, 0, 5000):
        if not check.bridge.applies(state):
            continue
        sit, _ = check.bridge.situation_in(raw, state, action)
        through = meets(state, action)
        passed += through
        if det._reading_changes(check.spec, sit, {point}):
            changed += 1
            assert through, (players, point, sit)
    assert passed >= changed
    if point == "cp.read.steal_also_draws":
        assert changed > 0
