"""The explorer and every detector against a tiny game with planted defects (tests/planted_rules)."""

from __future__ import annotations

import networkx as nx
import planted_rules
import pytest

from rulecheck.check.detectors import config_findings, find_coverage_holes, find_dead
from rulecheck.check.explore import explore
from rulecheck.check.graph import analyse_cycles, to_networkx
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.game import Pending, action_from_json
from rulecheck.engine import replay
from rulecheck.findings import Finding, merge, merge_all
from rulecheck.games import load_game


@pytest.fixture(autouse=True)
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    planted_rules.register(monkeypatch.setitem)


def _all_findings(name: str, ruleset: str, **kw: object) -> tuple[list[Finding], object]:
    game = load_game(name, None, 2, ruleset)
    res = explore(game, **kw)  # type: ignore[arg-type]
    found = config_findings(res) + find_dead(game, [res]) + find_coverage_holes(name)
    return found, res


def _by_id(found: list[Finding]) -> dict[str, Finding]:
    return {f.id: f for f in found}


def _replay(f: Finding):  # type: ignore[no-untyped-def]
    assert f.witness is not None
    cfg = f.witness.config
    game = load_game(cfg["game"], cfg["variant"], cfg["players"], cfg["ruleset"], cfg["deck"])
    actions = [action_from_json(a) for a in f.witness.actions]
    _, final = replay(game, actions)
    return game, actions, final


# --------------------------------------------------------------------------- each planted defect


def test_gap_and_conflict_found_under_raw_with_shortest_witness() -> None:
    found = _by_id(_all_findings("planted", "raw")[0])
    for fid, kind, ruling in (
        ("planted.gap.gap_point", "gap", "planted.gap_point"),
        ("planted.conflict.conflict_point", "conflict", "planted.conflict_point"),
    ):
        f = found[fid]
        assert f.kind == kind and f.ruling == ruling and f.verified
        _, actions, final = _replay(f)
        assert len(actions) == 2  # the deal, then the winning move: nothing shorter reaches it
        assert f.witness is not None and f.witness.problem_step == 1
        assert isinstance(final, Pending) and final.ruling == ruling


def test_recommended_ruleset_closes_the_gaps() -> None:
    found = _by_id(_all_findings("planted", "recommended")[0])
    assert not [f for f in found.values() if f.kind in ("gap", "conflict")]


def test_deadlock_found_and_replays() -> None:
    f = _by_id(_all_findings("planted", "recommended")[0])["planted.deadlock.standard"]
    game, actions, final = _replay(f)
    assert len(actions) == 2
    assert not game.is_terminal(final) and game.legal_actions(final) == ()


@pytest.mark.parametrize(("fid", "prefix", "loop"), [("planted.cycle.standard", 1, 2), ("planted.trap.standard", 2, 2)])
def test_cycle_and_trap_have_replayable_lassos(fid: str, prefix: int, loop: int) -> None:
    f = _by_id(_all_findings("planted", "recommended")[0])[fid]
    assert f.witness is not None and f.witness.loop_start == prefix
    game, actions, final = _replay(f)
    assert len(actions) == prefix + loop
    _, before_loop = replay(game, actions[:prefix])
    assert before_loop == final  # the loop returns to exactly the same state
    assert not game.is_terminal(final)


def test_trap_is_only_the_loop_without_exit() -> None:
    game = load_game("planted", None, 2, "recommended")
    res = explore(game)
    analysis = analyse_cycles(res)
    # the {0,3} cycle can still end (someone may win); the {1,2} loop cannot
    trap_entry = analysis.first_trap_state()
    assert trap_entry is not None and res.states[trap_entry][0] in ("loopA", "loopB")
    assert analysis.trap_states() == 3  # loopA, loopB, and the stuck (deadlocked) state


def test_invariant_violation_found() -> None:
    f = _by_id(_all_findings("planted", "recommended")[0])["planted.invariant.cards-conserved"]
    game, actions, final = _replay(f)
    assert len(actions) == 2
    assert [v.id for v in game.invariants(final)] == ["cards-conserved"]
    assert f.clauses == ("en.win.1",)


def test_dead_rule_dead_ruling_unreachable_outcome_and_coverage_hole() -> None:
    found = _by_id(_all_findings("planted", "recommended")[0])
    assert found["planted.dead-rule.en.never.1"].kind == "dead-rule"
    assert found["planted.dead-ruling.never_point"].ruling == "planted.never_point"
    assert found["planted.unreachable-outcome.agreement"].kind == "unreachable-outcome"
    hole = found["planted.coverage.en.unmodelled.1"]
    assert hole.kind == "coverage" and hole.id != "planted.dead-rule.en.unmodelled.1"
    for fid in ("planted.dead-rule.en.never.1", "planted.unreachable-outcome.agreement"):
        assert found[fid].verified and found[fid].witness is None


def test_expected_set_of_findings_exactly() -> None:
    ids = set(_by_id(_all_findings("planted", "recommended")[0]))
    assert ids == {
        "planted.deadlock.standard",
        "planted.cycle.standard",
        "planted.trap.standard",
        "planted.invariant.cards-conserved",
        "planted.dead-rule.en.never.1",
        "planted.dead-ruling.never_point",
        "planted.unreachable-outcome.agreement",
        "planted.coverage.en.unmodelled.1",
    }


@pytest.mark.parametrize("ruleset", ["raw", "recommended"])
def test_clean_version_has_no_findings(ruleset: str) -> None:
    found, res = _all_findings("planted-clean", ruleset)
    assert found == []
    assert res.complete and set(res.proved()) == {"no-deadlock", "invariants-hold", "no-open-ruling-reached"}  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- bounds, symmetry, graph


def test_max_states_bound_is_incomplete_and_claims_nothing() -> None:
    game = load_game("planted", None, 2, "recommended")
    res = explore(game, max_states=5)
    assert not res.complete and res.stop_reason == "max-states"
    assert res.proved() == [] and res.summary()["complete"] is False
    assert find_dead(game, [res]) == []  # no dead-rule / unreachable claims from a partial search
    for f in config_findings(res):
        assert not f.verified


def test_max_seconds_bound() -> None:
    game = load_game("planted", None, 2, "recommended")
    res = explore(game, max_seconds=0.0)
    assert not res.complete and res.stop_reason == "max-seconds" and res.proved() == []


def test_found_problems_in_an_incomplete_search_are_real() -> None:
    game = load_game("planted", None, 2, "raw")
    res = explore(game, max_states=20)
    assert not res.complete
    for f in config_findings(res):
        if f.witness is not None:
            _replay(f)


def test_symmetry_reduction_and_witnesses_without_it() -> None:
    game = load_game("planted", None, 2, "raw")
    with_sym = explore(game)
    without = explore(game, symmetry=False)
    assert with_sym.distinct < without.distinct
    assert {f.id for f in config_findings(with_sym)} == {f.id for f in config_findings(without)}
    for f in config_findings(without):
        if f.witness is not None:
            _replay(f)


def test_scc_agrees_with_networkx() -> None:
    for name in ("planted", "planted-clean"):
        res = explore(load_game(name, None, 2, "raw"))
        ours = analyse_cycles(res)
        g = to_networkx(res, 1000)
        for comp in nx.strongly_connected_components(g):
            assert len({ours.comp[v] for v in comp}) == 1
            c = ours.comp[next(iter(comp))]
            cyclic = len(comp) > 1 or any(g.has_edge(v, v) for v in comp)
            assert bool(ours.cyclic[c]) == cyclic
        assert len(set(ours.comp)) == nx.number_strongly_connected_components(g)


def test_graph_export_refuses_big_graphs() -> None:
    res = explore(load_game("planted", None, 2, "raw"), max_states=6)
    with pytest.raises(InvalidConfigError, match="more than 5 states"):
        to_networkx(res, 5)


# --------------------------------------------------------------------------- findings records


def test_finding_json_round_trip_and_merge() -> None:
    found = _all_findings("planted", "raw")[0]
    for f in found:
        assert Finding.from_json(f.to_json()) == f
    f = _by_id(found)["planted.gap.gap_point"]
    assert f.witness is not None
    longer = f.witness.__class__(
        {**f.witness.config, "players": 3}, (*f.witness.actions, ["x"]), f.witness.problem_step
    )
    other = Finding(**{**f.__dict__, "configs": ({**f.configs[0], "players": 3},), "witness": longer})
    merged = merge(other, f)
    assert merged.witness == f.witness and len(merged.configs) == 2
    assert merge(f, other) == merged
    assert merge_all([other, f]) == [merged]


def test_a_game_registered_for_a_block_is_known_there_and_only_there() -> None:
    """rulecheck.games.registered_game: the registry, the ruling points file and the clause index
    for a game outside the package, undone on leaving the block."""
    from rulecheck.check.detectors import normative_clauses
    from rulecheck.core.errors import UnknownGameError
    from rulecheck.core.rulings import load_ruling_points
    from rulecheck.games import registered_game

    with registered_game("planted-again", "planted_rules", planted_rules.HERE / "rulings.json",
                         planted_rules.DEFECTIVE_CLAUSES):
        assert load_game("planted-again", None, 2, "raw").num_players == 2
        assert set(load_ruling_points("planted-again")) == set(load_ruling_points("planted"))
        assert set(normative_clauses("planted-again") or {}) == set(normative_clauses("planted") or {})
    with pytest.raises(UnknownGameError):
        load_game("planted-again", None, 2, "raw")
    assert normative_clauses("planted-again") is None
