"""Random Chomp! games on every variant, player count, deck and both rulesets (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulecheck.core.game import RULING, Pending
from rulecheck.engine import play, random_policy
from rulecheck.games import load_game
from rulecheck.games.chomp import PLAYERS, VARIANTS

CONFIGS = [(v, n) for v in VARIANTS for n in PLAYERS[v]]
DECKS = ["full", "half", "mini", "tiny"]


def _game(variant: str, players: int, ruleset: str, deck: str):
    if deck != "full" and players > 4:
        deck = "half" if players <= 6 else "full"
    return load_game("chomp", variant, players, ruleset, deck)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.sampled_from(CONFIGS),
    deck=st.sampled_from(DECKS),
    ruleset=st.sampled_from(["recommended", "raw"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_game_properties(config: tuple[str, int], deck: str, ruleset: str, seed: int) -> None:
    variant, players = config
    game = _game(variant, players, ruleset, deck)
    rng = random.Random(seed)
    state = game.root_state()
    for _ in range(250):
        assert not game.invariants(state), game.invariants(state)
        data = game.state_to_json(state)
        text = json.dumps(data, sort_keys=True)
        back = game.state_from_json(json.loads(text))
        assert back == state
        assert json.dumps(game.state_to_json(back), sort_keys=True) == text
        if game.is_terminal(state):
            assert game.legal_actions(state) == ()
            assert sum(game.returns(state)) in (0.0, 1.0) or abs(sum(game.returns(state)) - 1) < 1e-9
            break
        if isinstance(state, Pending):
            assert ruleset == "raw"
            assert game.current_player(state) == RULING
            assert state.ruling in game.ruling_points
        if not game.is_chance_node(state):
            acts = game.legal_actions(state)
            assert acts, "a non-terminal state without a legal action"
            if not isinstance(state, Pending):
                assert list(acts) == sorted(acts)
        action = random_policy(game, state, rng)
        assert game.is_legal(state, action)
        assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action
        step = game.apply(state, action)
        if ruleset == "raw" and step.provenance.rulings:
            # never resolved silently: every ruling used was chosen at a Pending state
            assert isinstance(state, Pending)
        if step.provenance.gap is not None:
            assert isinstance(step.state, Pending) and step.state.ruling == step.provenance.gap
        else:
            assert step.provenance.clauses, f"no clause cited for {action}"
        state = step.state


@settings(max_examples=12, deadline=None)
@given(config=st.sampled_from(CONFIGS), ruleset=st.sampled_from(["recommended", "raw"]), seed=st.integers(0, 10**6))
def test_same_seed_same_game(config: tuple[str, int], ruleset: str, seed: int) -> None:
    variant, players = config
    game = load_game("chomp", variant, players, ruleset, "full")
    a = play(game, seed=seed, max_steps=400)
    b = play(game, seed=seed, max_steps=400)
    assert a.actions == b.actions and a.final == b.final


def test_full_games_end_or_hit_the_step_limit() -> None:
    for variant in VARIANTS:
        game = load_game("chomp", variant, None, "recommended", "full")
        trace = play(game, seed=7, max_steps=20_000)
        assert trace.status in ("terminal", "step-limit")
        if trace.status == "terminal":
            assert game.outcome(trace.final) != "terminal"
