"""Audit extensions: `--symbolic` (Z3 results join the report) and rules dead per player count."""

from __future__ import annotations

import json
from pathlib import Path

from rulecheck.audit import SYMBOLIC_PLAN, run_audit

PLAN = [("chonker-party", "standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1")]


def test_symbolic_results_are_in_the_report(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(SYMBOLIC_PLAN, "chonker-party", [("standard", 3)])
    report = run_audit(["chonker-party"], plan=PLAN, playouts=0, symbolic=True, symbolic_seconds=30,
                       out_dir=tmp_path)
    data = json.loads((tmp_path / "audit.json").read_text())
    assert data["settings"]["symbolic"] == {"seconds_per_config": 30, "depth": 20}
    statements = [s for entry in data["symbolic"] for s in entry.get("statements", [])]
    assert any(s.startswith("invariant:cards-conserved: proved for all depths") for s in statements), statements
    assert report.symbolic and "## Symbolic checks (Z3, full decks)" in (tmp_path / "AUDIT.md").read_text()


def test_without_symbolic_the_report_has_no_z3_section(tmp_path: Path) -> None:
    run_audit(["chonker-party"], plan=PLAN, playouts=0, out_dir=tmp_path)
    data = json.loads((tmp_path / "audit.json").read_text())
    assert "symbolic" not in data and "symbolic" not in data["settings"]


SKIP_DECK = "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"
SKIP_PLAN = [("chonker-party", "standard", n, SKIP_DECK) for n in (2, 4)]


def _ids(tmp_path: Path) -> set[str]:
    report = run_audit(["chonker-party"], plan=SKIP_PLAN, playouts=0, out_dir=tmp_path)
    return {f.id for f in report.findings}


def test_skip_rules_are_dead_with_two_players_because_the_skips_are_tossed(tmp_path: Path) -> None:
    ids = _ids(tmp_path)
    assert "chonker-party.dead-rule.cp.skip.1.2p" in ids
    assert not any(i.endswith(".4p") and ".cp.skip." in i for i in ids)


def test_without_the_toss_out_the_skip_rules_are_alive(tmp_path: Path, monkeypatch) -> None:
    from rulecheck.games.chonker_party import cards

    monkeypatch.setattr(cards, "_KEEP_AT_MOST", {})  # a rulebook that tosses nothing out
    assert "chonker-party.dead-rule.cp.skip.1.2p" not in _ids(tmp_path)
