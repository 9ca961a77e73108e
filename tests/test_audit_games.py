"""The audit on the real game models: Chomp! and Chonker Party.

Runs the quick audit plan once (module fixture) and checks that its findings include gaps, a
conflict, a non-termination and a dead rule for each game, and that `explain` replays every
witness.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rulecheck.audit import QUICK_PLAN, explain_finding, find_finding, run_audit
from rulecheck.cli import main
from rulecheck.core.game import action_from_json
from rulecheck.engine import replay
from rulecheck.findings import Finding
from rulecheck.games import GAMES, load_game

GAMES_UNDER_TEST = ("chomp", "chonker-party")


def _missing(game: str) -> str | None:
    try:
        importlib.import_module(GAMES[game])
    except ModuleNotFoundError as exc:
        return f"game package for {game} is not written yet ({exc})"
    return None


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    reasons = [r for r in (_missing(g) for g in GAMES_UNDER_TEST) if r]
    if reasons:
        pytest.skip("; ".join(reasons))
    out = tmp_path_factory.mktemp("audit")
    rep = run_audit(list(GAMES_UNDER_TEST), quick=True, out_dir=out, playouts=10, playout_steps=2000, jobs=2)
    return out, rep.to_json()


def _findings(data: dict[str, Any], game: str) -> list[Finding]:
    return [Finding.from_json(f) for f in data["findings"] if f["game"] == game]


@pytest.mark.parametrize("game", GAMES_UNDER_TEST)
def test_quick_plan_is_complete(report: tuple[Path, dict[str, Any]], game: str) -> None:
    _, data = report
    configs = [c for c in data["configurations"] if c["config"]["game"] == game]
    assert configs and len(configs) == len(QUICK_PLAN[game])
    assert all(c["complete"] for c in configs), [c["config"] for c in configs if not c["complete"]]
    assert not data["errors"]


@pytest.mark.parametrize("game", GAMES_UNDER_TEST)
def test_findings_include_gaps_conflict_and_dead_rule(report: tuple[Path, dict[str, Any]], game: str) -> None:
    _, data = report
    kinds = [f.kind for f in _findings(data, game)]
    assert kinds.count("gap") >= 2
    assert "conflict" in kinds
    assert "dead-rule" in kinds


def test_chomp_can_go_on_forever(report: tuple[Path, dict[str, Any]]) -> None:
    _, data = report
    cycles = [f for f in _findings(data, "chomp") if f.kind == "non-termination"]
    assert cycles and all(f.witness is not None and f.witness.loop_start is not None for f in cycles)


def test_chonker_party_terminates_in_every_quick_configuration(report: tuple[Path, dict[str, Any]]) -> None:
    _, data = report
    for c in data["configurations"]:
        if c["config"]["game"] == "chonker-party":
            assert "terminates" in c["chosen"]["proved"]


@pytest.mark.parametrize("game", GAMES_UNDER_TEST)
def test_every_witness_replays_and_explains(report: tuple[Path, dict[str, Any]], game: str) -> None:
    _, data = report
    for f in _findings(data, game):
        if f.witness is None:
            continue
        cfg = f.witness.config
        g = load_game(cfg["game"], cfg["variant"], cfg["players"], cfg["ruleset"], cfg["deck"])
        steps, final = replay(g, [action_from_json(a) for a in f.witness.actions])
        if f.kind in ("gap", "conflict") and cfg["ruleset"] == "raw":
            assert getattr(final, "ruling", None) == f.ruling
        elif f.kind in ("gap", "conflict"):  # a full-deck game under a ruleset: the step applies the ruling
            assert f.ruling in {r for s in steps for r in s.provenance.rulings}
        if f.witness.loop_start is not None:
            _, before = replay(g, [action_from_json(a) for a in f.witness.actions[: f.witness.loop_start]])
            assert before == final
        text = explain_finding(find_finding(data, f.id))
        assert f.id in text


def test_explain_cli_on_a_real_finding(report: tuple[Path, dict[str, Any]]) -> None:
    out, data = report
    gap = next(f for f in data["findings"] if f["kind"] == "gap")
    result = CliRunner().invoke(main, ["explain", gap["id"], "--report", str(out / "audit.json")])
    assert result.exit_code == 0, result.output
    assert "GAP:" in result.output and "<== the problem" in result.output
