"""`rulecheck audit --write-baseline FILE` records the accepted findings; `--baseline FILE` makes
`--fail-on` fail only on findings that are not in it (issue 20), end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from audit_helpers import CP_QUICK, tiny_quick_plan
from click.testing import CliRunner, Result

from rulecheck.baseline import BASELINE_FORMAT, Baseline, failing, load_baseline
from rulecheck.cli import main
from rulecheck.core.errors import InputFileError
from rulecheck.findings import Finding


@pytest.fixture(autouse=True)
def _tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_quick_plan(monkeypatch)


def _audit(out: Path, *args: str) -> Result:
    return CliRunner().invoke(main, [*CP_QUICK, "--out", str(out), *args])


def test_baseline_end_to_end(tmp_path: Path) -> None:
    base = tmp_path / "baseline.json"
    first = _audit(tmp_path, "--fail-on", "info", "--write-baseline", str(base))
    assert first.exit_code == 1, first.output  # every finding is new without a baseline
    data = json.loads(base.read_text(encoding="utf-8"))
    report = json.loads((tmp_path / "audit.json").read_text(encoding="utf-8"))
    assert data["format"] == BASELINE_FORMAT
    assert [f["id"] for f in data["findings"]] == sorted(f["id"] for f in report["findings"])
    assert f"wrote {base}" in first.stderr

    accepted = _audit(tmp_path, "--fail-on", "info", "--baseline", str(base))
    assert accepted.exit_code == 0, accepted.output
    assert accepted.stdout.splitlines()[-1].endswith(f"; 0 new, not in the baseline {base}; exit 0")
    assert all(line.endswith("  [baseline]") for line in accepted.stdout.splitlines()[1:-1])

    # forget three accepted findings of low severity: they are new again, and only they fail the audit
    dropped = [f for f in data["findings"] if f["severity"] in ("low", "info")][:3]
    data["findings"] = [f for f in data["findings"] if f not in dropped]
    base.write_text(json.dumps(data), encoding="utf-8")
    new = _audit(tmp_path, "--fail-on", "info", "--baseline", str(base))
    assert new.exit_code == 1, new.output
    assert f"3 finding(s) at or above info, not in the baseline {base}" in new.stderr
    unmarked = [line.split()[2] for line in new.stdout.splitlines()[1:-1] if not line.endswith("  [baseline]")]
    assert sorted(unmarked) == sorted(f["id"] for f in dropped)
    # the new findings are below --fail-on medium, the ones at or above it are accepted: it passes
    assert _audit(tmp_path, "--fail-on", "medium", "--baseline", str(base)).exit_code == 0
    assert _audit(tmp_path, "--fail-on", "medium").exit_code == 1


def test_an_audit_report_is_a_baseline_too(tmp_path: Path) -> None:
    assert _audit(tmp_path).exit_code == 0
    res = _audit(tmp_path / "again", "--fail-on", "info", "--baseline", str(tmp_path / "audit.json"))
    assert res.exit_code == 0, res.output


def test_sarif_with_a_baseline_marks_new_results(tmp_path: Path) -> None:
    base = tmp_path / "baseline.json"
    assert _audit(tmp_path, "--write-baseline", str(base)).exit_code == 0
    data = json.loads(base.read_text(encoding="utf-8"))
    new_id = data["findings"].pop(0)["id"]
    base.write_text(json.dumps(data), encoding="utf-8")
    res = _audit(tmp_path, "--format", "sarif", "--baseline", str(base))
    results = json.loads(res.stdout)["runs"][0]["results"]
    assert {r["partialFingerprints"]["rulecheckFindingId/v1"] for r in results if r["baselineState"] == "new"} == {
        new_id}


@pytest.mark.parametrize(("content", "words"), [
    (b'{"format": "rulecheck-baseline/1", "findings": [{"title": "no id"}]}', 'must be a list of objects with an "id"'),
    (b'{"findings": []}', "not a rulecheck baseline"),
    (b'{"format": "rulecheck-baseline/1", "findings": [', "not valid JSON"),
    (b'\xff\xfe{}', "not UTF-8"),
])
def test_a_bad_baseline_exits_2_before_any_work(tmp_path: Path, content: bytes, words: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    res = _audit(tmp_path / "out", "--baseline", str(bad))
    assert res.exit_code == 2, res.output
    assert res.stderr.startswith("error: baseline ") and words in res.stderr and len(res.stderr.splitlines()) == 1
    assert not (tmp_path / "out").exists(), "a rejected audit writes nothing"
    with pytest.raises(InputFileError):
        load_baseline(str(bad))


def test_failing_counts_only_new_findings_at_or_above_the_threshold() -> None:
    fs = [Finding(f"g.gap.{s}", "g", "gap", s, s) for s in ("critical", "low")]
    assert failing(fs, None) == []
    assert [f.id for f in failing(fs, "low")] == ["g.gap.critical", "g.gap.low"]
    assert [f.id for f in failing(fs, "high")] == ["g.gap.critical"]
    assert failing(fs, "high", Baseline("b", frozenset({"g.gap.critical"}))) == []
    assert [f.id for f in failing(fs, "info", Baseline("b", frozenset({"g.gap.critical"})))] == ["g.gap.low"]


def test_write_baseline_to_stdout_sends_the_text_lines_to_stderr(tmp_path: Path) -> None:
    res = _audit(tmp_path, "--write-baseline", "-")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["format"] == BASELINE_FORMAT
    assert res.stderr.strip().splitlines()[-1].startswith("rulecheck: ")
    both = _audit(tmp_path, "--write-baseline", "-", "--json", "-")
    assert both.exit_code == 2 and "--json and --write-baseline would all write to standard output" in both.stderr
