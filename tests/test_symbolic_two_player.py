"""The Chomp rápido and Doble Chomp encodings and the engine check each other (full 50-card deck)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import cache
from itertools import combinations_with_replacement

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulecheck.check.symbolic.bmc import bmc
from rulecheck.check.symbolic.chomp_encoding import ChompEncoding
from rulecheck.check.symbolic.chomp_two_player import DOBLE_RULINGS, chomp_rapido, doble_chomp
from rulecheck.check.symbolic.decode import abstract_chomp, abstract_doble, abstract_for, replay_witness
from rulecheck.check.symbolic.queries import list_queries, run_query
from rulecheck.check.symbolic.system import Witness, unroll
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.game import RACE, Pending
from rulecheck.games import load_game
from rulecheck.games.chomp.state import TURN, make_state

BOTTOM = {"choices": {"chomp.two_player_won_cards": "bottom_of_pile"}}
ALT = {"choices": {
    "chomp.doble_lowest_yours": "allowed", "chomp.doble_which_card": "both_cards",
    "chomp.frenzy_vs_bad_chomp": "bad_chomp_applies", "chomp.eel_in_replay": "current_cards_only",
    "chomp.octopus_in_replay": "octopus_ignored", "chomp.bad_chomp_again": "any_number",
    "chomp.bad_chomper_may_win": "may_not_win", "chomp.bad_chomp_no_card": "no_penalty",
    "chomp.tie_replay_winnings": "chompable_only", "chomp.tie_replay_players": "tied_only",
    "chomp.nobody_slaps": "stay_in_centre", "chomp.nobody_can_chomp": "replay_like_tie",
    "chomp.replay_no_card": "washed_up", "chomp.replay_nobody_can_play": "owners_reclaim",
    "chomp.rapido_after_war": "race_again", "chomp.rapido_own_card": "bad_chomp",
    "chomp.lower_not_lowest": "no_effect", "chomp.fewer_than_two_left": "shared_last_round",
}}
ALT_RAPIDO = {"choices": {**ALT["choices"], "chomp.nobody_can_chomp": "stay_in_centre",
                          "chomp.uw_own_eel": "may_slap_own", "chomp.uw_octopus_pair": "war",
                          "chomp.eel_race_wrong_card": "no_effect", "chomp.war_short": "lose_the_war",
                          "chomp.two_player_nobody_can_play": "stay_in_centre"}}


@cache
def rapido(kind: str) -> ChompEncoding:
    return chomp_rapido({"bottom": BOTTOM, "alt": ALT_RAPIDO}.get(kind, kind))  # type: ignore[arg-type]


@cache
def doble(kind: str) -> ChompEncoding:
    return doble_chomp({"alt": ALT}.get(kind, kind))  # type: ignore[arg-type]


def playout(enc: ChompEncoding, seed: int, steps: int) -> list[tuple[Hashable, Hashable, set[str]]]:
    """(state, next state, ruling points consulted) of a seeded engine game; Pending states are
    answered with an option the encoding covers."""
    g = load_game("chomp", enc.variant, 2, enc.ruleset)
    covered = DOBLE_RULINGS if enc.variant == "doble-chomp" else None
    rng = random.Random(seed)
    state = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state
    out = []
    while len(out) < steps and not g.is_terminal(state):
        action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
        step = g.apply(state, action)
        used = set(step.provenance.rulings)
        while isinstance(step.state, Pending):
            options = covered[step.state.ruling] if covered else [a[2] for a in g.legal_actions(step.state)]
            step = g.apply(step.state, ("ruling", step.state.ruling, rng.choice(options)))
            used |= set(step.provenance.rulings)
        out.append((state, step.state, used))
        state = step.state
    return out


def abstract(enc: ChompEncoding, state: Hashable) -> dict:
    return abstract_for(enc, state) if enc.variant == "doble-chomp" else abstract_chomp(state)


def is_path(enc: ChompEncoding, states: list[Hashable]) -> z3.CheckSatResult:
    u = unroll(enc.system, len(states) - 1)
    solver = z3.SolverFor("QF_BV")
    solver.add(u.constraints)
    for sym, concrete in zip(u.states, states, strict=True):
        solver.add(*[sym[k] == v for k, v in abstract(enc, concrete).items()])
    return solver.check()


def steps_admitted(enc: ChompEncoding, steps: list[tuple[Hashable, Hashable, set[str]]]) -> bool:
    """Every engine step is one transition of the encoding consulting the same ruling points."""
    s, i, t = enc.system.state(0, "w"), enc.system.input(0, "w"), enc.system.state(1, "w")
    solver = z3.SolverFor("QF_BV")
    solver.add(enc.system.step(s, i, t))
    for before, after, used in steps:
        solver.push()
        solver.add(*[s[k] == v for k, v in abstract(enc, before).items()])
        solver.add(*[t[k] == v for k, v in abstract(enc, after).items()])
        solver.add(*[t[f"used.{r}"] == (r in used) for r in enc.rulings])
        ok = solver.check() == z3.sat
        solver.pop()
        if not ok:
            return False
    return True


def successors(enc: ChompEncoding, state: Hashable, keys: list[str], limit: int = 60,
               fixed: dict | None = None) -> set[tuple]:
    s, i, t = enc.system.state(0, "sx"), enc.system.input(0, "sx"), enc.system.state(1, "sx")
    solver = z3.SolverFor("QF_BV")
    solver.add(enc.system.step(s, i, t))
    solver.add(*[t[k] == v for k, v in (fixed or {}).items()])
    solver.add(*[s[k] == v for k, v in abstract(enc, state).items()])
    if enc.variant == "doble-chomp":
        solver.add(*[z3.Not(s[f"keep{p}"]) for p in range(2)])
    found: set[tuple] = set()
    while solver.check() == z3.sat and len(found) < limit:
        m = solver.model()
        vals = {k: m.eval(t[k], model_completion=True) for k in keys}
        found.add(tuple(sorted((k, int(z3.is_true(v)) if z3.is_bool(v) else v.as_long()) for k, v in vals.items())))
        solver.add(z3.Or([t[k] != v for k, v in vals.items()]))
    return found


def project(values: dict, keys: list[str]) -> tuple:
    return tuple(sorted((k, int(values[k])) for k in keys))


# --------------------------------------------------------------------------- Chomp rápido

def test_rapido_ruling_witness_replays_in_the_engine() -> None:
    enc = rapido("raw")
    result = run_query(enc, "ruling:chomp.rapido_after_war", 4, 60.0)
    assert result.status == "witness" and result.depth == 2
    assert result.replayed, result.meta.get("replay_mismatch")
    assert ["ruling", "chomp.rapido_after_war", "higher_wins"] in result.trace or \
        ["ruling", "chomp.rapido_after_war", "race_again"] in result.trace


def test_rapido_race_for_the_lower_card() -> None:
    enc = rapido("recommended")
    result = run_query(enc, "rapido-race", 3, 60.0)
    assert result.status == "witness" and result.depth == 1 and result.replayed
    g = load_game("chomp", "chomp-rapido", 2, "recommended")
    witness = result.witness
    assert witness is not None
    # the lower card is the one to slap, whoever turned it over (es.chomp-rapido.2)
    low = min(witness.states[1]["tab0"], witness.states[1]["tab1"])
    assert low < 6 and witness.states[1]["tab0"] != witness.states[1]["tab1"]
    state = g.root_state()
    for a in result.trace[:2]:
        state = g.apply(state, g.action_from_json(a)).state
    valid = [a for a in g.legal_actions(state) if a[0] == "slap" and a[3] == low]
    assert valid


@pytest.mark.parametrize("kind", ["recommended", "bottom", "alt"])
def test_rapido_engine_steps_are_transitions(kind: str) -> None:
    enc = rapido(kind)
    steps = playout(enc, seed=4, steps=60)
    assert steps_admitted(enc, steps)
    # a corrupted step is rejected: the winner's card moved into the other player's pile count
    before, after, used = next(x for x in steps if x[0][1] == TURN)
    bad = after._replace(piles=(after.piles[0][1:], after.piles[1]))  # one card gone
    assert not steps_admitted(enc, [(before, bad, used)])


@pytest.mark.parametrize("kind", ["recommended", "bottom"])
def test_rapido_seeded_traces_are_paths(kind: str) -> None:
    enc = rapido(kind)
    states = [playout(enc, 7, 12)[0][0]] + [b for _, b, _ in playout(enc, 7, 12)]
    assert is_path(enc, states) == z3.sat
    assert is_path(enc, [states[0], states[2], states[1]]) == z3.unsat


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000))
def test_rapido_random_traces_are_satisfiable(seed: int) -> None:
    enc = rapido("recommended")
    steps = playout(enc, seed, 8)
    assert is_path(enc, [steps[0][0]] + [b for _, b, _ in steps]) == z3.sat


def test_rapido_successors_are_the_engines() -> None:
    enc = rapido("alt")
    g = load_game("chomp", "chomp-rapido", 2, enc.ruleset)
    states = [a for a, _, _ in playout(enc, seed=5, steps=80)]
    races = [s for s in states if g.current_player(s) == RACE][:3]
    turns = [s for s in states if s.phase == TURN][:2]
    assert len(races) >= 2
    for state in races + turns:
        keys = sorted(abstract_chomp(state))
        engine = {project(abstract_chomp(step.state), keys) for _, step in g.successors(state)}
        assert successors(enc, state, keys) == engine, g.describe_state(state)


def test_rapido_refuses_an_uncovered_option() -> None:
    with pytest.raises(InvalidConfigError, match=r"chomp\.reshuffle_when = when_pile_runs_out"):
        chomp_rapido({"choices": {"chomp.reshuffle_when": "when_pile_runs_out"}})


# --------------------------------------------------------------------------- Doble Chomp

@pytest.mark.parametrize(("kind", "seed", "steps"), [("recommended", 1, 250), ("raw", 3, 120), ("alt", 2, 120)])
def test_doble_games_step_by_step(kind: str, seed: int, steps: int) -> None:
    """Every step of seeded games (shuffles, Frenzies, Ink Outs, ties, the end) is one transition
    of the encoding, consulting exactly the ruling points the engine consulted."""
    enc = doble(kind)
    played = playout(enc, seed, steps)
    assert steps_admitted(enc, played)
    kinds = {b.race & 0xF for _, b, _ in played}
    assert len(kinds) >= 2


def test_doble_corrupted_steps_are_rejected() -> None:
    enc = doble("recommended")
    played = playout(enc, 1, 30)
    before, after, used = next(x for x in played if x[0].phase == TURN)
    assert steps_admitted(enc, [(before, after, used)])
    # one face-up card replaced by a card its owner's pile did not hold
    table = list(after.table)
    missing = next(c for c in range(8) if c not in before.piles[0])
    table[0] = tuple(sorted((missing, *table[0][1:])))
    forged = make_state([*after[:4], tuple(table), *after[5:]])
    assert not steps_admitted(enc, [(before, forged, used)])
    # the same step claiming a ruling point it did not consult
    extra = next(r for r in enc.rulings if r not in used)
    assert not steps_admitted(enc, [(before, after, used | {extra})])


def test_doble_race_successors_are_the_engines() -> None:
    """In sampled races the encoding's successors are exactly the engine's (piles and the centre
    left out: a penalty card is a symbolic draw from a pile kept as counts)."""
    enc = doble("alt")
    g = load_game("chomp", "doble-chomp", 2, enc.ruleset)
    states = [a for a, _, _ in playout(enc, seed=6, steps=60)]
    races = [s for s in states if g.current_player(s) == RACE][:4]
    assert len(races) >= 3
    for state in races:
        keys = sorted(k for k in abstract_for(enc, state) if not k.startswith(("pile", "centre_")))
        engine = {project(abstract_for(enc, step.state), keys) for _, step in g.successors(state)}
        assert successors(enc, state, keys) == engine, g.describe_state(state)


def test_doble_turn_over_successors_are_the_engines() -> None:
    """A turn-over: the encoding's successors are the engine's over every order of the unseen
    pile (each pair of cards Player 1's pile can show on top; Player 2's pile as dealt)."""
    enc = doble("recommended")
    g = load_game("chomp", "doble-chomp", 2, enc.ruleset)
    state = next(a for a, _, _ in playout(enc, seed=9, steps=40) if a.phase == TURN and a.step == 0)
    keys = sorted(abstract_doble(state))
    engine = set()
    for top in combinations_with_replacement(range(8), 2):
        rest = list(state.piles[0])
        if not all(rest.count(c) >= top.count(c) for c in top):
            continue
        for c in top:
            rest.remove(c)
        s = state._replace(piles=(tuple(top) + tuple(rest), state.piles[1]))
        engine.add(project(abstract_doble(g.apply(s, ("turn_over",)).state), keys))
    actual = abstract_doble(g.apply(state, ("turn_over",)).state)
    fixed = {k: actual[k] for k in keys if ("_" not in k and k.endswith("1")) or k.startswith("pile1_")}
    assert len(engine) >= 10
    assert successors(enc, state, keys, limit=200, fixed=fixed) == engine


def test_doble_witness_replays_and_a_forged_one_does_not() -> None:
    enc = doble("raw")
    result = bmc(enc.system, enc.targets["ruling:chomp.doble_which_card"][1], 3)
    assert result.status == "witness" and result.depth == 1 and result.witness is not None
    rep = replay_witness(enc, result.witness)
    assert rep.ok, rep.mismatch
    assert any(a[:2] == ("ruling", "chomp.doble_which_card") for a in rep.actions)
    states = list(result.witness.states)
    states[1] = dict(states[1], centre_0=states[1]["centre_0"] + 1)
    forged = Witness(tuple(states), result.witness.inputs)
    assert not replay_witness(enc, forged).ok


def test_doble_queries_and_refusals() -> None:
    names = list_queries("chomp", "doble-chomp", 2, "raw")
    assert "ruling:chomp.doble_short" in names and "deadlock" in names and "lasso" in names
    result = run_query(doble("recommended"), "deadlock", 4, 60.0)
    assert result.status == "proved", result.detail
    with pytest.raises(InvalidConfigError, match=r"chomp\.two_player_won_cards = bottom_of_pile"):
        doble_chomp(BOTTOM)


# --------------------------------------------------------------------------- Underwater War: infinite plays

def test_underwater_war_infinite_play_after_an_engine_stem() -> None:
    """With a fixed return order, a seeded deal played with fixed choices reaches a state from
    which Z3 finds a loop; the whole trace replays and the engine repeats the state."""
    from rulecheck.check.symbolic.chomp_encoding import underwater_war
    from rulecheck.check.symbolic.uw_lasso import _loop_in_engine, lasso_after_stem

    enc = underwater_war({"choices": {"chomp.two_player_won_cards": "bottom_of_pile"}})
    result = lasso_after_stem(enc, 8, 60.0)
    assert result.status == "witness" and result.replayed, result.meta.get("replay_mismatch")
    assert result.witness is not None and result.witness.loop_start is not None
    assert "equals" in result.meta["loop"]
    # the engine check can fail: one step off, the states differ
    g = load_game("chomp", "underwater-war", 2, enc.ruleset)
    start = result.meta["loop_start_action"]
    actions = [g.action_from_json(a) for a in result.trace]
    assert "DIFFERS" in _loop_in_engine(g, actions, start, len(actions) - 1)
    # under the recommended ruleset (won cards to the discard pile) the query says it was not checked
    rec = lasso_after_stem(underwater_war("recommended"), 8, 10.0)
    assert rec.status == "unknown" and "bottom_of_pile" in rec.detail


def test_doble_a_shuffle_keeps_the_other_players_top_card() -> None:
    """A player who shuffled with one card left turns that card over first, even if the other
    player shuffles in between (regression: the second shuffle forgot it)."""
    enc = doble("recommended")
    s, i, t = enc.system.state(0, "k"), enc.system.input(0, "k"), enc.system.state(1, "k")
    solver = z3.SolverFor("QF_BV")
    solver.add(enc.system.step(s, i, t), s["phase"] == 3, s["shuf"] == 1, s["keep0"], s["first0"] == 3)
    solver.add(z3.Or(z3.Not(t["keep0"]), t["first0"] != 3))
    assert solver.check() == z3.unsat


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000))
def test_doble_random_traces_are_paths(seed: int) -> None:
    """Random engine traces are paths of the unrolled encoding from its initial states (the deal
    symbolic, the remembered top cards as history); two steps swapped are not."""
    enc = doble("recommended")
    steps = playout(enc, seed, 10)
    states = [steps[0][0]] + [b for _, b, _ in steps]
    assert is_path(enc, states) == z3.sat
    assert is_path(enc, [states[0], states[2], states[1]]) == z3.unsat
