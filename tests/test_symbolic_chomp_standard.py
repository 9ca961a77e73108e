"""The 3+ player standard-game encoding: 5 and 6 players, the ruling options added to it
(``chomp.reshuffle_when = when_pile_runs_out``, ``chomp.tie_replay_winnings = chompable_only``)
and the last two players' choice of a 2-player game, checked step by step against the engine;
each option's step, and the choice, fails when mutated."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from functools import cache
from typing import Any

import pytest
import z3

from rulecheck.check.symbolic.bmc import bmc
from rulecheck.check.symbolic.chomp_encoding import (
    CHOICES,
    FULL,
    KINDS,
    STD_RULINGS,
    ChompEncoding,
    standard_game,
)
from rulecheck.check.symbolic.decode import abstract_for, replay_witness
from rulecheck.check.symbolic.queries import list_queries
from rulecheck.check.symbolic.system import Witness, extract_witness, unroll
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.game import Action
from rulecheck.games import load_game
from rulecheck.games.chomp.state import LAST_TWO, MODE_NAMES, OVER, R_RACE, SHUFFLE, STANDARD

NEW_OPTIONS = {"choices": {"chomp.tie_replay_winnings": "chompable_only", "chomp.reshuffle_when": "when_pile_runs_out"}}


@cache
def encoding(players: int, new_options: bool = False) -> ChompEncoding:
    return standard_game(players, NEW_OPTIONS if new_options else "recommended")


Step = tuple[dict[str, Any], dict[str, Any], set[str]]


def engine_steps(enc: ChompEncoding, seed: int, choice: Action | None = None) -> Iterator[Step]:
    """A seeded engine game, step by step, as (state, next state, rulings consulted), up to the
    end or the switch to a 2-player game. The last two players make the ``choice`` (``("count",)``
    or ``("switch", game)``; by default a random one)."""
    g = load_game("chomp", "standard", enc.players, enc.ruleset)
    rng = random.Random(seed)
    state: Hashable = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state
    while not g.is_terminal(state) and state.mode == STANDARD:  # type: ignore[attr-defined]
        if g.is_chance_node(state):
            action = g.sample_chance(state, rng)
        elif choice is not None and state.step == LAST_TWO:  # type: ignore[attr-defined]
            action = choice
        else:
            action = rng.choice(g.legal_actions(state))
        step = g.apply(state, action)
        yield abstract_for(enc, state), abstract_for(enc, step.state), set(step.provenance.rulings)
        state = step.state


class StepChecker:
    """One transition of the encoding on an incremental solver: is (a, b, rulings) a step (with
    the input ``choice`` fixed, if given: the last two's choice, :data:`CHOICES`)?"""

    def __init__(self, enc: ChompEncoding) -> None:
        self.enc = enc
        self.s, self.i, self.t = enc.system.state(0, "c"), enc.system.input(0, "c"), enc.system.state(1, "c")
        self.solver = z3.SolverFor("QF_BV")
        self.solver.add(enc.system.step(self.s, self.i, self.t))

    def admits(self, a: dict[str, Any], b: dict[str, Any], used: set[str], choice: Action | None = None) -> bool:
        self.solver.push()
        self.solver.add(*[self.s[k] == v for k, v in a.items()], *[self.t[k] == v for k, v in b.items()])
        self.solver.add(*[self.t[f"used.{r}"] == (r in used) for r in self.enc.rulings])
        if choice is not None:
            self.solver.add(self.i["choice"] == CHOICES.index(choice))
        answer = self.solver.check()
        self.solver.pop()
        return answer == z3.sat


def assert_path(enc: ChompEncoding, values: list[dict[str, Any]]) -> z3.CheckSatResult:
    u = unroll(enc.system, len(values) - 1)
    solver = z3.SolverFor("QF_BV")
    solver.add(u.constraints)
    for sym, concrete in zip(u.states, values, strict=True):
        solver.add(*[sym[k] == v for k, v in concrete.items()])
    return solver.check()


# --------------------------------------------------------------------------- 5 and 6 players

@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_player_playouts_are_paths(players: int) -> None:
    enc = encoding(players)
    values = [a for a, _, _ in engine_steps(enc, seed=7)][:14]
    assert all("outside-the-encoding" not in v for v in values)
    assert assert_path(enc, values) == z3.sat
    bad = [dict(v) for v in values[:3]]  # a card moved from a pile to the centre: not a step
    v = next(k for k in range(KINDS) if bad[1][f"pile{players - 1}_{k}"])
    bad[1][f"pile{players - 1}_{v}"] -= 1
    bad[1][f"centre_{v}"] += 1
    assert assert_path(enc, bad) == z3.unsat


@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_player_games_step_by_step(players: int) -> None:
    """Every step of a seeded game to its end is a transition consulting exactly the engine's
    ruling points (6 players: 8 cards each, 2 out of play)."""
    enc = encoding(players)
    check = StepChecker(enc)
    steps = list(engine_steps(enc, seed=10))
    assert all(check.admits(*step) for step in steps)
    assert steps[-1][0]["step"] == LAST_TWO or steps[-1][1]["phase"] == OVER


@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_player_witness_replays(players: int) -> None:
    enc = standard_game(players, "raw")
    result = bmc(enc.system, enc.targets["ruling:chomp.octopus_in_replay"][1], 4)
    assert result.status == "witness" and result.witness is not None
    rep = replay_witness(enc, result.witness)
    assert rep.ok, rep.mismatch


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_deal_counts_never_wrap(players: int) -> None:
    """Counts by kind are 4 bits: the deal bounds every one by the deck (sums in 8 bits)."""
    enc = encoding(players)
    s = enc.system.state(0, "d")
    solver = z3.SolverFor("QF_BV")
    solver.add(enc.system.init(s))
    solver.add(z3.Or([z3.UGT(s[f"pile{p}_{v}"], FULL[v]) for p in range(players) for v in range(KINDS)]))
    assert solver.check() == z3.unsat


# --------------------------------------------------------------------------- the new ruling options

@pytest.mark.parametrize(("players", "game", "seed"),
                         [(3, "doble-chomp", 2), (4, "underwater-war", 1), (5, "chomp-rapido", 3)])
def test_new_options_games_step_by_step(players: int, game: str, seed: int) -> None:
    """Seeded games under the new options are transitions of the encoding up to the last two's
    switch to the 2-player game, which the encoding reaches in the same state (mode, piles,
    phase), by the choice the engine made."""
    enc = encoding(players, True)
    check = StepChecker(enc)
    steps = list(engine_steps(enc, seed, ("switch", game)))
    assert all(check.admits(*step) for step in steps)
    used = set().union(*(u for _, _, u in steps))
    assert {"chomp.tie_replay_winnings", "chomp.reshuffle_when"} <= used
    assert steps[-1][0]["step"] == LAST_TWO and check.admits(*steps[-1], choice=("switch", game))
    assert steps[-1][1]["mode"] == MODE_NAMES.index(game)


def _first(steps: list[Step], pred: Any) -> Step:
    return next(step for step in steps if pred(*step))


def test_when_pile_runs_out_fails_on_a_mutated_step() -> None:
    """A pile runs out during a race: the encoding shuffles at once (phase SHUFFLE, resume RACE);
    the when_needed successor (straight to the race) is not a step."""
    enc = encoding(4, True)
    check = StepChecker(enc)
    steps = list(engine_steps(enc, seed=1, choice=("switch", "underwater-war")))
    a, b, used = _first(steps, lambda a, b, u: b["phase"] == SHUFFLE and b["resume"] == R_RACE)
    assert "chomp.reshuffle_when" in used and check.admits(a, b, used)
    assert not check.admits(a, dict(b, phase=2, resume=0, shuf=0), used)


def test_chompable_only_fails_on_a_mutated_step() -> None:
    """A tie sets the tie round's cards aside in the tie bucket; the all_tie_cards successor
    (the same cards with the other set-aside cards) is not a step."""
    enc = encoding(3, True)
    check = StepChecker(enc)
    steps = list(engine_steps(enc, seed=2, choice=("switch", "doble-chomp")))
    a, b, used = _first(steps, lambda a, b, u: any(b[k] for k in b if k.startswith("aside_tie")))
    assert "chomp.tie_replay_winnings" in used and check.admits(a, b, used)
    moved = dict(b)
    for k in b:
        if k.startswith("aside_tie") and b[k]:
            plain = k.replace("aside_tie", "aside")
            moved[plain], moved[k] = b[plain] + b[k], 0
    assert not check.admits(a, moved, used)


def test_tie_cards_the_winner_cannot_chomp_go_back() -> None:
    """The replay's winner takes the tie-round cards he can chomp; the others go back to their
    owners (en.tie.4-5): a step that gives the winner all of them is not a step."""
    enc = encoding(3, True)
    check = StepChecker(enc)
    found = 0
    for seed in range(8):
        for a, b, used in engine_steps(enc, seed, ("switch", "doble-chomp")):
            ties = [k for k in a if k.startswith("aside_tie") and a[k]]
            if not ties or (b["phase"] == a["phase"] and b["step"] == a["step"]):
                continue
            gained = [p for p in range(3) if sum(b[f"disc{p}_{v}"] - a[f"disc{p}_{v}"] for v in range(KINDS)) > 0]
            back = [k for k in ties if k[len("aside_tie")] != str(gained[0])] if len(gained) == 2 else []
            if not back:
                continue
            assert check.admits(a, b, used)
            winner = next(p for p in gained if str(p) not in {k[len("aside_tie")] for k in back})
            k = back[0]
            owner, v = int(k[len("aside_tie")]), int(k.split("_")[-1])
            if b[f"disc{owner}_{v}"] == 0:
                continue
            wrong = dict(b)
            wrong[f"disc{owner}_{v}"] -= 1
            wrong[f"disc{winner}_{v}"] += 1
            assert not check.admits(a, wrong, used)
            found += 1
            if found >= 2:
                return
    pytest.skip("no tie replay whose winner gives cards back in these seeds")


def test_switch_fails_on_a_mutated_step() -> None:
    """Two left, their choice Underwater War: the encoding ends in the Underwater War mode; with
    that choice, counting the cards instead (the game over) or another 2-player game is not a
    step. Counting is the step of the choice to count, and its winner is the engine's."""
    enc = encoding(4, True)
    check = StepChecker(enc)
    uw = ("switch", "underwater-war")
    steps = list(engine_steps(enc, seed=1, choice=uw))
    (before, a, _), (_, b, used) = steps[-2:]
    assert a["step"] == LAST_TWO and check.admits(before, a, steps[-2][2])
    assert b["mode"] == 1 and check.admits(a, b, used, uw)
    assert not check.admits(a, dict(b, mode=3), used, uw)
    assert not check.admits(a, dict(b, mode=0, phase=4), used, uw)
    # the choice to count: the game ends with the engine's winner (ruling count_declares_winner)
    g = load_game("chomp", "standard", 4, enc.ruleset)
    state = g.root_state()
    rng = random.Random(1)
    state = g.apply(state, g.sample_chance(state, rng)).state
    while state.step != LAST_TWO:  # type: ignore[attr-defined]
        action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
        state = g.apply(state, action).state
    assert abstract_for(enc, state) == a
    counted = g.apply(state, ("count",))
    c, counted_used = abstract_for(enc, counted.state), set(counted.provenance.rulings)
    assert c["phase"] == OVER and "chomp.count_declares_winner" in counted_used
    assert check.admits(a, c, counted_used, ("count",))
    assert not check.admits(a, c, counted_used, uw)
    assert not check.admits(a, dict(c, winners=c["winners"] ^ 0b1111), counted_used, ("count",))
    assert "switch" in enc.targets


@pytest.mark.parametrize("choice", CHOICES)
def test_a_game_to_the_last_twos_choice_decodes_and_replays(choice: Action) -> None:
    """A seeded game to the last two's choice and past it (the count ends it; a switch ends the
    encoding) is a path of the unrolled encoding; the path, decoded, is the engine's game: the
    deal and every shuffle rebuilt from the cards drawn, and the choice the engine action of the
    input ``choice``. With another choice the decoded game does not replay."""
    enc = encoding(3)
    g = load_game("chomp", "standard", 3, enc.ruleset)
    steps = list(engine_steps(enc, 0, choice))
    assert steps[-1][0]["step"] == LAST_TWO
    states = [a for a, _, _ in steps] + [steps[-1][1]]
    u = unroll(enc.system, len(steps))
    solver = z3.SolverFor("QF_BV")
    solver.add(u.constraints)
    for sym, values in zip(u.states, states, strict=True):
        solver.add(*[sym[k] == v for k, v in values.items()])
    assert solver.check() == z3.sat
    witness = extract_witness(solver.model(), u)
    rep = replay_witness(enc, witness, g)
    assert rep.ok, rep.mismatch
    assert rep.actions[-1] == choice and rep.actions[0][0] == "deal"
    other = (CHOICES.index(choice) + 1) % len(CHOICES)
    forged = Witness(witness.states, (*witness.inputs[:-1], {**witness.inputs[-1], "choice": other}))
    assert not replay_witness(enc, forged, g).ok


def test_raw_has_a_query_for_every_ruling_point() -> None:
    """Under raw every ruling point the standard game consults is a ``ruling:<id>`` query, and
    the new options are open inputs of the encoding; the last two's choice is an input too
    (count or one of three 2-player games: 2 bits)."""
    names = list_queries("chomp", "standard", 3, "raw")
    assert {f"ruling:{rid}" for rid in STD_RULINGS} <= set(names)
    assert "switch" in names
    enc = standard_game(3, "raw")
    inputs = dict(enc.system.inputs)
    for rid in ("chomp.tie_replay_winnings", "chomp.reshuffle_when", "chomp.count_declares_winner"):
        assert f"opt.{rid}" in inputs
    assert inputs["choice"].size() == 2 and len(CHOICES) == 4


def test_raw_tie_replay_winnings_witness_replays() -> None:
    enc = standard_game(3, "raw")
    result = bmc(enc.system, enc.targets["ruling:chomp.tie_replay_winnings"][1], 4)
    assert result.status == "witness" and result.witness is not None
    rep = replay_witness(enc, result.witness)
    assert rep.ok, rep.mismatch
    assert any(a[:2] == ("ruling", "chomp.tie_replay_winnings") for a in rep.actions)


def test_an_uncovered_player_count_is_refused() -> None:
    with pytest.raises(InvalidConfigError, match="3 to 6 players"):
        standard_game(7)
