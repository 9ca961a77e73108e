"""`rulecheck audit --format text|json|sarif|junit|markdown` (issue 20): SARIF 2.1.0 valid against
the official schema, each result on the rulebook line of the clause it cites; JUnit XML as CI
systems read it; JSON and Markdown the reports themselves.

``fixtures/sarif-schema-2.1.0.json`` is the official schema (OASIS SARIF TC, 2.1.0 errata01,
``sarif-2.1/schema/sarif-schema-2.1.0.json`` of oasis-tcs/sarif-spec), kept here because CI
reaches only package registries and neither ``sarif-om`` nor ``sarif-tools`` ships it.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import junitparser
import pytest
from audit_helpers import CP_QUICK, TINY_PLAN, tiny_quick_plan
from click.testing import CliRunner, Result

from rulecheck.audit import AuditReport, run_audit
from rulecheck.baseline import Baseline
from rulecheck.cli import main
from rulecheck.cli.audit import exit_code, formatted
from rulecheck.core.clauses import clauses_for_game
from rulecheck.core.paths import project_dir
from rulecheck.docs.sarif import LEVELS, clause_location

SCHEMA = Path(__file__).parent / "fixtures" / "sarif-schema-2.1.0.json"


@pytest.fixture(autouse=True)
def _tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_quick_plan(monkeypatch)


@pytest.fixture(scope="module")
def audit(tmp_path_factory: pytest.TempPathFactory) -> tuple[AuditReport, Path]:
    out = tmp_path_factory.mktemp("cp")
    report = run_audit(["chonker-party"], plan=TINY_PLAN, playouts=0, out_dir=out)
    assert report.findings and report.status == "complete"
    return report, out


def _sarif(report: AuditReport, **kw: object) -> dict:
    return json.loads(formatted(report, "sarif", exit_code(report, None), **kw))  # type: ignore[arg-type]


def test_sarif_is_valid_against_the_official_2_1_0_schema(audit: tuple[AuditReport, Path]) -> None:
    report, _ = audit
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    for log in (_sarif(report), _sarif(report, baseline=Baseline("b.json", frozenset({report.findings[0].id})))):
        jsonschema.Draft4Validator.check_schema(schema)
        errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=str)
        assert not errors, [e.message for e in errors[:5]]
        assert log["version"] == "2.1.0"


def test_each_finding_is_a_result_with_kind_level_title(audit: tuple[AuditReport, Path]) -> None:
    report, _ = audit
    run = _sarif(report)["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert len(run["results"]) == len(report.findings)
    for f, r in zip(report.findings, run["results"], strict=True):
        assert r["ruleId"] == f.kind and rules[r["ruleIndex"]] == f.kind
        assert r["level"] == LEVELS[f.severity] and r["message"]["text"] == f.title
        assert r["partialFingerprints"]["rulecheckFindingId/v1"] == f.id
    assert {r["level"] for r in run["results"]} <= {"error", "warning", "note"}


def test_each_result_points_at_the_rulebook_line_of_its_first_clause(audit: tuple[AuditReport, Path]) -> None:
    report, _ = audit
    clauses = clauses_for_game("chonker-party")
    for f, r in zip(report.findings, _sarif(report)["runs"][0]["results"], strict=True):
        (loc,) = r["locations"]
        phys = loc["physicalLocation"]
        assert phys["artifactLocation"]["uri"] == "models/rulebooks/chonker-party-en.txt"
        lines = (project_dir() / phys["artifactLocation"]["uri"]).read_text(encoding="utf-8").split("\n")
        region = phys["region"]
        first = clauses[f.clauses[0]]
        assert loc["message"]["text"] == f"clause {f.clauses[0]}"
        if region["startLine"] == region["endLine"]:  # the region's text on its line is the clause
            line = lines[region["startLine"] - 1]
            assert line[region["startColumn"] - 1:region["endColumn"] - 1] == first.text
        else:
            assert lines[region["startLine"] - 1][region["startColumn"] - 1:] == first.text.split("\n")[0]
        assert region["snippet"]["text"] == first.text
        related = [x["message"]["text"] for x in r.get("relatedLocations", [])]
        assert related == [f"clause {c}" for c in f.clauses[1:]]


def test_clause_location_of_a_spanish_clause_and_an_unknown_one() -> None:
    es = next(c for c in clauses_for_game("chomp").values() if c.id.startswith("es."))
    loc = clause_location(es.id)
    assert loc is not None and loc.uri == "models/rulebooks/chomp-es.txt" and loc.text == es.text
    assert clause_location("es.no-such-section.99") is None and clause_location("zz.x.1") is None


def test_sarif_baseline_state(audit: tuple[AuditReport, Path]) -> None:
    report, _ = audit
    accepted = report.findings[0].id
    results = _sarif(report, baseline=Baseline("b.json", frozenset({accepted})))["runs"][0]["results"]
    assert [r["baselineState"] for r in results] == ["unchanged"] + ["new"] * (len(results) - 1)
    assert all("baselineState" not in r for r in _sarif(report)["runs"][0]["results"])


def test_junit_one_case_per_configuration_and_finding_read_by_junitparser(audit: tuple[AuditReport, Path],
                                                                          tmp_path: Path) -> None:
    report, _ = audit
    path = tmp_path / "audit.xml"
    path.write_text(formatted(report, "junit", 1, fail_on="medium"), encoding="utf-8")
    xml = junitparser.JUnitXml.fromfile(str(path))
    suites = {s.name: s for s in xml}
    assert set(suites) == {"rulecheck.configurations", "rulecheck.findings.chonker-party"}
    configs = list(suites["rulecheck.configurations"])
    assert len(configs) == len(report.settings["plan"]) and all(c.is_passed for c in configs)
    cases = {c.name: c for c in suites["rulecheck.findings.chonker-party"]}
    assert list(cases) == [f.id for f in report.findings]
    for f in report.findings:
        case = cases[f.id]
        assert case.classname == f"chonker-party.{f.kind}"
        if f.severity in ("critical", "high", "medium"):
            (failure,) = case.result
            assert isinstance(failure, junitparser.Failure) and failure.type == f.kind
            assert failure.message == f"{f.severity}: {f.title}" and f"rulecheck explain {f.id}" in failure.text
        else:
            assert case.is_skipped and "below --fail-on medium" in case.result[0].message
    failed = sum(1 for f in report.findings if f.severity in ("critical", "high", "medium"))
    assert (xml.tests, xml.failures, xml.errors, xml.skipped) == (
        len(configs) + len(report.findings), failed, 0, len(report.findings) - failed)


def test_junit_an_incomplete_configuration_fails(tmp_path: Path) -> None:
    report = run_audit(["chonker-party"], plan=TINY_PLAN, playouts=0, max_states=5, write=False)
    path = tmp_path / "audit.xml"
    path.write_text(formatted(report, "junit", 3), encoding="utf-8")
    configs = list(next(s for s in junitparser.JUnitXml.fromfile(str(path)) if s.name == "rulecheck.configurations"))
    assert configs and all(isinstance(c.result[0], junitparser.Failure) for c in configs)
    assert "raw: stopped at max-states; recommended: stopped at max-states" in configs[0].result[0].message


def _cli(*args: str) -> Result:
    return CliRunner().invoke(main, [*CP_QUICK, *args])


@pytest.mark.parametrize("fmt", ["json", "markdown", "sarif", "junit"])
def test_cli_format_to_stdout_is_the_document_only(fmt: str, tmp_path: Path) -> None:
    res = _cli("--format", fmt, "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    if fmt == "json":
        assert res.stdout == (tmp_path / "audit.json").read_text(encoding="utf-8")
    elif fmt == "markdown":
        assert res.stdout == (tmp_path / "AUDIT.md").read_text(encoding="utf-8")
    elif fmt == "sarif":
        assert json.loads(res.stdout)["runs"][0]["results"]
    else:
        assert res.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')
    assert res.stderr.strip().splitlines()[-1].startswith("rulecheck: "), res.stderr  # the totals on stderr


def test_cli_format_to_a_file_keeps_the_text_lines_on_stdout(tmp_path: Path) -> None:
    res = _cli("--format", "sarif", "-o", str(tmp_path / "audit.sarif"), "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "audit.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert f"wrote {tmp_path / 'audit.sarif'}" in res.stderr
    text = _cli("--format", "text", "-o", str(tmp_path / "audit.txt"), "--out", str(tmp_path))
    assert text.exit_code == 0 and text.stdout == ""
    assert (tmp_path / "audit.txt").read_text(encoding="utf-8").splitlines()[-1].startswith("rulecheck: ")


def test_cli_two_outputs_on_stdout_is_a_usage_error(tmp_path: Path) -> None:
    res = _cli("--format", "sarif", "--json", "-", "--out", str(tmp_path))
    assert res.exit_code == 2 and "would all write to standard output" in res.stderr
    assert not list(tmp_path.iterdir()), "a rejected audit writes nothing"
