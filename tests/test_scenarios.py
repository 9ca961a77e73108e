"""Worked examples as scenarios: replay, comparison with the book, example-mismatch findings."""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterator
from pathlib import Path

import pytest

from rulecheck.core.game import Game
from rulecheck.engine import replay
from rulecheck.findings import KINDS
from rulecheck.games import GAMES, load_game
from rulecheck.scenarios import (
    Scenario,
    as_scenario,
    example_findings,
    match_expected,
    replay_scenario,
    scenario_finding,
    scenarios_for,
)

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "docs_toy"))
import docs_toygame

TOY = "docs-toy"


@pytest.fixture
def toy() -> Iterator[None]:
    docs_toygame.register()
    yield
    docs_toygame.unregister()


def _toy(expected: object, actions: tuple[object, ...] = (["turn_over"], ["slap", 1, 0])) -> Scenario:
    return Scenario(
        id="toy-example", game=TOY, variant="standard", players=2, deal=[[1, 0], [2, 3]],
        actions=actions, expected=expected,  # type: ignore[arg-type]
        clauses=("en.example.1",), contradicts=("en.gameplay.2",), stated="player 2 takes both cards",
    )


def test_an_example_that_agrees_is_ok(toy: None) -> None:
    result = replay_scenario(_toy({"piles": [["zero"], ["three", "one", "two"]], "table": []}))
    assert result.ok and result.mismatches == ()
    assert result.actions[0] == ["deal", [[1, 0], [2, 3]]] and len(result.actions) == 3


def test_an_example_that_disagrees_becomes_a_finding_whose_witness_replays(toy: None) -> None:
    result = replay_scenario(_toy({"piles": [["zero", "one", "two"], ["three"]]}))
    assert not result.ok
    assert result.mismatches == (
        'piles: the book says [["zero", "one", "two"], ["three"]], the engine has [["zero"], ["three", "one", "two"]]',
    )
    f = scenario_finding(result)
    assert f.kind == "example-mismatch" and f.id == "docs-toy.example-mismatch.toy-example"
    assert f.clauses == ("en.example.1", "en.gameplay.2")
    assert f.witness is not None and f.witness.problem_step == 2
    game = load_game(TOY, "standard", 2, "recommended")
    _, final = replay(game, [tuple(_tuplify(a)) for a in f.witness.actions])
    assert game.state_to_json(final)["piles"] == [["zero"], ["three", "one", "two"]]
    assert "player 2 takes both cards" in f.detail


def _tuplify(a: object) -> object:
    return tuple(_tuplify(x) for x in a) if isinstance(a, list) else a


def test_a_check_function_and_an_illegal_step_are_mismatches(toy: None) -> None:
    def check(game: Game, state: Hashable) -> list[str]:
        return [] if game.state_to_json(state)["table"] == [] else ["the table is not empty"]

    assert replay_scenario(_toy(check)).ok
    refused = replay_scenario(_toy({}, actions=(["slap", 1, 0],)))
    assert not refused.ok and refused.error is not None and "refuses example step 1" in refused.error
    assert refused.problem_step == 0  # the deal went through; the slap did not
    bad_deal = replay_scenario(Scenario("d", TOY, "standard", 2, [[1]], (), {}, ("en.example.1",)))
    assert not bad_deal.ok and "deal" in bad_deal.mismatches[0]


def test_an_open_ruling_is_a_mismatch(toy: None) -> None:
    tie = Scenario("t", TOY, "standard", 2, [[1], [2]], (["turn_over"], ["nobody"]), {}, ("en.example.1",))
    result = replay_scenario(tie)
    assert not result.ok and "toy.nobody" in result.mismatches[0]


def test_match_expected_is_a_partial_match_on_objects() -> None:
    assert match_expected({"a": 1}, {"a": 1, "b": 2}) == []
    assert match_expected({"a": {"b": [1, 2]}}, {"a": {"b": (1, 2)}}) == []
    assert match_expected({"c": 1}, {"a": 1}) == ["c: missing in the engine's state"]
    assert match_expected({"a": [1]}, {"a": [2]}) == ["a: the book says [1], the engine has [2]"]


def test_as_scenario_adapts_other_records() -> None:
    record = {"name": "ex", "num_players": 3, "deck": [[1], [2], [3]], "actions": [["turn_over"]],
              "example_clauses": ["cp.round-example.1"], "rule_clauses": ["cp.winning.1"], "expected": {"x": 1}}
    s = as_scenario(record, "chonker-party")
    assert (s.id, s.game, s.players, s.deal, s.clauses, s.contradicts) == (
        "ex", "chonker-party", 3, [[1], [2], [3]], ("cp.round-example.1",), ("cp.winning.1",))
    assert s.deck == "full"


def _loadable(game: str) -> bool:
    try:
        load_game(game)
    except Exception:
        return False
    return True


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_book_example_replays_and_agrees_or_is_a_finding(game: str) -> None:
    if not _loadable(game):
        pytest.skip(f"the {game} model does not load yet")
    scenarios = scenarios_for(game)
    assert scenarios, f"{game} has worked examples in its book, so it must have scenarios"
    findings = {f.data["scenario"]: f for f in example_findings(game)}
    for s in scenarios:
        result = replay_scenario(s)
        assert result.error is None or s.id in findings, f"{s.id}: {result.error}"
        assert result.ok == (s.id not in findings)
        assert s.clauses, f"{s.id} cites no example clause"
    for f in findings.values():
        assert f.kind in KINDS and f.witness is not None
        g = load_game(game, f.witness.config["variant"], f.witness.config["players"], f.witness.config["ruleset"])
        replay(g, [tuple(_tuplify(a)) for a in f.witness.actions])  # the witness replays in the engine


def test_chomp_examples_both_first_chompers() -> None:
    if not _loadable("chomp"):
        pytest.skip("the chomp model does not load yet")
    results = {s.id: replay_scenario(s) for s in scenarios_for("chomp")}
    assert {"chomp.example.shark-first", "chomp.example.seal-first"} <= set(results)
    for r in results.values():
        assert r.ok, (r.scenario.id, r.mismatches)
