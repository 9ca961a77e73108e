"""The audit driver and the `audit`, `explain`, `graph` commands on the planted game."""

from __future__ import annotations

import json
from pathlib import Path

import planted_rules
import pytest
from click.testing import CliRunner

from rulecheck.audit import explain_finding, find_finding, load_report, run_audit
from rulecheck.cli import main
from rulecheck.core.errors import UnknownFindingError

PLAN = [("planted", "standard", 2, "full"), ("planted-clean", "standard", 2, "full")]


@pytest.fixture(autouse=True)
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    planted_rules.register(monkeypatch.setitem)


def _audit(out: Path, **kw: object):  # type: ignore[no-untyped-def]
    return run_audit(["planted", "planted-clean"], plan=PLAN, out_dir=out, playouts=30, playout_steps=40, **kw)  # type: ignore[arg-type]


def test_audit_writes_deterministic_reports(tmp_path: Path) -> None:
    _audit(tmp_path / "a")
    _audit(tmp_path / "b")
    for name in ("audit.json", "AUDIT.md"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert not (tmp_path / "a" / "audit.partial.json").exists()


def test_audit_report_content(tmp_path: Path) -> None:
    report = _audit(tmp_path)
    data = json.loads((tmp_path / "audit.json").read_text())
    assert data["status"] == "complete"
    assert all(c["complete"] for c in data["configurations"])
    ids = {f["id"] for f in data["findings"]}
    assert "planted.gap.gap_point" in ids and "planted.cycle.standard" in ids
    assert not any(i.startswith("planted-clean.") for i in ids)
    rulings = {r["id"]: r["status"] for r in data["rulings"]}
    assert rulings == {
        "planted.gap_point": "closed", "planted.conflict_point": "closed", "planted.never_point": "unreached"
    }
    gap = find_finding(data, "planted.gap.gap_point")
    assert gap.frequency is not None and gap.frequency["games"] == 30
    assert gap.data["closed_by"] == {"ruleset": "recommended", "option": "win"}
    assert report.worst("critical")
    md = (tmp_path / "AUDIT.md").read_text()
    assert "rulecheck explain planted.trap.standard" in md and "| trap | 1 |" in md
    assert len(data["statistics"]) == 2


def test_audit_under_raw_reports_gaps_as_open(tmp_path: Path) -> None:
    _audit(tmp_path, ruleset="raw")
    data = load_report(tmp_path / "audit.json")
    assert {r["status"] for r in data["rulings"] if r["id"] != "planted.never_point"} == {"open"}
    assert "planted.deadlock.standard" in {f["id"] for f in data["findings"]}


def test_interrupted_audit_keeps_completed_configurations(tmp_path: Path) -> None:
    def progress(msg: str) -> None:
        if msg.startswith("[2/2]"):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _audit(tmp_path, progress=progress)
    data = json.loads((tmp_path / "audit.json").read_text())
    assert data["status"] == "interrupted"
    assert [c["config"]["game"] for c in data["configurations"]] == ["planted"]
    assert "planted.gap.gap_point" in {f["id"] for f in data["findings"]}
    assert "INTERRUPTED" in (tmp_path / "AUDIT.md").read_text()
    assert (tmp_path / "audit.partial.json").exists()


def test_explain_replays_every_witness(tmp_path: Path) -> None:
    _audit(tmp_path)
    data = load_report(tmp_path / "audit.json")
    for raw in data["findings"]:
        f = find_finding(data, raw["id"])
        text = explain_finding(f)
        assert f.id in text
        if f.witness is not None and f.witness.loop_start is not None:
            assert "the loop starts here" in text and "is exactly the one before" in text
        elif f.witness is not None:
            assert "<== the problem" in text
    with pytest.raises(UnknownFindingError, match=r"did you mean planted\.gap\.gap_point"):
        find_finding(data, "planted.gap.gap_pont")


# --------------------------------------------------------------------------- command line


def test_cli_audit_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["audit", "planted", "--out", str(tmp_path), "--playouts", "5"]
    ok = runner.invoke(main, base)
    assert ok.exit_code == 0, ok.output
    assert "planted.trap.standard" in ok.output
    assert runner.invoke(main, [*base, "--fail-on", "critical"]).exit_code == 1
    clean = runner.invoke(main, ["audit", "planted-clean", "--out", str(tmp_path / "c"), "--fail-on", "info"])
    assert clean.exit_code == 0, clean.output
    bad = runner.invoke(main, ["audit", "nosuchgame", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "unknown game" in bad.output


def test_cli_json_option(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.json"
    result = CliRunner().invoke(main, ["audit", "planted", "--out", str(tmp_path), "--json", str(target),
                                       "--playouts", "0"])
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text())["format"] == "rulecheck-audit/1"
    assert not (tmp_path / "audit.json").exists()


def test_cli_explain(tmp_path: Path) -> None:
    runner = CliRunner()
    runner.invoke(main, ["audit", "planted", "--out", str(tmp_path), "--playouts", "0"])
    report = str(tmp_path / "audit.json")
    ok = runner.invoke(main, ["explain", "planted.cycle.standard", "--report", report])
    assert ok.exit_code == 0, ok.output
    assert "the loop starts here" in ok.output and "player 1 does pass" in ok.output
    gap = runner.invoke(main, ["explain", "planted.gap.gap_point", "--report", report])
    assert "GAP: planted.gap_point" in gap.output and "Open question (gap)" in gap.output
    dead = runner.invoke(main, ["explain", "planted.dead-rule.en.never.1", "--report", report])
    assert dead.exit_code == 0 and "No witness trace" in dead.output
    unknown = runner.invoke(main, ["explain", "planted.nope", "--report", report])
    assert unknown.exit_code == 2 and "no finding 'planted.nope'" in unknown.output
    missing = runner.invoke(main, ["explain", "x", "--report", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "no audit report" in missing.output


def test_cli_graph(tmp_path: Path) -> None:
    runner = CliRunner()
    for fmt in ("graphml", "dot"):
        out = tmp_path / f"g.{fmt}"
        result = runner.invoke(main, ["graph", "planted", "--ruleset", "raw", "--format", fmt, "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert "32 states" in result.output and out.read_text().strip()
    big = runner.invoke(main, ["graph", "planted", "-o", str(tmp_path / "x.dot"), "--max-nodes", "5"])
    assert big.exit_code == 2 and "more than 5 states" in big.output
