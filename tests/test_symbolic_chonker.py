"""Chonker Party card-flow encoding: proofs, and the engine's steps admitted by it."""

from __future__ import annotations

from click.testing import CliRunner

from rulecheck.check.symbolic.chonker_encoding import card_flow, check_engine_step
from rulecheck.check.symbolic.induction import k_induction
from rulecheck.check.symbolic.queries import run_symbolic_checks
from rulecheck.cli import main
from rulecheck.games import load_game


def test_proofs_on_the_full_deck() -> None:
    report = run_symbolic_checks("chonker-party", players=4, budget_seconds=60)
    by = {r.query: r for r in report.results}
    assert by["invariant:cards-conserved"].statement() == "proved for all depths"
    assert by["plays-bounded"].status == "proved"
    assert by["engine-admitted"].status == "no-witness"


def test_a_false_invariant_is_refuted() -> None:
    enc = card_flow(4, 78)
    r = k_induction(enc.system, lambda s: s["T"] <= 3, 6)
    assert r.status == "witness" and r.depth == 4


def test_an_impossible_step_is_not_admitted() -> None:
    g = load_game("chonker-party", None, 4)
    enc = card_flow(4, g.card_total())
    s = g.new_initial_state(seed=0)
    assert check_engine_step(enc, s, s)  # idle
    hands = list(s.hands)
    hands[0] = (hands[0][0] + 1, *hands[0][1:])  # a card from nowhere
    assert not check_engine_step(enc, s, s._replace(hands=tuple(hands)))


def test_cli() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["bmc", "chonker-party", "-n", "3", "-q", "invariant:*", "-q", "plays-bounded"])
    assert out.exit_code == 0, out.output
    assert "proved for all depths" in out.output
    listed = runner.invoke(main, ["bmc", "chomp", "--list"])
    assert "ruling:chomp.war_short" in listed.output and "lasso" in listed.output
    bad = runner.invoke(main, ["bmc", "chomp", "-q", "no-such-query"])
    assert bad.exit_code == 2 and "unknown query" in bad.output
