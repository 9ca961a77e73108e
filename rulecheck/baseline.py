"""Baselines: the findings a project has accepted, so that ``--fail-on`` fails only on new ones.

A baseline file is JSON, written by ``rulecheck audit --write-baseline FILE``::

    {"format": "rulecheck-baseline/1",
     "findings": [{"id": "chomp.gap.nobody_can_chomp", "kind": "gap", "severity": "high",
                   "title": "..."}, ...]}

Findings are matched by their ID, which is derived from their content and stable across runs
(see ``docs/FINDINGS.md``); kind, severity and title are there for the reader. An audit report
(``reports/audit.json``) is accepted as a baseline too: all of its findings are then accepted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rulecheck.core.errors import InputFileError
from rulecheck.core.paths import read_json
from rulecheck.findings import Finding, severity_at_least

__all__ = ["BASELINE_FORMAT", "Baseline", "baseline_text", "failing", "load_baseline"]

BASELINE_FORMAT = "rulecheck-baseline/1"
_REPORT_FORMAT = "rulecheck-audit/1"


@dataclass(frozen=True)
class Baseline:
    """The accepted finding IDs, and the file they came from."""

    path: str
    accepted: frozenset[str]

    def new(self, findings: Iterable[Finding]) -> list[Finding]:
        """The findings the baseline does not accept."""
        return [f for f in findings if f.id not in self.accepted]


def load_baseline(path: str) -> Baseline:
    """Read a baseline file (or an audit report); InputFileError naming the file and the problem
    for a missing, non-UTF-8, non-JSON or malformed one."""
    data = read_json(path, "baseline")
    if not isinstance(data, dict) or data.get("format") not in (BASELINE_FORMAT, _REPORT_FORMAT):
        raise InputFileError(f"baseline {path}: not a rulecheck baseline (format {BASELINE_FORMAT}, written by "
                             "`rulecheck audit --write-baseline FILE`) or audit report")
    entries = data.get("findings")
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("id"), str)
                                                for e in entries):
        raise InputFileError(f'baseline {path}: "findings" must be a list of objects with an "id"')
    return Baseline(path, frozenset(e["id"] for e in entries))


def baseline_text(findings: Sequence[Finding]) -> str:
    """The baseline file that accepts ``findings`` (sorted by ID, so that it diffs well)."""
    entries = [{"id": f.id, "kind": f.kind, "severity": f.severity, "title": f.title}
               for f in sorted(findings, key=lambda f: f.id)]
    return json.dumps({"format": BASELINE_FORMAT, "findings": entries}, indent=1, ensure_ascii=False) + "\n"


def failing(findings: Iterable[Finding], fail_on: str | None, baseline: Baseline | None = None) -> list[Finding]:
    """The findings that make the audit fail: at or above ``fail_on`` and not in ``baseline``."""
    if fail_on is None:
        return []
    found = [f for f in findings if severity_at_least(f.severity, fail_on)]
    return baseline.new(found) if baseline is not None else found
