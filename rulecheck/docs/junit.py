"""The audit as JUnit XML, the test-result shape CI systems read.

One test suite for the configurations (a test case each: passed when it was explored
completely, a failure when a search stopped at a limit, an error when it failed or was not
run) and one per game for its findings (a test case each). A finding's test case fails when it
makes the audit exit 1 (at or above ``--fail-on`` and not accepted in the baseline); otherwise
it is skipped, with the reason, so that CI lists every finding without failing on it.
The output has no timings: the same report gives the same XML.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from rulecheck.audit import config_text
from rulecheck.findings import Finding, severity_at_least

if TYPE_CHECKING:
    from rulecheck.audit import AuditReport

__all__ = ["to_junit"]


def _search_state(c: Mapping[str, Any], ruleset: str) -> str:
    """Why a completed configuration is incomplete ('' if it is complete): the searches (under
    ``raw`` and under ``ruleset``) that stopped at a limit."""
    searches = (("raw", "raw"), ("chosen", ruleset))
    stopped = [f"{name}: stopped at {c[role].get('stop_reason')}" for role, name in searches
               if role in c and not c[role].get("complete")]
    return "; ".join(stopped)


def _configuration_cases(report: AuditReport) -> list[tuple[str, str, str, str]]:
    """(classname, name, outcome, message) per configuration of the plan; outcome is ``pass``,
    ``failure`` or ``error``."""
    done = {config_text(c["config"]): c for c in report.configurations}
    failed = {config_text(e["config"]): e["error"] for e in report.errors if "variant" in e["config"]}
    plan = report.settings.get("plan") or [[c["config"][k] for k in ("game", "variant", "players", "deck")]
                                           for c in report.configurations]
    cases = []
    for game, variant, players, deck in plan:
        name = config_text({"game": game, "variant": variant, "players": players, "deck": deck})
        classname = f"rulecheck.configurations.{game}"
        if name in failed:
            cases.append((classname, name, "error", f"failed: {failed[name]}"))
        elif name not in done:
            cases.append((classname, name, "error", f"not explored (run {report.status})"))
        elif why := _search_state(done[name], report.ruleset):
            cases.append((classname, name, "failure", f"not explored completely ({why})"))
        else:
            cases.append((classname, name, "pass", ""))
    return cases


def _finding_body(f: Finding, clause_text: Mapping[str, str]) -> str:
    lines = [f"{f.id}: {f.title}", f"kind {f.kind}, severity {f.severity}"]
    if f.detail:
        lines.append(f.detail)
    lines += [f"clause {cid}: {clause_text.get(cid, '(not in the clause index)')}" for cid in f.clauses]
    if f.ruling:
        lines.append(f"ruling point: {f.ruling}")
    lines.append(f"replay: rulecheck explain {f.id}")
    return "\n".join(lines)


def _skip_reason(f: Finding, fail_on: str | None, accepted: Collection[str] | None) -> str | None:
    """Why the finding does not fail the audit, None if it does."""
    if accepted is not None and f.id in accepted:
        return "accepted in the baseline"
    if fail_on is None:
        return "reported only (no --fail-on)"
    if not severity_at_least(f.severity, fail_on):
        return f"severity {f.severity} is below --fail-on {fail_on}"
    return None


def _suite(root: ET.Element, name: str, cases: list[ET.Element]) -> None:
    counts = {tag: sum(1 for c in cases if c.find(tag) is not None) for tag in ("failure", "error", "skipped")}
    el = ET.SubElement(root, "testsuite", name=name, tests=str(len(cases)), failures=str(counts["failure"]),
                       errors=str(counts["error"]), skipped=str(counts["skipped"]))
    el.extend(cases)


def _case(classname: str, name: str) -> ET.Element:
    return ET.Element("testcase", classname=classname, name=name)


def to_junit(report: AuditReport, *, fail_on: str | None = None, accepted: Collection[str] | None = None) -> str:
    """The JUnit XML document of ``report`` (UTF-8, with its XML declaration)."""
    root = ET.Element("testsuites", name="rulecheck audit")
    config_cases = []
    for classname, name, outcome, message in _configuration_cases(report):
        tc = _case(classname, name)
        if outcome != "pass":
            ET.SubElement(tc, outcome, message=message, type="incomplete" if outcome == "failure" else "not-run")
        config_cases.append(tc)
    _suite(root, "rulecheck.configurations", config_cases)
    for game in report.games:
        cases = []
        for f in (f for f in report.findings if f.game == game):
            tc = _case(f"{game}.{f.kind}", f.id)
            reason = _skip_reason(f, fail_on, accepted)
            if reason is None:
                fail = ET.SubElement(tc, "failure", message=f"{f.severity}: {f.title}", type=f.kind)
                fail.text = _finding_body(f, report.clause_text)
            else:
                ET.SubElement(tc, "skipped", message=reason)
                ET.SubElement(tc, "system-out").text = _finding_body(f, report.clause_text)
            cases.append(tc)
        _suite(root, f"rulecheck.findings.{game}", cases)
    suites = list(root)
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=False).join(
        ['<?xml version="1.0" encoding="UTF-8"?>\n', "\n"])
