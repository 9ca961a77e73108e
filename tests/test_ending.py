"""Does play end with probability 1 (rulecheck.check.ending)? Exactly when from every reachable
state an end can be reached by chance outcomes and fair moves: a closed class with no end in it
(a trap) breaks it, a loop with a way out does not, a loop that only unfair moves keep going is no
loop at all under the fairness assumption."""

from __future__ import annotations

import planted_rules
import pytest

from rulecheck.check.detectors import find_cycles
from rulecheck.check.ending import (
    ALWAYS,
    FAIR_PLAY_ENDS,
    NOT_CHECKED,
    NOT_SURELY,
    PROBABILITY_ONE,
    ending_of,
    stuck_states,
)
from rulecheck.check.explore import Config, explore

UW = ("chomp", "underwater-war", 2)


def test_a_closed_class_with_no_end_is_stuck_and_a_loop_with_an_exit_is_not() -> None:
    # 0 -> 1 (the end) or 0 -> 2; 2 <-> 3 for ever: {2, 3} is closed and has no end
    assert stuck_states(4, [0, 2, 2, 3, 4], [1, 2, 3, 2], [1]) == 2
    # the same, but 3 may also go to the end: the loop has a way out
    assert stuck_states(4, [0, 2, 2, 3, 5], [1, 2, 3, 2, 1], [1]) == 0
    # a state with no move that is not an end (a deadlock) is stuck, and so is what only leads there
    assert stuck_states(3, [0, 1, 1, 1], [2], [1]) == 2


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    planted_rules.register(monkeypatch.setitem)


def test_the_planted_trap_and_deadlock_break_probability_one_and_the_clean_game_always_ends(planted: None) -> None:
    bad = ending_of(explore(Config("planted", "standard", 2, "full", "recommended").load()))
    assert bad.verdict == NOT_SURELY and bad.stuck > 0 and not bad.with_probability_one
    clean = ending_of(explore(Config("planted-clean", "standard", 2, "full", "recommended").load()))
    assert clean.verdict == ALWAYS and clean.stuck == 0 and clean.looping == 0 and clean.with_probability_one


def test_underwater_war_with_reshuffles_ends_with_probability_1_on_a_deck_without_the_trap() -> None:
    cfg = Config(*UW, "shark=4,seal=2,plankton=2")
    res = explore(cfg.load(), config=cfg)
    e = ending_of(res)
    assert e.verdict == PROBABILITY_ONE and e.looping > 0 and e.stuck == 0 and e.states == res.distinct
    assert any(f.kind == "non-termination" for f in find_cycles(res))  # loops exist: not every play ends


def test_the_octopus_trap_of_a_reduced_deck_is_stuck_whatever_the_shuffles() -> None:
    cfg = Config(*UW, "shark=1,seal=1,plankton=1,octopus=2")
    res = explore(cfg.load(), config=cfg)
    e = ending_of(res)
    traps = [f for f in find_cycles(res) if f.kind == "trap"]
    assert e.verdict == NOT_SURELY and traps and e.stuck == traps[0].data["states"]


def test_loops_that_need_an_unfair_move_count_only_without_the_fairness_assumption(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = Config("chomp", "doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1")
    game = cfg.load()
    assert ending_of(explore(game, config=cfg)).verdict == FAIR_PLAY_ENDS
    monkeypatch.setattr(type(game), "unfair", lambda self, state, action: False)
    assert ending_of(explore(game, config=cfg)).verdict == PROBABILITY_ONE


def test_an_unfinished_search_claims_nothing() -> None:
    cfg = Config(*UW, "shark=4,seal=2,plankton=2")
    e = ending_of(explore(cfg.load(), max_states=50, config=cfg))
    assert e.verdict == NOT_CHECKED and not e.with_probability_one
