"""Card conservation on the full deck by induction with the step case split into cases
(:func:`rulecheck.check.symbolic.induction.induction_by_cases`): the strengthened invariants
hold on every state of seeded engine games, and Doble Chomp's is proved for all depths."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

import pytest
import z3

from rulecheck.check.symbolic.chomp_encoding import ChompEncoding, standard_game, underwater_war
from rulecheck.check.symbolic.chomp_two_player import doble_chomp
from rulecheck.check.symbolic.decode import abstract_doble, abstract_for
from rulecheck.check.symbolic.induction import induction_by_cases
from rulecheck.check.symbolic.queries import run_query
from rulecheck.games import load_game
from rulecheck.games.chomp.state import SHUFFLE


def holds(enc: ChompEncoding, name: str, values: dict[str, Any]) -> bool:
    """The encoding's invariant ``name`` evaluated on one engine state's values."""
    def const(v: Any, sort: z3.SortRef) -> z3.ExprRef:
        if sort == z3.BoolSort():
            return z3.BoolVal(v)
        return z3.IntVal(int(v)) if sort == z3.IntSort() else z3.BitVecVal(int(v), sort.size())

    consts = {k: const(values[k], sort) for k, sort in enc.system.variables if k in values}
    _, prop = enc.invariants[name]
    return z3.is_true(z3.simplify(prop(consts)))


def engine_states(enc: ChompEncoding, variant: str, seed: int,
                  abstract: Callable[[Hashable], dict[str, Any]]) -> list[tuple[Hashable, dict[str, Any]]]:
    """The states of a seeded engine game up to its end or the last two's switch to a 2-player game
    (the state after the switch included: the encoding ends there)."""
    g = load_game("chomp", variant, enc.players, enc.ruleset)
    rng = random.Random(seed)
    state: Hashable = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state
    mode = state.mode  # type: ignore[attr-defined]
    out = []
    for _ in range(3000):
        out.append((state, abstract(state)))
        if g.is_terminal(state) or state.mode != mode:  # type: ignore[attr-defined]
            break
        action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
        state = g.apply(state, action).state
    return out


@pytest.mark.parametrize(("players", "counts"), [(3, "bv"), (4, "bv"), (4, "int")])
def test_standard_engine_states_satisfy_the_strengthened_invariant(players: int, counts: str) -> None:
    enc = standard_game(players, "recommended", counts=counts)
    shuffles = 0
    for seed in range(3):
        for state, values in engine_states(enc, "standard", seed, lambda s: abstract_for(enc, s)):
            shuffles += state.phase == SHUFFLE  # type: ignore[attr-defined]
            assert holds(enc, "cards-conserved", values), (seed, state)
    assert shuffles > 0  # the shuffle part of the shape was exercised


def doble_values(state: Hashable) -> dict[str, Any]:
    """The engine state's values; the encoding's memory of a top card seen before a shuffle
    (``keep``/``first``, not part of the engine's state) is empty between steps."""
    return {**{f"keep{p}": False for p in range(2)}, **{f"first{p}": 0 for p in range(2)}, **abstract_doble(state)}


@pytest.mark.parametrize(("counts", "seeds"), [pytest.param("bv", 4, marks=pytest.mark.slow), ("int", 1)])
def test_doble_engine_states_satisfy_the_strengthened_invariant(counts: str, seeds: int) -> None:
    enc = doble_chomp("recommended", counts=counts)
    shuffles = 0
    for seed in range(seeds):
        for state, values in engine_states(enc, "doble-chomp", seed, doble_values):
            shuffles += state.phase == SHUFFLE  # type: ignore[attr-defined]
            assert holds(enc, "cards-conserved", values), (seed, state)
    assert shuffles > 0


@pytest.mark.parametrize("counts", ["bv", "int"])
def test_a_broken_state_breaks_the_invariant(counts: str) -> None:
    """The check above can fail: one card more of a kind, or a shuffle of a pile not yet run out
    (and with integer counts, a count below zero balanced by one more elsewhere)."""
    enc = standard_game(3, "recommended", counts=counts)
    states = [x for seed in range(3) for x in engine_states(enc, "standard", seed, lambda s: abstract_for(enc, s))]
    _, values = states[5]
    assert holds(enc, "cards-conserved", values)
    assert not holds(enc, "cards-conserved", {**values, "centre_2": values["centre_2"] + 1})
    shuffle = next(v for s, v in states if s.phase == SHUFFLE)  # type: ignore[attr-defined]
    assert holds(enc, "cards-conserved", shuffle)
    p = shuffle["shuf"]
    kind = next(v for v in range(8) if shuffle[f"disc{p}_{v}"])  # move one card back onto the pile
    moved = {**shuffle, f"disc{p}_{kind}": shuffle[f"disc{p}_{kind}"] - 1, f"pile{p}_{kind}": 1, f"size{p}": 1}
    assert not holds(enc, "cards-conserved", moved)
    if counts == "int":
        other = next(v for v in range(8) if v != kind and values[f"centre_{v}"] == 0)
        negative = {**values, f"centre_{other}": -1, f"out_{other}": values[f"out_{other}"] + 1}
        assert not holds(enc, "cards-conserved", negative)


@pytest.mark.slow
def test_doble_card_conservation_is_proved_for_all_depths() -> None:
    """The full 50-card deck, every deal and choice: 1-inductive on the encoding with integer
    counts, its step case split by phase (about 50 s on the 2-core machine; 135 s with bit-vectors)."""
    r = run_query(doble_chomp("recommended"), "invariant:cards-conserved", 4, 900)
    assert r.status == "proved", r.detail
    assert r.meta["counts"] == "int"
    assert r.statement() == "proved for all depths" and "1-inductive" in r.detail


def test_an_unanswered_case_says_whether_the_budget_or_the_case_ran_out() -> None:
    """Underwater War's ``total-50`` on the 50 ordered cells: its turn-over case has no answer in
    seconds (20 s + 80 s measured), so a short budget runs out there, and a short case time leaves
    that case unanswered with budget to spare; the result says which."""
    enc = underwater_war("recommended")
    _, prop = enc.invariants["total-50"]
    spent = induction_by_cases(enc.system, prop, split_on=enc.case_split, budget_seconds=3, case_seconds=20)
    assert spent.status == "unknown" and spent.detail.endswith("the time budget ran out"), spent.detail
    case = induction_by_cases(enc.system, prop, split_on=enc.case_split, budget_seconds=60, case_seconds=1)
    assert case.status == "unknown" and case.detail.endswith("no answer within the time"), case.detail
    assert "cti" not in spent.meta and "cti" not in case.meta
