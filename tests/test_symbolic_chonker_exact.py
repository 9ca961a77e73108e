"""The exact Chonker Party encoding and the engine check each other: engine playouts are paths of
the encoding (states and ruling points consulted), the successor sets are equal on sampled
states, corrupted steps are rejected, and every Z3 witness replays in the engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from chonker_helpers import a_chonk_leads, a_master_continuing_with_a_force, a_war_call_before, hand_of
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.check.symbolic.chonker_checks import bmc_fresh, maximize_fresh, run_exact_query
from rulecheck.check.symbolic.chonker_decode import (
    check_engine_step,
    encoding_successors,
    engine_successors,
    replay_exact,
)
from rulecheck.check.symbolic.chonker_exact import CONSULTED, abstract, engine_part, exact_encoding
from rulecheck.check.symbolic.system import Witness
from rulecheck.cli import main
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.game import Pending
from rulecheck.core.rulings import load_ruleset, load_ruling_points
from rulecheck.games import load_game
from rulecheck.games.chonker_party.cards import LEAF, NK, SPOILED, STEAL, STICK, WAR
from rulecheck.games.chonker_party.state import PH_CONTINUE

POINTS = load_ruling_points("chonker-party")


def _random_ruleset(seed: int):
    """A ruleset with a random option for every ruling point (the engine's other branches)."""
    r = random.Random(seed)
    choices = {rid: r.choice(POINTS[rid].option_ids) for rid in CONSULTED}
    return load_ruleset("chonker-party", {"game": "chonker-party", "name": f"random-{seed}",
                                          "base": "recommended", "choices": choices})


def _playout_is_a_path(players: int, seed: int, steps: int, ruleset) -> int:
    enc = exact_encoding(players, ruleset)
    g = load_game("chonker-party", None, players, ruleset)
    rng = random.Random(seed)
    state = g.new_initial_state(seed=seed)
    n = 0
    while not g.is_terminal(state) and n < steps:
        action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
        step = g.apply(state, action)
        assert check_engine_step(enc, state, action, step.state, rulings=step.provenance.rulings) is None
        state, n = step.state, n + 1
    return n


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seeded_playouts_are_paths_of_the_encoding(players: int) -> None:
    assert _playout_is_a_path(players, players, 20, _random_ruleset(players)) == 20


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_hypothesis_playouts_are_paths_of_the_encoding(seed: int, players: int) -> None:
    assert _playout_is_a_path(players, seed, 6, _random_ruleset(seed)) > 0


def test_raw_playouts_with_answered_rulings_are_paths() -> None:
    enc = exact_encoding(4, "raw")
    r = run_exact_query(enc, "exact-admitted", 8, 10.0)
    assert r.status == "no-witness" and r.depth >= 8, r.detail


@pytest.mark.parametrize(("players", "seed", "ruleset"), [(3, 3, "recommended"), (5, 7, "random")])
def test_successor_sets_equal_the_engines(players: int, seed: int, ruleset: str) -> None:
    rs = _random_ruleset(seed) if ruleset == "random" else ruleset
    enc = exact_encoding(players, rs)
    g = load_game("chonker-party", None, players, rs)
    rng = random.Random(seed)
    state = g.new_initial_state(seed=seed)
    for _ in range(1 if players > 3 else 3):
        assert encoding_successors(enc, state) == engine_successors(enc, g, state)
        action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
        state = g.apply(state, action).state


def test_corrupted_steps_are_rejected() -> None:
    enc = exact_encoding(3, "recommended")
    g = load_game("chonker-party", None, 3)
    state = g.new_initial_state(seed=0)
    action = g.legal_actions(state)[0]
    step = g.apply(state, action)
    assert check_engine_step(enc, state, action, step.state, rulings=step.provenance.rulings) is None
    hands = list(step.state.hands)
    k = next(k for k in range(NK) if hands[1][k])
    moved = list(hands[1])
    moved[k] -= 1
    hands[1] = tuple(moved)
    wrong = step.state._replace(hands=tuple(hands))
    assert "differ" in check_engine_step(enc, state, action, wrong)
    assert "rulings consulted" in check_engine_step(enc, state, action, step.state, rulings=("cp.final_tie",))
    missing = next(k for k in range(NK) if not state.hands[state.actor][k])
    illegal = ("play", ["sweet", "salty", "chonk", "spoiled", "stick", "leaf", "brick", "stone", "choose", "steal",
                        "skip", "see", "force", "war"][missing])
    assert "no step" in check_engine_step(enc, state, illegal, step.state)


def test_a_ruling_witness_replays_and_a_corrupted_one_does_not() -> None:
    enc = exact_encoding(3, "raw")
    r = bmc_fresh(enc.system, enc.targets["ruling:cp.war_window"][1], 3, budget_seconds=15)
    assert r.status == "witness" and r.depth == 1
    rep = replay_exact(enc, r.witness)
    assert rep.ok, rep.mismatch
    assert [a[0] for a in rep.actions] == ["deal", "ruling", "ruling"]
    assert rep.actions[-1][:2] == ("ruling", "cp.war_window")
    last = r.witness.states[-1]
    assert abstract(rep.final, 3) == engine_part(last, 3)
    bad_last = dict(last, master=(last["master"] + 1) % 3)
    bad = Witness((*r.witness.states[:-1], bad_last), r.witness.inputs)
    broken = replay_exact(enc, bad)
    assert not broken.ok and "master" in broken.mismatch


def test_a_gap_found_under_raw_is_pending_in_the_engine() -> None:
    enc = exact_encoding(2, "raw")
    r = run_exact_query(enc, "ruling:cp.named_types", 3, 20)
    assert r.status == "witness" and r.replayed, r.meta
    g = load_game("chonker-party", None, 2, "raw")
    state = g.root_state()
    pending = False
    for a in r.trace:
        step = g.apply(state, tuple(tuple(x) if isinstance(x, list) else x for x in a)
                       if a[0] != "deal" else ("deal", tuple(tuple(h) for h in a[1]), tuple(a[2])))
        pending = pending or (isinstance(step.state, Pending) and step.state.ruling == "cp.named_types")
        state = step.state
    assert pending


def test_bounded_results_say_what_was_checked() -> None:
    enc = exact_encoding(2, "recommended")
    r = bmc_fresh(enc.system, enc.targets["over"][1], 2, query="over", budget_seconds=20)
    assert r.statement() == "no witness up to depth 2"
    m = maximize_fresh(enc.system, lambda s: s["chain"], 2, query="stacked-chain", budget_seconds=20)
    assert m.status == "witness" and m.value == 1  # a Choose, Steal, See or War put down at step 2


def test_the_encoding_consults_every_ruling_point_the_engine_consults() -> None:
    """CONSULTED is read from the engine's code: every ruling point of the rulings file but the one
    that only shapes what a player observes, and the encoding asks each of them."""
    from rulecheck.core.rulings import load_ruling_points

    assert set(CONSULTED) <= set(POINTS) == set(load_ruling_points("chonker-party"))
    assert set(POINTS) - set(CONSULTED) == {"cp.win_pile_visibility"}
    enc = exact_encoding(2, "raw")
    assert {q for q in enc.targets if q.startswith("ruling:")} == {f"ruling:{r}" for r in CONSULTED}


def test_configuration_errors() -> None:
    with pytest.raises(InvalidConfigError):
        exact_encoding(7)
    with pytest.raises(InvalidConfigError):
        run_exact_query(exact_encoding(2), "no-such-query", 2, 1)


def test_cli_lists_and_runs_the_exact_queries() -> None:
    runner = CliRunner()
    listed = runner.invoke(main, ["bmc", "chonker-party", "-n", "2", "--list"])
    assert listed.exit_code == 0
    for name in ("ruling:cp.war_window", "stacked-chain", "unable-to-play", "invariant:same-cards-left", "deadlock",
                 "terminates"):
        assert name in listed.output
    out = runner.invoke(main, ["bmc", "chonker-party", "-n", "2", "-r", "raw", "-q", "ruling:cp.first_master",
                               "-k", "2", "--budget", "30"])
    assert out.exit_code == 0, out.output
    assert "ruling:cp.first_master: witness at depth 1" in out.output
    assert "replays in the engine" in out.output


def _with(n: int, choices: dict[str, str]) -> tuple[Any, Any]:
    """The engine and the exact encoding under ``recommended`` with ``choices``."""
    rs = load_ruleset("chonker-party", {"game": "chonker-party", "name": "with", "base": "recommended",
                                        "choices": choices})
    return load_game("chonker-party", None, n, rs), exact_encoding(n, rs)


def _play_checked(g: Any, enc: Any, state: Any, actions: list[tuple[Any, ...]]) -> int:
    """Play ``actions`` while legal, each step checked against the encoding; the steps played."""
    played = 0
    for action in actions:
        if action not in g.legal_actions(state):
            break
        step = g.apply(state, action)
        assert check_engine_step(enc, state, action, step.state, rulings=step.provenance.rulings) is None, action
        state, played = step.state, played + 1
    return played


@pytest.mark.parametrize("option", ["anytime", "own_turn_only"])
def test_war_calls_that_would_be_chonks_are_steps_of_the_encoding(option: str) -> None:
    """``cp.war_call_as_chonk`` in the exact encoding: the window before a decision, the window
    after a called War's draw and after a War called as a Chonk are the engine's, with the same
    rulings consulted, under each option."""
    g, enc = _with(3, {"cp.war_call_as_chonk": option})
    state, lead = a_war_call_before(g, False)
    war, leaf, stick = (hand_of(k) for k in (WAR, LEAF, STICK))
    both = state._replace(hands=(tuple(a + b + c for a, b, c in zip(war, leaf, stick, strict=True)),
                                 *state.hands[1:]), draw=tuple(2 * x for x in stick))
    checked = _play_checked(g, enc, state, [lead, ("call_war", 2)])
    checked += _play_checked(g, enc, both, [lead, ("call_war", 2), ("draw", "stick"), ("call_war", 0)])
    assert checked == (6 if option == "anytime" else 4)


@pytest.mark.parametrize("option", ["sets_trump", "no_trump"])
def test_a_chonk_leading_the_round_is_a_step_of_the_encoding(option: str) -> None:
    """``cp.chonk_sets_trump`` in the exact encoding: a Chonk led as the round's first card, and the
    Leaf played after it, are the engine's steps with the same rulings consulted, under each option."""
    g, enc = _with(3, {"cp.chonk_sets_trump": option})
    state, lead = a_chonk_leads(g)
    assert _play_checked(g, enc, state, [lead, ("play", "leaf")]) == 2


@pytest.mark.parametrize("option", ["must_play", "may_stop"])
def test_playing_nothing_after_a_choose_is_a_step_of_the_encoding(option: str) -> None:
    """``cp.choose_play_optional`` in the exact encoding: the pick (which offers play_nothing under
    ``may_stop``) and playing nothing are the engine's steps, with the same rulings consulted."""
    g, enc = _with(3, {"cp.choose_play_optional": option})
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [["choose", *fillers[:5]], fillers, fillers], "discard": fillers})
    actions = [("play", "choose"), ("choose_card", "chonk"), ("play_nothing",)]
    assert _play_checked(g, enc, s, actions) == (3 if option == "may_stop" else 2)


@pytest.mark.parametrize("option", ["round_ends", "pass"])
def test_a_stealer_left_with_no_card_to_play_is_a_step_of_the_encoding(option: str) -> None:
    """'Snatch a random card from any player, then play any card' (cp.steal.1): Player 1 steals with
    his last card from Player 2, who holds none (``cp.steal_empty_hand`` = any_player), so Player 2
    draws (cp.steal.2) and Player 1 has no card to play. The engine asks ``cp.empty_hand_turn`` there;
    the encoding's step is the engine's, with the same rulings consulted, under each option (a
    random-ruleset playout found the encoding passing the turn without asking)."""
    g, enc = _with(2, {"cp.empty_hand_turn": option, "cp.steal_empty_hand": "any_player"})
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers, fillers], "discard": fillers})
    s = s._replace(hands=(hand_of(STEAL), hand_of()), draw=hand_of(LEAF, STICK))
    actions = [("play", "steal"), ("steal_from", 1), ("draw", "leaf")]
    assert _play_checked(g, enc, s, actions) == 3
    last = g.apply(g.apply(g.apply(s, actions[0]).state, actions[1]).state, actions[2])
    assert "cp.empty_hand_turn" in last.provenance.rulings


@pytest.mark.parametrize("option", ["master_only", "another_circle"])
def test_a_force_of_the_master_continuing_is_a_step_of_the_encoding(option: str) -> None:
    """``cp.continue_who_plays`` in the exact encoding: the Master's continuation with a Choose, his
    Force and its naming are the engine's steps under each option (under master_only the Force acts
    on nobody)."""
    g, enc = _with(3, {"cp.continue_who_plays": option, "cp.continue_after_action": "any_card"})
    state, actions = a_master_continuing_with_a_force(g)
    assert _play_checked(g, enc, state, actions) == 4


def test_a_war_ends_with_a_game_won_by_the_four_spoiled_in_the_encoding() -> None:
    """A War is on and every hand is empty when the Master ends the round, taking the fourth Spoiled
    (cp.four_spoiled_when = immediately): the game is over and the War's effect has disappeared
    (cp.war.3), in the encoding as in the engine (a random-ruleset playout found the encoding keeping
    the War on)."""
    g, enc = _with(2, {"cp.four_spoiled_when": "immediately"})
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers, fillers], "discard": fillers})
    three = hand_of(SPOILED, SPOILED, SPOILED)
    s = s._replace(phase=PH_CONTINUE, actor=0, turn=0, master=0, mask=0, can_end=True, war=True, last=0, trump=LEAF,
                   hands=(hand_of(), hand_of()), table=hand_of(LEAF, SPOILED), piles=(three, hand_of()))
    assert _play_checked(g, enc, s, [("end_round",)]) == 1
    after = g.apply(s, ("end_round",)).state
    assert g.is_terminal(after) and not after.war
