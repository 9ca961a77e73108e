"""The committed documents are up to date: regenerated from the committed reports/audit.json,
docs/ERRATA.md, docs/FAQ.md (and their HTML pages) and reports/AUDIT.md come out byte for byte
the same, and the report's edition, component-list and worked-example findings are what the
comparison, the component check and the scenarios compute now. Regenerate with:

    rulecheck audit && rulecheck errata --html docs/ERRATA.html && rulecheck faq --html docs/FAQ.html
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulecheck.core.paths import project_dir
from rulecheck.docs import errata_documents, faq_documents
from rulecheck.docs.components import component_findings
from rulecheck.docs.editions import edition_findings
from rulecheck.docs.report import load_report
from rulecheck.findings import Finding
from rulecheck.scenarios import example_findings

ROOT = project_dir()
REPORT = ROOT / "reports" / "audit.json"
REGENERATE = "regenerate with `rulecheck errata --html docs/ERRATA.html` / `rulecheck faq --html docs/FAQ.html`"

pytestmark = pytest.mark.skipif(
    not REPORT.exists(), reason="reports/audit.json is not committed yet (run `rulecheck audit`)"
)


def _read(path: Path) -> str:
    assert path.exists(), f"{path.relative_to(ROOT)} is missing; {REGENERATE}"
    with path.open(encoding="utf-8", newline="") as handle:
        return handle.read()


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    return load_report(REPORT)


def test_errata_are_up_to_date(findings: list[Finding]) -> None:
    docs = errata_documents(findings)
    assert _read(ROOT / "docs" / "ERRATA.md") == docs.markdown, f"docs/ERRATA.md is out of date; {REGENERATE}"
    assert _read(ROOT / "docs" / "ERRATA.html") == docs.html, f"docs/ERRATA.html is out of date; {REGENERATE}"


def test_faq_is_up_to_date(findings: list[Finding]) -> None:
    docs = faq_documents(findings)
    assert _read(ROOT / "docs" / "FAQ.md") == docs.markdown, f"docs/FAQ.md is out of date; {REGENERATE}"
    assert _read(ROOT / "docs" / "FAQ.html") == docs.html, f"docs/FAQ.html is out of date; {REGENERATE}"


def _report_json() -> dict[str, Any]:
    return json.loads(REPORT.read_text(encoding="utf-8"))


def test_audit_markdown_matches_the_audit_json() -> None:
    from rulecheck.audit import report_from_json

    report = report_from_json(_report_json())
    assert _read(ROOT / "reports" / "AUDIT.md") == report.to_markdown(), (
        "reports/AUDIT.md does not match reports/audit.json; run `rulecheck audit`"
    )


@pytest.mark.parametrize(
    ("kind", "compute"),
    [("translation", edition_findings), ("component", component_findings), ("example-mismatch", example_findings)],
)
def test_report_has_the_findings_computed_now(findings: list[Finding], kind: str, compute: Any) -> None:
    in_report = {f.id: f for f in findings if f.kind == kind}
    games = sorted({f.game for f in findings})
    now = {f.id: f for g in games for f in compute(g)}
    if not in_report and now:
        pytest.skip(f"the audit does not include {kind} findings yet (rulecheck.audit must call {compute.__name__})")
    stale = f"reports/audit.json {kind} findings are out of date; run `rulecheck audit`"
    assert sorted(in_report) == sorted(now), stale
    for fid, f in now.items():
        assert (in_report[fid].title, in_report[fid].detail, in_report[fid].clauses) == (f.title, f.detail, f.clauses)


def test_every_witness_of_the_committed_report_replays(findings: list[Finding]) -> None:
    """Every published claim has a witness the engine replays: each finding's trace (and each
    full-deck witness's seeded game) is legal move by move in its own configuration."""
    from rulecheck.check.determinacy import playout_witness
    from rulecheck.check.explore import Config
    from rulecheck.core.errors import RulecheckError
    from rulecheck.core.game import action_from_json

    broken = []
    for f in findings:
        if f.witness is not None:
            game = Config.from_json(f.witness.config).load()
            state = game.root_state()
            for n, raw in enumerate(f.witness.actions):
                try:  # (apply checks the move: a full deck's deal is too big to list)
                    state = game.apply(state, action_from_json(list(raw))).state
                except RulecheckError as exc:
                    broken.append(f"{f.id}: step {n}: {exc}")
                    break
        fw = f.data.get("full_deck", {}).get("witness")
        if fw and "step" in fw:
            full = Config.from_json(fw["config"]).load()
            assert len(playout_witness(full, fw["seed"], fw["step"])) == fw["step"] + 1, f.id
    assert not broken, broken
