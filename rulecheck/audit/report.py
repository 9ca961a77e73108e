"""The audit's report: :class:`AuditReport`, its JSON, reading it back, and writing it so that an
incomplete report never replaces a complete one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck import __version__
from rulecheck.audit.explain import witness_lines
from rulecheck.audit.render import markdown
from rulecheck.check.detectors import all_clauses
from rulecheck.check.full_deck import status_counts
from rulecheck.core.errors import RulecheckError, UnknownFindingError
from rulecheck.core.game import Game
from rulecheck.core.paths import project_dir
from rulecheck.findings import SEVERITIES, Finding, severity_at_least

AUDIT_FORMAT = "rulecheck-audit/1"


@dataclass
class AuditReport:
    """The audit's result; :meth:`to_json` and :meth:`to_markdown` are deterministic."""

    games: list[str]
    ruleset: str
    settings: dict[str, Any]
    status: str = "complete"
    configurations: list[dict[str, Any]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    statistics: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    clause_text: dict[str, str] = field(default_factory=dict)
    witness_text: dict[str, dict[str, Any]] = field(default_factory=dict)
    symbolic: list[dict[str, Any]] = field(default_factory=list)
    fixed_order: list[dict[str, Any]] = field(default_factory=list)
    specification: dict[str, dict[str, Any]] = field(default_factory=dict)
    loaded: dict[str, Game] = field(default_factory=dict, repr=False)

    def summary(self) -> dict[str, Any]:
        by_kind: dict[str, int] = {}
        by_sev: dict[str, int] = {}
        for f in self.findings:
            by_kind[f.kind] = by_kind.get(f.kind, 0) + 1
            by_sev[f.severity] = by_sev.get(f.severity, 0) + 1
        return {
            "findings": len(self.findings),
            "by_kind": dict(sorted(by_kind.items())),
            "by_severity": {s: by_sev[s] for s in SEVERITIES if s in by_sev},
            "configurations": len(self.configurations),
            "complete_configurations": sum(1 for c in self.configurations if c["complete"]),
            **({"full_deck": counts} if (counts := status_counts(self.findings)) else {}),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "format": AUDIT_FORMAT,
            "rulecheck": __version__,
            "status": self.status,
            "games": self.games,
            "ruleset": self.ruleset,
            "settings": self.settings,
            "summary": self.summary(),
            "configurations": self.configurations,
            "rulings": self.rulings,
            "statistics": self.statistics,
            "errors": self.errors,
            "findings": [f.to_json() for f in self.findings],
            **({"symbolic": self.symbolic} if self.symbolic else {}),
            **({"fixed_order": self.fixed_order} if self.fixed_order else {}),
            **({"specification": self.specification} if self.specification else {}),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    def worst(self, threshold: str) -> list[Finding]:
        return [f for f in self.findings if severity_at_least(f.severity, threshold)]

    def to_markdown(self) -> str:
        return markdown(self)


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def report_from_json(data: Mapping[str, Any]) -> AuditReport:
    """An audit report rebuilt from its JSON (``AuditReport.to_json``), so that AUDIT.md can be
    rendered again from a committed audit.json."""
    from rulecheck.findings import findings_from_json

    report = AuditReport(
        games=data["games"], ruleset=data["ruleset"], settings=data["settings"], status=data["status"],
        configurations=data["configurations"], findings=findings_from_json(data["findings"]),
        rulings=data["rulings"], statistics=data["statistics"], errors=data["errors"],
        specification=dict(data.get("specification", {})), fixed_order=list(data.get("fixed_order", [])),
    )
    finish_report(report)
    return report


def load_report(path: str | Path | None = None) -> dict[str, Any]:
    """Read an audit JSON (default ``reports/audit.json``, else the partial one)."""
    candidates = [Path(path)] if path is not None else [
        project_dir() / "reports" / "audit.json",
        project_dir() / "reports" / "audit.partial.json",
    ]
    for p in candidates:
        if p.exists():
            try:
                data = json.loads(p.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise RulecheckError(f"{p}: not valid JSON: {exc}") from exc
            if not isinstance(data, dict) or data.get("format") != AUDIT_FORMAT:
                raise RulecheckError(f"{p}: not a rulecheck audit report (format {AUDIT_FORMAT})")
            return data
    raise RulecheckError(
        f"no audit report at {', '.join(str(p) for p in candidates)}; run `rulecheck audit` first"
    )


def find_finding(report: Mapping[str, Any], finding_id: str) -> Finding:
    """The finding with ``finding_id``; UnknownFindingError (with near matches) otherwise."""
    import difflib

    ids = [str(f.get("id")) for f in report.get("findings", [])]
    for f in report.get("findings", []):
        if f.get("id") == finding_id:
            return Finding.from_json(f)
    near = difflib.get_close_matches(finding_id, ids, n=5, cutoff=0.5)
    hint = f"; did you mean {', '.join(near)}?" if near else f"; the report has {len(ids)} findings"
    raise UnknownFindingError(f"no finding {finding_id!r} in the audit report{hint}")


def complete_report(path: Path) -> bool:
    """Whether ``path`` holds a complete audit report (JSON or Markdown), which only a complete
    report may replace."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if path.suffix == ".md":
        return "\n- Status: complete\n" in text
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and data.get("format") == AUDIT_FORMAT and data.get("status") == "complete"


def write_report(report: AuditReport, out: Path, json_path: str | Path | None) -> list[Path]:
    """Write the JSON and Markdown reports; an incomplete one goes beside a complete one
    (``audit.partial.json``, ``AUDIT.partial.md``) instead of over it. The paths written."""
    targets = [(Path(json_path) if json_path is not None else out / "audit.json", out / "audit.partial.json",
                report.dumps()), (out / "AUDIT.md", out / "AUDIT.partial.md", report.to_markdown())]
    written = []
    for path, aside, text in targets:
        if report.status != "complete" and complete_report(path):
            path = aside
        atomic_write(path, text)
        written.append(path)
    return written


def kept_note(out: Path, json_path: str | Path | None, written: Sequence[Path]) -> str:
    kept = [p for p in (Path(json_path) if json_path is not None else out / "audit.json", out / "AUDIT.md")
            if p not in written]
    return f" (the complete report in {' and '.join(map(str, kept))} is kept)" if kept else ""


def finish_report(report: AuditReport) -> None:
    """Clause texts and witness step texts for the Markdown report (replays each witness)."""
    games = {f.game for f in report.findings}
    for game in sorted(games):
        for cid, c in all_clauses(game).items():
            report.clause_text[cid] = " ".join(c.text.split())
    for f in report.findings:
        if f.witness is None:
            continue
        try:
            lines = witness_lines(f)
        except RulecheckError as exc:
            report.witness_text[f.id] = {"error": str(exc)}
            continue
        report.witness_text[f.id] = {"steps": len(f.witness.actions), "lines": lines}
