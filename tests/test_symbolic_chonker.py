"""Chonker Party card-flow encoding and phase machine: proofs, and the engine's steps admitted by them."""

from __future__ import annotations

import random

import z3
from click.testing import CliRunner

from rulecheck.check.symbolic.chonker_encoding import card_flow, check_engine_step
from rulecheck.check.symbolic.chonker_phases import (
    abstract_phases,
    broken_ranking,
    describe,
    holds,
    phase_machine,
    prove_terminates,
    ranking,
)
from rulecheck.check.symbolic.chonker_phases import check_engine_step as admits
from rulecheck.check.symbolic.induction import k_induction
from rulecheck.check.symbolic.queries import run_symbolic_checks
from rulecheck.cli import main
from rulecheck.games import load_game
from rulecheck.games.chonker_party.state import PH_NAME, PH_PLAY, PH_SHOW


def test_proofs_on_the_full_deck() -> None:
    report = run_symbolic_checks("chonker-party", players=4, budget_seconds=60, queries=[
        "invariant:cards-conserved", "plays-bounded", "terminates", "engine-admitted"])
    by = {r.query: r for r in report.results}
    assert by["invariant:cards-conserved"].statement() == "proved for all depths"
    assert by["plays-bounded"].status == "proved"
    assert by["terminates"].statement() == "proved for all depths"
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
    out = runner.invoke(main, ["bmc", "chonker-party", "-n", "3", "-q", "invariant:cards-*", "-q", "plays-bounded"])
    assert out.exit_code == 0, out.output
    assert "proved for all depths" in out.output
    listed = runner.invoke(main, ["bmc", "chomp", "--list"])
    assert "ruling:chomp.war_short" in listed.output and "lasso" in listed.output
    bad = runner.invoke(main, ["bmc", "chomp", "-q", "no-such-query"])
    assert bad.exit_code == 2 and "unknown query" in bad.output


# ----------------------------------------------------------------- termination (phase machine)


def _lex_less(a: list[int], b: list[int]) -> bool:
    return a < b  # Python compares lists lexicographically


def test_termination_is_proved_for_2_to_6_players() -> None:
    for n in range(2, 7):
        g = load_game("chonker-party", None, n)
        r = prove_terminates(phase_machine(n, g.card_total()))
        assert r.statement() == "proved for all depths", (n, r.detail)


def test_a_broken_ranking_is_refuted() -> None:
    pm = phase_machine(4, 78)
    r = prove_terminates(pm, broken_ranking)  # no per-phase counter: no_war does not decrease it
    assert r.status == "unknown" and r.meta["rank_before"] == r.meta["rank_after"]
    no_table = prove_terminates(pm, lambda s: [x for j, x in enumerate(ranking(s)) if j != 1])
    assert no_table.status == "unknown"  # end_round keeps U: the table must be ranked


def test_the_phase_machine_admits_engine_playouts() -> None:
    """Every step of seeded playouts (2-6 players) is a move of the phase machine, every
    abstracted state satisfies the invariant, and the ranking decreases on every step."""
    for n in range(2, 7):
        g = load_game("chonker-party", None, n)
        pm = phase_machine(n, g.card_total())
        used: set[str] = set()
        for seed in range(2):
            rng = random.Random(100 * n + seed)
            st = g.new_initial_state(seed=100 * n + seed)
            assert holds(pm, st)
            while not g.is_terminal(st):
                a = g.sample_chance(st, rng) if g.is_chance_node(st) else rng.choice(g.legal_actions(st))
                nxt = g.apply(st, a).state
                move = admits(pm, st, nxt)
                assert move is not None, (n, a, describe(abstract_phases(st)), describe(abstract_phases(nxt)))
                assert holds(pm, nxt), (n, a, describe(abstract_phases(nxt)))
                before, after = abstract_phases(st), abstract_phases(nxt)
                assert after["ph"] == nxt.phase
                assert sum(after[k] for k in "DXHTW") == g.card_total()
                assert _lex_less(_rank(after), _rank(before)), (n, a, _rank(before), _rank(after))
                used.add(move)
                st = nxt
        assert {"play", "draw", "end_round", "name_type", "steal_from", "stolen"} <= used, (n, used)


def _rank(values: dict[str, int]) -> list[int]:
    ground = {k: z3.IntVal(v) for k, v in values.items()}
    return [z3.simplify(x).as_long() for x in ranking(ground)]


def test_a_broken_step_is_rejected() -> None:
    g = load_game("chonker-party", None, 4)
    pm = phase_machine(4, g.card_total())
    s = g.new_initial_state(seed=0)
    assert s.phase == PH_PLAY and s.window  # someone else holds a War: the window comes first
    assert admits(pm, s, s._replace(window=False)) == "no_war"
    assert admits(pm, s._replace(window=False), s) is None  # a window reopened by nothing
    s = s._replace(window=False)
    assert admits(pm, s, s) is None  # a decision that decides nothing
    hands = list(s.hands)
    hands[0] = (hands[0][0] + 1, *hands[0][1:])
    assert admits(pm, s, s._replace(hands=tuple(hands))) is None  # a card from nowhere
    shows = s._replace(phase=PH_SHOW, pend=(2,), table=(1, *s.table[1:]),
                       hands=(tuple(x - (j == 0) for j, x in enumerate(s.hands[0])), *s.hands[1:]))
    assert admits(pm, shows, shows._replace(phase=PH_NAME, pend=())) is None  # back up
    assert admits(pm, shows, shows._replace(pend=())) == "show"
    assert admits(pm, shows, shows._replace(pend=(1, 2))) is None  # more shows than before


def test_cli_terminates() -> None:
    out = CliRunner().invoke(main, ["bmc", "chonker-party", "-n", "4", "-q", "terminates"])
    assert out.exit_code == 0, out.output
    assert "terminates: proved for all depths" in out.output
