"""`rulecheck simulate|rulings|clauses chomp` through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulecheck.cli import main
from rulecheck.engine import replay, trace_from_json
from rulecheck.games.chomp import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("ruleset", ["raw", "recommended"])
def test_simulate_every_variant(variant: str, ruleset: str) -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "chomp", "--variant", variant, "--seed", "2", "--ruleset", ruleset,
                               "--max-steps", "3000"])
    assert res.exit_code == 0, res.output
    assert ("Game over" in res.output) or ("step limit" in res.output)
    if ruleset == "raw":
        assert "The rules do not say what happens here; the players agree:" in res.output
    res = runner.invoke(main, ["simulate", "chomp", "-v", variant, "-s", "2", "-r", ruleset, "--deck", "mini",
                               "--json", "--max-steps", "2000"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    game, actions, _ = trace_from_json(data)
    _, final = replay(game, actions)
    assert game.state_to_json(final) == data["final"]


def test_simulate_step_limit_is_reported() -> None:
    res = CliRunner().invoke(main, ["simulate", "chomp", "-v", "underwater-war", "--max-steps", "5"])
    assert res.exit_code == 0 and "step limit" in res.output


def test_bad_input_exit_code() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "chomp", "--variant", "solitaire"])
    assert res.exit_code == 2 and "unknown variant" in res.output
    res = runner.invoke(main, ["simulate", "chomp", "--deck", "whale=3"])
    assert res.exit_code == 2 and "unknown card" in res.output


def test_rulings_and_clauses_commands() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["rulings", "chomp"])
    assert res.exit_code == 0 and "chomp.count_tie" in res.output and "0 open in ruleset recommended" in res.output
    res = runner.invoke(main, ["rulings", "chomp", "--ruleset", "raw", "--json"])
    assert res.exit_code == 0 and len(json.loads(res.output)["ruling_points"]) >= 25
    res = runner.invoke(main, ["clauses", "chomp", "--uncited"])
    assert res.exit_code == 0 and "0 clauses shown" in res.output


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_log_shows_a_turn_over_as_every_player_at_once(variant: str) -> None:
    """The players turn over at the same time (en.gameplay.1): each turn-over line of the log
    names every player with the card they turned over; the JSON trace's actor is "players"."""
    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "chomp", "-v", variant, "-s", "3", "--max-steps", "40"])
    assert res.exit_code == 0, res.output
    turns = [line for line in res.output.splitlines() if "turns over" in line and "next card" not in line]
    assert turns and all("Player 1 turns over a" in line and "Player 2" in line for line in turns)
    res = runner.invoke(main, ["simulate", "chomp", "-v", variant, "-s", "3", "--max-steps", "40", "--json"])
    steps = json.loads(res.output)["steps"]
    assert {s["actor"] for s in steps if s["action"][0] == "turn_over"} == {"players"}
    assert {s["actor"] for s in steps if s["action"][0] == "deal"} == {"chance"}
