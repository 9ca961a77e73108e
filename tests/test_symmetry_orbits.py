"""The explorer's symmetry reduction is exact: the reduced search stores exactly one state of
every orbit of the reachable states (issue 21).

For each configuration an unreduced search (``symmetry=False``) gives the concretely reachable
states; their canonical images are the orbits. The reduced search must store exactly those (no
orbit missed, no state that is not a representative), and every reachable state must have the
same successor classes as its canonical twin (the rules treat any permutation of the players,
or Chonker Party's relabelling of interchangeable cards, alike). Pending states (a ruling point
the ruleset leaves open, under ``raw``) are not reduced; they are followed through to the states
their options lead to.
"""

from __future__ import annotations

import pytest

from rulecheck.check.explore import Config, explore, successor_classes
from rulecheck.core.game import Pending

O6 = "shark=1,seal=1,plankton=1,octopus=1,littlefish=1,shrimp=1"
O7 = O6 + ",bigfish=1"
OCTO2 = "shark=1,plankton=1,octopus=2,littlefish=1,shrimp=1"
O5 = "shark=1,plankton=1,octopus=1,littlefish=1,shrimp=1"
S3 = "shark=1,littlefish=1,plankton=1,octopus=3"

CONFIGS = [
    # the issue's example: both piles empty after an Octopus, both players shuffle
    Config("chomp", "underwater-war", 2, O7, "recommended"),
    Config("chomp", "underwater-war", 2, OCTO2, "raw"),
    Config("chomp", "chomp-rapido", 2, O5, "recommended"),
    Config("chomp", "doble-chomp", 2, O5, "raw"),  # chomp.doble_short open: both short lose
    Config("chomp", "doble-chomp", 2, O6, "recommended", (("chomp.doble_short", "loses_game"),)),
    Config("chomp", "standard", 3, S3, "recommended"),
    Config("chomp", "standard", 3, S3, "recommended", (("chomp.reshuffle_when", "when_pile_runs_out"),)),
    Config("chonker-party", "standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1", "raw"),
    Config("chonker-party", "standard", 2, "leaf=4,stick=4,choose=1,hand=2", "recommended"),
]




@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.label())
def test_reduced_search_visits_one_state_of_every_orbit(cfg: Config) -> None:
    game = cfg.load()
    full = explore(game, symmetry=False, check_invariants=False)
    reduced = explore(game, symmetry=True, check_invariants=False)
    assert full.complete and reduced.complete
    concrete = [s for s in full.states if not isinstance(s, Pending)]
    orbits = {game.canonical(s) for s in concrete}
    stored = [s for s in reduced.states if not isinstance(s, Pending)]
    assert len(stored) == len(set(stored))
    assert not orbits - set(stored), "orbits of reachable states the reduced search missed"
    assert not set(stored) - orbits, "stored states that are not representatives of a reachable state"
    assert len(orbits) < len(concrete)  # the reduction does reduce


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.label())
def test_every_state_moves_like_its_canonical_twin(cfg: Config) -> None:
    game = cfg.load()
    full = explore(game, symmetry=False, check_invariants=False)
    differ = []
    for s in full.states:
        if isinstance(s, Pending) or game.is_terminal(s):
            continue
        c = game.canonical(s)
        if c != s and successor_classes(game, s) != successor_classes(game, c):
            differ.append(s)
    assert not differ, f"{len(differ)} states whose successor classes differ from their twin's, e.g. {differ[0]}"


def test_the_issues_example_counts() -> None:
    """Underwater War, 7 cards with an Octopus: 23,258 orbits of which the old seat-order
    shuffle let the reduced search find 23,078; now every reachable orbit, 22,307 of them (the
    larger-first shuffle states are no longer reachable)."""
    game = CONFIGS[0].load()
    full = explore(game, symmetry=False, check_invariants=False)
    reduced = explore(game, symmetry=True, check_invariants=False)
    assert (full.distinct, len({game.canonical(s) for s in full.states}), reduced.distinct) == (44613, 22307, 22307)
