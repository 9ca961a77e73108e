"""A Chonker Party plan of two small configurations, for the tests of the audit's command line
(conventions, formats, baselines, checkpoints) that need a real rulebook but not the model's
depth: the quick plan's searches and clause specifications take half a minute, these two
seconds."""

from __future__ import annotations

from typing import Any

from rulecheck.audit import plan

TINY_PLAN = [("chonker-party", "standard", 2, "sweet=1,leaf=1,spoiled=1,hand=1"),
             ("chonker-party", "standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,hand=1")]
CP_QUICK = ["audit", "chonker-party", "--quick", "--playouts", "0", "-j", "1"]
"""`rulecheck audit` on the tiny plan (with :func:`tiny_quick_plan`)."""


def tiny_quick_plan(monkeypatch: Any) -> None:
    """Make ``--quick`` audit Chonker Party on :data:`TINY_PLAN`."""
    monkeypatch.setattr(plan, "QUICK_PLAN", {**plan.QUICK_PLAN, "chonker-party": [e[1:] for e in TINY_PLAN]})
