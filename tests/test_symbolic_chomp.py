"""The Underwater War encoding and the engine check each other (full 50-card deck)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import cache

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulecheck.check.symbolic.bmc import bmc
from rulecheck.check.symbolic.chomp_encoding import ChompEncoding, standard_game, underwater_war
from rulecheck.check.symbolic.decode import abstract_chomp, abstract_standard, replay_witness
from rulecheck.check.symbolic.queries import run_query
from rulecheck.check.symbolic.system import unroll
from rulecheck.core.game import Pending
from rulecheck.games import load_game
from rulecheck.games.chomp.state import LAST_TWO

BOTTOM = {"choices": {"chomp.two_player_won_cards": "bottom_of_pile"}}


@cache
def encoding(kind: str) -> ChompEncoding:
    return underwater_war(BOTTOM if kind == "bottom" else kind)


def engine_trace(enc: ChompEncoding, seed: int, steps: int) -> list[Hashable]:
    g = load_game("chomp", "underwater-war", 2, enc.ruleset)
    rng = random.Random(seed)
    state = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state
    states = [state]
    while len(states) <= steps and not g.is_terminal(state):
        if g.is_chance_node(state):
            action = g.sample_chance(state, rng)
        else:
            action = rng.choice(g.legal_actions(state))
        state = g.apply(state, action).state
        while isinstance(state, Pending):  # never under these rulesets
            state = g.apply(state, rng.choice(g.legal_actions(state))).state
        states.append(state)
    return states


def assert_trace(enc: ChompEncoding, states: list[Hashable]) -> z3.CheckSatResult:
    u = unroll(enc.system, len(states) - 1)
    solver = z3.Solver()
    solver.add(u.constraints)
    for sym, concrete in zip(u.states, states, strict=True):
        for k, v in abstract_chomp(concrete).items():
            solver.add(sym[k] == v)
    return solver.check()


def test_witness_replays_in_the_engine() -> None:
    enc = encoding("raw")
    result = bmc(enc.system, enc.targets["ruling:chomp.uw_octopus_pair"][1], 3)
    assert result.status == "witness" and result.depth == 1
    assert result.witness is not None
    rep = replay_witness(enc, result.witness)
    assert rep.ok, rep.mismatch
    assert rep.actions[0][0] == "deal" and ("turn_over",) in rep.actions
    assert isinstance(rep.final, Pending) or rep.actions[-1][0] == "ruling"


def test_replay_detects_a_wrong_witness() -> None:
    enc = encoding("recommended")
    result = bmc(enc.system, enc.targets["war"][1], 3)
    assert result.witness is not None
    states = list(result.witness.states)
    states[1] = dict(states[1], len0=states[1]["len0"] - 1)  # a state the engine does not reach
    forged = type(result.witness)(tuple(states), result.witness.inputs)
    assert not replay_witness(enc, forged).ok


@pytest.mark.parametrize("kind", ["recommended", "bottom"])
def test_seeded_engine_traces_are_paths_of_the_encoding(kind: str) -> None:
    enc = encoding(kind)
    states = engine_trace(enc, seed=3, steps=14)
    assert assert_trace(enc, states) == z3.sat
    # the check can fail: a trace with two steps swapped is not a path
    assert assert_trace(enc, [states[0], states[2], states[1]]) == z3.unsat


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000))
def test_random_engine_traces_are_satisfiable(seed: int) -> None:
    enc = encoding("recommended")
    assert assert_trace(enc, engine_trace(enc, seed, 8)) == z3.sat


def encoding_successors(enc: ChompEncoding, state: Hashable, limit: int = 40) -> set[tuple]:
    s, i, t = enc.system.state(0, "sx"), enc.system.input(0, "sx"), enc.system.state(1, "sx")
    solver = z3.Solver()
    solver.add(enc.system.step(s, i, t))
    for k, v in abstract_chomp(state).items():
        solver.add(s[k] == v)
    keys = sorted(abstract_chomp(state))
    found: set[tuple] = set()
    while solver.check() == z3.sat and len(found) < limit:
        m = solver.model()
        vals = tuple((k, m.eval(t[k], model_completion=True)) for k in keys)
        found.add(tuple((k, str(v)) for k, v in vals))
        solver.add(z3.Or([t[k] != v for k, v in vals]))  # block it
    return found


def engine_successors(enc: ChompEncoding, state: Hashable) -> set[tuple]:
    g = load_game("chomp", "underwater-war", 2, enc.ruleset)
    out = set()
    for _, step in g.successors(state):
        a = abstract_chomp(step.state)
        out.add(tuple((k, str(a[k])) for k in sorted(a)))
    return out


def test_no_successor_the_engine_lacks() -> None:
    enc = encoding("recommended")
    states = engine_trace(enc, seed=11, steps=60)
    g = load_game("chomp", "underwater-war", 2, enc.ruleset)
    sampled = [s for s in states if not g.is_chance_node(s) and not g.is_terminal(s)]
    races = [s for s in sampled if g.current_player(s) == -2][:2]
    turns = [s for s in sampled if g.current_player(s) != -2][:3]
    assert races, "the sample should include a slap race"
    for state in races + turns:
        assert encoding_successors(enc, state) == engine_successors(enc, state)


# --------------------------------------------------------------------------- the 3+ player game

@cache
def standard(players: int, kind: str) -> ChompEncoding:
    return standard_game(players, kind)


def standard_trace(enc: ChompEncoding, seed: int, steps: int) -> list[Hashable]:
    g = load_game("chomp", "standard", enc.players, enc.ruleset)
    rng = random.Random(seed)
    state = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state
    states = [state]
    while len(states) <= steps and not g.is_terminal(state):
        action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
        state = g.apply(state, action).state
        states.append(state)
    return states


def assert_standard(enc: ChompEncoding, values: list[dict]) -> z3.CheckSatResult:
    u = unroll(enc.system, len(values) - 1)
    solver = z3.SolverFor("QF_BV")
    solver.add(u.constraints)
    for sym, concrete in zip(u.states, values, strict=True):
        solver.add(*[sym[k] == v for k, v in concrete.items()])
    return solver.check()


def test_standard_ruling_witness_replays_in_the_engine() -> None:
    enc = standard(3, "raw")
    result = bmc(enc.system, enc.targets["ruling:chomp.octopus_in_replay"][1], 4)
    assert result.status == "witness" and result.depth == 3
    assert result.witness is not None
    rep = replay_witness(enc, result.witness)
    assert rep.ok, rep.mismatch
    assert rep.actions[0][0] == "deal"
    assert any(a[:2] == ("ruling", "chomp.octopus_in_replay") for a in rep.actions)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 5)])
def test_standard_engine_playouts_are_paths_of_the_encoding(players: int, seed: int) -> None:
    enc = standard(players, "recommended")
    states = standard_trace(enc, seed, 16)
    values = [abstract_standard(s, players) for s in states]
    assert all("outside-the-encoding" not in v for v in values)
    assert assert_standard(enc, values) == z3.sat
    # a corrupted step is rejected: a card of the second state moved from a pile to the centre
    bad = [dict(v) for v in values[:3]]
    v = next(k for k in range(8) if bad[1][f"pile0_{k}"])
    bad[1][f"pile0_{v}"] -= 1
    bad[1][f"centre_{v}"] += 1
    assert assert_standard(enc, bad) == z3.unsat
    # and so is a trace with two steps swapped
    assert assert_standard(enc, [values[0], values[2], values[1]]) == z3.unsat


def test_standard_longest_ink_out_chain() -> None:
    enc = standard(3, "recommended")
    result = run_query(enc, "longest-chain", 4, 60.0)
    assert result.value is not None and result.value >= 2
    assert result.replayed, result.meta.get("replay_mismatch")
    assert sum(1 for a in result.trace if a == ["nobody_slaps"]) >= 2


def test_a_whole_standard_game_step_by_step() -> None:
    """Every step of a seeded 4-player game to its end (shuffles, eliminations, the last two's
    choice to count their cards) is one transition of the encoding, consulting exactly the ruling
    points the engine consulted."""
    enc = standard(4, "recommended")
    g = load_game("chomp", "standard", 4, enc.ruleset)
    s, i, t = enc.system.state(0, "w"), enc.system.input(0, "w"), enc.system.state(1, "w")
    solver = z3.SolverFor("QF_BV")
    solver.add(enc.system.step(s, i, t))
    rng = random.Random(10)
    state = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state
    kinds = set()
    while not g.is_terminal(state):
        if g.is_chance_node(state):
            action = g.sample_chance(state, rng)
        elif state.step == LAST_TWO:  # type: ignore[attr-defined]
            action = ("count",)  # (a switch to a 2-player game ends this encoding)
        else:
            action = rng.choice(g.legal_actions(state))
        step = g.apply(state, action)
        a, b = abstract_standard(state, 4), abstract_standard(step.state, 4)
        used = set(step.provenance.rulings)
        solver.push()
        solver.add(*[s[k] == v for k, v in a.items()], *[t[k] == v for k, v in b.items()])
        solver.add(*[t[f"used.{r}"] == (r in used) for r in enc.rulings])
        assert solver.check() == z3.sat, (action, g.describe_state(state))
        solver.pop()
        kinds.add(action[0])
        state = step.state
    assert {"shuffle", "turn_over", "slap", "nobody_slaps", "count"} <= kinds


def test_standard_race_successors_match_the_engine() -> None:
    """In sampled slap races, the encoding's successors are exactly the engine's (piles and the
    centre left out: a penalty card is a symbolic draw from a pile kept as counts)."""
    enc = standard(3, "recommended")
    g = load_game("chomp", "standard", 3, enc.ruleset)
    s, i, t = enc.system.state(0, "rs"), enc.system.input(0, "rs"), enc.system.state(1, "rs")
    solver = z3.SolverFor("QF_BV")
    solver.add(enc.system.step(s, i, t))

    def proj(values: dict) -> tuple:
        return tuple(sorted((k, int(v)) for k, v in values.items() if not k.startswith(("pile", "centre_"))))

    rng = random.Random(2)
    state = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state
    checked = 0
    while not g.is_terminal(state) and checked < 8:
        if g.current_player(state) == -2:
            start = abstract_standard(state, 3)
            engine = {proj(abstract_standard(step.state, 3)) for _, step in g.successors(state)}
            keys = [k for k, _ in proj(start)]
            solver.push()
            solver.add(*[s[k] == v for k, v in start.items()])
            found: set[tuple] = set()
            while solver.check() == z3.sat and len(found) <= len(engine):
                m = solver.model()
                vals = {k: m.eval(t[k], model_completion=True) for k in keys}
                found.add(tuple(sorted((k, int(z3.is_true(v)) if z3.is_bool(v) else v.as_long())
                                       for k, v in vals.items())))
                solver.add(z3.Or([t[k] != v for k, v in vals.items()]))
            solver.pop()
            assert found == engine, g.describe_state(state)
            checked += 1
        action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
        state = g.apply(state, action).state
    assert checked >= 5
